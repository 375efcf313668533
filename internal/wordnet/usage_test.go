package wordnet

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestParseIndexLine reads both what an index line says of a lemma, its
// synset offsets and its tagsense_cnt after the pointer symbols, and
// rejects lines too short to hold them.
func TestParseIndexLine(t *testing.T) {
	for _, c := range []struct {
		line   string
		offs   []int64
		tagged int
		bad    bool
	}{
		{line: "treat v 2 4 @ ~ + ; 2 5 02518161 00063652  ", offs: []int64{2518161, 63652}, tagged: 5},
		{line: "line n 1 2 @ ~ 1 23 08593262", offs: []int64{8593262}, tagged: 23},
		{line: "email v 1 0 1 0 00999999", offs: []int64{999999}, tagged: 0},
		{line: "treat v 8 4 @ ~", bad: true},
		{line: "treat v 2 4 @ ~ + ; 2 5 02518161", bad: true}, // an offset short
		{line: "treat v 1 x @ ~ + ; 1 5 0", bad: true},
		{line: "treat v 1 0 1 y 02518161", bad: true},
		{line: "treat v 1 0 1 5 0251816z", bad: true},
	} {
		got, err := parseIndexLine(c.line)
		if c.bad {
			if err == nil {
				t.Errorf("parseIndexLine(%q) = %v, want an error", c.line, got)
			}
			continue
		}
		if err != nil || got.tagged != c.tagged || !slices.Equal(got.offsets, c.offs) {
			t.Errorf("parseIndexLine(%q) = %v, %v, want %v and %d tagged", c.line, got, err, c.offs, c.tagged)
		}
	}
}

// TestTaggedSharesRelatedLookup: a word Related has read is counted by
// Tagged without searching the index again, for both start from the same
// cached index entries. The index is closed to show it: a search would
// fail.
func TestTaggedSharesRelatedLookup(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.noun": "film n 1 0 1 1 00000000  \n",
		"data.noun":  "00000000 05 n 02 film 0 movie 0 000 | a gloss  \n",
	}
	for _, name := range []string{"index.verb", "data.verb", "index.adj", "data.adj", "index.adv", "data.adv"} {
		files[name] = ""
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if rs, err := db.Related("films", Synonym); err != nil || len(rs) != 1 || rs[0].Lemma != "movie" {
		t.Fatalf("Related(films) = %v, %v; want movie", rs, err)
	}
	db.index[Noun].f.Close()
	if n, err := db.Tagged("films", Noun); n != 1 || err != nil {
		t.Errorf("Tagged(films) after Related = %d, %v; want 1 from the entries Related read", n, err)
	}
}
