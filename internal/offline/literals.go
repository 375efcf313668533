package offline

import (
	"strings"

	"querent/internal/schema"
)

// Literals: the values, numbers, quoted text and dates of a question, and
// the columns they filter.

// owners records the table each column is said to belong to: "the X of T"
// and "T X" (a table name right before one of its columns). In the second
// form the table name is only a modifier and takes no other role.
func (p *parser) owners() {
	p.f.owner = map[int]int{}
	for i := range p.ms {
		if p.isCol(i) && i+1 < len(p.ms) && p.ms[i+1].kind == mStop && lower(p.ms[i+1].text) == "of" {
			if t := p.next(i); p.isTable(t) {
				p.f.owner[i] = t
			}
		}
		// A noun used as a modifier is singular ("customer emails"), and
		// what it modifies is a noun: "customers named", "employees hired"
		// are a table and a verb.
		if p.isTable(i) && !p.ms[i].plural && p.isCol(i+1) && !strings.HasSuffix(lower(p.ms[i+1].text), "ed") && p.holds(i, i+1) {
			p.f.owner[i+1] = i
			p.f.modifiers = append(p.f.modifiers, i)
			p.used[i] = true
		}
	}
}

// holds reports whether a table mention can be the table of a column
// mention.
func (p *parser) holds(t, c int) bool {
	for _, tr := range strongest(p.ms[t].tables, classSynonym) {
		for _, cr := range p.ms[c].cols {
			if cr.table == tr.table {
				return true
			}
		}
	}
	return false
}

// duals settles keywords that are also a column's exact name ("total",
// "count"): a column when an aggregate word precedes it ("average total")
// or when no column follows it to aggregate ("the total of invoices"); a
// keyword otherwise ("total salary").
func (p *parser) duals() *refusal {
	for i := range p.ms {
		m := &p.ms[i]
		if m.kind != mKeyword || len(m.cols) == 0 {
			continue
		}
		prev, next := p.prev(i), p.next(i)
		asCol := p.is(prev, kwCount, kwSum, kwAvg, kwMax, kwMin)
		if !asCol {
			asCol = !(p.isCol(next) || (p.isTable(next) && p.isCol(p.next(next))))
		}
		if asCol {
			m.kind = mName
		}
	}
	return nil
}

// negations reads "X without Y" (see lacks): Y names no rows to show,
// only the rows of X to leave out.
func (p *parser) negations() *refusal {
	for i, m := range p.ms {
		if m.kind != mKeyword || m.kw.kind != kwNot {
			continue
		}
		if _, _, verb, ok := deniedAfterBut(p.ms, i); ok {
			// "Alison visited but Rosalind did not visit": the value
			// before it is taken away (butnot.go, read with the values).
			p.used[i], p.used[verb] = true, true
			continue
		}
		if secondSubjectDenied(p.ms, i) {
			return refuseUnsupported("negation of a second value's clause (%q %s)", p.ms[prevContent(p.ms, i)].text, m.text)
		}
		if l, ok := lacks(p.ms, i); ok && p.f.lacking < 0 && (p.tableBefore(i) || !negatedCond(p.ms, i) && (p.rowsBefore(i) || p.valuesBefore(i))) {
			p.f.lacking, p.f.lackingVerb, p.f.lackingFar, p.f.lackingBy = l.y, l.verb, l.far, l.by >= 0
			p.f.lackingValues = !p.tableBefore(i) && !p.rowsBefore(i) // negation5.go
			p.used[i], p.used[l.y] = true, true
			for _, x := range []int{l.verb, l.far, l.by} {
				if x >= 0 {
					p.used[x] = true
				}
			}
		} else if p.negSet < 0 && negatedCond(p.ms, i) {
			p.negSet = i // negation.go
			p.used[i] = true
		}
	}
	return nil
}

