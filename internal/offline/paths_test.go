package offline_test

import (
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// clubSchema links students to clubs through a membership table, clubs to
// their city, and students and courses to a shared department.
func clubSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("country", []schema.Column{col("id", "INTEGER"), complete(col("country_name", "TEXT", "Norway"))}),
		table("city", []schema.Column{col("id", "INTEGER"), complete(col("city_name", "TEXT", "Oslo")), col("country_id", "INTEGER")},
			fk("country_id", "country")),
		table("club", []schema.Column{col("id", "INTEGER"), complete(col("club_name", "TEXT", "Chess")), col("city_id", "INTEGER")},
			fk("city_id", "city")),
		table("department", []schema.Column{col("id", "INTEGER"), complete(col("dept_name", "TEXT", "Physics"))}),
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("student_name", "TEXT", "Ann")), col("age", "INTEGER"), col("department_id", "INTEGER")},
			fk("department_id", "department")),
		table("course", []schema.Column{col("id", "INTEGER"), complete(col("course_title", "TEXT", "Optics")), col("department_id", "INTEGER")},
			fk("department_id", "department")),
		table("membership", []schema.Column{col("id", "INTEGER"), col("student_id", "INTEGER"), col("club_id", "INTEGER"), col("joined", "DATE")},
			fk("student_id", "student"), fk("club_id", "club")),
	}}
}

// TestPaths: tables beyond one foreign key are joined along the one
// shortest path between them, with only the tables on it; a list of the
// subject's rows filtered through a child shows each row once, as its key
// IN a subquery of the child and the tables beyond it.
func TestPaths(t *testing.T) {
	runAnswers(t, clubSchema(), []answerCase{
		// Two hops through a link table.
		{"names of students in club Chess", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.student_name"}}],"where":{"left":{"col":"student.id"},"op":"in","subquery":{"from":{"table":"membership"},"joins":[{"on":[{"left":"membership.club_id","right":"club.id"}],"table":"club","type":"inner"}],"select":[{"expr":{"col":"membership.student_id"}}],"where":{"left":{"col":"club.club_name"},"op":"=","right":{"value":"Chess"}}}}}`},
		// Each student counted once, however many memberships join.
		{"how many students are in club Chess", `{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"student.id"}}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"membership","on":[{"left":"student.id","right":"membership.student_id"}]},{"type":"inner","table":"club","on":[{"left":"membership.club_id","right":"club.id"}]}],"where":{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Chess"}}}`},
		// Two hops up, through parents only.
		{"club names of clubs in country Norway", `{"select":[{"expr":{"col":"club.club_name"}}],"from":{"table":"club"},"joins":[{"type":"inner","table":"city","on":[{"left":"club.city_id","right":"city.id"}]},{"type":"inner","table":"country","on":[{"left":"city.country_id","right":"country.id"}]}],"where":{"op":"=","left":{"col":"country.country_name"},"right":{"value":"Norway"}}}`},
		// A value only one table on a path holds.
		{"students whose club name is Chess", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.student_name"}}],"where":{"left":{"col":"student.id"},"op":"in","subquery":{"from":{"table":"membership"},"joins":[{"on":[{"left":"membership.club_id","right":"club.id"}],"table":"club","type":"inner"}],"select":[{"expr":{"col":"membership.student_id"}}],"where":{"left":{"col":"club.club_name"},"op":"=","right":{"value":"Chess"}}}}}`},
		// The subject's own conditions stay outside the subquery.
		{"names of students older than 20 in club Chess", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.student_name"}}],"where":{"and":[{"left":{"col":"student.age"},"op":">","right":{"value":20}},{"left":{"col":"student.id"},"op":"in","subquery":{"from":{"table":"membership"},"joins":[{"on":[{"left":"membership.club_id","right":"club.id"}],"table":"club","type":"inner"}],"select":[{"expr":{"col":"membership.student_id"}}],"where":{"left":{"col":"club.club_name"},"op":"=","right":{"value":"Chess"}}}}]}}`},
		// A parent's rows filtered by a condition on a child.
		{"students with memberships in club Chess", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.student_name"}}],"where":{"left":{"col":"student.id"},"op":"in","subquery":{"from":{"table":"membership"},"joins":[{"on":[{"left":"membership.club_id","right":"club.id"}],"table":"club","type":"inner"}],"select":[{"expr":{"col":"membership.student_id"}}],"where":{"left":{"col":"club.club_name"},"op":"=","right":{"value":"Chess"}}}}}`},
	})
}

// TestChildConditions: rows of a parent filtered by a condition on a
// child table, each shown once.
func TestChildConditions(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		{"customers with cancelled orders", `{"from":{"table":"customers"},"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"where":{"left":{"col":"customers.id"},"op":"in","subquery":{"from":{"table":"orders"},"select":[{"expr":{"col":"orders.customer_id"}}],"where":{"left":{"col":"orders.status"},"op":"=","right":{"value":"cancelled"}}}}}`},
	})
}

func TestPathRefusals(t *testing.T) {
	runRefusals(t, clubSchema(), []string{
		// Student and course only share a department: no path crosses a
		// parent from one child to another.
		"students in course Optics",
		// Student to country is four hops.
		"students in country Norway",
		// A negated value of a table many rows of which meet each student:
		// "not Chess" means in no club named Chess, not in one other club.
		"students in clubs not named Chess",
		"students of clubs whose club name is not Chess",
		// A ranking cut by a limit on a table reached up from a child
		// ranks the students, not the clubs.
		"clubs of the student with the highest age",
	})
	// Two equally short paths between the tables.
	tie := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), complete(col("person_name", "TEXT", "Ann"))}),
		table("project", []schema.Column{col("id", "INTEGER"), complete(col("project_title", "TEXT", "Apollo"))}),
		table("assignment", []schema.Column{col("id", "INTEGER"), col("person_id", "INTEGER"), col("project_id", "INTEGER")},
			fk("person_id", "person"), fk("project_id", "project")),
		table("review", []schema.Column{col("id", "INTEGER"), col("person_id", "INTEGER"), col("project_id", "INTEGER")},
			fk("person_id", "person"), fk("project_id", "project")),
	}}
	runRefusals(t, tie, []string{"persons in project Apollo", "project titles of person Ann"})
	// A text key against a number key is no link of a path.
	mixed := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), complete(col("person_name", "TEXT", "Ann"))}),
		table("project", []schema.Column{col("id", "INTEGER"), complete(col("project_title", "TEXT", "Apollo"))}),
		table("assignment", []schema.Column{col("id", "INTEGER"), col("person_id", "TEXT"), col("project_id", "INTEGER")},
			fk("person_id", "person"), fk("project_id", "project")),
	}}
	runRefusals(t, mixed, []string{"persons in project Apollo"})
}

// TestPathOnlyNeededTables: the plan joins the tables on the path and no
// others.
func TestPathOnlyNeededTables(t *testing.T) {
	p := offline.New(clubSchema(), offline.Options{Today: today})
	r := p.Plan("how many students are in club Chess")
	if r.Plan == nil {
		t.Fatalf("no plan: %s", describeReply(r))
	}
	if n := len(r.Plan.Joins); n != 2 {
		t.Fatalf("joins = %d, want 2: %s", n, r.Plan)
	}
}
