package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// tourSchema: visitors visit attractions through a link table; the
// visitors' names are sampled values. Products have a maker of their own
// and a category (a parent) with a type.
func tourSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("attraction", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Zoo", "Tower")}),
		table("visitor", []schema.Column{col("id", "INTEGER"), complete(col("details", "TEXT", "Alison", "Rosalind", "Vincent")), complete(col("city", "TEXT", "Oslo", "Rome"))}),
		table("visit", []schema.Column{col("id", "INTEGER"), col("attraction_id", "INTEGER"), col("visitor_id", "INTEGER")},
			fk("attraction_id", "attraction"), fk("visitor_id", "visitor")),
		table("category", []schema.Column{col("id", "INTEGER"), complete(col("category_type", "TEXT", "Food", "Tool"))}),
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT"), complete(col("maker", "TEXT", "Acme", "Bolt")), col("category_id", "INTEGER")},
			fk("category_id", "category")),
	}}
}

// "Alison visited but Rosalind did not visit": the rows of the second
// value, denied the first's verb, taken away (EXCEPT); "but whose
// category type is not Food": a value's own != in a clause of its own,
// as without the "but".
func TestButNot(t *testing.T) {
	runAnswers(t, tourSchema(), []answerCase{
		{`What are the names of attractions that Alison visited but Rosalind did not visit?`, aliceNotRosalind},
		{`Which attractions did Alison visit but Rosalind did not visit?`, aliceNotRosalind},
		{`List the names of the products made by Acme but whose category type is not Food.`, `{"select":[{"expr":{"col":"product.product_name"}}],"from":{"table":"product"},"joins":[{"type":"inner","table":"category","on":[{"left":"product.category_id","right":"category.id"}]}],"where":{"and":[{"op":"=","left":{"col":"product.maker"},"right":{"value":"Acme"}},{"op":"!=","left":{"col":"category.category_type"},"right":{"value":"Food"}}]}}`},
	})
}

// The mirrored shape only: no verb repeated, a value of another column,
// or more said after the verb than the verb.
func TestButNotRefused(t *testing.T) {
	runRefusals(t, tourSchema(), []string{
		`What are the names of attractions that Alison visited but Rosalind did not?`,
		`What are the names of attractions that Alison visited but Oslo did not visit?`,
		`What are the names of attractions that Alison visited but Rosalind did not visit twice?`,
		`What are the names of attractions that Alison visited but Rosalind did not visit in Oslo?`,
	})
}

// "Alison visited and Rosalind did not visit" says what "but" says: the
// second value, denied the first's verb repeated, takes its rows away
// (EXCEPT), under the gates the "but" form holds. Read as two conditions
// on one row and "no visit at all", it would answer something else.
func TestAndNot(t *testing.T) {
	runAnswers(t, tourSchema(), []answerCase{
		{`What are the names of attractions that Alison visited and Rosalind did not visit?`, aliceNotRosalind},
		{`Which attractions did Alison visit and Rosalind did not visit?`, aliceNotRosalind},
		{`What are the names of attractions Alison visited and Rosalind never visited?`, aliceNotRosalind},
	})
}

// The "and" form under the "but" form's gates only; "X and not Y" shapes
// whose negation is not read as a set difference are refused rather than
// planned as two conditions and no visit at all.
func TestAndNotRefused(t *testing.T) {
	runRefusals(t, tourSchema(), []string{
		`What are the names of attractions that Alison visited and Rosalind did not?`,
		`What are the names of attractions that Alison visited and Oslo did not visit?`,
		`What are the names of attractions that Alison visited and Rosalind did not visit twice?`,
		`What are the names of attractions that Alison visited and Rosalind did not visit in Oslo?`,
		`What are the names of attractions visited by Alison and not by Rosalind?`,
		`What are the names of attractions visited by Alison and not visited by Rosalind?`,
		`What are the names of attractions that Alison and Rosalind did not visit?`,
	})
}

// aliceNotRosalind is the plan of "the attractions Alison visited but
// Rosalind did not visit": Alison's attractions EXCEPT Rosalind's.
const aliceNotRosalind = `{"select":[{"expr":{"col":"attraction.name"}}],"from":{"table":"attraction"},"where":{"op":"in","left":{"col":"attraction.id"},"subquery":{"select":[{"expr":{"col":"visit.attraction_id"}}],"from":{"table":"visit"},"joins":[{"type":"inner","table":"visitor","on":[{"left":"visit.visitor_id","right":"visitor.id"}]}],"where":{"op":"=","left":{"col":"visitor.details"},"right":{"value":"Alison"}}}},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"attraction.name"}}],"from":{"table":"attraction"},"where":{"op":"in","left":{"col":"attraction.id"},"subquery":{"select":[{"expr":{"col":"visit.attraction_id"}}],"from":{"table":"visit"},"joins":[{"type":"inner","table":"visitor","on":[{"left":"visit.visitor_id","right":"visitor.id"}]}],"where":{"op":"=","left":{"col":"visitor.details"},"right":{"value":"Rosalind"}}}}}}}`
