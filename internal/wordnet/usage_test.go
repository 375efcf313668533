package wordnet

import (
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
