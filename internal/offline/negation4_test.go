package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// publishSchema: a book is published by rows of publication; a pilot's
// flights are rows of pilot_record; a service is used by party_service,
// whose name says nothing of use.
func publishSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("book", []schema.Column{col("id", "INTEGER"), col("title", "TEXT")}),
		table("publication", []schema.Column{col("id", "INTEGER"), col("book_id", "INTEGER"), col("publisher", "TEXT"), col("price", "REAL")},
			fk("book_id", "book")),
		table("pilot", []schema.Column{col("id", "INTEGER"), col("pilot_name", "TEXT")}),
		table("pilot_record", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER"), col("flight_date", "TEXT")},
			fk("pilot_id", "pilot")),
		table("service", []schema.Column{col("id", "INTEGER"), col("service_name", "TEXT")}),
		table("party_service", []schema.Column{col("id", "INTEGER"), col("service_id", "INTEGER")},
			fk("service_id", "service")),
	}}
}

// A bare negated verb or noun that names a child table of the rows
// before it is "X without Y": no row of the child refers to them.
func TestNegatedChildWord(t *testing.T) {
	runAnswers(t, publishSchema(), []answerCase{
		{`List the titles of books that are not published.`, `{"select":[{"expr":{"col":"book.title"}}],"from":{"table":"book"},"where":{"op":"not_in","left":{"col":"book.id"},"subquery":{"select":[{"expr":{"col":"publication.book_id"}}],"from":{"table":"publication"},"where":{"op":"is_not_null","left":{"col":"publication.book_id"}}}}}`},
		{`How many books have never been published?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"book"},"where":{"op":"not_in","left":{"col":"book.id"},"subquery":{"select":[{"expr":{"col":"publication.book_id"}}],"from":{"table":"publication"},"where":{"op":"is_not_null","left":{"col":"publication.book_id"}}}}}`},
		{`List the names of pilots that do not have any record.`, `{"select":[{"expr":{"col":"pilot.pilot_name"}}],"from":{"table":"pilot"},"where":{"op":"not_in","left":{"col":"pilot.id"},"subquery":{"select":[{"expr":{"col":"pilot_record.pilot_id"}}],"from":{"table":"pilot_record"},"where":{"op":"is_not_null","left":{"col":"pilot_record.pilot_id"}}}}}`},
	})
}

// A word that names no child of the rows, more words after the
// negation, or a word naming the rows themselves leave the negation
// refused.
func TestNegatedChildWordRefused(t *testing.T) {
	runRefusals(t, publishSchema(), []string{
		`What are the names of the services that have never been used?`,
		`List the titles of books that are not published recently.`,
		`Which pilots are not pilots?`,
	})
	// Two children of the books are named by "published": which one's
	// rows deny it is not said.
	s := publishSchema()
	s.Tables = append(s.Tables, table("publication_plan", []schema.Column{col("id", "INTEGER"), col("book_id", "INTEGER")}, fk("book_id", "book")))
	runRefusals(t, s, []string{`List the titles of books that are not published.`})
}
