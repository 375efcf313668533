package offline

// Counts of distinct related rows reached through a child: "products
// bought by at least two distinct customers", "customers who ordered at
// least 3 different products". The rows counted (customers) meet the
// groups (products) through a table that repeats them (a customer's
// order items), so a count of joined rows counts purchases, not
// customers; "distinct" or "different" says to count each counted row
// once: HAVING COUNT(DISTINCT key of the counted table). distinctCounted
// (numbers3.go) reads the parent case, where the join repeats nothing
// and the count of rows is right as it is.
//
// The rows grouped are those of the table where the two meet: the one
// table that refers up, by one shortest path of parents each, to both the
// groups' table and the counted table (order_items: up to products, and
// through customer_orders up to customers). It is read only where the
// schema leaves one reading: the groups and the counted rows are each one
// table, neither refers to the other, the counted table has a one-column
// primary key, and exactly one table meets both.
//
// Measured on the Spider training questions (a–r): four questions newly
// answered in each of question and question_syn, all right, none wrong.

// distinctThroughChild returns the "distinct" keyword and the counted
// table mention when the number at i bounds a count of distinct rows of
// that table reached through a child of the groups' table (see above),
// with the groups' mention x, else -1s; and the mention of a verb that
// names a table on the way ("customers who ordered at least 3 different
// products": customer orders), -1 when there is none.
func (p *parser) distinctThroughChild(i, cmp int) (d, n, x, verb int) {
	verb = -1
	d, n, x = p.distinctParts(i, cmp)
	if n < 0 && cmp >= 0 {
		d, n, x, verb = p.distinctAfterVerb(i, cmp)
	}
	if n < 0 || p.f.agg != "" || p.f.having != "" || p.used[x] {
		return -1, -1, -1, -1
	}
	ti, _ := p.oneTable(n)
	xi, ok := p.oneTable(x)
	if !ok || xi == ti || !p.isTable(x) {
		return -1, -1, -1, -1
	}
	counted, group := p.lx.tables[ti], p.lx.tables[xi]
	if len(counted.pk) != 1 || counted.parents[xi] != nil || group.parents[ti] != nil {
		// A parent's rows are counted once already (distinctCounted); a
		// table the groups refer to holds one row per group.
		return -1, -1, -1, -1
	}
	meet := p.lx.meeting(group, counted)
	if meet == nil {
		return -1, -1, -1, -1
	}
	if verb >= 0 {
		vt, ok := p.oneTable(verb)
		if !ok || !p.lx.onUpPath(meet, group, p.lx.tables[vt]) && !p.lx.onUpPath(meet, counted, p.lx.tables[vt]) {
			return -1, -1, -1, -1 // the verb's rows are not those the count goes through
		}
	}
	return d, n, x, verb
}

// distinctCond keeps the groups x whose count of distinct rows of the
// table mention n compares with the number at i by op (cmp: the
// comparison or -1; d: "distinct"; verb: a verb naming a table on the
// way, or -1), as countCond does for a count of rows.
func (p *parser) distinctCond(i, cmp, d, n, x, verb int, op string) *refusal {
	f := p.f
	k, ok := rowCount(p.ms[i].num)
	if !ok || op == "!=" {
		return refuseUnsupported("conditions on a count of related rows (%s %s %s)", p.ms[i].text, p.ms[d].text, p.ms[n].text)
	}
	start := i
	if cmp >= 0 {
		start = cmp
	}
	if verb < 0 && p.nameBeforeRel(start) < 0 {
		// "bought by": the words countSubject read between X and the
		// count, as countCond marks them.
		_, verbs := p.countSubject(start, n)
		for _, v := range verbs {
			p.used[v] = true
		}
	}
	f.agg, f.having, f.havingN, f.countGroups, f.distinctRows = "count", op, k, true, true
	f.counted = n
	f.tables = append(f.tables, n)
	f.groups = append(f.groups, x)
	for _, j := range []int{i, cmp, d, n, x, verb} {
		if j >= 0 {
			p.used[j] = true
		}
	}
	return nil
}

