package offline

import "slices"

// Order phrases the sort and ranking readers of roles.go and order.go
// left unread:
//   - a sort by an average or total of each group (sortByAggregate);
//   - "sorted by the ones with highest revenue first" (sortByExtreme);
//   - "first"/"last" right before a date column (dateColumn);
//   - "the total points … in descending order" when the total is a column
//     of its own (totalColumnOrdered);
//   - a final "each" naming the groups a sort by a count made
//     (eachSortedGroup);
//   - "in ascending order of company name" when other tables have names
//     too (modifierOf);
//   - "For each country, what is the average elevation of airports?": a
//     question after the groups it is asked for (groupLead).
//
// Sorting groups by an average or total: "the top 3 apartment type codes
// sorted by the average number of rooms", "customers sorted by their total
// loan amount", "the cities in descending order of the average
// population". The sort key is an aggregate, so the thing listed before
// the sort words is what the rows are grouped into: a column, whose values
// are the groups, or a table whose rows the aggregated column's table
// refers to. It is the ranking aggRank reads from "the highest average",
// with no limit unless one is asked for and the order the question gives.

// sortByAggregate reads an order whose key is an average or total (i: the
// sort or direction word, a: the aggregate word after it). ok is false
// when the question is not of that form, so the caller reads it as before.
func (p *parser) sortByAggregate(i, a int) (r *refusal, ok bool) {
	f := p.f
	if p.ms[i].kind == mKeyword && p.ms[i].kw.alpha || !p.is(a, kwAvg, kwSum) || p.used[a] {
		return nil, false
	}
	y := p.object(a)
	if !p.numericCol(y) || p.used[y] {
		return nil, false
	}
	x := p.listedBefore(i)
	if x < 0 || !p.groupsOf(x, y) || f.rows && !p.pendingTop() || f.countRank || f.countGroups || f.agg != "" || len(f.sorts) > 0 {
		return nil, false
	}
	// "the top 3 codes sorted by …": the top waited for this key, and
	// ranks the groups rather than rows.
	f.rows = false
	f.countRank, f.countGroups, f.aggRank, f.desc = true, true, true, false
	p.aggSorted = true
	return p.aggOfGroups(i, a, x, y), true
}

// listedBefore returns the one name listed right before the sort words at
// i ("the apartment type codes sorted by …", "customers, in descending
// order of …"), past stop words and a comma, or -1 when anything else
// (a value, a condition, a second name) stands between.
func (p *parser) listedBefore(i int) int {
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mName && !p.used[j]:
			if k := p.prev(j); k >= 0 && (p.is(k, kwAnd, kwComma) || p.ms[k].kind == mName && !p.ownerOf(j, k)) {
				return -1 // several things listed: which one is grouped is unclear
			}
			return j
		case m.kind == mStop, p.is(j, kwComma):
		default:
			return -1
		}
	}
	return -1
}

// groupsOf reports whether x can be the groups an aggregate of column y is
// taken over: a column (not a key) of y's table or of the one table y's
// table refers to by exactly one key, or that table itself. A table
// whose own column y is has one value per row, so "sorted by its total y"
// is a plain sort, not read here.
func (p *parser) groupsOf(x, y int) bool {
	cs := strongest(p.ms[y].cols, classSynonym)
	if len(cs) != 1 {
		return false
	}
	yc := p.lx.col(cs[0].table, cs[0].col)
	if p.isTable(x) {
		xi, ok := p.oneTable(x)
		return ok && yc.table.refersOnce(xi)
	}
	if !p.isCol(x) {
		return false
	}
	xcs := strongest(p.ms[x].cols, classSynonym)
	if len(xcs) != 1 || xcs[0].col == cs[0].col && xcs[0].table == cs[0].table || p.lx.col(xcs[0].table, xcs[0].col).id {
		return false
	}
	// The column's own table, or the one table y's table refers to:
	// "owner names sorted by their total loan amount".
	return xcs[0].table == cs[0].table || len(yc.table.parents[xcs[0].table]) == 1
}

