package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// lodgeSchema: rooms with numeric columns and their reservations.
func lodgeSchema() *schema.Schema {
	room := table("rooms", []schema.Column{col("room_id", "INTEGER"), col("room_name", "TEXT"), col("beds", "INTEGER"), col("base_price", "REAL")})
	room.PrimaryKey = []string{"room_id"}
	res := table("reservations", []schema.Column{col("code", "INTEGER"), col("room_id", "INTEGER"), col("check_in", "DATE")}, keyTo("room_id", "rooms"))
	res.PrimaryKey = []string{"code"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{room, res}}
}

// TestLooseNumbersAnswers: "col N to M" as a range of a numeric column,
// a verb's events counted past "for" ("reserved for more than 5 times"),
// and a count of rows past "corresponding".
func TestLooseNumbersAnswers(t *testing.T) {
	const between = `{"select":[{"expr":{"col":"rooms.room_name"}}],"from":{"table":"rooms"},"where":{"op":"between","left":{"col":"rooms.beds"},"low":{"value":2},"high":{"value":4}}}`
	runAnswers(t, lodgeSchema(), []answerCase{
		{"names of rooms with beds 2 to 4", between},
		{"names of rooms with beds from 2 to 4", between},
		{"Find the names of rooms that have been reserved for more than 5 times.", `{"select":[{"expr":{"col":"rooms.room_name"}}],"from":{"table":"rooms"},"joins":[{"type":"inner","table":"reservations","on":[{"left":"rooms.room_id","right":"reservations.room_id"}]}],"group_by":[{"col":"rooms.room_id"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":5}}}`},
		{"room names with more than 2 corresponding reservations", `{"select":[{"expr":{"col":"rooms.room_name"}}],"from":{"table":"reservations"},"joins":[{"type":"inner","table":"rooms","on":[{"left":"reservations.room_id","right":"rooms.room_id"}]}],"group_by":[{"col":"rooms.room_name"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":2}}}`},
	})
}

// TestLooseNumbersRefusals: a range written backwards, numbers that count
// what follows them, a "to" range on a date column, and a count past a
// word that is not about relation all stay unplaced.
func TestLooseNumbersRefusals(t *testing.T) {
	runRefusals(t, lodgeSchema(), []string{
		"names of rooms with beds 4 to 2",
		"names of rooms with beds 2 to 4 reservations",
		"names of rooms whose check in is 2 to 4",
		"room names with more than 2 cheap reservations",
	})
}

// TestBothNumbersAnswers: "both year 1999 and 2000" gives the second
// number the column of the first, and "both" reads the two values, which
// no one row holds, as the rows of each in common.
func TestBothNumbersAnswers(t *testing.T) {
	film := table("film", []schema.Column{col("film_id", "INTEGER"), col("title", "TEXT"), col("director", "TEXT"), col("year", "INTEGER")})
	film.PrimaryKey = []string{"film_id"}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{film}}
	const want = `{"select":[{"expr":{"col":"film.director"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.year"},"right":{"value":1999}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"film.director"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.year"},"right":{"value":2000}}}}}`
	runAnswers(t, s, []answerCase{
		{"Show all directors who have a film in both year 1999 and 2000.", want},
		{"Which directors had a film both in the year 1999 and 2000?", want},
		{"Which directors had a film in both 1999 and 2000?", want},
	})
}
