package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// countRelSchema has a child counted per parent with no verb between
// (invoices of orders), a table whose rows each pair one customer with
// one policy type (policy), a table two keys tie to another (transfer to
// account), a table ranked by a column of its parent (lifter, person)
// a status most shipments belong to, and shows with nominees and results.
func countRelSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("orders", []schema.Column{col("id", "INTEGER"), col("order_details", "TEXT", "rush")}),
		table("invoices", []schema.Column{col("id", "INTEGER"), col("order_id", "INTEGER"), col("invoice_date", "DATE")},
			fk("order_id", "orders")),
		table("customers", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann Lee"), complete(col("segment", "TEXT", "Retail", "Business"))}),
		table("policies", []schema.Column{
			col("id", "INTEGER"), col("customer_id", "INTEGER"), complete(col("policy_type_code", "TEXT", "Car", "Home")),
		}, fk("customer_id", "customers")),
		table("account", []schema.Column{col("id", "INTEGER"), col("account_name", "TEXT", "Main")}),
		table("transfer", []schema.Column{col("id", "INTEGER"), col("from_account_id", "INTEGER"), col("to_account_id", "INTEGER"), complete(col("channel", "TEXT", "web", "branch"))},
			fk("from_account_id", "account"), fk("to_account_id", "account")),
		table("order_status", []schema.Column{col("id", "INTEGER"), col("status_description", "TEXT", "open")}),
		table("shipments", []schema.Column{col("id", "INTEGER"), col("order_status_id", "INTEGER"), complete(col("carrier", "TEXT", "UPS", "DHL"))},
			fk("order_status_id", "order_status")),
		table("show", []schema.Column{
			col("id", "INTEGER"), col("title", "TEXT", "Cats"), col("nominee", "TEXT", "Ann Lee"), complete(col("result", "TEXT", "Won", "Nominated")),
		}),
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo Chen"), col("weight", "REAL")}),
		table("weight_lifter", []schema.Column{col("id", "INTEGER"), col("person_id", "INTEGER"), col("total", "REAL")},
			fk("person_id", "person")),
	}}
}

// Counts of related rows with no verb, through a passive with an
// irregular participle whose X is a column of the table pairing X with
// the counted rows, in an object relative clause ("the order status most
// shipments belong to"), in a second relative clause after "and have" and
// past a value that is the verb X's name derives from ("the nominee who has
// been nominated for the most shows");
// and a table's name that modifies a column after a ranking word rather
// than being counted.
func TestCountRelAnswers(t *testing.T) {
	runAnswers(t, countRelSchema(), []answerCase{
		{"the id and order details for the order more than two invoices", `{"from":{"table":"orders"},"group_by":[{"col":"orders.id"},{"col":"orders.order_details"}],"having":{"left":{"agg":"count"},"op":"\u003e","right":{"value":2}},"joins":[{"on":[{"left":"orders.id","right":"invoices.order_id"}],"table":"invoices","type":"inner"}],"select":[{"expr":{"col":"orders.id"}},{"expr":{"col":"orders.order_details"}}]}`},
		{"Which policy type codes are chosen by more than 2 customers?", `{"from":{"table":"policies"},"group_by":[{"col":"policies.policy_type_code"}],"having":{"left":{"agg":"count"},"op":"\u003e","right":{"value":2}},"select":[{"expr":{"col":"policies.policy_type_code"}}]}`},
		{"Which policy type code was chosen by the most customers?", `{"from":{"table":"policies"},"group_by":[{"col":"policies.policy_type_code"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"policies.policy_type_code"}}]}`},
		{"the name of the weight lifter with the greatest weight lifter weight", `{"from":{"table":"weight_lifter"},"joins":[{"on":[{"left":"weight_lifter.person_id","right":"person.id"}],"table":"person","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"col":"person.weight"}}],"select":[{"expr":{"col":"person.name"}}]}`},
		{"the names of customers who are in the Retail segment and have more than 2 policies", `{"from":{"table":"customers"},"group_by":[{"col":"customers.id"}],"having":{"left":{"agg":"count"},"op":"\u003e","right":{"value":2}},"joins":[{"on":[{"left":"customers.id","right":"policies.customer_id"}],"table":"policies","type":"inner"}],"select":[{"expr":{"col":"customers.customer_name"}}],"where":{"left":{"col":"customers.segment"},"op":"=","right":{"value":"Retail"}}}`},
		{"Show the status description of the order status most shipments belong to.", `{"from":{"table":"order_status"},"group_by":[{"col":"order_status.id"}],"joins":[{"on":[{"left":"order_status.id","right":"shipments.order_status_id"}],"table":"shipments","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"order_status.status_description"}}]}`},
		{"Who is the nominee who has been nominated for the most shows?", `{"from":{"table":"show"},"group_by":[{"col":"show.nominee"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"show.nominee"}}]}`},
		{"List the nominees that have been nominated more than two shows.", `{"from":{"table":"show"},"group_by":[{"col":"show.nominee"}],"having":{"left":{"agg":"count"},"op":"\u003e","right":{"value":2}},"select":[{"expr":{"col":"show.nominee"}}]}`},
	})
}

func TestCountRelRefusals(t *testing.T) {
	runRefusals(t, countRelSchema(), []string{
		"the account more than two transfers",                // two keys from transfer to account
		"Which channels are chosen by more than 2 accounts?", // two keys: which one counts is not said
		// A condition on the counted rows: are all policies counted, or only Home ones?
		"the names of customers who use Home policy type code and have more than 2 policies",
		"Which nominee has won the most shows?",                                                       // "won" is no verb of a nominee: a condition
		"the order status most shipments",                                                             // no verb closes the clause
		"Show the status description of the order status most shipments belong to. List the carrier.", // more follows
	})
}
