package offline

import "testing"

// positionUsage: words WordNet uses mostly as nouns that have a verb
// sense in use ("partner", "bank"), and one with none ("price").
var positionUsage = taggedOnly{UsageCounts{
	"partner": {30, 4, 0}, "partners": {30, 4, 0}, "bank": {40, 5, 0}, "price": {50, 0, 0},
}}

// TestVerbByPosition: a word used mostly as a noun is set aside as a verb
// that only relates companies and products right after a relative
// pronoun and right before a preposition, and only there; a word with no
// verb sense in use never is.
func TestVerbByPosition(t *testing.T) {
	lx := New(gateSchema(), Options{WordNet: positionUsage}).wordNet.lx
	for _, c := range []struct {
		q, w string
		set  bool
	}{
		{"companies that partner with DVD drive", "partner", true},
		{"companies that partners with DVD drive", "partners", true},
		{"companies which bank with DVD drive", "bank", true},
		{"companies partner with DVD drive", "partner", false},  // no relative pronoun
		{"companies that partner DVD drive", "partner", false},  // no preposition
		{"companies that price with DVD drive", "price", false}, // no verb sense in use
		{"companies that bank at Mouse", "bank", true},
	} {
		t.Run(c.q, func(t *testing.T) {
			if got := setAsideWord(t, lx, c.q, c.w); got != c.set {
				t.Errorf("%q: %q set aside: %v, want %v", c.q, c.w, got, c.set)
			}
		})
	}
}
