package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// howOldSchema holds people with a numeric age.
func howOldSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"),
			complete(col("gender", "TEXT", "male", "female")), col("age", "INTEGER"),
			complete(col("job", "TEXT", "engineer", "doctor", "student"))}),
	}}
}

// TestHowAverageAnswers: "how ADJ … on average" averages the numeric
// column the adjective names, alone or per group.
func TestHowAverageAnswers(t *testing.T) {
	runAnswers(t, howOldSchema(), []answerCase{
		{"How old is each gender, on average?", `{"select":[{"expr":{"col":"person.gender"}},{"expr":{"agg":"avg","arg":{"col":"person.age"}}}],"from":{"table":"person"},"group_by":[{"col":"person.gender"}]}`},
		{"On average, how old are the people?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"person.age"}}}],"from":{"table":"person"}}`},
		{"How old is the average person for each job?", `{"select":[{"expr":{"col":"person.job"}},{"expr":{"agg":"avg","arg":{"col":"person.age"}}}],"from":{"table":"person"},"group_by":[{"col":"person.job"}]}`},
	})
}

// TestHowAverageRefusals: a total has no "how ADJ" reading, and an
// adjective that names a text column is not averaged.
func TestHowAverageRefusals(t *testing.T) {
	runRefusals(t, howOldSchema(), []string{
		"How old is each gender, in total?",
	})
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "TEXT")}),
	}}, []string{
		"On average, how old are the players?",
	})
}