// values groups sampled values joined by "and", "or" or commas into one
// filter when they share a column ("in France or Spain"). Values of
// different columns joined by "and" are separate filters; by "or", a
// disjunction this version does not build.
func (p *parser) values() *refusal {
	for i := 0; i < len(p.ms); i++ {
		if !p.isValue(i) || p.ms[i].weak || p.used[i] || p.comparedDate(i) {
			continue
		}
		group := []int{i}
		common := p.ms[i].vals
		j := i
		for {
			conn := p.next(j)
			if !p.is(conn, kwAnd, kwOr, kwComma) {
				break
			}
			v := p.next(conn)
			if !p.isValue(v) || p.ms[v].weak {
				break
			}
			shared := sharedColumns(common, p.ms[v].vals)
			if len(shared) == 0 {
				if p.is(conn, kwOr) {
					return refuseUnsupported("%q between values of different columns", p.ms[conn].text)
				}
				break
			}
			common = shared
			p.used[conn] = true
			group = append(group, v)
			j = v
		}
		for _, g := range group {
			p.used[g] = true
		}
		f := filterSpec{at: i, kind: fValue, col: -1, vals: group, op: "=", text: p.ms[i].text}
		c := p.prev(i)
		negBy := false
		if p.is(c, kwBy) && p.is(p.prev(c), kwNot) {
			// "channels not owned by CCTV": the value negated.
			p.used[c] = true
			c = p.prev(c)
			negBy = true
		}
		if p.is(c, kwBoth) && len(group) > 1 {
			// "either Person or Wiley": one of the values; "both milk and
			// cat": rows qualifying with each value, when "and" joins them.
			if lower(p.ms[c].text) == "both" {
				if !joinedByAnd(p, group) || p.f.both >= 0 {
					return refuseUnsupported("questions that combine sets (%q)", p.ms[c].text)
				}
				p.f.both = len(p.f.filters)
			}
			p.used[c] = true
			c = p.prev(c)
		}
		// A negation already read as a set difference of this condition
		// ("films that were never in China", negation.go) is not read
		// again as != of the value, which would negate it twice.
		if p.is(c, kwNot) && !p.used[c] {
			f.op, f.negBy = "!=", negBy
			p.used[c] = true
			if b := p.prev(c); p.is(b, kwBut) && len(group) == 1 {
				// "milk but not cat": the rows with cat are taken away.
				f.op, f.except = "=", true
				p.used[b] = true
			}
			c = p.prev(c)
		}
		if n := nextContent(p.ms, i); n >= 0 && len(group) == 1 && f.op == "=" {
			if v, b, _, ok := deniedAfterBut(p.ms, n); ok && v == i {
				f.except, p.used[b] = true, true // butnot.go
			}
		}
		adjacent := c == i-1
		if p.is(c, kwCmp) && p.ms[c].kw.op == "=" {
			p.used[c] = true
			adjacent = adjacent && p.prev(c) == c-1
			c = p.prev(c)
		}
		switch after := p.next(j); {
		case p.isCol(c) && !p.used[c] && len(columnsIn(common, p.ms[c].cols)) > 0:
			// "status shipped": the value is bound to the column named
			// just before it; "not the status 'Village'" negates it.
			f.col = c
			p.used[c] = true
			if n := p.prev(c); p.is(n, kwNot) && f.op == "=" && !p.used[n] {
				f.op = "!="
				p.used[n] = true
			}
		case p.isCol(after) && !p.used[after] && after == j+1 && len(columnsIn(common, p.ms[after].cols)) > 0:
			// "traditional decor", "red color": the column follows.
			f.col = after
			p.used[after] = true
		case p.isCol(after) && !p.used[after] && after == j+1 && p.valuesNoun(common, after):
			// "either king or queen bed" where bed_type holds King and
			// Queen: the noun is the first word of the values' column,
			// not another column (beds) to show.
			p.used[after] = true
		case p.isCol(after) && !p.used[after] && p.namedAsAfter(j, after) && len(columnsIn(common, p.ms[after].cols)) > 0:
			// "use Cash as payment method": the column follows, restating
			// the value's column, which is not shown for it.
			f.col = after
			p.used[after] = true
		case p.isCol(c) && !p.used[c] && adjacent && p.ms[i].kind == mQuoted && len(group) == 1 && p.openText(c):
			// "composer 'AC/DC'": a quoted literal for a text column whose
			// samples are not all its values, so they may well miss it.
			f = filterSpec{at: i, kind: fLit, col: c, op: f.op, lit: p.ms[i].text, text: p.ms[c].text + " " + p.ms[i].text}
			p.used[c] = true
		case p.isCol(c) && !p.used[c] && adjacent:
			// "award 'Bob Fosse'" where Bob Fosse is a nominee: the value
			// is not one of the named column's.
			return refuseUnresolved("%q is not a value of %s that I know of.", p.ms[i].text, p.ms[c].text)
		}
		p.f.filters = append(p.f.filters, f)
		i = j
	}
	return nil
}

