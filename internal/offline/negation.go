package offline

// Negations beyond a value's != and "X without Y" (intent.go, literals.go).

// linkAfter reports whether mention j is a table named right after the
// table y of "X with no Y" ("shops that have no devices in stock", "no
// company office", "no students minored in"), only "in" or nothing
// between: the table that holds the pairs of X and Y. Resolution checks
// that it refers to both by one key each (see resolver.lacking), so no
// row of it for X means no Y.
func linkAfter(ms []mention, y, j int) bool {
	m := ms[j]
	if m.kind != mName || len(m.tables) == 0 || len(m.cols) > 0 || len(ms[y].tables) == 0 {
		return false
	}
	for k := y + 1; k < j; k++ {
		if ms[k].kind != mStop || lower(ms[k].text) != "in" {
			return false
		}
	}
	return true
}

// linkNamedAfter returns the table of the far mention of "X with no Y Z"
// when that table is the one holding the pairs, not Y ("buildings that do
// not have any company office": the office locations refer to both
// buildings and companies, companies to neither), or nil. Y, read first as
// a verb naming the link ("did not teach any courses"), is then the far
// end.
func (r *resolver) linkNamedAfter(y *tableInfo, far []nameRef) *tableInfo {
	if len(far) != 1 || y == r.subject {
		return nil
	}
	z := r.lx.tables[far[0].table]
	if z == r.subject || z == y || len(z.parents[y.idx]) != 1 || len(z.parents[r.subject.idx]) != 1 || len(y.parents[r.subject.idx]) > 0 {
		return nil
	}
	return z
}

// negatedCond reports whether the negation at i denies one condition on
// the question's own rows ("studios that have not produced films with
// director 'Walter Hill'", "locations where no cinema has capacity over
// 800", "headquarters without a company in banking industry"): after it
// come at most one table, the columns and the one value, quoted text or
// compared number of the condition, and nothing else. Something is named
// before it, whose values are the ones to list. It is read as a set
// difference: the values of rows meeting the condition taken away from
// all (see negatedSet), and only on one table (see Planner.combine).
func negatedCond(ms []mention, i int) bool {
	switch lower(ms[i].text) {
	case "not", "no", "never", "without":
	default:
		return false
	}
	if negatesValue(ms, i) {
		return false // "status is not 'Village'": a != of its own
	}
	named := false
	for j := 0; j < i; j++ {
		named = named || ms[j].kind == mName
	}
	tables, conds := 0, 0
	for j := i + 1; j < len(ms); j++ {
		m := ms[j]
		switch {
		case m.kind == mStop:
		case m.kind == mName && len(m.tables) > 0 && len(m.cols) == 0:
			tables++
		case m.kind == mName:
		case m.kind == mValue || m.kind == mQuoted:
			conds++
		case m.kind == mNumber:
			// "capacity over 800", "a book in 1989": a compared number or
			// a year
			conds++
		case m.kind == mKeyword && (m.kw.kind == kwCmp || m.kw.kind == kwDateCmp):
		default:
			return false
		}
	}
	return named && tables <= 1 && conds == 1
}

// negatedSet marks the one condition after the negation read by
// negatedCond as the rows taken away (an EXCEPT, setops.go).
func (p *parser) negatedSet() *refusal {
	if p.negSet < 0 {
		return nil
	}
	k := -1
	for j, fs := range p.f.filters {
		if fs.at > p.negSet {
			if k >= 0 {
				return refuseUnsupported("negation of several conditions (%q)", p.ms[p.negSet].text)
			}
			k = j
		}
	}
	if k < 0 || p.f.agg != "" || p.f.rows || p.f.countGroups || p.f.both >= 0 || p.f.orAt >= 0 {
		return refuseUnsupported("negation (%q)", p.ms[p.negSet].text)
	}
	p.f.filters[k].except = true
	if b := p.prev(p.negSet); p.is(b, kwBut) && p.f.filters[k].kind == fValue && len(p.f.filters[k].vals) == 1 && k > 0 {
		// "assigned the job of Sales Person but never Clerical Staff":
		// "X but not Y" (values), whose sides read the same tables.
		p.used[b] = true
		return nil
	}
	p.f.negSet = true
	return nil
}

// oneTable reports whether a resolved side of a negated condition reads
// only its own table, so that taking its rows away from the other side's
// is the difference the question asks for. A condition reached through
// another table ("movies not reviewed by Ann") may be read along a path
// other than the one the verb means.
func oneTable(q *query) bool {
	return len(q.joins) == 0 && len(q.steps) == 0 && !q.semi
}
