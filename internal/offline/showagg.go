package offline

// An aggregate both ranked (or compared) and shown: "Which department has
// the highest average GPA, and what is the average GPA?", "the names and
// average salaries of departments whose average salary is over 42000".
// The ranking or condition reads the aggregate once; the other mention of
// the same aggregate of the same column asks to see it, beside the grouped
// columns, in the order named.

// showAgg marks the aggregate asked again at mention i as shown, when the
// question ranks or filters groups by it; elsewhere a repeated aggregate
// is only a restatement ("the average price per type? List the type and
// average price").
func (p *parser) showAgg(i int) {
	if f := p.f; f.countGroups && !f.showCount {
		f.showCount, f.showAt = true, i
	}
}

// shownBefore reports whether the aggregate read so far is the one a
// ranking by aggregate keyword a of column mention y asks for again ("the
// name and the average gpa of the department with the highest average
// gpa"): then it was named to be shown, and the ranking takes it over.
// It forgets that aggregate and returns where it was asked for.
func (p *parser) shownBefore(a, y int) (int, bool) {
	f := p.f
	if f.agg != aggOf(p.ms[a].kw.kind) || f.measure < 0 || len(f.moreAggs) > 0 || f.rows || f.countGroups || f.msr >= 0 {
		return -1, false
	}
	if !sameCols(p.ms[f.measure].cols, p.ms[y].cols) {
		return -1, false
	}
	at := p.aggAt
	f.agg, f.measure, p.aggMeasure, p.aggAt = "", -1, -1, 0
	return at, true
}

// aggBeforeGroups reports whether the shown aggregate was named before
// every grouped or shown column ("the average salary and name of …").
func (f *frame) aggBeforeGroups() bool {
	if !f.showCount || f.showAt < 0 {
		return false
	}
	for _, m := range f.groups {
		if m < f.showAt {
			return false
		}
	}
	for _, m := range f.project {
		if m < f.showAt {
			return false
		}
	}
	return true
}

// shownText is the account of a ranked or compared aggregate that is also
// shown: ", showing it", or empty.
func shownText(q *query) string {
	if q.hideAgg {
		return ""
	}
	return ", showing it"
}

// measureCols are the strongest columns the aggregated mention may mean;
// none when the question aggregates no mention (a bare "," or "=" has no
// mentions at all).
func (r *resolver) measureCols() []nameRef {
	if r.f.measure < 0 || r.f.measure >= len(r.ms) {
		return nil
	}
	return strongest(r.ms[r.f.measure].cols, classSynonym)
}

// countAgain reads a bare "count" after a count of rows was read ("How
// many hosts does each nationality have? List the nationality and the
// count."): the same count asked for again, shown (and shown even when it
// ranks or filters the groups). A count followed by a name counts that.
func (p *parser) countAgain(i int) bool {
	f := p.f
	if f.agg != "count" || f.measure >= 0 || lower(p.ms[i].text) != "count" {
		return false
	}
	if n := p.object(i); p.in(n) && p.ms[n].kind == mName {
		return false
	}
	p.used[i] = true
	p.showAgg(i)
	return true
}