// joinedByAnd reports whether "and" (or commas ending in "and") joins the
// values of a group, not "or".
func joinedByAnd(p *parser, group []int) bool {
	for k := 1; k < len(group); k++ {
		for j := group[k-1] + 1; j < group[k]; j++ {
			if p.is(j, kwOr) {
				return false
			}
		}
	}
	return true
}

// openText reports whether a column mention may name a text column whose
// samples are incomplete.
func (p *parser) openText(m int) bool {
	for _, c := range p.ms[m].cols {
		if col := p.lx.col(c.table, c.col); isTextual(col.kind) && !col.complete {
			return true
		}
	}
	return false
}

// sharedColumns returns the refs of a whose column also holds a value of b.
func sharedColumns(a, b []valueRef) []valueRef {
	var out []valueRef
	for _, x := range a {
		for _, y := range b {
			if x.table == y.table && x.col == y.col {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// columnsIn returns the value refs whose column is one of cols.
func columnsIn(vals []valueRef, cols []nameRef) []valueRef {
	var out []valueRef
	for _, v := range vals {
		for _, c := range cols {
			if v.table == c.table && v.col == c.col {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

// literals reads numbers, quoted text, weak values and relative dates: a
// literal after a column's name filters that column ("quantity 3",
// "salary over 50000", "last name 'Smith'"); a four-digit number after
// "in" is a year; a number before a ranking word is its count ("the 3
// cheapest"). Anything else is a literal this planner cannot place.
func (p *parser) literals() *refusal {
	for i := range p.ms {
		m := p.ms[i]
		if p.used[i] {
			continue
		}
		switch {
		case m.kind == mKeyword && m.kw.kind == kwRelDate:
			f := filterSpec{at: i, kind: fRel, col: -1, rel: m.kw.rel, text: m.text}
			if c := p.prev(i); p.isCol(c) && !p.used[c] && p.mayBeDate(c) {
				f.col = c // "hired this year"
				p.used[c] = true
			}
			p.used[i] = true
			p.f.filters = append(p.f.filters, f)
		case m.kind == mNumber, m.kind == mQuoted, m.kind == mValue && m.weak:
			if r := p.measuredLiteral(i); r != nil { // a unit after a number: numbers3.go
				return r
			}
		}
	}
	return nil
}

// literal places one number, quoted text or weak value: a ranking count, a
// count of related rows (refused), a filter on the column named before or
// after it, or a year.
func (p *parser) literal(i int) *refusal {
	m := p.ms[i]
	c := p.prev(i)
	op := "="
	cmp := -1
	if p.is(c, kwBetween) {
		return p.between(i, c)
	}
	if p.is(c, kwBoth) && lower(p.ms[c].text) == "either" && p.is(p.next(i), kwOr) {
		// "age either 24 or 25": "either" only announces the "or".
		p.used[c] = true
		c = p.prev(c)
	}
	if p.is(c, kwNot) {
		// "age is not 20": read as a comparison with !=.
		cmp, op = c, "!="
		c = p.prev(c)
	} else if p.is(c, kwCmp, kwDateCmp) {
		cmp, op = c, p.ms[c].kw.op
		c = p.prev(c)
	} else if k := p.boundBefore(c, i); k >= 0 {
		// "after the year 1989": the bound before the column (compare.go).
		cmp, op = k, p.ms[k].kw.op
	} else if k := p.boundBeforeOf(c, i); k >= 0 {
		// "at least a salary of 100000" (numbers3.go).
		cmp, op = k, p.ms[k].kw.op
	}
	if n, neg := p.notBound(c, cmp, op); n >= 0 {
		// "salary is not more than 100000" (numbers3.go).
		p.used[n], op = true, neg
		if p.negSet == n {
			p.negSet = -1
		}
		c = p.prev(n)
	}
	if m.kind == mNumber && p.yearsOld(i) && !p.isCol(c) {
		// "students over 20 years old": the age column, not named.
		p.used[i], p.used[i+1] = true, true
		text := m.text + " " + p.ms[i+1].text
		if cmp >= 0 {
			p.used[cmp] = true
			text = p.ms[cmp].text + " " + text
		}
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, op: op, lit: m.num, text: text})
		return nil
	}
	if cmp >= 0 && m.kind == mNumber && !p.isCol(c) && p.cmpGrade(cmp) != 0 {
		// "roller coasters longer than 3300", "players heavier than 80":
		// the column of the measure, not named (gradable.go).
		p.used[i], p.used[cmp] = true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, grade: p.cmpGrade(cmp), op: op, lit: m.num, text: p.ms[cmp].text + " " + m.text})
		return nil
	}
	if cmp >= 0 && p.ms[cmp].kw.age && m.kind == mNumber && !p.ageNamed(c) {
		// "older than 30": the age column, not named.
		p.used[i], p.used[cmp] = true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, op: op, lit: m.num, text: p.ms[cmp].text + " " + m.text})
		return nil
	}
	if m.kind == mNumber && cmp < 0 {
		if p.is(c, kwTop, kwBottom) {
			return nil // read with its ranking word
		}
		// "the 3 cheapest products", "the 5 employees with the lowest
		// salary": a count of rows to rank.
		n := p.next(i)
		if p.isTable(n) && p.rankAfter(n) {
			n = p.next(n)
		}
		if p.is(n, kwMax, kwMin, kwAdj, kwCommon) {
			k, ok := rowCount(m.num)
			if !ok {
				return refuseUnresolved("I could not read %s as a number of rows.", m.text)
			}
			p.f.limit = k
			p.used[i] = true
			return nil
		}
		if p.determinedNumeral(i, cmp) {
			// "the three ranks": a count of ranks, no rank (numerals.go).
			return refuseUnresolved("I could not tell what %s counts: a number after %q names how many, not a value.", m.text, p.ms[i-1].text)
		}
	}
	if p.unitMeasured(i, cmp, c, op) {
		// "flights under 300 dollars": the unit's one column (unitcols.go).
		return nil
	}
	if cmp >= 0 || p.relBefore(i) {
		if d, n, x, v := p.distinctThroughChild(i, cmp); n >= 0 {
			// "bought by at least two distinct customers", "ordered at
			// least 3 different products" (distinctcount.go); before
			// timesCond, which would count the rows of the verb's table.
			return p.distinctCond(i, cmp, d, n, x, v, op)
		}
	}
	if ok, r := p.timesCond(i, cmp, c, op); ok {
		return r
	}
	if ok, r := p.timesIn(i, cmp, op); ok { // numbers3.go
		return r
	}
	if n := p.next(i); p.colRowsCounted(i, cmp, n) {
		// "counties that have at least two delegates" (countvalues.go)
		return p.countCond(i, cmp, n, op)
	}
	if a, c := p.aggAfterNumber(i, cmp); a >= 0 {
		// "types that have more than 10000 total accesses" (countvalues.go)
		return p.aggCond(i, cmp, c, a, p.nameBeforeRel(cmp), op)
	}
	if d, n := p.distinctCounted(i, cmp); n >= 0 && (cmp >= 0 || p.relBefore(i)) {
		// "more than four distinct addresses" (numbers3.go)
		p.used[d] = true
		return p.countCond(i, cmp, n, op)
	}
	if n := p.next(i); m.kind == mNumber && p.isTable(n) && p.countedNext(i, n) && (cmp >= 0 || p.relBefore(i)) {
		// "with more than 3 orders", "locations with only 1 station"
		return p.countCond(i, cmp, n, op)
	}
	if n := p.next(i); m.kind == mNumber && cmp >= 0 && p.isCol(n) && !p.used[n] && n == i+1 && p.relBetween(c, cmp) {
		// "ids of students who have at least 2 allergies": the number
		// counts the column after it, not the one before the clause.
		c = -1
	}
	if a := p.prev(c); m.kind == mNumber && cmp >= 0 && p.numericCol(c) && !p.used[c] && p.is(a, kwAvg, kwSum) && !p.used[a] {
		// "departments whose average salary is above 42000"
		return p.aggCond(i, cmp, c, a, p.nameBeforeRel(a), op)
	}
	if p.rangeTo(i, c, cmp) || p.numbersOrCol(i, cmp, c) {
		return nil
	}
	if p.isCol(c) && !p.used[c] && (cmp >= 0 || !p.timePrep(i) || p.mayBeDate(c) || p.inNonYear(i, c)) &&
		!p.modifiesNext(i, cmp) { // "price ranges of 5 star hotels" (numerals.go)
		f := filterSpec{at: i, kind: fLit, col: c, op: op, text: p.ms[c].text + " " + m.text}
		switch m.kind {
		case mNumber:
			f.lit = m.num
		case mQuoted:
			f.lit = m.text
		default: // a weak value: its sample spelling, if it is this column's
			vals := columnsIn(m.vals, p.ms[c].cols)
			if len(vals) == 0 {
				return p.lx.refuseWeakValue(m)
			}
			if op != "=" {
				return refuseUnsupported("comparing text (%s %s)", p.ms[cmp].text, m.text)
			}
			f.kind, f.lit = fValue, nil
			f.vals = []int{i}
			p.ms[i].vals = vals
		}
		p.used[i], p.used[c] = true, true
		if cmp >= 0 {
			p.used[cmp] = true
		} else if n := p.notBeforeCol(c); n >= 0 {
			f.op, f.text = "!=", p.ms[n].text+" "+f.text
			p.used[n] = true
		}
		p.f.filters = append(p.f.filters, f)
		return nil
	}
	if k := len(p.f.filters) - 1; m.kind == mNumber && cmp >= 0 && p.is(c, kwOr, kwAnd) && k >= 0 &&
		p.f.filters[k].kind == fLit && p.f.filters[k].col >= 0 && p.f.filters[k].op != "between" && p.f.filters[k].at < c {
		if n := p.next(i); !(p.isCol(n) && n == i+1) {
			// "population bigger than 1500 or smaller than 500": the
			// second comparison is of the column the first named.
			prev := p.f.filters[k]
			p.used[i], p.used[cmp] = true, true
			p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: prev.col, op: op, lit: m.num, text: p.ms[prev.col].text + " " + p.ms[cmp].text + " " + m.text})
			return nil
		}
	}
	if k := len(p.f.filters) - 1; m.kind == mNumber && cmp < 0 && p.is(c, kwOr) && k >= 0 && p.f.filters[k].kind == fLit &&
		p.f.filters[k].col >= 0 && p.f.filters[k].op == "=" && p.f.filters[k].at == p.prev(c) && !p.isCol(p.next(i)) {
		// "district 1 or 2", "in year 2008 or 2010": the second number is
		// another value of the column the first was given.
		prev := p.f.filters[k]
		p.used[i] = true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: prev.col, op: "=", lit: m.num, text: p.ms[prev.col].text + " " + m.text})
		return nil
	}
	if p.yearOr(i, cmp, c) || p.bothNumbers(i, cmp, c) || p.bothYear(i, cmp, c) || p.yearOfValue(i, cmp, c) {
		return nil
	}
	if n := p.next(i); m.kind == mNumber && p.isCol(n) && !p.used[n] && (n == i+1 || p.unitBetween(i, n)) {
		// "books with more than 300 pages": the column follows the number
		// (past a unit: "5000 miles of distance", numbers3.go).
		p.used[i], p.used[n] = true, true
		if cmp >= 0 {
			p.used[cmp] = true
		}
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: n, op: op, lit: m.num, text: m.text + " " + p.ms[n].text})
		return nil
	}
	if m.kind == mValue {
		return p.lx.refuseWeakValue(m)
	}
	if y, ok := yearOf(m.num); ok && (cmp >= 0 && p.ms[cmp].kw.kind == kwDateCmp || cmp < 0 && p.yearPrep(i)) {
		p.used[i] = true
		if cmp >= 0 {
			p.used[cmp] = true
		}
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: -1, op: op, lit: y, text: m.text})
		return nil
	}
	if m.kind == mNumber && cmp < 0 && c == i-1 && isInt(m.num) && p.keyOf(c) {
		// "the patients in room 112", "the address of customer 10": a
		// whole number right after a table named in the singular is the
		// row's key.
		p.used[i], p.used[c] = true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: c, op: op, lit: m.num, text: p.ms[c].text + " " + m.text})
		return nil
	}
	if m.kind == mQuoted && cmp < 0 && c == i-1 && p.labelOf(c) {
		// "the artist 'Metallica'", "the song 'Le Pop'": quoted text right
		// after a table named in the singular is the row's label.
		p.used[i], p.used[c] = true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: c, op: op, lit: m.text, text: p.ms[c].text + " " + m.text})
		return nil
	}
	if cmp < 0 && c == i-1 {
		// "the institution \"X\"", X stored nowhere (placevalues.go)
		if ok, r := p.unstoredLabel(c, i); r != nil || ok {
			return r
		}
	}
	if m.kind == mQuoted && cmp >= 0 && op != "=" && op != "!=" && isoLiteral(m.text) && !p.isCol(c) && p.dayOfSubject(cmp) {
		// "shipments before 2018-03-17": a day compared with the
		// subject's one date column (dayFilter), as a bare year is.
		p.used[i], p.used[cmp] = true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fDay, col: -1, op: op, lit: m.text, text: p.ms[cmp].text + " " + m.text})
		return nil
	}
	if p.countNamedColumn(i, cmp, op) { // "more than 5000 total number of horses" (attach.go)
		return nil
	}
	if p.loneNumber(i, cmp, c, op) || cmp < 0 && p.quotedInside(i) {
		return nil
	}
	if m.kind == mQuoted {
		return refuseUnresolved("I could not tell which column %q is a value of: name the column before it (for example: with name %q).", m.text, m.text)
	}
	return refuseUnresolved("I could not tell what %s refers to: name the column it is a value of (for example: with quantity %s).", m.text, m.text)
}

