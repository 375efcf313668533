package offline

import "cmp"

// Numbers the planner places by the words around them, beyond a column
// named right before or after: a range written with "to" ("age 20 to
// 25"), a count of a verb's events past "for" ("reserved for more than 60
// times"), a count of rows past "corresponding" ("more than 2
// corresponding documents"), and the second value of "both year 1999 and
// 2000".

// rangeTo reads "age 20 to 25", "age from 20 to 25" (i: the first
// number, c: the mention before it): the numeric column c between the two
// numbers, both included as English ranges are. Only a column that holds
// plain numbers (not dates, whose "to" ranges are spans of days) and only
// ends in ascending order: "rooms 3 to 1" is no range. It reports whether
// it read one.
func (p *parser) rangeTo(i, c, cmp int) bool {
	hi := i + 2
	if cmp >= 0 || !p.in(hi) || p.ms[i].kind != mNumber || p.ms[hi].kind != mNumber ||
		p.ms[i+1].kind != mStop || lower(p.ms[i+1].text) != "to" || p.used[hi] {
		return false
	}
	if !p.numericCol(c) || p.used[c] || p.mayBeDate(c) || !p.adjacentRange(c, i) {
		return false
	}
	if after := p.next(hi); p.isTable(after) || p.is(after, kwCount) || p.isCol(after) && after == hi+1 {
		// "2 to 5 students", "3 to 4 stars": the numbers count or measure
		// what follows them, not the column before.
		return false
	}
	lo, up := p.ms[i].num, p.ms[hi].num
	if cmpNum(lo, up) > 0 {
		return false
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: c, op: "between", lit: lo, hi: up,
		text: p.ms[c].text + " " + p.ms[i].text + " to " + p.ms[hi].text})
	for _, k := range []int{c, i, i + 1, hi} {
		p.used[k] = true
	}
	return true
}

// adjacentRange reports whether only "from" (or nothing) stands between
// column mention c and the number at i.
func (p *parser) adjacentRange(c, i int) bool {
	switch i - c {
	case 1:
		return true
	case 2:
		return p.ms[c+1].kind == mStop && lower(p.ms[c+1].text) == "from"
	}
	return false
}

// cmpNum orders two numbers read by the tokenizer (int64 or float64).
func cmpNum(a, b any) int {
	x, _ := asFloat(a)
	y, _ := asFloat(b)
	return cmp.Compare(x, y)
}

// forBetween reports whether only "for" stands between verb mention v and
// the comparison at cmp: "rooms reserved for more than 60 times" counts
// reservations as "reserved more than 60 times" does.
func (p *parser) forBetween(v, cmp int) bool {
	return v >= 0 && cmp == v+2 && p.ms[v+1].kind == mStop && lower(p.ms[v+1].text) == "for"
}

// relatedWords may stand between a count and the table whose rows it
// counts without changing what is counted: "more than 2 corresponding
// documents" are more than 2 documents.
var relatedWords = setOf("corresponding", "related", "associated", "respective", "separate")

// countedNext reports whether table mention n is the one the number at i
// counts: right after it, or past words of relatedWords alone.
func (p *parser) countedNext(i, n int) bool {
	if n <= i {
		return false
	}
	for j := i + 1; j < n; j++ {
		if p.ms[j].kind != mStop || !relatedWords[lower(p.ms[j].text)] {
			return false
		}
	}
	return true
}

// bothNumbers reads the second number of "both year 1999 and 2000" (i:
// the number, c: the "and" before it): another value of the column the
// first was given, so that "both" reads the two conditions, which no one
// row meets, as two sets in common. It reports whether it did.
func (p *parser) bothNumbers(i, cmp, c int) bool {
	k := len(p.f.filters) - 1
	if p.ms[i].kind != mNumber || cmp >= 0 || !p.is(c, kwAnd) || c != i-1 || k < 0 || p.isCol(p.next(i)) {
		return false
	}
	prev := p.f.filters[k]
	if prev.op != "=" || prev.at != p.prev(c) {
		return false
	}
	if y, ok := yearOf(p.ms[i].num); ok && prev.kind == fYear && prev.col < 0 && p.bothBefore(prev.at) {
		// "published a book in both 1989 and 1990": two years of the
		// one year or date column, as the first was read.
		p.used[i] = true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: -1, op: "=", lit: y, text: p.ms[i].text})
		return true
	}
	if prev.kind != fLit || prev.col < 0 || prev.at != prev.col+1 || !p.bothBefore(prev.col) {
		return false
	}
	p.used[i] = true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: prev.col, op: "=", lit: p.ms[i].num, text: p.ms[prev.col].text + " " + p.ms[i].text})
	return true
}

// bothBefore reports whether "both" is the content word before mention j.
func (p *parser) bothBefore(j int) bool {
	b := p.prev(j)
	return p.is(b, kwBoth) && lower(p.ms[b].text) == "both"
}

// bothYear reads the first year of "in both 1989 and 1990" (i: the
// number, c: "both"): a year of the question's one year or date column,
// as "in 1989" is, when another year follows after "and". It reports
// whether it did.
func (p *parser) bothYear(i, cmp, c int) bool {
	y, ok := yearOf(p.ms[i].num)
	if !ok || p.ms[i].kind != mNumber || cmp >= 0 || c != i-1 || !p.bothBefore(i) || c < 1 ||
		p.ms[c-1].kind != mStop || !yearPreps[lower(p.ms[c-1].text)] {
		return false
	}
	and := p.next(i)
	if !p.is(and, kwAnd) || and != i+1 || !p.in(and+1) || p.ms[and+1].kind != mNumber {
		return false
	}
	if _, ok := yearOf(p.ms[and+1].num); !ok {
		return false
	}
	p.used[i] = true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: -1, op: "=", lit: y, text: p.ms[i].text})
	return true
}
