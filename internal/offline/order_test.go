package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// orderSchema has tables with one length column (trip.duration,
// coaster.length), one with two (route: distance and duration), one with a
// height and no length (person), one date each (trip, claim) and a child
// table of events named by a verb (visit: "visited"); appointment has two
// dates, one named by a verb ("started").
func orderSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("trip", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER"), col("start_date", "DATE"), col("zip_code", "TEXT", "94107")}),
		table("coaster", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Boardwalk Bullet"), col("length", "REAL"), col("speed", "REAL"), complete(col("status", "TEXT", "Operating", "Closed"))}),
		table("route", []schema.Column{col("id", "INTEGER"), col("code", "TEXT", "R1"), col("distance", "INTEGER"), col("duration", "INTEGER")}),
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("height", "REAL"), col("weight", "REAL"), col("salary", "INTEGER")}),
		table("claim", []schema.Column{col("id", "INTEGER"), col("claim_date", "DATE"), col("amount", "REAL")}),
		table("attraction", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Eiffel Tower")}),
		table("visit", []schema.Column{col("id", "INTEGER"), col("attraction_id", "INTEGER"), col("visit_date", "DATE")}, fk("attraction_id", "attraction")),
		table("appointment", []schema.Column{col("id", "INTEGER"), col("start", "DATE"), col("end", "DATE"), col("room", "TEXT", "A1")}),
		table("race", []schema.Column{col("id", "INTEGER"), col("race_name", "TEXT", "Monaco"), col("date", "DATE")}),
		table("party_event", []schema.Column{col("id", "INTEGER"), col("event_name", "TEXT", "Annual Meeting")}),
	}}
}

// "longest" and "shortest" rank by the table's one length, duration or
// distance column (a height when there is none); "longer than N" compares
// it; two such columns are refused.
func TestLengthSuperlatives(t *testing.T) {
	runAnswers(t, orderSchema(), []answerCase{
		{`What is the id of the shortest trip?`, `{"select":[{"expr":{"col":"trip.id"}}],"from":{"table":"trip"},"order_by":[{"expr":{"col":"trip.duration"}}],"limit":1}`},
		{`What are the speeds of the longest coaster?`, `{"select":[{"expr":{"col":"coaster.speed"}}],"from":{"table":"coaster"},"order_by":[{"expr":{"col":"coaster.length"},"desc":true}],"limit":1}`},
		{`What is the weight of the shortest person?`, `{"select":[{"expr":{"col":"person.weight"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.height"}}],"limit":1}`},
		{`How many coasters are longer than 3000?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"coaster"},"where":{"op":">","left":{"col":"coaster.length"},"right":{"value":3000}}}`},
	})
	runRefusals(t, orderSchema(), []string{
		`What is the code of the longest route?`, // distance or duration
		`How many routes are longer than 30?`,    // distance or duration
		`Who is the longest claim?`,              // no length column
	})
}

