package offline

// rankrel.go: rankings by a count of related rows the earlier readings
// (ranking.go, rankrows.go, countrel.go) left refused.
//
// "Which allergy type has the most number of allergies?" with
// Allergy_Type(Allergy PRIMARY KEY, AllergyType): the counted word names
// no table but the primary key of the very table X names, and that
// table's name is also one of its columns'. Each row holds one allergy and
// no two rows the same one, so the number of allergies per type is the
// number of the table's rows per AllergyType: the schema leaves no other
// count to take. A table with no column named as itself is left refused,
// since what its rows would be grouped by is not said.

import "slices"

// keyColAsRows makes the column mention y its table's when y names, in
// the plural, the one column of its table's primary key, and x names that
// same table, whose name is also one other column's ("allergy type":
// Allergy_Type and its allergytype): ranking the table's rows by how many
// of its own keys each holds would count one per row, so X is that
// column, and the number of y's per X is the number of rows per X. It
// reports whether it did.
func (p *parser) keyColAsRows(x, y int) bool {
	if !p.isCol(y) || p.isTable(y) || p.used[y] || !p.ms[y].plural {
		return false
	}
	if x < 0 || p.isCol(x) || p.used[x] {
		return false
	}
	xt, okX := p.oneTable(x)
	k, ok := p.keyNamed(strongest(p.ms[y].cols, classSynonym))
	if !okX || !ok || k.table != xt {
		return false
	}
	c := p.lx.tables[xt].colNamedAsTable(func(c *colInfo) bool { return c.idx != k.col })
	if c == nil {
		return false
	}
	class := p.ms[x].tables[0].class
	p.ms[x].tables = nil
	p.ms[x].cols = []nameRef{{table: xt, col: c.idx, class: class}}
	p.ms[y].cols = nil
	p.ms[y].tables = []nameRef{{table: xt, col: -1, class: k.class}}
	return true
}

// colNamedAsTable returns the one column of t that is no key, is kept by
// keep and whose name's stems are the table's own (allergy_type's
// allergytype, instruments' instrument), or nil.
func (t *tableInfo) colNamedAsTable(keep func(*colInfo) bool) *colInfo {
	if len(t.stems) == 0 {
		return nil
	}
	var found *colInfo
	for _, c := range t.cols {
		if c == nil || c.id || !keep(c) || !slices.Equal(c.stems, t.stems) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// keyNamed returns, among the columns cs a word names, the one that is
// the whole primary key of its table, when every other is a foreign key
// of one column to it ("allergies": Allergy_Type.allergy and
// Has_Allergy.allergy, which refers to it): the word names one thing,
// kept once in the key's table.
func (p *parser) keyNamed(cs []nameRef) (nameRef, bool) {
	var key nameRef
	n := 0
	for _, r := range cs {
		c := p.lx.col(r.table, r.col)
		if isPK(c.table, []*colInfo{c}) {
			key, n = r, n+1
		}
	}
	if n != 1 {
		return key, false
	}
	k := p.lx.col(key.table, key.col)
	for _, r := range cs {
		if r == key {
			continue
		}
		c := p.lx.col(r.table, r.col)
		if !slices.ContainsFunc(c.table.parents[key.table], func(e fkEdge) bool {
			return len(e.from) == 1 && e.from[0] == c.name && len(e.to) == 1 && e.to[0] == k.name
		}) {
			return key, false
		}
	}
	return key, true
}
