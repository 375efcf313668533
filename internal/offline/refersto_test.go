package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// makerSchema holds products, each made by one maker, and customers who
// hold policies of a type through a link table.
func makerSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("maker", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Sony", "Fujitsu", "Iomega"))}),
		table("product", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("price", "REAL"), col("maker_id", "INTEGER")},
			fk("maker_id", "maker")),
		table("channel", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), complete(col("owner", "TEXT", "CCTV", "HBS", "Phoenix"))}),
		table("customer", []schema.Column{col("id", "INTEGER"), complete(col("customer_name", "TEXT", "Dayana Robel", "Ann Lee"))}),
		table("policy", []schema.Column{col("id", "INTEGER"), complete(col("policy_type", "TEXT", "Life", "Car"))}),
		table("customer_policy", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("policy_id", "INTEGER")},
			fk("customer_id", "customer"), fk("policy_id", "policy")),
	}}
}

// TestReferstoAnswers: "by" as the agent of a passive verb, before "both"
// or "either" with values, or before a row already pinned by a value, is
// a plain preposition; the list of what one pinned row uses is distinct.
func TestReferstoAnswers(t *testing.T) {
	joinMaker := `"from":{"table":"product"},"joins":[{"type":"inner","table":"maker","on":[{"left":"product.maker_id","right":"maker.id"}]}]`
	runAnswers(t, makerSchema(), []answerCase{
		{`What are the titles of products made by both Sony and Fujitsu?`,
			`{"select":[{"expr":{"col":"product.title"}}],` + joinMaker + `,"where":{"op":"=","left":{"col":"maker.name"},"right":{"value":"Sony"}},` +
				`"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"product.title"}}],` + joinMaker + `,"where":{"op":"=","left":{"col":"maker.name"},"right":{"value":"Fujitsu"}}}}}`},
		{`List the titles of the channels owned by either CCTV or HBS.`,
			`{"select":[{"expr":{"col":"channel.title"}}],"from":{"table":"channel"},"where":{"op":"in","left":{"col":"channel.owner"},"values":[{"value":"CCTV"},{"value":"HBS"}]}}`},
		{`Tell me the types of the policies used by the customer named "Dayana Robel".`,
			`{"distinct":true,"select":[{"expr":{"col":"policy.policy_type"}}],"from":{"table":"policy"},"where":{"op":"in","left":{"col":"policy.id"},` +
				`"subquery":{"select":[{"expr":{"col":"customer_policy.policy_id"}}],"from":{"table":"customer_policy"},"joins":[{"type":"inner","table":"customer","on":[{"left":"customer_policy.customer_id","right":"customer.id"}]}],` +
				`"where":{"op":"=","left":{"col":"customer.customer_name"},"right":{"value":"Dayana Robel"}}}}}`},
	})
}

// TestReferstoRefusals: "by" before "neither", or before "both" with
// columns (a grouping or an ordering, not an agent), stays unread.
func TestReferstoRefusals(t *testing.T) {
	runRefusals(t, makerSchema(), []string{
		`What are the titles of products made by neither Sony nor Fujitsu?`,
		`Show the products by both price and name.`,
	})
}
