package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// fleetSchema has flights and bookings, children of aircraft; stations and
// their status readings; authors tied to institutions by authorship.
func fleetSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("aircraft", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Airbus A340-300", "Boeing 747")), col("distance", "INTEGER")}),
		table("flight", []schema.Column{col("id", "INTEGER"), col("flight_number", "INTEGER"), col("departure_date", "DATE"), col("price", "REAL"), col("aircraft_id", "INTEGER")},
			fk("aircraft_id", "aircraft")),
		table("station", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("city", "TEXT", "San Jose"))}),
		table("status", []schema.Column{col("id", "INTEGER"), col("station_id", "INTEGER"), col("bikes_available", "INTEGER")},
			fk("station_id", "station")),
		table("authors", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT"), col("last_name", "TEXT")}),
		table("inst", []schema.Column{col("id", "INTEGER"), complete(col("inst_name", "TEXT", "University of Oxford"))}),
		table("authorship", []schema.Column{col("id", "INTEGER"), col("author_id", "INTEGER"), col("inst_id", "INTEGER"), col("paper_order", "INTEGER")},
			fk("author_id", "authors"), fk("inst_id", "inst")),
	}}
}

// TestChildRows: a column shown of a child with conditions on its parent
// reads the child's rows, joined to the parent; a column of one parent
// related through a link table to the table named reads that parent's
// rows, each once; a condition on a child of the rows shown, asked as
// distinct rows, keeps each parent once, and each value shown once
// (two stations may share a name).
func TestChildRows(t *testing.T) {
	runAnswers(t, fleetSchema(), []answerCase{
		{"Show all flight numbers with aircraft Airbus A340-300.", `{"select":[{"expr":{"col":"flight.flight_number"}}],"from":{"table":"flight"},"joins":[{"type":"inner","table":"aircraft","on":[{"left":"flight.aircraft_id","right":"aircraft.id"}]}],"where":{"op":"=","left":{"col":"aircraft.name"},"right":{"value":"Airbus A340-300"}}}`},
		{"What is the average price for aircraft Airbus A340-300?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"flight.price"}}}],"from":{"table":"flight"},"joins":[{"type":"inner","table":"aircraft","on":[{"left":"flight.aircraft_id","right":"aircraft.id"}]}],"where":{"op":"=","left":{"col":"aircraft.name"},"right":{"value":"Airbus A340-300"}}}`},
		{"Who belong to the inst \"University of Oxford\"? Show the first names and last names.", `{"select":[{"expr":{"col":"authors.first_name"}},{"expr":{"col":"authors.last_name"}}],"from":{"table":"authors"},"where":{"op":"in","left":{"col":"authors.id"},"subquery":{"select":[{"expr":{"col":"authorship.author_id"}}],"from":{"table":"authorship"},"joins":[{"type":"inner","table":"inst","on":[{"left":"authorship.inst_id","right":"inst.id"}]}],"where":{"op":"=","left":{"col":"inst.inst_name"},"right":{"value":"University of Oxford"}}}}}`},
		{"Return the unique names of stations that have ever had 7 bikes available.", `{"distinct":true,"select":[{"expr":{"col":"station.name"}}],"from":{"table":"station"},"where":{"op":"in","left":{"col":"station.id"},"subquery":{"select":[{"expr":{"col":"status.station_id"}}],"from":{"table":"status"},"where":{"op":"=","left":{"col":"status.bikes_available"},"right":{"value":7}}}}}`},
	})
}

// TestChildRowRefusals: readings the keys leave open stay refused.
func TestChildRowRefusals(t *testing.T) {
	runRefusals(t, fleetSchema(), []string{
		// Each station once, or once per reading? The question does not say.
		"Show the names of stations that have had 7 bikes available.",
		// "dates" says nothing of whose: not a reason to read flights.
		"Show the dates with aircraft Airbus A340-300.",
	})
	// Two children of aircraft hold a flight number: either could be the
	// rows asked about.
	two := fleetSchema()
	two.Tables = append(two.Tables, table("booking", []schema.Column{col("id", "INTEGER"), col("flight_number", "INTEGER"), col("aircraft_id", "INTEGER")}, fk("aircraft_id", "aircraft")))
	runRefusals(t, two, []string{"Show all flight numbers with aircraft Airbus A340-300."})
}
