package wordnet

import "testing"

// TestTaggedCount reads the tagsense_cnt after the pointer symbols of an
// index line, and rejects lines too short to hold one.
func TestTaggedCount(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
		bad  bool
	}{
		{line: "treat v 8 4 @ ~ + ; 8 5 02518161 00063652  ", want: 5},
		{line: "line n 30 2 @ ~ 30 23 08593262", want: 23},
		{line: "email v 1 0 1 0 00999999", want: 0},
		{line: "treat v 8 4 @ ~", bad: true},
		{line: "treat v 8 x @ ~ + ; 8 5 0", bad: true},
	} {
		got, err := taggedCount(c.line)
		if c.bad {
			if err == nil {
				t.Errorf("taggedCount(%q) = %d, want an error", c.line, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("taggedCount(%q) = %d, %v, want %d", c.line, got, err, c.want)
		}
	}
}
