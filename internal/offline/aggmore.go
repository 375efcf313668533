package offline

import "slices"

// Aggregates read together with a condition or a ranking that earlier
// versions refused as "several aggregates" or "an aggregate combined with
// a ranking":
//
//   - an aggregate of a column shown for groups kept by their count of
//     rows: "the department id and the total salary of departments with
//     at least two employees". The condition on the count reads first
//     (countCond, timesCond) and counts rows of a table; the aggregate
//     named beside it is of those same rows, shown, while the HAVING
//     compares their count;
//   - an aggregate over the rows of a top-ranked one: "the average age
//     of students living in the dorm with the largest capacity", read as
//     a condition that the ranking column equals its maximum;
//   - a total listed before "number of Y" where Y is a numeric column
//     holding a count: "total hours per week and number of games played",
//     both summed.

// aggOverCounted reads the aggregate agg at i, of the measure just read,
// as the one shown beside a condition on the count of the groups' rows,
// and reports whether it did. The count stays the HAVING's own
// (query.havingRows); resolve checks that the measure is a column of the
// counted rows.
func (p *parser) aggOverCounted(i int, agg string) bool {
	f := p.f
	if f.agg != "count" || agg == "count" || !f.countGroups || f.having == "" || f.countRank || f.aggRank ||
		f.showCount || f.measure < 0 || len(f.moreAggs) > 0 || f.msr >= 0 || f.rows || len(f.groups) != 1 {
		return false
	}
	f.agg, f.havingRows = agg, true
	f.showCount, f.showAt = true, i
	p.aggMeasure, p.aggAt = f.measure, i
	p.used[i] = true
	return true
}

// countedRowsAgg refuses an aggregate shown beside a condition on the
// count of rows unless its column is of the rows counted: the subject,
// which the count names. A parent's column would be repeated once per
// counted row.
func (r *resolver) countedRowsAgg() *refusal {
	if !r.f.havingRows {
		return nil
	}
	if r.q.aggCol == nil || r.q.aggCol.table != r.subject {
		return refuseUnsupported("an aggregate of one table beside a count of another")
	}
	if c := r.f.counted; c >= 0 && !slices.ContainsFunc(r.ms[c].tables, func(n nameRef) bool { return r.lx.tables[n.table] == r.subject }) {
		return refuseUnsupported("an aggregate of one table beside a count of another")
	}
	return nil
}

// countedGroupAgain reads "for each Z" where Z is the group a condition
// on a count has already taken ("the average rating for each movie that
// received at least 2 ratings"): the same groups, named once more.
func (p *parser) countedGroupAgain(i, n int) bool {
	f := p.f
	if p.ms[i].kw.kind != kwGroup || !f.countGroups || f.having == "" || !p.used[n] || !slices.Contains(f.groups, n) {
		return false
	}
	p.used[i] = true
	return true
}

// aggOfTop reads an aggregate over the rows of a top-ranked one ("the
// average age of students living in the dorm with the largest
// capacity") as the aggregate of the rows whose ranking column equals
// its maximum (or minimum): WHERE col = (SELECT MAX(col) FROM t), which
// keeps every tied top row, as "the dorm with the largest capacity"
// names whichever dorms have it. Only a single top row of a column, with
// no other condition (which would have to restrict the maximum too), no
// grouping and nothing shown beside the aggregate.
func (p *parser) aggOfTop() bool {
	f := p.f
	if f.agg == "" || f.agg == "count" || p.aggMeasure < 0 || f.measure < 0 || f.measure == p.aggMeasure || f.limit != 1 ||
		f.adj != nil || f.needKey || f.msr >= 0 || f.countRank || f.countGroups || len(f.groups) > 0 || len(f.project) > 0 ||
		len(f.sorts) > 0 || len(f.filters) > 0 || len(f.moreAggs) > 0 || !p.isCol(f.measure) {
		return false
	}
	top := "min"
	if f.desc {
		top = "max"
	}
	f.filters = append(f.filters, filterSpec{at: f.measure, kind: fAvg, col: f.measure, op: "=", top: top, text: p.ms[f.measure].text})
	f.measure, f.rows, f.limit, f.desc, f.topFilter = p.aggMeasure, false, 0, false, true
	return true
}

// topRowsAgg refuses a total or average, over the rows of a top-ranked
// one, of a column the question's rows only reach through a parent ("the
// total amount claimed in the most recent document", amounts of the
// claims the documents refer to): a claim with two such documents would
// be counted twice. A maximum or minimum is the same either way.
func (r *resolver) topRowsAgg() *refusal {
	if !r.f.topFilter || r.q.agg == "max" || r.q.agg == "min" {
		return nil
	}
	if r.q.aggCol == nil || r.q.aggCol.table != r.subject {
		return refuseUnsupported("a total or average over the rows of a top-ranked one, of a column their parent holds")
	}
	return nil
}

// summedCount reads "the total X and number of Y" where Y is a numeric
// column holding a count of its own ("total hours per week and number of
// games played"): the total reaches over the list, and the number of Y
// over many rows is the sum of their counts. i is the count keyword; it
// reports whether it read the phrase.
func (p *parser) summedCount(i int) bool {
	f := p.f
	n := p.next(i)
	if f.agg != "sum" || n != i+1 || !p.numericCol(n) || p.used[n] || f.rows || f.countGroups || f.msr >= 0 || !p.joinedAfter(i, p.aggregated()...) {
		return false
	}
	f.moreAggs = append(f.moreAggs, aggItem{agg: "sum", m: n})
	p.used[i], p.used[n] = true, true
	return true
}
