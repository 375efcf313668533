package offline

// Round thirty-three: a superlative adjective right before a column it
// grades, with no row named before it, asks for the column's extreme
// value, not for the row holding it. "What is the oldest age of
// members?" is the maximum age, as "the highest price of products" is
// the maximum price (roles.go, extreme); "the longest duration of
// trips", "the latest date of orders" and "the earliest founding year"
// likewise. rankAdjective read every such adjective as a ranking of
// rows, and the row was then shown by its label: the oldest member's
// name for "the oldest age of members".
//
// The reading is extreme's own, with the adjective taken as the maximum
// or minimum word of its direction: a table, "the one" or which/who
// before it ("Which member has the oldest age?", "the name of the member
// with the latest join date") or a limit still rank rows there. Only an
// adjective right before a numeric or date column that nothing else has
// read is taken, with no other column listed before or after it ("the
// name and the oldest age" still ranks rows); a text column is never:
// "the longest name" is a length. The oldest of a date or year that is not an age is its
// minimum (reversedGrade), as the oldest member is the one born first.
//
// Measured on the Spider training questions (a–r): no question changes,
// as asked or paraphrased; the shape is a wrong answer waiting to
// happen ("the oldest age of members" answered with a name), and its
// readings are those of the tests (superlative_test.go).

// adjExtreme reports whether the ranking adjective i stands right before
// a column it asks the extreme value of (see above), and if so makes it
// the maximum or minimum word extreme reads. Listed after a table and
// before "of their" rows ("the names of the departments and the oldest
// age of their employees") it is left to extreme too, which reads it
// per parent or refuses (beside4.go). Listed with other columns shown
// and no table before ("the name and the oldest age of members", "the
// latest join date and the name of the member") it is left to
// rankAdjective: the columns shown are one row's, the row ranked by the
// graded column, as the questions read before this file.
func (p *parser) adjExtreme(i int) (bool, *refusal) {
	kw := p.ms[i].kw
	n := p.next(i)
	if w := lower(p.ms[i].text); w == "first" || w == "last" {
		return false, nil // an ordinal: "When was the first flat built?" orders rows (order.go)
	}
	if kw.kind != kwAdj || n != i+1 || p.used[n] || p.isTable(n) || !(p.numericCol(n) || p.dateColumn(n)) {
		return false, nil
	}
	f := p.f
	if f.rows || f.agg != "" || f.limit > 0 || f.startWh || p.oneBefore(i) {
		return false, nil
	}
	switch {
	case p.tableBefore(i) && !p.listedBeforeTable(i, n):
		return false, nil
	case !p.tableBefore(i) && p.colBefore(i):
		// "the name and the oldest age of members": the oldest
		// member's row, ranked (rankAdjective).
		return false, nil
	case p.colListedAfter(n):
		// "the latest join date and the name of the member": one
		// member's values, ranked likewise.
		return false, nil
	}
	desc := kw.desc
	if kw.adj == adjAge && !p.onlyCols(n, isAgeCol) {
		desc = !desc // the oldest founding year is the smallest
	}
	k := kwMin
	if desc {
		k = kwMax
	}
	p.ms[i].kw = keyword{kind: k}
	return true, nil
}

// colListedAfter reports whether column mention n is followed by "and" or
// a comma and then another column, not a table: "the latest join date
// and the name of the member" lists two columns of one row.
func (p *parser) colListedAfter(n int) bool {
	a := p.next(n)
	if a < 0 || !p.is(a, kwAnd, kwComma) {
		return false
	}
	c := p.next(a)
	return c >= 0 && p.isCol(c) && !p.isTable(c)
}
