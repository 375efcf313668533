package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// ballotSchema: a ballot refers to the members three times, as the member
// who voted and as the members voted for as chair and as treasurer.
func ballotSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("member", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Ann", "Bo")), col("age", "INTEGER")}),
		table("ballot", []schema.Column{col("id", "INTEGER"), col("member_id", "INTEGER"), col("year", "INTEGER"),
			col("chair_vote", "INTEGER"), col("treasurer_vote", "INTEGER")},
			fk("member_id", "member"), fk("chair_vote", "member"), fk("treasurer_vote", "member")),
	}}
}

// TestHeldKeyAnswers: a key noun after "have" or "with", for what the
// rows of the table it refers to hold, keeps the rows some row of the
// key's table refers to through THAT key, never another of its keys.
func TestHeldKeyAnswers(t *testing.T) {
	sub := func(key, where string) string {
		return `"from":{"table":"member"},"where":{"op":"in","left":{"col":"member.id"},"subquery":{"select":[{"expr":{"col":"ballot.` + key + `"}}],"from":{"table":"ballot"},"where":` + where + `}}`
	}
	notNull := func(key string) string { return `{"op":"is_not_null","left":{"col":"ballot.` + key + `"}}` }
	runAnswers(t, ballotSchema(), []answerCase{
		{`What are the names of the members who have chair votes?`,
			`{"select":[{"expr":{"col":"member.name"}}],` + sub("chair_vote", notNull("chair_vote")) + `}`},
		{`What are the names of the members who have a chair vote?`,
			`{"select":[{"expr":{"col":"member.name"}}],` + sub("chair_vote", notNull("chair_vote")) + `}`},
		{`How many members have treasurer votes?`,
			`{"select":[{"expr":{"agg":"count"}}],` + sub("treasurer_vote", notNull("treasurer_vote")) + `}`},
		{`What is the average age of members with treasurer votes?`,
			`{"select":[{"expr":{"agg":"avg","arg":{"col":"member.age"}}}],` + sub("treasurer_vote", notNull("treasurer_vote")) + `}`},
		{`Which members received chair votes?`,
			`{"select":[{"expr":{"col":"member.name"}}],` + sub("chair_vote", notNull("chair_vote")) + `}`},
		{`Which members have no chair votes?`,
			`{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"where":{"op":"not_in","left":{"col":"member.id"},"subquery":{"select":[{"expr":{"col":"ballot.chair_vote"}}],"from":{"table":"ballot"},"where":` + notNull("chair_vote") + `}}}`},
		// Counted and ranked: grouped by the member, joined through the
		// key the word names.
		{`Which member has the most chair votes?`,
			`{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"joins":[{"type":"inner","table":"ballot","on":[{"left":"member.id","right":"ballot.chair_vote"}]}],"group_by":[{"col":"member.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{`What are the names of members with at least 2 treasurer votes?`,
			`{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"joins":[{"type":"inner","table":"ballot","on":[{"left":"member.id","right":"ballot.treasurer_vote"}]}],"group_by":[{"col":"member.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		// "How many" and "the number of" before the key noun count the
		// rows of the key's table that refer to each member by it.
		{`How many chair votes does each member have?`,
			`{"select":[{"expr":{"col":"member.name"}},{"expr":{"agg":"count"}}],"from":{"table":"ballot"},"joins":[{"type":"inner","table":"member","on":[{"left":"ballot.chair_vote","right":"member.id"}]}],"group_by":[{"col":"ballot.chair_vote"},{"col":"member.name"}]}`},
		{`What is the number of treasurer votes of each member?`,
			`{"select":[{"expr":{"col":"member.name"}},{"expr":{"agg":"count"}}],"from":{"table":"ballot"},"joins":[{"type":"inner","table":"member","on":[{"left":"ballot.treasurer_vote","right":"member.id"}]}],"group_by":[{"col":"ballot.treasurer_vote"},{"col":"member.name"}]}`},
		{`How many chair votes did the member named Ann get?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"ballot"},"joins":[{"type":"inner","table":"member","on":[{"left":"ballot.chair_vote","right":"member.id"}]}],"where":{"op":"=","left":{"col":"member.name"},"right":{"value":"Ann"}}}`},
		// A column of the key's table is a condition on the rows that
		// refer; "distinct" keeps each name once.
		{`Find the distinct names of members who have chair votes in the year 2020.`,
			`{"distinct":true,"select":[{"expr":{"col":"member.name"}}],` + sub("chair_vote", `{"op":"=","left":{"col":"ballot.year"},"right":{"value":2020}}`) + `}`},
	})
}

// TestHeldKeyRefusals: two key nouns, a key noun whose rows are not named
// (the ballots hold the key themselves), the key's table named as well,
// and a key from a table to itself stay refused.
func TestHeldKeyRefusals(t *testing.T) {
	runRefusals(t, ballotSchema(), []string{
		`What are the names of the members who have chair votes and treasurer votes?`,
		`How many ballots have chair votes?`,
		`What are the names of members who have chair votes in ballots of 2020?`,
	})
	runRefusals(t, selfKeySchema(), []string{
		`Which employees have managers?`,
	})
}
