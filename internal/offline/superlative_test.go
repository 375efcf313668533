package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// gradedSchema: departments and their employees, and members and products
// of their own, with numeric and date columns a superlative grades.
func gradedSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("department", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Sales", "HR")), col("budget", "REAL")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), col("age", "INTEGER"),
			col("salary", "REAL"), col("hire_date", "DATE"), col("department_id", "INTEGER")},
			fk("department_id", "department")),
		table("member", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Cy", "Di"), col("age", "INTEGER"),
			col("join_date", "DATE"), col("founding_year", "INTEGER")}),
		table("product", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Pen", "Cup"), col("price", "REAL"),
			col("duration", "INTEGER"), col("release_date", "DATE")}),
	}}
}

// TestSuperlativeColumnAnswers: a superlative adjective right before a
// numeric or date column, with no row named before it, is the column's
// maximum or minimum, not the row ranked by it; after a table, "the
// one" or which/who it still ranks rows.
func TestSuperlativeColumnAnswers(t *testing.T) {
	agg := func(fn, c, from string) string {
		return `{"select":[{"expr":{"agg":"` + fn + `","arg":{"col":"` + c + `"}}}],"from":{"table":"` + from + `"}}`
	}
	oldest := `{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"order_by":[{"expr":{"col":"member.age"},"desc":true}],"limit":1}`
	runAnswers(t, gradedSchema(), []answerCase{
		{`What is the oldest age of members?`, agg("max", "member.age", "member")},
		{`What is the longest duration of products?`, agg("max", "product.duration", "product")},
		{`What is the shortest duration of all products?`, agg("min", "product.duration", "product")},
		{`What is the latest release date of products?`, agg("max", "product.release_date", "product")},
		{`What is the earliest join date of members?`, agg("min", "member.join_date", "member")},
		// The oldest of a year that is not an age is the smallest.
		{`What is the oldest founding year of members?`, agg("min", "member.founding_year", "member")},
		{`What is the youngest age of employees in each department?`,
			`{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"min","arg":{"col":"employee.age"}}}],"from":{"table":"employee"},"joins":[{"type":"inner","table":"department","on":[{"left":"employee.department_id","right":"department.id"}]}],"group_by":[{"col":"employee.department_id"},{"col":"department.name"}]}`},
		// A row named before the adjective is ranked.
		{`Which member has the oldest age?`, oldest},
		{`What is the name of the member with the oldest age?`, oldest},
		{`Who is the oldest member?`, oldest},
	})
}

// TestSuperlativeColumnRefusals: a text column is not graded by
// "longest" (a length, not its maximum).
func TestSuperlativeColumnRefusals(t *testing.T) {
	runRefusals(t, gradedSchema(), []string{
		`What is the longest name of products?`,
	})
}

// TestListedExtremeOfTheirs: a maximum or minimum listed after a
// parent's column, "of their" rows, is per parent; with no column shown
// before it, or no word saying whose rows, it is refused rather than read
// as the one top-ranked row.
func TestListedExtremeOfTheirs(t *testing.T) {
	per := func(fn, c string) string {
		return `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"` + fn + `","arg":{"col":"` + c + `"}}}],"from":{"table":"department"},"joins":[{"type":"inner","table":"employee","on":[{"left":"department.id","right":"employee.department_id"}]}],"group_by":[{"col":"department.id"},{"col":"department.name"}]}`
	}
	runAnswers(t, gradedSchema(), []answerCase{
		{`Show the names of the departments and the maximum salary of their employees`, per("max", "employee.salary")},
		{`Show the name of each department and the minimum age of its employees`, per("min", "employee.age")},
		// A superlative adjective listed so is the same maximum or minimum.
		{`What are the names of departments and the oldest age of their employees?`, per("max", "employee.age")},
		{`Show the names of the departments and the latest hire date of their employees`, per("max", "employee.hire_date")},
		// Not listed: the department of the best-paid employee.
		{`What is the name of the department of the employee with the highest salary?`,
			`{"select":[{"expr":{"col":"department.name"}}],"from":{"table":"department"},"joins":[{"type":"inner","table":"employee","on":[{"left":"department.id","right":"employee.department_id"}]}],"order_by":[{"expr":{"col":"employee.salary"},"desc":true}],"limit":1}`},
	})
	runRefusals(t, gradedSchema(), []string{
		`List the departments and the lowest salary of their employees`,
		`Show the names of the departments and the maximum salary of employees`,
		`List the departments and the youngest age of their employees`,
	})
}
