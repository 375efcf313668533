package offline_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"querent/internal/database"
	"querent/internal/offline"
	"querent/internal/schema"
)

// businessCase is a first question a user of a store database asks, and
// the SQL written by hand that answers it. ordered says the rows come in a
// defined order; otherwise both sides are compared sorted.
type businessCase struct {
	question string
	sql      string
	ordered  bool
	// empty allows no rows (every product of the demo has been ordered):
	// the plan itself is then checked in TestNeverPlans.
	empty bool
}

const (
	in2025     = "order_date >= '2025-01-01' AND order_date < '2026-01-01'"
	quarterSQL = "(strftime('%Y', order_date) || '-Q' || ((CAST(strftime('%m', order_date) AS INTEGER) + 2) / 3))"
)

// TestDemoBusinessQuestions runs each question's plan on the real demo
// database and compares its rows with the hand-written SQL's.
func TestDemoBusinessQuestions(t *testing.T) {
	db, s := realDemo(t)
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []businessCase{
		// Period grouping: a date bucket of the measured table's date
		// column, in date order, with the question's other filters.
		{"average total amount of orders per month in 2025",
			"SELECT strftime('%Y-%m', order_date), avg(total_amount) FROM orders WHERE " + in2025 + " GROUP BY 1 ORDER BY 1", true, false},
		{"how many orders per month in 2025",
			"SELECT strftime('%Y-%m', order_date), count(*) FROM orders WHERE " + in2025 + " GROUP BY 1 ORDER BY 1", true, false},
		{"number of orders by quarter",
			"SELECT " + quarterSQL + ", count(*) FROM orders GROUP BY 1 ORDER BY 1", true, false},
		{"monthly number of orders in 2025",
			"SELECT strftime('%Y-%m', order_date), count(*) FROM orders WHERE " + in2025 + " GROUP BY 1 ORDER BY 1", true, false},
		{"sum of payment amounts per year",
			"SELECT strftime('%Y', paid_at), sum(amount) FROM payments GROUP BY 1 ORDER BY 1", true, false},
		{"maximum salary of employees for each year",
			"SELECT strftime('%Y', hire_date), max(salary) FROM employees GROUP BY 1 ORDER BY 1", true, false},
		{"how many orders from customers in Germany per year",
			"SELECT strftime('%Y', o.order_date), count(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE c.country = 'Germany' GROUP BY 1 ORDER BY 1", true, false},
		// Parents ranked by the sum of a child's additive column, along
		// the direct key (orders.customer_id), not through their client.
		{"top 5 customers by total amount",
			"SELECT c.first_name, c.last_name FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY sum(o.total_amount) DESC LIMIT 5", true, false},
		{"the customer with the highest total amount",
			"SELECT c.first_name, c.last_name FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY sum(o.total_amount) DESC LIMIT 1", true, false},
		{"the 3 products with the lowest quantity",
			"SELECT p.name FROM products p JOIN order_items i ON i.product_id = p.id GROUP BY p.id ORDER BY sum(i.quantity) LIMIT 3", true, false},
		// Rows no line item refers to.
		{"which products have never been ordered",
			"SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM order_items WHERE product_id IS NOT NULL)", false, true},
		{"products without orders",
			"SELECT name FROM products WHERE id NOT IN (SELECT product_id FROM order_items WHERE product_id IS NOT NULL)", false, true},
		// Questions of the same list that already answered: kept so.
		{"how many orders per status", "SELECT status, count(*) FROM orders GROUP BY status", false, false},
		{"number of customers per country in 2025",
			"SELECT country, count(*) FROM customers WHERE created_at >= '2025-01-01' AND created_at < '2026-01-01' GROUP BY country", false, false},
		{"orders placed last month",
			"SELECT * FROM orders WHERE order_date >= '2025-05-01' AND order_date < '2025-06-01'", false, false},
		{"the 3 employees with the highest salary",
			"SELECT first_name, last_name FROM employees ORDER BY salary DESC LIMIT 3", true, false},
		{"average unit price of products per category",
			"SELECT c.name, avg(p.unit_price) FROM products p JOIN categories c ON p.category_id = c.id GROUP BY p.category_id, c.name", false, false},
		{"average amount of payments per method",
			"SELECT method, avg(amount) FROM payments GROUP BY method", false, false},
	} {
		runBusiness(t, p, db, s, c)
	}
}

// runBusiness runs one case's plan on the demo database and compares its
// rows with the hand-written SQL's.
func runBusiness(t *testing.T, p *offline.Planner, db database.Engine, s *schema.Schema, c businessCase) {
	t.Helper()
	t.Run(c.question, func(t *testing.T) {
		r := planned(t, p, s, c.question)
		got, want := runPlan(t, db, s, r.Plan), runSQL(t, db, c.sql)
		if len(want) == 0 && !c.empty {
			t.Fatalf("the hand-written SQL returns no rows: the case cannot tell plans apart")
		}
		if !c.ordered {
			got, want = sortedRows(got), sortedRows(want)
		}
		if len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("rows differ\nplan %s\ngot  %v\nwant %v", r.Plan, got, want)
		}
	})
}

