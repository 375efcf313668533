package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// vocabSchema names its columns and tables in words questions rephrase:
// bare measures (snatch, total) that questions call scores, a manufacturer
// questions call a company, a rank whose values name kinds of faculty, a
// founder and a director named by their verbs, units in column names, a
// compound (hometown), lengths and dates.
func vocabSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("lifter", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("snatch", "REAL"), col("total", "REAL"),
			col("hometown", "TEXT", "Oslo"), col("money_requested", "REAL")}),
		table("manufacturer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Sony"), col("founder", "TEXT", "James"),
			col("revenue", "REAL"), col("sales_billion", "REAL")}),
		table("faculty", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), complete(col("rank", "TEXT", "Professor", "Instructor")), col("age", "INTEGER")}),
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Up"), col("directed_by", "TEXT", "Pete Docter"), col("year", "INTEGER"),
			col("budget_million", "REAL")}),
		table("trip", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER"), col("start_date", "DATE")}),
		table("enzyme", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "ALA")}),
		table("report", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Q1")}),
		table("employment", []schema.Column{col("id", "INTEGER"), col("year", "INTEGER")}),
		table("city", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Austin"), col("state", "TEXT", "Texas")}),
		table("bridge", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Kolb"), col("length_meters", "REAL"), col("length_feet", "REAL"),
			col("gender", "TEXT", "M")}),
		table("clerk", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Li"), col("office", "TEXT", "B12")}),
		table("campus", []schema.Column{col("id", "INTEGER"), col("address", "TEXT", "1 Main St")}),
		table("facility", []schema.Column{col("id", "INTEGER"), complete(col("purpose", "TEXT", "Study Room", "Gym"))}),
	}}
}

// A measure noun next to a column only repeats that it is a measure
// ("snatch score", "total score" where a column is called total, "amount
// of money requested"); alone it names nothing.
func TestVocabHeadNouns(t *testing.T) {
	runAnswers(t, vocabSchema(), []answerCase{
		{`what is the average snatch score of lifters?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"lifter.snatch"}}}],"from":{"table":"lifter"}}`},
		{`names of lifters whose total score is above 300`, `{"select":[{"expr":{"col":"lifter.name"}}],"from":{"table":"lifter"},"where":{"op":">","left":{"col":"lifter.total"},"right":{"value":300}}}`},
		{`list the names of lifters ordered by the amount of money requested`, `{"select":[{"expr":{"col":"lifter.name"}}],"from":{"table":"lifter"},"order_by":[{"expr":{"col":"lifter.money_requested"}}]}`},
	})
	runRefusals(t, vocabSchema(), []string{
		`what is the average score of lifters?`, // no column the score is of
		`what is the amount?`,                   // an amount of nothing measured
	})
}

// General English names the schema's words: a company is a manufacturer,
// "professors" are the faculty whose rank is Professor, a "director" is
// the one a film is directed_by, "founded" names the founder.
func TestVocabSynonymsAndDerivations(t *testing.T) {
	runAnswers(t, vocabSchema(), []answerCase{
		{`what is the total revenue of all companies?`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"manufacturer.revenue"}}}],"from":{"table":"manufacturer"}}`},
		{`list the names of all professors`, `{"distinct":true,"select":[{"expr":{"col":"faculty.name"}}],"from":{"table":"faculty"},"where":{"op":"=","left":{"col":"faculty.rank"},"right":{"value":"Professor"}}}`},
		{`show the title and director of all films`, `{"select":[{"expr":{"col":"film.title"}},{"expr":{"col":"film.directed_by"}}],"from":{"table":"film"}}`},
		{`what is the average sales of manufacturers?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"manufacturer.sales_billion"}}}],"from":{"table":"manufacturer"}}`},
		{`list the home town of all lifters`, `{"select":[{"expr":{"col":"lifter.hometown"}}],"from":{"table":"lifter"}}`},
	})
	runRefusals(t, vocabSchema(), []string{
		`how many reporters are there?`, // a reporter is no report
		`how many lecturers are there?`, // a synonym of no table or value here
		`how many employees are there?`, // an employee is no employment
	})
}

// Sorting, ranking and comparison phrases in everyday English.
func TestVocabOrderPhrases(t *testing.T) {
	runAnswers(t, vocabSchema(), []answerCase{
		{`list the names of faculty. Sort them by age.`, `{"select":[{"expr":{"col":"faculty.name"}}],"from":{"table":"faculty"},"order_by":[{"expr":{"col":"faculty.age"}}]}`},
		{`names of faculty sorted in descending order of age`, `{"select":[{"expr":{"col":"faculty.name"}}],"from":{"table":"faculty"},"order_by":[{"expr":{"col":"faculty.age"},"desc":true}]}`},
		{`what is the id of the trip with the shortest duration?`, `{"select":[{"expr":{"col":"trip.id"}}],"from":{"table":"trip"},"order_by":[{"expr":{"col":"trip.duration"}}],"limit":1}`},
		{`what is the id of the trip taken most recently?`, `{"select":[{"expr":{"col":"trip.id"}}],"from":{"table":"trip"},"order_by":[{"expr":{"col":"trip.start_date"},"desc":true}],"limit":1}`},
		{`how many kinds of enzymes are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"enzyme"}}`},
		{`titles of films with year 2000 or earlier`, `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"where":{"op":"<=","left":{"col":"film.year"},"right":{"value":2000}}}`},
		{`names of faculty whose age is in the range of 30 and 40`, `{"select":[{"expr":{"col":"faculty.name"}}],"from":{"table":"faculty"},"where":{"op":"between","left":{"col":"faculty.age"},"low":{"value":30},"high":{"value":40}}}`},
	})
	runRefusals(t, vocabSchema(), []string{
		`how many distinct kinds of enzymes are there?`, // distinct by what
	})
}

// Units in column names ("budget in millions", "length in feet", "200
// feet of length"), attribute nouns after a column ("gender type"), a
// synonym as a column's head noun ("office locations" is the office, not
// a campus address), "name of" a text value, and a plural of a value with
// several words.
func TestVocabUnitsNamesPlurals(t *testing.T) {
	runAnswers(t, vocabSchema(), []answerCase{
		{`list the titles of films ordered by budget in millions`, `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"order_by":[{"expr":{"col":"film.budget_million"}}]}`},
		{`list the names of states of all cities`, `{"select":[{"expr":{"col":"city.state"}}],"from":{"table":"city"}}`},
		{`what is the average length in feet of the bridges?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"bridge.length_feet"}}}],"from":{"table":"bridge"}}`},
		{`names of bridges with at least 200 feet of length`, `{"select":[{"expr":{"col":"bridge.name"}}],"from":{"table":"bridge"},"where":{"op":">=","left":{"col":"bridge.length_feet"},"right":{"value":200}}}`},
		{`list the name and gender type of all bridges`, `{"select":[{"expr":{"col":"bridge.name"}},{"expr":{"col":"bridge.gender"}}],"from":{"table":"bridge"}}`},
		{`list the office locations of all clerks`, `{"select":[{"expr":{"col":"clerk.office"}}],"from":{"table":"clerk"}}`},
		{`list the ids of all study rooms`, `{"distinct":true,"select":[{"expr":{"col":"facility.id"}}],"from":{"table":"facility"},"where":{"op":"=","left":{"col":"facility.purpose"},"right":{"value":"Study Room"}}}`},
	})
}
