package offline

import (
	"maps"
	"slices"
)

// Lists drawn from two tables at once. "The phone numbers of all customers
// and suppliers" asks for the phone numbers of the customers together with
// those of the suppliers, one list (UNION); "the last names used by (both)
// customers and staff" or "shared by some students and some teachers"
// asks for those the two have in common (INTERSECT). Each reading is taken
// only when the question says nothing but the columns, the words that
// introduce the tables and the two tables themselves: any condition,
// count, order or further words after the second table ("the actors and
// the musicals they are in") may pair the two tables' rows instead, and
// stays refused. Each side must show its own table's columns (combine).

// tableSets looks for two tables joined by "and" that are the two sources
// of one list, and reads the frame as their union or intersection. It
// consumes the words it reads, so leftovers does not refuse them.
func (p *parser) tableSets() {
	for i := range p.ms {
		if p.used[i] || !p.is(i, kwAnd) {
			continue
		}
		a, b := p.prev(i), p.next(i)
		if p.is(b, kwBy) {
			b = p.next(b) // "used by customers and by staff"
		}
		if p.isTable(a) && p.isTable(b) {
			if op, words := p.setOfTables(a, i, b); op != "" {
				p.f.unionOf, p.f.tablesOp = []int{a, b}, op
				for _, w := range append(words, i) {
					p.used[w] = true
				}
			}
			return
		}
	}
}

// setOfTables reads the tables a and b, joined by the "and" at and, as
// the sources of one list: "union" after "of" or "for", "intersect" after
// "used by" or "shared by". words are the keywords read on the way.
func (p *parser) setOfTables(a, and, b int) (op string, words []int) {
	f := p.f
	if f.agg != "" || f.rows || f.countRank || f.countGroups || f.needKey || f.distinct ||
		len(f.moreAggs) > 0 || f.msr >= 0 || f.counted >= 0 || f.labelled >= 0 ||
		len(f.groups) > 0 || len(f.sorts) > 0 || len(f.filters) > 0 || len(f.project) == 0 ||
		f.orAt >= 0 || f.both >= 0 || f.bothSets {
		return "", nil
	}
	if len(f.tables) != 2 || !slices.Contains(f.tables, a) || !slices.Contains(f.tables, b) || b != len(p.ms)-1 {
		return "", nil
	}
	for _, c := range f.project {
		if c > a {
			return "", nil
		}
	}
	j := a - 1
	for p.stopIn(j, "the", "all", "some") {
		j--
	}
	switch {
	case p.stopIn(j, "of", "for"):
		op = "union"
	case p.is(j, kwBoth) && lower(p.ms[j].text) == "shared by":
		op, words = "intersect", []int{j}
	case p.is(j, kwBy):
		// "used by", "used both by", "both used by".
		words = []int{j}
		if j--; p.isBoth(j) {
			words, j = append(words, j), j-1
		}
		if !p.stopIn(j, "used") {
			return "", nil
		}
		if p.isBoth(j - 1) {
			words, j = append(words, j-1), j-1
		}
		op = "intersect"
	default:
		return "", nil
	}
	for k := a + 1; k < b; k++ {
		switch {
		case k == and || p.stopIn(k, "the", "all", "some"):
		case op == "intersect" && p.is(k, kwBy):
			words = append(words, k) // "by customers and by staff"
		default:
			return "", nil
		}
	}
	// Before: only the columns asked for and the words that ask ("what
	// are the names of", "list the phone numbers for").
	for k := 0; k < j; k++ {
		if p.ms[k].kind != mStop && !slices.Contains(f.project, k) && !p.is(k, kwAnd, kwComma) {
			return "", nil
		}
	}
	return op, words
}

// isBoth reports whether mention i is the word "both".
func (p *parser) isBoth(i int) bool {
	return p.is(i, kwBoth) && lower(p.ms[i].text) == "both"
}

// stopIn reports whether mention i is a meaningless word among words.
func (p *parser) stopIn(i int, words ...string) bool {
	return p.in(i) && p.ms[i].kind == mStop && slices.Contains(words, lower(p.ms[i].text))
}

// tableSides splits a frame read as a list from two tables into one side
// per table.
func tableSides(f *frame) *sides {
	l, r := cloneFrame(f), cloneFrame(f)
	l.tables, r.tables = f.unionOf[:1], f.unionOf[1:]
	l.unionOf, r.unionOf, l.tablesOp, r.tablesOp = nil, nil, "", ""
	// Resolution narrows a mention's candidate columns to its table's:
	// each side narrows its own copy.
	l.ms, r.ms = slices.Clone(f.ms), slices.Clone(f.ms)
	// "the phone numbers of all customers and suppliers": the columns
	// belong to the customers on one side, to the suppliers on the other.
	for _, side := range []*frame{l, r} {
		own := maps.Clone(f.owner)
		if own == nil {
			own = map[int]int{}
		}
		for _, c := range f.project {
			own[c] = side.tables[0]
		}
		side.owner = own
	}
	return &sides{op: f.tablesOp, left: l, right: r, ownTables: true}
}
