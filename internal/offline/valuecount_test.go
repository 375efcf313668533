package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// facultySchema holds faculty whose rank, sex and building are sampled
// completely, and rooms with a bed type and a number of beds.
func facultySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("faculty", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT"),
			complete(col("rank", "TEXT", "Professor", "Instructor", "Lecturer")), complete(col("sex", "TEXT", "female", "male")),
			complete(col("building", "TEXT", "NEB", "Barton")), col("age", "INTEGER")}),
		table("room", []schema.Column{col("id", "INTEGER"), complete(col("bed_type", "TEXT", "King", "Queen", "Double")), col("beds", "INTEGER")}),
	}}
}

// TestValueCountAnswers: "how many" before a plural sampled value counts
// the rows of the value's table that hold it.
func TestValueCountAnswers(t *testing.T) {
	runAnswers(t, facultySchema(), []answerCase{
		{"How many Professors are in building NEB?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"faculty"},"where":{"and":[{"op":"=","left":{"col":"faculty.rank"},"right":{"value":"Professor"}},{"op":"=","left":{"col":"faculty.building"},"right":{"value":"NEB"}}]}}`},
		// "female" before the noun is a further condition.
		{"How many female Professors do we have?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"faculty"},"where":{"and":[{"op":"=","left":{"col":"faculty.sex"},"right":{"value":"female"}},{"op":"=","left":{"col":"faculty.rank"},"right":{"value":"Professor"}}]}}`},
		{"How many lecturers are older than 30?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"faculty"},"where":{"and":[{"op":"=","left":{"col":"faculty.rank"},"right":{"value":"Lecturer"}},{"op":">","left":{"col":"faculty.age"},"right":{"value":30}}]}}`},
	})
}

// TestValueCountRefusals: a value that is not the noun counted, or a
// singular one, is no count of rows.
func TestValueCountRefusals(t *testing.T) {
	runRefusals(t, facultySchema(), []string{
		"How many king beds are there?",
		"How many Professor are there?",
	})
}
