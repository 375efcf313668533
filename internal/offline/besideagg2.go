package offline

// besideagg2.go reads columns shown beside an aggregate and what a closing
// superlative applies to, where the grammar and the schema leave one
// reading: the groups' details column (groupDetails), a verb that restates
// the ranked head's rows (restatesHead), "number of X" that is a column X
// (countAsColumn) and "whose X is the highest" (postSuperlatives).

import (
	"slices"
	"strings"
)

// groupDetails: "What are the id and details of the customers who have at
// least 3 events?", "Return the ids and details corresponding to projects
// for which there are more than two documents" show, beside the groups'
// key, the word "details", which the parser reads as "every column"
// (rereadEverything). Beside an aggregate every column cannot be shown,
// so such questions were refused; but when the groups are the rows of one
// table the question names, and that table has one details column
// (detailsColumn: a text column ending in "details"), that column has one
// value per group and is what the word asks for, as it is beside a plain
// list (projection's "the names and details of the staff").
//
// The column is put where the word stands among the columns shown ("the
// id and details": after the id; "the details and id": before it). When
// the columns around the word cannot be placed one for one, or no table
// or more than one could own the details, the question stays refused.

// groupDetails returns beside with the groups' details column inserted
// where the details word stands, and true, when the question asks for
// details beside an aggregate of one named table's rows; it clears the
// frame's details mark, which would otherwise refuse (shownAsAsked).
func (r *resolver) groupDetails(beside []*colInfo) ([]*colInfo, bool, *refusal) {
	f, q := r.f, r.q
	if q.agg == "" || !f.details || len(beside) == 0 || len(q.groupBy) == 0 || r.asksInformation() {
		return beside, false, nil
	}
	at := r.detailsWord()
	if at < 0 {
		return beside, false, nil
	}
	d := r.groupDetailsCol()
	if d == nil {
		return beside, false, nil
	}
	pos, ok := r.detailsPos(at, beside)
	if !ok {
		return beside, false, nil
	}
	if len(q.groupKey) == 0 {
		// The groups stay keyed by what they were grouped by when the
		// columns shown replace the grouping columns.
		q.groupKey = slices.Clone(q.groupBy)
	}
	if !slices.Contains(q.groupBy, d) && !r.groupShows(d) {
		if rf := r.showParent(d); rf != nil {
			return beside, false, rf
		}
	}
	f.details = false
	if slices.Contains(beside, d) {
		return beside, true, nil
	}
	return slices.Insert(slices.Clone(beside), pos, d), true, nil
}

// detailsWord returns the mention of the one details word the question
// asks to see, or -1 when there is none or more than one.
func (r *resolver) detailsWord() int {
	at := -1
	for k, m := range r.ms {
		if m.kind != mStop || !detailWords[lower(m.text)] {
			continue
		}
		if n := nextContent(r.ms, k); n >= 0 && (r.ms[n].kind == mQuoted || r.ms[n].kind == mValue) {
			continue // a details value to filter on, not a column to show
		}
		if at >= 0 {
			return -1
		}
		at = k
	}
	return at
}

// groupDetailsCol returns the details column of the one table the
// question names whose rows are the groups: its details column is a
// grouping column, or one value per group (groupShows, keyParent).
func (r *resolver) groupDetailsCol() *colInfo {
	var found *colInfo
	for _, t := range r.named {
		d := detailsColumn(t)
		if d == nil || !(slices.Contains(r.q.groupBy, d) || r.groupShows(d) || r.keyParent(d)) {
			continue
		}
		if found != nil && found != d {
			return nil
		}
		found = d
	}
	return found
}

// detailsPos is where the details column goes among beside, the columns
// named beside the aggregate: after those named before the word. Each
// column mention must have given one column for the count to say where.
func (r *resolver) detailsPos(at int, beside []*colInfo) (int, bool) {
	before := 0
	for _, m := range r.f.project {
		if m < at {
			before++
		}
	}
	switch {
	case before == len(r.f.project):
		return len(beside), true
	case before == 0:
		return 0, true
	case len(r.f.project) == len(beside):
		return before, true
	}
	return 0, false
}

// restatesHead: "Please show the nominee who has been nominated the
// greatest number of times", "Which nominee was nominated the most?" put
// a verb between the ranked head column and the closing superlative, and
// the verb names the head's own table ("nominated": nomination) or the
// head column itself: it restates the rows counted and adds no condition,
// so the head's values are still ranked by their number of rows
// (headRanked). A word naming any other table or column is a condition
// or a relation, and the question stays refused.

// restatesHead reports whether name mention j means only the table of
// head column mention h, or only h's column.
func (p *parser) restatesHead(j, h int) bool {
	m, hm := p.ms[j], p.ms[h]
	if m.kind != mName || p.used[j] || hm.kind != mName || len(hm.tables) > 0 || !colsOfOneTable(hm.cols) {
		return false
	}
	if len(m.tables) == 0 {
		return len(m.cols) > 0 && sameCols(m.cols, hm.cols)
	}
	if len(m.cols) > 0 {
		return false
	}
	ts := strongest(m.tables, classSynonym)
	return len(ts) == 1 && ts[0].table == hm.cols[0].table
}

