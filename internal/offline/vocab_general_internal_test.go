package offline

import (
	"slices"
	"strings"
	"testing"
)

// Every equivalent is found from each phrase that may substitute in a
// name, alone or inside a longer name, and the indexes come back in the
// order addVariants has always tried them, each once.
func TestEquivalentsIndex(t *testing.T) {
	for i := range equivs {
		for _, src := range equivs[i].sources() {
			for _, st := range [][]string{src, append([]string{"annual"}, src...), append(slices.Clone(src), "name")} {
				got := equivalentsIn(st)
				if !slices.Contains(got, i) {
					t.Errorf("equivalentsIn(%q) misses equivalent %d (%q)", st, i, equivs[i].canonical)
				}
				if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
					t.Errorf("equivalentsIn(%q) = %v: not ascending and unique", st, got)
				}
			}
		}
	}
	if got := equivalentsIn([]string{"zzz", "qqq"}); len(got) != 0 {
		t.Errorf("equivalentsIn of unknown words = %v, want none", got)
	}
}

// The general lexicon's groups are well formed: at least two words, no
// word twice in a group, and no member that could never be read, being a
// single keyword or function word.
func TestGeneralWordsWellFormed(t *testing.T) {
	for _, g := range generalWords {
		if len(g.words) < 2 {
			t.Errorf("group %q has fewer than two words", g.words)
			continue
		}
		seen := map[string]bool{}
		for _, w := range g.words {
			st := strings.Join(stems(strings.Fields(w)), " ")
			if seen[st] {
				t.Errorf("group %q has %q twice", g.words, w)
			}
			seen[st] = true
			if !strings.Contains(w, " ") && (isKeyword(w) || hardStops[w]) {
				t.Errorf("group %q: %q is a keyword or function word", g.words, w)
			}
		}
	}
}
