package offline

import (
	"slices"
	"strings"
)

// Round nineteen: a column word in a relative clause with no value after
// it. leftovers reads such a word as a condition whose value is missing
// ("customers who have email" with no email) and asks for the value; the
// readings here are the ones where the grammar around the word says it is
// something else:
//
//   - a verb that only relates two things the question names: a one-word
//     past form, or an -s form after a relative pronoun, linked to a
//     column by a stem it shares, not by the column's exact name, with a
//     preposition and a name or value after it ("the trip that started
//     from the station …", "mills built by American architects"). It is
//     set aside like relverbs.go's unknown verbs (not when negated), and
//     the plan's reason names it;
//   - a column asked for in a clause of its own: the nearest word before
//     it (past stop words, values, list commas and unlinked names) that
//     opens a clause is a show verb or "what" rather than the relative
//     word further back ("… does each role have? List role description,
//     id and …", "… and what are their salaries?"), or the relative word
//     is the "with" of "along with"/"together with", which adds a column
//     to the list ("the name of a building along with the name of …").
//     Nothing in the question may count (a list after "How many … have?"
//     restates the count: countlist.go) or rank rows;
//   - a column compared with another column of the same row: a comparison
//     right after it and, past possessives and articles only, a column
//     that ends the clause ("candidates whose support percentage is lower
//     than their oppose rate"). Both must resolve to numeric (or both to
//     date) columns of one table; "higher than that of a song" or "than
//     the resolution of any songs", which compare with other rows, are
//     not read.
//
// What none of these takes is still refused, with a clearer reason where
// the words say more than a missing value (colWordRefusal): a comparison
// with another row's value, or a foreign key named as a noun for the rows
// it refers to ("persons who have friends with age above 40 or under
// 20"; keynouns2.go reads the plainer forms where a table holds two keys
// to the people it relates).
//
// Measured on the Spider training questions (a–r): +3 correct, +0 wrong
// (one each: a verb, "along with", two columns compared); paraphrased
// questions +3 correct, +0 wrong.

// clauseShowWords open a clause that asks for what follows.
var clauseShowWords = setOf("list", "show", "give", "display", "return", "find", "tell", "what", "select")

// listWith are the words before "with" that make it a list conjunction.
var listWith = setOf("along", "together")

// colWord reports whether column mention i, which inRelClause places in a
// relative clause with no value after it, reads as something other than a
// condition missing its value, and gives it that role.
func (p *parser) colWord(i int) bool {
	switch {
	case p.colVerb(i):
		p.used[i] = true
		p.ms[i].kind, p.ms[i].ignored = mStop, true
		return true
	case p.colCompare(i):
		return true
	case p.shownInClause(i), p.askedInSecond(i): // hascol.go: "…, and what is its X?"
		p.f.project = append(p.f.project, i)
		p.used[i] = true
		return true
	}
	return false
}

// colVerb reports whether column mention i is a verb form linked by a
// shared stem only, followed by a preposition and a name or value.
func (p *parser) colVerb(i int) bool {
	m := p.ms[i]
	if m.to-m.from != 1 || len(m.tables) > 0 {
		return false
	}
	w := lower(m.text)
	verb := pastParticiple(w)
	if !verb && i > 0 && p.ms[i-1].kind == mStop && relativePronouns[lower(p.ms[i-1].text)] {
		verb = strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
	}
	if !verb {
		return false
	}
	for _, ref := range m.cols {
		if ref.class == classExact {
			return false
		}
	}
	for j := i - 1; j >= 0 && (p.ms[j].kind == mStop || p.ms[j].kind == mKeyword); j-- {
		w := lower(p.ms[j].text)
		if relNegations[w] || p.ms[j].kind == mKeyword && p.ms[j].kw.kind == kwNot {
			// "mills not built by …": the negation is a condition of
			// its own, as relverbs.go leaves it.
			return false
		}
		if !relAuxiliaries[w] {
			break
		}
	}
	k := i + 1
	if k >= len(p.ms) || p.ms[k].kind != mStop && p.ms[k].kind != mKeyword || !relLinkWords[lower(p.ms[k].text)] {
		return false
	}
	for k < len(p.ms) && (p.ms[k].kind == mStop || p.ms[k].kind == mKeyword) && relLinkWords[lower(p.ms[k].text)] {
		k++
	}
	if k >= len(p.ms) {
		return false
	}
	switch p.ms[k].kind {
	case mName, mValue, mQuoted:
		return true
	}
	return false
}

