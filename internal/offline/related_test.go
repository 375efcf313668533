package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// enrolSchema links students and courses through a table named after
// both.
func enrolSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("student_name", "TEXT", "Ann"))}),
		table("course", []schema.Column{col("id", "INTEGER"), complete(col("course_title", "TEXT", "Optics"))}),
		table("student_course", []schema.Column{col("student_id", "INTEGER"), col("course_id", "INTEGER"), col("grade", "TEXT")},
			fk("student_id", "student"), fk("course_id", "course")),
	}}
}

// TestRelatedAnswers: a table the question names with no condition on it
// is read from the words that tie it to the question's table: "X with Y"
// and "X who have Y" keep the rows some row of Y refers to (through a
// link table named after one end), "X of the Y" only says whose rows X
// are.
func TestRelatedAnswers(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		{"how many customers have orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"},"where":{"op":"in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}}`},
		{"the emails of customers who have placed some orders", `{"select":[{"expr":{"col":"customers.email"}}],"from":{"table":"customers"},"where":{"op":"in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}}`},
		// A parent only says whose rows they are.
		{"how many orders of the customers", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"}}`},
		// A second clause about the same rows, after a condition on their
		// own columns: after "and", or as a relative clause.
		{"emails of customers that live in Germany and have orders", `{"select":[{"expr":{"col":"customers.email"}}],"from":{"table":"customers"},"where":{"and":[{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}},{"op":"in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}]}}`},
		{"emails of customers from Germany who have had orders", `{"select":[{"expr":{"col":"customers.email"}}],"from":{"table":"customers"},"where":{"and":[{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}},{"op":"in","left":{"col":"customers.id"},"subquery":{"select":[{"expr":{"col":"orders.customer_id"}}],"from":{"table":"orders"},"where":{"op":"is_not_null","left":{"col":"orders.customer_id"}}}}]}}`},
	})
	runAnswers(t, instSchema(), []answerCase{
		// The value is held by the instructor's own key to the department.
		{"names of instructors in the Physics department", `{"select":[{"expr":{"col":"instructor.name"}}],"from":{"table":"instructor"},"where":{"op":"=","left":{"col":"instructor.dept_name"},"right":{"value":"Physics"}}}`},
		// A table named as a place or verb: some row of it refers to the nurse.
		{"names of nurses who are on call", `{"select":[{"expr":{"col":"nurse.name"}}],"from":{"table":"nurse"},"where":{"op":"in","left":{"col":"nurse.id"},"subquery":{"select":[{"expr":{"col":"on_call.nurse_id"}}],"from":{"table":"on_call"},"where":{"op":"is_not_null","left":{"col":"on_call.nurse_id"}}}}}`},
	})
	runAnswers(t, clubSchema(), []answerCase{
		{"how many students of clubs", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"student"}}`},
	})
	runAnswers(t, enrolSchema(), []answerCase{
		// The link table named after one end holds the pairs.
		{"how many courses have students", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"course"},"where":{"op":"in","left":{"col":"course.id"},"subquery":{"select":[{"expr":{"col":"student_course.course_id"}}],"from":{"table":"student_course"},"where":{"op":"is_not_null","left":{"col":"student_course.course_id"}}}}}`},
	})
	runAnswers(t, crmSchema(), []answerCase{
		{"how many people have sales orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Person"},"where":{"op":"in","left":{"col":"Person.PersonID"},"subquery":{"select":[{"expr":{"col":"SalesOrder.PersonID"}}],"from":{"table":"SalesOrder"},"where":{"op":"is_not_null","left":{"col":"SalesOrder.PersonID"}}}}}`},
	})
}

// TestRelatedRefusals: where the words do not say how the tables relate,
// or a word after the other table may be a condition on its rows, the
// question is still refused.
func TestRelatedRefusals(t *testing.T) {
	runRefusals(t, demoSchema(), []string{
		// A word after the table could limit its rows.
		"customers who have orders in May",
		// "for" says nothing of how they relate.
		"customers for orders",
	})
	runRefusals(t, clubSchema(), []string{
		// Two tables apart with no table named after either end between.
		"how many cities have students",
		// A link table named for neither end is a relation of its own,
		// which the words do not name.
		"how many clubs have students",
	})
	// "below the average salary of instructors in the Physics department"
	// limits the instructors averaged, not those listed: compareagg_test.go.
}

// TestRelationRankings: "X <verb> the most Y" with no relative word, the
// verb linked as a stop word or as a keyword of its own, ranks X by its
// count of Y; a table in the singular after an adjective of size does not.
func TestRelationRankings(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		{"which category contains the most products", `{"select":[{"expr":{"col":"categories.name"}}],"from":{"table":"categories"},"joins":[{"type":"inner","table":"products","on":[{"left":"categories.id","right":"products.category_id"}]}],"group_by":[{"col":"categories.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"the status shared by the most orders", `{"select":[{"expr":{"col":"orders.status"}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
	runRefusals(t, demoSchema(), []string{
		"the client with the highest product",
	})
}

// instSchema keys departments by their name, which instructors hold as a
// foreign key, and records which nurses are on call.
func instSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "department", PrimaryKey: []string{"dept_name"}, RowCount: -1, Columns: []schema.Column{
			complete(col("dept_name", "TEXT", "Physics", "Biology")), col("budget", "REAL"),
		}},
		{Name: "instructor", PrimaryKey: []string{"id"}, RowCount: -1, Columns: []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Ann"), complete(col("dept_name", "TEXT", "Physics", "Biology")), col("salary", "REAL"),
		}, ForeignKeys: []schema.ForeignKey{{Columns: []string{"dept_name"}, RefTable: "department", RefColumns: []string{"dept_name"}}}},
		table("nurse", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Carla")}),
		table("on_call", []schema.Column{col("nurse_id", "INTEGER"), col("start_date", "DATE")}, fk("nurse_id", "nurse")),
	}}
}
