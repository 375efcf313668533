package answer_test

import (
	"strings"
	"testing"

	"querent/internal/answer"
	"querent/internal/plan"
)

func TestSummarize(t *testing.T) {
	for _, c := range []struct {
		name string
		res  answer.Result
		want string
	}{
		{"empty", answer.NewResult([]string{"a"}, nil, false), "No rows matched."},
		{"count by name", singleCount, "count: 300."},
		{"average by name", avgSalary, "The average of salary is 52,345.68."},
		{"one row", answer.NewResult([]string{"name", "unit_price"}, [][]any{{"Desk Lamp", 99.5}}, false), "name: Desk Lamp, unit_price: 99.5."},
		{"grouped count: largest and total", ordersByCountry, "4 rows; largest: Germany with count 42. Total count: 100."},
		{"averages are not summed", answer.NewResult([]string{"method", "avg_amount"}, [][]any{{"card", 10.5}, {"paypal", 12.25}}, false),
			"2 rows; largest: paypal with avg_amount 12.25."},
		{"list", answer.NewResult([]string{"first_name", "last_name"}, [][]any{{"Anna", "Smith"}, {"Ben", "Lee"}}, false), "2 rows."},
		{"truncated: no total", truncated(ordersByCountry), "4 rows; largest: Germany with count 42. Showing the first 4 rows; more matched."},
		{"NULL cell", answer.NewResult([]string{"x"}, [][]any{{nil}}, false), "x: NULL."},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := answer.Summarize("", c.res)
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if v := answer.Verify(got, c.res); len(v.Findings) != 0 {
				t.Errorf("the summary does not pass Verify: %+v", v.Findings)
			}
		})
	}
}

// TestSummarizeDemo summarises real answers of the offline planner on the
// demo store, where the plan names what was counted.
func TestSummarizeDemo(t *testing.T) {
	d := theDemo(t)
	for _, c := range []struct{ question, want string }{
		{"How many customers are there?", "There are 300 customers."},
		{"How many customers are in Germany?", "There are 40 customers where country = Germany."},
		{"how many different cities are there", "There are 67 distinct values of city."},
		{"average salary of employees", "The average of salary is 76,483.33."},
		{"number of orders per status", "5 rows; largest: delivered with 3,282 orders. In total: 4,000 orders."},
		{"top 3 products by unit price", "Top: Summit Two-Person Tent (3 rows)."},
		{"what is the name and price of the most expensive product", "name: Summit Two-Person Tent, unit_price: 404.49."},
		{"how many customers per country", "10 rows; largest: USA with 68 customers. In total: 300 customers."},
		// Counting across a join: the counted noun is not certain, so not named.
		{"how many orders per customer city", "66 rows; largest: Boston with count 199. Total count: 4,000."},
	} {
		t.Run(c.question, func(t *testing.T) {
			reply := d.planner.Plan(c.question)
			if reply.Plan == nil {
				t.Skipf("offline planner cannot answer: %s", reply.CannotAnswer)
			}
			p, res := d.ask(t, c.question)
			got := answer.SummarizePlan(c.question, p, res)
			t.Logf("%s → %s", c.question, got)
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if v := answer.VerifyAnswer(c.question, got, res); len(v.Findings) != 0 {
				t.Errorf("the summary does not pass Verify: %+v", v.Findings)
			}
		})
	}
}

// TestSummarizeRanking checks a plan ordered by a count: "Top", with the
// counted table named.
func TestSummarizeRanking(t *testing.T) {
	count := plan.Expr{Agg: "count"}
	p := &plan.Plan{From: plan.Source{Table: "customers"},
		Select:  []plan.SelectItem{{Expr: plan.Col("customers.country")}, {Expr: count, Alias: "count"}},
		GroupBy: []plan.Expr{plan.Col("customers.country")},
		OrderBy: []plan.OrderItem{{Expr: count, Desc: true}}}
	got := answer.SummarizePlan("", p, ordersByCountry)
	want := "Top: Germany with 42 customers (4 rows). In total: 100 customers."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p.OrderBy[0].Desc = false
	asc := answer.NewResult([]string{"country", "count"}, [][]any{{"Italy", int64(8)}, {"Spain", int64(20)}}, false)
	if got, want := answer.SummarizePlan("", p, asc), "First: Italy with 8 customers (2 rows). In total: 28 customers."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSummaryNamesPeriods(t *testing.T) {
	rng := func(from, to string) *plan.Plan {
		return &plan.Plan{
			Select: []plan.SelectItem{{Expr: plan.Expr{Agg: "count"}}},
			From:   plan.Source{Table: "orders"},
			Where: &plan.Cond{And: []plan.Cond{
				{Op: ">=", Left: &plan.Expr{Col: "orders.order_date"}, Right: &plan.Expr{Value: from, ValueSet: true}},
				{Op: "<", Left: &plan.Expr{Col: "orders.order_date"}, Right: &plan.Expr{Value: to, ValueSet: true}},
			}},
		}
	}
	res := answer.NewResult([]string{"count"}, [][]any{{int64(12)}}, false)
	for _, c := range []struct{ from, to, want string }{
		{"2025-01-01", "2026-01-01", "in 2025"},
		{"2024-03-01", "2024-04-01", "in 2024-03"},
		{"2024-03-05", "2024-04-01", ">= 2024-03-05"}, // not a whole period: said as is
	} {
		if got := answer.SummarizePlan("How many orders?", rng(c.from, c.to), res); !strings.Contains(got, c.want) {
			t.Errorf("%s..%s: %q, want it to say %q", c.from, c.to, got, c.want)
		}
	}
}
