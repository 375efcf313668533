package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// patternSchema has text columns to search in, a publisher column whose
// "name" a question may mean, and count columns stored as numbers and as
// text (room_count CHAR, num_employees, no_of_visitors).
func patternSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("track", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Hey You"), col("composer", "TEXT", "Bach")}),
		table("catalog", []schema.Column{col("id", "INTEGER"), col("catalog_name", "TEXT", "Spring"), col("catalog_publisher", "TEXT", "Murray Ltd")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("cust_name", "TEXT", "Ann"), col("balance", "REAL")}),
		table("building", []schema.Column{col("id", "INTEGER"), col("full_name", "TEXT", "Court House"), col("num_employees", "INTEGER")}),
		table("apartment", []schema.Column{col("id", "INTEGER"), col("building_id", "INTEGER"), complete(col("type_code", "TEXT", "Studio", "Flat")),
			col("room_count", "CHAR(5)"), col("bedroom_count", "INTEGER")}, fk("building_id", "building")),
		table("store", []schema.Column{col("id", "INTEGER"), col("no_of_visitors", "INTEGER"), complete(col("city", "TEXT", "Oslo", "Rome"))}),
		table("party", []schema.Column{col("id", "INTEGER"), col("number_of_hosts", "INTEGER")}),
		table("host", []schema.Column{col("id", "INTEGER"), col("party_id", "INTEGER"), complete(col("nationality", "TEXT", "Norway", "Chile"))}, fk("party_id", "party")),
	}}
}

// Text patterns read as LIKE on the column named with them; count columns
// answer "the number of X" when X names no table.
func TestPatternsAndCountColumns(t *testing.T) {
	const trackName = `{"select":[{"expr":{"col":"track.name"}}],"from":{"table":"track"},"where":{"op":"like","left":{"col":"track.name"},"right":{"value":"%you%"}}}`
	runAnswers(t, patternSchema(), []answerCase{
		{`names of the tracks that contain the word "you"`, trackName},
		{`track names containing the word 'you'`, trackName},
		{`names of tracks with the word you in their names`, trackName},
		{`names of tracks that start with "Hey"`, `{"select":[{"expr":{"col":"track.name"}}],"from":{"table":"track"},"where":{"op":"like","left":{"col":"track.name"},"right":{"value":"Hey%"}}}`},
		{`composers of tracks whose name ends with the letter "e"`, `{"select":[{"expr":{"col":"track.composer"}}],"from":{"table":"track"},"where":{"op":"like","left":{"col":"track.name"},"right":{"value":"%e"}}}`},
		{`which customer names include the substring 'An'`, `{"distinct":true,"select":[{"expr":{"col":"customer.cust_name"}}],"from":{"table":"customer"},"where":{"op":"like","left":{"col":"customer.cust_name"},"right":{"value":"%An%"}}}`},
		{`the balance of customers whose name includes the letter a`, `{"select":[{"expr":{"col":"customer.balance"}}],"from":{"table":"customer"},"where":{"op":"like","left":{"col":"customer.cust_name"},"right":{"value":"%a%"}}}`},
		{`catalog publishers whose name contains "Murray"`, `{"distinct":true,"select":[{"expr":{"col":"catalog.catalog_publisher"}}],"from":{"table":"catalog"},"where":{"op":"like","left":{"col":"catalog.catalog_publisher"},"right":{"value":"%Murray%"}}}`},
		{`average number of rooms of apartments with type code "Studio"`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"apartment.room_count"}}}],"from":{"table":"apartment"},"where":{"op":"=","left":{"col":"apartment.type_code"},"right":{"value":"Studio"}}}`},
		{`the total number of rooms of all apartments`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"apartment.room_count"}}}],"from":{"table":"apartment"}}`},
		{`full names of buildings with more than 10 employees`, `{"select":[{"expr":{"col":"building.full_name"}}],"from":{"table":"building"},"where":{"op":">","left":{"col":"building.num_employees"},"right":{"value":10}}}`},
		{`the number of visitors of stores in Oslo`, `{"select":[{"expr":{"col":"store.no_of_visitors"}}],"from":{"table":"store"},"where":{"op":"=","left":{"col":"store.city"},"right":{"value":"Oslo"}}}`},
		{`ids of apartments with more than 2 bedrooms`, `{"select":[{"expr":{"col":"apartment.id"}}],"from":{"table":"apartment"},"where":{"op":">","left":{"col":"apartment.bedroom_count"},"right":{"value":2}}}`},
		{`the most common type code among apartments with more than 2 bedrooms`, `{"select":[{"expr":{"col":"apartment.type_code"}}],"from":{"table":"apartment"},"where":{"op":">","left":{"col":"apartment.bedroom_count"},"right":{"value":2}},"group_by":[{"col":"apartment.type_code"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// "hosts" names a table: its rows are counted, not the column.
		{`the nationalities and the number of hosts of each nationality`, `{"select":[{"expr":{"col":"host.nationality"}},{"expr":{"agg":"count"}}],"from":{"table":"host"},"group_by":[{"col":"host.nationality"}]}`},
	})
	runRefusals(t, patternSchema(), []string{
		`tracks that contain the word "you"`,       // which text column: name or composer?
		`ids of buildings containing the word 5%`,  // no text after the pattern word to look for
		`balances containing the word "x"`,         // balance is not text
		`ids of apartments with more than 2 rooms`, // room_count is text, where "10" < "2"
	})
}