// ownerOf reports whether table mention t right before column mention c
// only says whose column it is ("apartment type codes").
func (p *parser) ownerOf(c, t int) bool {
	return p.isTable(t) && p.isCol(c) && (slices.Contains(p.f.modifiers, t) || p.ownTable(c, t))
}

// dateColumn reports whether mention n names only date columns and no
// table: "first" or "last" right before one ("When was the first asset
// acquired?", the acquisition date) orders by it as "earliest" or
// "latest" would.
func (p *parser) dateColumn(n int) bool {
	return p.onlyCols(n, func(c *colInfo) bool { return c.date })
}

// totalColumnOrdered reads "the total points of gymnasts in descending
// order" when the total is a column of its own (total_points): one sum
// over every row has no order, so the words name that column, shown and
// sorted in the direction given. Only a bare total of one column whose
// name holds "total" is read so; p.dir must be set.
func (p *parser) totalColumnOrdered() bool {
	f := p.f
	y := f.measure
	if f.agg != "sum" || y < 0 || f.rows || len(f.groups) > 0 || len(f.project) > 0 || len(f.moreAggs) > 0 ||
		f.having != "" || f.countRank || f.countGroups || len(f.sorts) > 0 || p.dir.adj != 0 || !p.numericCol(y) {
		return false
	}
	cs := strongest(p.ms[y].cols, classSynonym)
	if len(cs) != 1 || !slices.Contains(p.lx.col(cs[0].table, cs[0].col).words, "total") {
		return false
	}
	f.agg, f.measure, p.aggMeasure = "", -1, -1
	f.project = []int{y}
	f.sorts = append(f.sorts, sortSpec{m: y, desc: p.dir.desc})
	return true
}

// eachSortedGroup reports whether a final "each" refers back to the one
// column whose values a sort by a count made the groups: "the different
// statuses, ordered by the number of cities that have each" counts the
// cities per status (sortByCount in order.go took the listed column).
func (p *parser) eachSortedGroup() bool {
	f := p.f
	return p.countSorted && len(f.groups) == 1 && len(f.project) == 0 && p.isCol(f.groups[0]) && !p.isTable(f.groups[0])
}

// modifierOf reports whether table mention t was read as only saying whose
// column c is ("ascending order of company name", owners in literals.go):
// c is then that table's column even when other tables share its name.
func (p *parser) modifierOf(c, t int) bool {
	o, ok := p.f.owner[c]
	return ok && o == t && slices.Contains(p.f.modifiers, t)
}

// sortByExtreme reads "sorted by the ones with highest revenue first" (i:
// the sort words, n: highest or lowest): a sort by the column after the
// superlative, in the direction it names, and not a ranking that keeps
// only the top row. A closing "first" only repeats that direction.
func (p *parser) sortByExtreme(i, n int) bool {
	f := p.f
	if !p.is(n, kwMax, kwMin) || p.used[n] || len(f.sorts) > 0 || f.rows || f.agg != "" {
		return false
	}
	y := p.next(n)
	if !p.numericCol(y) || p.used[y] {
		return false
	}
	if e := p.next(y); e >= 0 {
		if !p.is(e, kwAdj) || lower(p.ms[e].text) != "first" || p.next(e) >= 0 {
			return false // more follows: "highest revenue of each city"
		}
		p.used[e] = true
	}
	f.sorts = append(f.sorts, sortSpec{m: y, desc: p.ms[n].kw.kind == kwMax})
	p.used[i], p.used[n], p.used[y] = true, true, true
	return true
}

// groupLead reports whether everything before the joined question at at
// is only a grouping phrase and its comma ("For each country, what is the
// average elevation of airports?"): not a first question, so the second
// is the only one, read whole with the groups it names.
func (p *parser) groupLead(at int) bool {
	if at < 3 || !p.is(0, kwGroup) || !p.is(at-1, kwComma) {
		return false
	}
	names := false
	for j := 1; j < at-1; j++ {
		switch m := p.ms[j]; {
		case m.kind == mName:
			names = true
		case m.kind == mStop:
		default:
			return false
		}
	}
	return names
}
