package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// groupDetailsSchema has a parent with one details column (project) and
// its children, which have details of their own (document), and a parent
// with none (team) and its children (player).
func groupDetailsSchema() *schema.Schema {
	project := table("project", []schema.Column{col("project_id", "INTEGER"), col("project_details", "TEXT")})
	project.PrimaryKey = []string{"project_id"}
	document := table("document", []schema.Column{col("document_id", "INTEGER"), col("project_id", "INTEGER"), col("document_details", "TEXT")})
	document.PrimaryKey = []string{"document_id"}
	document.ForeignKeys = []schema.ForeignKey{{Columns: []string{"project_id"}, RefTable: "project", RefColumns: []string{"project_id"}}}
	team := table("team", []schema.Column{col("team_id", "INTEGER"), col("city", "TEXT")})
	team.PrimaryKey = []string{"team_id"}
	player := table("player", []schema.Column{col("player_id", "INTEGER"), col("team_id", "INTEGER"), col("name", "TEXT")})
	player.PrimaryKey = []string{"player_id"}
	player.ForeignKeys = []schema.ForeignKey{{Columns: []string{"team_id"}, RefTable: "team", RefColumns: []string{"team_id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{project, document, team, player}}
}

// TestGroupDetailsAnswers: "details" beside a condition on the number of
// a parent's children is the parent's one details column, shown where the
// word stands.
func TestGroupDetailsAnswers(t *testing.T) {
	runAnswers(t, groupDetailsSchema(), []answerCase{
		{"What are the id and details of the projects that have at least 3 documents?", `{"from":{"table":"project"},"group_by":[{"col":"project.project_id"},{"col":"project.project_details"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":3}},"joins":[{"on":[{"left":"project.project_id","right":"document.project_id"}],"table":"document","type":"inner"}],"select":[{"expr":{"col":"project.project_id"}},{"expr":{"col":"project.project_details"}}]}`},
		{"Return the ids and details corresponding to projects for which there are more than two documents.", `{"from":{"table":"project"},"group_by":[{"col":"project.project_id"},{"col":"project.project_details"}],"having":{"left":{"agg":"count"},"op":">","right":{"value":2}},"joins":[{"on":[{"left":"project.project_id","right":"document.project_id"}],"table":"document","type":"inner"}],"select":[{"expr":{"col":"project.project_id"}},{"expr":{"col":"project.project_details"}}]}`},
		{"What are the details and ids of the projects with at least 2 documents?", `{"from":{"table":"project"},"group_by":[{"col":"project.project_id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":2}},"joins":[{"on":[{"left":"project.project_id","right":"document.project_id"}],"table":"document","type":"inner"}],"select":[{"expr":{"col":"project.project_details"}},{"expr":{"col":"project.project_id"}}]}`},
	})
}

// TestGroupDetailsRefusals: "details" of a parent that has no details
// column, of the counted rows themselves, and "information" (which may
// mean every column) stay refused.
func TestGroupDetailsRefusals(t *testing.T) {
	runRefusals(t, groupDetailsSchema(), []string{
		"What are the id and details of the teams that have at least 3 players?",
		"What are the id and information of the projects that have at least 3 documents?",
		"What are the document ids and details of the projects that have at least 3 documents?",
	})
}

// TestRestatesHeadAnswers: a verb between the ranked head column and a
// closing "most" that names only the head's own table restates the rows
// counted: the head's values are still ranked by their number of rows.
func TestRestatesHeadAnswers(t *testing.T) {
	byNominee := `{"select":[{"expr":{"col":"nomination.nominee"}}],"from":{"table":"nomination"},"group_by":[{"col":"nomination.nominee"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	runAnswers(t, rankPlaceSchema(), []answerCase{
		{"Which nominee was nominated the most?", byNominee},
		{"Please show the nominee who has been nominated the greatest number of times.", byNominee},
		{"Show the nominee who was nominated the fewest times.", `{"select":[{"expr":{"col":"nomination.nominee"}}],"from":{"table":"nomination"},"group_by":[{"col":"nomination.nominee"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
}

// TestRestatesHeadRefusals: a word between the head and the superlative
// that names another table, or a key column as the head, stays refused.
func TestRestatesHeadRefusals(t *testing.T) {
	runRefusals(t, rankPlaceSchema(), []string{
		"Which nominee was given an award the most?",
		"Which nominee of the awards was nominated the most times?",
		"Which id was nominated the most?",
	})
}

// countColumnSchema has rows with a primary key and a numeric column
// named by a count noun (building.floors), and rows without a key whose
// number repeats per game (plays.hours_played).
func countColumnSchema() *schema.Schema {
	building := table("building", []schema.Column{col("building_id", "INTEGER"), col("name", "TEXT"), col("street_address", "TEXT"), col("floors", "INTEGER")})
	building.PrimaryKey = []string{"building_id"}
	game := table("game", []schema.Column{col("game_id", "INTEGER"), col("title", "TEXT")})
	game.PrimaryKey = []string{"game_id"}
	plays := table("plays", []schema.Column{col("student_id", "INTEGER"), col("game_id", "INTEGER"), col("hours_played", "INTEGER")})
	plays.ForeignKeys = []schema.ForeignKey{{Columns: []string{"game_id"}, RefTable: "game", RefColumns: []string{"game_id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{building, game, plays}}
}

// TestCountAsColumnAnswers: "number of floors" listed among a row's
// columns is the floors column, shown in its place.
func TestCountAsColumnAnswers(t *testing.T) {
	runAnswers(t, countColumnSchema(), []answerCase{
		{"Show the name, street address, and number of floors for all buildings.", `{"from":{"table":"building"},"select":[{"expr":{"col":"building.name"}},{"expr":{"col":"building.street_address"}},{"expr":{"col":"building.floors"}}]}`},
		{"Show the number of floors and name of all buildings ordered by the number of floors.", `{"from":{"table":"building"},"order_by":[{"expr":{"col":"building.floors"}}],"select":[{"expr":{"col":"building.floors"}},{"expr":{"col":"building.name"}}]}`},
	})
}

// TestCountAsColumnRefusals: beside a key of other rows, in rows without a
// key of their own, the number stays refused.
func TestCountAsColumnRefusals(t *testing.T) {
	runRefusals(t, countColumnSchema(), []string{
		"Show all game ids and the number of hours played.",
		"Show the student ids and the number of hours played.",
		"Show the name and number of floors for each street address.",
	})
}

// postSuperlativeSchema has rows ranked by a column (city.population) and
// rows grouped and ranked by an aggregate (reading.pressure per zip code).
func postSuperlativeSchema() *schema.Schema {
	city := table("city", []schema.Column{col("city_id", "INTEGER"), col("name", "TEXT"), col("population", "INTEGER")})
	city.PrimaryKey = []string{"city_id"}
	reading := table("reading", []schema.Column{col("reading_id", "INTEGER"), col("zip_code", "TEXT"), col("pressure", "REAL")})
	reading.PrimaryKey = []string{"reading_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{city, reading}}
}

// TestPostSuperlativeAnswers: "whose X is the highest" and "in which the
// average X is the lowest" close the question as "with the highest X"
// does.
func TestPostSuperlativeAnswers(t *testing.T) {
	runAnswers(t, postSuperlativeSchema(), []answerCase{
		{"What is the name of the city whose population is the largest?", `{"from":{"table":"city"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"city.population"}}],"select":[{"expr":{"col":"city.name"}}]}`},
		{"What is the zip code in which the average pressure is the lowest?", `{"from":{"table":"reading"},"group_by":[{"col":"reading.zip_code"}],"limit":1,"order_by":[{"expr":{"agg":"avg","arg":{"col":"reading.pressure"}}}],"select":[{"expr":{"col":"reading.zip_code"}}]}`},
	})
}

// TestPostSuperlativeRefusals: a superlative followed by more words ("for
// each zip code") is not moved, and stays refused.
func TestPostSuperlativeRefusals(t *testing.T) {
	runRefusals(t, postSuperlativeSchema(), []string{
		"What is the zip code in which the average pressure is the lowest for each city?",
	})
}
