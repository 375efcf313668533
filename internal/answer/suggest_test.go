package answer_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/answer"
)

// TestSuggestDemo checks follow-ups on the demo store: each is a question
// the offline planner answers, none repeats the question or its shape.
func TestSuggestDemo(t *testing.T) {
	d := theDemo(t)
	answerable := func(q string) bool { return d.planner.Plan(q).Plan != nil }
	sg := answer.NewSuggester(d.schema)
	for _, c := range []struct {
		question string
		want     []string
	}{
		{"How many customers are there?", []string{"How many customers per country?", "How many customers per client?", "How many customers per client country?"}},
		{"list all customers", []string{"How many customers are there?", "How many customers per country?", "How many customers per client?"}},
		{"number of orders per status", []string{"How many orders per client?", "How many orders per client country?", "How many orders per customer country?"}},
		{"how many orders were cancelled", []string{"How many orders per client?", "How many orders per client country?", "How many orders per customer country?"}},
		{"top 5 products by unit price", []string{"How many products per category?", "How many products per client?", "How many products per client country?"}},
		{"average amount of payments per method", []string{"How many payments per method?", "How many payments per order status?", "What are the top 5 payments by amount?"}},
		{"what is the total salary and average salary", []string{"How many employees per title?", "How many employees per client?", "How many employees per client country?"}},
	} {
		t.Run(c.question, func(t *testing.T) {
			p, res := d.ask(t, c.question)
			got := answer.SuggestWith(c.question, p, d.schema, res, answerable)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("suggestions (-want +got):\n%s", diff)
			}
			// The Suggester caches each table's candidates; asked twice, it
			// still says what SuggestWith says.
			for range 2 {
				if diff := cmp.Diff(got, sg.Suggest(c.question, p, res, answerable)); diff != "" {
					t.Errorf("Suggester (-SuggestWith +Suggester):\n%s", diff)
				}
			}
			for _, s := range got {
				if strings.EqualFold(s, c.question) {
					t.Errorf("repeats the question: %q", s)
				}
			}
			// Unfiltered, every suggestion still names only real columns and
			// stays within the cap.
			raw := answer.Suggest(c.question, p, d.schema, res)
			if len(raw) > answer.MaxSuggestions {
				t.Errorf("%d suggestions", len(raw))
			}
		})
	}
}

func TestSuggestWithoutPlanOrSchema(t *testing.T) {
	d := theDemo(t)
	p, res := d.ask(t, "How many customers are there?")
	if got := answer.Suggest("q", nil, d.schema, res); got != nil {
		t.Errorf("no plan: %v", got)
	}
	if got := answer.Suggest("q", p, nil, res); got != nil {
		t.Errorf("no schema: %v", got)
	}
}
