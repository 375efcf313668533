package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// shelfSchema has books, their publications (a child holding the dates,
// with a key to some series) and the writer each book has (a parent).
func shelfSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("writer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("book", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("issues", "INTEGER"), col("writer_id", "INTEGER")},
			fk("writer_id", "writer")),
		table("publication", []schema.Column{col("id", "INTEGER"), col("book_id", "INTEGER"), col("publisher", "TEXT"), col("publication_date", "TEXT"), col("price", "REAL"), col("series_id", "INTEGER")},
			fk("book_id", "book")),
	}}
}

// TestChildOwnedColumn: a column said to be a table's that only one child
// of the table holds, named in full, is the child's, listed once per child
// row joined to the table.
func TestChildOwnedColumn(t *testing.T) {
	runAnswers(t, shelfSchema(), []answerCase{
		{"Show the title and publication dates of books.", `{"select":[{"expr":{"col":"book.title"}},{"expr":{"col":"publication.publication_date"}}],"from":{"table":"book"},"joins":[{"type":"inner","table":"publication","on":[{"left":"book.id","right":"publication.book_id"}]}]}`},
		{"What are the publishers of the book with title \"Dune\"?", `{"select":[{"expr":{"col":"publication.publisher"}}],"from":{"table":"book"},"joins":[{"type":"inner","table":"publication","on":[{"left":"book.id","right":"publication.book_id"}]}],"where":{"op":"=","left":{"col":"book.title"},"right":{"value":"Dune"}}}`},
	})
}

// TestChildOwnedRefusals: words matching only part of a child's column, a
// child's key, or a column two children hold stay refused.
func TestChildOwnedRefusals(t *testing.T) {
	runRefusals(t, shelfSchema(), []string{
		// "dates" is only the end of publication_date.
		"Show the title and dates of books.",
		// A publication's series_id is the identity of another table, not
		// a property of the book.
		"Show the title and series ids of books.",
	})
	// A second child holds a publisher too: which one is meant is a guess.
	two := shelfSchema()
	two.Tables = append(two.Tables, table("reprint", []schema.Column{col("id", "INTEGER"), col("book_id", "INTEGER"), col("publisher", "TEXT")}, fk("book_id", "book")))
	runRefusals(t, two, []string{"What are the publishers of the book with title \"Dune\"?"})
}

// TestChildOwnedStrongest: within the one child holding the words, the
// column they name in full is meant, before one they name in part
// (votes before vote_percent), and an aggregate takes it over the joined
// rows.
func TestChildOwnedStrongest(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("representative", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("party", "TEXT", "Republican", "Democratic"))}),
		table("election", []schema.Column{col("id", "INTEGER"), col("representative_id", "INTEGER"), col("votes", "REAL"), col("vote_percent", "REAL")},
			fk("representative_id", "representative")),
	}}
	runAnswers(t, s, []answerCase{
		{"What is the average number of votes of representatives from party \"Republican\"?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"election.votes"}}}],"from":{"table":"representative"},"joins":[{"type":"inner","table":"election","on":[{"left":"representative.id","right":"election.representative_id"}]}],"where":{"op":"=","left":{"col":"representative.party"},"right":{"value":"Republican"}}}`},
	})
}
