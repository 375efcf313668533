package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// recordSchema has songs called by a title, the artist each song has (a
// parent with a name), and customers with no column that names them.
func recordSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("song", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("length", "REAL"), col("artist_id", "INTEGER")},
			fk("artist_id", "artist")),
		table("customer", []schema.Column{col("id", "INTEGER"), col("customer_details", "TEXT"), col("city", "TEXT")}),
	}}
}

// TestNameIsLabel: the names of rows whose table has no name column are
// its one title, not the name of a parent (the song's artist).
func TestNameIsLabel(t *testing.T) {
	runAnswers(t, recordSchema(), []answerCase{
		{"What are the names of the songs whose title has the word \"the\"?", `{"select":[{"expr":{"col":"song.title"}}],"from":{"table":"song"},"where":{"op":"like","left":{"col":"song.title"},"right":{"value":"%the%"}}}`},
		{"What are the names of songs longer than 200?", `{"select":[{"expr":{"col":"song.title"}}],"from":{"table":"song"},"where":{"op":">","left":{"col":"song.length"},"right":{"value":200}}}`},
	})
}

// TestNameIsLabelRefusals: a table with no label, or words that say more
// than "name", stay refused.
func TestNameIsLabelRefusals(t *testing.T) {
	runRefusals(t, recordSchema(), []string{
		// customer_details is a description, not what a customer is called.
		"List the names of all the customers in alphabetical order.",
		// "full names" is not the title.
		"What are the full names of songs longer than 200?",
	})
}
