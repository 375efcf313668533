package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// placeSchema has papers written at institutions through a link table,
// the institutions' names all sampled (complete), and clients with a
// column whose name the question may quote in other words.
func placeSchema() *schema.Schema {
	paper := table("paper", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Deep Nets", "Graph Cuts")})
	inst := table("inst", []schema.Column{col("id", "INTEGER"),
		complete(col("name", "TEXT", "University of Oxford", "Indiana University", "Kyoto University")),
		complete(col("country", "TEXT", "UK", "USA"))})
	authorship := table("authorship", []schema.Column{col("id", "INTEGER"), col("paper_id", "INTEGER"), col("inst_id", "INTEGER")},
		fk("paper_id", "paper"), fk("inst_id", "inst"))
	customer := table("customers", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann", "Bob"),
		col("city", "TEXT", "Oslo", "Rome"), col("date_became_customer", "DATETIME", "2017-01-02 10:00:00")})
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{paper, inst, authorship, customer}}
}

func TestPlaceValues(t *testing.T) {
	s := placeSchema()
	runAnswers(t, s, []answerCase{
		// Quoted text stored nowhere, right after a table named in the
		// singular: the row's label, though the label's values are all
		// known (the answer is then rightly empty).
		{`How many papers are published by the institution "Tokohu University"?`,
			`{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"paper.id"}}}],"from":{"table":"paper"},"joins":[{"type":"inner","table":"authorship","on":[{"left":"paper.id","right":"authorship.paper_id"}]},{"type":"inner","table":"inst","on":[{"left":"authorship.inst_id","right":"inst.id"}]}],"where":{"op":"=","left":{"col":"inst.name"},"right":{"value":"Tokohu University"}}}`},
		// A stored value still reads as before.
		{`How many papers are published by the institution "University of Oxford"?`,
			`{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"paper.id"}}}],"from":{"table":"paper"},"joins":[{"type":"inner","table":"authorship","on":[{"left":"paper.id","right":"authorship.paper_id"}]},{"type":"inner","table":"inst","on":[{"left":"authorship.inst_id","right":"inst.id"}]}],"where":{"op":"=","left":{"col":"inst.name"},"right":{"value":"University of Oxford"}}}`},
		// A quoted phrase naming a column through synonyms is the column.
		{`Find the "date became clients" of the clients whose id is 10.`,
			`{"select":[{"expr":{"col":"customers.date_became_customer"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.id"},"right":{"value":10}}}`},
	})
	runRefusals(t, s, []string{
		// The table named in the plural names no one row.
		`How many papers are published by institutions "Tokohu University"?`,
		// Nothing but the quoted text before the value: no table to take it.
		`How many papers have "Tokohu University"?`,
		// A quoted number is no name, stored or not.
		`How many papers are published by the institution "42"?`,
		// One quoted word through a synonym may as well be a value.
		`Find the "town" of the clients.`,
		// A slip of a stored name: an empty answer would hide it.
		`How many papers are published by the institution "Kyoto Univeristy"?`,
	})
	p := offline.New(s, offline.Options{Today: today})
	if _, tr := p.PlanWithTrace(`How many papers are published by the institution "Kyoto Univeristy"?`); !strings.Contains(tr.Reason, `one is named "Kyoto University"`) {
		t.Errorf("a slip of a stored name should be refused naming the stored one, got %q", tr.Reason)
	}
}

// TestUnstoredLabelEarlierSchemas: quoted text stored nowhere after a
// singular table whose label is complete, on the schemas of the rounds
// that used to refuse it (round9_test.go, whichcol_test.go): the label is
// compared with the text as written, and the answer is empty.
func TestUnstoredLabelEarlierSchemas(t *testing.T) {
	runAnswers(t, labelSchema(), []answerCase{
		{`what is the rank of the genre "Polka"?`,
			`{"distinct":true,"select":[{"expr":{"col":"genre.rank"}}],"from":{"table":"genre"},"where":{"op":"=","left":{"col":"genre.name"},"right":{"value":"Polka"}}}`},
	})
	runAnswers(t, whichColSchema(3), []answerCase{
		{`What are the vocal types used in the song "Le Pop"?`, `{"from":{"table":"vocal"},"joins":[{"on":[{"left":"vocal.song_id","right":"song.id"}],"table":"song","type":"inner"}],"select":[{"expr":{"col":"vocal.type"}}],"where":{"left":{"col":"song.title"},"op":"=","right":{"value":"Le Pop"}}}`},
	})
	runRefusals(t, labelSchema(), []string{
		// A plural names rows, not one: still refused.
		`what is the rank of the genres "Polka"?`,
	})
}
