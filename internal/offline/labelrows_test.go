package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// delegateSchema: each election row is one delegate, named by delegate (a
// different value in every row), sitting on a committee for a party and a
// district; status is a word many rows share.
func delegateSchema() *schema.Schema {
	unique := func(c schema.Column, n int64) schema.Column {
		c.Distinct = n
		return c
	}
	election := table("election", []schema.Column{col("id", "INTEGER"),
		unique(col("delegate", "TEXT", "Bates, Gail H.", "Miller, Warren E."), 6),
		complete(col("committee", "TEXT", "Appropriations", "Economic Matters")),
		complete(col("status", "TEXT", "Active", "Retired")),
		col("party_id", "INTEGER"), col("county_id", "INTEGER")},
		fk("party_id", "party"), fk("county_id", "county"))
	election.RowCount = 6
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("party", []schema.Column{col("id", "INTEGER"), complete(col("party_name", "TEXT", "Democratic", "Liberal")),
			col("governor", "TEXT", "Tom Golisano")}),
		table("county", []schema.Column{col("id", "INTEGER"), col("county_name", "TEXT", "Howard", "Colony")}),
		election,
	}}
}

// A plural column word the first reading refused over (a condition
// missing its value, a ranking by a count of a column) names the rows its
// column labels: delegates are election rows.
func TestLabelRowsRead(t *testing.T) {
	runAnswers(t, delegateSchema(), []answerCase{
		{`What are the names of the counties that the delegates on "Appropriations" committee belong to?`, `{"select":[{"expr":{"col":"county.county_name"}}],"from":{"table":"county"},"where":{"op":"in","left":{"col":"county.id"},"subquery":{"select":[{"expr":{"col":"election.county_id"}}],"from":{"table":"election"},"where":{"op":"=","left":{"col":"election.committee"},"right":{"value":"Appropriations"}}}}}`},
		{`Show the name of the party that has the most delegates.`, `{"select":[{"expr":{"col":"party.party_name"}}],"from":{"table":"party"},"joins":[{"type":"inner","table":"election","on":[{"left":"party.id","right":"election.party_id"}]}],"group_by":[{"col":"party.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{`Which parties have delegates in the "Economic Matters" committee?`, `{"select":[{"expr":{"col":"party.party_name"}}],"from":{"table":"party"},"where":{"op":"in","left":{"col":"party.id"},"subquery":{"select":[{"expr":{"col":"election.party_id"}}],"from":{"table":"election"},"where":{"op":"=","left":{"col":"election.committee"},"right":{"value":"Economic Matters"}}}}}`},
	})
}

// The word is not read as rows where its column is no label (status
// repeats) or where it is written in the singular (a value left out).
// A question refused first for another reason (refusedOver) has no case
// here: none found on a small schema plans wrongly without that gate.
func TestLabelRowsRefused(t *testing.T) {
	runRefusals(t, delegateSchema(), []string{
		`Which parties have statuses in the "Economic Matters" committee?`,
		`Which parties have delegate in the "Economic Matters" committee?`,
	})
}

// The plan's reason says how the word was read.
func TestLabelRowsReason(t *testing.T) {
	p := offline.New(delegateSchema(), offline.Options{Today: today})
	r := p.Plan(`Which parties have delegates in the "Economic Matters" committee?`)
	if r.Plan == nil || !strings.Contains(r.Plan.Reason, `read "delegates" as election`) {
		t.Fatalf("reason does not say how the word was read: %+v", r)
	}
}
