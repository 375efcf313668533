package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// TestNeverNegatesOnce: "never" before a value of another table is read
// as a set difference or as NOT IN, never as both: together they negate
// the condition twice and return the films that were in China. "not"
// there is NOT IN through the link table.
func TestNeverNegatesOnce(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Jaws", "Alien")}),
		table("market", []schema.Column{col("id", "INTEGER"), complete(col("country", "TEXT", "China", "Japan"))}),
		table("film_market_estimation", []schema.Column{col("id", "INTEGER"), col("film_id", "INTEGER"), col("market_id", "INTEGER")},
			fk("film_id", "film"), fk("market_id", "market")),
	}}
	p := offline.New(s, offline.Options{Today: today})
	for _, q := range []string{
		"What are the titles of the films that were never in China?",
		"What are the titles of the films that were not in China?",
	} {
		t.Run(q, func(t *testing.T) {
			r := p.Plan(q)
			if r.Plan == nil {
				if strings.Contains(q, " not ") {
					t.Fatalf("no plan: %s", describeReply(r))
				}
				return // refusing is safe; answering twice negated is not
			}
			checkPlan(t, s, r.Plan)
			got := r.Plan.String()
			if strings.Contains(got, `"except"`) && strings.Contains(got, `"not_in"`) {
				t.Errorf("negated twice (EXCEPT around NOT IN): %s", got)
			}
		})
	}
}
