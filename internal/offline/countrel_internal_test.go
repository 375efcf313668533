package offline

import "testing"

// A role noun and the verb it derives from share a root; other words of
// the same field do not.
func TestRoleRoot(t *testing.T) {
	for _, c := range []struct {
		noun, verb string
		same       bool
	}{
		{"nominee", "nominated", true},
		{"nominees", "nominated", true},
		{"employee", "employed", true},
		{"trainee", "trained", true},
		{"author", "authored", true},
		{"nominee", "won", false},
		{"winner", "won", false},
		{"employee", "hired", false},
	} {
		if got := roleRoot(c.noun) == roleRoot(c.verb); got != c.same {
			t.Errorf("roleRoot(%q) = %q, roleRoot(%q) = %q: same = %v, want %v", c.noun, roleRoot(c.noun), c.verb, roleRoot(c.verb), got, c.same)
		}
	}
}
