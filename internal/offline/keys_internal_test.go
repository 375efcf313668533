package offline

import (
	"testing"

	"querent/internal/schema"
)

// The allocation-free helpers of the linking hot path must say exactly
// what the string-building forms they replace said.

func TestSameSingleLetters(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"enrolment", "enrollment", true},
		{"enrollment", "enrolment", true},
		{"aab", "ab", true},
		{"abbba", "aba", true},
		{"abc", "abd", false},
		{"ab", "abb", true},
		{"ab", "abc", false},
		{"a", "", false},
		{"", "", true},
	} {
		if got := sameSingleLetters(c.a, c.b); got != c.want {
			t.Errorf("sameSingleLetters(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestHasDigitRun(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"hired before June 21, 2002", true},
		{"older than 56", false},
		{"12 34 567", false},
		{"before 2002-06-21", true},
		{"no digits", false},
	} {
		if got := hasDigitRun(c.q, 4); got != c.want {
			t.Errorf("hasDigitRun(%q, 4) = %v, want %v", c.q, got, c.want)
		}
	}
}

func TestSpanKeysMatchJoinedKeys(t *testing.T) {
	col := func(name, typ string) schema.Column {
		return schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ)}
	}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "student", Ident: "student", PrimaryKey: []string{"student_id"}, RowCount: -1, Columns: []schema.Column{
			col("student_id", "INTEGER"), col("first_name", "TEXT"), col("home_city", "TEXT"), col("dept_id", "INTEGER")},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"dept_id"}, RefTable: "department", RefColumns: []string{"dept_id"}}}},
		{Name: "department", Ident: "department", PrimaryKey: []string{"dept_id"}, RowCount: -1, Columns: []schema.Column{
			col("dept_id", "INTEGER"), col("dept_name", "TEXT")}},
	}}
	lx := newLexicon(s, nil)
	toks := tokenize("What is the number of students whose first names and home cities are listed per department in 2020?")
	found := 0
	for i := range toks {
		for n := 2; i+n <= len(toks); n++ {
			span := toks[i : i+n]
			if !plainWords(span) {
				continue
			}
			wantSurf, wantStem := surfaceKey(span), stemKey(span)
			surf, st, ok := lx.spanKeys(span)
			_, isKw := keywords[wantSurf]
			held := isKw || len(lx.values[wantSurf]) > 0 || len(lx.names[wantStem]) > 0 || len(lx.measureNames[wantStem]) > 0
			if ok != held {
				t.Errorf("spanKeys(%q) ok = %v, want %v", rawText(span), ok, held)
			}
			if ok {
				found++
				if surf != wantSurf || st != wantStem {
					t.Errorf("spanKeys(%q) = %q, %q; want %q, %q", rawText(span), surf, st, wantSurf, wantStem)
				}
			}
		}
	}
	if found < 2 { // "the number of", "first names", "home cities" at least
		t.Errorf("spanKeys found %d phrases of several words, want at least 2", found)
	}
}
