package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// "department number" is the department's identifier, as people say it;
// a table with a column of its own called so keeps that column.
func TestKeyNumbers(t *testing.T) {
	dept := table("department", []schema.Column{col("department_id", "INTEGER"), col("name", "TEXT", "Sales")})
	dept.PrimaryKey = []string{"department_id"}
	emp := table("employee", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT", "Ann"), col("last_name", "TEXT", "McEwen"),
		col("phone_number", "TEXT", "555"), col("department_id", "INTEGER")},
		schema.ForeignKey{Columns: []string{"department_id"}, RefTable: "department", RefColumns: []string{"department_id"}})
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{dept, emp}}
	runAnswers(t, s, []answerCase{
		{`What are the first names and department numbers of employees with last name McEwen?`,
			`{"select":[{"expr":{"col":"employee.first_name"}},{"expr":{"col":"employee.department_id"}}],"from":{"table":"employee"},"where":{"op":"=","left":{"col":"employee.last_name"},"right":{"value":"McEwen"}}}`},
	})
	flight := table("flight", []schema.Column{col("flight_id", "INTEGER"), col("flight_number", "TEXT", "AA10"), col("origin", "TEXT", "Oslo")})
	flight.PrimaryKey = []string{"flight_id"}
	runAnswers(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{flight}}, []answerCase{
		{`List the flight numbers of all flights.`, `{"select":[{"expr":{"col":"flight.flight_number"}}],"from":{"table":"flight"}}`},
	})
}
