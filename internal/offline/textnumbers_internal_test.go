package offline

import "testing"

// TestPlainDecimal: the numbers a cell holds as people write them are
// numbers; zero-padded codes, bare dots and words are not.
func TestPlainDecimal(t *testing.T) {
	for _, c := range []struct {
		s         string
		ok, whole bool
	}{
		{"12", true, true}, {"-3", true, true}, {"0", true, true}, {"4.5", true, false}, {"0.25", true, false},
		{"007", false, false}, {".5", false, false}, {"12.", false, false}, {"1e5", false, false},
		{"NaN", false, false}, {"", false, false}, {"-", false, false}, {"1.2.3", false, false}, {"12 kg", false, false},
	} {
		ok, whole := plainDecimal(c.s)
		if ok != c.ok || whole != c.whole {
			t.Errorf("plainDecimal(%q) = %v, %v, want %v, %v", c.s, ok, whole, c.ok, c.whole)
		}
	}
}
