package offline

import (
	"slices"
	"testing"

	"querent/internal/schema"
)

// The refusal path links a question once and skips a reading whose
// trigger is absent before linking: each skip must be taken exactly where
// the reading could not have applied.

// hasPairSlip finds a word repairPairs may repair, and nothing else: the
// repair is not even tried without one.
func TestHasPairSlip(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"Hw many lodgings are there?", true},
		{"Hom many lodgings are there?", true}, // linking decides: "Hom" may name a column
		{"Which lodgings have 3 ore more bedrooms?", true},
		{"at lest 2", false},
		{"Which lodgings have 3 or more bedrooms?", false}, // nothing slipped
		{"How many lodgings are there?", false},
		{"Hxyz many lodgings are there?", false},        // two edits away
		{"Hw lodgings are there?", false},               // not before the pair's second word
		{"Show lodgings with a many-sided roof", false}, // "a" is not one edit from "how" with its first letter
		{"many", false},
		{"", false},
	} {
		if got := hasPairSlip(tokenize(c.q)); got != c.want {
			t.Errorf("hasPairSlip(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

// repairPairs gives the same repair with or without the check before
// linking.
func TestRepairPairsAfterCheck(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "lodging", Ident: "lodging", PrimaryKey: []string{"id"}, RowCount: -1, Columns: []schema.Column{
			{Name: "id", Type: "INTEGER", Kind: schema.KindOf("INTEGER")},
			{Name: "lodging_name", Type: "TEXT", Kind: schema.KindOf("TEXT")},
			{Name: "home_port", Type: "TEXT", Kind: schema.KindOf("TEXT")},
		}},
	}}
	lx := newLexicon(s, nil)
	for _, c := range []struct {
		q, want string
		ok      bool
	}{
		{"Hw many lodgings are there?", "how many lodgings are there?", true},
		{"Which lodgings have 3 ore more names?", "Which lodgings have 3 or more names?", true},
		{"How many lodgings are there?", "How many lodgings are there?", false},
		{"Hom many lodgings are there?", "Hom many lodgings are there?", false},
	} {
		got, ok := lx.repairPairs(c.q, tokenize(c.q))
		if got != c.want || ok != c.ok {
			t.Errorf("repairPairs(%q) = %q, %v; want %q, %v", c.q, got, ok, c.want, c.ok)
		}
	}
}

// derivRoots answers from its cache what it derived the first time, and
// a caller appending to the roots it was handed changes no later answer.
func TestDerivRootsCached(t *testing.T) {
	for _, w := range []string{"founded", "creation", "winners", "colour", "sang", "enrollments", "x1", "a"} {
		want, wantKind := deriveRoots(w)
		for range 3 {
			got, kind := derivRoots(w)
			if !slices.Equal(got, want) || kind != wantKind {
				t.Fatalf("derivRoots(%q) = %v, %v; want %v, %v", w, got, kind, want, wantKind)
			}
			_ = append(got, "spoiled")
		}
	}
}

// severalKeys holds exactly when some table references another by two
// keys, the only schemas where a verb may pick one.
func TestSeveralKeys(t *testing.T) {
	intCol := func(name string) schema.Column {
		return schema.Column{Name: name, Type: "INTEGER", Kind: schema.KindOf("INTEGER")}
	}
	key := func(c, to string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{c}, RefTable: to, RefColumns: []string{"id"}}
	}
	tbl := func(name string, cols []schema.Column, fks ...schema.ForeignKey) schema.Table {
		return schema.Table{Name: name, Ident: name, PrimaryKey: []string{"id"}, RowCount: -1, Columns: cols, ForeignKeys: fks}
	}
	dock := tbl("dock", []schema.Column{intCol("id")})
	for _, c := range []struct {
		name string
		ride schema.Table
		want bool
	}{
		{"two keys to one parent", tbl("ride", []schema.Column{intCol("id"), intCol("start_dock_id"), intCol("end_dock_id")},
			key("start_dock_id", "dock"), key("end_dock_id", "dock")), true},
		{"one key", tbl("ride", []schema.Column{intCol("id"), intCol("start_dock_id")}, key("start_dock_id", "dock")), false},
		{"no key", tbl("ride", []schema.Column{intCol("id")}), false},
	} {
		lx := newLexicon(&schema.Schema{Engine: "sqlite", Tables: []schema.Table{dock, c.ride}}, nil)
		if got := lx.severalKeys(); got != c.want {
			t.Errorf("%s: severalKeys() = %v, want %v", c.name, got, c.want)
		}
	}
}
