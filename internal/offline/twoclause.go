package offline

import "slices"

// Two questions in one about the same rows: "Which department has the
// highest average GPA, and what is the average GPA?", "What is the
// average age for each city and what are those cities?", "What are the
// product names, and what is the total quantity for each product?". When
// the second question only asks for more columns of the rows the first
// one is about, or for the aggregate it ranks by, both are one list: the
// question word is dropped and "and" joins the two as it joins any list.
// A second question that brings its own condition, ranking or order is
// about other rows (or the same rows differently) and stays refused.

// joinClauses returns the mentions with the "what" of an "and what …" (or
// ", what …") removed when the clause after it holds only names, stop
// words, "and", grouping words and the aggregates count, sum and average;
// at is where that clause starts in the returned mentions, -1 when the
// question is not of that form (then only a second relative clause is
// joined to a first, see joinRelatives).
func joinClauses(ms []mention) (out []mention, at int) {
	w := -1
	for i := 1; i+1 < len(ms); i++ {
		if ms[i].kind == mKeyword && (ms[i].kw.kind == kwAnd || ms[i].kw.kind == kwComma) && ms[i+1].kind == mStop && whWords[lower(ms[i+1].text)] {
			if w >= 0 || lower(ms[i+1].text) != "what" {
				return joinRelatives(ms), -1
			}
			w = i + 1
		}
	}
	if w < 0 || !askedClause(ms[w+1:]) || !firstClause(ms[:w-1]) {
		return joinRelatives(ms), -1
	}
	out = make([]mention, 0, len(ms)-1)
	out = append(out, ms[:w]...)
	return append(out, ms[w+1:]...), w
}

// askedClause reports whether the mentions ask only for names and
// aggregates of them: no value, number, comparison, negation, ranking or
// order, and no relative word opening a clause of its own ("the carriers
// that they carry") — the marks of a question about other rows.
func askedClause(ms []mention) bool {
	names := false
	for k, m := range ms {
		switch m.kind {
		case mName:
			names = true
		case mStop:
			w := lower(m.text)
			if whWords[w] || relWords[w] && (k+1 >= len(ms) || ms[k+1].kind == mStop) {
				return false
			}
		case mKeyword:
			switch m.kw.kind {
			case kwAnd, kwComma, kwGroup, kwCount, kwSum, kwAvg:
			default:
				return false
			}
		default:
			return false
		}
	}
	return names
}

// firstClause reports whether the first question names something.
func firstClause(ms []mention) bool {
	return slices.ContainsFunc(ms, func(m mention) bool { return m.kind == mName })
}

// secondClause refuses a joined question whose second clause took a role
// other than columns to show, the aggregate to show, or the groups they
// are per (at: where that clause starts).
func (p *parser) secondClause(at int) *refusal {
	f := p.f
	if p.groupLead(at) {
		return nil // orderphrases.go: one question after its groups
	}
	for _, fs := range f.filters {
		if fs.at >= at || fs.col >= at || slices.ContainsFunc(fs.vals, func(v int) bool { return v >= at }) {
			return refuseUnsupported("two questions in one (a condition in the second)")
		}
	}
	for _, s := range f.sorts {
		if s.m >= at {
			return refuseUnsupported("two questions in one (an order in the second)")
		}
	}
	if f.startWh && !slices.ContainsFunc(f.project, func(m int) bool { return m < at }) && slices.ContainsFunc(f.project, func(m int) bool { return m >= at }) {
		// "Which department has the highest average GPA, and what is
		// its budget?": the department asked for would go unshown.
		return refuseUnsupported("two questions in one (which rows, then their columns)")
	}
	for _, t := range f.tables {
		if t >= at && !p.namedBefore(t, at) {
			// "…, and what are the courses?": other rows.
			return refuseUnsupported("two questions in one (about %s)", p.ms[t].text)
		}
	}
	return nil
}

// namedBefore reports whether the table mention t names a table that a
// mention before at names too: the same rows asked about again.
func (p *parser) namedBefore(t, at int) bool {
	for j := 0; j < at; j++ {
		if p.isTable(j) && sameTables(p.ms[j].tables, p.ms[t].tables) {
			return true
		}
	}
	return false
}

// countThenAgg reads "How many students live in each city and what are
// their average ages?": a count of rows, then in the joined second
// question an aggregate of a column of the same rows, shown after it. The
// count must be of rows (not of distinct values) and not ranked or
// compared, so that both are plain figures per group.
func (p *parser) countThenAgg(i int, agg string) bool {
	f := p.f
	if p.second < 0 || i < p.second || f.agg != "count" || p.aggMeasure >= 0 || agg == "count" || f.measure < 0 || f.countGroups || len(f.moreAggs) > 0 {
		return false
	}
	f.moreAggs = append(f.moreAggs, aggItem{agg: agg, m: f.measure})
	f.measure = -1
	p.used[i] = true
	return true
}

// groupAgain reads a grouping named again in the joined second question
// ("the average age for each dorm and what are the names of each dorm"):
// the same groups, whose labels are shown anyway (i: the grouping word,
// n: its object).
func (p *parser) groupAgain(i, n int) bool {
	if p.second < 0 || i < p.second || !p.in(n) || p.used[n] {
		return false
	}
	for _, g := range p.f.groups {
		if p.isTable(n) && p.isTable(g) && sameTables(p.ms[n].tables, p.ms[g].tables) ||
			p.isCol(n) && !p.isTable(n) && p.isCol(g) && !p.isTable(g) && sameCols(p.ms[n].cols, p.ms[g].cols) {
			p.used[i], p.used[n] = true, true
			return true
		}
	}
	return false
}

// joinRelatives drops the relative word of a second relative clause
// joined by "and" to a first one on the same rows ("faculties with sex M
// and who live in building NEB", "songs that are in mp3 format and whose
// resolution is below 800"): both are conditions on those rows, read as
// the two conditions of one clause. The first clause must be a relative
// one after a table; otherwise the wh-word opens a second question and
// the mentions are returned unchanged, to be refused.
func joinRelatives(ms []mention) []mention {
	w := -1
	for i := 1; i+1 < len(ms); i++ {
		if ms[i].kind == mKeyword && ms[i].kw.kind == kwAnd && ms[i+1].kind == mStop && whWords[lower(ms[i+1].text)] {
			if w >= 0 {
				return ms
			}
			w = i + 1
		}
	}
	if w < 0 || !coordinateWords[lower(ms[w].text)] || !relativeBefore(ms[:w-1]) {
		return ms
	}
	out := make([]mention, 0, len(ms)-1)
	out = append(out, ms[:w]...)
	return append(out, ms[w+1:]...)
}

// coordinateWords open a relative clause that "and" can join to another.
var coordinateWords = setOf("who", "whose", "that", "which")

// relativeBefore reports whether the mentions hold a relative word
// ("with", "who", "that", "whose") after a table name: the first of two
// relative clauses on that table's rows.
func relativeBefore(ms []mention) bool {
	table := false
	for _, m := range ms {
		switch {
		case m.kind == mName && len(m.tables) > 0:
			table = true
		case table && m.kind == mStop && relWords[lower(m.text)]:
			return true
		}
	}
	return false
}
