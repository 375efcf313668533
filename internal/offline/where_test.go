package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// locatedSchema has a table with a location column and one with an
// address instead.
func locatedSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("club", []schema.Column{
			col("club_id", "INTEGER"), col("club_name", "TEXT", "Tennis Club", "Chess Club"),
			col("club_location", "TEXT", "AKW", "HHH"),
		}),
		table("department", []schema.Column{
			col("dept_id", "INTEGER"), complete(col("dept_name", "TEXT", "History", "Biology")),
			col("dept_address", "TEXT", "DRE 156"),
		}),
	}}
}

// "Where is X located?" asks for X's location column, or for what the
// lexicon reads "location" as (an address).
func TestWhereLocatedAnswers(t *testing.T) {
	runAnswers(t, locatedSchema(), []answerCase{
		{`Where is the club "Tennis Club" located?`, `{"select":[{"expr":{"col":"club.club_location"}}],"from":{"table":"club"},"where":{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Tennis Club"}}}`},
		{`Where is the club named "Chess Club" situated?`, `{"distinct":true,"select":[{"expr":{"col":"club.club_location"}}],"from":{"table":"club"},"where":{"op":"=","left":{"col":"club.club_name"},"right":{"value":"Chess Club"}}}`},
		{`Where is the History department located?`, `{"select":[{"expr":{"col":"department.dept_address"}}],"from":{"table":"department"},"where":{"op":"=","left":{"col":"department.dept_name"},"right":{"value":"History"}}}`},
		// The department's one place column (whenwhere.go).
		{`Where is the History department?`, `{"select":[{"expr":{"col":"department.dept_address"}}],"from":{"table":"department"},"where":{"op":"=","left":{"col":"department.dept_name"},"right":{"value":"History"}}}`},
		{`where are the clubs located`, `{"select":[{"expr":{"col":"club.club_location"}}],"from":{"table":"club"}}`},
	})
}

// A "where" whose verb names no column of the club stays refused.
func TestWhereLocatedRefusals(t *testing.T) {
	runRefusals(t, locatedSchema(), []string{
		"Where do the clubs meet?",
	})
}
