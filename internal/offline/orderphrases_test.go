package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// orderPhrasesSchema has flats, each with a type code, a number of rooms,
// a city and a date built; owners with the loans they hold; and players
// with a total score stored as a column of its own; clubs share the
// players' column "name".
func orderPhrasesSchema() *schema.Schema {
	flat := table("flat", []schema.Column{col("flat_id", "INTEGER"), col("flat_type_code", "TEXT"), col("room_count", "INTEGER"), col("city", "TEXT"), col("flat_built_date", "DATE")})
	flat.PrimaryKey = []string{"flat_id"}
	owner := table("owner", []schema.Column{col("owner_id", "INTEGER"), col("owner_name", "TEXT")})
	owner.PrimaryKey = []string{"owner_id"}
	loan := table("loan", []schema.Column{col("loan_id", "INTEGER"), col("owner_id", "INTEGER"), col("amount", "REAL")})
	loan.PrimaryKey = []string{"loan_id"}
	loan.ForeignKeys = []schema.ForeignKey{{Columns: []string{"owner_id"}, RefTable: "owner", RefColumns: []string{"owner_id"}}}
	player := table("player", []schema.Column{col("player_id", "INTEGER"), col("name", "TEXT"), col("total_score", "REAL")})
	player.PrimaryKey = []string{"player_id"}
	club := table("club", []schema.Column{col("club_id", "INTEGER"), col("name", "TEXT")})
	club.PrimaryKey = []string{"club_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{flat, owner, loan, player, club}}
}

// TestOrderPhrasesAnswers: orders whose key is an average or total of
// each group, "first" before a date, a total stored as a column put in
// order, and a final "each" naming the groups a sort by a count made.
func TestOrderPhrasesAnswers(t *testing.T) {
	runAnswers(t, orderPhrasesSchema(), []answerCase{
		// The codes are the groups; "top 3" waited for this key.
		{"Show the top 3 flat type codes sorted by the average number of rooms in descending order.", `{"select":[{"expr":{"col":"flat.flat_type_code"}}],"from":{"table":"flat"},"group_by":[{"col":"flat.flat_type_code"}],"order_by":[{"expr":{"agg":"avg","arg":{"col":"flat.room_count"}},"desc":true}],"limit":3}`},
		// A parent's column groups the amounts of the rows that refer
		// to it; with no direction the order is ascending.
		{"List the owner names sorted by the total loan amount.", `{"select":[{"expr":{"col":"owner.owner_name"}}],"from":{"table":"loan"},"joins":[{"type":"inner","table":"owner","on":[{"left":"loan.owner_id","right":"owner.owner_id"}]}],"group_by":[{"col":"owner.owner_name"}],"order_by":[{"expr":{"agg":"sum","arg":{"col":"loan.amount"}}}]}`},
		{"List the owner names in descending order of their total loan amount.", `{"select":[{"expr":{"col":"owner.owner_name"}}],"from":{"table":"loan"},"joins":[{"type":"inner","table":"owner","on":[{"left":"loan.owner_id","right":"owner.owner_id"}]}],"group_by":[{"col":"owner.owner_name"}],"order_by":[{"expr":{"agg":"sum","arg":{"col":"loan.amount"}},"desc":true}]}`},
		// "first" before a date column: the earliest by it.
		{"When was the first flat built?", `{"select":[{"expr":{"col":"flat.flat_built_date"}}],"from":{"table":"flat"},"order_by":[{"expr":{"col":"flat.flat_built_date"}}],"limit":1}`},
		// One sum over every row has no order: the total is the column.
		{"List the total scores of players in ascending order.", `{"select":[{"expr":{"col":"player.total_score"}}],"from":{"table":"player"},"order_by":[{"expr":{"col":"player.total_score"}}]}`},
		// "club" says whose name is the key, though players have names too.
		{"List the names of clubs in descending order of club name.", `{"select":[{"expr":{"col":"club.name"}}],"from":{"table":"club"},"order_by":[{"expr":{"col":"club.name"},"desc":true}]}`},
		// A superlative after the sort words names its key and direction.
		{"List the names of players sorted by the ones with highest total score first.", `{"select":[{"expr":{"col":"player.name"}}],"from":{"table":"player"},"order_by":[{"expr":{"col":"player.total_score"},"desc":true}]}`},
		// A grouping phrase before the question is no question of its own.
		{"For each city, what is the average number of rooms of flats?", `{"select":[{"expr":{"col":"flat.city"}},{"expr":{"agg":"avg","arg":{"col":"flat.room_count"}}}],"from":{"table":"flat"},"group_by":[{"col":"flat.city"}]}`},
		{"Show the different cities, ordered by the number of flats that have each.", `{"select":[{"expr":{"col":"flat.city"}}],"from":{"table":"flat"},"group_by":[{"col":"flat.city"}],"order_by":[{"expr":{"agg":"count"}}]}`},
	})
}

// TestOrderPhrasesRefusals: the readings above stay refused when what is
// grouped is unclear, when the rows have one value each, or when the
// total is not a column's own.
func TestOrderPhrasesRefusals(t *testing.T) {
	runRefusals(t, orderPhrasesSchema(), []string{
		// Two things listed: which one is grouped?
		"List the owner names and flat type codes sorted by the average number of rooms.",
		// A flat has one number of rooms: its "average" is not a group's.
		"Show the flats sorted by the average number of rooms.",
		// A condition between the list and the order.
		"Show the cities of flats with more than 3 rooms sorted by the average number of rooms.",
		// amount is no total of its own: one sum cannot be ordered.
		"List the total amount of loans in descending order.",
		// More after the superlative's column than a closing "first".
		"List the names of players sorted by the highest total score of each club.",
		// Only a bare grouping phrase leads a question: here a first
		// question asks about other rows.
		"What are the cities of flats, and what are the owner names?",
		// "first" before a number, not a date.
		"Show the first number of rooms.",
	})
}
