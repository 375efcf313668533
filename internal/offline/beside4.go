package offline

// Round thirty-three: a maximum or minimum listed beside the columns of
// a parent, of "their" or "its" rows. "Show the names of the
// departments and the maximum salary of their employees" asks for each
// department's highest salary; extreme read "maximum" after a table
// named before it as a ranking ("employees with the highest salary")
// and answered with the one department of the best-paid employee. An
// average or a total in the same place was already per group
// (beside3.go, perParentAgg): the extreme is read as they are.
//
// The shape read: the superlative follows "and" or a comma (it is one of
// the things listed), the column it applies to comes right after it, and
// the table after that column is introduced by "their", "its",
// "corresponding" or "respective" ("of their employees"). The plan is
// then the aggregate extreme makes with no row named before it, grouped
// as the shown parent's columns say; the resolver refuses as it does
// for an average when the groups cannot be told. Listed with no column
// shown before it, or with no pronoun saying whose rows it ranges over,
// the superlative is refused (theirsUngrouped).
//
// sameDistinctCount below reads "the number of different majors and
// cities" as one distinct count per column.
//
// Measured on the Spider training questions (a–r): the per-parent
// extreme changes no question, as asked or paraphrased (its readings are
// those of the tests, TestListedExtremeOfTheirs in superlative_test.go);
// the listed distinct counts +1 correct, +0 wrong, paraphrased likewise
// (beside4_test.go).

// theirsUngrouped reports whether the superlative i is listed with no
// column shown before it ("the departments and the lowest salary of
// their employees": each department's lowest salary beside its labels,
// which no plan made here groups), or with no word saying whose rows
// it ranges over ("the names of the departments and the maximum salary
// of employees": each department's, or every employee's?). Either is
// refused rather than read as a ranking, whose one row would show
// neither.
func (p *parser) theirsUngrouped(i, obj int) bool {
	if !p.tableBefore(i) || p.f.rows || !p.listedBeforeTable(i, obj) {
		return false
	}
	return !p.colBefore(i) || !p.theirBetween(obj, p.next(obj))
}

// listedOfTheirs reports whether the superlative i, applied to column
// mention obj, is listed after a column shown and followed by a table
// introduced by "their", "its", "corresponding" or "respective" ("the
// names of the departments and the maximum salary of their employees").
func (p *parser) listedOfTheirs(i, obj int) bool {
	return p.colBefore(i) && p.listedBeforeTable(i, obj) && p.theirBetween(obj, p.next(obj))
}

// listedBeforeTable reports whether the superlative i follows "and" or a
// comma and is followed by column mention obj and then a table.
func (p *parser) listedBeforeTable(i, obj int) bool {
	if !p.is(p.prev(i), kwAnd, kwComma) || !p.isCol(obj) || p.next(i) != obj {
		return false
	}
	t := p.next(obj)
	return p.isTable(t) && !p.isCol(t)
}

// sameDistinctCount reads "the number of different majors and cities": a
// column listed right after the one a count of distinct values is taken
// of, with nothing between but "and" or a comma, is counted the same
// way, as sameAggregate gives a listed column the aggregate before it.
// Only a count the question says is of distinct values ("different",
// "distinct") is extended, with no grouping; the resolver takes each
// column's distinct count of the same table or refuses (moreDistinct).
func (p *parser) sameDistinctCount() {
	f := p.f
	if f.agg != "count" || f.measure <= 0 || len(f.moreAggs) > 0 || len(f.groups) > 0 || f.rows || f.countGroups ||
		!p.is(f.measure-1, kwDistinct) || !p.isCol(f.measure) || p.isTable(f.measure) {
		return
	}
	var keep []int
	last := f.measure
	for _, c := range f.project {
		a := p.prev(c)
		if c > last && p.is(a, kwAnd, kwComma) && a == last+1 && c == a+1 && !p.isTable(c) {
			f.moreAggs = append(f.moreAggs, aggItem{agg: "count_distinct", m: c})
			last = c
			continue
		}
		keep = append(keep, c)
	}
	f.project = keep
}

// moreDistinct resolves the further distinct counts sameDistinctCount
// listed beside the first, of column first: each must be a column of the
// same table, whose rows are the ones counted. Any other further
// aggregate beside a distinct count is refused.
func (r *resolver) moreDistinct(first *colInfo) *refusal {
	for _, a := range r.f.moreAggs {
		if a.agg != "count_distinct" || a.m < 0 {
			return refuseUnsupported("several aggregates beside a count of distinct %s values", first.ref)
		}
		c, rf := r.column(a.m, true)
		if rf != nil {
			return rf
		}
		if c.table != first.table {
			return refuseUnsupported("counting distinct values of %s beside those of %s", c.ref, first.ref)
		}
		r.q.moreAggs = append(r.q.moreAggs, aggCol{agg: "count_distinct", col: c})
	}
	return nil
}