// yearsOld reports whether "years old" follows the number at i.
func (p *parser) yearsOld(i int) bool {
	if i+1 >= len(p.ms) || p.ms[i+1].kind != mStop {
		return false
	}
	w := lower(p.ms[i+1].text)
	return w == "years old" || w == "year old" || w == "years of age"
}

// between reads "salary between 100 and 200" (i: the first number, b:
// between): both ends included, as SQL's BETWEEN does.
func (p *parser) between(i, b int) *refusal {
	c, and := p.prev(b), p.next(i)
	hi := p.next(and)
	to := p.toRange(i) // "between 50 to 100" (appliesto2.go)
	if to {
		and, hi = i+1, i+2
	}
	lo, up, ends := p.rangeEnds(i, hi)
	if ends && p.yearsBetween(c, b, i, and, hi) {
		return nil
	}
	if n := p.colAfterRange(c, hi); n >= 0 && ends {
		c = n // "between 1000 and 3000 dollars outstanding" (numbers3.go)
	}
	if ends && p.unitRange(b, i, and, hi, lo, up) {
		return nil // "between 1000 and 3000 dollars", no column named (unitcols.go)
	}
	if !p.isCol(c) || p.used[c] || !p.is(and, kwAnd) && !to || !p.in(hi) || !ends {
		return refuseUnresolved("I could not tell what %q applies to: name a column before it and two numbers after.", p.ms[b].text)
	}
	if after := p.next(hi); p.is(after, kwCount) || p.isTable(after) {
		// "which major has between 2 and 30 students": a count of rows
		// between the numbers, not the column.
		return refuseUnsupported("a count compared with a range (%q)", p.ms[b].text)
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: c, op: "between", lit: lo, hi: up,
		text: p.ms[c].text + " between " + p.ms[i].text + " and " + p.ms[hi].text})
	for _, k := range []int{c, b, i, and, hi} {
		p.used[k] = true
	}
	return nil
}

