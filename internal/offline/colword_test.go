package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// pollSchema has candidates with two rates in each row, mills built by
// architects, companies with offices in buildings, and people with a
// their friends (a key named as a noun).
func pollSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("candidate", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("poll_source", "TEXT", "Newsweek"),
			col("support_rate", "REAL"), col("oppose_rate", "REAL")}),
		table("architect", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Frank"), complete(col("nationality", "TEXT", "American", "Canadian", "Swiss"))}),
		table("mill", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Le Moulin"), complete(col("type", "TEXT", "Grondzeiler", "Bovenkruier")),
			col("built_year", "INTEGER"), col("architect_id", "INTEGER")}, fk("architect_id", "architect")),
		table("building", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Tower A"), col("height", "INTEGER")}),
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Acme")}),
		table("office", []schema.Column{col("building_id", "INTEGER"), col("company_id", "INTEGER")},
			fk("building_id", "building"), fk("company_id", "company")),
		table("person", []schema.Column{col("id", "INTEGER"), col("full_name", "TEXT", "Zach"), col("age", "INTEGER")}),
		table("person_friend", []schema.Column{col("person_id", "INTEGER"), col("friend", "INTEGER")},
			fk("person_id", "person"), fk("friend", "person")),
	}}
}

// A column word in a relative clause with no value after it is read for
// what the grammar says it is: a verb relating two things named, a column
// asked for in a clause of its own or added by "along with", or a column
// compared with another column of the same row.
func TestColumnWords(t *testing.T) {
	runAnswers(t, pollSchema(), []answerCase{
		// A verb sharing a stem with built_year, between the mills and
		// the architects: the foreign key says what it says.
		{`What are the distinct types of mills that are built by American or Canadian architects?`,
			`{"distinct":true,"from":{"table":"mill"},"joins":[{"on":[{"left":"mill.architect_id","right":"architect.id"}],"table":"architect","type":"inner"}],"select":[{"expr":{"col":"mill.type"}}],"where":{"left":{"col":"architect.nationality"},"op":"in","values":[{"value":"American"},{"value":"Canadian"}]}}`},
		// "along with" adds a column to the list shown.
		{`List the name of a building along with the name of a company whose office is in the building.`,
			`{"from":{"table":"building"},"joins":[{"on":[{"left":"building.id","right":"office.building_id"}],"table":"office","type":"inner"},{"on":[{"left":"office.company_id","right":"company.id"}],"table":"company","type":"inner"}],"select":[{"expr":{"col":"building.name"}},{"expr":{"col":"company.name"}}]}`},
		// "what are their …" asks for the column in a clause of its own.
		{`What are the names of candidates who have oppose rate above 0.5, and what are their support rates?`,
			`{"from":{"table":"candidate"},"select":[{"expr":{"col":"candidate.name"}},{"expr":{"col":"candidate.support_rate"}}],"where":{"left":{"col":"candidate.oppose_rate"},"op":">","right":{"value":0.5}}}`},
		// Two numeric columns of one row compared.
		{`Find the names of the candidates whose support rate is lower than their oppose rate.`,
			`{"from":{"table":"candidate"},"select":[{"expr":{"col":"candidate.name"}}],"where":{"left":{"col":"candidate.support_rate"},"op":"<","right":{"col":"candidate.oppose_rate"}}}`},
		{`Which candidates have oppose rate higher than the support rate?`,
			`{"from":{"table":"candidate"},"select":[{"expr":{"col":"candidate.name"}}],"where":{"left":{"col":"candidate.oppose_rate"},"op":">","right":{"col":"candidate.support_rate"}}}`},
	})
}

// The verb set aside is named in the plan's reason, and the comparison of
// two columns is described as one.
func TestColumnWordsReason(t *testing.T) {
	p := offline.New(pollSchema(), offline.Options{Today: today})
	for q, want := range map[string]string{
		`What are the distinct types of mills that are built by American or Canadian architects?`: `ignored "built"`,
		`Find the names of the candidates whose support rate is lower than their oppose rate.`:    `candidate.support_rate < candidate.oppose_rate`,
	} {
		r, tr := p.PlanWithTrace(q)
		if r.Plan == nil || !strings.Contains(r.Plan.Reason, want) {
			t.Errorf("%q: reason should contain %q:\n%s", q, want, tr)
		}
	}
}

// What the readings do not take is still refused, with a reason that says
// what is missing.
func TestColumnWordsRefused(t *testing.T) {
	s := pollSchema()
	runRefusals(t, s, []string{
		// Text columns are not compared with each other.
		`Which candidates have a name lower than their poll source?`,
		// The other side is another row's column.
		`Find the names of candidates whose support rate is higher than the support rate of any candidate named Ann.`,
		// Ranking within each row named before is not a list of columns.
		`Select the name of each company along with the name of its tallest building.`,
		// A negated verb is a condition of its own, not a link.
		`What are the distinct types of mills that were not built by American architects?`,
		// A key named as a noun with a condition on the rows it refers
		// to, one of two ages (keynouns2.go reads "with age above 40").
		`Find the full name of the person who has friends with age above 40 or under 20.`,
	})
	p := offline.New(s, offline.Options{Today: today})
	for q, want := range map[string]string{
		`Find the names of candidates whose support rate is higher than the support rate of any candidate named Ann.`: `is compared with`,
		`Find the full name of the person who has friends with age above 40 or under 20.`:                             `names a key to person`,
	} {
		if _, tr := p.PlanWithTrace(q); !strings.Contains(tr.Reason, want) {
			t.Errorf("%q: reason should contain %q:\n%s", q, want, tr)
		}
	}
}
