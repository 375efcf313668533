package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
)

// negatedVerbUsage adds to verbUsage the past forms the tests use
// (Tagged reads a word's base forms).
var negatedVerbUsage = moreUsage(nil, offline.UsageCounts{"treated": {0, 5, 0}})

// TestLinkVerbsPlainNegation: "never" and "have not" negate a verb set
// aside as "did not" does, no row of the object linked (relverbs4.go).
func TestLinkVerbsPlainNegation(t *testing.T) {
	s := linkVerbSchema()
	p := offline.New(s, offline.Options{Today: today, WordNet: negatedVerbUsage})
	for _, c := range []struct{ question, reason string }{
		{"names of physicians who never treated any patient", `set aside "treated": it only relates physicians and patient`},
		{"names of physicians who have never treated any patient", `set aside "treated": it only relates physicians and patient`},
		{"names of physicians who have not treated any patient", `set aside "treated": it only relates physicians and patient`},
		{"how many physicians have never treated a patient", `set aside "treated"`},
		{"names of physicians that never treat any patients", `set aside "treat"`},
		{"names of companies that never make a product", `set aside "make": it only relates companies and product`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, s, c.question)
			got := r.Plan.String()
			if !strings.Contains(got, `"not_in"`) || strings.Contains(got, `"except"`) {
				t.Errorf("want one NOT IN through the join: %s", got)
			}
			if !strings.Contains(r.Plan.Reason, c.reason) {
				t.Errorf("reason %q lacks %q", r.Plan.Reason, c.reason)
			}
		})
	}
	// A passive negated by "never", and "not" after have, on a verb of a
	// foreign key's family only (relverbs3.go).
	s3 := linkVerbSchema3()
	p3 := offline.New(s3, offline.Options{Today: today, WordNet: moreVerbUsage})
	for _, q := range []string{
		"names of physicians that are never consulted by any patient",
		"names of physicians that have not consulted any patient",
		"names of pilots who have never won any match",
	} {
		t.Run(q, func(t *testing.T) {
			r := planned(t, p3, s3, q)
			if got := r.Plan.String(); !strings.Contains(got, `"not_in"`) || strings.Contains(got, `"except"`) {
				t.Errorf("want one NOT IN through the join: %s", got)
			}
		})
	}
}

// TestLinkVerbsPlainNegationKept: a capability, a modal before the
// negation, a participle's agreement and a condition after the verb keep
// the question refused.
func TestLinkVerbsPlainNegationKept(t *testing.T) {
	runRefusalsWith(t, linkVerbSchema(), offline.Options{Today: today, WordNet: negatedVerbUsage}, []string{
		"physicians who cannot treat any patient",         // a capability
		"physicians who can never treat any patient",      // a modal before "never"
		"physicians who have never treat any patient",     // a base form after "have"
		"physicians who have never treated Kim",           // a value the negation may deny alone
		"physicians who have not treated 3 patients",      // a number likewise
		"physicians who never treated patients named Kim", // likewise
	})
}

// TestLinkVerbsRankedSubject: a ranking by a verb with nothing after it
// but a particle, the superlative before the clause's subject: the verb
// relates the ranked table and the counted one (relverbs4.go).
func TestLinkVerbsRankedSubject(t *testing.T) {
	s := linkVerbSchema3()
	p := offline.New(s, offline.Options{Today: today, WordNet: moreVerbUsage})
	for _, c := range []struct {
		question string
		desc     bool
	}{
		{"the name of the physician that the most patients consult", true},
		{"the name of the physician that most of the patients consult", true},
		{"the name of the physician that the fewest patients consult with", false},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, s, c.question)
			got := r.Plan.String()
			if !strings.Contains(got, `"patient.physician_id"`) || !strings.Contains(got, `"agg": "count"`) || r.Plan.Limit == nil || *r.Plan.Limit != 1 {
				t.Errorf("want physicians ranked by their count of patients: %s", got)
			}
			if strings.Contains(got, `"desc": true`) != c.desc {
				t.Errorf("want desc=%v: %s", c.desc, got)
			}
			if !strings.Contains(r.Plan.Reason, `set aside "consult": it only relates patients and physician`) {
				t.Errorf("reason %q does not name the verb", r.Plan.Reason)
			}
		})
	}
}
