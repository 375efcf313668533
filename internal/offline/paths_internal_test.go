package offline

import (
	"testing"

	"querent/internal/schema"
)

// TestPathSearch checks the shortest-path search on a small schema:
// lengths, ties, the hop limit, and the links it will not cross.
func TestPathSearch(t *testing.T) {
	tbl := func(name string, refs ...string) schema.Table {
		cols := []schema.Column{{Name: "id", Type: "INTEGER", Kind: schema.KindOf("INTEGER")}}
		var fks []schema.ForeignKey
		for _, r := range refs {
			cols = append(cols, schema.Column{Name: r + "_id", Type: "INTEGER", Kind: schema.KindOf("INTEGER")})
			fks = append(fks, schema.ForeignKey{Columns: []string{r + "_id"}, RefTable: r, RefColumns: []string{"id"}})
		}
		return schema.Table{Name: name, Ident: name, Columns: cols, PrimaryKey: []string{"id"}, ForeignKeys: fks, RowCount: -1}
	}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		tbl("a"), tbl("b", "a"), tbl("c", "b"), tbl("d", "c"), tbl("e", "d"),
		tbl("x"), tbl("ax", "a", "x"), // a many-to-many link
		tbl("y"), tbl("ay1", "a", "y"), tbl("ay2", "a", "y"), // two equal paths
		tbl("p"), tbl("s1", "p"), tbl("s2", "p"), // siblings under one parent
	}}
	lx := newLexicon(s, nil)
	named := func(n string) *tableInfo {
		for _, t := range lx.tables {
			if t.name == n {
				return t
			}
		}
		t.Fatalf("no table %s", n)
		return nil
	}
	for _, c := range []struct {
		from, to string
		hops, n  int
	}{
		{"e", "b", 3, 1}, // up three parents
		{"e", "a", 0, 0}, // four hops: too far
		{"a", "x", 2, 1}, // down to the link, up to x
		{"x", "a", 2, 1},
		{"a", "y", 2, 2},   // a tie
		{"s1", "s2", 0, 0}, // siblings: up then down is not crossed
		{"a", "c", 0, 0},   // two children deep is not crossed
		{"b", "b", 0, 1},
	} {
		p, n := lx.path(named(c.from), named(c.to))
		if n != c.n || (n == 1 && len(p) != c.hops) {
			t.Errorf("path %s→%s: %d hops, %d paths; want %d hops, %d paths", c.from, c.to, len(p), n, c.hops, c.n)
		}
	}
}
