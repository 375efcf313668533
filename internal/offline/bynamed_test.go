package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// albumSchema holds albums, each by one artist.
func albumSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT")}),
		table("album", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("tracks", "INTEGER"), col("artist_id", "INTEGER")},
			fk("artist_id", "artist")),
	}}
}

// TestByNamedAnswers: "by" before a column compared with a value is the
// verb's preposition under an aggregate, not a group.
func TestByNamedAnswers(t *testing.T) {
	runAnswers(t, albumSchema(), []answerCase{
		{`Find the number of albums by the artist named "Metallica".`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"album"},"joins":[{"type":"inner","table":"artist","on":[{"left":"album.artist_id","right":"artist.id"}]}],"where":{"op":"=","left":{"col":"artist.artist_name"},"right":{"value":"Metallica"}}}`},
		{`What is the average number of tracks of albums released by the artist named "Metallica"?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"album.tracks"}}}],"from":{"table":"album"},"joins":[{"type":"inner","table":"artist","on":[{"left":"album.artist_id","right":"artist.id"}]}],"where":{"op":"=","left":{"col":"artist.artist_name"},"right":{"value":"Metallica"}}}`},
	})
}

// TestByNamedRefusals: listing the related rows' values past such a "by"
// stays refused (each value would repeat per row).
func TestByNamedRefusals(t *testing.T) {
	runRefusals(t, albumSchema(), []string{
		`Find the titles of albums released by the artist named "Metallica".`,
	})
}
