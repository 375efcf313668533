package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// hopsSchema has customers and their accounts (every account name
// different), representatives and their elections, campuses with one fee
// row each (keyed by the campus), and technicians paired with machines by
// repair assignments; classes belong to courses, courses to departments,
// departments to schools; apartments have bookings, and unit statuses
// refer to both.
func hopsSchema() *schema.Schema {
	unique := func(c schema.Column, n int64) schema.Column {
		c.Distinct = n
		return c
	}
	counted := func(t schema.Table, n int64) schema.Table {
		t.RowCount = n
		return t
	}
	fees := table("fees", []schema.Column{col("campus_id", "INTEGER"), col("campus_fee", "INTEGER")}, fk("campus_id", "campuses"))
	fees.PrimaryKey = []string{"campus_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("customers", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT"), col("last_name", "TEXT")}),
		counted(table("accounts", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"),
			unique(col("account_name", "TEXT", "162", "900", "5"), 3), col("balance", "REAL")},
			fk("customer_id", "customers")), 3),
		table("representative", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("party", "TEXT")}),
		table("election", []schema.Column{col("id", "INTEGER"), col("representative_id", "INTEGER"), col("votes", "INTEGER"), col("place", "TEXT")},
			fk("representative_id", "representative")),
		table("campuses", []schema.Column{col("id", "INTEGER"), col("campus", "TEXT"), col("county", "TEXT")}),
		fees,
		table("school", []schema.Column{col("id", "INTEGER"), col("school_name", "TEXT")}),
		table("department", []schema.Column{col("id", "INTEGER"), col("dept_name", "TEXT"), col("school_id", "INTEGER")}, fk("school_id", "school")),
		table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("department_id", "INTEGER")}, fk("department_id", "department")),
		table("class", []schema.Column{col("id", "INTEGER"), col("room", "TEXT"), col("course_id", "INTEGER")}, fk("course_id", "course")),
		table("apartments", []schema.Column{col("id", "INTEGER"), complete(col("apt_number", "TEXT", "Suite 634", "Apt. 12")), col("bedroom_count", "INTEGER")}),
		table("apartment_bookings", []schema.Column{col("id", "INTEGER"), col("apt_id", "INTEGER"), col("booking_status_code", "TEXT")}, fk("apt_id", "apartments")),
		table("unit_status", []schema.Column{col("id", "INTEGER"), col("apt_id", "INTEGER"), col("booking_id", "INTEGER"), col("status_date", "DATE")},
			fk("apt_id", "apartments"), fk("booking_id", "apartment_bookings")),
		table("technician", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("team", "TEXT")}),
		table("machine", []schema.Column{col("id", "INTEGER"), col("machine_series", "TEXT"), col("quality_rank", "INTEGER")}),
		table("repair_assignment", []schema.Column{col("id", "INTEGER"), col("technician_id", "INTEGER"), col("machine_id", "INTEGER")},
			fk("technician_id", "technician"), fk("machine_id", "machine")),
	}}
}

// TestHops: a condition on a child where at most one child row can match
// each row (an equality on a column whose every value differs, or a child
// keyed by the row it belongs to) lists each row once; a superlative by a
// child's column keeps the row of the child's top value; columns of both
// ends of a link table list the pairs it holds.
func TestHops(t *testing.T) {
	runAnswers(t, hopsSchema(), []answerCase{
		{"Show the first names of customers with account name 162.", `{"from":{"table":"customers"},"select":[{"expr":{"col":"customers.first_name"}}],"where":{"left":{"col":"customers.id"},"op":"in","subquery":{"from":{"table":"accounts"},"select":[{"expr":{"col":"accounts.customer_id"}}],"where":{"left":{"col":"accounts.account_name"},"op":"=","right":{"value":"162"}}}}}`},
		{"How many campuses have a campus fee above 1000?", `{"from":{"table":"campuses"},"select":[{"expr":{"agg":"count_distinct","arg":{"col":"campuses.id"}}}],"where":{"left":{"col":"campuses.id"},"op":"in","subquery":{"from":{"table":"fees"},"select":[{"expr":{"col":"fees.campus_id"}}],"where":{"left":{"col":"fees.campus_fee"},"op":"\u003e","right":{"value":1000}}}}}`},
		{"Show the names of campuses whose campus fee is above 1000.", `{"from":{"table":"campuses"},"select":[{"expr":{"col":"campuses.campus"}}],"where":{"left":{"col":"campuses.id"},"op":"in","subquery":{"from":{"table":"fees"},"select":[{"expr":{"col":"fees.campus_id"}}],"where":{"left":{"col":"fees.campus_fee"},"op":"\u003e","right":{"value":1000}}}}}`},
		{"What is the party of the representative that has the smallest number of votes?", `{"from":{"table":"representative"},"joins":[{"on":[{"left":"representative.id","right":"election.representative_id"}],"table":"election","type":"inner"}],"limit":1,"order_by":[{"expr":{"col":"election.votes"}}],"select":[{"expr":{"col":"representative.party"}}]}`},
		{"What are the names of technicians and the machine series that they repair?", `{"from":{"table":"technician"},"joins":[{"on":[{"left":"technician.id","right":"repair_assignment.technician_id"}],"table":"repair_assignment","type":"inner"},{"on":[{"left":"repair_assignment.machine_id","right":"machine.id"}],"table":"machine","type":"inner"}],"select":[{"expr":{"col":"technician.name"}},{"expr":{"col":"machine.machine_series"}}]}`},
	})
}

