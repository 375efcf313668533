package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// TestColRowsCountedAnswers: a number before a plural text column of a
// table referring to the table named before the relative word counts
// that table's rows per row of the named table.
func TestColRowsCountedAnswers(t *testing.T) {
	const twoDelegates = `{"select":[{"expr":{"col":"party.party_name"}}],"from":{"table":"party"},"joins":[{"type":"inner","table":"election","on":[{"left":"party.id","right":"election.party_id"}]}],"group_by":[{"col":"party.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}}}`
	runAnswers(t, linkRankSchema(), []answerCase{
		{"Show the names of parties that have at least two delegates.", twoDelegates},
		{"Which parties have two or more delegates?", twoDelegates},
	})
}

// TestColRowsCountedRefusals: the number stays a comparison with the
// column, and is refused, when no table referred to is named before a
// relative word, or when the column is not plural.
func TestColRowsCountedRefusals(t *testing.T) {
	runRefusals(t, linkRankSchema(), []string{
		// No relative word before the comparison: whose delegates?
		"parties at least two delegates",
		// A table that election does not refer to.
		"which engineers have at least two delegates?",
		// A singular column is a value, not rows.
		"which parties have a delegate more than 2?",
	})
}

// docAccessSchema holds one table whose rows carry a type, as text, and a
// number of accesses.
func docAccessSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("documents", []schema.Column{col("id", "INTEGER"), col("document_type", "TEXT", "CV", "BK"), col("access_count", "INTEGER"), col("title", "TEXT")}),
	}}
}

// TestAggAfterNumberAnswers: "more than N total Y" compares the total of
// Y per group with N, as "whose total Y is more than N" does.
func TestAggAfterNumberAnswers(t *testing.T) {
	runAnswers(t, docAccessSchema(), []answerCase{
		{"What document types have more than 10000 total access count?", `{"select":[{"expr":{"col":"documents.document_type"}}],"from":{"table":"documents"},"group_by":[{"col":"documents.document_type"}],"having":{"left":{"agg":"sum","arg":{"col":"documents.access_count"}},"op":">","right":{"value":10000}}}`},
		{"Which document types have more than 20 average access count?", `{"select":[{"expr":{"col":"documents.document_type"}}],"from":{"table":"documents"},"group_by":[{"col":"documents.document_type"}],"having":{"left":{"agg":"avg","arg":{"col":"documents.access_count"}},"op":">","right":{"value":20}}}`},
	})
}

// TestAggAfterNumberRefusals: the aggregate must name a numeric column,
// and the groups must stand before a relative word.
func TestAggAfterNumberRefusals(t *testing.T) {
	runRefusals(t, docAccessSchema(), []string{
		"What document types have more than 10000 total titles?",
		// No relative word before the comparison: whose total?
		"document types more than 10000 total access count",
	})
}
