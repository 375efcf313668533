package offline_test

import (
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// campusSchema has groups with averages to rank and show (students per
// department), a table whose name ends like another's ("products" is both
// products_for_hire and products_booked: which one a question means is
// said by the columns it asks for), and plain columns to list.
func campusSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "department", PrimaryKey: []string{"dept_code"}, RowCount: -1, Columns: []schema.Column{
			col("dept_code", "TEXT", "ACCT"), col("dept_name", "TEXT", "Accounting"), col("budget", "REAL"),
		}},
		{Name: "student", PrimaryKey: []string{"id"}, RowCount: -1, Columns: []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("gpa", "REAL"), col("age", "INTEGER"),
			complete(col("city_code", "TEXT", "BAL", "NYC")), col("dept_code", "TEXT", "ACCT"),
			complete(col("sex", "TEXT", "F", "M")), complete(col("building", "TEXT", "NEB", "Barton")),
		}, ForeignKeys: []schema.ForeignKey{{Columns: []string{"dept_code"}, RefTable: "department", RefColumns: []string{"dept_code"}}}},
		table("products_for_hire", []schema.Column{
			col("id", "INTEGER"), col("product_name", "TEXT", "Book collection"), col("daily_hire_cost", "REAL"),
			complete(col("product_type_code", "TEXT", "Cutlery", "Din_Plates")),
		}),
		table("bookings", []schema.Column{col("id", "INTEGER"), col("booking_start_date", "DATE")}),
		table("products_booked", []schema.Column{
			col("id", "INTEGER"), col("booking_id", "INTEGER"), col("product_id", "INTEGER"), col("booked_amount", "REAL"),
		}, fk("booking_id", "bookings"), fk("product_id", "products_for_hire")),
		// Claims have no label column: a column of theirs is shown only
		// when the question names it.
		table("claims", []schema.Column{col("id", "INTEGER"), col("effective_date", "DATE")}),
		table("settlements", []schema.Column{col("id", "INTEGER"), col("claim_id", "INTEGER"), col("settlement_amount", "REAL")}, fk("claim_id", "claims")),
	}}
}

