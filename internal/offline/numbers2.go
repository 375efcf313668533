package offline

import (
	"slices"
	"unicode"
)

// Numbers joined by "or" before the column they are values of: "movies
// that received 3 or 4 stars", "a 4 or 5 star rating". English puts the
// unit after the last of the numbers, so both numbers are values of the
// column that follows; "or" then joins the two filters as "district 1 or
// 2" does.

// numbersOrCol reads "N or M col" (i: the first number, cmp: a comparison
// before it, c: the mention before it) as two values of the numeric column
// right after the second number. Only plain equality (no comparison
// before: "more than 3 or 4 stars" could bound either way), only when the
// mention before is not an unused column the first number could be a
// value of ("rating 3 or 4 stars"), and only where the three follow each
// other with nothing between. It reports whether it read them.
func (p *parser) numbersOrCol(i, cmp, c int) bool {
	or, j, col := i+1, i+2, i+3
	if cmp >= 0 || p.ms[i].kind != mNumber || !p.is(or, kwOr) || !p.in(j) || p.ms[j].kind != mNumber ||
		p.used[j] || !p.numericCol(col) || p.used[col] || p.mayBeDate(col) {
		return false
	}
	if p.isCol(c) && !p.used[c] {
		return false
	}
	if n := p.next(col); p.is(n, kwCmp, kwDateCmp) || p.is(n, kwOr, kwAnd) && p.in(n+1) && p.ms[n+1].kind == mNumber {
		// "3 or 4 stars or more", "3 or 4 stars and 5 ...": more
		// numbers or bounds follow, so the list is not the two.
		return false
	}
	for _, k := range []int{i, j} {
		p.f.filters = append(p.f.filters, filterSpec{at: k, kind: fLit, col: col, op: "=", lit: p.ms[k].num,
			text: p.ms[k].text + " " + p.ms[col].text})
		p.used[k] = true
	}
	p.used[col] = true
	return true
}

// yearOfValue reads a year right after a value, or past "of" ("in Fall
// 2009", "the Spring of 2010"; i: the number, c: the mention before it):
// the year of the rows holding that value, so the year column of the
// value's own table, found when resolving (valueYear). Only a value a
// filter already holds, and only a four-digit year with no comparison. It
// reports whether it read one.
func (p *parser) yearOfValue(i, cmp, c int) bool {
	y, ok := yearOf(p.ms[i].num)
	if !ok || p.ms[i].kind != mNumber || cmp >= 0 || !p.in(c) || p.ms[c].kind != mValue || p.isCol(p.next(i)) {
		return false
	}
	switch i - c {
	case 1:
	case 2:
		if p.ms[c+1].kind != mStop || lower(p.ms[c+1].text) != "of" {
			return false
		}
	default:
		return false
	}
	if !slices.ContainsFunc(p.f.filters, func(fs filterSpec) bool { return fs.kind == fValue && slices.Contains(fs.vals, c) }) {
		return false
	}
	p.used[i] = true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: -1, op: "=", lit: y, text: p.ms[c].text + " " + p.ms[i].text, ofValue: true})
	return true
}

// valueYear finds the year column a year of a value applies to: the one
// column named just "year" (plainYear) in the table of the value's
// condition. The value's filter must be resolved just before the year, and
// every value of the frame must carry its own year: when "and" or "but
// not" split the question into sets, a year parted from its value ("Fall
// and Spring of 2010" as one side) has no certain reading.
func (r *resolver) valueYear(fs filterSpec) (*colInfo, *refusal) {
	unsure := refuseUnresolved("I could not tell which rows %q dates.", fs.text)
	v := fs.at - 1
	for v >= 0 && r.ms[v].kind == mStop {
		v--
	}
	k := slices.IndexFunc(r.f.filters, func(g filterSpec) bool { return g.at == fs.at })
	n := len(r.q.conds)
	if k < 1 || n == 0 || r.q.conds[n-1].col == nil {
		return nil, unsure
	}
	if prev := r.f.filters[k-1]; prev.kind != fValue || !slices.Contains(prev.vals, v) {
		return nil, unsure
	}
	values, years := 0, 0
	for _, g := range r.f.filters {
		switch {
		case g.kind == fValue:
			values++
		case g.ofValue:
			years++
		}
	}
	if values != years {
		return nil, unsure
	}
	t := r.q.conds[n-1].col.table
	var cols []*colInfo
	for _, c := range t.cols {
		if c != nil && c.year {
			cols = append(cols, c)
		}
	}
	c := plainYear(cols)
	if c == nil {
		return nil, refuseUnresolved("%s has no year column that %q could apply to.", t.name, fs.text)
	}
	return c, nil
}

// letterList reports whether the capital letter at i, a function word
// alone ("A", "I"), opens a list of letters that are all values of one
// column: "got A or C" lists grades, as "got B or C" would. Only a single
// capital joined by "or" or "and" to another single capital, and only
// when the two letters share a column's values: "A" stays an article
// unless the schema holds it beside the letter it is listed with.
func (lx *lexicon) letterList(toks []token, i int) bool {
	if i+2 >= len(toks) || !capitalLetter(toks[i].raw) || !capitalLetter(toks[i+2].raw) {
		return false
	}
	if j := toks[i+1].text; j != "or" && j != "and" {
		return false
	}
	return len(sharedColumns(lx.values[toks[i].text], lx.values[toks[i+2].text])) > 0
}

// capitalLetter reports whether a word is one capital letter.
func capitalLetter(raw string) bool {
	r := []rune(raw)
	return len(r) == 1 && unicode.IsUpper(r[0])
}
