package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// besideSchema has a parent keyed by a number with two name columns
// (customer) and its children (account), and a parent whose key is its
// only way to tell rows apart from a shared name (branch, referred to by
// loan).
func besideSchema() *schema.Schema {
	customer := table("customer", []schema.Column{col("customer_id", "INTEGER"), col("first_name", "TEXT"), col("last_name", "TEXT"), col("phone", "TEXT")})
	customer.PrimaryKey = []string{"customer_id"}
	account := table("account", []schema.Column{col("account_id", "INTEGER"), col("customer_id", "INTEGER"), col("account_name", "TEXT")})
	account.PrimaryKey = []string{"account_id"}
	account.ForeignKeys = []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customer", RefColumns: []string{"customer_id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{customer, account}}
}

// TestBesideParentAnswers: the parent's columns and the key to it named
// as one list before a ranking or condition on the count of its children
// group the children by that key, not by the last column of the list,
// and show the parent's own key column (same value, one per group).
func TestBesideParentAnswers(t *testing.T) {
	const from = `"from":{"table":"customer"},"joins":[{"type":"inner","table":"account","on":[{"left":"customer.customer_id","right":"account.customer_id"}]}],"group_by":[{"col":"customer.customer_id"}]`
	runAnswers(t, besideSchema(), []answerCase{
		{"What is the customer id, first and last name with most number of accounts.", `{"select":[{"expr":{"col":"customer.customer_id"}},{"expr":{"col":"customer.first_name"}},{"expr":{"col":"customer.last_name"}}],` + from + `,"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"What is the customer last name, id and phone with the most accounts?", `{"select":[{"expr":{"col":"customer.last_name"}},{"expr":{"col":"customer.customer_id"}},{"expr":{"col":"customer.phone"}}],` + from + `,"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"Show the customer id and last name with at least 2 accounts.", `{"select":[{"expr":{"col":"customer.customer_id"}},{"expr":{"col":"customer.last_name"}}],` + from + `,"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
	})
}

// TestBesideParentRefusals: a column of the counted rows themselves is
// not one value per parent, so the list is not the parent's; and a
// grouping introduced by a group word ("for each last name") is the
// groups asked for, which a customer id does not name.
func TestBesideParentRefusals(t *testing.T) {
	runRefusals(t, besideSchema(), []string{
		"What is the account name and last name with the most accounts?",
		"Show the customer id and the number of accounts for each last name.",
	})
}
