package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// groupClassSchema has people with a name column (which "title" may
// mean) beside a job, and rooms with a bed type beside a decor.
func groupClassSchema() *schema.Schema {
	person := table("person", []schema.Column{col("name", "TEXT"), col("age", "INTEGER"), col("job", "TEXT"), col("gender", "TEXT")})
	person.PrimaryKey = []string{"name"}
	room := table("rooms", []schema.Column{col("room_id", "INTEGER"), col("decor", "TEXT"), col("bed_type", "TEXT"), col("base_price", "INTEGER")})
	room.PrimaryKey = []string{"room_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{person, room}}
}

// TestRestatesGroupAnswers: a class noun right after a grouping column's
// name completes that name; it does not ask for the column it would
// link to alone.
func TestRestatesGroupAnswers(t *testing.T) {
	runAnswers(t, groupClassSchema(), []answerCase{
		{"What is average age for different job title?", `{"select":[{"expr":{"col":"person.job"}},{"expr":{"agg":"avg","arg":{"col":"person.age"}}}],"from":{"table":"person"},"group_by":[{"col":"person.job"}]}`},
		{"What is the minimum age for each job title?", `{"select":[{"expr":{"col":"person.job"}},{"expr":{"agg":"min","arg":{"col":"person.age"}}}],"from":{"table":"person"},"group_by":[{"col":"person.job"}]}`},
		{"Find the number of rooms for each decor type.", `{"select":[{"expr":{"col":"rooms.decor"}},{"expr":{"agg":"count"}}],"from":{"table":"rooms"},"group_by":[{"col":"rooms.decor"}]}`},
		{"Show the average base price for each decor kind.", `{"select":[{"expr":{"col":"rooms.decor"}},{"expr":{"agg":"avg","arg":{"col":"rooms.base_price"}}}],"from":{"table":"rooms"},"group_by":[{"col":"rooms.decor"}]}`},
	})
}

// TestRestatesGroupRefusals: the class noun asked for on its own, or
// after a word that is not the grouping column, still names a column
// that cannot be shown beside the aggregate.
func TestRestatesGroupRefusals(t *testing.T) {
	runRefusals(t, groupClassSchema(), []string{
		"What is the average age and title for each job?",
		"Show the number of rooms and the bed type for each decor.",
	})
}