// TestHopsAbove: a column of a grandparent, reached going up through
// one parent, neither drops nor repeats the rows, in any role.
func TestHopsAbove(t *testing.T) {
	runAnswers(t, hopsSchema(), []answerCase{
		{"How many classes are there for each department name?", `{"from":{"table":"class"},"group_by":[{"col":"department.dept_name"}],"joins":[{"on":[{"left":"class.course_id","right":"course.id"}],"table":"course","type":"inner"},{"on":[{"left":"course.department_id","right":"department.id"}],"table":"department","type":"inner"}],"select":[{"expr":{"col":"department.dept_name"}},{"expr":{"agg":"count"}}]}`},
		{"Show the rooms of classes whose department name is \"Physics\".", `{"from":{"table":"class"},"joins":[{"on":[{"left":"class.course_id","right":"course.id"}],"table":"course","type":"inner"},{"on":[{"left":"course.department_id","right":"department.id"}],"table":"department","type":"inner"}],"select":[{"expr":{"col":"class.room"}}],"where":{"left":{"col":"department.dept_name"},"op":"=","right":{"value":"Physics"}}}`},
	})
}

// TestHopsNearestChild: a column shown of a child, the condition on its
// parent, reads the child's rows, not those of a table below both that
// reaches the column through the child.
func TestHopsNearestChild(t *testing.T) {
	runAnswers(t, hopsSchema(), []answerCase{
		{"Tell me the booking status code for the apartment with number \"Suite 634\".", `{"from":{"table":"apartment_bookings"},"joins":[{"on":[{"left":"apartment_bookings.apt_id","right":"apartments.id"}],"table":"apartments","type":"inner"}],"select":[{"expr":{"col":"apartment_bookings.booking_status_code"}}],"where":{"left":{"col":"apartments.apt_number"},"op":"=","right":{"value":"Suite 634"}}}`},
	})
}

// TestHopOnce: a question that asks for each row once, in so many words,
// keeps each once however many child rows match.
func TestHopOnce(t *testing.T) {
	runAnswers(t, hopsSchema(), []answerCase{
		{"Show the first names of customers who ever had a balance above 100.", `{"from":{"table":"customers"},"select":[{"expr":{"col":"customers.first_name"}}],"where":{"left":{"col":"customers.id"},"op":"in","subquery":{"from":{"table":"accounts"},"select":[{"expr":{"col":"accounts.customer_id"}}],"where":{"left":{"col":"accounts.balance"},"op":">","right":{"value":100}}}}}`},
	})
}

// TestHopRefusals: where each row once and each row once per matching
// child row are different answers and the question does not say, or a
// ranking by a child's column could mean their total, the planner refuses.
func TestHopRefusals(t *testing.T) {
	runRefusals(t, hopsSchema(), []string{
		// A customer with two accounts over 100 is listed once or twice?
		"Show the first names of customers with balance above 100.",
		// Once per election, or by which of its elections?
		"List the names of representatives in descending order of votes.",
		// "the most votes" is their total over the elections.
		"What is the name of the representative with the most votes?",
		// Machine series alone are no pairs: the technicians' own rows
		// are not shown.
		"What are the machine series that technicians repair?",
		// Three joins up, and the school never named as a table: a word
		// matched that far is more likely a miss.
		"How many classes are there for each school name?",
	})
}
