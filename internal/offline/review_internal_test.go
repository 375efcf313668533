package offline

import "testing"

// Irregular plurals are read by [singular] itself, so a plural and its
// singular have one stem on both sides of a link: in a question and in a
// schema identifier. Words that only look like such plurals keep theirs.
func TestSingularIrregular(t *testing.T) {
	for _, c := range []struct {
		word, want string
		plural     bool
	}{
		{"chairmen", "chairman", true},
		{"sportswomen", "sportswoman", true},
		{"salespeople", "salesperson", true},
		{"shelves", "shelf", true},
		{"housewives", "housewife", true},
		{"alumni", "alumnus", true},
		{"curricula", "curriculum", true},
		{"diagnoses", "diagnosis", true},
		{"oxen", "ox", true},
		{"people", "person", true},
		// Singulars stay, and "leaves" is also a verb, so the suffix rule
		// reads it.
		{"chairman", "chairman", false},
		{"alumnus", "alumnus", false},
		{"leaves", "leave", true},
		{"staff", "staff", false},
	} {
		got, plural := singular(c.word)
		if got != c.want || plural != c.plural {
			t.Errorf("singular(%q) = %q, %v; want %q, %v", c.word, got, plural, c.want, c.plural)
		}
	}
	for _, pair := range [][2]string{{"chairmen", "chairman"}, {"alumni", "alumnus"}, {"salespeople", "salesperson"}, {"shelves", "shelf"}, {"bacteria", "bacterium"}} {
		if a, b := stem(pair[0]), stem(pair[1]); a != b {
			t.Errorf("stem(%q) = %q, stem(%q) = %q; want one stem", pair[0], a, pair[1], b)
		}
	}
}
