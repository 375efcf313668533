package offline_test

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
	"querent/internal/wordnet"
)

// Fixes from the session review (round 35).

// TestPerOwnerAggregateGroupsByKey: an aggregate of a child's rows listed
// after a parent's column and "its"/"their" is per parent row, keyed by
// the parent's primary key, so two departments that share a budget are
// not merged.
func TestPerOwnerAggregateGroupsByKey(t *testing.T) {
	per := func(fn, shown, c string) string {
		return `{"select":[{"expr":{"col":"department.` + shown + `"}},{"expr":{"agg":"` + fn + `","arg":{"col":"` + c + `"}}}],"from":{"table":"department"},"joins":[{"type":"inner","table":"employee","on":[{"left":"department.id","right":"employee.department_id"}]}],"group_by":[{"col":"department.id"},{"col":"department.` + shown + `"}]}`
	}
	runAnswers(t, gradedSchema(), []answerCase{
		{`Show the budget of each department and the maximum salary of its employees`, per("max", "budget", "employee.salary")},
		{`Show the budget of each department and the minimum age of its employees`, per("min", "budget", "employee.age")},
		{`Show the budgets of the departments and the total salary of their employees`, per("sum", "budget", "employee.salary")},
	})
}

// TestSuperlativeListedRanks: a superlative column listed with another
// column of the same rows, and no table before it, names one row's
// values: the row ranked by the column, as before superlative.go.
func TestSuperlativeListedRanks(t *testing.T) {
	ranked := func(c string) string {
		return `{"select":[{"expr":{"col":"member.name"}}],"from":{"table":"member"},"order_by":[{"expr":{"col":"member.` + c + `"},"desc":true}],"limit":1}`
	}
	runAnswers(t, gradedSchema(), []answerCase{
		{`Show the name and the oldest age of members`, ranked("age")},
		{`Give the latest join date and the name of the member`, ranked("join_date")},
		// Alone, the adjective still asks for the column's extreme.
		{`What is the oldest age of members?`, `{"select":[{"expr":{"agg":"max","arg":{"col":"member.age"}}}],"from":{"table":"member"}}`},
	})
}

// TestNumberBeforeVerbNoun: a number right before a word that is also a
// relation verb ("star") and a table belongs to that word, never to the
// column named before it: the star column when exactly one column of the
// table starts with the word, else a refusal.
func TestNumberBeforeVerbNoun(t *testing.T) {
	starred := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("hotels", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ritz", "Inn"), col("star_rating", "INTEGER"), col("price", "REAL")}),
	}}
	runAnswers(t, starred, []answerCase{
		{`What are the prices of 7 star hotels?`, `{"select":[{"expr":{"col":"hotels.price"}}],"from":{"table":"hotels"},"where":{"op":"=","left":{"col":"hotels.star_rating"},"right":{"value":7}}}`},
		{`What are the names of 2 star hotels?`, `{"select":[{"expr":{"col":"hotels.name"}}],"from":{"table":"hotels"},"where":{"op":"=","left":{"col":"hotels.star_rating"},"right":{"value":2}}}`},
	})
	unstarred := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("hotels", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ritz", "Inn"), col("price", "REAL")}),
	}}
	runRefusals(t, unstarred, []string{
		`What are the prices of 7 star hotels?`,
		`What are the names of 2 star hotels?`,
	})
}

// TestDistinctCountsReason: the plan's reason names every distinct count
// listed, not only the first.
func TestDistinctCountsReason(t *testing.T) {
	p := offline.New(gradedSchema(), offline.Options{Today: today})
	r := p.Plan(`What is the number of distinct names, ages and salaries of employees?`)
	if r.Plan == nil {
		t.Fatalf("refused: %s", describeReply(r))
	}
	for _, c := range []string{"employee.name", "employee.age", "employee.salary"} {
		if !strings.Contains(r.Plan.Reason, "distinct "+c) {
			t.Errorf("reason %q does not name the distinct count of %s", r.Plan.Reason, c)
		}
	}
}

// brokenThesaurus fails as a wordnet.DB whose exception list cannot be
// read: every lookup fails, and Err reports the failure once a lookup
// has met it.
type brokenThesaurus struct {
	met atomic.Bool
}

var errBrokenList = errors.New("wordnet: read /dict/noun.exc: input/output error")

func (b *brokenThesaurus) Related(string, ...wordnet.Relation) ([]wordnet.Relative, error) {
	b.met.Store(true)
	return nil, errBrokenList
}

func (b *brokenThesaurus) Err() error {
	if b.met.Load() {
		return errBrokenList
	}
	return nil
}

// TestThesaurusErrorNamed: a refusal for a word WordNet might have linked
// says WordNet could not be read, naming the file, in the reply and in
// the trace; a plan is unchanged.
func TestThesaurusErrorNamed(t *testing.T) {
	p := offline.New(gradedSchema(), offline.Options{Today: today, WordNet: &brokenThesaurus{}})
	r, tr := p.PlanWithTrace(`How many quorbels are there?`)
	if r.Plan != nil {
		t.Fatalf("planned %s; want a refusal", describeReply(r))
	}
	for _, got := range []string{r.CannotAnswer, tr.Reason} {
		if !strings.Contains(got, "WordNet could not be read") || !strings.Contains(got, "noun.exc") {
			t.Errorf("refusal %q does not say WordNet could not be read, naming noun.exc", got)
		}
	}
	if r := p.Plan(`How many employees are there?`); r.Plan == nil || strings.Contains(r.Plan.Reason, "WordNet") {
		t.Errorf("a question the schema's words plan: %s; want its plan, no WordNet note", describeReply(r))
	}
}

// TestHeldKeyGates: a key noun is read as what the rows hold only after
// a holding verb; elsewhere ("the chair votes of members named Ann") it
// asks for the key's values, which the rows of its table are not. Nor
// when the table holding the key is named: the people "who do not have
// friends" may lack a row of it as the person or as the friend.
func TestHeldKeyGates(t *testing.T) {
	runRefusals(t, ballotSchema(), []string{
		`What are the chair votes of members named Ann?`,
	})
	runRefusals(t, friendSchema(), []string{
		`What are the names of all people who do not have friends?`,
	})
}

// friendSchema has people keyed by name and (name, friend) pairs of them:
// two keys from one table to the other.
func friendSchema() *schema.Schema {
	byName := func(c string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{c}, RefTable: "person", RefColumns: []string{"name"}}
	}
	person := table("person", []schema.Column{complete(col("name", "TEXT", "Ann", "Bo")), col("age", "INTEGER")})
	person.PrimaryKey = []string{"name"}
	pairs := table("person_friend", []schema.Column{col("name", "TEXT", "Ann", "Bo"), col("friend", "TEXT", "Bo", "Ann"), col("year", "INTEGER")},
		byName("name"), byName("friend"))
	pairs.PrimaryKey = nil
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{person, pairs}}
}

// TestNamedKeyParentValue: with two keys between the tables, a value of
// the table the key noun's rows belong to may name the row of the other
// role: "the friend of Ann" is a friend of the pair whose name is Ann,
// not a person called Ann, so the key noun is not read.
func TestNamedKeyParentValue(t *testing.T) {
	runRefusals(t, friendSchema(), []string{
		`What is the age of the friend of Ann with the longest year relationship?`,
	})
}
