package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// moreVerbUsage adds to verbUsage the verbs of relverbs3.go's tests, and
// one synonym WordNet gives.
var moreVerbUsage = moreUsage(fakeThesaurus{
	"doctors": {syn("doctor", "physician", 0)},
	"outfit":  {syn("outfit", "company", 0)},
}, offline.UsageCounts{"win": {1, 3, 0}, "makes": {1, 29, 0}, "consulted": {0, 3, 0}, "consult": {0, 3, 0}, "reach": {2, 9, 0}})

// linkVerbSchema3 is linkVerbSchema with matches that name their winning
// pilot by a foreign key, the one thing of the "win" family.
func linkVerbSchema3() *schema.Schema {
	s := linkVerbSchema()
	s.Tables[0].Columns[1] = complete(col("name", "TEXT", "Acme", "Sony"))
	s.Tables = append(s.Tables,
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo")}),
		table("match", []schema.Column{col("id", "INTEGER"), col("country", "TEXT", "Australia", "Peru"), col("winning_pilot", "INTEGER")},
			fk("winning_pilot", "pilot")))
	return s
}

// TestLinkVerbsMoreShapes: the shapes relverbs3.go adds to relverbs2.go's.
func TestLinkVerbsMoreShapes(t *testing.T) {
	s := linkVerbSchema3()
	p := offline.New(s, offline.Options{Today: today, WordNet: moreVerbUsage})
	for _, c := range []struct{ question, col, reason string }{
		// An object relative clause whose subject is a value.
		{"find the names of products that Sony makes", "company.name", `set aside "makes": it only relates Sony and products`},
		// A verb of a foreign key's family only.
		{"find the names of pilots who did not win any match", "match.winning_pilot", `set aside "win": it only relates pilots and match`},
		// A capability before a superlative and a column of its subject.
		{"the name of the product that can reach the highest price", "product.price", `set aside "reach": it only relates product and price`},
		// A passive negated by its be.
		{"names of physicians that are not consulted by any patient", "patient.physician_id", `set aside "consulted": it only relates physicians and patient`},
		// A verb beside a word WordNet links: both are read.
		{"doctors who help patients named Kim", "patient.name", `set aside "help": it only relates doctors and patients`},
		// A verb beside a filler: both are set aside.
		{"find the names of customers who actually did not pay with Cash", "customer.payment_method", `set aside "pay"`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, s, c.question)
			if !strings.Contains(r.Plan.String(), `"`+c.col+`"`) {
				t.Errorf("plan does not use %s: %s", c.col, r.Plan)
			}
			if !strings.Contains(r.Plan.Reason, c.reason) {
				t.Errorf("reason %q lacks %q", r.Plan.Reason, c.reason)
			}
		})
	}
}

// TestLinkVerbsCountList: "How many X does each Y <verb>? List … and the
// count." reads a verb WordNet knows as countlist.go reads "have"; the
// serial comma before "and the count" goes with the count phrase.
func TestLinkVerbsCountList(t *testing.T) {
	s := linkVerbSchema3()
	p := offline.New(s, offline.Options{Today: today, WordNet: moreVerbUsage})
	q := "How many products does each company make? List the company name, city, and the count."
	r := planned(t, p, s, q)
	got := r.Plan.String()
	for _, want := range []string{`"count"`, `"product.company_id"`, `"company.city"`, `"group_by"`} {
		if !strings.Contains(got, want) {
			t.Errorf("plan lacks %s: %s", want, got)
		}
	}
	// Without usage counts the verb is not read, and the question stays
	// refused.
	plain := offline.New(s, offline.Options{Today: today, WordNet: fakeThesaurus{}})
	if r := plain.Plan(q); r.Plan != nil {
		t.Errorf("without usage counts: planned %s", r.Plan)
	}
	// A word WordNet uses mostly as a noun is not read as "have", even
	// when another word ("outfit") calls for the WordNet reading.
	if r := p.Plan("How many products does each outfit branch? List the company name, city, and the count."); r.Plan != nil {
		t.Errorf("a noun read as a verb: planned %s", r.Plan)
	}
	if r := p.Plan("How many products does each outfit make? List the company name, city, and the count."); r.Plan == nil {
		t.Errorf("a verb beside a WordNet synonym: %s", describeReply(r))
	}
}

// TestLinkVerbsNegatedPassiveKept: a passive's negation is read only as
// "not" after a finite be, before a participle.
func TestLinkVerbsNegatedPassiveKept(t *testing.T) {
	s := linkVerbSchema3()
	p := offline.New(s, offline.Options{Today: today, WordNet: moreVerbUsage})
	for _, q := range []string{
		// "never" and "not" after have read as do-support's "not" since
		// relverbs4.go (TestLinkVerbsPlainNegation).
		"names of physicians that are not consult by any patient", // a base form after be
	} {
		if r, tr := p.PlanWithTrace(q); r.Plan != nil {
			t.Errorf("%q: planned %s\n%s", q, r.Plan, tr)
		}
	}
}
