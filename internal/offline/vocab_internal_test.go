package offline

import (
	"slices"
	"testing"
)

// Words of one family share a root; an agent and an act of one root do
// not name each other.
func TestDerivRoots(t *testing.T) {
	for _, c := range []struct {
		question, schema string
		meet             bool
	}{
		{"created", "creation", true},
		{"founded", "founder", true},
		{"founded", "foundation", true},
		{"won", "winner", true},
		{"won", "wins", true},
		{"director", "directed", true},
		{"measurement", "measure", true},
		{"born", "birth", true},
		{"climb", "climber", true},
		{"described", "description", true},
		{"reporters", "report", false},      // a person is not the thing
		{"employees", "employment", false},  // nor the act
		{"mountaineers", "mountain", false}, // nor the place
		{"attendees", "attendance", false},  // nor the figure
		{"created", "credit", false},        // no shared root at all
		{"ordered", "orchestra", false},     // nor here
		{"lenses", "lens", true},            // a plural is its singular
	} {
		qr, qk := derivRoots(c.question)
		sr, sk := derivRoots(c.schema)
		shared := slices.ContainsFunc(qr, func(r string) bool { return slices.Contains(sr, r) })
		if got := shared && qk.names(sk); got != c.meet {
			t.Errorf("%q names %q: got %v, want %v (roots %v %v, kinds %d %d)", c.question, c.schema, got, c.meet, qr, sr, qk, sk)
		}
	}
}

// "more than twice" counts: the adverb is a number after a bound, and a
// plain word elsewhere; "2000 or earlier" is "at most 2000", and a year
// so bounded is a time comparison, its "in" dropped (implicitcmp.go).
func TestAdverbCounts(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"used more than twice", []string{"used", "more", "than", "2"}},
		{"visited at most once", []string{"visited", "at", "most", "1"}},
		{"once a host city", []string{"once", "a", "host", "city"}},
		{"in 2000 or earlier", []string{"no", "later", "than", "2000"}},
		{"in 2011 or later", []string{"since", "2011"}},
		{"aged 25 or older", []string{"aged", "at", "least", "25"}},
	} {
		var got []string
		for _, tk := range tokenize(c.q) {
			got = append(got, tk.text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("tokenize(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}
