package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// asideSchema has enzymes with an acronym column (OMIM), airports in
// cities and countries, weather days with a mean visibility, reviewers
// with names of two words, and dorm amenities.
func asideSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("enzyme", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "ALA synthase"), col("OMIM", "INTEGER")}),
		table("airport", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Heathrow"), col("city", "TEXT", "London"),
			col("country", "TEXT", "United Kingdom"), col("elevation", "INTEGER")}),
		table("weather", []schema.Column{col("day", "TEXT", "8/29/2013"), col("zip_code", "INTEGER"),
			col("mean_visibility_miles", "INTEGER"), col("mean_humidity", "INTEGER")}),
		table("reviewer", []schema.Column{col("reviewer_id", "INTEGER"),
			complete(col("reviewer_name", "TEXT", "Brittany Harris", "Chris Jackson", "Sarah Martinez"))}),
		table("studio", []schema.Column{col("id", "INTEGER"), col("studio_name", "TEXT", "Universal"), col("budget", "REAL")}),
	}}
}

// Words in parentheses that only repeat the question are set aside: an
// acronym that is the schema's own name after the words it abbreviates,
// and an optional "(s)" written against a word, but never inside a quoted
// value.
func TestAsides(t *testing.T) {
	runAnswers(t, asideSchema(), []answerCase{
		{`What is the maximum Online Mendelian Inheritance in Man (OMIM) value of the enzymes?`,
			`{"from":{"table":"enzyme"},"select":[{"expr":{"agg":"max","arg":{"col":"enzyme.OMIM"}}}]}`},
		{`How many airport(s) are there?`, `{"from":{"table":"airport"},"select":[{"expr":{"agg":"count"}}]}`},
		{`How many airports are named "Heathrow(s)"?`,
			`{"from":{"table":"airport"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"airport.name"},"op":"=","right":{"value":"Heathrow(s)"}}}`},
		{`List the name of the studio where (s)he works.`, `{"from":{"table":"studio"},"select":[{"expr":{"col":"studio.studio_name"}}]}`},
	})
}

// An aside is kept, and refused as any unknown word is, when it is no
// acronym of the words before it, or when it is not the schema's name.
func TestAsidesRefused(t *testing.T) {
	runRefusals(t, asideSchema(), []string{
		`What is the maximum Mendelian Inheritance value (OMIM) of the enzymes?`,
		`What is the maximum Online Mendelian Inheritance in Man (OMIT) value of the enzymes?`,
		`What is the highest elevation (in feet) of the airports?`,
	})
}

// A sort verb opening a later sentence may name the rows it sorts by a
// noun said before ("per country ... Order the countries by"); a command
// verb opening a later clause is set aside as one opening the question.
func TestLaterCommands(t *testing.T) {
	runAnswers(t, asideSchema(), []answerCase{
		{`How many airports are there per country? Order the countries by decreasing number of airports.`,
			`{"from":{"table":"airport"},"select":[{"expr":{"col":"airport.country"}},{"expr":{"agg":"count"}}],"group_by":[{"col":"airport.country"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		{`For each country, select the number of airports.`,
			`{"from":{"table":"airport"},"select":[{"expr":{"col":"airport.country"}},{"expr":{"agg":"count"}}],"group_by":[{"col":"airport.country"}]}`},
		{`For each country, compute the average elevation of the airports.`,
			`{"from":{"table":"airport"},"select":[{"expr":{"col":"airport.country"}},{"expr":{"agg":"avg","arg":{"col":"airport.elevation"}}}],"group_by":[{"col":"airport.country"}]}`},
	})
}

// A sort verb followed by a noun the question has not said is no request
// to sort the answer.
func TestLaterCommandsRefused(t *testing.T) {
	runRefusals(t, asideSchema(), []string{
		`How many airports are there per country? Order the runways by length.`,
	})
}

// Misspellings: a function word slipped in typing ("teh"), a later word
// of a longer column name ("mean visiblity") and a word of a value of two
// words ("Britanny Harris", "Chris Jaskson") are read as meant.
func TestMisspeltWithin(t *testing.T) {
	runAnswers(t, asideSchema(), []answerCase{
		{`What is the name of teh studio with the largest budget?`,
			`{"from":{"table":"studio"},"select":[{"expr":{"col":"studio.studio_name"}}],"order_by":[{"expr":{"col":"studio.budget"},"desc":true}],"limit":1}`},
		{`What is the average mean visiblity?`,
			`{"from":{"table":"weather"},"select":[{"expr":{"agg":"avg","arg":{"col":"weather.mean_visibility_miles"}}}]}`},
		{`What is the id of the reviewer Britanny Harris?`,
			`{"from":{"table":"reviewer"},"select":[{"expr":{"col":"reviewer.reviewer_id"}}],"where":{"left":{"col":"reviewer.reviewer_name"},"op":"=","right":{"value":"Brittany Harris"}}}`},
		{`What is the id of the reviewer Chris Jaskson?`,
			`{"from":{"table":"reviewer"},"select":[{"expr":{"col":"reviewer.reviewer_id"}}],"where":{"left":{"col":"reviewer.reviewer_name"},"op":"=","right":{"value":"Chris Jackson"}}}`},
	})
}

// A word near two words of the database, or near a value word whose
// phrase the question does not write, is not corrected.
func TestMisspeltWithinRefused(t *testing.T) {
	runRefusals(t, asideSchema(), []string{
		`What is the average mean visiblty humidity of all days?`,
		`What is the id of the reviewer Britanny?`,
		`What is the name of TEH studio?`,
	})
}
