package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// idiomSchema relates its tables only through keys whose names say
// nothing of the relation: a member runs events (member_in_charge_id), a
// physician looks after patients (pcp), a pilot flies flights, staff
// handle invoices; counties hold a population.
func idiomSchema(invoiceCols ...schema.Column) *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("member", []schema.Column{col("id", "INTEGER"), col("member_name", "TEXT", "Ann")}),
		table("party_event", []schema.Column{col("id", "INTEGER"), col("event_name", "TEXT", "Gala"), col("member_in_charge_id", "INTEGER")},
			fk("member_in_charge_id", "member")),
		table("physician", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dr Who")}),
		table("patient", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("pcp", "INTEGER")}, fk("pcp", "physician")),
		table("flight", []schema.Column{col("id", "INTEGER"), col("pilot", "TEXT", "Kim"), col("velocity", "REAL")}),
		table("county", []schema.Column{col("id", "INTEGER"), col("county_name", "TEXT", "Howard"), col("population", "INTEGER")}),
		table("staff", []schema.Column{col("id", "INTEGER"), col("staff_name", "TEXT", "Lee")}),
		table("invoice", append([]schema.Column{col("id", "INTEGER"), col("staff_id", "INTEGER")}, invoiceCols...), fk("staff_id", "staff")),
	}}
}

// "In charge of" and "responsible for" say how rows relate, as "manage"
// does: along the one foreign key between the two tables, however it is
// named.
func TestRelationIdioms(t *testing.T) {
	runAnswers(t, idiomSchema(), []answerCase{
		{`Return the name of the member who is in charge of the most events.`, `{"from":{"table":"member"},"group_by":[{"col":"member.id"}],"joins":[{"on":[{"left":"member.id","right":"party_event.member_in_charge_id"}],"table":"party_event","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"member.member_name"}}]}`},
		{`What are the names of members who are not in charge of any events?`, `{"from":{"table":"member"},"select":[{"expr":{"col":"member.member_name"}}],"where":{"left":{"col":"member.id"},"op":"not_in","subquery":{"from":{"table":"party_event"},"select":[{"expr":{"col":"party_event.member_in_charge_id"}}],"where":{"left":{"col":"party_event.member_in_charge_id"},"op":"is_not_null"}}}}`},
		{`Find the name of physicians who are in charge of more than one patient.`, `{"from":{"table":"physician"},"group_by":[{"col":"physician.id"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":1}},"joins":[{"on":[{"left":"physician.id","right":"patient.pcp"}],"table":"patient","type":"inner"}],"select":[{"expr":{"col":"physician.name"}}]}`},
		{`Find the names of physicians who are responsible for more than one patient.`, `{"from":{"table":"physician"},"group_by":[{"col":"physician.id"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":1}},"joins":[{"on":[{"left":"physician.id","right":"patient.pcp"}],"table":"patient","type":"inner"}],"select":[{"expr":{"col":"physician.name"}}]}`},
		{`which pilot is in charge of the most number of flights?`, `{"from":{"table":"flight"},"group_by":[{"col":"flight.pilot"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"flight.pilot"}}]}`},
		{`Which staff are in charge of the most invoices?`, `{"from":{"table":"staff"},"group_by":[{"col":"staff.id"}],"joins":[{"on":[{"left":"staff.id","right":"invoice.staff_id"}],"table":"invoice","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"staff.staff_name"}}]}`},
	})
}

// Where the schema itself names a charge, "in charge of" is not read as a
// relation: the word may be the column, and the question is refused
// rather than guessed.
func TestRelationIdiomsClaimed(t *testing.T) {
	runRefusals(t, idiomSchema(col("charge", "REAL")), []string{
		`Which staff are in charge of the most invoices?`,
	})
}

// "The number of people" of a place is its population, but only where
// nothing in the schema is called people.
func TestNumberOfPeople(t *testing.T) {
	runAnswers(t, idiomSchema(), []answerCase{
		{`What is the average number of people in all counties?`, `{"from":{"table":"county"},"select":[{"expr":{"agg":"avg","arg":{"col":"county.population"}}}]}`},
		{`List the county names in descending order of the number of people.`, `{"distinct":true,"from":{"table":"county"},"order_by":[{"desc":true,"expr":{"col":"county.population"}}],"select":[{"expr":{"col":"county.county_name"}}]}`},
	})
	s := idiomSchema()
	s.Tables = append(s.Tables, table("people", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("county_id", "INTEGER")}, fk("county_id", "county")))
	runAnswers(t, s, []answerCase{
		{`Which county has the largest number of people?`, `{"from":{"table":"county"},"group_by":[{"col":"county.id"}],"joins":[{"on":[{"left":"county.id","right":"people.county_id"}],"table":"people","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"county.county_name"}}]}`},
	})
}

// heightSchema has one height column per table that has any, and a bridge
// with only a length.
func heightSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("building", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Tower"), col("height_feet", "INTEGER"), col("floors", "INTEGER")}),
		table("athlete", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("age", "INTEGER"), col("height", "REAL"), col("weight", "REAL")}),
		table("bridge", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Golden"), col("length_meters", "REAL")}),
	}}
}

// "Tallest" ranks by the one height column and "stature" is a height;
// a table with no height is refused, not ranked by its length.
func TestHeightWords(t *testing.T) {
	runAnswers(t, heightSchema(), []answerCase{
		{`What is the name of the tallest building?`, `{"from":{"table":"building"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"building.height_feet"}}],"select":[{"expr":{"col":"building.name"}}]}`},
		{`What is the age of the tallest athlete?`, `{"from":{"table":"athlete"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"athlete.height"}}],"select":[{"expr":{"col":"athlete.age"}}]}`},
		{`List the names of athletes taller than 1.9.`, `{"from":{"table":"athlete"},"select":[{"expr":{"col":"athlete.name"}}],"where":{"left":{"col":"athlete.height"},"op":">","right":{"value":1.9}}}`},
		{`What is the average stature of athletes?`, `{"from":{"table":"athlete"},"select":[{"expr":{"agg":"avg","arg":{"col":"athlete.height"}}}]}`},
	})
	runRefusals(t, heightSchema(), []string{
		`What is the name of the tallest bridge?`,
		`Which bridges are taller than 100?`,
	})
}

// "Different kinds of" a column's values counts those values once each;
// of a table's rows it says distinct by nothing and is refused.
func TestDistinctKindsOf(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("accident", []schema.Column{col("id", "INTEGER"), col("injury", "TEXT", "Knee"), col("season", "INTEGER")}),
		table("enzyme", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "ALA")}),
	}}
	runAnswers(t, s, []answerCase{
		{`How many different kinds of injuries happened after season 2010?`, `{"from":{"table":"accident"},"select":[{"expr":{"agg":"count_distinct","arg":{"col":"accident.injury"}}}],"where":{"left":{"col":"accident.season"},"op":">","right":{"value":2010}}}`},
	})
	runRefusals(t, s, []string{
		`How many distinct kinds of enzymes are there?`,
	})
}
