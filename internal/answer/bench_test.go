package answer_test

import (
	"fmt"
	"testing"

	"querent/internal/answer"
)

// BenchmarkVerify checks a four-sentence explanation against a 1,000-row
// grouped result (the pairwise checks are capped at 200 values a column).
func BenchmarkVerify(b *testing.B) {
	res := answer.Result{Columns: []string{"customer", "orders", "amount"}}
	for i := 0; i < 1000; i++ {
		res.Rows = append(res.Rows, []any{fmt.Sprintf("customer %d", i), int64(i % 37), float64(i) * 1.25})
	}
	res.Kinds = answer.InferKinds(res.Columns, res.Rows)
	prose := "The total amount is $624,375. Customer 12 placed 12 orders, 3 more than customer 9. " +
		"About 0.2% of the amount comes from customer 999. Shipping took 17.5 days on average."
	b.ReportAllocs()
	for b.Loop() {
		answer.Verify(prose, res)
	}
}

// BenchmarkSummarize summarises the same result.
func BenchmarkSummarize(b *testing.B) {
	res := answer.NewResult([]string{"country", "count"}, [][]any{{"Germany", int64(42)}, {"France", int64(30)}}, false)
	for b.Loop() {
		answer.Summarize("how many customers per country", res)
	}
}
