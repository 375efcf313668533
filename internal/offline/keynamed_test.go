package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// teamGameSchema: a game refers to its teams twice, as the home team and
// as the away team.
func teamGameSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("team", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Lions", "Bears"), col("city", "TEXT", "Boston", "Leeds")}),
		table("game", []schema.Column{col("id", "INTEGER"), col("home_team", "INTEGER"), col("away_team", "INTEGER"), col("season", "INTEGER")},
			fk("home_team", "team"), fk("away_team", "team")),
	}}
}

// TestNamedKeyAnswers: a key noun after "each" or "of the" stands for
// the rows its key refers to, joined through THAT key and never the
// other.
func TestNamedKeyAnswers(t *testing.T) {
	shown := func(c, key string) string {
		return `{"select":[{"expr":{"col":"game.season"}},{"expr":{"col":"team.` + c + `"}}],"from":{"table":"team"},"joins":[{"type":"inner","table":"game","on":[{"left":"team.id","right":"game.` + key + `"}]}]}`
	}
	runAnswers(t, teamGameSchema(), []answerCase{
		{`Show the season and the name of the away team of each game.`, shown("name", "away_team")},
		{`Show the season and the city of the home team of each game.`, shown("city", "home_team")},
		{`Show the name of each home team and the number of games.`,
			`{"select":[{"expr":{"col":"team.name"}},{"expr":{"agg":"count"}}],"from":{"table":"game"},"joins":[{"type":"inner","table":"team","on":[{"left":"game.home_team","right":"team.id"}]}],"group_by":[{"col":"game.home_team"},{"col":"team.name"}]}`},
	})
}

// TestNamedKeyRefusals: two key nouns, or the referred table named as a
// table beside one of two keys to it, are not read.
func TestNamedKeyRefusals(t *testing.T) {
	runRefusals(t, teamGameSchema(), []string{
		`Show the names of the home team and the away team of each game.`,
		`Show the name of each home team of the games won by the away team.`,
		`Show the names of the teams and the number of games for each home team.`,
	})
	runRefusals(t, ballotSchema(), []string{
		`What is the name of the member who voted and the age of the chair vote of each ballot?`,
	})
}
