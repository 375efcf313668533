package offline

import "slices"

// groupsPerOwner keys an aggregate of a child's rows, listed after a
// parent's columns and introduced by "their" or "its" ("the budget of
// each department and the maximum salary of its employees"), by the
// parent's primary key as well as by the columns shown: the aggregate is
// per department, and two departments that share a budget stay two rows,
// as they do when the groups are named by the table ("per department").
func (r *resolver) groupsPerOwner() *refusal {
	f, q := r.f, r.q
	if q.agg == "" || q.agg == "count" || q.aggCol == nil || len(q.groupKey) > 0 || len(q.groupBy) == 0 || f.measure < 0 {
		return nil
	}
	t := q.groupBy[0].table
	if t == q.aggCol.table || !q.aggCol.table.refersOnce(t.idx) {
		return nil
	}
	for _, c := range q.groupBy {
		if c.table != t {
			return nil
		}
	}
	pk := t.pkCols()
	if pk == nil || !slices.Equal(q.aggCol.table.parents[t.idx][0].to, t.pk) || !r.ownedRows(f.measure) {
		return nil
	}
	q.groupKey = pk
	return nil
}

// ownedRows reports whether the column mention m is followed by a table
// introduced by a word of pairWords ("salary of its employees"): the rows
// aggregated are each listed row's own.
func (r *resolver) ownedRows(m int) bool {
	owned := false
	for j := m + 1; j < len(r.ms); j++ {
		switch mm := r.ms[j]; {
		case mm.kind == mStop:
			owned = owned || pairWords[lower(mm.text)]
		case len(mm.tables) > 0 && len(mm.cols) == 0:
			return owned
		default:
			return false
		}
	}
	return false
}