// TestShownAggregate: an aggregate that ranks or filters groups and is
// also asked for is shown beside the groups, in the order named.
func TestShownAggregate(t *testing.T) {
	const (
		name   = `{"expr":{"col":"department.dept_name"}}`
		avgGPA = `{"expr":{"agg":"avg","arg":{"col":"student.gpa"}}}`
		avg    = `{"agg":"avg","arg":{"col":"student.gpa"}}`
		byDept = `"from":{"table":"student"},"joins":[{"type":"inner","table":"department","on":[{"left":"student.dept_code","right":"department.dept_code"}]}],"group_by":[{"col":"student.dept_code"},{"col":"department.dept_name"}]`
		top    = `"order_by":[{"expr":{"agg":"avg","arg":{"col":"student.gpa"}},"desc":true}],"limit":1`
	)
	runAnswers(t, campusSchema(), []answerCase{
		// Asked again after the ranking: shown after the name.
		{"the department with the highest average gpa and its average gpa",
			`{"select":[` + name + `,` + avgGPA + `],` + byDept + `,` + top + `}`},
		// Asked before the ranking: shown first.
		{"the average gpa and name of the department with the highest average gpa",
			`{"select":[` + avgGPA + `,` + name + `],` + byDept + `,` + top + `}`},
		// Beside a condition on it; "names" is the department's, the one
		// table whose column can stand beside the groups.
		{"names and average gpas of departments whose average gpa is greater than 3",
			`{"select":[` + name + `,` + avgGPA + `],` + byDept + `,"having":{"op":">","left":` + avg + `,"right":{"value":3}}}`},
		// The group's table named again in a second sentence owns the
		// column shown for it.
		{"Find the claim that has the largest total settlement amount. Return the effective date of the claim.",
			`{"select":[{"expr":{"col":"claims.effective_date"}}],"from":{"table":"claims"},"joins":[{"type":"inner","table":"settlements","on":[{"left":"claims.id","right":"settlements.claim_id"}]}],"group_by":[{"col":"claims.id"}],"order_by":[{"expr":{"agg":"sum","arg":{"col":"settlements.settlement_amount"}},"desc":true}],"limit":1}`},
		// "the count" asked again in a second sentence: the same count,
		// shown.
		{"How many students are there in each city? List the city code and the count.",
			`{"select":[{"expr":{"col":"student.city_code"}},{"expr":{"agg":"count"}}],"from":{"table":"student"},"group_by":[{"col":"student.city_code"}]}`},
		{"Which department has the most students? List the department name and the count.",
			`{"select":[{"expr":{"col":"department.dept_name"}},{"expr":{"agg":"count"}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"department","on":[{"left":"student.dept_code","right":"department.dept_code"}]}],"group_by":[{"col":"student.dept_code"},{"col":"department.dept_name"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// Not asked again: ranked only, as before.
		{"the department with the highest average gpa",
			`{"select":[` + name + `],"from":{"table":"department"},"joins":[{"type":"inner","table":"student","on":[{"left":"department.dept_code","right":"student.dept_code"}]}],"group_by":[{"col":"department.dept_code"}],` + top + `}`},
	})
}

// TestTwoQuestionsInOne: "…, and what is …" asking only for more columns,
// the aggregate ranked, or an aggregate of the same rows per the same
// groups is one list; "and who …" after a relative clause is a second
// condition on the same rows.
func TestTwoQuestionsInOne(t *testing.T) {
	runAnswers(t, campusSchema(), []answerCase{
		{"Which department has the highest average gpa, and what is the average gpa?",
			`{"select":[{"expr":{"col":"department.dept_name"}},{"expr":{"agg":"avg","arg":{"col":"student.gpa"}}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"department","on":[{"left":"student.dept_code","right":"department.dept_code"}]}],"group_by":[{"col":"student.dept_code"},{"col":"department.dept_name"}],"order_by":[{"expr":{"agg":"avg","arg":{"col":"student.gpa"}},"desc":true}],"limit":1}`},
		{"What is the average age for each city and what are those cities?",
			`{"select":[{"expr":{"col":"student.city_code"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.city_code"}]}`},
		{"How many students are there and what is the average age for each city?",
			`{"select":[{"expr":{"col":"student.city_code"}},{"expr":{"agg":"count"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.city_code"}]}`},
		{"What is the name of the youngest student with a gpa above 3, and what is their gpa?",
			`{"select":[{"expr":{"col":"student.name"}},{"expr":{"col":"student.gpa"}}],"from":{"table":"student"},"where":{"op":">","left":{"col":"student.gpa"},"right":{"value":3}},"order_by":[{"expr":{"col":"student.age"}}],"limit":1}`},
		{"names of students with sex F and who live in building NEB",
			`{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},"where":{"and":[{"op":"=","left":{"col":"student.sex"},"right":{"value":"F"}},{"op":"=","left":{"col":"student.building"},"right":{"value":"NEB"}}]}}`},
		{"names of students with sex F and whose gpa is above 3",
			`{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},"where":{"and":[{"op":"=","left":{"col":"student.sex"},"right":{"value":"F"}},{"op":">","left":{"col":"student.gpa"},"right":{"value":3}}]}}`},
	})
	// A second question about other rows, with its own condition or
	// order, or leaving the rows "which" asks for unshown, stays refused.
	runRefusals(t, campusSchema(), []string{
		"What is the average age for each city and what are the names of the departments?",
		"What are the names of students, and what is the average age of students in city NYC?",
		"What are the names of students, and what are their ages in descending order?",
		"Which department has the highest average gpa, and what is the budget?",
		"What is the average gpa of students and what is the average age?",
		"How many students are from each city, and which cities have more than one student?",
	})
}

// TestAmbiguousTableByColumns: a word naming two tables means the one
// that holds every column and value the question asks of them; with no
// such column it is still a question for the user.
func TestAmbiguousTableByColumns(t *testing.T) {
	runAnswers(t, campusSchema(), []answerCase{
		{"What are the daily hire costs for the products whose name is 'Book collection'?",
			`{"select":[{"expr":{"col":"products_for_hire.daily_hire_cost"}}],"from":{"table":"products_for_hire"},"where":{"op":"=","left":{"col":"products_for_hire.product_name"},"right":{"value":"Book collection"}}}`},
		{"booked amounts of the products",
			`{"select":[{"expr":{"col":"products_booked.booked_amount"}}],"from":{"table":"products_booked"}}`},
	})
	p := offline.New(campusSchema(), offline.Options{Today: today})
	r := p.Plan("How many products are there?")
	if r.Clarification == nil || len(r.Clarification.Questions) == 0 || len(r.Clarification.Questions[0].Choices) != 2 {
		t.Fatalf("want a clarification between the two product tables, got %s", describeReply(r))
	}
}
