package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// deptStaffSchema: departments and their employees, by one key.
func deptStaffSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("department", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Sales", "Legal")), col("budget", "INTEGER"), complete(col("city", "TEXT", "Rome"))}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("age", "INTEGER"), col("salary", "INTEGER"), col("department_id", "INTEGER")},
			fk("department_id", "department")),
	}}
}

// TestBesideParentAggAnswers: a column of the ranked row after "and its"
// beside a ranking by a count, and the group's label beside an average or
// a total per group (as beside a count), are shown of the groups.
func TestBesideParentAggAnswers(t *testing.T) {
	const ranked = `"from":{"table":"department"},"joins":[{"type":"inner","table":"employee","on":[{"left":"department.id","right":"employee.department_id"}]}],"group_by":[{"col":"department.id"}],"limit":1`
	const perDept = `"from":{"table":"employee"},"joins":[{"type":"inner","table":"department","on":[{"left":"employee.department_id","right":"department.id"}]}]`
	runAnswers(t, deptStaffSchema(), []answerCase{
		{`What is the name of the department with the most employees and its budget?`,
			`{"select":[{"expr":{"col":"department.name"}},{"expr":{"col":"department.budget"}}],` + ranked + `,"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		{`Show the name of the department with the fewest employees and its city.`,
			`{"select":[{"expr":{"col":"department.name"}},{"expr":{"col":"department.city"}}],` + ranked + `,"order_by":[{"expr":{"agg":"count"}}]}`},
		{`Show the name of each department and the average salary of its employees.`,
			`{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"avg","arg":{"col":"employee.salary"}}}],` + perDept + `,"group_by":[{"col":"employee.department_id"},{"col":"department.name"}]}`},
		{`Show the budget and name of each department along with the total salary of its employees.`,
			`{"select":[{"expr":{"col":"department.budget"}},{"expr":{"col":"department.name"}},{"expr":{"agg":"sum","arg":{"col":"employee.salary"}}}],` + perDept + `,"group_by":[{"col":"employee.department_id"},{"col":"department.budget"},{"col":"department.name"}]}`},
	})
}

// TestBesideParentAggRefusals: a column of the counted rows after "their"
// has many values per ranked row, and stays refused.
func TestBesideParentAggRefusals(t *testing.T) {
	runRefusals(t, deptStaffSchema(), []string{
		`What is the name of the department with the most employees and their salaries?`,
		`What is the name of the department with the most employees and their ages?`,
	})
}
