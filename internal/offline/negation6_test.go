package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// songSchema: a song refers to its artist by one key and only songs have
// a rating; a duel refers to an artist twice (winner and loser).
func songSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT"), col("age", "INTEGER")}),
		table("song", []schema.Column{col("id", "INTEGER"), col("artist_id", "INTEGER"), col("title", "TEXT"), col("rating", "INTEGER")},
			fk("artist_id", "artist")),
		table("duel", []schema.Column{col("id", "INTEGER"), col("winner_id", "INTEGER"), col("loser_id", "INTEGER"), col("margin", "INTEGER")},
			fk("winner_id", "artist"), fk("loser_id", "artist")),
	}}
}

// A negated condition on a child that refers to the rows by one key is
// the rows some such child refers to, taken away.
func TestNegatedChildCondition(t *testing.T) {
	runAnswers(t, songSchema(), []answerCase{
		{`What are the names of the artists with an age above 30 who never received a rating higher than 7?`,
			`{"select":[{"expr":{"col":"artist.artist_name"}}],"from":{"table":"artist"},"where":{"op":">","left":{"col":"artist.age"},"right":{"value":30}},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"artist.artist_name"}}],"from":{"table":"artist"},"where":{"op":"in","left":{"col":"artist.id"},"subquery":{"select":[{"expr":{"col":"song.artist_id"}}],"from":{"table":"song"},"where":{"op":">","left":{"col":"song.rating"},"right":{"value":7}}}}}}}`},
	})
}

// A condition on a child referring to the rows by two keys (which role
// is denied is not said) or read on a parent stays refused.
func TestNegatedChildConditionRefused(t *testing.T) {
	runRefusals(t, songSchema(), []string{
		`What are the names of the artists with an age above 30 who never had a margin above 7?`,
	})
	// The artist's label, a parent, has a rating too: the difference
	// would be of labels' ratings, not of songs'.
	s := songSchema()
	s.Tables[0] = table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT"), col("age", "INTEGER"), col("label_id", "INTEGER")},
		fk("label_id", "label"))
	s.Tables = append(s.Tables, table("label", []schema.Column{col("id", "INTEGER"), col("label_name", "TEXT"), col("rating", "INTEGER")}))
	runRefusals(t, s, []string{
		`What are the names of the artists with an age above 30 who never received a rating higher than 7?`,
	})
}