// shownInClause reports whether column mention i is asked for by a clause
// of its own or added to a list by "along with" (see above).
func (p *parser) shownInClause(i int) bool {
	for j := range p.ms {
		if p.is(j, kwCount) {
			// "How many coaches does each club have? List the number
			// and club id": the list restates the count, which
			// countlist.go reads, and a column in it ("phone number")
			// may stand where the count is meant.
			return false
		}
		if p.is(j, kwMax, kwMin, kwAdj, kwTop, kwBottom) {
			// "the name and price of its most expensive product" ranks
			// within each row named before, which a shown column does
			// not say.
			return false
		}
	}
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		w := lower(m.text)
		switch {
		case m.kind == mStop && clauseShowWords[w]:
			return true
		case m.kind == mStop && w == "with" && j > 0 && listWith[lower(p.ms[j-1].text)]:
			return true
		case m.kind == mStop && relWords[w]:
			return false
		case m.kind == mStop, m.kind == mValue, m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma || m.kw.kind == kwOr):
		case m.kind == mName && len(m.tables) == 0:
		default:
			return false
		}
	}
	return false
}

// cmpOtherWords may stand between a comparison and the column it compares
// with: "lower than their oppose rate", "above the budget".
var cmpOtherWords = setOf("the", "its", "their", "his", "her", "is", "are", "was", "were")

// colCompare reads "X <comparison> [their] Y" at column mention i as a
// comparison of two columns (see above) and records it as a condition.
func (p *parser) colCompare(i int) bool {
	c := i + 1
	for c < len(p.ms) && p.ms[c].kind == mStop && (lower(p.ms[c].text) == "is" || lower(p.ms[c].text) == "are") {
		c++
	}
	if !p.is(c, kwCmp) || p.used[c] || p.ms[c].kw.age {
		return false
	}
	op := p.ms[c].kw.op
	switch op {
	case "<", "<=", ">", ">=":
	default:
		return false
	}
	o := c + 1
	for o < len(p.ms) && p.ms[o].kind == mStop && cmpOtherWords[lower(p.ms[o].text)] {
		o++
	}
	if !p.isCol(o) || len(p.ms[o].tables) > 0 || p.used[o] {
		return false
	}
	if e := o + 1; e < len(p.ms) && !p.is(e, kwAnd, kwComma, kwOr) && !(p.ms[e].kind == mStop && relWords[lower(p.ms[e].text)]) {
		// "than the resolution of any songs": the other side is
		// another row's column.
		return false
	}
	p.f.filters = append(p.f.filters, filterSpec{at: o, kind: fCol, col: i, other: o, op: op,
		text: p.ms[i].text + " " + p.ms[c].text + " " + p.ms[o].text})
	p.used[i], p.used[c], p.used[o] = true, true, true
	return true
}

// columnsFilter resolves a comparison of two columns: both must be
// columns of one table, and both numeric or both dates, so that the
// comparison is between two measures of each row.
func (r *resolver) columnsFilter(fs filterSpec) (condSpec, *refusal) {
	col, rf := r.conditionColumn(fs.col)
	if rf != nil {
		return condSpec{}, rf
	}
	other, rf := r.conditionColumn(fs.other)
	if rf != nil {
		return condSpec{}, rf
	}
	if col == other || col.table != other.table || !(col.numeric && other.numeric || col.date && other.date) {
		return condSpec{}, refuseUnresolved("I could not tell how %s compares with %s in %q.", col.ref, other.ref, fs.text)
	}
	return condSpec{col: col, op: fs.op, other: other}, nil
}

// colWordRefusal gives a clearer reason than a missing value for column
// mention i, which no reading above takes, where the words say more: a
// comparison follows it, but with something other than a column of the
// same row ("higher than that of a song"), or every column it names is a
// foreign key, used as a noun for the rows it refers to ("students whose
// advisors are professors"). nil leaves the usual reason.
func (p *parser) colWordRefusal(i int) *refusal {
	m := p.ms[i]
	c := i + 1
	for c < len(p.ms) && p.ms[c].kind == mStop && (lower(p.ms[c].text) == "is" || lower(p.ms[c].text) == "are") {
		c++
	}
	if p.is(c, kwCmp) {
		return refuseUnresolved("I could not tell what %q is compared with: only a number, a value or another column of the same row (\"whose support rate is lower than their oppose rate\") can follow %q here.", m.text, p.ms[c].text)
	}
	var parents []string
	for _, ref := range m.cols {
		kc, ok := p.lx.oneKeyOf([]nameRef{ref})
		if !ok {
			return nil
		}
		parent := p.lx.tables[kc.parent].name
		if !slices.Contains(parents, parent) {
			parents = append(parents, parent)
		}
	}
	if len(parents) == 0 {
		return nil
	}
	return refuseUnresolved("I could not tell which %q are meant: it names a key to %s; name them by a column of %s (for example: whose %s have name 'x').",
		m.text, strings.Join(parents, " or "), strings.Join(parents, " or "), m.text)
}