func sortedRows(rows [][]any) [][]any {
	out := slices.Clone(rows)
	slices.SortFunc(out, func(a, b []any) int { return strings.Compare(fmt.Sprint(a...), fmt.Sprint(b...)) })
	return out
}

// TestNeverPlans checks the plan of "never ordered": no line item refers
// to the product (an order holds products through its lines).
func TestNeverPlans(t *testing.T) {
	never := `{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"where":{"op":"not_in","left":{"col":"products.id"},"subquery":{"select":[{"expr":{"col":"order_items.product_id"}}],"from":{"table":"order_items"},"where":{"op":"is_not_null","left":{"col":"order_items.product_id"}}}}}`
	runAnswers(t, demoSchema(), []answerCase{
		{"which products have never been ordered", never},
		{"products without orders", never},
		{"how many products have no orders", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"products"},"where":{"op":"not_in","left":{"col":"products.id"},"subquery":{"select":[{"expr":{"col":"order_items.product_id"}}],"from":{"table":"order_items"},"where":{"op":"is_not_null","left":{"col":"order_items.product_id"}}}}}`},
	})
}

// TestPeriodPlans checks the plan a period phrase gives: the bucket of
// the date column grouped and ordered, and the reason saying so.
func TestPeriodPlans(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		{"number of orders per month", `{"select":[{"expr":{"bucket":"month","arg":{"col":"orders.order_date"}}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"bucket":"month","arg":{"col":"orders.order_date"}}],"order_by":[{"expr":{"bucket":"month","arg":{"col":"orders.order_date"}}}]}`},
		{"daily count of payments", `{"select":[{"expr":{"bucket":"day","arg":{"col":"payments.paid_at"}}},{"expr":{"agg":"count"}}],"from":{"table":"payments"},"group_by":[{"bucket":"day","arg":{"col":"payments.paid_at"}}],"order_by":[{"expr":{"bucket":"day","arg":{"col":"payments.paid_at"}}}]}`},
		{"total salary of employees by week", `{"select":[{"expr":{"bucket":"week","arg":{"col":"employees.hire_date"}}},{"expr":{"agg":"sum","arg":{"col":"employees.salary"}}}],"from":{"table":"employees"},"group_by":[{"bucket":"week","arg":{"col":"employees.hire_date"}}],"order_by":[{"expr":{"bucket":"week","arg":{"col":"employees.hire_date"}}}]}`},
	})
	p := offline.New(demoSchema(), offline.Options{Today: today})
	r := p.Plan("average total amount of orders per month in 2025")
	if r.Plan == nil {
		t.Fatalf("no plan: %s", describeReply(r))
	}
	if want := "per month of orders.order_date in date order"; !strings.Contains(r.Plan.Reason, want) {
		t.Errorf("reason %q lacks %q", r.Plan.Reason, want)
	}
}

// eventSchema has a table with two dates, and one with a year column.
func eventSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("events", []schema.Column{
			col("id", "INTEGER"), col("title", "TEXT", "Launch"), col("start_date", "DATE"), col("end_date", "DATE"), col("cost", "REAL"),
		}),
		table("races", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Monaco"), col("year", "INTEGER")}),
	}}
}

// TestPeriodRefusals: a period with nothing to compute, with two dates to
// choose from, or beside another grouping is refused with the reason.
func TestPeriodRefusals(t *testing.T) {
	p := offline.New(eventSchema(), offline.Options{Today: today})
	for q, want := range map[string]string{
		"number of events per month": "start_date or events.end_date",
		"events by week":             "what to compute by week",
	} {
		r := p.Plan(q)
		if r.Plan != nil || !strings.Contains(r.CannotAnswer, want) {
			t.Errorf("%q: %s, want a refusal containing %q", q, describeReply(r), want)
		}
	}
	d := offline.New(demoSchema(), offline.Options{Today: today})
	for _, q := range []string{"how many orders per customer per month", "orders by week", "number of orders per month per week"} {
		if r := d.Plan(q); r.Plan != nil {
			t.Errorf("%q: planned %s", q, r.Plan)
		}
	}
	// A column called year is that column, not a period.
	r := p.Plan("number of races per year")
	if r.Plan == nil || len(r.Plan.GroupBy) != 1 || r.Plan.GroupBy[0].Col != "races.year" {
		t.Errorf("per year: %s, want grouped by races.year", describeReply(r))
	}
}

// TestTotalOfANonMoneyTable: "total orders" is as often a count as a sum
// of order totals, so only a table whose rows are money reads "total
// <table>" as the sum of its money column.
func TestTotalOfANonMoneyTable(t *testing.T) {
	d := offline.New(demoSchema(), offline.Options{Today: today})
	for _, q := range []string{"total orders by status", "total orders"} {
		if r := d.Plan(q); r.Plan != nil {
			t.Errorf("%q: planned %s; want a refusal (count or sum?)", q, r.Plan)
		}
	}
	if r := d.Plan("total payments by method"); r.Plan == nil || !strings.Contains(r.Plan.String(), "payments.amount") {
		t.Errorf("total payments by method: %s, want the sum of payments.amount", describeReply(r))
	}
}
