package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// unlinkedSchema spells out what questions share or contract: person
// names in parts, a flight number contracted to flno, a state inside a
// longer column name, a type code, and room numbers.
func unlinkedSchema() *schema.Schema {
	flight := table("flight", []schema.Column{col("flno", "INTEGER"), complete(col("origin", "TEXT", "Boston", "Denver")), col("distance", "INTEGER")})
	flight.PrimaryKey = []string{"flno"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("person_first_name", "TEXT", "Ann"), col("person_middle_name", "TEXT", "Lee"),
			col("person_last_name", "TEXT", "Ray"), col("gpa", "REAL")}),
		flight,
		table("address", []schema.Column{col("id", "INTEGER"), col("line", "TEXT", "1 Main St"), complete(col("state_province_county", "TEXT", "Colorado", "Texas"))}),
		table("booking", []schema.Column{col("id", "INTEGER"), complete(col("room_type_code", "TEXT", "Suite", "Single")), col("nights", "INTEGER")}),
		table("classroom", []schema.Column{col("id", "INTEGER"), col("building", "TEXT", "Lamberton"), col("room_number", "TEXT", "101"), col("capacity", "INTEGER")}),
		table("route", []schema.Column{col("id", "INTEGER"), col("from_state_region", "TEXT", "Ohio"), col("to_state_region", "TEXT", "Iowa")}),
	}}
}

// Words that linked to nothing: modifiers sharing a head noun ("first,
// middle, and last names"), "<table word> number" for a contracted key
// (flno), and a singular word found inside one column's name ("state",
// "type"). Plurals, words two columns of the table hold, and "first" as a
// position stay unlinked.
func TestSharedHeadsContractionsInnerWords(t *testing.T) {
	runAnswers(t, unlinkedSchema(), []answerCase{
		{`the first, middle, and last names of all persons`, `{"select":[{"expr":{"col":"person.person_first_name"}},{"expr":{"col":"person.person_middle_name"}},{"expr":{"col":"person.person_last_name"}}],"from":{"table":"person"}}`},
		{`the first, last name and gpa of all persons`, `{"select":[{"expr":{"col":"person.person_first_name"}},{"expr":{"col":"person.person_last_name"}},{"expr":{"col":"person.gpa"}}],"from":{"table":"person"}}`},
		{`show the flight number of all flights from Boston`, `{"select":[{"expr":{"col":"flight.flno"}}],"from":{"table":"flight"},"where":{"op":"=","left":{"col":"flight.origin"},"right":{"value":"Boston"}}}`},
		{`how many addresses are in the state of Colorado`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"address"},"where":{"op":"=","left":{"col":"address.state_province_county"},"right":{"value":"Colorado"}}}`},
		{`list the type of all bookings`, `{"select":[{"expr":{"col":"booking.room_type_code"}}],"from":{"table":"booking"}}`},
	})
	runRefusals(t, unlinkedSchema(), []string{
		`how many rooms are there?`,        // a plural counts things, not a room_number
		`the state of every route`,         // two columns of route hold "state"
		`the first of all persons`,         // "first" is a position, not person_first_name
		`the first and gpa of each person`, // one modifier shares no head
	})
}
