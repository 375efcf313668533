package offline

import "strings"

// appliesto2.go: what an aggregate, a superlative or "between" applies to
// when no column is named right after it: a table that holds one measure
// ("the average rating"), a column word restating the aggregate's column
// ("the largest amount of total settlement"), a count noun before a
// participle column ("the average number of people injured"), a verb of
// holding ("can seat between 50 to 100 students"), "on average" after
// what it qualifies, and "by" after a superlative ("the largest city by
// area").
//
// "the average rating" over rating(reviewer_id, movie_id, stars,
// rating_date) asks for the average of the one thing a rating row
// measures: stars. A table named after an aggregate word is read as its
// one measure column when the table has exactly one (numeric, not a key,
// not a year or a date); with two or more the words do not say which,
// and the question is refused as before.

// tableMeasure rewrites the table mention at i, read as the object of the
// aggregate word at a, into the table's one measure column
// (measureOfTable), and reports whether it did.
func (p *parser) tableMeasure(a, i int) bool {
	c := p.measureOfTable(a, i)
	if c == nil {
		return false
	}
	p.ms[i].tables = nil
	p.ms[i].cols = []nameRef{{table: c.table.idx, col: c.idx, class: classSynonym}}
	return true
}

// measureOfTable returns the one measure column of the table mention at
// i after the aggregate word at a, or nil. The table must be named by
// every word of its name (not a head or synonym match: "fee" → csu_fees
// is too loose to tell the fee from the table's other numbers), be the
// mention's only reading, and have no name column. A total of a table
// named in the plural is left alone: "total orders" may count the orders.
func (p *parser) measureOfTable(a, i int) *colInfo {
	if !p.in(i) || p.used[i] || p.ms[i].kind != mName || len(p.ms[i].cols) > 0 {
		return nil
	}
	if p.ms[i].plural && p.is(a, kwSum) {
		return nil
	}
	ref, ok := p.oneTableRef(i)
	if !ok || ref.class != classExact {
		return nil
	}
	t := p.lx.tables[ref.table]
	if len(t.labels) > 0 {
		// A table whose rows have names is of things, not measurements:
		// "the average person" is no average of a person's age.
		return nil
	}
	var found *colInfo
	for _, c := range t.cols {
		if c == nil || !c.numeric || c.id || c.year || c.date {
			continue
		}
		if found != nil {
			return nil // two measures: the words do not say which
		}
		found = c
	}
	return found
}

// restatedAgg returns the aggregate word after the column mention obj
// when the column only restates what the aggregate is taken of: in "the
// largest amount of total settlement" the amount is the settlements'
// total, so the ranking is by the total. Otherwise it returns obj.
func (p *parser) restatedAgg(obj int) int {
	if !p.isCol(obj) || p.used[obj] || p.isTable(obj) {
		return obj
	}
	a := p.next(obj)
	if !p.is(a, kwSum, kwAvg) || p.used[a] {
		return obj
	}
	y := p.object(a)
	cols := p.ms[y].cols
	if c := p.measureOfTable(a, y); c != nil {
		cols = []nameRef{{table: c.table.idx, col: c.idx, class: classSynonym}}
	} else if !p.numericCol(y) || p.used[y] {
		return obj
	}
	if !sameCols(p.ms[obj].cols, cols) {
		return obj
	}
	p.tableMeasure(a, y)
	p.used[obj] = true
	return a
}

// A verb of holding before a number of things held names the holder's
// capacity: "classrooms which can seat between 50 and 100 students",
// "rooms that hold more than 4 people", "halls able to accommodate 300
// guests". The verb stands for the subject table's one capacity column
// and the noun after the numbers is only the unit of the count, not rows
// to count ("more than 50 students" is otherwise a count of students).

// holdVerbs are verbs of holding, seating or accommodating a number.
var holdVerbs = setOf("seat", "seats", "hold", "holds", "accommodate", "accommodates", "fit", "fits", "house", "houses")

