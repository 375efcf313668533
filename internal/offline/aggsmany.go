package offline

// Counting words that ask for an aggregate other than a count: "how many
// total credits are offered by each department" asks for the sum of a
// numeric column, not for how many rows or values there are.

// howManyTotal reads "how many total Y" (or "the number of total Y") when
// Y is a numeric column named right after "total": the count keyword at
// i only introduces the sum, which aggregate builds when it reaches
// "total". It reports whether it did. A table after "total" ("the number
// of total papers") stays a count of its rows (roles.go).
func (p *parser) howManyTotal(i, obj int) bool {
	if !p.is(obj, kwSum) || p.used[obj] {
		return false
	}
	n := p.next(obj)
	if n != obj+1 || !p.numericCol(n) || p.used[n] || p.f.agg != "" {
		return false
	}
	p.used[i] = true
	return true
}

// sortByTableCount reads a sort key said as a table and a count keyword
// ("sort by the course count", "in ascending order of the course
// counts"): the count of that table's rows per group, as "sorted by the
// number of courses" is. It reports whether it did.
func (p *parser) sortByTableCount(n int) bool {
	c := p.next(n)
	if !p.isTable(n) || p.used[n] || c != n+1 || !p.is(c, kwCount) || p.used[c] {
		return false
	}
	if o := p.next(c); p.in(o) && !p.is(o, kwAnd, kwComma, kwAsc, kwDesc) {
		return false // "the course count of …": the count is followed by its own object
	}
	p.used[n], p.used[c] = true, true
	p.f.sortCounted, p.f.sortAgg = n, true
	return true
}

// countBeforeAgg reads a count keyword with nothing to count, followed by
// "and" and another aggregate ("the count and the sum of credits", "the
// count and average credits of courses for each department"): the count
// of the question's rows, listed before an aggregate of their column
// (moreAgg in aggs.go adds that one). It reports whether it did.
func (p *parser) countBeforeAgg(i int) bool {
	f := p.f
	a := p.next(i)
	if !p.is(a, kwAnd) || !p.is(p.next(a), kwSum, kwAvg, kwMax, kwMin) {
		return false
	}
	if f.agg != "" || f.rows || f.countGroups || f.counted >= 0 || f.measure >= 0 {
		return false
	}
	f.agg, p.aggMeasure, p.aggAt = "count", -1, i
	p.used[i] = true
	return true
}
