package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// measureTableSchema has movies and people (rows with names), ratings of
// movies with one measure (stars: the rating date and the keys are not
// measures), payments with two measures (price and fee), claims with
// settlements of one amount each, and incidents with the numbers of
// people injured and killed.
func measureTableSchema() *schema.Schema {
	movies := table("movies", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("release_year", "INTEGER")})
	people := table("people", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER"), col("job", "TEXT")})
	ratings := table("ratings", []schema.Column{col("person_id", "INTEGER"), col("movie_id", "INTEGER"), col("stars", "INTEGER"), col("rated_on", "DATE")},
		fk("person_id", "people"), fk("movie_id", "movies"))
	payments := table("payments", []schema.Column{col("id", "INTEGER"), col("person_id", "INTEGER"), col("price", "REAL"), col("fee", "REAL")},
		fk("person_id", "people"))
	claims := table("claims", []schema.Column{col("id", "INTEGER"), col("effective_date", "DATE")})
	settlements := table("settlements", []schema.Column{col("id", "INTEGER"), col("claim_id", "INTEGER"), col("settlement_amount", "REAL")},
		fk("claim_id", "claims"))
	incidents := table("incidents", []schema.Column{col("id", "INTEGER"), col("location", "TEXT"), col("injured", "INTEGER"), col("killed", "INTEGER")})
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{movies, people, ratings, payments, claims, settlements, incidents}}
}

// TestTableMeasureAnswers: a table named after an aggregate word is its
// one measure column ("the average rating" is the average of stars), and
// a column word before an aggregate that restates its column ("the
// largest amount of total settlement") ranks by the aggregate; in "the
// average number of people injured" the number is the injured column.
func TestTableMeasureAnswers(t *testing.T) {
	runAnswers(t, measureTableSchema(), []answerCase{
		{"What is the average rating?", `{"from":{"table":"ratings"},"select":[{"expr":{"agg":"avg","arg":{"col":"ratings.stars"}}}]}`},
		{"What is the average rating of each movie?", `{"from":{"table":"ratings"},"group_by":[{"col":"ratings.movie_id"},{"col":"movies.title"}],"joins":[{"on":[{"left":"ratings.movie_id","right":"movies.id"}],"table":"movies","type":"inner"}],"select":[{"expr":{"col":"movies.title"}},{"expr":{"agg":"avg","arg":{"col":"ratings.stars"}}}]}`},
		{"Find the movies with the highest average rating.", `{"from":{"table":"movies"},"group_by":[{"col":"movies.id"}],"joins":[{"on":[{"left":"movies.id","right":"ratings.movie_id"}],"table":"ratings","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"avg","arg":{"col":"ratings.stars"}}}],"select":[{"expr":{"col":"movies.title"}}]}`},
		{"What are the titles of the movies with the lowest average rating?", `{"from":{"table":"movies"},"group_by":[{"col":"movies.id"}],"joins":[{"on":[{"left":"movies.id","right":"ratings.movie_id"}],"table":"ratings","type":"inner"}],"limit":1,"order_by":[{"expr":{"agg":"avg","arg":{"col":"ratings.stars"}}}],"select":[{"expr":{"col":"movies.title"}}]}`},
		{"What is the effective date of the claim that has the largest amount of total settlement?", `{"from":{"table":"claims"},"group_by":[{"col":"claims.id"}],"joins":[{"on":[{"left":"claims.id","right":"settlements.claim_id"}],"table":"settlements","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"sum","arg":{"col":"settlements.settlement_amount"}}}],"select":[{"expr":{"col":"claims.effective_date"}}]}`},
		// "number of people injured": the count is the column's own.
		{"What is the average number of people injured?", `{"from":{"table":"incidents"},"select":[{"expr":{"agg":"avg","arg":{"col":"incidents.injured"}}}]}`},
		{"What is the average number of people killed in all incidents?", `{"from":{"table":"incidents"},"select":[{"expr":{"agg":"avg","arg":{"col":"incidents.killed"}}}]}`},
		{"Which claim has the largest amount of total settlement?", `{"from":{"table":"settlements"},"group_by":[{"col":"settlements.claim_id"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"sum","arg":{"col":"settlements.settlement_amount"}}}],"select":[{"expr":{"col":"settlements.claim_id"}}]}`},
	})
}

