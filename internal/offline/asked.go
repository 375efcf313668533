package offline

// shownAsAsked refuses plans that would not show what the question asks
// for: "details" or "information" beside an aggregate ("the order
// ids and details for orders with two or more invoices" would show the ids
// alone), and every column of rows the question asks about with "who" or
// "which" when the table has nothing that names a row ("who made the
// latest order" is a customer, not the order's every column), and a
// column whose one value the question gives without naming the column
// beside it ("the first name and last name of Linda Smith's advisor" would
// show Linda and Smith: the names asked for are another row's).
func (r *resolver) shownAsAsked() *refusal {
	f, q := r.f, r.q
	if q.agg != "" && (f.details || r.asksInformation()) {
		return refuseUnsupported("showing the details of groups beside an aggregate")
	}
	if q.agg == "" && len(q.project) == 0 && !f.everything && f.startWh {
		return refuseUnresolved("I could not tell what to show of %s: it has no name or title column.", q.from.name)
	}
	if q.agg == "" {
		for _, c := range q.project {
			for _, cs := range q.conds {
				if cs.col == c && cs.op == "=" && len(cs.vals) == 1 && !r.namedWithValue(c) {
					return refuseUnresolved("I could not tell what to show: the question gives %s's value itself.", c.ref)
				}
			}
		}
	}
	return nil
}

// namedWithValue reports whether a condition of the question names column
// c beside its value ("the name and role of the employee with name
// 'Armani'"): showing c then only echoes what was asked, as people do.
func (r *resolver) namedWithValue(c *colInfo) bool {
	for _, fs := range r.f.filters {
		if fs.col < 0 {
			continue
		}
		for _, ref := range r.ms[fs.col].cols {
			if ref.table == c.table.idx && ref.col == c.idx {
				return true
			}
		}
	}
	return false
}
