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

// colsOfOneTable is asked of name mentions that may hold no columns at
// all; none is no table, and must not panic.
func TestColsOfOneTable(t *testing.T) {
	for _, c := range []struct {
		cs   []nameRef
		want bool
	}{
		{nil, false},
		{[]nameRef{{table: 1, col: 2}}, true},
		{[]nameRef{{table: 1, col: 2}, {table: 1, col: 3}}, true},
		{[]nameRef{{table: 1, col: 2}, {table: 2, col: 3}}, false},
	} {
		if got := colsOfOneTable(c.cs); got != c.want {
			t.Errorf("colsOfOneTable(%v) = %v, want %v", c.cs, got, c.want)
		}
	}
}
