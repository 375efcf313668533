package offline

import (
	"strings"
	"testing"
)

// dropExpansion removes the words an acronym abbreviates, small function
// words counted or skipped, and only when every letter is spelt.
func TestDropExpansion(t *testing.T) {
	cases := []struct {
		before, acr, want string
		ok                bool
	}{
		{"the maximum Online Mendelian Inheritance in Man ", "OMIM", "the maximum ", true},
		{"the Gross Domestic Product ", "GDP", "the ", true},
		{"fees of the Department of Motor Vehicles ", "DMV", "fees of the ", true},
		{"accounts at Bank of America ", "BOA", "accounts at ", true},
		{"the maximum Mendelian Inheritance ", "OMIM", "the maximum Mendelian Inheritance ", false},
		{"the Gross Product ", "GDP", "the Gross Product ", false},
		{"Product ", "GDP", "Product ", false},
	}
	for _, c := range cases {
		got, ok := dropExpansion(c.before, c.acr)
		if got != c.want || ok != c.ok {
			t.Errorf("dropExpansion(%q, %q) = %q, %v; want %q, %v", c.before, c.acr, got, ok, c.want, c.ok)
		}
	}
}

// Only "(s)" or "(es)" written against a word is an optional letter.
func TestOptionalLetters(t *testing.T) {
	cases := []struct {
		q    string
		want bool
	}{
		{"where (s)he works", true},
		{"the airport(s) of", true},
		{"the box(es) of", true},
		{"the letter (s) of", false},
		{"the airport(x) of", false},
	}
	for _, c := range cases {
		open := strings.IndexByte(c.q, '(')
		end := strings.IndexByte(c.q, ')')
		if got := optionalLetters(c.q, open, end, c.q[open+1:end]); got != c.want {
			t.Errorf("optionalLetters(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}
