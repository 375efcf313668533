package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// throughLinkSchema pairs employees with aircraft through certificate,
// products with characteristics through product_characteristics, and
// customers with addresses through customer_addresses; flights belong to
// aircraft.
func throughLinkSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("salary", "REAL")}),
		table("aircraft", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Boeing 747"), col("distance", "INTEGER")}),
		table("certificate", []schema.Column{col("eid", "INTEGER"), col("aid", "INTEGER")},
			fk("eid", "employee"), fk("aid", "aircraft")),
		table("flight", []schema.Column{col("id", "INTEGER"), col("origin", "TEXT", "Boston"), col("aid", "INTEGER")},
			fk("aid", "aircraft")),
		table("products", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT", "chair")}),
		table("characteristics", []schema.Column{col("id", "INTEGER"), col("characteristic_name", "TEXT", "slow")}),
		table("product_characteristics", []schema.Column{col("product_id", "INTEGER"), col("characteristic_id", "INTEGER")},
			fk("product_id", "products"), fk("characteristic_id", "characteristics")),
		table("customers", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann")}),
		table("addresses", []schema.Column{col("id", "INTEGER"), col("city", "TEXT", "Paris")}),
		table("customer_addresses", []schema.Column{col("customer_id", "INTEGER"), col("address_id", "INTEGER"), col("date_from", "DATE")},
			fk("customer_id", "customers"), fk("address_id", "addresses")),
	}}
}

// TestRankThroughLinkAnswers: a count ranking through a link table whose
// verb is followed by an infinitive ("certified to fly") or is a passive
// after the asked-for head ("which skill is used in fixing"), and one
// grouped by a column of a table paired with the counted one only by a
// link, count the link's rows.
func TestRankThroughLinkAnswers(t *testing.T) {
	runAnswers(t, throughLinkSchema(), []answerCase{
		{"What is the salary and name of the employee that is certified to fly the most planes?", `{"select":[{"expr":{"col":"employee.salary"}},{"expr":{"col":"employee.name"}}],"from":{"table":"employee"},"joins":[{"type":"inner","table":"certificate","on":[{"left":"employee.id","right":"certificate.eid"}]}],"group_by":[{"col":"employee.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"What is the characteristic name used by the most products?", `{"select":[{"expr":{"col":"characteristics.characteristic_name"}}],"from":{"table":"product_characteristics"},"joins":[{"type":"inner","table":"characteristics","on":[{"left":"product_characteristics.characteristic_id","right":"characteristics.id"}]}],"group_by":[{"col":"characteristics.characteristic_name"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"Which city has the most customers living in?", `{"select":[{"expr":{"col":"addresses.city"}}],"from":{"table":"customer_addresses"},"joins":[{"type":"inner","table":"addresses","on":[{"left":"customer_addresses.address_id","right":"addresses.id"}]}],"group_by":[{"col":"addresses.city"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
	runAnswers(t, linkRankSchema(), []answerCase{
		{"Which skill is used in fixing the most part faults? List the skill id and description.", `{"select":[{"expr":{"col":"skills_required_to_fix.skill_id"}},{"expr":{"col":"skills.skill_description"}}],"from":{"table":"skills"},"joins":[{"type":"inner","table":"skills_required_to_fix","on":[{"left":"skills.id","right":"skills_required_to_fix.skill_id"}]}],"group_by":[{"col":"skills.id"},{"col":"skills_required_to_fix.skill_id"},{"col":"skills.skill_description"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
}

// TestRankThroughLinkRefusals: with no relative word nor passive the
// verb's subject is not certain; a table with a parent may be asked about
// through it; two links between the same tables, or a table of events
// between them, leave which pairing is counted uncertain.
func TestRankThroughLinkRefusals(t *testing.T) {
	runRefusals(t, linkRankSchema(), []string{
		"which part fault requires the most skills to fix?",
		"which camera is used in taking photos of the most mountains?",
	})
	s := throughLinkSchema()
	// A second link between products and characteristics.
	s.Tables = append(s.Tables, table("product_features", []schema.Column{col("product_id", "INTEGER"), col("characteristic_id", "INTEGER")},
		fk("product_id", "products"), fk("characteristic_id", "characteristics")))
	runRefusals(t, s, []string{
		"What is the characteristic name used by the most products?",
	})
	events := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("city", []schema.Column{col("city_id", "INTEGER"), col("city_name", "TEXT", "Paris")}),
		table("team", []schema.Column{col("team_id", "INTEGER"), col("team_name", "TEXT", "Reds")}),
		table("match", []schema.Column{col("match_id", "INTEGER"), col("city_id", "INTEGER"), col("team_id", "INTEGER"),
			col("score", "INTEGER"), col("attendance", "INTEGER"), col("referee", "TEXT", "Bo")},
			fk("city_id", "city"), fk("team_id", "team")),
	}}
	runRefusals(t, events, []string{
		"Which city name has the most teams?",
	})
}

// yearsSchema holds a year in three tables, of which only section refers
// to course; customers and lessons both hold a status code.
func yearsSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Algebra")}),
		table("section", []schema.Column{col("id", "INTEGER"), col("course_id", "INTEGER"), col("semester", "TEXT", "Fall"), col("year", "INTEGER")},
			fk("course_id", "course")),
		table("teaches", []schema.Column{col("id", "INTEGER"), col("section_id", "INTEGER"), col("year", "INTEGER")},
			fk("section_id", "section")),
		table("customers", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann"), col("status_code", "TEXT", "Good")}),
		table("lessons", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("status_code", "TEXT", "Done")},
			fk("customer_id", "customers")),
	}}
}

// TestNarrowToReferrerAnswers: a column word several tables hold, counted
// against a table only one of them refers to, is that one's; one held by
// the counted table itself stays its own.
func TestNarrowToReferrerAnswers(t *testing.T) {
	runAnswers(t, yearsSchema(), []answerCase{
		{"Which year had the greatest number of courses?", `{"select":[{"expr":{"col":"section.year"}}],"from":{"table":"section"},"group_by":[{"col":"section.year"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"What is the status code with the least number of customers?", `{"select":[{"expr":{"col":"customers.status_code"}}],"from":{"table":"customers"},"group_by":[{"col":"customers.status_code"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
}

// TestNarrowToReferrerRefusals: when two of the tables holding the column
// refer to the counted one, which rows are counted is not certain.
func TestNarrowToReferrerRefusals(t *testing.T) {
	s := yearsSchema()
	s.Tables = append(s.Tables, table("offering", []schema.Column{col("id", "INTEGER"), col("course_id", "INTEGER"), col("year", "INTEGER")},
		fk("course_id", "course")))
	runRefusals(t, s, []string{
		"Which year had the greatest number of courses?",
	})
}