// relBetween reports whether a relative word ("who", "that", "with")
// stands between mentions a and b.
func (p *parser) relBetween(a, b int) bool {
	for j := a + 1; j < b && j >= 0; j++ {
		if p.ms[j].kind == mStop && relWords[lower(p.ms[j].text)] {
			return true
		}
	}
	return false
}

// countCond reads "X with more than 3 Y" (i: the number, cmp: the
// comparison or -1, y: the table Y): the X whose rows of Y number so. X is
// the name before the relative word, a column of Y or a table Y
// references, as for "which X has the most Y".
func (p *parser) countCond(i, cmp, y int, op string) *refusal {
	f := p.f
	k, ok := rowCount(p.ms[i].num)
	start := i
	if cmp >= 0 {
		start = cmp
	}
	x := p.nameBeforeRel(start)
	var verbs []int
	if x < 0 {
		x, verbs = p.countSubject(start, y)
	}
	if !ok || x < 0 || op == "!=" || f.agg != "" || f.having != "" || p.used[y] {
		return refuseUnsupported("conditions on a count of related rows (%s %s)", p.ms[i].text, p.ms[y].text)
	}
	for _, v := range verbs {
		p.used[v] = true
	}
	p.countedVia(x, y) // "chosen by more than 2 customers": rows of X's table (countrel.go)
	f.agg, f.having, f.havingN, f.countGroups = "count", op, k, true
	f.counted = y
	f.tables = append(f.tables, y)
	f.groups = append(f.groups, x)
	p.used[i], p.used[y], p.used[x] = true, true, true
	if cmp >= 0 {
		p.used[cmp] = true
	}
	return nil
}

