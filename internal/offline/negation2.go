package offline

import "slices"

// More negations read as "X without Y" (negation.go, intent.go lacks).

// rowsBefore reports whether the rows of "X without Y" are named before
// the negation at i: by their table ("students who have no allergies") or
// by a column that names each row ("product names without an order",
// "customer ids who don't have an account"), whose table resolution then
// takes as the question's subject. Y must still refer to that subject by
// a key (resolver.lacking), so the difference has one reading.
func (p *parser) rowsBefore(i int) bool {
	if p.tableBefore(i) {
		return true
	}
	for j := 0; j < i; j++ {
		if p.isCol(j) && p.namesRows(j) {
			return true
		}
	}
	return false
}

// namesRows reports whether every column the mention j may be names one
// row: a key, a label of its table or a column whose values are all
// different. Values that rows share ("hometowns that are not associated
// with any gymnast", "cities no customer lives in") are a difference of
// values, not of rows: a city where one customer lives is still a city of
// some other address that no customer has, so leaving rows out would list
// it.
func (p *parser) namesRows(j int) bool {
	for _, c := range p.ms[j].cols {
		if c.col < 0 {
			return false
		}
		info := p.lx.col(c.table, c.col)
		if !info.id && !info.unique && !slices.Contains(info.table.labels, info.idx) {
			return false
		}
	}
	return true
}

// notBeforeCol returns the "not" right before the column c that a number
// or text is given with "=" ("students who are not majoring in 600": the
// major is not 600), or -1. Like "age is not 20" it reads as !=: the
// question names the column, so rows with no value there are not the ones
// it asks about. A negation some other reading has taken is left alone.
func (p *parser) notBeforeCol(c int) int {
	n := p.prev(c)
	if !p.is(n, kwNot) || p.used[n] || lower(p.ms[n].text) != "not" {
		return -1
	}
	return n
}

// ageNamed reports whether c, right before "older than", is an unused
// column whose name is an age ("students age is older than 18"): the
// comparison is then of that column, read like any other, rather than of
// an age column found later, which would leave the named one to be shown.
func (p *parser) ageNamed(c int) bool {
	if !p.isCol(c) || p.used[c] || len(p.ms[c].cols) != 1 {
		return false
	}
	ref := p.ms[c].cols[0]
	info := p.lx.col(ref.table, ref.col)
	return info.numeric && len(info.words) == 1 && info.words[0] == "age"
}
