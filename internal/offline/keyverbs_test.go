package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// rallySchema records each race's winning car by a key whose name holds
// the verb's family (winning_car) and nothing else names "win".
func rallySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("car", []schema.Column{col("id", "INTEGER"), col("car_name", "TEXT", "Falcon")}),
		table("race", []schema.Column{col("id", "INTEGER"), col("location", "TEXT", "Monza"), col("winning_car", "INTEGER")},
			fk("winning_car", "car")),
	}}
}

// duelSchema has two keys from a game to its players, winner_id and
// loser_id: "won" names one of them, but the verb is read by no key.
func duelSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("player", []schema.Column{col("id", "INTEGER"), col("player_name", "TEXT", "Ann")}),
		table("game", []schema.Column{col("id", "INTEGER"), col("winner_id", "INTEGER"), col("loser_id", "INTEGER")},
			fk("winner_id", "player"), fk("loser_id", "player")),
	}}
}

// A verb of a key column's family ("won" for winning_car) says what the
// foreign key says: the verb reads as a stop word and the tables join
// along that key.
func TestKeyVerbs(t *testing.T) {
	runAnswers(t, rallySchema(), []answerCase{
		{`How many races has each car won?`, `{"from":{"table":"race"},"group_by":[{"col":"race.winning_car"},{"col":"car.car_name"}],"joins":[{"on":[{"left":"race.winning_car","right":"car.id"}],"table":"car","type":"inner"}],"select":[{"expr":{"col":"car.car_name"}},{"expr":{"agg":"count"}}]}`},
		{`What are the names of the cars that have won a race at least twice?`, `{"from":{"table":"car"},"group_by":[{"col":"car.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"joins":[{"on":[{"left":"car.id","right":"race.winning_car"}],"table":"race","type":"inner"}],"select":[{"expr":{"col":"car.car_name"}}]}`},
	})
}

// Where two keys join the tables, a verb with nothing named after it
// does not choose between them (keyverbs2_test.go: one that does);
// a noun of the family ("winnings") names nothing, and a verb of no key's
// family stays unmatched.
func TestKeyVerbsRefused(t *testing.T) {
	runRefusals(t, duelSchema(), []string{
		`How many games has each player won?`,
	})
	runRefusals(t, rallySchema(), []string{
		`What are the winnings of each car?`,
		`How many races has each car crashed?`,
	})
}
