package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// sharedHeadSchema has two tables with a start and an end column each,
// named with the word their values are (date, datetime), and a table whose
// one column carries the word "date" on its own, so "dates" alone links
// elsewhere.
func sharedHeadSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("teachers", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT"), complete(col("last_name", "TEXT", "Schultz", "Moss"))}),
		table("detention", []schema.Column{col("id", "INTEGER"), col("teacher_id", "INTEGER"), col("datetime_detention_start", "DATETIME"), col("datetime_detention_end", "DATETIME"), col("detention_summary", "TEXT")},
			fk("teacher_id", "teachers")),
		table("incident", []schema.Column{col("id", "INTEGER"), complete(col("incident_type_code", "TEXT", "NOISE", "VIOLENCE")), col("date_incident_start", "DATETIME"), col("date_incident_end", "DATETIME"), col("start_room", "TEXT")}),
		table("notes", []schema.Column{col("id", "INTEGER"), col("date_of_notes", "DATETIME"), col("text_of_notes", "TEXT")}),
	}}
}

// TestSharedHead: "the start and end dates of T" names T's two columns
// whose names carry start, end and the shared noun (date, or datetime
// which begins with it), in the plural or the singular.
func TestSharedHead(t *testing.T) {
	runAnswers(t, sharedHeadSchema(), []answerCase{
		{`Find the start and end dates of detentions of teachers with last name "Schultz".`, `{"select":[{"expr":{"col":"detention.datetime_detention_start"}},{"expr":{"col":"detention.datetime_detention_end"}}],"from":{"table":"detention"},"joins":[{"type":"inner","table":"teachers","on":[{"left":"detention.teacher_id","right":"teachers.id"}]}],"where":{"op":"=","left":{"col":"teachers.last_name"},"right":{"value":"Schultz"}}}`},
		{`What are the start and end dates for incidents with incident type code "NOISE"?`, `{"select":[{"expr":{"col":"incident.date_incident_start"}},{"expr":{"col":"incident.date_incident_end"}}],"from":{"table":"incident"},"where":{"op":"=","left":{"col":"incident.incident_type_code"},"right":{"value":"NOISE"}}}`},
		{`Show the start and end date of each incident.`, `{"select":[{"expr":{"col":"incident.date_incident_start"}},{"expr":{"col":"incident.date_incident_end"}}],"from":{"table":"incident"}}`},
	})
}

// TestSharedHeadRefusals: a shared noun that one of the columns does not
// carry is not their head, and stays a word the table lacks.
func TestSharedHeadRefusals(t *testing.T) {
	runRefusals(t, sharedHeadSchema(), []string{
		// No start or end column of detentions is called a room.
		"Show the start and end rooms of detentions.",
	})
}
