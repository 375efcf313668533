package offline

import "slices"

// Counting a value: "How many Professors are in building NEB?", "How many
// female Professors do we have?". The noun counted names no table but is a
// sampled value of one table's column (Faculty.rank = "Professor"): the
// rows counted are that table's rows holding the value, with any value
// before it ("female") a further condition. The reading holds only when
// the noun is the plural value itself, ending the run of values, with no
// name right after it: "How many king beds are there?" counts no "kings"
// and is left to be refused.

// countsValue reports whether the count keyword at i ("how many",
// "count the number of") is followed by a run of values that ends in a
// plural value noun, and records the noun. The condition pass, which runs
// first, has read each value as a filter.
func (p *parser) countsValue(i int) bool {
	j := p.next(i)
	for p.is(j, kwCount, kwDistinct) {
		j = p.next(j)
	}
	noun := -1
	for ; p.in(j) && p.ms[j].kind == mValue && p.valueFilter(j); j = p.next(j) {
		noun = j
	}
	if noun < 0 || !p.ms[noun].plural || p.in(noun+1) && p.ms[noun+1].kind == mName {
		return false
	}
	if valueTable(p.ms[noun].vals) < 0 {
		return false
	}
	p.f.valueCount = noun
	return true
}

// valueTable returns the one table all of a value's columns belong to, or
// -1 when they lie in several tables (or none).
func valueTable(vals []valueRef) int {
	t := -1
	for _, v := range vals {
		if t >= 0 && v.table != t {
			return -1
		}
		t = v.table
	}
	return t
}

// valueSubject is the table whose rows a count of a value counts, or nil
// when the question counts no value.
func (r *resolver) valueSubject() *tableInfo {
	n := r.f.valueCount
	if n <= 0 || r.f.agg != "count" || r.f.measure >= 0 || r.f.counted >= 0 {
		return nil
	}
	if t := valueTable(r.ms[n].vals); t >= 0 {
		return r.lx.tables[t]
	}
	return nil
}

// valueFilter reports whether value mention j is a condition of the
// question, alone ("Professors") or among alternatives.
func (p *parser) valueFilter(j int) bool {
	for _, fs := range p.f.filters {
		if fs.kind == fValue && !fs.except && slices.Contains(fs.vals, j) {
			return true
		}
	}
	return false
}
