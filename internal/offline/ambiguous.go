package offline

import "slices"

// A word that names two tables, an entity and a table about it
// ("policies": available_policies and customers_policies; "products":
// products_for_hire and products_booked), is settled by the columns the
// question asks of it: "the daily hire costs of the products" can only
// mean the table that has a daily hire cost. Counting such rows ("the
// customer with the most policies") names no column: byNeighbours
// (settle.go) then weighs which candidate is joined to the customers.

// byOwnColumns narrows the tables mention m may mean to the one that
// holds every column (and value) the question names of any of them; it
// returns cands unchanged when none, or more than one, does, and when one
// is a view.
func (r *resolver) byOwnColumns(m int, cands []nameRef) []nameRef {
	if slices.ContainsFunc(cands, func(c nameRef) bool { return r.lx.tables[c.table].view }) {
		// A view is a chosen subset of a table's rows ("recent
		// orders"): whether the question means it is not said by
		// columns.
		return cands
	}
	in := func(t int) bool { return slices.ContainsFunc(cands, func(c nameRef) bool { return c.table == t }) }
	var asked [][]int // per mention naming a candidate's column: the candidate tables it may belong to
	for j, x := range r.ms {
		if j == m {
			continue
		}
		var tables []int
		switch {
		case x.kind == mName && len(x.tables) == 0:
			for _, c := range strongest(x.cols, classSynonym) {
				if in(c.table) {
					tables = append(tables, c.table)
				}
			}
		case x.kind == mValue || x.kind == mQuoted:
			for _, v := range x.vals {
				if in(v.table) {
					tables = append(tables, v.table)
				}
			}
		}
		if len(tables) > 0 {
			asked = append(asked, tables)
		}
	}
	if len(asked) == 0 {
		return cands
	}
	var fit []nameRef
	for _, c := range cands {
		if !slices.ContainsFunc(asked, func(ts []int) bool { return !slices.Contains(ts, c.table) }) {
			fit = append(fit, c)
		}
	}
	if len(fit) != 1 {
		return cands
	}
	return fit
}
