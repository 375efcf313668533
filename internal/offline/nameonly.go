package offline

import (
	"slices"
	"strings"
)

// Columns named without a value that still say something certain. A column
// named in a relative clause with no value after it reads as a condition
// whose value is missing ("customers who have email …" with no email); the
// readings here are the ones where the words around it say what it is:
//
//   - a property the rows are picked by, before a text pattern: "customers
//     that have an email containing 'gmail'" (likes.go asks possessedCol);
//   - a back reference to a column named before: "each premise type and the
//     number of premises in that type";
//   - a past form named for the same date or year column as the noun
//     after it: "phones launched in year 2002", "shops that opened after the
//     year 2012"; or naming the date of the table named right after it:
//     "customers who have opened an account" have an account.

// possessWords before a column make it a property the rows are picked by,
// not one to show: "customers that have an email containing 'gmail'".
var possessWords = setOf("have", "has", "had", "having", "with")

// possessedCol reports whether column mention c follows a table and a
// possession word, with at most an article between: "customers have email
// that contains …" picks customers by their email.
func (p *parser) possessedCol(c int) bool {
	j := c - 1
	for j >= 0 && p.ms[j].kind == mStop && articles[lower(p.ms[j].text)] {
		j--
	}
	if j < 0 || p.ms[j].kind != mStop || !possessWords[lower(p.ms[j].text)] {
		return false
	}
	return p.isTable(p.prev(j))
}

// backRefDets refer back to something named before: "in that type".
var backRefDets = setOf("that", "this", "same")

// backRefPreps may open a back reference: "in that type", "of that age".
var backRefPreps = setOf("in", "of", "for", "with", "at", "from", "on")

// backRefCol reports whether column mention i is a back reference to a
// column named before it: a preposition and "that" (or "the same") before
// it, and an earlier mention naming exactly the same columns.
func (p *parser) backRefCol(i int) bool {
	j := i - 1
	if j < 1 || p.ms[j].kind != mStop {
		return false
	}
	// "the outcome" refers back only to the groups: "for each test
	// outcome, … the students who got the outcome".
	the := lower(p.ms[j].text) == "the"
	if !the && !backRefDets[lower(p.ms[j].text)] {
		return false
	}
	j--
	if lower(p.ms[j+1].text) == "same" && j >= 1 && p.ms[j].kind == mStop && lower(p.ms[j].text) == "the" {
		j--
	}
	if !the && (j < 0 || p.ms[j].kind != mStop || !backRefPreps[lower(p.ms[j].text)]) {
		return false
	}
	for k := range j {
		if p.isCol(k) && sameRefs(p.ms[k].cols, p.ms[i].cols) && (!the || p.is(p.prev(k), kwGroup)) {
			return true
		}
	}
	return false
}

// sameRefs reports whether two candidate lists name the same columns.
func sameRefs(a, b []nameRef) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k].table != b[k].table || a[k].col != b[k].col {
			return false
		}
	}
	return true
}

// dateVerb reports whether column mention i is a one-word past form linked,
// not by its exact name, only to date or year columns ("launched" for
// Launch_year, "opened" for Open_Date and Open_Year) that adds nothing the
// words after it do not say. Either the table holding those columns comes
// right after it ("opened an account"), and the verb is marked relVerb so
// that the relation is read as "have"; or the first name after it, past
// stop words and keywords only, is a column among those it may mean ("in
// year 2002", "after the year 2012", "in the most recent year"), which
// says which date the event has.
func (p *parser) dateVerb(i int) bool {
	m := p.ms[i]
	if m.to-m.from != 1 || len(m.cols) == 0 || !pastParticiple(lower(m.text)) || !allTimeNamed(p.lx, m.cols) {
		return false
	}
	for _, ref := range m.cols {
		if ref.class == classExact {
			return false
		}
	}
	if n := p.next(i); p.isTable(n) && len(p.ms[n].cols) == 0 {
		// "customers who opened an account", "architects who built a
		// mill": the verb names the event that made the row, and the
		// question asks only that there is one: related.go reads the
		// verb as it reads "have".
		for _, ref := range m.cols {
			if !slices.ContainsFunc(p.ms[n].tables, func(t nameRef) bool { return t.table == ref.table }) {
				return false
			}
		}
		p.ms[i].relVerb = true
		return true
	}
	n := i + 1
	for n < len(p.ms) && (p.ms[n].kind == mStop || p.ms[n].kind == mKeyword) {
		n++
	}
	if !p.isCol(n) || len(p.ms[n].tables) > 0 {
		return false
	}
	for _, ref := range p.ms[n].cols {
		if !slices.ContainsFunc(m.cols, func(r nameRef) bool { return r.table == ref.table && r.col == ref.col }) {
			return false
		}
	}
	return true
}

// timeWords end the names of columns that say when something happened.
var timeWords = setOf("year", "date", "time", "day", "month")

// allTimeNamed reports whether every column a name may mean holds dates or
// years, by its type or by its name's last word (Launch_year stored as a
// real number, Open_Date as text that is not ISO).
func allTimeNamed(lx *lexicon, refs []nameRef) bool {
	for _, ref := range refs {
		if ref.col < 0 {
			return false
		}
		c := lx.col(ref.table, ref.col)
		if c == nil || !c.date && !c.year && !timeWords[c.words[len(c.words)-1]] {
			return false
		}
	}
	return true
}

// pastParticiple reports whether w is written as a past form: a regular
// "-ed" ("launched", "opened") or an irregular one ("built", "begun"),
// never a noun ("dates", "opening").
func pastParticiple(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") || irregularPast(w)
}
