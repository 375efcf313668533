package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// dateSchema has a date column written in ISO form (hire_date), a
// timestamp column (placed_at) and a date column written month first
// (ride_date), whose text order is not date order.
func dateSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("hire_date", "DATE", "1987-06-17", "2002-06-21")}),
		table("orders", []schema.Column{col("id", "INTEGER"), col("placed_at", "DATETIME", "2018-03-17 07:13:53")}),
		table("ride", []schema.Column{col("id", "INTEGER"), col("ride_date", "DATE", "8/21/2015", "12/1/2014")}),
	}}
}

// A whole calendar date, written in ISO form or with the month's name, is
// one literal compared with an ISO date column.
func TestCalendarDates(t *testing.T) {
	before := `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"left":{"col":"employee.hire_date"},"op":"<","right":{"value":"2002-06-21"}}}`
	after := `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"left":{"col":"employee.hire_date"},"op":">","right":{"value":"1987-09-07"}}}`
	runAnswers(t, dateSchema(), []answerCase{
		{`Which employees were hired before June 21, 2002?`, before},
		{`Which employees were hired before 2002-06-21?`, before},
		{`Which employees were hired before 21st of June 2002?`, before},
		{`Which employees were hired after September 7th, 1987?`, after},
		{`Which employees were hired after 7th September, 1987?`, after},
		{`Which employees were hired between November 5th, 2007 and July 5th, 2009?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"left":{"col":"employee.hire_date"},"op":"between","low":{"value":"2007-11-05"},"high":{"value":"2009-07-05"}}}`},
		{`Which employees were hired on June 21, 2002?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"left":{"col":"employee.hire_date"},"op":"=","right":{"value":"2002-06-21"}}}`},
		{`How many orders have placed at after 2018-03-17 07:13:53?`, `{"from":{"table":"orders"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"orders.placed_at"},"op":">","right":{"value":"2018-03-17 07:13:53"}}}`},
	})
}

// A date compared with a column written month first would compare text,
// not days; a timestamp never equals a day; a day that does not exist is
// no date.
func TestCalendarDatesRefused(t *testing.T) {
	runRefusals(t, dateSchema(), []string{
		`How many rides have a ride date after June 21, 2015?`,
		`How many orders have placed at on March 17, 2018?`,
		`Which employees were hired before February 30, 2002?`,
	})
}

// raceSchema has a year column beside a full date.
func raceSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("race", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Monaco GP"), col("year", "INTEGER"), col("date", "TEXT", "2009-05-24")}),
	}}
}

// A bare year applies to the column named just "year" when the table also
// has a full date; "between" two years is a span of years on the
// subject's date, or on a named date column.
func TestYearColumnAndSpans(t *testing.T) {
	runAnswers(t, raceSchema(), []answerCase{
		{`Find the names of all races held in 2017.`, `{"from":{"table":"race"},"select":[{"expr":{"col":"race.name"}}],"where":{"left":{"col":"race.year"},"op":"=","right":{"value":2017}}}`},
		{`What are the names of races held between 2009 and 2011?`, `{"from":{"table":"race"},"select":[{"expr":{"col":"race.name"}}],"where":{"left":{"col":"race.year"},"op":"between","low":{"value":2009},"high":{"value":2011}}}`},
	})
	runAnswers(t, dateSchema(), []answerCase{
		{`Which employees were hired between 2000 and 2005?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"and":[{"left":{"col":"employee.hire_date"},"op":">=","right":{"value":"2000-01-01"}},{"left":{"col":"employee.hire_date"},"op":"<","right":{"value":"2006-01-01"}}]}}`},
	})
}

// Two dates columns, neither named just "year", stay a question to ask;
// a span written backwards is no span.
func TestYearSpansRefused(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("project", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Apollo"), col("start_date", "DATE"), col("end_date", "DATE")}),
	}}
	runRefusals(t, s, []string{
		`Which projects were in 2017?`,
		`Which projects ran between 2017 and 2015?`,
	})
	runRefusals(t, raceSchema(), []string{
		`What are the names of races held between 2011 and 2009?`,
	})
}
