package offline

// Numbers, values and comparison words the planner could not otherwise
// attach to a column, read only where general English or the schema
// leaves exactly one reading:
//
//   - a whole number, a word and a table ("five star hotels"): the one
//     column of the table whose name starts with the word, holding the
//     number; a column's name, a number and a table ("the rank 1 coach"):
//     that table's column of the name;
//   - a count phrase between a bound and a column ("more than 5000 total
//     number of horses"): the column, not a count of rows;
//   - "at least one" before a value ("at least one English song"): a row
//     with the value exists, as "an English song" says;
//   - "before" ending the question ("who taught the course before"): the
//     adverb "previously", which compares nothing;
//   - "there is/are" between the groups and a count ("for which countries
//     are there more than four addresses"): the groups are named before it.
//
// Measured on the Spider training questions (a–r): eight questions newly
// answered in each of question and question_syn, all right, none wrong.

import (
	"fmt"
	"slices"
	"strings"
)

// previously reports whether the comparison mention i is "before" used as
// an adverb, "previously": it ends the question, so it has nothing to
// compare ("instructors who taught the C Programming course before",
// "reviewers who have rated a movie more than 3 stars before"). It adds no
// condition, as "ever" adds none.
func (p *parser) previously(i int) bool {
	return lower(p.ms[i].text) == "before" && p.next(i) < 0
}

// nameBeforeThere finds X in "for which countries are there more than four
// addresses" and "the cities where there are at least 3 stores" (i: the
// comparison or number): the existential "there is/are" says only that
// rows of the counted table exist, so X is the name before it, with
// nothing but short words between. It returns X or -1.
func (p *parser) nameBeforeThere(i int) int {
	there, be := false, false
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		if m.kind == mName && !p.used[j] {
			if there && be {
				return j
			}
			return -1
		}
		if m.kind != mStop {
			return -1
		}
		switch lower(m.text) {
		case "there":
			there = true
		case "is", "are", "was", "were", "be", "been", "exist", "exists":
			be = true
		case "for", "in", "which", "where", "whom", "of", "at":
		default:
			return -1
		}
	}
	return -1
}

// numberModifiers reads each number no comparison or ranking word comes
// before as numberModifier does. It runs before values are placed, since
// the word after the number may also be a sampled value of another column
// ("star" in a ratings table's descriptions).
func (p *parser) numberModifiers() *refusal {
	for i, m := range p.ms {
		if m.kind == mNumber && !p.used[i] && !p.is(p.prev(i), kwCmp, kwDateCmp, kwBetween, kwMax, kwMin, kwAdj, kwCommon, kwCount) {
			_ = p.numberModifier(i) || p.columnNumberModifier(i)
		}
		if m.kind == mNumber && !p.used[i] {
			p.atLeastOneValue(i)
		}
	}
	return nil
}

// numberModifier reads "five star hotels" (i: the number): a whole
// number, one word and a table, where the word is the first word of
// exactly one column of that table (star_rating_code) and the column may
// hold the number (holdsNumber). The number and the word modify the
// table's rows as one adjective: the column equals the number. The word
// becomes the column's mention, which the filter names.
func (p *parser) numberModifier(i int) bool {
	m := p.ms[i]
	w, t := i+1, i+2
	if m.kind != mNumber || !isInt(m.num) || t >= len(p.ms) || p.used[w] || p.used[t] || !p.isTable(t) {
		return false
	}
	if !p.nounAfterNumber(w) || p.ms[w].from+1 != p.ms[w].to || len(p.ms[w].text) < 3 || !isLetters(lower(p.ms[w].text)) { // numerals.go
		return false
	}
	ti, ok := p.oneTable(t)
	if !ok {
		return false
	}
	word := stem(lower(p.ms[w].text))
	var col *colInfo
	for _, c := range p.lx.tables[ti].cols {
		if len(c.stems) == 0 || c.stems[0] != word {
			continue
		}
		if col != nil {
			return false // two columns start so: the word does not say which
		}
		col = c
	}
	if col == nil || !holdsNumber(col, m.num) {
		return false
	}
	p.ms[w].kind, p.ms[w].tables, p.ms[w].vals, p.ms[w].weak = mName, nil, nil, false
	p.ms[w].cols = []nameRef{{table: ti, col: col.idx, class: classPrefix}}
	p.used[i], p.used[w] = true, true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: w, op: "=", lit: m.num, text: m.text + " " + p.ms[w].text})
	return true
}

