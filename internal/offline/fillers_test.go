package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// lodgingSchema names its rows "lodging", so "hotels" links to nothing;
// its columns are named by compounds whose head nouns the questions vary:
// a flag (pets_allowed_yn), a measure named by its modifier
// (amount_outstanding), a ratio (occupancy_in_percent), a date and a key.
func lodgingSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("supplier", []schema.Column{col("id", "INTEGER"), col("supplier_name", "TEXT", "Acme")}),
		table("lodging", []schema.Column{col("id", "INTEGER"), col("lodging_name", "TEXT", "Grand"),
			col("price_range", "REAL"), col("pets_allowed_yn", "TEXT", "Y", "N"), col("star_rating", "INTEGER"),
			col("home_port", "TEXT", "Brest"), col("opening_date", "DATE"), col("manager", "INTEGER"),
			col("amount_outstanding", "REAL"), col("occupancy_in_percent", "REAL"), col("bedroom_count", "INTEGER"),
			col("poll_source", "TEXT", "Web")},
			fk("manager", "supplier")),
	}}
}

// Sentence adverbs ("actually", "really", "lastly") and the head noun of
// a compound whose modifier names a column ("pet policy", "outstanding
// balance", "occupancy ratio" of a percent, "poll resource") add no
// condition: the question is answered as if they were not there.
func TestFillersIgnored(t *testing.T) {
	runAnswers(t, lodgingSchema(), []answerCase{
		{`What is actually the average price range of all lodgings?`, `{"from":{"table":"lodging"},"select":[{"expr":{"agg":"avg","arg":{"col":"lodging.price_range"}}}]}`},
		{`Which lodgings have a 5 star rating, really?`, `{"from":{"table":"lodging"},"select":[{"expr":{"col":"lodging.lodging_name"}}],"where":{"left":{"col":"lodging.star_rating"},"op":"=","right":{"value":5}}}`},
		{`List the names of lodgings, lastly sorted by price range.`, `{"from":{"table":"lodging"},"order_by":[{"expr":{"col":"lodging.price_range"}}],"select":[{"expr":{"col":"lodging.lodging_name"}}]}`},
		{`Show the average price range of lodgings for each pet policy.`, `{"from":{"table":"lodging"},"group_by":[{"col":"lodging.pets_allowed_yn"}],"select":[{"expr":{"col":"lodging.pets_allowed_yn"}},{"expr":{"agg":"avg","arg":{"col":"lodging.price_range"}}}]}`},
		{`List the names of lodgings with more than 2000 outstanding balance.`, `{"from":{"table":"lodging"},"select":[{"expr":{"col":"lodging.lodging_name"}}],"where":{"left":{"col":"lodging.amount_outstanding"},"op":">","right":{"value":2000}}}`},
		{`What is the average occupancy ratio?`, `{"from":{"table":"lodging"},"select":[{"expr":{"agg":"avg","arg":{"col":"lodging.occupancy_in_percent"}}}]}`},
		{`List the lodging names and poll resource.`, `{"distinct":true,"from":{"table":"lodging"},"select":[{"expr":{"col":"lodging.lodging_name"}},{"expr":{"col":"lodging.poll_source"}}]}`},
	})
}

// A word that could name a column, a filter or the rows themselves keeps
// refusing: a noun after a column named only in part that does not restate
// the rest ("home regions" of home_port), after a date or a key ("opening
// cities", "manager cities"), after a number and a column (rows: "4
// bedroom hotels"), a noun asking for a computation ("difference", a
// "ratio" of what is no ratio), an -ly adverb ("ascendingly"), and an
// approximation ("approximately").
func TestFillersRefused(t *testing.T) {
	runRefusals(t, lodgingSchema(), []string{
		`List the lodgings' home regions.`,
		`List the lodging names and opening cities.`,
		`List the lodging names and manager cities.`,
		`List the names of 4 bedroom hotels.`,
		`What is the price range difference?`,
		`What is the highest price range ratio?`,
		`Show lodging names sorted by price range ascendingly.`,
		`Which lodgings have approximately 4 bedrooms?`,
		`List the names of lodgings with a favourite colour.`,
	})
}

// The words set aside are shown: the trace lists them as ignored and the
// plan's reason names them.
func TestFillersShown(t *testing.T) {
	p := offline.New(lodgingSchema(), offline.Options{Today: today})
	r, tr := p.PlanWithTrace("Show the average price range of lodgings for each pet policy, actually.")
	if r.Plan == nil {
		t.Fatalf("no plan:\n%s", tr)
	}
	if got := ignoredWords(tr); got != "policy,actually" {
		t.Errorf("ignored links %q, want policy,actually\n%s", got, tr)
	}
	if want := `ignored "policy", "actually"`; !strings.Contains(r.Plan.Reason, want) {
		t.Errorf("reason %q does not say %s", r.Plan.Reason, want)
	}
}