// aggCond reads "the X whose average Y is above N" (i: N, cmp: the
// comparison, c: Y, a: average or total, x: X or -1): the groups X whose
// aggregate of Y over their rows compares with N, as countCond does for
// counts.
func (p *parser) aggCond(i, cmp, c, a, x int, op string) *refusal {
	f := p.f
	n, ok := p.ms[i].num.(int64)
	if !ok || x < 0 || op == "!=" || f.agg != "" || f.having != "" {
		return refuseUnsupported("conditions on an aggregate of related rows (%s %s %s)", p.ms[a].text, p.ms[c].text, p.ms[i].text)
	}
	agg := "avg"
	if p.ms[a].kw.kind == kwSum {
		agg = "sum"
	}
	f.agg, f.having, f.havingN, f.countGroups, f.aggRank = agg, op, n, true, true
	f.measure = c
	f.groups = append(f.groups, x)
	p.aggMeasure, p.aggAt = c, a
	for _, k := range []int{i, cmp, c, a, x} {
		p.used[k] = true
	}
	return nil
}

// nameBeforeRel returns the unused name mention before mention i when
// only stop words, including a relative word ("with", "that", "has"),
// separate them; else -1.
func (p *parser) nameBeforeRel(i int) int {
	rel := false
	for j := i - 1; j >= 0; j-- {
		if p.ms[j].kind == mName && !p.used[j] {
			if rel {
				return j
			}
			return -1
		}
		if p.ms[j].kind != mStop {
			return -1
		}
		rel = rel || relWords[lower(p.ms[j].text)]
	}
	return -1
}

