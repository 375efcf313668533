package offline_test

import (
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// generalSchema names its things in one everyday word each, where a
// question written without seeing it may use another: gymnasts it calls
// athletes, an origin and a destination it calls the starting point and
// the terminus, a hometown it calls the birthplace, a founder the
// establisher, an artwork a work of art, an allergy a hypersensitivity,
// a speed a velocity, a temperature degrees Celsius, a detention a
// detainment, a capacity the number of seats.
func generalSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("gymnast", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("hometown", "TEXT", "Oslo"), col("age", "INTEGER")}),
		table("flight", []schema.Column{col("flno", "INTEGER"), col("origin", "TEXT", "Chicago"), col("destination", "TEXT", "Honolulu"),
			col("price", "REAL")}),
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Sony"), col("founder", "TEXT", "Ibuka")}),
		table("artwork", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dawn"), col("type", "TEXT", "Painting")}),
		table("allergy", []schema.Column{col("id", "INTEGER"), col("allergy_name", "TEXT", "Cat")}),
		table("coaster", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Loop"), col("speed", "REAL")}),
		table("town", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Lund"), col("temperature", "REAL")}),
		table("detention", []schema.Column{col("id", "INTEGER"), col("summary", "TEXT", "Late")}),
		table("cinema", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Rex"), col("capacity", "INTEGER")}),
	}}
}

// Everyday words for a schema's own, either way or one way.
func TestGeneralSynonyms(t *testing.T) {
	runAnswers(t, generalSchema(), []answerCase{
		{`how many athletes are older than 20?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"gymnast"},"where":{"op":">","left":{"col":"gymnast.age"},"right":{"value":20}}}`},
		{`list the birthplaces of all gymnasts`, `{"select":[{"expr":{"col":"gymnast.hometown"}}],"from":{"table":"gymnast"}}`},
		{`show the starting point and terminus of all flights`, `{"select":[{"expr":{"col":"flight.origin"}},{"expr":{"col":"flight.destination"}}],"from":{"table":"flight"}}`},
		{`who is the establisher of the company named Sony?`, `{"select":[{"expr":{"col":"company.founder"}}],"from":{"table":"company"},"where":{"op":"=","left":{"col":"company.name"},"right":{"value":"Sony"}}}`},
		{`how many works of art are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"artwork"}}`},
		{`how many hypersensitivities are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"allergy"}}`},
		{`what is the average velocity of coasters?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"coaster.speed"}}}],"from":{"table":"coaster"}}`},
		{`show all detainment summaries`, `{"select":[{"expr":{"col":"detention.summary"}}],"from":{"table":"detention"}}`},
		{`which cinemas have more than 300 seats?`, `{"select":[{"expr":{"col":"cinema.name"}}],"from":{"table":"cinema"},"where":{"op":">","left":{"col":"cinema.capacity"},"right":{"value":300}}}`},
	})
}

// One-way groups stay one way: a schema's "athlete" is not what a
// question calls a gymnast, nor its "pupil" a student; a word two
// groups lead to different tables is ambiguous, not a guess.
func TestGeneralOneWayAndAmbiguous(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("athlete", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo")}),
		table("pupil", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
	}}
	runAnswers(t, s, []answerCase{
		{`how many athletes are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"athlete"}}`},
	})
	runRefusals(t, s, []string{
		`how many gymnasts are there?`,
		`how many students are there?`,
	})
	both := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("gymnast", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo")}),
		table("swimmer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann")}),
	}}
	runRefusals(t, both, []string{
		`how many athletes are there?`,
	})
	// Refused for the right reasons: an athlete is ambiguous among two
	// tables, a student links to nothing.
	for _, c := range []struct {
		s        *schema.Schema
		question string
		want     offline.RefusalKind
	}{
		{both, `how many athletes are there?`, offline.RefusedAmbiguous},
		{s, `how many students are there?`, offline.RefusedUnlinked},
	} {
		if _, tr := offline.New(c.s, offline.Options{Today: today}).PlanWithTrace(c.question); tr.Refusal != c.want {
			t.Errorf("%q: refusal %q, want %q\n%s", c.question, tr.Refusal, c.want, tr)
		}
	}
}
