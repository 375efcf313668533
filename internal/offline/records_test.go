package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// TestCountedRecords: "records" after a count names no table; it is read
// as the rows of the one table that refers, by one key, to the one table
// the question names, or, when no table is named, as the rows of the
// table whose column the count is grouped by.
func TestCountedRecords(t *testing.T) {
	runAnswers(t, logSchema(), []answerCase{
		{"Show the names of pilots and the number of records they have.", `{"from":{"table":"flight_log"},"group_by":[{"col":"pilot.name"}],"joins":[{"on":[{"left":"flight_log.pilot_id","right":"pilot.id"}],"table":"pilot","type":"inner"}],"select":[{"expr":{"col":"pilot.name"}},{"expr":{"agg":"count"}}]}`},
		{"how many entries does each pilot have?", `{"from":{"table":"flight_log"},"group_by":[{"col":"flight_log.pilot_id"},{"col":"pilot.name"}],"joins":[{"on":[{"left":"flight_log.pilot_id","right":"pilot.id"}],"table":"pilot","type":"inner"}],"select":[{"expr":{"col":"pilot.name"}},{"expr":{"agg":"count"}}]}`},
		// No table named: the rows of the grouped column's table.
		{"the number of records of each route", `{"from":{"table":"flight_log"},"group_by":[{"col":"flight_log.route"}],"select":[{"expr":{"col":"flight_log.route"}},{"expr":{"agg":"count"}}]}`},
	})
}

// TestCountedRecordsRefused: where the schema leaves two readings, the
// count is refused as before: two tables refer to the named one, one
// table refers to it by two keys, or the grouped column is in two
// tables.
func TestCountedRecordsRefused(t *testing.T) {
	runRefusals(t, logSchema(), []string{
		// pilot refers to aircraft by two keys.
		"Show the names of aircraft and the number of records they have.",
		"the number of records of each aircraft model",
	})
	runRefusals(t, twoChildSchema(), []string{
		"Show the names of pilots and the number of records they have.",
		"the number of records of each rank",
	})
}

// logSchema: pilots and aircraft, each flight log row referring to one of
// each; aircraft is also referred to by pilots, by two keys.
func logSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("aircraft", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Comet", "Dash"), col("model", "TEXT", "A1", "B2")}),
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), col("age", "INTEGER"),
			col("first_aircraft_id", "INTEGER"), col("last_aircraft_id", "INTEGER")},
			fk("first_aircraft_id", "aircraft"), fk("last_aircraft_id", "aircraft")),
		table("flight_log", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER"), col("flown_on", "DATE"), col("route", "TEXT", "North", "South")},
			fk("pilot_id", "pilot")),
	}}
}

// twoChildSchema: two tables refer to pilot; rank is a column of two
// tables.
func twoChildSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), col("rank", "TEXT", "Captain", "Major")}),
		table("flight_log", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER"), col("flown_on", "DATE")},
			fk("pilot_id", "pilot")),
		table("award", []schema.Column{col("id", "INTEGER"), col("pilot_id", "INTEGER"), col("rank", "TEXT", "Gold", "Silver")},
			fk("pilot_id", "pilot")),
	}}
}
