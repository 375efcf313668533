package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// TestCountConditionsPastVerbs: a condition on a count of rows with no
// relative word before the comparison finds the grouped name the way a
// ranking by "the most" does: before a passive agent ("shared by", "used
// by") or a verb of relation ("contain"). A column of the counted table
// groups its own values; a table the counted rows refer to groups by its
// key, each counted row joined once.
func TestCountConditionsPastVerbs(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		// A repeating column of the counted table.
		{"the statuses shared by more than two orders", `{"from":{"table":"orders"},"group_by":[{"col":"orders.status"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":2}},"select":[{"expr":{"col":"orders.status"}}]}`},
		{"which order statuses are used by at least 3 orders", `{"from":{"table":"orders"},"group_by":[{"col":"orders.status"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":3}},"select":[{"expr":{"col":"orders.status"}}]}`},
		{"cities shared by more than 2 customers", `{"from":{"table":"customers"},"group_by":[{"col":"customers.city"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":2}},"select":[{"expr":{"col":"customers.city"}}]}`},
		// A parent table: grouped by its key, the number word read as a count.
		{"which categories contain more than 3 products", `{"from":{"table":"categories"},"group_by":[{"col":"categories.id"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":3}},"joins":[{"on":[{"left":"categories.id","right":"products.category_id"}],"table":"products","type":"inner"}],"select":[{"expr":{"col":"categories.name"}}]}`},
		{"names of categories that contain at most one product", `{"from":{"table":"categories"},"group_by":[{"col":"categories.id"}],"having":{"left":{"agg":"count"},"op":"<=","right":{"value":1}},"joins":[{"on":[{"left":"categories.id","right":"products.category_id"}],"table":"products","type":"inner"}],"select":[{"expr":{"col":"categories.name"}}]}`},
		{"clients that have employed at least 2 employees", `{"from":{"table":"clients"},"group_by":[{"col":"clients.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"joins":[{"on":[{"left":"clients.id","right":"employees.client_id"}],"table":"employees","type":"inner"}],"select":[{"expr":{"col":"clients.name"}}]}`},
	})
	runAnswers(t, setSchema(), []answerCase{
		// A count of rows per address, not two sets of members.
		{"the addresses shared by at least two members", `{"from":{"table":"member"},"group_by":[{"col":"member.address"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"select":[{"expr":{"col":"member.address"}}]}`},
	})
}

// TestCountConditionsThroughLinkVerbs: a verb that names a table whose
// rows each refer to one X and one Y ("rated": rating) counts those rows
// per X, joined through it.
func TestCountConditionsThroughLinkVerbs(t *testing.T) {
	runAnswers(t, rateSchema(), []answerCase{
		{"names of reviewers who rated more than 2 films", `{"from":{"table":"film"},"group_by":[{"col":"reviewer.id"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":2}},"joins":[{"on":[{"left":"film.id","right":"rating.film_id"}],"table":"rating","type":"inner"},{"on":[{"left":"rating.reviewer_id","right":"reviewer.id"}],"table":"reviewer","type":"inner"}],"select":[{"expr":{"col":"reviewer.name"}}]}`},
		{"reviewers that have rated at least one film", `{"from":{"table":"film"},"group_by":[{"col":"reviewer.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":1}},"joins":[{"on":[{"left":"film.id","right":"rating.film_id"}],"table":"rating","type":"inner"},{"on":[{"left":"rating.reviewer_id","right":"reviewer.id"}],"table":"reviewer","type":"inner"}],"select":[{"expr":{"col":"reviewer.name"}}]}`},
	})
}

// TestCountConditionsPastVerbsRefused: "by" right after the name, with no
// participle before it, is not a passive agent, so nothing says what the
// orders are counted per; a verb with no relative word before it may be a
// passive participle ("reviewers rated ..."), so who did what is unsaid.
func TestCountConditionsPastVerbsRefused(t *testing.T) {
	runRefusals(t, demoSchema(), []string{
		"status by more than two orders",
	})
	runRefusals(t, rateSchema(), []string{
		"which reviewers rated fewer than 3 films",
		"films rated by more than 2 reviewers",
	})
}

// rateSchema relates reviewers and films through a table named for the
// verb that relates them, each of its rows referring to one of each.
func rateSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("reviewer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo")}),
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Heat", "Up")}),
		table("rating", []schema.Column{col("id", "INTEGER"), col("reviewer_id", "INTEGER"), col("film_id", "INTEGER"), col("stars", "INTEGER")},
			fk("reviewer_id", "reviewer"), fk("film_id", "film")),
	}}
}
