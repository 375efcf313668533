package offline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/schema"
)

// policySchema holds two tables a word names ("policies": the policies on
// offer, and the policies customers hold), only one of them joined to
// customers; and two tables named "orders", both joined to customers.
func policySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("client", []schema.Column{col("id", "INTEGER"), complete(col("client_name", "TEXT", "Dayana Robel", "Ann Lee"))}),
		table("available_policy", []schema.Column{col("policy_id", "INTEGER"), complete(col("policy_kind", "TEXT", "Life", "Car"))}),
		table("client_policy", []schema.Column{col("client_id", "INTEGER"), col("policy_id", "INTEGER"), col("date_opened", "DATE")},
			fk("client_id", "client"), fk("policy_id", "available_policy")),
		table("online_order", []schema.Column{col("id", "INTEGER"), col("client_id", "INTEGER"), col("amount", "REAL")},
			fk("client_id", "client")),
		table("store_order", []schema.Column{col("id", "INTEGER"), col("client_id", "INTEGER"), col("total", "REAL")},
			fk("client_id", "client")),
	}}
}

// TestSettleAnswers: a word naming two tables means the one joined to the
// table the rest of the question names ("the client named ...").
func TestSettleAnswers(t *testing.T) {
	runAnswers(t, policySchema(), []answerCase{
		{`How many policies are listed for the client named "Dayana Robel"?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"client_policy"},"joins":[{"type":"inner","table":"client","on":[{"left":"client_policy.client_id","right":"client.id"}]}],` +
				`"where":{"op":"=","left":{"col":"client.client_name"},"right":{"value":"Dayana Robel"}}}`},
		{`Which client holds the most policies? Give me the client name.`,
			`{"select":[{"expr":{"col":"client.client_name"}}],"from":{"table":"client"},"joins":[{"type":"inner","table":"client_policy","on":[{"left":"client.id","right":"client_policy.client_id"}]}],` +
				`"group_by":[{"col":"client.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
}

// TestSettleRefusals: with nothing else named, or with both candidates
// joined to what is named, the word stays a question back to the user,
// offering both tables.
func TestSettleRefusals(t *testing.T) {
	p := offline.New(policySchema(), offline.Options{Today: today})
	for _, c := range []struct{ question, ask string }{
		{`How many policies are there?`, `Which table do you mean by "policies"?`},
		{`How many orders does the client named "Dayana Robel" have?`, `Which table do you mean by "orders"?`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Clarification == nil || len(r.Clarification.Questions) == 0 {
				t.Fatalf("want the question %q asked back, got %s\n%s", c.ask, describeReply(r), tr)
			}
			if got := r.Clarification.Questions[0].Text; got != c.ask {
				t.Errorf("asked %q, want %q", got, c.ask)
			}
		})
	}
}

// eachBackSchema holds albums and their tracks, products with a price.
func eachBackSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("album", []schema.Column{col("id", "INTEGER"), col("title", "TEXT")}),
		table("artist", []schema.Column{col("id", "INTEGER"), col("full_name", "TEXT")}),
		table("track", []schema.Column{col("id", "INTEGER"), col("album_id", "INTEGER"), col("artist_id", "INTEGER"), col("length", "REAL")},
			fk("album_id", "album"), fk("artist_id", "artist")),
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT"), col("product_price", "REAL")}),
	}}
}

// TestSettleEachBack: a final "each" that names nothing after it means
// what the question listed before its aggregate, so it gets the plan of
// the question that says so.
func TestSettleEachBack(t *testing.T) {
	s := eachBackSchema()
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []struct{ question, explicit string }{
		{`What are the titles and ids of the different albums, and how many tracks are on each?`,
			`What are the titles and ids of the different albums, and how many tracks are on each album?`},
		{`Give the title of each album and the number of tracks in each.`,
			`Give the title of each album and the number of tracks.`},
		{`What are the different product names? What is the average product price for each of them?`,
			`What is the average product price for each product name?`},
	} {
		t.Run(c.question, func(t *testing.T) {
			want, wtr := p.PlanWithTrace(c.explicit)
			if want.Plan == nil {
				t.Fatalf("the explicit question gets no plan: %s\n%s", describeReply(want), wtr)
			}
			got, tr := p.PlanWithTrace(c.question)
			if got.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(got), tr)
			}
			checkPlan(t, s, got.Plan)
			if diff := cmp.Diff(planValue(t, want.Plan), planValue(t, got.Plan)); diff != "" {
				t.Errorf("plan differs from %q (-want +got):\n%s\n%s", c.explicit, diff, tr)
			}
		})
	}
}

// TestSettleEachBackRefusals: with no table, or two, named before the
// count, "each" stays unread.
func TestSettleEachBackRefusals(t *testing.T) {
	runRefusals(t, eachBackSchema(), []string{
		`How many tracks are on each?`,
		`What are the titles of the albums and the names of the artists, and how many tracks are on each?`,
	})
}

// advisorSchema holds students whose advisor is a number (a staff id with
// no table of its own).
func advisorSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT"), col("advisor", "INTEGER")}),
	}}
}

// TestSettleCountDistinct: "different" right before a numeric column
// counted says its distinct values are counted; without it, the question
// is asked back.
func TestSettleCountDistinct(t *testing.T) {
	runAnswers(t, advisorSchema(), []answerCase{
		{`How many different advisors are listed?`,
			`{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"student.advisor"}}}],"from":{"table":"student"}}`},
	})
	runRefusals(t, advisorSchema(), []string{`How many advisors are listed?`})
}

// gamesSchema holds, per student and sport, the number of games played.
func gamesSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("sports_info", []schema.Column{col("id", "INTEGER"), col("sport_name", "TEXT"), col("games_played", "INTEGER")}),
	}}
}

// TestSettleCountTotal: "the total number of" a numeric column that holds
// a number per row is their sum; "the number of" it alone stays asked.
func TestSettleCountTotal(t *testing.T) {
	runAnswers(t, gamesSchema(), []answerCase{
		{`What is the total number of games played?`,
			`{"select":[{"expr":{"agg":"sum","arg":{"col":"sports_info.games_played"}}}],"from":{"table":"sports_info"}}`},
	})
	runRefusals(t, gamesSchema(), []string{`What is the number of games played?`})
}