// capacityWords are the stems of the words a capacity column is named by.
var capacityWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"capacity", "seat", "seating", "occupancy"} {
		m[stem(w)] = true
	}
	return m
}()

// capacityVerbs rewrites, before any reading, a holding verb right after a
// table mention and right before a comparison, a range or a number into
// that table's one capacity column, and the plural noun after the numbers
// (the unit counted) into a word set aside. The table must have exactly
// one capacity column: a numeric column whose name is capacity, seats or
// seating ("seating_capacity", "max_capacity"); with none or two the
// words are left as they were.
func (lx *lexicon) capacityVerbs(ms []mention) {
	for i := range ms {
		if !holdVerbs[lower(ms[i].text)] || ms[i].kind == mKeyword {
			continue
		}
		t := lx.holderBefore(ms, i)
		if t == nil {
			continue
		}
		c := capacityCol(t)
		if c == nil {
			continue
		}
		u := unitAfterCount(ms, i)
		if u < 0 {
			continue
		}
		ms[i].kind, ms[i].tables, ms[i].vals = mName, nil, nil
		ms[i].cols = []nameRef{{table: t.idx, col: c.idx, class: classSynonym}}
		ms[u].kind, ms[u].tables, ms[u].cols, ms[u].vals, ms[u].ignored = mStop, nil, nil, nil, true
	}
}

// holderBefore returns the table named by the content mention before i,
// past the words "which", "that", "can", "could" and "to" alone, or nil.
func (lx *lexicon) holderBefore(ms []mention, i int) *tableInfo {
	for j := i - 1; j >= 0; j-- {
		m := ms[j]
		if m.kind == mStop && holderGlue[lower(m.text)] {
			continue
		}
		if m.kind != mName || len(m.cols) > 0 {
			return nil
		}
		ts := strongest(m.tables, classSynonym)
		if len(ts) != 1 {
			return nil
		}
		return lx.tables[ts[0].table]
	}
	return nil
}

// holderGlue may stand between a table and its holding verb.
var holderGlue = setOf("which", "that", "can", "could", "to", "able", "will", "each", "may")

