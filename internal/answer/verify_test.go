package answer_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/answer"
)

// ordersByCountry is a grouped count: 4 countries, 100 orders in all.
var ordersByCountry = answer.NewResult([]string{"country", "count"}, [][]any{
	{"Germany", int64(42)}, {"France", int64(30)}, {"Spain", int64(20)}, {"Italy", int64(8)},
}, false)

// revenueByMonth has a money column with cents and a signed change.
var revenueByMonth = answer.NewResult([]string{"month", "revenue", "change"}, [][]any{
	{"2024-01", 1234567.0, nil}, {"2024-02", 1100000.5, -134566.5}, {"2024-03", 1500000.0, 399999.5},
}, false)

var singleCount = answer.NewResult([]string{"count"}, [][]any{{int64(300)}}, false)

var avgSalary = answer.NewResult([]string{"avg_salary"}, [][]any{{52345.678}}, false)

var thirds = answer.NewResult([]string{"status", "count"}, [][]any{{"done", int64(1)}, {"open", int64(2)}}, false)

func TestVerifyKeeps(t *testing.T) {
	for _, c := range []struct {
		name     string
		question string
		prose    string
		res      answer.Result
	}{
		{"cell", "", "Germany has 42 orders.", ordersByCountry},
		{"every cell and the row count", "", "There are 4 countries. Germany leads with 42, then France (30), Spain (20) and Italy (8).", ordersByCountry},
		{"total", "", "In total there were 100 orders.", ordersByCountry},
		{"average", "", "On average a country has 25 orders.", ordersByCountry},
		{"difference", "", "Germany has 12 more orders than France.", ordersByCountry},
		{"share", "", "Germany accounts for 42% of all orders.", ordersByCountry},
		{"share with decimals", "", "Italy's share is 8.0%.", ordersByCountry},
		{"ratio", "", "Germany has 2.1 times as many orders as Spain.", ordersByCountry},
		{"rounded percentage", "", "About 33% of the tasks are done.", thirds},
		{"rounded percentage two decimals", "", "Done tasks are 33.33% of the total.", thirds},
		{"percent word", "", "Done is 33 percent.", thirds},
		{"million", "", "January brought 1.2 million in revenue.", revenueByMonth},
		{"currency k", "", "February made $1,100k.", revenueByMonth},
		{"currency decimals", "", "March made $1,500,000.00.", revenueByMonth},
		{"negative", "", "The change in February was -134,566.5.", revenueByMonth},
		{"negative currency", "", "February changed by -$134.6k.", revenueByMonth},
		{"unicode minus", "", "February changed by \u2212134,566.5.", revenueByMonth},
		{"change percentage", "", "Revenue grew 36.4% from February to March.", revenueByMonth},
		{"decrease as magnitude", "", "Revenue fell by 10.9% from January to February.", revenueByMonth},
		{"dates and periods", "", "Between 2024-01 and 2024-03 revenue was highest in March 2024.", revenueByMonth},
		{"years after prepositions", "", "Since 1999 and in 2031 nothing changed.", ordersByCountry},
		{"ordinals", "", "Spain is 3rd and Italy 4th.", ordersByCountry},
		{"identifiers", "", "Q3 and B2B and the 5kg box.", ordersByCountry},
		{"question numbers", "top 7 countries with over 25 orders", "Of the top 7 countries, those with over 25 orders are Germany and France.", ordersByCountry},
		{"single count", "", "There are 300 customers.", singleCount},
		{"single average rounded", "", "The average salary is 52,345.68.", avgSalary},
		{"approximate", "", "The average salary is about 52,000.", avgSalary},
		{"approximate k", "", "Salaries average roughly $52k.", avgSalary},
		{"bound", "", "Germany has more than 40 orders.", ordersByCountry},
		{"no numbers", "", "Germany leads. France follows.", ordersByCountry},
		{"empty", "", "", ordersByCountry},
		{"distinct count", "", "The result lists 4 countries.", ordersByCountry},
		{"range", "", "Values are in the 10-20 range.", ordersByCountry},
		{"thousands grouped", "", "Total: 100.", ordersByCountry},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := answer.VerifyAnswer(c.question, c.prose, c.res)
			if got.Text != c.prose || len(got.Findings) != 0 {
				t.Errorf("changed %q\n got %q\n findings %+v", c.prose, got.Text, got.Findings)
			}
		})
	}
}