// rankAfter reports whether a ranking word follows mention i in the
// question, so that the table at i is the thing ranked.
func (p *parser) rankAfter(i int) bool {
	for j := i + 1; j < len(p.ms); j++ {
		if p.is(j, kwMax, kwMin, kwAdj) {
			return true
		}
	}
	return false
}

// relBefore reports whether a relative word ("with", "have") comes shortly
// before mention i, in the same clause.
func (p *parser) relBefore(i int) bool {
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if p.ms[j].kind == mStop && relWords[lower(p.ms[j].text)] {
			return true
		}
		if p.ms[j].kind == mName || p.ms[j].kind == mValue {
			return false
		}
	}
	return false
}

// timePrep reports whether the word before mention i is a preposition of
// time ("in", "during"), which ties a number to a date rather than to the
// column named before it ("payments per method in 2024").
func (p *parser) timePrep(i int) bool {
	return i > 0 && p.ms[i-1].kind == mStop && timePreps[lower(p.ms[i-1].text)]
}

// mayBeDate reports whether a column mention may name a date or year column.
func (p *parser) mayBeDate(m int) bool {
	for _, c := range p.ms[m].cols {
		if col := p.lx.col(c.table, c.col); col.date || col.year {
			return true
		}
	}
	return false
}

// yearPrep reports whether the word before mention i is a preposition that
// makes a number a year ("in 2024", "in either 1999 or 2000").
func (p *parser) yearPrep(i int) bool {
	if i > 1 && lower(p.ms[i-1].text) == "either" {
		i--
	}
	return i > 0 && p.ms[i-1].kind == mStop && yearPreps[lower(p.ms[i-1].text)]
}

