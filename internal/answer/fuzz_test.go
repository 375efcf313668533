package answer_test

import (
	"testing"

	"querent/internal/answer"
)

// FuzzVerify checks that Verify never panics, and that what it returns it
// accepts: no number of the verified text is flagged again.
func FuzzVerify(f *testing.F) {
	for _, s := range []string{
		"Germany has 42 orders. In total there were 120 orders.",
		"About 33% of the tasks are done; $1.2k in 2024-03, -5, \u22123.5, 1,234.5 million.",
		"The difference between Germany and Italy is 30. Mars has 3.5 moons.\n- 12 rows",
		"e.g. 5 i.e. 6. Q1 2024 3rd 10-20 5kg 1.2.3 $-4 -$4 (−7) 12 % 3 per cent 2x 4 times",
		"", ".", "1.", "-", "$", "1,2,3", "99999999999999999999999", "0.000001%",
	} {
		f.Add(s, "top 5 countries")
	}
	results := []answer.Result{ordersByCountry, revenueByMonth, singleCount, avgSalary, thirds, truncated(ordersByCountry),
		answer.NewResult([]string{"x"}, nil, false)}
	f.Fuzz(func(t *testing.T, prose, question string) {
		for _, res := range results {
			got := answer.VerifyAnswer(question, prose, res)
			if len(got.Findings) == 0 && got.Text != prose {
				t.Fatalf("text changed without findings: %q → %q", prose, got.Text)
			}
			if again := answer.VerifyAnswer(question, got.Text, res); len(again.Findings) != 0 {
				t.Fatalf("verified text %q (from %q) flagged again: %+v", got.Text, prose, again.Findings)
			}
		}
	})
}
