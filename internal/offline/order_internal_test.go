package offline

import (
	"strings"
	"testing"
)

// texts joins the tokens' lower-case forms, numbers as the parser reads
// them, for comparing rewrites.
func texts(toks []token) string {
	var out []string
	for _, t := range toks {
		out = append(out, t.text)
	}
	return strings.Join(out, " ")
}

// Sort requests become the keyword phrases the parser reads; a sort verb
// that is a purchase or a noun is left alone.
func TestSortPhrases(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Sort the list by their price", "sorted by their price"},
		{"order them by age", "sorted by age"},
		{"ordered the results by amenity names", "sorted by amenity names"},
		{"sorted by the order of launch date", "sorted by launch date"},
		{"sort the results in descending order of season", "in descending order of season"},
		{"sorted in the descending order using age", "in descending order of age"},
		{"in ascending order by department number", "in ascending order of department number"},
		{"ordered in an alphabetical order", "in alphabetical order"},
		{"the alphabetically ordered list", "the alphabetically list"},
		{"per country, ordered from most to least", "per country , from most to least"},
		{"sort them ascending", "ascending"},
		// Left alone: a purchase, a noun, a verb without a key.
		{"products ordered from the supplier", "products ordered from the supplier"},
		{"the order id of each order", "the order id of each order"},
		{"products ordered twice", "products ordered twice"},
		{"the ordered list of ids", "the ordered list of ids"},
	}
	for _, c := range cases {
		if got := texts(sortPhrases(scan(c.in, true))); got != c.want {
			t.Errorf("sortPhrases(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// "twice", "once" and "N times" after a comparison become one number
// marked as a count of repetitions; elsewhere they stay words.
func TestRepetitions(t *testing.T) {
	cases := []struct {
		in, want string
		rep      bool // the last number is a count of repetitions
	}{
		{"visited at least twice", "visited at least 2", true},
		{"used more than 3 times", "used more than 3", true},
		{"nominated more than two times", "nominated more than 2", true},
		{"visited at most once", "visited at most 1", true},
		{"drivers who once had a lap", "drivers who once had a lap", false},
		{"visited twice", "visited twice", false},
		{"with more than 3 orders", "with more than 3 orders", false},
	}
	for _, c := range cases {
		toks := repetitions(scan(c.in, true))
		if got := texts(toks); got != c.want {
			t.Errorf("repetitions(%q) = %q, want %q", c.in, got, c.want)
			continue
		}
		rep := false
		for _, tk := range toks {
			if tk.kind == tokNumber {
				rep = isRepetition(mention{kind: mNumber, text: tk.raw})
			}
		}
		if rep != c.rep {
			t.Errorf("repetitions(%q): repetition %v, want %v", c.in, rep, c.rep)
		}
	}
}
