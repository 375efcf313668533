package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
)

func TestNameOutputs(t *testing.T) {
	p, err := plan.Decode([]byte(`{
		"select": [
			{"expr": {"col": "orders.status"}},
			{"expr": {"agg": "count"}},
			{"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}},
			{"expr": {"agg": "sum", "arg": {"col": "o2.total_amount"}}},
			{"expr": {"agg": "count_distinct", "arg": {"col": "orders.customer_id"}}},
			{"expr": {"bucket": "month", "arg": {"col": "orders.order_date"}}},
			{"expr": {"agg": "avg", "arg": {"col": "orders.total_amount"}}, "alias": "mine"},
			{"expr": {"arith": "+", "left": {"value": 1}, "right": {"value": 2}}}
		],
		"from": {"table": "orders"},
		"with": [{"name": "c", "plan": {"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}}}]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	before := p.String()
	got := plan.NameOutputs(p)
	var aliases []string
	for _, s := range got.Select {
		aliases = append(aliases, s.Alias)
	}
	want := []string{"", "count", "sum_total_amount", "sum_total_amount_2", "distinct_customer_id", "month", "mine", ""}
	if diff := cmp.Diff(want, aliases); diff != "" {
		t.Errorf("aliases (-want +got):\n%s", diff)
	}
	if got.With[0].Plan.Select[0].Alias != "" {
		t.Error("a CTE's outputs were renamed")
	}
	if p.String() != before {
		t.Error("NameOutputs changed its input")
	}
	// NameOwnOutputs names the same, in place.
	own := plan.NameOwnOutputs(p)
	if own != p {
		t.Error("NameOwnOutputs returned a copy")
	}
	if diff := cmp.Diff(got.String(), own.String()); diff != "" {
		t.Errorf("NameOwnOutputs (-NameOutputs +NameOwnOutputs):\n%s", diff)
	}
}
