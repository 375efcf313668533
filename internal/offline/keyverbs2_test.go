package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// rideSchema records where each ride started and ended by two keys to
// the docks, start_dock_id and end_dock_id: no join crosses them unless a
// verb picks one.
func rideSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("dock", []schema.Column{col("id", "INTEGER"), complete(col("dock_name", "TEXT", "Pier", "Hill")), complete(col("city", "TEXT", "Oslo", "Bergen")), col("capacity", "INTEGER")}),
		table("ride", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER"), col("start_date", "TEXT"), col("start_dock_id", "INTEGER"), col("end_date", "TEXT"), col("end_dock_id", "INTEGER")},
			fk("start_dock_id", "dock"), fk("end_dock_id", "dock")),
	}}
}

// A verb of exactly one key's family picks the join along that key:
// "started" start_dock_id, "end" end_dock_id, past, base form after "did
// not" and a participle before a preposition alike; a negated value of
// the one parent row is a plain !=.
func TestKeyVerbChoice(t *testing.T) {
	runAnswers(t, rideSchema(), []answerCase{
		{`How many rides did not end in Oslo?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.end_dock_id","right":"dock.id"}]}],"where":{"op":"!=","left":{"col":"dock.city"},"right":{"value":"Oslo"}}}`},
		{`How many rides ended in Bergen?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.end_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.city"},"right":{"value":"Bergen"}}}`},
		{`How many rides started from each dock?`, `{"select":[{"expr":{"col":"dock.dock_name"}},{"expr":{"agg":"count"}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.start_dock_id","right":"dock.id"}]}],"group_by":[{"col":"ride.start_dock_id"},{"col":"dock.dock_name"}]}`},
		{`What is the average duration of rides starting from the dock Pier?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"ride.duration"}}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.start_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.dock_name"},"right":{"value":"Pier"}}}`},
	})
}

// A verb of both keys' families, of neither, or a participle describing
// the noun after it ("the ending dock") picks nothing; nor does a verb
// with neither table named after it.
func TestKeyVerbChoiceRefused(t *testing.T) {
	runRefusals(t, rideSchema(), []string{
		`How many rides docked in Oslo?`,
		`How many rides went to Oslo?`,
		`For each ride, return its ending dock's city.`,
		`How many rides have started?`,
		// "each": every dock, not the one ranked first.
		`For each dock, find its city and the minimum duration of rides that ended at the dock.`,
	})
}
