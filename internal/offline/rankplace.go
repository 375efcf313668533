package offline

// rankplace.go: a ranking by how often a value occurs whose column is the
// question's head, named far from the superlative ("Which nominee appears
// the greatest number of times?", "What instrument is used the most?").
// The superlative closes the question with no noun of its own,
// so the only thing it can rank is the thing asked for: the values of that
// column, by their number of rows.

// headRanked returns the column mention a closing "most" or "greatest
// number of times" at mention i ranks, or -1. The head must be the question's first name,
// a column of one table, with nothing but words that link to nothing or
// carry no meaning between it and i: no condition, no other name and no
// value, so the count runs over the whole table and the reading is the
// only one the words allow.
func (p *parser) headRanked(i int) int {
	if p.next(i) >= 0 {
		return -1 // the superlative has an object of its own
	}
	h := -1
	for j := 0; j < i; j++ {
		m := p.ms[j]
		switch {
		case m.kind == mStop:
			continue
		case h < 0 && m.kind == mName:
			h = j
		case h >= 0 && p.restatesHead(j, h): // besideagg2.go
			continue
		default:
			return -1
		}
	}
	if h < 0 || p.used[h] {
		return -1
	}
	if p.isTable(h) && !p.tableAsItsColumn(h) {
		return -1
	}
	if !p.isCol(h) || !colsOfOneTable(p.ms[h].cols) {
		return -1
	}
	if !p.repeatingCols(h) {
		return -1
	}
	return h
}

// tableAsItsColumn reads a table mention as the table's column of the
// same name ("instrument" of instruments(songid, bandmate, instrument))
// when no other table refers to the table, so its rows are only counted
// by the values of that column, and makes the mention that column.
func (p *parser) tableAsItsColumn(h int) bool {
	ref, ok := p.oneTableRef(h)
	if !ok {
		return false
	}
	t := p.lx.tables[ref.table]
	for _, o := range p.lx.tables {
		if _, ok := o.parents[t.idx]; ok && o != t {
			return false
		}
	}
	found := t.colNamedAsTable(func(c *colInfo) bool { return c.repeats && isTextual(c.kind) })
	if found == nil {
		return false
	}
	p.ms[h].tables = nil
	p.ms[h].cols = []nameRef{{table: t.idx, col: found.idx, class: ref.class}}
	return true
}

// colsOfOneTable reports whether the columns all belong to one table.
func colsOfOneTable(cs []nameRef) bool {
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs[1:] {
		if c.table != cs[0].table {
			return false
		}
	}
	return true
}

// headCountRank ranks the values of head column h by their number of
// rows, most first, as "most common" does.
func (p *parser) headCountRank(i, h int) *refusal {
	f := p.f
	if f.rows || f.countGroups || f.agg != "" {
		return refuseUnresolved("I could not tell what %q applies to: name the column to rank by.", p.ms[i].text)
	}
	f.countRank, f.countGroups, f.desc = true, true, true
	if f.limit == 0 {
		f.limit = 1
	}
	f.groups = append(f.groups, h)
	p.used[i], p.used[h] = true, true
	return p.setAgg(i, "count")
}

// repeatingCols reports whether every column mention h names repeats its
// values and is no key: a key or a column of unique values has no "most".
func (p *parser) repeatingCols(h int) bool {
	for _, c := range p.ms[h].cols {
		if col := p.lx.col(c.table, c.col); col.id || !col.repeats {
			return false
		}
	}
	return true
}
