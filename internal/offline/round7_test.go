package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// TestNamedTableMeasure: an aggregate word that starts another table's
// column name ("total amount" is orders.total_amount) does not take the
// measure away from the table the question names when that table has a
// column of the remaining words (payments.amount). Each case runs on the
// real demo database against hand-written SQL.
func TestNamedTableMeasure(t *testing.T) {
	db, s := realDemo(t)
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []businessCase{
		{"total amount of payments by method", "SELECT method, sum(amount) FROM payments GROUP BY method", false, false},
		{"average amount of payments per method", "SELECT method, avg(amount) FROM payments GROUP BY method", false, false},
		{"maximum amount of payments", "SELECT max(amount) FROM payments", false, false},
		{"total amount of payments", "SELECT sum(amount) FROM payments", false, false},
		{"total quantity of order items per product",
			"SELECT p.name, sum(i.quantity) FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY p.id, p.name", false, false},
		{"sum of salaries of employees by title", "SELECT title, sum(salary) FROM employees GROUP BY title", false, false},
		// The phrase stands when its own table is the one named.
		{"total amount of orders by status", "SELECT status, sum(total_amount) FROM orders GROUP BY status", false, false},
		{"average total amount of orders", "SELECT avg(total_amount) FROM orders", false, false},
	} {
		runBusiness(t, p, db, s, c)
	}
}

// TestDemoBusinessPhrasing runs the store's own phrasing on the real demo
// database: "order total" as orders.total_amount, money verbs as the sum of
// the one money column of the table referring to the subject, "total
// <table>" as the sum of its one money column, an additive column grouped
// bare as its sum, and a group two keys up.
func TestDemoBusinessPhrasing(t *testing.T) {
	db, s := realDemo(t)
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []businessCase{
		{"average order total per month in 2025",
			"SELECT strftime('%Y-%m', order_date), avg(total_amount) FROM orders WHERE " + in2025 + " GROUP BY 1 ORDER BY 1", true, false},
		{"the highest order total", "SELECT max(total_amount) FROM orders", false, false},
		{"which customers spent the most",
			"SELECT c.first_name, c.last_name FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY sum(o.total_amount) DESC LIMIT 1", true, false},
		{"which customer spent the least money",
			"SELECT c.first_name, c.last_name FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY sum(o.total_amount) LIMIT 1", true, false},
		{"how much did each customer spend",
			"SELECT c.first_name, c.last_name, sum(o.total_amount) FROM orders o JOIN customers c ON o.customer_id = c.id GROUP BY c.id, c.first_name, c.last_name", false, false},
		{"total payments by method", "SELECT method, sum(amount) FROM payments GROUP BY method", false, false},
		{"quantity sold per category",
			"SELECT c.name, sum(i.quantity) FROM order_items i JOIN products p ON i.product_id = p.id JOIN categories c ON p.category_id = c.id GROUP BY p.category_id, c.name", false, false},
		{"total quantity of order items per category",
			"SELECT c.name, sum(i.quantity) FROM order_items i JOIN products p ON i.product_id = p.id JOIN categories c ON p.category_id = c.id GROUP BY p.category_id, c.name", false, false},
		{"quantity per product",
			"SELECT p.name, sum(i.quantity) FROM order_items i JOIN products p ON i.product_id = p.id GROUP BY p.id, p.name", false, false},
	} {
		runBusiness(t, p, db, s, c)
	}
}

// TestBusinessPhrasingRefusals: the same phrasing is refused when the
// money or the group could be several things, and a bare column that does
// not add up is not summed.
func TestBusinessPhrasingRefusals(t *testing.T) {
	runRefusals(t, demoSchema(), []string{
		"salary by title",                 // any aggregate of a salary
		"amount by method",                // "by" a column, not a table: a sort or a figure
		"how much did each employee earn", // no table refers to employees with money
		"which products cost the most",    // order lines hold prices, which do not add up
		"who spent the most",              // no subject
	})
	// Two tables of money refer to customers: which one is spent is not said.
	two := demoSchema()
	two.Tables = append(two.Tables, table("refunds", []schema.Column{
		col("id", "INTEGER"), col("customer_id", "INTEGER"), col("amount", "REAL"),
	}, fk("customer_id", "customers")))
	p := offline.New(two, offline.Options{Today: today})
	for _, q := range []string{"which customers spent the most", "how much did each customer spend"} {
		r := p.Plan(q)
		if r.Plan != nil || !strings.Contains(r.CannotAnswer, "orders.total_amount or refunds.amount") {
			t.Errorf("%q: %s, want a refusal naming both money columns", q, describeReply(r))
		}
	}
	// Two money columns in the table totalled.
	fees := demoSchema()
	for i := range fees.Tables {
		if fees.Tables[i].Name == "payments" {
			fees.Tables[i].Columns = append(fees.Tables[i].Columns, col("fee", "REAL"))
		}
	}
	if r := offline.New(fees, offline.Options{Today: today}).Plan("total payments by method"); r.Plan != nil {
		t.Errorf("total payments with an amount and a fee: planned %s", r.Plan)
	}
}