// Sort requests written as sentences: "Sort the list by", "order them by",
// "sorted in the descending order of", "from most to least", "in reverse
// alphabetical order", and a direction alone ordering the one column shown.
func TestSortSentences(t *testing.T) {
	runAnswers(t, orderSchema(), []answerCase{
		{`What are the names of persons? Sort the list by their salary.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"}}]}`},
		{`List the names of persons and order them by height.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.height"}}]}`},
		{`Find the names of all persons sorted in the descending order using salary.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"},"desc":true}]}`},
		{`List the names of all persons, ordered in an alphabetical order.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.name"}}]}`},
		{`What is the alphabetically ordered list of the names of persons?`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.name"}}]}`},
		{`List the names of persons in reverse alphabetical order.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.name"},"desc":true}]}`},
		{`List the salaries of persons in descending order.`, `{"select":[{"expr":{"col":"person.salary"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"},"desc":true}]}`},
		{`List the names of coasters sorted by the coaster speed in descending order.`, `{"select":[{"expr":{"col":"coaster.name"}}],"from":{"table":"coaster"},"order_by":[{"expr":{"col":"coaster.speed"},"desc":true}]}`},
		{`List the names of persons sorted by the salary from large to small.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"},"desc":true}]}`},
		{`What is the number of coasters per status, ordered from most to least?`, `{"select":[{"expr":{"col":"coaster.status"}},{"expr":{"agg":"count"}}],"from":{"table":"coaster"},"group_by":[{"col":"coaster.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		{`Please show the statuses of coasters in descending order of the number of coasters.`, `{"select":[{"expr":{"col":"coaster.status"}}],"from":{"table":"coaster"},"group_by":[{"col":"coaster.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		{`Show the statuses of coasters in descending order of the count.`, `{"select":[{"expr":{"col":"coaster.status"}}],"from":{"table":"coaster"},"group_by":[{"col":"coaster.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		{`List the attractions with more than 2 visits sorted by the number of visits.`, `{"select":[{"expr":{"col":"attraction.name"}}],"from":{"table":"attraction"},"joins":[{"type":"inner","table":"visit","on":[{"left":"attraction.id","right":"visit.attraction_id"}]}],"group_by":[{"col":"attraction.id"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":2}},"order_by":[{"expr":{"agg":"count"}}]}`},
		{`Show each status and the number of coasters, in ascending order of the number of coasters.`, `{"select":[{"expr":{"col":"coaster.status"}},{"expr":{"agg":"count"}}],"from":{"table":"coaster"},"group_by":[{"col":"coaster.status"}],"order_by":[{"expr":{"agg":"count"}}]}`},
	})
	runRefusals(t, orderSchema(), []string{
		`List the attractions with more than 2 visits sorted by the number of persons.`, // another count
		`Sort the list by their color.`,                               // no such column
		`List the names and salaries of persons in descending order.`, // two columns shown: which one?
	})
}

// "first"/"last" right before a table, "most recently": the earliest or
// latest row by its one date; "at least twice", "at most once" after a
// verb naming a table of events: a count of its rows.
func TestRecencyAndRepetition(t *testing.T) {
	runAnswers(t, orderSchema(), []answerCase{
		{`What is the amount of the first claim?`, `{"select":[{"expr":{"col":"claim.amount"}}],"from":{"table":"claim"},"order_by":[{"expr":{"col":"claim.claim_date"}}],"limit":1}`},
		{`Show the amount of the claim made most recently.`, `{"select":[{"expr":{"col":"claim.amount"}}],"from":{"table":"claim"},"order_by":[{"expr":{"col":"claim.claim_date"},"desc":true}],"limit":1}`},
		{`Which attractions are visited at least twice?`, `{"select":[{"expr":{"col":"attraction.name"}}],"from":{"table":"attraction"},"joins":[{"type":"inner","table":"visit","on":[{"left":"attraction.id","right":"visit.attraction_id"}]}],"group_by":[{"col":"attraction.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		{`Show the names of attractions that are visited at most once.`, `{"select":[{"expr":{"col":"attraction.name"}}],"from":{"table":"attraction"},"joins":[{"type":"inner","table":"visit","on":[{"left":"attraction.id","right":"visit.attraction_id"}]}],"group_by":[{"col":"attraction.id"}],"having":{"op":"<=","left":{"agg":"count"},"right":{"value":1}}}`},
		{`What is the room of the appointment that started most recently?`, `{"select":[{"expr":{"col":"appointment.room"}}],"from":{"table":"appointment"},"order_by":[{"expr":{"col":"appointment.start"},"desc":true}],"limit":1}`},
		// "finish" is a synonym of end (vocab_general.go).
		{`What is the room of the appointment that finished most recently?`, `{"select":[{"expr":{"col":"appointment.room"}}],"from":{"table":"appointment"},"order_by":[{"expr":{"col":"appointment.end"},"desc":true}],"limit":1}`},
		{`What is the name of the race that occurred most recently?`, `{"select":[{"expr":{"col":"race.race_name"}}],"from":{"table":"race"},"order_by":[{"expr":{"col":"race.date"},"desc":true}],"limit":1}`},
		{`Which event names were used more than twice in party events?`, `{"select":[{"expr":{"col":"party_event.event_name"}}],"from":{"table":"party_event"},"group_by":[{"col":"party_event.event_name"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":2}}}`},
		{`Which event names were used at least 3 times for party events?`, `{"select":[{"expr":{"col":"party_event.event_name"}}],"from":{"table":"party_event"},"group_by":[{"col":"party_event.event_name"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":3}}}`},
		// "once" is "at some time", not a count of one.
		{`Show the ids of trips that once lasted 100.`, `{"select":[{"expr":{"col":"trip.id"}}],"from":{"table":"trip"},"where":{"op":"=","left":{"col":"trip.duration"},"right":{"value":100}}}`},
		{`Show the names of persons whose salary is in the range of 8000 and 12000.`, `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"where":{"op":"between","left":{"col":"person.salary"},"low":{"value":8000},"high":{"value":12000}}}`},
	})
	runRefusals(t, orderSchema(), []string{
		`What is the first name of the claim?`,        // "first" not before a table
		`Which attractions are visited twice?`,        // no bound: exactly, or at least?
		`What is the room of the latest appointment?`, // start or end
		`Which event names were used more than 2?`,    // 2 of what?
	})
}