// TestTableMeasureRefusals: no measure is read from a table with two
// measures, nor from a table of named things.
func TestTableMeasureRefusals(t *testing.T) {
	runRefusals(t, measureTableSchema(), []string{
		// price or fee?
		"What is the average payment?",
		"Which person has the highest total payment?",
		// people have names: "the average person" is no age.
		"What is the average person?",
	})
}

// capacitySchema has rooms with one capacity, halls with none, arenas
// with two (seated and standing), students assigned to rooms, employees
// with a salary and cities with a population and an area.
func capacitySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("rooms", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("capacity", "INTEGER")}),
		table("halls", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("area", "REAL")}),
		table("arenas", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("seating_capacity", "INTEGER"), col("standing_capacity", "INTEGER")}),
		table("students", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("room_id", "INTEGER")}, fk("room_id", "rooms")),
		table("employees", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("salary", "REAL")}),
		table("cities", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("population", "INTEGER"), col("area", "REAL")}),
	}}
}

// TestAppliesToAnswers2: a verb of holding before a count is the
// holder's capacity; "to" may join the ends of "between"; "combined" is a
// total; "on average" after what it qualifies averages the one numeric
// column named; "the largest city by area" ranks by the area.
func TestAppliesToAnswers2(t *testing.T) {
	const seats = `{"from":{"table":"rooms"},"select":[{"expr":{"col":"rooms.name"}}],"where":{"high":{"value":100},"left":{"col":"rooms.capacity"},"low":{"value":50},"op":"between"}}`
	runAnswers(t, capacitySchema(), []answerCase{
		{"Which rooms can seat between 50 and 100 students?", seats},
		{"Which rooms can seat between 50 to 100 students?", seats},
		{"Which rooms can hold between 50 and 100 people?", seats},
		{"Which rooms can accommodate more than 300 students?", `{"from":{"table":"rooms"},"select":[{"expr":{"col":"rooms.name"}}],"where":{"left":{"col":"rooms.capacity"},"op":">","right":{"value":300}}}`},
		{"What is the combined salary of all employees?", `{"from":{"table":"employees"},"select":[{"expr":{"agg":"sum","arg":{"col":"employees.salary"}}}]}`},
		{"What is the salary of employees on average?", `{"from":{"table":"employees"},"select":[{"expr":{"agg":"avg","arg":{"col":"employees.salary"}}}]}`},
		// A superlative with "by": ranked by the column "by" names.
		{"What is the largest city by area?", `{"from":{"table":"cities"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"cities.area"}}],"select":[{"expr":{"col":"cities.name"}}]}`},
		{"Which city is the smallest by population?", `{"from":{"table":"cities"},"limit":1,"order_by":[{"expr":{"col":"cities.population"}}],"select":[{"expr":{"col":"cities.name"}}]}`},
		{"Which are the 3 largest cities by area?", `{"from":{"table":"cities"},"limit":3,"order_by":[{"desc":true,"expr":{"col":"cities.area"}}],"select":[{"expr":{"col":"cities.name"}}]}`},
	})
	runAnswers(t, summitSchema(), []answerCase{
		{"Which dorms can accommodate more than 300 students?", `{"from":{"table":"dorm"},"select":[{"expr":{"col":"dorm.dorm_name"}}],"where":{"left":{"col":"dorm.student_capacity"},"op":">","right":{"value":300}}}`},
	})
}

// TestAppliesToRefusals2: no capacity is read for a holder with none or
// two capacity columns, "on average" is refused when the question names
// a second numeric column it could qualify, and a superlative with "by"
// when the number of rows is not said.
func TestAppliesToRefusals2(t *testing.T) {
	runRefusals(t, capacitySchema(), []string{
		"Which halls can hold more than 300 students?",
		"Which arenas can hold more than 300 people?",
		"What is the population of cities with area above 100 on average?",
		// How many of the largest cities?
		"What are the largest cities by area?",
	})
}