// capacityCol returns t's one numeric column named by capacityWords, or
// nil when it has none or several.
func capacityCol(t *tableInfo) *colInfo {
	var found *colInfo
	for _, c := range t.cols {
		if c == nil || !c.numeric || c.id {
			continue
		}
		named := false
		for _, s := range c.stems {
			named = named || capacityWords[s]
		}
		if !named {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// unitAfterCount returns the plural noun right after the number or range
// that follows the verb at i ("between 50 and 100 students", "more than 4
// people", "300 guests"), or -1 when the words after the verb are not a
// count of things.
func unitAfterCount(ms []mention, i int) int {
	j := i + 1
	if j < len(ms) && ms[j].kind == mKeyword && (ms[j].kw.kind == kwCmp || ms[j].kw.kind == kwBetween) {
		j++
	}
	if j >= len(ms) || ms[j].kind != mNumber {
		return -1
	}
	j++
	if j+1 < len(ms) && ms[j+1].kind == mNumber && (ms[j].kind == mKeyword && ms[j].kw.kind == kwAnd || ms[j].kind == mStop && lower(ms[j].text) == "to") {
		j += 2
	}
	if j >= len(ms) {
		return -1
	}
	m := ms[j]
	if m.kind != mUnknown && (m.kind != mName || len(m.tables) == 0) {
		return -1
	}
	if w := lower(m.text); !m.plural && w != "people" && !strings.HasSuffix(w, "s") {
		return -1
	}
	return j
}

// toRange reports whether "to" joins the number at i to a number right
// after it, as "between 50 to 100" is sometimes written for "between 50
// and 100".
func (p *parser) toRange(i int) bool {
	return p.in(i+2) && p.ms[i].kind == mNumber && p.ms[i+1].kind == mStop && lower(p.ms[i+1].text) == "to" && p.ms[i+2].kind == mNumber
}

// onAverageCol returns the column "on average" (or "in total") at mention
// i applies to when it follows what it qualifies: "What is the salary of
// employees on average?" averages the one numeric column the question
// names, before the phrase. It returns -1 unless the phrase is written
// with "on" or "in" and the question names exactly one numeric column,
// unused, and no other column or value that the phrase could qualify.
func (p *parser) onAverageCol(i int) int {
	if i < 1 || p.ms[i-1].kind != mStop {
		return -1
	}
	if w := lower(p.ms[i-1].text); w != "on" && w != "in" {
		return -1
	}
	found := -1
	for j := 0; j < len(p.ms); j++ {
		if !p.isCol(j) || p.isTable(j) {
			continue
		}
		if !p.numericCol(j) || p.used[j] || j > i {
			return -1
		}
		if found >= 0 {
			return -1
		}
		found = j
	}
	return found
}

// superlativeBy returns the column a superlative ranks by when "by" names
// it after the superlative (obj: the mention after it) or after the thing
// ranked, and that thing's table mention (-1 when "by" follows the
// superlative itself): "the largest city by area", "which city is the
// largest by population". The column must be numeric, unused, of the
// table named (when one is) and the last content word of the question, so
// that "by" cannot be a grouping ("the largest city by area for each
// country"). It marks "by" used; n is -1 when there is no such column.
func (p *parser) superlativeBy(obj int) (n, t int) {
	by := obj
	t = -1
	if p.isTable(obj) && !p.isCol(obj) && !p.used[obj] {
		t, by = obj, p.next(obj)
	}
	if !p.is(by, kwBy) || p.used[by] {
		return -1, -1
	}
	n = p.next(by)
	if !p.numericCol(n) || p.used[n] || p.next(n) >= 0 {
		return -1, -1
	}
	if t >= 0 {
		// "area" may be a column of other tables too: the ranked table's.
		ti, ok := p.oneTable(t)
		if !ok {
			return -1, -1
		}
		var own []nameRef
		for _, c := range strongest(p.ms[n].cols, classSynonym) {
			if c.table == ti {
				own = append(own, c)
			}
		}
		if len(own) != 1 {
			return -1, -1
		}
		p.ms[n].cols = own
	}
	p.used[by] = true
	return n, t
}

// rankRowsBy ranks the rows of the table named after the superlative at
// i by the column at n ("the largest city by area", "the 3 smallest
// cities by population"; t: the table mention): one row unless a number
// asked for more, the best rank first for a rank column. "The largest
// cities by area" with no number does not say how many.
func (p *parser) rankRowsBy(i, n, t int) *refusal {
	f := p.f
	if f.rows || f.agg != "" || f.countRank {
		return refuseUnsupported("two rankings in one question")
	}
	if p.ms[t].plural && f.limit == 0 {
		return refuseUnresolved("I could not tell how many %s %q asks for: give a number (for example: the 3 %s %s).", p.ms[t].text, p.ms[i].text, p.ms[i].text, p.ms[t].text)
	}
	desc := p.ms[i].kw.kind == kwMax
	if p.rankCol(n) {
		desc = !desc // the highest rank is rank 1
	}
	f.rows, f.desc, f.measure = true, desc, n
	if f.limit == 0 {
		f.limit = 1
	}
	p.used[i], p.used[n] = true, true
	return nil
}

// countedParticiple reads "the number of people injured", "the number of
// passengers killed": a plural count noun n that names no column, right
// before a past participle naming a numeric column (injured, killed), is
// only the unit of the column's count. It returns the participle's
// mention, or n itself.
func (p *parser) countedParticiple(n int) int {
	v := n + 1
	if !p.in(v) || p.used[n] || p.isCol(n) || p.ms[n].kind != mName && p.ms[n].kind != mUnknown {
		return n
	}
	if w := lower(p.ms[n].text); !p.ms[n].plural && w != "people" {
		return n
	}
	if !p.numericCol(v) || p.used[v] || !strings.HasSuffix(lower(p.ms[v].text), "ed") {
		return n
	}
	return v
}
