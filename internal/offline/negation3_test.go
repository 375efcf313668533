package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// cardSchema: a customer holds many cards, each of one type.
func cardSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("customer", []schema.Column{col("id", "INTEGER"), complete(col("customer_name", "TEXT", "Ann", "Bob")), complete(col("gender", "TEXT", "F", "M"))}),
		table("card", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), complete(col("card_type", "TEXT", "Credit", "Debit")), col("limit_amount", "INTEGER")},
			fk("customer_id", "customer")),
	}}
}

// A negated value of a child, or of the child's parent, is the rows no
// child row with that value refers to (NOT IN, NULL keys left out), not
// a != that would keep a customer holding a Debit card beside a Credit
// one; the subject's own conditions stay outside the subquery.
func TestNegatedThroughChild(t *testing.T) {
	runAnswers(t, cardSchema(), []answerCase{
		{`Which customers do not have Credit?`, `{"select":[{"expr":{"col":"customer.customer_name"}}],"from":{"table":"customer"},"where":{"op":"not_in","left":{"col":"customer.id"},"subquery":{"select":[{"expr":{"col":"card.customer_id"}}],"from":{"table":"card"},"where":{"and":[{"op":"=","left":{"col":"card.card_type"},"right":{"value":"Credit"}},{"op":"is_not_null","left":{"col":"card.customer_id"}}]}}}}`},
		{`How many female customers are not using Debit?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customer"},"where":{"and":[{"op":"=","left":{"col":"customer.gender"},"right":{"value":"F"}},{"op":"not_in","left":{"col":"customer.id"},"subquery":{"select":[{"expr":{"col":"card.customer_id"}}],"from":{"table":"card"},"where":{"and":[{"op":"=","left":{"col":"card.card_type"},"right":{"value":"Debit"}},{"op":"is_not_null","left":{"col":"card.customer_id"}}]}}}]}}`},
		{`Which customers do not have a card limit amount above 500?`, `{"select":[{"expr":{"col":"customer.customer_name"}}],"from":{"table":"customer"},"where":{"op":"not_in","left":{"col":"customer.id"},"subquery":{"select":[{"expr":{"col":"card.customer_id"}}],"from":{"table":"card"},"where":{"and":[{"op":">","left":{"col":"card.limit_amount"},"right":{"value":500}},{"op":"is_not_null","left":{"col":"card.customer_id"}}]}}}}`},
	})
	runAnswers(t, clubSchema(), []answerCase{
		{`Which students are not in Chess?`, `{"select":[{"expr":{"col":"student.student_name"}}],"from":{"table":"student"},"where":{"op":"not_in","left":{"col":"student.id"},"subquery":{"select":[{"expr":{"col":"membership.student_id"}}],"from":{"table":"membership"},"joins":[{"type":"inner","table":"club","on":[{"left":"membership.club_id","right":"club.id"}]}],"where":{"and":[{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Chess"}},{"op":"is_not_null","left":{"col":"membership.student_id"}}]}}}}`},
		{`How many students older than 20 are not in Chess?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"student"},"where":{"and":[{"op":"not_in","left":{"col":"student.id"},"subquery":{"select":[{"expr":{"col":"membership.student_id"}}],"from":{"table":"membership"},"joins":[{"type":"inner","table":"club","on":[{"left":"membership.club_id","right":"club.id"}]}],"where":{"and":[{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Chess"}},{"op":"is_not_null","left":{"col":"membership.student_id"}}]}}},{"op":">","left":{"col":"student.age"},"right":{"value":20}}]}}`},
	})
}

// The difference is not read when the rows or column negated are named
// before the negation (a condition on them, not a denial of the
// relation), after "not only", or two hops up from the child.
func TestNegatedThroughChildRefused(t *testing.T) {
	runRefusals(t, cardSchema(), []string{
		`Show the names of customers whose card type is not Credit.`,
		`Which customers did not only have Credit cards?`,
	})
	runRefusals(t, clubSchema(), []string{
		`students of clubs whose club name is not Chess`,
		`students not in Oslo`,
	})
}
