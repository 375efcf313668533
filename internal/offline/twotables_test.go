package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// pairSchema: member references party by one key, party references
// region; reviewer and movie are linked only through rating; a city
// references a country twice (born, lives).
func pairSchema() *schema.Schema {
	region := table("region", []schema.Column{col("region_id", "INTEGER"), col("region_name", "TEXT")})
	region.PrimaryKey = []string{"region_id"}
	party := table("party", []schema.Column{col("party_id", "INTEGER"), col("party_name", "TEXT"), col("region_id", "INTEGER")})
	party.PrimaryKey = []string{"party_id"}
	party.ForeignKeys = []schema.ForeignKey{{Columns: []string{"region_id"}, RefTable: "region", RefColumns: []string{"region_id"}}}
	member := table("member", []schema.Column{col("member_id", "INTEGER"), col("member_name", "TEXT"), col("party_id", "INTEGER")})
	member.PrimaryKey = []string{"member_id"}
	member.ForeignKeys = []schema.ForeignKey{{Columns: []string{"party_id"}, RefTable: "party", RefColumns: []string{"party_id"}}}
	reviewer := table("reviewer", []schema.Column{col("reviewer_id", "INTEGER"), col("name", "TEXT")})
	reviewer.PrimaryKey = []string{"reviewer_id"}
	movie := table("movie", []schema.Column{col("movie_id", "INTEGER"), col("title", "TEXT")})
	movie.PrimaryKey = []string{"movie_id"}
	rating := table("rating", []schema.Column{col("reviewer_id", "INTEGER"), col("movie_id", "INTEGER"), col("stars", "INTEGER")})
	rating.ForeignKeys = []schema.ForeignKey{
		{Columns: []string{"reviewer_id"}, RefTable: "reviewer", RefColumns: []string{"reviewer_id"}},
		{Columns: []string{"movie_id"}, RefTable: "movie", RefColumns: []string{"movie_id"}},
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{region, party, member, reviewer, movie, rating}}
}

// TestTheirParent: "the names of members and their parties" shows each
// member's name beside the name of the party it references.
func TestTheirParent(t *testing.T) {
	runAnswers(t, pairSchema(), []answerCase{
		{"What are the names of members and their corresponding parties?", `{"select":[{"expr":{"col":"member.member_name"}},{"expr":{"col":"party.party_name"}}],"from":{"table":"member"},"joins":[{"type":"inner","table":"party","on":[{"left":"member.party_id","right":"party.party_id"}]}]}`},
		{"What are the names of parties and their respective regions?", `{"select":[{"expr":{"col":"party.party_name"}},{"expr":{"col":"region.region_name"}}],"from":{"table":"party"},"joins":[{"type":"inner","table":"region","on":[{"left":"party.region_id","right":"region.region_id"}]}]}`},
	})
}

// TestTheirParentRefused: two tables with no "their", or linked only
// through a third table, or a child listed as "their" parent's, stay
// refused.
func TestTheirParentRefused(t *testing.T) {
	runRefusals(t, pairSchema(), []string{
		"What are the names of all the reviewers and movie titles?",
		"What are the names of reviewers and their movies?",
		"What are the names of parties and their members?",
	})
}
