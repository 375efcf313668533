package answer_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/answer"
	"querent/internal/plan"
)

func TestCheck(t *testing.T) {
	five := answer.NewResult([]string{"name", "n"}, [][]any{{"a", int64(1)}, {"b", int64(2)}, {"c", int64(3)}, {"d", int64(4)}, {"e", int64(5)}}, false)
	names := answer.NewResult([]string{"name"}, [][]any{{"a"}, {"b"}, {"c"}}, false)
	withNull := answer.NewResult([]string{"name", "email"}, [][]any{{"a", nil}, {"b", nil}}, false)
	empty := answer.NewResult([]string{"count"}, nil, false)
	germany := &plan.Plan{From: plan.Source{Table: "customers"}, Where: &plan.Cond{And: []plan.Cond{
		{Op: "=", Left: &plan.Expr{Col: "customers.country"}, Right: &plan.Expr{Value: "Germny", ValueSet: true}},
		{Op: ">", Left: &plan.Expr{Col: "customers.id"}, Right: &plan.Expr{Value: int64(3), ValueSet: true}},
		{Op: "in", Left: &plan.Expr{Col: "customers.city"}, Values: []plan.Expr{plan.Val("Berlin"), plan.Val("Bonn")}},
	}}}
	for _, c := range []struct {
		name     string
		question string
		plan     *plan.Plan
		res      answer.Result
		want     []string // codes
	}{
		{"top 3 got 5", "top 3 customers by orders", nil, five, []string{answer.IssueTooManyRows}},
		{"top five got 5", "top five customers", nil, five, nil},
		{"the 4 cheapest got 5", "the 4 cheapest products", nil, five, []string{answer.IssueTooManyRows}},
		{"5 best", "the 5 best sellers", nil, five, nil},
		{"top 10 got fewer", "top 10 products", nil, five, nil},
		{"last 3 months is a range", "orders in the last 3 months", nil, five, nil},
		{"first 2 weeks is a range", "how many orders per day in the first 2 weeks", nil, five, nil},
		{"how many got a list", "how many customers are there", nil, names, []string{answer.IssueNotACount}},
		{"how many got rows", "how many customers are there", nil, five, []string{answer.IssueNotACount}},
		{"how many got one", "how many customers are there", nil, singleCount, nil},
		{"number of per group", "number of orders per status", nil, ordersByCountry, nil},
		{"how many by", "how many customers by country", nil, ordersByCountry, nil},
		{"count for each", "count orders for each country", nil, ordersByCountry, nil},
		{"grouped without a number", "how many orders per status", nil, names, []string{answer.IssueNotACount}},
		{"which with many rows is fine", "which country has the most customers", nil, ordersByCountry, nil},
		{"what with many rows is fine", "what products are there", nil, names, nil},
		{"null column", "customers and their emails", nil, withNull, []string{answer.IssueNullColumn}},
		{"empty without plan", "customers in Atlantis", nil, empty, []string{answer.IssueEmpty}},
		{"empty with filters", "customers in Germny", germany, empty, []string{answer.IssueEmptyFilter, answer.IssueEmptyFilter, answer.IssueEmptyFilter}},
		{"country is not count", "which country has the most customers", nil, singleCount, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			issues := answer.Check(c.question, c.plan, c.res)
			var codes []string
			for _, is := range issues {
				codes = append(codes, is.Code)
				if is.Message == "" {
					t.Errorf("issue without message: %+v", is)
				}
			}
			if diff := cmp.Diff(c.want, codes); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%+v", diff, issues)
			}
		})
	}
}

// TestCheckEmptyFilterNames checks that an empty result names the filter
// value to refine.
func TestCheckEmptyFilterNames(t *testing.T) {
	p := &plan.Plan{From: plan.Source{Table: "orders"}, Where: &plan.Cond{Op: "=", Left: &plan.Expr{Col: "orders.status"}, Right: &plan.Expr{Value: "lost", ValueSet: true}}}
	got := answer.Check("orders with status lost", p, answer.NewResult([]string{"id"}, nil, false))
	want := []answer.Issue{{Code: answer.IssueEmptyFilter, Column: "orders.status", Value: "lost",
		Message: `no rows matched; the filter orders.status = "lost" may name a value that is not in the data: check its spelling and case, or filter another column`}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCheckDemo runs the checks on real offline answers: none may raise an
// issue, since they answer their questions.
func TestCheckDemo(t *testing.T) {
	d := theDemo(t)
	for _, q := range []string{
		"How many customers are there?", "number of orders per status", "top 5 products by unit price",
		"the 3 cheapest products", "how many customers per country", "which country has the most customers",
		"list all customers", "average salary of employees",
	} {
		p, res := d.ask(t, q)
		if issues := answer.Check(q, p, res); len(issues) != 0 {
			t.Errorf("%q: %+v", q, issues)
		}
	}
}