func TestVerifyFixes(t *testing.T) {
	for _, c := range []struct {
		name     string
		question string
		prose    string
		res      answer.Result
		want     string
		kinds    []answer.FindingKind
	}{
		{"wrong total corrected", "", "In total there were 120 orders.", ordersByCountry,
			"In total there were 100 orders.", []answer.FindingKind{answer.Corrected}},
		{"wrong average corrected", "", "The average is 27 orders per country.", ordersByCountry,
			"The average is 25 orders per country.", []answer.FindingKind{answer.Corrected}},
		{"made-up number dropped", "", "Germany leads. Shipping takes 17 days. France is second.", ordersByCountry,
			"Germany leads. France is second.", []answer.FindingKind{answer.Dropped}},
		{"wrong value of a named row", "", "France has 33 orders.", ordersByCountry,
			"France has 30 orders.", []answer.FindingKind{answer.Corrected}},
		{"wrong share corrected", "", "Germany accounts for 50% of all orders.", ordersByCountry,
			"Germany accounts for 42% of all orders.", []answer.FindingKind{answer.Corrected}},
		{"share keeps decimals", "", "Spain's share is 25.0%.", ordersByCountry,
			"Spain's share is 20.0%.", []answer.FindingKind{answer.Corrected}},
		{"wrong change corrected", "", "Revenue grew 50% from February to March.", revenueByMonth,
			"Revenue grew 36% from February to March.", []answer.FindingKind{answer.Corrected}},
		{"currency and scale kept", "", "The total revenue was $4.5 million.", revenueByMonth,
			"The total revenue was $3.8 million.", []answer.FindingKind{answer.Corrected}},
		{"k suffix kept", "", "The highest revenue was $2,000k.", revenueByMonth,
			"The highest revenue was $1,500k.", []answer.FindingKind{answer.Corrected}},
		{"single count corrected", "", "There are 310 customers.", singleCount,
			"There are 300 customers.", []answer.FindingKind{answer.Corrected}},
		{"single average corrected with decimals", "", "The average salary is 51,000.50.", avgSalary,
			"The average salary is 52,345.68.", []answer.FindingKind{answer.Corrected}},
		{"row count", "", "The query returned 7 rows.", ordersByCountry,
			"The query returned 4 rows.", []answer.FindingKind{answer.Corrected}},
		{"difference between named rows", "", "The difference between Germany and Italy is 31 orders.", ordersByCountry,
			"The difference between Germany and Italy is 34 orders.", []answer.FindingKind{answer.Corrected}},
		{"ambiguous difference dropped", "", "The difference is 77.", ordersByCountry,
			"", []answer.FindingKind{answer.Dropped}},
		{"bound not rewritten", "", "Germany has more than 60 orders. Italy has 8.", ordersByCountry,
			"Italy has 8.", []answer.FindingKind{answer.Dropped}},
		{"negative value of a named month", "", "February's change was -99. March is fine.", revenueByMonth,
			"February's change was -134566. March is fine.", []answer.FindingKind{answer.Corrected}},
		{"negative unsupported dropped", "", "One change was -99. March is fine.", revenueByMonth,
			"March is fine.", []answer.FindingKind{answer.Dropped}},
		{"two wrong numbers, both corrected", "", "The total is 90 and the average is 21.", ordersByCountry,
			"The total is 100 and the average is 25.", []answer.FindingKind{answer.Corrected, answer.Corrected}},
		{"one fixable one not: dropped", "", "The total is 90 and shipping took 9 days.", ordersByCountry,
			"", []answer.FindingKind{answer.Dropped}},
		{"abbreviation does not split", "", "Germany leads, e.g. with 42 orders. Italy has approx. 99 orders, i.e. few.", ordersByCountry,
			"Germany leads, e.g. with 42 orders. Italy has approx. 8 orders, i.e. few.", []answer.FindingKind{answer.Corrected}},
		{"decimal does not split", "", "Germany has 42.0 orders. Mars has 3.5 moons.", ordersByCountry,
			"Germany has 42.0 orders.", []answer.FindingKind{answer.Dropped}},
		{"question numbers are not reasons to keep others", "top 3 countries", "The top 3 countries hold 92 orders in total.", ordersByCountry,
			"The top 3 countries hold 100 orders in total.", []answer.FindingKind{answer.Corrected}},
		{"trailing newline kept", "", "Germany has 42.\nMars has 3 moons.\n", ordersByCountry,
			"Germany has 42.\n", []answer.FindingKind{answer.Dropped}},
		{"truncated total not recomputed", "", "In total there were 120 orders.", truncated(ordersByCountry),
			"", []answer.FindingKind{answer.Dropped}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := answer.VerifyAnswer(c.question, c.prose, c.res)
			if got.Text != c.want {
				t.Errorf("text:\n got %q\nwant %q\nfindings %+v", got.Text, c.want, got.Findings)
			}
			var kinds []answer.FindingKind
			for _, f := range got.Findings {
				kinds = append(kinds, f.Kind)
				if f.Reason == "" || f.Sentence == "" {
					t.Errorf("finding without reason or sentence: %+v", f)
				}
				if f.Kind == answer.Corrected && (f.Old == "" || f.New == "" || f.Old == f.New) {
					t.Errorf("correction without old/new: %+v", f)
				}
			}
			if diff := cmp.Diff(c.kinds, kinds); diff != "" {
				t.Errorf("finding kinds (-want +got):\n%s\n%+v", diff, got.Findings)
			}
			// What Verify returns, Verify accepts.
			if again := answer.VerifyAnswer(c.question, got.Text, c.res); len(again.Findings) != 0 {
				t.Errorf("verified text flagged again: %+v", again.Findings)
			}
		})
	}
}

func truncated(r answer.Result) answer.Result {
	r.Truncated = true
	return r
}

// TestVerifyFindingDetail checks what a correction reports.
func TestVerifyFindingDetail(t *testing.T) {
	got := answer.Verify("Overall the orders sum to 1,000.", ordersByCountry)
	want := []answer.Finding{{Kind: answer.Corrected, Sentence: "Overall the orders sum to 1,000.", Old: "1,000", New: "100", Reason: "the total of count"}}
	if diff := cmp.Diff(want, got.Findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if !strings.Contains(got.Text, "sum to 100.") {
		t.Errorf("text %q", got.Text)
	}
}
