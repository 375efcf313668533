package plan_test

import (
	"testing"

	"querent/internal/plan"
)

// BenchmarkApplyPatch measures a follow-up's cost without an LLM: a limit
// and a filter on a grouped plan over three tables, audit included.
func BenchmarkApplyPatch(b *testing.B) {
	s := shopSchema()
	p := decodePlan(b, categoryPlan)
	cases := map[string][]plan.PatchOp{
		"modify_limit": {{Op: plan.PatchModifyLimit, Limit: plan.Int(3)}},
		"add_filter":   {{Op: plan.PatchAddFilter, Column: "orders.order_date", Operator: "year", Value: int64(2024)}},
	}
	for _, name := range []string{"modify_limit", "add_filter"} {
		ops := cases[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := plan.ApplyPatch(p, s, ops...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
