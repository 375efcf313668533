package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// unitSchema: departments and courses with a few filterable columns.
func unitSchema() *schema.Schema {
	dept := table("department", []schema.Column{
		col("id", "INTEGER"),
		col("name", "TEXT"),
		complete(col("division", "TEXT", "AS", "EN")),
		complete(col("building", "TEXT", "NEB", "Krieger")),
	})
	course := table("course", []schema.Column{
		col("id", "INTEGER"),
		col("name", "TEXT"),
		col("credits", "INTEGER"),
		col("hours", "INTEGER"),
	})
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{dept, course}}
}

// TestOrGroupsAnswers: "either" opens the first group of an "or", so
// "either X or Y and Z" is X OR (Y AND Z); the names of rows meeting
// either group are listed once each, as a union of the two lists.
func TestOrGroupsAnswers(t *testing.T) {
	const depts = `{"select":[{"expr":{"col":"department.name"}}],"distinct":true,"from":{"table":"department"},"where":{"or":[{"op":"=","left":{"col":"department.division"},"right":{"value":"AS"}},{"and":[{"op":"=","left":{"col":"department.division"},"right":{"value":"EN"}},{"op":"=","left":{"col":"department.building"},"right":{"value":"NEB"}}]}]}}`
	const courses = `{"select":[{"expr":{"col":"course.name"}}],"distinct":true,"from":{"table":"course"},"where":{"or":[{"op":"=","left":{"col":"course.credits"},"right":{"value":3}},{"and":[{"op":"=","left":{"col":"course.credits"},"right":{"value":1}},{"op":"=","left":{"col":"course.hours"},"right":{"value":4}}]}]}}`
	runAnswers(t, unitSchema(), []answerCase{
		{"Find the names of departments that are either in division AS or in division EN and in building NEB.", depts},
		{"What are the names of departments either in division AS, or in division EN and in building NEB?", depts},
		{"Find the names of courses that have either 3 credits or 1 credit but 4 hours.", courses},
	})
}

// TestOrGroupsRefusals: without "either", or with a last condition that
// "with" may attach to both groups, three conditions around an "or" could
// group either way, and stay refused.
func TestOrGroupsRefusals(t *testing.T) {
	runRefusals(t, unitSchema(), []string{
		"Find the names of departments in division AS or in division EN and in building NEB.",
		"Find the names of courses with either 3 credits or 1 credit with 4 hours.",
	})
}
