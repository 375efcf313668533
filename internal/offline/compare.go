package offline

// Comparison words placed where the parser did not read them: a bound
// written before the column it bounds ("books made after the year 1989",
// "games held after season 2007"), and "under" as a preposition of
// belonging ("the products under the category 'Seeds'"), not a bound.

// boundBefore returns the comparison keyword right before the column
// mention c that a number follows ("after the year 1989": after), or -1.
// Only a numeric column is read so, since "after" a date column compares
// dates, not numbers.
func (p *parser) boundBefore(c, i int) int {
	if c != i-1 || !p.numericCol(c) || p.used[c] {
		return -1
	}
	k := p.prev(c)
	if !p.is(k, kwCmp, kwDateCmp) || p.used[k] || p.ms[k].kw.op == "=" || p.ms[k].kw.age || p.ms[k].kw.adj != 0 {
		return -1
	}
	return k
}

// underIn reports whether the comparison mention i is "under" used as a
// preposition: what follows names a table, a column or a value with no
// number after it ("under the policy 'Life Insurance'", "albums under
// label 'Universal'"), so there is nothing it could bound.
func (p *parser) underIn(i int) bool {
	if lower(p.ms[i].text) != "under" {
		return false
	}
	n := p.next(i)
	if !p.in(n) || !(p.ms[n].kind == mName || p.ms[n].kind == mValue || p.ms[n].kind == mQuoted) {
		return false
	}
	for j, k := n, 0; p.in(j) && k < 4; j, k = p.next(j), k+1 {
		if p.ms[j].kind == mNumber {
			return false
		}
	}
	return true
}

// atLeastA reports whether the comparison mention i is "at least" before
// "a" or "an" ("clubs that have at least a member from Baltimore"): no
// number is bounded; it says only that there is one, as "a member" does.
func (p *parser) atLeastA(i int) bool {
	if lower(p.ms[i].text) != "at least" || i+1 >= len(p.ms) || p.ms[i+1].kind != mStop {
		return false
	}
	if w := lower(p.ms[i+1].text); w != "a" && w != "an" {
		return false
	}
	for j, k := p.next(i+1), 0; p.in(j) && k < 4; j, k = p.next(j), k+1 {
		if p.ms[j].kind == mNumber {
			return false // "at least a salary of 100000" bounds the number
		}
	}
	return true
}
