package offline

// Several aggregates in one question beyond one column's list ("the
// average and maximum salary"): a count of rows beside aggregates of their
// columns ("the number of dorms and total capacity for each gender", "the
// average age and number of students per city"), and a list whose columns
// each follow their own aggregate ("the highest cost, lowest cost and
// average cost").

// countStar marks an aggItem that counts the rows (count(*)) rather than
// aggregating a column.
const countStar = -2

// joinedAfter reports whether the aggregate keyword at i follows, after
// "and", a comma or both, a mention the question already aggregates: the
// measure of the first aggregate or of a further one.
func (p *parser) joinedAfter(i int, read ...int) bool {
	c := p.prev(i)
	if !p.is(c, kwAnd, kwComma) {
		return false
	}
	if b := p.prev(c); p.is(c, kwAnd) && p.is(b, kwComma) {
		c = b // "…, and average cost"
	}
	before := p.prev(c)
	for _, m := range read {
		if m >= 0 && m == before {
			return true
		}
	}
	return false
}

// aggregated returns the mentions of the columns aggregated so far.
func (p *parser) aggregated() []int {
	out := []int{p.aggMeasure}
	for _, a := range p.f.moreAggs {
		out = append(out, a.m)
	}
	return out
}

// moreAgg reads the aggregate at i as a further one beside the question's
// first, when the two are listed together, and reports whether it did.
// The measure of agg (p.f.measure) has just been read for it.
func (p *parser) moreAgg(i int, agg string) bool {
	f := p.f
	switch {
	case f.agg == "count" && agg != "count" && f.measure >= 0 && p.aggMeasure < 0 && f.counted >= 0 && p.joinedAfter(i, f.counted):
		// "the number of dorms and total capacity": count(*) first, then
		// the column just read.
		f.moreAggs = append(f.moreAggs, aggItem{agg: agg, m: f.measure})
		f.measure = -1
	case f.agg == "count" && agg != "count" && f.measure >= 0 && p.aggMeasure < 0 && f.counted < 0 && p.joinedAfter(i, p.aggAt):
		// "the count and the sum of credits": count(*) of the rows whose
		// column follows (countBeforeAgg, aggsmany.go).
		f.moreAggs = append(f.moreAggs, aggItem{agg: agg, m: f.measure})
		f.measure = -1
	case f.agg != "" && f.agg != "count" && agg == "count" && f.counted >= 0 && !f.countGroups && p.joinedAfter(i, p.aggregated()...):
		// "the average age and number of students": the rows counted are
		// those whose column was aggregated (checked in resolve).
		f.moreAggs = append(f.moreAggs, aggItem{agg: "count", m: countStar})
	case f.agg != "" && f.agg != "count" && agg != "count" && f.measure >= 0 && p.joinedAfter(i, p.aggregated()...):
		// "the highest cost, lowest cost and average cost"
		m := f.measure
		f.measure = p.aggMeasure
		f.moreAggs = append(f.moreAggs, aggItem{agg: agg, m: m})
	default:
		return false
	}
	p.used[i] = true
	return true
}

// moreAggCols resolves the further aggregates of a count(*) or of a
// column's aggregate. Each is of the question's own rows: a column of a
// joined parent would be aggregated once per row of the subject, which
// is not what "the number of X and total Y" asks when Y is not X's.
func (r *resolver) moreAggCols(first *colInfo) *refusal {
	for _, a := range r.f.moreAggs {
		if a.m == countStar {
			if first != nil && first.table != r.subject {
				return refuseUnsupported("counting %s beside an aggregate of %s", r.subject.name, first.table.name)
			}
			r.q.moreAggs = append(r.q.moreAggs, aggCol{agg: "count"})
			continue
		}
		c := first
		if a.m >= 0 {
			var rf *refusal
			if c, rf = r.column(a.m, true); rf != nil {
				return rf
			}
		}
		if rf := aggregable(c, a.agg); rf != nil {
			return rf
		}
		if first == nil && c.table != r.subject {
			return refuseUnsupported("counting %s beside an aggregate of %s", r.subject.name, c.table.name)
		}
		r.q.moreAggs = append(r.q.moreAggs, aggCol{agg: a.agg, col: c})
	}
	return nil
}

// countBack reads a count keyword with nothing after it to count ("List
// the nationality and the count", "each test result and its count in
// descending order of count", "how many are in each type") and reports
// whether it did: a count the question already asks for, said again, or
// the count of the question's rows beside a column listed before it (its
// grouping, as for "the majors and the number of students").
func (p *parser) countBack(i int) bool {
	f := p.f
	n := p.next(i)
	if p.in(n) && !p.is(n, kwAnd, kwComma, kwGroup, kwSort, kwAsc, kwDesc) {
		return false
	}
	end := n
	if end < 0 {
		end = len(p.ms)
	}
	for j := i + 1; j < end; j++ {
		if rowNouns[lower(p.ms[j].text)] {
			return false // "the number of records they have": of which rows?
		}
	}
	if f.agg == "count" {
		p.used[i] = true
		return true
	}
	if f.agg != "" || f.rows || f.countGroups || !p.colBefore(i) {
		return false
	}
	f.agg, p.aggMeasure, p.aggAt = "count", -1, i
	p.used[i] = true
	return true
}

// rowNouns name rows without saying of which table.
var rowNouns = setOf("record", "records", "row", "rows", "entry", "entries", "data", "information", "info", "item", "items")

// colBefore reports whether a column is named before mention i.
func (p *parser) colBefore(i int) bool {
	for j := 0; j < i; j++ {
		if p.isCol(j) {
			return true
		}
	}
	return false
}

// ageExtreme reports whether mention j is "oldest" or "youngest" right
// before a numeric column, as the last of a list of aggregates ("the
// average and oldest age"): the maximum or minimum of that column.
func (p *parser) ageExtreme(j int) bool {
	if !p.is(j, kwAdj) || p.used[j] || p.ms[j].kw.adj != adjAge {
		return false
	}
	n := p.next(j)
	return n == j+1 && p.numericCol(n) && !p.used[n]
}

// listedAgg is the aggregate a keyword of a list names: "oldest" is the
// maximum age, "youngest" the minimum.
func (p *parser) listedAgg(j int) string {
	if kw := p.ms[j].kw; kw.kind == kwAdj {
		if kw.desc {
			return "max"
		}
		return "min"
	}
	return aggOf(p.ms[j].kw.kind)
}
