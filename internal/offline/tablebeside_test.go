package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// tableBesideSchema has a parent with children (customer, account), two
// tables joined by a link table (party, host, party_host), and a table
// with children that two keys refer to (city, flight), and a parent and
// its children (musical, actor).
func tableBesideSchema() *schema.Schema {
	customer := table("customer", []schema.Column{col("customer_id", "INTEGER"), col("first_name", "TEXT"), col("last_name", "TEXT")})
	customer.PrimaryKey = []string{"customer_id"}
	account := table("account", []schema.Column{col("account_id", "INTEGER"), col("customer_id", "INTEGER"), col("account_name", "TEXT")})
	account.PrimaryKey = []string{"account_id"}
	account.ForeignKeys = []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customer", RefColumns: []string{"customer_id"}}}
	party := table("party", []schema.Column{col("party_id", "INTEGER"), col("theme", "TEXT"), col("location", "TEXT")})
	party.PrimaryKey = []string{"party_id"}
	host := table("host", []schema.Column{col("host_id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER")})
	host.PrimaryKey = []string{"host_id"}
	partyHost := table("party_host", []schema.Column{col("party_id", "INTEGER"), col("host_id", "INTEGER")})
	partyHost.ForeignKeys = []schema.ForeignKey{
		{Columns: []string{"party_id"}, RefTable: "party", RefColumns: []string{"party_id"}},
		{Columns: []string{"host_id"}, RefTable: "host", RefColumns: []string{"host_id"}},
	}
	city := table("city", []schema.Column{col("city_id", "INTEGER"), col("city_name", "TEXT")})
	city.PrimaryKey = []string{"city_id"}
	flight := table("flight", []schema.Column{col("flight_id", "INTEGER"), col("origin_id", "INTEGER"), col("destination_id", "INTEGER")})
	flight.PrimaryKey = []string{"flight_id"}
	flight.ForeignKeys = []schema.ForeignKey{
		{Columns: []string{"origin_id"}, RefTable: "city", RefColumns: []string{"city_id"}},
		{Columns: []string{"destination_id"}, RefTable: "city", RefColumns: []string{"city_id"}},
	}
	musical := table("musical", []schema.Column{col("musical_id", "INTEGER"), col("name", "TEXT"), col("award", "TEXT")})
	musical.PrimaryKey = []string{"musical_id"}
	actor := table("actor", []schema.Column{col("actor_id", "INTEGER"), col("name", "TEXT"), col("musical_id", "INTEGER")})
	actor.PrimaryKey = []string{"actor_id"}
	actor.ForeignKeys = []schema.ForeignKey{{Columns: []string{"musical_id"}, RefTable: "musical", RefColumns: []string{"musical_id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{customer, account, party, host, partyHost, city, flight, musical, actor}}
}

// TestListedParentAnswers: a parent's columns listed, then "and the
// number of" its children, count the children per parent row, grouped by
// the parent's key, in the order the columns are named.
func TestListedParentAnswers(t *testing.T) {
	runAnswers(t, tableBesideSchema(), []answerCase{
		{"Show id, first name and last name for all customers and the number of accounts.", `{"from":{"table":"account"},"group_by":[{"col":"account.customer_id"},{"col":"customer.customer_id"},{"col":"customer.first_name"},{"col":"customer.last_name"}],"joins":[{"on":[{"left":"account.customer_id","right":"customer.customer_id"}],"table":"customer","type":"inner"}],"select":[{"expr":{"col":"customer.customer_id"}},{"expr":{"col":"customer.first_name"}},{"expr":{"col":"customer.last_name"}},{"expr":{"agg":"count"}}]}`},
		{"Show different customers' first names, ids, and the corresponding number of accounts.", `{"from":{"table":"account"},"group_by":[{"col":"account.customer_id"},{"col":"customer.first_name"},{"col":"customer.customer_id"}],"joins":[{"on":[{"left":"account.customer_id","right":"customer.customer_id"}],"table":"customer","type":"inner"}],"select":[{"expr":{"col":"customer.first_name"}},{"expr":{"col":"customer.customer_id"}},{"expr":{"agg":"count"}}]}`},
	})
}

// TestEachFrontAnswers: "for each T, … its X … its Y" lists T's columns
// and the columns reached from T, one row per joined row.
func TestEachFrontAnswers(t *testing.T) {
	hosts := `{"on":[{"left":"party.party_id","right":"party_host.party_id"}],"table":"party_host","type":"inner"},{"on":[{"left":"party_host.host_id","right":"host.host_id"}],"table":"host","type":"inner"}`
	runAnswers(t, tableBesideSchema(), []answerCase{
		{"For each party, return its theme and the name of its host.", `{"from":{"table":"party"},"joins":[` + hosts + `],"select":[{"expr":{"col":"party.theme"}},{"expr":{"col":"host.name"}}]}`},
		{"For each party, find its location and the name of its host. Sort the result in ascending order of the age of the host.", `{"from":{"table":"party"},"joins":[` + hosts + `],"order_by":[{"expr":{"col":"host.age"}}],"select":[{"expr":{"col":"party.location"}},{"expr":{"col":"host.name"}}]}`},
		{"For each party, show its theme and its location.", `{"from":{"table":"party"},"select":[{"expr":{"col":"party.theme"}},{"expr":{"col":"party.location"}}]}`},
		// An aggregate after the comma keeps "for each" a grouping by the
		// customer's key, not by the first name the rewrite would own.
		{"For each customer, show its first name and the number of its accounts.", `{"from":{"table":"account"},"group_by":[{"col":"account.customer_id"},{"col":"customer.first_name"},{"col":"customer.last_name"}],"joins":[{"on":[{"left":"account.customer_id","right":"customer.customer_id"}],"table":"customer","type":"inner"}],"select":[{"expr":{"col":"customer.first_name"}},{"expr":{"col":"customer.last_name"}},{"expr":{"agg":"count"}}]}`},
	})
}

// TestTheyAfterAnswers: "the Xs and the Ys that they are in" pairs each
// row with its parent, shown by the parent's labels.
func TestTheyAfterAnswers(t *testing.T) {
	pairs := `{"from":{"table":"actor"},"joins":[{"on":[{"left":"actor.musical_id","right":"musical.musical_id"}],"table":"musical","type":"inner"}],"select":[{"expr":{"col":"actor.name"}},{"expr":{"col":"musical.name"}}]}`
	runAnswers(t, tableBesideSchema(), []answerCase{
		{"What are the names of actors and the musicals that they are in?", pairs},
		{"List the names of actors and the musicals which they are in.", pairs},
	})
}

// TestTableBesideRefusals: a count of children that refer to the parent
// by two keys, items not tied to the row by "its" (a child's column may
// want a total per row), and an aggregate after "for each" are not read
// as these lists.
func TestTableBesideRefusals(t *testing.T) {
	runRefusals(t, tableBesideSchema(), []string{
		"Show the ids and names of all cities and the number of flights.",
		"For each customer, show its first name and account name.",
		"For each party, return its theme and host age.",
		"For each party, return its theme and the number of its hosts.",
		"What are the names of actors and the musicals that won awards?",
		"What are the names of actors and the musicals that they are in with award Tony?",
	})
}
