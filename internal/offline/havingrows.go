package offline

// countSubject finds X in a condition on a count of rows when no relative
// word stands before the comparison at i (y: the counted table Y), the
// way countRank finds it before "the most": past a verb naming one of Y's
// columns ("the cities that have hosted more than one competition"), a
// passive agent ("the headquarters shared by more than two companies",
// "payment method codes used by more than 3 parties"), a verb naming a
// table that pairs X with Y ("instructors who advise more than one
// student") or another verb of relation ("categories that contain more
// than 3 products"). A column of Y groups its own values; a table Y's
// rows refer to groups by its key. It returns X and the mentions of the
// verbs it read, or -1.
func (p *parser) countSubject(i, y int) (int, []int) {
	if x, verbs := p.nameBeforeVerb(i, y); x >= 0 {
		return x, verbs
	}
	if x, by := p.nameBeforeBy(i); x >= 0 {
		return x, []int{by}
	}
	if x, verbs := p.nameBeforeLink(i, y); x >= 0 {
		return x, verbs
	}
	if x, verbs := p.nameBeforeRelation(i); x >= 0 {
		return x, verbs
	}
	if x, verbs := p.nameBeforeRoleVerb(i, y); x >= 0 {
		return x, verbs // "the nominees that have been nominated more than two musicals" (countrel.go)
	}
	if x := p.nameRightBefore(i, y); x >= 0 {
		return x, nil // "the order more than two invoices" (countrel.go)
	}
	if x := p.nameBeforeThere(i); x >= 0 {
		return x, nil // "for which countries are there more than four addresses" (attach.go)
	}
	return p.nameBeforeAndHave(i, y), nil // "customers who use … and have more than 2 orders" (countrel.go)
}

// nameBeforeLink finds X in "the instructors who advise more than one
// student" (i: the comparison or number, y: the student table): the verb
// before i names a table of its own (advisor) whose rows each refer to
// exactly one X and one Y, so its rows are the pairs the verb relates;
// X is the table named before the verb, after a relative word. It
// returns X and the verb's mention, or -1.
func (p *parser) nameBeforeLink(i, y int) (int, []int) {
	v := p.prev(i)
	if !p.in(v) || p.ms[v].kind != mName || p.used[v] || len(p.ms[v].cols) > 0 {
		return -1, nil
	}
	x := p.nameBeforeRel(v)
	l, okL := p.oneTable(v)
	xt, okX := p.oneTable(x)
	yt, okY := p.oneTable(y)
	if x < 0 || !okL || !okX || !okY || l == xt || l == yt || xt == yt {
		return -1, nil
	}
	link := p.lx.tables[l]
	if len(link.parents[xt]) != 1 || len(link.parents[yt]) != 1 {
		return -1, nil
	}
	return x, []int{v}
}

// oneTable returns the one table mention i names most strongly, if it
// names exactly one.
func (p *parser) oneTable(i int) (int, bool) {
	if ref, ok := p.oneTableRef(i); ok {
		return ref.table, true
	}
	return -1, false
}

// oneTableRef is oneTable with the reference's class of match.
func (p *parser) oneTableRef(i int) (nameRef, bool) {
	if !p.in(i) {
		return nameRef{}, false
	}
	return oneStrongest(p.ms[i].tables)
}

// oneStrongest returns the one reference of the strongest class in refs.
func oneStrongest(refs []nameRef) (nameRef, bool) {
	ts := strongest(refs, classSynonym)
	if len(ts) != 1 {
		return nameRef{}, false
	}
	return ts[0], true
}
