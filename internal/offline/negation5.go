package offline

import "slices"

// "X without Y" where Y refers to X by two keys: "courses without
// prerequisites" over prereq(course_id, prereq_id), both keys to course.
// Which of the two keys is the owner's is read from the schema's own
// names: one key is named after X and not after Y (course_id), the other
// after Y and not after X (prereq_id), so a row of Y belongs to the X its
// course_id names and it is that key whose absence the question asks
// about. Keys named after neither ("start_station_id", "end_station_id"
// of a trip) or both leave the question refused: which role is meant
// has to be said ("never been the ending point").

// ownerEdge returns the one key of y's two keys to the question's table
// that is named after that table while the other is named after y (see
// above), or nil.
func (r *resolver) ownerEdge(y *tableInfo, edges []fkEdge) []fkEdge {
	if len(edges) != 2 || y == r.subject {
		return nil
	}
	// yOwn are the stems of y's name that the question's table's name
	// lacks: "prereq" of prereq, not "course" of course_prereq.
	yOwn := slices.DeleteFunc(slices.Clone(y.stems), func(s string) bool { return slices.Contains(r.subject.stems, s) })
	if len(yOwn) == 0 {
		return nil
	}
	names := func(e fkEdge) (x, own bool) {
		if len(e.from) != 1 {
			return false, false
		}
		c := r.colByName(y, e.from[0])
		if c == nil {
			return false, false
		}
		return slices.ContainsFunc(c.stems, func(s string) bool { return slices.Contains(r.subject.stems, s) }),
			slices.ContainsFunc(c.stems, func(s string) bool { return slices.Contains(yOwn, s) })
	}
	x0, y0 := names(edges[0])
	x1, y1 := names(edges[1])
	switch {
	case x0 && !y0 && y1 && !x1:
		return edges[:1]
	case x1 && !y1 && y0 && !x0:
		return edges[1:]
	}
	return nil
}

// "Hometowns not associated with any gymnast", "cities no customer lives
// in": X of "X without Y" is a column whose values rows share, so the
// difference is of values: those of the column taken away the ones of
// the rows some Y refers to (a hometown of a gymnast is left out even
// when another person has it too). namesRows keeps such a column from
// being read as naming rows; here it is read as
//
//	SELECT DISTINCT x.c FROM x WHERE x.c NOT IN
//	  (SELECT x.c FROM x WHERE x.key IN (SELECT y.fk FROM y) AND x.c IS NOT NULL)
//
// only when the column is all the question shows, with no other
// condition, aggregate or order, and Y refers to its table by one key
// (resolver.lacking).

// valuesBefore reports whether what is named before the negation at i is
// one column and no table.
func (p *parser) valuesBefore(i int) bool {
	n := 0
	for j := 0; j < i; j++ {
		switch {
		case p.isTable(j):
			return false
		case p.isCol(j):
			n++
		}
	}
	return n == 1
}

// valuesLacking rewrites the "no row of Y refers to the row" condition of
// resolver.lacking into the difference of values (see above) when the
// parse read X as values.
func (r *resolver) valuesLacking() *refusal {
	if !r.f.lackingValues {
		return nil
	}
	q := r.q
	refuse := refuseUnsupported("negation of %s's values (%q) beside other conditions or columns", r.subject.name, r.ms[r.f.lacking].text)
	if len(q.conds) != 1 || len(q.project) != 1 || q.agg != "" || len(q.moreAggs) > 0 || len(q.groupBy) > 0 || len(q.groupKey) > 0 || len(q.order) > 0 || q.limit > 0 || len(q.joins) > 0 || len(q.steps) > 0 || q.measure != nil {
		return refuse
	}
	c, v := q.conds[0], q.project[0]
	if c.op != "not_in" || c.child == nil || c.sub != nil || v.table != r.subject || v.id || !isTextual(v.kind) {
		return refuse
	}
	has := condSpec{col: c.col, op: "in", child: c.child, fk: c.fk}
	q.conds[0] = condSpec{col: v, op: "not_in", child: r.subject, fk: v.name, sub: &query{from: r.subject, conds: []condSpec{has}}}
	q.distinct = true
	return nil
}

// "Faculty who do not participate in any activity" where participates_in
// holds the students' participations and faculty_participates_in the
// faculty's: Y, named by the verb, does not refer to X, but one table
// named by X's words and Y's together does, and (when a far table is
// named) refers to it too. That table holds X's rows of Y.

// ownCompound returns the one table whose name holds every word of y's
// name and of the question's table's name and that refers to the
// question's table (and to the far table, if any) by one key, when y
// does not refer to the question's table at all; or nil.
func (r *resolver) ownCompound(y *tableInfo) *tableInfo {
	if y == r.subject || len(y.parents[r.subject.idx]) > 0 || len(y.stems) == 0 || len(r.subject.stems) == 0 {
		return nil
	}
	var far *tableInfo
	if r.f.lackingFar >= 0 {
		refs := strongest(r.ms[r.f.lackingFar].tables, classSynonym)
		if len(refs) != 1 {
			return nil
		}
		far = r.lx.tables[refs[0].table]
	}
	var found *tableInfo
	for _, t := range r.lx.tables {
		if t == y || t == r.subject || len(t.parents[r.subject.idx]) != 1 || far != nil && len(t.parents[far.idx]) != 1 {
			continue
		}
		if !containsAll(t.stems, y.stems) || !containsAll(t.stems, r.subject.stems) {
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// containsAll reports whether every one of ws is in set.
func containsAll(set, ws []string) bool {
	return !slices.ContainsFunc(ws, func(w string) bool { return !slices.Contains(set, w) })
}

// "Employees who do not have a certificate of Boeing 737-800": the
// condition after Y is on a parent of Y (the aircraft a certificate is
// for), so the rows of Y that count are those joined to parents meeting
// it. It is read only when the one table joined is not the question's
// own ("customers without orders in Germany" may mean the customer's
// country), the question's table holds none of the condition's values or
// columns, and Y refers to it by one key, so the join has one path.

// subParentOK reports whether the joins of the resolved conditions sub on
// Y's rows are one parent of Y as above.
func (r *resolver) subParentOK(y *tableInfo, sub *query) bool {
	if len(sub.joins) != 1 || len(sub.steps) > 0 || sub.semi {
		return false
	}
	p := sub.joins[0]
	if p == r.subject || p == y || len(y.parents[p.idx]) != 1 {
		return false
	}
	// A value or column the question's own table may hold too leaves
	// whose condition it is unsaid.
	own := func(table int) bool { return table == r.subject.idx }
	for _, fs := range r.subFilters() {
		ms := fs.vals
		if fs.col >= 0 {
			ms = append(slices.Clone(ms), fs.col)
		}
		for _, j := range ms {
			if slices.ContainsFunc(r.ms[j].vals, func(v valueRef) bool { return own(v.table) }) ||
				slices.ContainsFunc(r.ms[j].cols, func(c nameRef) bool { return own(c.table) }) {
				return false
			}
		}
	}
	return true
}
