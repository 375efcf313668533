package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// shopContactsSchema has unrelated tables that each hold a phone column,
// one named for its table (supplier_phone) and others plainly, customers
// and staff that both have last names, and a child table of orders that
// refers to the customers.
func shopContactsSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("customers", []schema.Column{
			col("customer_id", "INTEGER"), col("customer_name", "TEXT", "Ann Lee"), col("phone_number", "TEXT", "555-0101"),
			col("last_name", "TEXT", "Lee"), col("email", "TEXT", "ann@example.com"),
		}),
		table("staff", []schema.Column{
			col("staff_id", "INTEGER"), col("last_name", "TEXT", "Ode"), col("phone_number", "TEXT", "555-0303"),
		}),
		table("suppliers", []schema.Column{
			col("supplier_id", "INTEGER"), col("supplier_name", "TEXT", "Acme"), col("supplier_phone", "TEXT", "555-0202"),
		}),
		table("orders", []schema.Column{
			col("order_id", "INTEGER"), col("customer_id", "INTEGER"), col("order_date", "DATE"), col("amount", "REAL"),
		}, fk("customer_id", "customers")),
	}}
}

// "the X of all A and B" is one list of the X of A together with the X of
// B: a UNION of each table's own column.
func TestUnionOfTwoTablesAnswers(t *testing.T) {
	union := `{"select":[{"expr":{"col":"customers.phone_number"}}],"from":{"table":"customers"},"set_op":{"op":"union","right":{"select":[{"expr":{"col":"suppliers.supplier_phone"}}],"from":{"table":"suppliers"}}}}`
	names := `{"select":[{"expr":{"col":"customers.customer_name"}}],"from":{"table":"customers"},"set_op":{"op":"union","right":{"select":[{"expr":{"col":"suppliers.supplier_name"}}],"from":{"table":"suppliers"}}}}`
	runAnswers(t, shopContactsSchema(), []answerCase{
		{"What are the phone numbers of all customers and suppliers?", union},
		{"Return the phone numbers for all customers and suppliers.", union},
		{"Find the phone number of all the customers and all suppliers.", union},
		{"list the names of customers and suppliers", names},
	})
}

// "the X used by (both) A and B" and "the X shared by A and B" are the
// values the two tables have in common: an INTERSECT of each table's own
// column.
func TestIntersectOfTwoTablesAnswers(t *testing.T) {
	common := `{"select":[{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"staff.last_name"}}],"from":{"table":"staff"}}}}`
	runAnswers(t, shopContactsSchema(), []answerCase{
		{"What are the last names that are used by customers and staff?", common},
		{"Which last names are both used by customers and by staff?", common},
		{"What are the last names used both by some customers and some staff?", common},
		{"last names shared by some customers and some staff", common},
	})
}

// Anything that may pair the two tables' rows, rather than list each,
// stays refused: a condition, an aggregate, an order, words after the
// second table, a column only one table holds or one reached by a join.
func TestUnionOfTwoTablesRefusals(t *testing.T) {
	runRefusals(t, shopContactsSchema(), []string{
		"What are the names of customers and the suppliers they use?",
		"How many customers and suppliers are there?",
		"phone numbers of customers and suppliers named Acme",
		"phone numbers of customers and suppliers ordered by name",
		"emails of all customers and suppliers",
		"order dates of all customers and suppliers",
		"names of customers and their suppliers",
		"last names used by customers and staff from Paris",
		"last names of customers used by staff",
		"last names sorted by customers and staff",
	})
}
