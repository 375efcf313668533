package offline

import (
	"strings"
	"testing"
)

func TestDisjoint(t *testing.T) {
	cases := []struct {
		opA  string
		a    any
		opB  string
		b    any
		want bool
	}{
		{">", int64(1500), "<", int64(500), true},
		{"<", int64(500), ">", int64(1500), true},
		{">", int64(10), "<", int64(10), true},
		{">=", int64(10), "<=", int64(10), false},
		{">", int64(10), "<", int64(20), false},
		{"=", int64(1989), "=", int64(1990), true},
		{"=", int64(1989), "=", int64(1989), false},
		{">", 2.5, "<", int64(2), true},
		{">", int64(1), ">", int64(5), false},
		{"=", "a", "=", "b", false}, // text is compared by value filters, not here
	}
	for _, c := range cases {
		if got := disjoint(c.opA, c.a, c.opB, c.b); got != c.want {
			t.Errorf("disjoint(%s %v, %s %v) = %v, want %v", c.opA, c.a, c.opB, c.b, got, c.want)
		}
	}
}

func TestOrMore(t *testing.T) {
	cases := map[string]string{
		"artists with 3 or more albums":        "artists with at least 3 albums",
		"customers who hold two or more cards": "customers who hold at least two cards",
		"rooms with 2 or fewer beds":           "rooms with at most 2 beds",
		"services used more than 2 times":      "services used more than 2",
		"the nominee nominated 3 times":        "the nominee nominated 3 times",
		"blue or more":                         "blue or more",
		"rooms reserved for 60 times":          "rooms reserved for 60",
	}
	for in, want := range cases {
		var words []string
		for _, tk := range tokenize(in) {
			words = append(words, tk.text)
		}
		if got := strings.Join(words, " "); got != want {
			t.Errorf("tokenize(%q) = %q, want %q", in, got, want)
		}
	}
}
