package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// vocalsSchema has band members, songs, albums with a type, vocals sung
// by a band member on a song with a type of their own (so "type" alone
// names two tables' columns), and customers with a city and their orders.
func vocalsSchema() *schema.Schema {
	rows := func(t schema.Table, n int64) schema.Table { t.RowCount = n; return t }
	distinct := func(c schema.Column, n int64) schema.Column { c.Distinct = n; return c }
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		rows(table("band", []schema.Column{col("id", "INTEGER"), col("firstname", "TEXT", "Solveig", "Marianne"), col("lastname", "TEXT", "Heilo", "Sandvik")}), 4),
		rows(table("songs", []schema.Column{col("songid", "INTEGER"), col("title", "TEXT", "Badlands", "Le Pop")}), 10),
		rows(table("albums", []schema.Column{col("aid", "INTEGER"), col("title", "TEXT", "A Kiss", "Le Pop"), distinct(col("type", "TEXT", "Studio", "Live"), 2)}), 5),
		rows(table("vocals", []schema.Column{col("songid", "INTEGER"), col("bandmate", "INTEGER"), distinct(col("type", "TEXT", "lead", "shared", "back"), 3)},
			fk("songid", "songs"), fk("bandmate", "band")), 30),
		rows(table("customers", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee", "Bo Park"), distinct(col("city", "TEXT", "Oslo", "Bergen"), 3)}), 20),
		rows(table("orders", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("amount", "REAL")}, fk("customer_id", "customers")), 60),
	}}
}

// TestHeadRankedFilteredAnswers: a closing "the most" ranks the head
// column "the type of vocals" (narrowed to vocals by "of") by its number
// of vocals rows, past a relative clause whose subject is another table
// and the condition on it.
func TestHeadRankedFilteredAnswers(t *testing.T) {
	const byType = `{"select":[{"expr":{"col":"vocals.type"}}],"from":{"table":"vocals"},"group_by":[{"col":"vocals.type"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	byTypeOf := func(col, val string) string {
		return `{"select":[{"expr":{"col":"vocals.type"}}],"from":{"table":"vocals"},"joins":[{"type":"inner","table":"band","on":[{"left":"vocals.bandmate","right":"band.id"}]}],"where":{"left":{"col":"band.` + col + `"},"op":"=","right":{"value":"` + val + `"}},"group_by":[{"col":"vocals.type"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	}
	runAnswers(t, vocalsSchema(), []answerCase{
		{`What is the type of vocals that the band member with the last name "Heilo" played the most?`, byTypeOf("lastname", "Heilo")},
		{`What are the types of vocals that the band member with the first name "Solveig" played the most?`, byTypeOf("firstname", "Solveig")},
		{"What is the type of vocals played the most?", byType},
	})
}

// TestHeadRankedFilteredRefusals: the head's own table does the verb
// ("vocals who played", "the customer who ordered"), the head is named in
// two tables with no "of" to choose, or its values do not repeat: the
// closing "most" says nothing certain about what is counted.
func TestHeadRankedFilteredRefusals(t *testing.T) {
	runRefusals(t, vocalsSchema(), []string{
		"What is the type of vocals who played the most?",
		"What is the type of vocals that played the most?",
		"What is the city of the customer who ordered the most?",
		`What is the type that the band member with the last name "Heilo" played the most?`,
		`What is the name of customers that the band member with the last name "Heilo" liked the most?`,
	})
}

// ownTotalSchema has manufacturers with their own revenue, and customers
// whose payments (a child table) have amounts.
func ownTotalSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("manufacturers", []schema.Column{col("code", "INTEGER"), col("name", "TEXT", "Sony", "Creative Labs"), col("headquarter", "TEXT", "Tokyo", "Austin"), col("revenue", "REAL")}),
		table("customers", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee", "Bo Park")}),
		table("payments", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("amount", "REAL")}, fk("customer_id", "customers")),
	}}
}

// TestOwnTotalAnswers: "whose total revenue is between …" compares each
// manufacturer's own revenue: "total" is part of the column's name.
func TestOwnTotalAnswers(t *testing.T) {
	runAnswers(t, ownTotalSchema(), []answerCase{
		{"Find the name of manufacturers whose total revenue is between 100 and 150.", `{"select":[{"expr":{"col":"manufacturers.name"}}],"from":{"table":"manufacturers"},"where":{"op":"between","left":{"col":"manufacturers.revenue"},"low":{"value":100},"high":{"value":150}}}`},
	})
}

// TestOwnTotalRefusals: a total of a child's column is no row's own
// value, and "total" before a column with no comparison after it is a
// sum the question does not place.
func TestOwnTotalRefusals(t *testing.T) {
	runRefusals(t, ownTotalSchema(), []string{
		"Find the name of customers whose total amount is between 100 and 150.",
		"Find the name of manufacturers whose total revenue.",
	})
}
