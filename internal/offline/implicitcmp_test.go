package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// implicitSchema holds tables compared with numbers whose column the
// question does not name: a film's release year and its whole-number
// rating, a store's opening date, a building's year built and height, a
// person's height (no length column), a stadium's capacity and a city's
// population.
func implicitSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("film", []schema.Column{col("film_id", "INTEGER"), col("title", "TEXT"), col("release_year", "INTEGER"), col("rating", "INTEGER")}),
		table("store", []schema.Column{col("store_id", "INTEGER"), col("store_name", "TEXT"), col("opening_date", "DATE")}),
		table("building", []schema.Column{col("building_id", "INTEGER"), col("name", "TEXT"), col("year_built", "INTEGER"), col("height", "REAL")}),
		table("people", []schema.Column{col("people_id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER"), col("height", "REAL")}),
		table("stadium", []schema.Column{col("stadium_id", "INTEGER"), col("stadium_name", "TEXT"), col("capacity", "INTEGER")}),
		table("city", []schema.Column{col("city_id", "INTEGER"), col("city_name", "TEXT"), col("population", "INTEGER")}),
		table("song", []schema.Column{col("song_id", "INTEGER"), col("song_title", "TEXT"), col("duration", "INTEGER"), col("height", "REAL")}),
	}}
}

// TestImplicitCmpAnswers: a number compared without its column, where the
// schema leaves one column.
func TestImplicitCmpAnswers(t *testing.T) {
	runAnswers(t, implicitSchema(), []answerCase{
		// Time comparatives of more than one word, against the one year.
		{"titles of films released earlier than 1990", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003c","right":{"value":1990}}}`},
		{"titles of films released later than 2000", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003e","right":{"value":2000}}}`},
		{"titles of films released no later than 2000", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003c=","right":{"value":2000}}}`},
		{"titles of films released not earlier than 2000", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003e=","right":{"value":2000}}}`},
		{"titles of films released on or after 2000", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003e=","right":{"value":2000}}}`},
		{"titles of films released until 1990", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003c=","right":{"value":1990}}}`},
		// A date column: the days of the years.
		{"names of stores opened in or before 2010", `{"from":{"table":"store"},"select":[{"expr":{"col":"store.store_name"}}],"where":{"left":{"col":"store.opening_date"},"op":"\u003c","right":{"value":"2011-01-01"}}}`},
		// A bound after a year, by a time word: a time comparison; the "in"
		// of the year goes with it.
		{"titles of films released in 2000 or later", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003e=","right":{"value":2000}}}`},
		{"names of stores opened in 2010 or earlier", `{"from":{"table":"store"},"select":[{"expr":{"col":"store.store_name"}}],"where":{"left":{"col":"store.opening_date"},"op":"\u003c","right":{"value":"2011-01-01"}}}`},
		// A bound after its number by another comparative.
		{"titles of films rated 4 or higher", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.rating"},"op":"\u003e=","right":{"value":4}}}`},
		{"names of stadiums with capacity 5000 or larger", `{"from":{"table":"stadium"},"select":[{"expr":{"col":"stadium.stadium_name"}}],"where":{"left":{"col":"stadium.capacity"},"op":"\u003e=","right":{"value":5000}}}`},
		// "the year" before a year only says what the number is.
		{"titles of films released after the year 2000", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.release_year"},"op":"\u003e","right":{"value":2000}}}`},
		{"names of stores opened after the year 2010", `{"from":{"table":"store"},"select":[{"expr":{"col":"store.store_name"}}],"where":{"left":{"col":"store.opening_date"},"op":"\u003e=","right":{"value":"2011-01-01"}}}`},
		{"names of stores opened after year 2010", `{"from":{"table":"store"},"select":[{"expr":{"col":"store.store_name"}}],"where":{"left":{"col":"store.opening_date"},"op":"\u003e=","right":{"value":"2011-01-01"}}}`},
		// "shorter than" with no length column: the one height.
		{"names of people shorter than 1.8", `{"from":{"table":"people"},"select":[{"expr":{"col":"people.name"}}],"where":{"left":{"col":"people.height"},"op":"\u003c","right":{"value":1.8}}}`},
		// Verbs of building, in general English.
		{"names of buildings erected before 1900", `{"from":{"table":"building"},"select":[{"expr":{"col":"building.name"}}],"where":{"left":{"col":"building.year_built"},"op":"\u003c","right":{"value":1900}}}`},
		{"names of buildings constructed between 1950 and 1960", `{"from":{"table":"building"},"select":[{"expr":{"col":"building.name"}}],"where":{"high":{"value":1960},"left":{"col":"building.year_built"},"low":{"value":1950},"op":"between"}}`},
		// A whole-number column bounded by a decimal.
		{"titles of films rated above 3.5", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.title"}}],"where":{"left":{"col":"film.rating"},"op":"\u003e","right":{"value":3.5}}}`},
		// A comparative followed by "than" opens a second comparison, not
		// the bound of the number before it.
		{"names of cities with population bigger than 1500 or smaller than 500", `{"from":{"table":"city"},"select":[{"expr":{"col":"city.city_name"}}],"where":{"or":[{"left":{"col":"city.population"},"op":"\u003e","right":{"value":1500}},{"left":{"col":"city.population"},"op":"\u003c","right":{"value":500}}]}}`},
		{"names of stadiums with capacity 5000 or smaller", `{"from":{"table":"stadium"},"select":[{"expr":{"col":"stadium.stadium_name"}}],"where":{"left":{"col":"stadium.capacity"},"op":"\u003c=","right":{"value":5000}}}`},
		// A length comes before a height: a song shorter than 200 is brief.
		{"titles of songs shorter than 200", `{"from":{"table":"song"},"select":[{"expr":{"col":"song.song_title"}}],"where":{"left":{"col":"song.duration"},"op":"\u003c","right":{"value":200}}}`},
	})
}

// TestImplicitCmpRefusals: the same forms where the column is not
// certain stay refused.
func TestImplicitCmpRefusals(t *testing.T) {
	runRefusals(t, implicitSchema(), []string{
		// "longer" never reads a height.
		"names of buildings longer than 100",
		// No whole number equals a decimal: the number is another column's.
		"titles of films with rating 3.5",
		// A year bound with nothing dated.
		"names of stadiums opened in 2000 or later",
	})
}