// columnNumberModifier reads "the rank 1 coach", "the grade 3 students"
// (i: the number): a column's name, a whole number and a table, written
// together as one modifier of the table's rows. The name may mean columns
// of several tables; the table after the number says which, and the
// column must be able to hold the number (holdsNumber).
func (p *parser) columnNumberModifier(i int) bool {
	m := p.ms[i]
	c, t := i-1, i+1
	if c < 0 || t >= len(p.ms) || !isInt(m.num) || p.used[c] || p.used[t] || !p.isCol(c) || !p.isTable(t) {
		return false
	}
	ti, ok := p.oneTable(t)
	if !ok {
		return false
	}
	var own []nameRef
	for _, r := range p.ms[c].cols {
		if r.table == ti {
			own = append(own, r)
		}
	}
	if len(own) != 1 || !holdsNumber(p.lx.tables[ti].cols[own[0].col], m.num) {
		return false
	}
	p.ms[c].cols, p.ms[c].tables = own, nil
	p.used[i], p.used[c] = true, true
	for j := range p.ms {
		if j != t && p.isTable(j) && !p.used[j] {
			// "players coached by the rank 1 coach": beside another
			// table, the phrase picks rows of the coach as a value
			// ("coached by Jameson Tomas") would, and the coach is not
			// what the question lists. Alone, it is ("the rank 1
			// coaches").
			p.used[t] = true
			break
		}
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: c, op: "=", lit: m.num, text: p.ms[c].text + " " + m.text})
	return true
}

// holdsNumber reports whether column c may hold the whole number n: a
// numeric column (not a key) may, as its values are not sampled; a text
// column must have it among its sampled values ("5" in a rating code).
func holdsNumber(c *colInfo, n any) bool {
	return c != nil && (c.numeric || slices.Contains(c.samples, fmt.Sprint(n)))
}

// countNamedColumn reads "farms with more than 5000 total number of
// horses" (i: the number, cmp: the comparison or -1): a count phrase
// between the number and a column's name is the column's own name when
// the count of rows is not meant, as the number already bounds it. The
// column must be numeric, and the count phrase's other words ("total")
// must be in its name when the column's name alone fits several
// (total_horses, working_horses); exactly one column must remain.
func (p *parser) countNamedColumn(i, cmp int, op string) bool {
	k, n := i+1, i+2
	if p.ms[i].kind != mNumber || n >= len(p.ms) || !p.is(k, kwCount) || p.used[k] || p.used[n] || !p.isCol(n) || p.isTable(n) {
		return false
	}
	var own []nameRef
	for _, r := range p.ms[n].cols {
		c := p.lx.tables[r.table].cols[r.col]
		if c != nil && c.numeric && (!strings.Contains(lower(p.ms[k].text), "total") || slices.Contains(c.words, "total")) {
			own = append(own, r)
		}
	}
	if len(own) != 1 {
		return false
	}
	p.ms[n].cols = own
	p.used[i], p.used[k], p.used[n] = true, true, true
	if cmp >= 0 {
		p.used[cmp] = true
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: n, op: op, lit: p.ms[i].num, text: p.ms[i].text + " " + p.ms[k].text + " " + p.ms[n].text})
	return true
}

// atLeastOneValue reads "at least one English song", "at least one 'B'
// grade" (i: the number) as "an English song": a bound of one before a
// value says only that a row with the value exists, which the value's
// condition already asks. The bound and the number are set aside; the
// value is placed as any other. A bound of one before a table ("at least
// one order") is a count of rows (countCond), which says the same.
func (p *parser) atLeastOneValue(i int) {
	k, v := p.prev(i), i+1
	if v >= len(p.ms) || !p.is(k, kwCmp) || p.used[k] || lower(p.ms[k].text) != "at least" || p.ms[i].num != int64(1) {
		return
	}
	if p.ms[v].kind != mValue && p.ms[v].kind != mQuoted || p.ms[v].from != p.ms[i].to {
		return
	}
	p.used[k], p.used[i] = true, true
}