func yearOf(n any) (int64, bool) {
	y, ok := n.(int64)
	return y, ok && y >= 1000 && y <= 2999
}

// rowCount reads a number of rows: a positive whole number.
func rowCount(n any) (int64, bool) {
	k, ok := n.(int64)
	return k, ok && k > 0
}

// labelOf gives an unused table mention named in the singular the
// table's one label column as well (the table stays named, as "the year
// of the album 'X'" still asks about albums) when that column is text whose
// samples are not all its values, so a quoted name missing from them may
// still be one of its rows ("the album 'Balls to the Wall'"). It reports
// whether it did; a table with several labels (first and last names) or
// a label with complete samples gets none.
func (p *parser) labelOf(t int) bool {
	info, ref, ok := p.singularTable(t)
	if !ok || len(info.labels) != 1 {
		return false
	}
	col := info.cols[info.labels[0]]
	if !isTextual(col.kind) || col.complete || col.id {
		return false
	}
	p.ms[t].cols = []nameRef{{table: info.idx, col: col.idx, class: ref.class}}
	return true
}

// keyOf gives an unused table mention named in the singular the table's
// primary key as well, when that key is one integer column, and reports
// whether it did.
func (p *parser) keyOf(t int) bool {
	info, ref, ok := p.singularTable(t)
	if !ok || len(info.pk) != 1 {
		return false
	}
	for _, col := range info.cols {
		if col != nil && strings.EqualFold(col.name, info.pk[0]) {
			if col.kind != schema.KindInteger {
				return false
			}
			p.ms[t].cols = []nameRef{{table: info.idx, col: col.idx, class: ref.class}}
			return true
		}
	}
	return false
}

// singularTable is the one table an unused mention at t names in the
// singular with no column of its own ("the album", "room"): what labelOf
// and keyOf may give a column to.
func (p *parser) singularTable(t int) (*tableInfo, nameRef, bool) {
	if !p.isTable(t) || p.used[t] || p.ms[t].plural || len(p.ms[t].cols) > 0 {
		return nil, nameRef{}, false
	}
	ref, ok := p.oneTableRef(t)
	if !ok {
		return nil, nameRef{}, false
	}
	return p.lx.tables[ref.table], ref, true
}

// isInt reports whether a number literal is whole.
func isInt(n any) bool {
	_, ok := n.(int64)
	return ok
}
