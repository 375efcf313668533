package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// rowNounSchema calls its rows by names a question need not use: person for
// members, artwork for what a gallery shows, calendar for its days, and an
// activity's participants live in a link table named for the act.
func rowNounSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bob"),
			complete(col("gender", "TEXT", "female", "male")), col("age", "INTEGER")}),
		table("artwork", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dawn"), col("price", "REAL")}),
		table("calendar", []schema.Column{col("id", "INTEGER"), col("calendar_date", "DATE"), col("day_number", "INTEGER")}),
		table("faculty", []schema.Column{col("id", "INTEGER"), col("building", "TEXT", "Barton"),
			col("desk_id", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT", "Smith")}),
		table("activity", []schema.Column{col("id", "INTEGER"), col("activity_name", "TEXT", "Chess")}),
		table("participates_in", []schema.Column{col("stu_id", "INTEGER"), col("act_id", "INTEGER")},
			fk("stu_id", "student"), fk("act_id", "activity")),
	}}
}

// A noun the schema does not know is read as the rows the rest of the
// question names: a word for rows after a table's name ("calendar
// items"), the collection the whole database describes ("in the store",
// "in this network"), and a plural head after a table's name that only
// that table's rows make sense of ("faculty offices", "student
// participants").
func TestRowNounsRead(t *testing.T) {
	runAnswers(t, rowNounSchema(), []answerCase{
		{`How many calendar items are there?`, `{"from":{"table":"calendar"},"select":[{"expr":{"agg":"count"}}]}`},
		{`How many calendar entries do we have?`, `{"from":{"table":"calendar"},"select":[{"expr":{"agg":"count"}}]}`},
		{`What are the names and prices of all artworks in the gallery?`, `{"from":{"table":"artwork"},"select":[{"expr":{"col":"artwork.name"}},{"expr":{"col":"artwork.price"}}]}`},
		{`How many females are in the network?`, `{"from":{"table":"person"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"person.gender"},"op":"=","right":{"value":"female"}}}`},
		{`What is the average age of persons in this club?`, `{"from":{"table":"person"},"select":[{"expr":{"agg":"avg","arg":{"col":"person.age"}}}]}`},
		{`What buildings have faculty offices?`, `{"from":{"table":"faculty"},"select":[{"expr":{"col":"faculty.building"}}]}`},
	})
}

// The noun is not read as rows where it is a condition, an attribute, a
// measure or a kind of value: a capitalised word (a name), a time ("in
// the morning"), a container followed by more conditions, a noun standing
// alone ("members"), after "different" (a kind of value), after an
// extreme (a measure), before "of" (an
// attribute), counted while the question groups (the group's children),
// a word inside a column's name ("desks" for desk_id), a table named
// again apart from the noun, and a noun after a table with nothing else
// asked of its rows (an attribute the schema lacks).
func TestRowNounsRefused(t *testing.T) {
	runRefusals(t, rowNounSchema(), []string{
		`How many females are in the Network?`,
		`How many females are in the morning?`,
		`List the names of artworks in the gallery with price above 10.`,
		`How many members are there?`,
		`What are the different faculty methods?`,
		`Which building has the most faculty offices?`,
		`What are the faculty offices of each building?`,
		`How many faculty offices does each building have?`,
		`How many faculty desks are there?`,
		`Which faculty buildings have faculty offices?`,
		`Show me the faculty's offices.`,
	})
}

// The noun read as rows is named: the plan's reason says what it was read
// as, the trace marks a noun read as rows, and a noun set aside is
// listed as ignored in the trace and the reason.
func TestRowNounsShown(t *testing.T) {
	p := offline.New(rowNounSchema(), offline.Options{Today: today})
	for _, c := range []struct{ q, reason, ignored, rows string }{
		{`How many calendar items are there?`, `read "calendar items" as calendar`, "", "calendar items"},
		{`How many females are in the network?`, `ignored "network"`, "network", ""},
		{`What buildings have faculty offices?`, `read "offices" as faculty`, "", "offices"},
	} {
		r, tr := p.PlanWithTrace(c.q)
		if r.Plan == nil {
			t.Fatalf("%s: no plan:\n%s", c.q, tr)
		}
		if !strings.Contains(r.Plan.Reason, c.reason) {
			t.Errorf("%s: reason %q does not say %s", c.q, r.Plan.Reason, c.reason)
		}
		var ignored, rows []string
		for _, l := range tr.Links {
			switch {
			case l.Kind == "ignored":
				ignored = append(ignored, l.Words)
			case l.Match == "rows":
				rows = append(rows, l.Words)
			}
		}
		if got := strings.Join(ignored, ","); got != c.ignored {
			t.Errorf("%s: ignored %q, want %q\n%s", c.q, got, c.ignored, tr)
		}
		if got := strings.Join(rows, ","); got != c.rows {
			t.Errorf("%s: read as rows %q, want %q\n%s", c.q, got, c.rows, tr)
		}
	}
}
