package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// gradeSchema holds tables whose measures are named only by adjectives:
// a mountain's height, an organization's founding date, a car's speed,
// weight and price, a host's age one key away from the party, a city with
// both an area and a population, a room's base price and a person's birth
// date.
func gradeSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("mountain", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("height", "REAL"), col("range", "TEXT")}),
		table("organization", []schema.Column{col("id", "INTEGER"), col("organization_name", "TEXT"), col("date_formed", "DATE")}),
		table("car", []schema.Column{col("id", "INTEGER"), col("model", "TEXT"), col("top_speed", "REAL"), col("weight", "REAL"), col("price", "REAL")}),
		table("host", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER")}),
		table("party", []schema.Column{col("id", "INTEGER"), col("location", "TEXT"), col("host_id", "INTEGER")}, fk("host_id", "host")),
		table("city", []schema.Column{col("id", "INTEGER"), col("city_name", "TEXT"), col("area", "REAL"), col("population", "INTEGER")}),
		table("room", []schema.Column{col("id", "INTEGER"), col("room_name", "TEXT"), col("base_price", "REAL")}),
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("date_of_birth", "DATE")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("salary", "REAL")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT")}),
		table("policy", []schema.Column{col("id", "INTEGER"), col("customer_id", "INTEGER"), col("start_date", "DATE")}, fk("customer_id", "customer")),
	}}
}

// TestGradableAnswers: an adjective names the one column of its measure.
func TestGradableAnswers(t *testing.T) {
	runAnswers(t, gradeSchema(), []answerCase{
		// "highest" before a table ranks it by its height.
		{"What is the name of the highest mountain?", `{"from":{"table":"mountain"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"mountain.height"}}],"select":[{"expr":{"col":"mountain.name"}}]}`},
		// The youngest organization was formed last.
		{"Find the name of the youngest organization.", `{"from":{"table":"organization"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"organization.date_formed"}}],"select":[{"expr":{"col":"organization.organization_name"}}]}`},
		{"the model of the fastest car", `{"from":{"table":"car"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"car.top_speed"}}],"select":[{"expr":{"col":"car.model"}}]}`},
		{"the model of the heaviest car", `{"from":{"table":"car"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"car.weight"}}],"select":[{"expr":{"col":"car.model"}}]}`},
		{"cars heavier than 1500", `{"from":{"table":"car"},"where":{"left":{"col":"car.weight"},"op":"\u003e","right":{"value":1500}}}`},
		{"models of cars cheaper than 20000", `{"from":{"table":"car"},"select":[{"expr":{"col":"car.model"}}],"where":{"left":{"col":"car.price"},"op":"\u003c","right":{"value":20000}}}`},
		// Heights with no column named; the length word is not there.
		{"names of mountains higher than 5000", `{"from":{"table":"mountain"},"select":[{"expr":{"col":"mountain.name"}}],"where":{"left":{"col":"mountain.height"},"op":"\u003e","right":{"value":5000}}}`},
		{"Find the name of the top 3 expensive rooms.", `{"from":{"table":"room"},"limit":3,"order_by":[{"desc":true,"expr":{"col":"room.base_price"}}],"select":[{"expr":{"col":"room.room_name"}}]}`},
		// Old to young by birth date is ascending.
		{"List all person names in the order of their date of birth from old to young.", `{"from":{"table":"person"},"order_by":[{"expr":{"col":"person.date_of_birth"}}],"select":[{"expr":{"col":"person.name"}}]}`},
		{"List the names of people sorted by date of birth from the youngest to the oldest.", `{"from":{"table":"person"},"order_by":[{"desc":true,"expr":{"col":"person.date_of_birth"}}],"select":[{"expr":{"col":"person.name"}}]}`},
		{"List the names of rooms sorted by base price from the highest to the lowest.", `{"from":{"table":"room"},"order_by":[{"desc":true,"expr":{"col":"room.base_price"}}],"select":[{"expr":{"col":"room.room_name"}}]}`},
		// Verbs of pay rank by the one salary.
		{"Give the name of the highest paid employee.", `{"from":{"table":"employee"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"employee.salary"}}],"select":[{"expr":{"col":"employee.name"}}]}`},
		{"the name of the employee who earns the least", `{"from":{"table":"employee"},"limit":1,"order_by":[{"expr":{"col":"employee.salary"}}],"select":[{"expr":{"col":"employee.name"}}]}`},
		// The adjective qualifies the policy: its date, joined.
		{"the name of the customer that has the latest policy", `{"from":{"table":"customer"},"joins":[{"on":[{"left":"customer.id","right":"policy.customer_id"}],"table":"policy","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"col":"policy.start_date"}}],"select":[{"expr":{"col":"customer.customer_name"}}]}`},
		// The host's age, one key away and named.
		{"Show the locations of parties with hosts older than 50.", `{"from":{"table":"party"},"joins":[{"on":[{"left":"party.host_id","right":"host.id"}],"table":"host","type":"inner"}],"select":[{"expr":{"col":"party.location"}}],"where":{"left":{"col":"host.age"},"op":"\u003e","right":{"value":50}}}`},
		{"Show the locations of parties with hosts who are at most 40 years old.", `{"from":{"table":"party"},"joins":[{"on":[{"left":"party.host_id","right":"host.id"}],"table":"host","type":"inner"}],"select":[{"expr":{"col":"party.location"}}],"where":{"left":{"col":"host.age"},"op":"\u003c=","right":{"value":40}}}`},
	})
}

// TestGradableRefusals: a measure held by two columns, or by none, is
// not guessed.
func TestGradableRefusals(t *testing.T) {
	runRefusals(t, gradeSchema(), []string{
		// Area or population: either could make a city large.
		"What is the name of the largest city?",
		"cities larger than 1000",
		// A room has no weight.
		"the heaviest room",
		// "older than" compares an age, never a birth date.
		"people older than 30",
		// "Cost the most" may sum what was spent: not read as a price.
		"which rooms cost the most",
		// (Old to young with no column named now orders by the one
		// birth date: TestRefers2Answers.)
	})
}
