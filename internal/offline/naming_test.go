package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// extremesSchema holds columns named for a row's own extreme (a job's
// min_salary, a day's max_temperature_f with its unit last) beside a plain
// column of the same word (an employee's salary).
func extremesSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("jobs", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Clerk"), col("min_salary", "REAL"), col("max_salary", "REAL")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("salary", "REAL")}),
		table("weather", []schema.Column{col("id", "INTEGER"), col("zip_code", "INTEGER"), col("max_temperature_f", "REAL"),
			col("mean_temperature_f", "REAL")}),
	}}
}

// "Maximum" and "minimum" spell the max and min that begin a column's name,
// and a unit of temperature ends one as other units do: "minimum salary"
// is min_salary, "maximum temperature" max_temperature_f. Where the table
// the question names has the plain column, the word is still an aggregate
// of it ("the maximum salary of employees").
func TestExtremeColumnNames(t *testing.T) {
	runAnswers(t, extremesSchema(), []answerCase{
		{`list the titles of jobs whose minimum salary is greater than 9000`, `{"select":[{"expr":{"col":"jobs.title"}}],"from":{"table":"jobs"},"where":{"op":">","left":{"col":"jobs.min_salary"},"right":{"value":9000}}}`},
		{`show the zip codes where the maximum temperature is above 85`, `{"distinct":true,"select":[{"expr":{"col":"weather.zip_code"}}],"from":{"table":"weather"},"where":{"op":">","left":{"col":"weather.max_temperature_f"},"right":{"value":85}}}`},
		{`what is the average max temperature?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"weather.max_temperature_f"}}}],"from":{"table":"weather"}}`},
		{`what is the maximum salary of employees?`, `{"select":[{"expr":{"agg":"max","arg":{"col":"employee.salary"}}}],"from":{"table":"employee"}}`},
		{`what is the average minimum salary of jobs?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"jobs.min_salary"}}}],"from":{"table":"jobs"}}`},
	})
	runRefusals(t, extremesSchema(), []string{
		`what is the maximum?`, // an extreme of nothing named
	})
}

// demonymSchema stores countries by name, in a column of artists and
// of airlines, and an airline whose name begins with a country adjective.
func demonymSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("artist", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("gender", "TEXT", "Male"),
			col("country", "TEXT", "Bangladesh", "India", "UK")}),
		table("airline", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Delta"), col("country", "TEXT", "United States", "India")}),
	}}
}

// A capitalised country adjective is its country as a stored value: the
// name general English gives it, or the common short form ("UK" for
// British). The tables the question names choose among the columns that
// hold it. An adjective that begins a proper name ("American Airlines")
// or is written in lower case is not read so.
func TestDemonyms(t *testing.T) {
	runAnswers(t, demonymSchema(), []answerCase{
		{`How many Bangladeshi artists are listed?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"artist"},"where":{"op":"=","left":{"col":"artist.country"},"right":{"value":"Bangladesh"}}}`},
		{`What are the names of all British artists?`, `{"select":[{"expr":{"col":"artist.name"}}],"from":{"table":"artist"},"where":{"op":"=","left":{"col":"artist.country"},"right":{"value":"UK"}}}`},
		{`How many Indian airlines are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"airline"},"where":{"op":"=","left":{"col":"airline.country"},"right":{"value":"India"}}}`},
		{`List the names of American airlines`, `{"select":[{"expr":{"col":"airline.name"}}],"from":{"table":"airline"},"where":{"op":"=","left":{"col":"airline.country"},"right":{"value":"United States"}}}`},
	})
	runRefusals(t, demonymSchema(), []string{
		`How many Indian Airlines are there?`,     // a proper name, not a country
		`How many bangladeshi artists are there?`, // not written as a name
		`How many French artists are there?`,      // no artist is from France
	})
}
