package offline_test

import (
	"testing"

	"querent/internal/offline"
)

// FuzzPlan checks the planner's promises on any input: no panic, exactly
// one outcome, and any plan valid and naming only real columns.
func FuzzPlan(f *testing.F) {
	for _, q := range typical {
		f.Add(q)
	}
	for _, q := range []string{"", "'", `"a" 'b'`, "top 0 orders by total amount", "orders in 0999",
		"customers with last name ''", "1,000,000.5 orders", "don't delete", "O'Brien's orders",
		"how many orders per customer per status"} {
		f.Add(q)
	}
	s := demoSchema()
	p := offline.New(s, offline.Options{Today: today})
	f.Fuzz(func(t *testing.T, q string) {
		r := p.Plan(q)
		if !exactlyOne(r) {
			t.Fatalf("%q: reply without exactly one outcome: %+v", q, r)
		}
		if r.Plan != nil {
			checkPlan(t, s, r.Plan)
		}
	})
}
