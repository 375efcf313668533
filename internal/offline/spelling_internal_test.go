package offline

import "testing"

// The edit distance counts an adjacent transposition as one edit and stops
// counting past its limit.
func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"salaray", "salary", 2, 1},  // a letter too many
		{"comapny", "company", 2, 1}, // two letters swapped
		{"benifit", "benefit", 2, 1}, // one letter for another
		{"deparment", "department", 2, 1},
		{"deparments", "department", 2, 2}, // a letter missing, one too many
		{"actress", "address", 1, 2},       // past the limit: limit+1
		{"medal", "medal", 1, 0},
		{"short", "longerword", 2, 3},
	}
	for _, c := range cases {
		if got := editDistance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

// Two edits read as slips only when the first two letters stay and an edit
// falls before the ending.
func TestTwoSlips(t *testing.T) {
	cases := []struct {
		word, candidate string
		want            bool
	}{
		{"deparment", "department", true},
		{"accoutning", "accounting", true},
		{"actresses", "addresses", false}, // another word from its second letter
		{"donation", "donator", false},    // another ending: another word of the family
	}
	for _, c := range cases {
		if got := twoSlips(c.word, c.candidate); got != c.want {
			t.Errorf("twoSlips(%q, %q) = %v, want %v", c.word, c.candidate, got, c.want)
		}
	}
}
