package wordnet_test

import (
	"testing"

	"querent/internal/wordnet"
)

// TestTaggedSystem: in the installed dictionary, an inflected verb is
// counted by its base form, a word used mostly as a verb has more tagged
// verb senses than noun senses, and a word WordNet lacks has none.
func TestTaggedSystem(t *testing.T) {
	db := wordnet.SystemDB(t)
	tagged := func(w string, pos wordnet.POS) int {
		n, err := db.Tagged(w, pos)
		if err != nil {
			t.Fatalf("Tagged(%q, %s): %v", w, pos, err)
		}
		return n
	}
	if v, n := tagged("treats", wordnet.Verb), tagged("treats", wordnet.Noun); v <= n {
		t.Errorf("treats: %d tagged verb senses, %d noun ones; want more verb ones", v, n)
	}
	if v, n := tagged("lines", wordnet.Verb), tagged("lines", wordnet.Noun); v >= n {
		t.Errorf("lines: %d tagged verb senses, %d noun ones; want more noun ones", v, n)
	}
	if n := tagged("zorgblat", wordnet.Verb); n != 0 {
		t.Errorf("Tagged(zorgblat) = %d, want 0", n)
	}
}

// TestTaggedFixture: the fixture tags every sense, so a word's count is
// its base form's number of senses in that part of speech; a word in no
// index has none.
func TestTaggedFixture(t *testing.T) {
	db := openFixture(t)
	for _, c := range []struct {
		word string
		pos  wordnet.POS
		want int
	}{
		{"directed", wordnet.Verb, 1},
		{"films", wordnet.Noun, 2},
		{"zorg", wordnet.Verb, 0},
	} {
		if n, err := db.Tagged(c.word, c.pos); err != nil || n != c.want {
			t.Errorf("Tagged(%q, %s) = %d, %v, want %d", c.word, c.pos, n, err, c.want)
		}
	}
}
