package offline

import "strings"

// asWords may stand between a value and the column it is a value of, named
// after it: "use Cash as payment method", "with 'white' as their color
// description", "'Cash' for payment method".
var asWords = map[string]bool{"as": true, "for": true, "their": true, "its": true, "the": true}

// namedAsAfter reports whether only asWords, "as" or "for" among them,
// stand between value mention v and column mention c: the column is then
// the value's, as in "red color", and not a column to show.
func (p *parser) namedAsAfter(v, c int) bool {
	prep := false
	for k := v + 1; k < c; k++ {
		w := lower(p.ms[k].text)
		if p.ms[k].kind != mStop || !asWords[w] {
			return false
		}
		prep = prep || w == "as" || w == "for"
	}
	return prep
}

// colsListedBefore reports whether another column mention, not yet given a
// role, comes before column mention c: those are the columns the question
// shows, and c, named only with a condition, is not shown beside them.
func (p *parser) colsListedBefore(c int) bool {
	for j := 0; j < c; j++ {
		if p.isCol(j) && !p.used[j] && !p.isTable(j) {
			return true
		}
	}
	return false
}

// pinnedAfter reports whether table mention t is followed by a value of
// one of its columns, possibly after the column's name ("taught by staff
// with first name Janessa", "taken by customer Rylan"): "by" is then the
// preposition of a verb, and the rows are those of the one row named, not
// a group per row of t.
func (p *parser) pinnedAfter(t int) bool {
	v := p.next(t)
	if p.isCol(v) {
		v = p.next(v)
		if p.is(v, kwCmp) && p.ms[v].kw.op == "=" {
			v = p.next(v)
		}
	}
	if !p.isValue(v) {
		return false
	}
	for _, tr := range p.ms[t].tables {
		for _, vr := range p.ms[v].vals {
			if vr.table == tr.table {
				return true
			}
		}
	}
	return false
}

// valuesNoun reports whether mention n, one word right after values all
// held by one column, is that column's first word ("queen bed" for
// bedType): it names the values' column, whatever else it links to.
func (p *parser) valuesNoun(common []valueRef, n int) bool {
	if len(common) == 0 || strings.Contains(p.ms[n].text, " ") {
		return false
	}
	var c *colInfo
	for _, v := range common {
		cv := p.lx.tables[v.table].cols[v.col]
		if c != nil && cv != c {
			return false
		}
		c = cv
	}
	return c != nil && len(c.words) > 1 && stem(c.words[0]) == stem(lower(p.ms[n].text))
}