// headBeyondVerb returns the head column a closing "most times" at
// mention i ranks when the word just before it only restates the head's
// rows ("nominated" after "the nominee"), or -1: that word is no table
// to rank.
func (p *parser) headBeyondVerb(i int) int {
	v := p.prev(i)
	if v < 0 || p.used[v] {
		return -1
	}
	if h := p.headRanked(i); h >= 0 && h != v && p.restatesHead(v, h) {
		return h
	}
	return -1
}

// countAsColumn: "Show the name, street address, and number of floors for
// all buildings" lists "number of floors" among a row's columns, and the
// building's floors column holds that number: it is shown as it is, not
// counted. A count of distinct floors values would need the other columns
// grouped, which nothing asks for, so the question was refused. Only
// "number of" (not "how many") before a numeric column that no table
// shares a name with, listed with columns of the same table, with no
// grouping, ranking, condition on a count or "distinct" in the question.
// The table must have a primary key, and no column listed may be a key of
// other rows: "the game ids and the number of hours played" may ask for a
// total per game.

// countAsColumn turns the frame's count of a numeric column, listed beside
// other columns of its table, into that column shown in its place.
func (p *parser) countAsColumn() {
	f := p.f
	if f.agg != "count" || f.measure < 0 || p.aggAt < 0 || p.aggAt >= len(p.ms) || len(f.moreAggs) > 0 || f.msr >= 0 ||
		f.rows || f.countRank || f.countGroups || f.mode != nil || f.having != "" || f.distinct || f.topFilter ||
		len(f.groups) > 0 || len(f.project) == 0 {
		return
	}
	if !strings.Contains(lower(p.ms[p.aggAt].text), "number") {
		return
	}
	for _, m := range p.ms {
		if m.kind == mKeyword && m.kw.kind == kwGroup {
			return // "for each city" may still group the rows, read later
		}
	}
	m := f.measure
	var t *tableInfo
	if !p.onlyCols(m, func(c *colInfo) bool {
		if t == nil {
			t = c.table
		}
		return c.numeric && !c.id && c.table == t
	}) {
		return
	}
	if len(t.pk) == 0 {
		return // rows with no key of their own may be meant summed per listed value
	}
	for _, k := range f.project {
		if !p.isCol(k) || !slices.ContainsFunc(strongest(p.ms[k].cols, classSynonym), func(r nameRef) bool { return r.table == t.idx }) {
			return
		}
		// "the game ids and the number of hours played": a key of other
		// rows repeats, and the number is likely wanted per key.
		if slices.ContainsFunc(strongest(p.ms[k].cols, classSynonym), func(r nameRef) bool {
			c := p.lx.col(r.table, r.col)
			return c.id && c.table == t && !isPK(t, []*colInfo{c})
		}) {
			return
		}
	}
	f.agg, f.measure = "", -1
	p.aggMeasure, p.aggAt = -1, 0
	f.project = append(f.project, m)
	slices.Sort(f.project)
}

// postSuperlatives: "What is the zip code in which the average mean sea
// level pressure is the lowest?", "the station whose latitude is the
// highest" put the superlative after the column it ranks by, where the
// parser looks for its object after it; "the zip code with the lowest
// average mean sea level pressure" says the same in the order the parser
// reads. The relative clause is rewritten so: "whose", "where" or "in
// which", then up to six plain words (the column, maybe an aggregate),
// then "is/was/are/were the" and a superlative of size that closes the
// question. Anything else after the superlative ("for each sex") leaves
// the words as they were.

// postSuperlativeWords are the superlatives of size the rewrite moves;
// "most" and "least" (counts) and age words (a birth date reversed) stay.
var postSuperlativeWords = setOf("highest", "lowest", "largest", "smallest", "greatest", "biggest", "longest", "shortest", "maximum", "minimum")

// postSuperlatives returns toks with a closing "whose X is the highest"
// rewritten as "with the highest X".
func postSuperlatives(toks []token) []token {
	for i, t := range toks {
		var start int
		switch {
		case t.kind == tokWord && (t.text == "whose" || t.text == "where"):
			start = i + 1
		case t.kind == tokWord && t.text == "in" && i+1 < len(toks) && toks[i+1].text == "which":
			start = i + 2
		default:
			continue
		}
		if start < len(toks) && toks[start].text == "the" {
			start++
		}
		end := start
		for end < len(toks) && end-start <= 6 && toks[end].kind == tokWord && !copulas[toks[end].text] {
			end++
		}
		if end == start || end-start > 6 || end+3 > len(toks) || !copulas[toks[end].text] || toks[end+1].text != "the" || !postSuperlativeWords[toks[end+2].text] {
			continue
		}
		if end+3 < len(toks) && !(toks[end+3].kind == tokSymbol && toks[end+3].text == ",") {
			continue
		}
		out := make([]token, 0, len(toks)+1)
		out = append(out, toks[:i]...)
		out = append(out, wordToken("with"), wordToken("the"), toks[end+2])
		out = append(out, toks[start:end]...)
		return append(out, toks[end+3:]...)
	}
	return toks
}

// copulas are the verbs between a column and what it is.
var copulas = setOf("is", "was", "are", "were")