// distinctAfterVerb finds the parts of "customers who ordered at least 3
// different products" when the verb before the comparison cmp names a
// table of its own (ordered: customer orders): the table mention before
// the verb, with only short words between, is the groups'.
func (p *parser) distinctAfterVerb(i, cmp int) (d, n, x, verb int) {
	v := p.prev(cmp)
	if v < 0 || v != cmp-1 || !p.isTable(v) || p.used[v] {
		return -1, -1, -1, -1
	}
	x = p.tableRightBefore(v)
	d = p.next(i)
	if x < 0 || !p.is(d, kwDistinct) || p.used[d] {
		return -1, -1, -1, -1
	}
	n = p.next(d)
	if !p.isTable(n) || p.used[n] || !p.countedNext(d, n) {
		return -1, -1, -1, -1
	}
	if _, ok := p.oneTable(n); !ok {
		return -1, -1, -1, -1
	}
	return d, n, x, v
}

// onUpPath reports whether t is from, to, or a table on the one shortest
// path up from from to its ancestor to.
func (lx *lexicon) onUpPath(from, to, t *tableInfo) bool {
	if t == from || t == to {
		return true
	}
	p, n := lx.path(from, to)
	if n != 1 {
		return false
	}
	for _, h := range p {
		if h.table == t {
			return true
		}
	}
	return false
}

// meeting returns the one table that refers up to both a and b along
// the one shortest path of parents to each, or nil when no table does or
// several do: two tables meeting both (purchases and reviews of a
// product by a customer) are two relations, and which one counts is not
// said, however short either path.
func (lx *lexicon) meeting(a, b *tableInfo) *tableInfo {
	var found *tableInfo
	for _, t := range lx.tables {
		if t == a || t == b {
			continue
		}
		if !lx.upOnce(t, a) || !lx.upOnce(t, b) {
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// upOnce reports whether the one shortest path from t to a goes up
// only, each hop to a parent.
func (lx *lexicon) upOnce(t, a *tableInfo) bool {
	p, n := lx.path(t, a)
	if n != 1 || len(p) == 0 {
		return false
	}
	for _, h := range p {
		if h.down {
			return false
		}
	}
	return true
}

// distinctSubject makes the meeting table of a "distinct" count the rows
// the question groups and counts (see above); it reports false when the
// question has no such count.
func (r *resolver) distinctSubject() bool {
	f := r.f
	if !f.distinctRows || f.counted < 0 || len(f.groups) != 1 {
		return false
	}
	c, okC := oneRef(r.ms[f.counted].tables)
	g, okG := oneRef(r.ms[f.groups[0]].tables)
	if !okC || !okG {
		return false
	}
	t := r.lx.meeting(r.lx.tables[g], r.lx.tables[c])
	if t == nil {
		return false
	}
	r.subject = t
	return true
}

// oneRef returns the one table the strongest references name.
func oneRef(refs []nameRef) (int, bool) {
	r, ok := oneStrongest(refs)
	if !ok {
		return -1, false
	}
	return r.table, true
}

// distinctHaving makes the count of a "distinct" condition read by
// distinctThroughChild count each counted row once, by its key.
func (r *resolver) distinctHaving() *refusal {
	q := r.q
	if !r.f.distinctRows {
		return nil
	}
	c, ok := oneRef(r.ms[r.f.counted].tables)
	if !ok || q.agg != "count" || q.aggCol != nil || q.having == "" || q.from == r.lx.tables[c] {
		return refuseUnresolved("I could not tell how to count distinct rows of %s.", r.ms[r.f.counted].text)
	}
	counted := r.lx.tables[c]
	if rf := r.reach(counted); rf != nil {
		return rf
	}
	var key *colInfo
	if len(counted.pk) == 1 {
		key = r.colByName(counted, counted.pk[0])
	}
	if key == nil {
		return refuseUnresolved("I could not tell how to count each %s once.", counted.name)
	}
	q.agg, q.aggCol = "count_distinct", key
	return nil
}
