package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// rankPlaceSchema holds nominations whose nominee repeats across rows,
// instruments played on songs (a table nothing refers to, with a column
// of its own name), and kinds of award that nominations refer to.
func rankPlaceSchema() *schema.Schema {
	rows := func(t schema.Table, n int64) schema.Table { t.RowCount = n; return t }
	distinct := func(c schema.Column, n int64) schema.Column { c.Distinct = n; return c }
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		rows(table("award", []schema.Column{col("id", "INTEGER"), distinct(col("award_name", "TEXT", "Tony", "Drama Desk"), 4)}), 4),
		rows(table("nomination", []schema.Column{col("id", "INTEGER"), col("award_id", "INTEGER"),
			distinct(col("nominee", "TEXT", "Cleavant Derricks", "Bob Fosse"), 5),
			distinct(col("person_name", "TEXT", "Ann Lee", "Bo Park"), 40), col("year", "INTEGER")},
			fk("award_id", "award")), 40),
		rows(table("instruments", []schema.Column{col("id", "INTEGER"), col("song_id", "INTEGER"),
			distinct(col("instrument", "TEXT", "drums", "guitar", "piano"), 3)}), 30),
	}}
}

// TestRankPlaceAnswers: a closing "the most" or "the greatest number of
// times" with no noun of its own ranks the values of the question's head
// column by their number of rows; "most used" is "most common".
func TestRankPlaceAnswers(t *testing.T) {
	byNominee := `{"select":[{"expr":{"col":"nomination.nominee"}}],"from":{"table":"nomination"},"group_by":[{"col":"nomination.nominee"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	byInstrument := `{"select":[{"expr":{"col":"instruments.instrument"}}],"from":{"table":"instruments"},"group_by":[{"col":"instruments.instrument"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	runAnswers(t, rankPlaceSchema(), []answerCase{
		{"Which nominee appears the greatest number of times?", byNominee},
		{"Which nominee shows up the most?", byNominee},
		{"What instrument is used the most?", byInstrument},
		{"What is the most used instrument?", byInstrument},
		// "top 3" before "most common": the count is the key of the top N.
		{"Show the top 3 most common nominees.", `{"select":[{"expr":{"col":"nomination.nominee"}}],"from":{"table":"nomination"},"group_by":[{"col":"nomination.nominee"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":3}`},
		{"What is the total count of nominations?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"nomination"}}`},
	})
}

// TestRankPlaceRefusals: the head is no column whose values repeat, or a
// table others refer to (whose rows are counted through them), or a
// condition stands between the head and the superlative.
func TestRankPlaceRefusals(t *testing.T) {
	runRefusals(t, rankPlaceSchema(), []string{
		"Which person name shows up the most?",
		"Which award is used the most?",
		"Which nominee in 2001 shows up the most?",
	})
}
