package offline

import "slices"

// Roles: what each question word applies to, and what the remaining names
// are for.

// keywords gives each question word its object: what is counted, summed,
// ranked, grouped or sorted.
func (p *parser) keywords() *refusal {
	f := p.f
	for i := range p.ms {
		m := p.ms[i]
		if m.kind != mKeyword || p.used[i] {
			continue
		}
		var r *refusal
		switch m.kw.kind {
		case kwCount:
			r = p.count(i)
		case kwSum, kwAvg:
			r = p.aggregate(i)
		case kwMax, kwMin:
			r = p.extreme(i)
		case kwTop, kwBottom:
			r = p.top(i)
		case kwAdj:
			f.rows, f.desc, f.adj = true, m.kw.desc, &p.ms[i].kw
			if n := p.next(i); p.isCol(n) && !p.used[n] {
				// "the latest open year": the column to rank by is named.
				f.measure, f.adj = n, nil
				p.used[n] = true
			}
			if f.limit == 0 {
				f.limit = 1
			}
			p.used[i] = true
		case kwGroup, kwBy:
			r = p.group(i)
		case kwSort:
			n := p.next(i)
			if !p.isCol(n) {
				return refuseUnresolved("I could not tell what to sort by after %q.", m.text)
			}
			if a := p.next(n); p.is(a, kwAnd, kwComma) && p.isCol(p.next(a)) {
				return refuseUnsupported("sorting by several columns")
			}
			f.sorts = append(f.sorts, sortSpec{m: n})
			p.used[i], p.used[n] = true, true
		case kwAsc, kwDesc:
			// "in descending order of price" names its key; otherwise the
			// direction applies to the sort or ranking read elsewhere.
			if n := p.next(i); p.isCol(n) && !p.used[n] {
				f.sorts = append(f.sorts, sortSpec{m: n})
				p.used[n] = true
			}
			if p.dir != nil {
				return refuseUnsupported("several sort orders in one question")
			}
			p.dir = &p.ms[i].kw
			p.used[i] = true
		case kwDistinct:
			f.distinct = true
			p.used[i] = true
		}
		if r != nil {
			return r
		}
	}
	return nil
}

// setAgg records the question's aggregate; this version builds one.
func (p *parser) setAgg(i int, agg string) *refusal {
	if p.f.agg != "" {
		return refuseUnsupported("several aggregates in one question (%q and another)", p.ms[i].text)
	}
	p.f.agg = agg
	p.used[i] = true
	return nil
}

// object returns the mention a keyword at i applies to: the next one,
// past a table name that only modifies it ("average employee salary").
func (p *parser) object(i int) int {
	n := p.next(i)
	if slices.Contains(p.f.modifiers, n) {
		n = p.next(n)
	}
	return n
}

// count reads "how many X": a table counts rows, a column its distinct
// values.
func (p *parser) count(i int) *refusal {
	prev := p.prev(i)
	if p.is(prev, kwSum, kwAvg, kwMax, kwMin) {
		// "average number of pages": the number is the column itself;
		// "average number of orders per customer" counts first, then
		// averages, which this version does not build.
		if n := p.next(i); p.isCol(n) {
			p.used[i] = true
			return nil
		}
		return refuseUnsupported("an aggregate of counts (%q %q)", p.ms[prev].text, p.ms[i].text)
	}
	obj := p.object(i)
	for p.isValue(obj) || p.is(obj, kwDistinct) {
		obj = p.object(obj)
	}
	switch {
	case p.isTable(obj) && !p.used[obj]:
		p.f.counted = obj
		p.f.tables = append(p.f.tables, obj)
		p.used[obj] = true
	case p.isCol(obj) && !p.used[obj]:
		p.f.measure = obj
		p.used[obj] = true
	case p.isTable(prev) && !p.used[prev] && prev == i-1:
		// "order count"
		p.f.counted = prev
		p.f.tables = append(p.f.tables, prev)
		p.used[prev] = true
	default:
		return refuseUnresolved("I could not tell what to count.")
	}
	return p.setAgg(i, "count")
}

// aggregate reads "total Y" and "average Y" over the column that follows.
func (p *parser) aggregate(i int) *refusal {
	agg := "sum"
	if p.ms[i].kw.kind == kwAvg {
		agg = "avg"
	}
	obj := p.object(i)
	if p.is(obj, kwCount) {
		// "average number of pages" is handled by count, which leaves the
		// column for us; "average number of orders" was refused there.
		obj = p.next(obj)
	}
	if !p.isCol(obj) || p.used[obj] {
		return refuseUnresolved("I could not tell what %q applies to: name a numeric column after it.", p.ms[i].text)
	}
	p.f.measure = obj
	p.used[obj] = true
	return p.setAgg(i, agg)
}

// extreme reads highest/lowest/maximum/most: with a table named before it
// ("employees with the highest salary") or after which/who, a ranking of
// rows; otherwise the max or min aggregate ("the highest salary of
// employees").
func (p *parser) extreme(i int) *refusal {
	kw := p.ms[i].kw.kind
	obj := p.object(i)
	if p.isTable(obj) || p.is(obj, kwCount) {
		return refuseUnsupported("rankings by a count or total of related rows (%q %q)", p.ms[i].text, p.ms[obj].text)
	}
	if !p.isCol(obj) || p.used[obj] {
		return refuseUnresolved("I could not tell what %q applies to: name the column to rank by.", p.ms[i].text)
	}
	p.used[obj] = true
	if p.f.rows && p.f.measure < 0 && p.f.adj == nil {
		// the key of a pending "top N X … with the highest Y"
		p.f.measure, p.f.needKey = obj, false
		p.used[i] = true
		return nil
	}
	if p.tableBefore(i) || p.f.startWh || p.f.limit > 0 {
		if p.f.rows {
			return refuseUnsupported("two rankings in one question")
		}
		p.f.rows, p.f.desc, p.f.measure = true, kw == kwMax, obj
		if p.f.limit == 0 {
			p.f.limit = 1
		}
		p.used[i] = true
		return nil
	}
	p.f.measure = obj
	agg := "max"
	if kw == kwMin {
		agg = "min"
	}
	return p.setAgg(i, agg)
}

// top reads "top N" and "bottom N": a ranking whose key comes from a later
// "by Y", "with the highest Y" or an adjective.
func (p *parser) top(i int) *refusal {
	f := p.f
	if f.rows {
		return refuseUnsupported("two rankings in one question")
	}
	f.rows, f.desc = true, p.ms[i].kw.kind == kwTop
	p.used[i] = true
	if n := p.next(i); n >= 0 && p.ms[n].kind == mNumber && n == i+1 {
		k, ok := rowCount(p.ms[n].num)
		if !ok {
			return refuseUnresolved("I could not read %s as a number of rows.", p.ms[n].text)
		}
		f.limit = k
		p.used[n] = true
	}
	if f.limit == 0 {
		f.limit = 1
		if t := p.next(i); p.isTable(t) && p.ms[t].plural {
			return refuseUnresolved("I could not tell how many %s you want: say how many (for example: top 5 %s by …).", p.ms[t].text, p.ms[t].text)
		}
	}
	f.needKey = true
	for j := i + 1; j < len(p.ms); j++ {
		if p.is(j, kwBy) {
			n := p.next(j)
			if p.is(n, kwCount, kwSum, kwAvg) || p.isTable(n) {
				return refuseUnsupported("rankings by a count or total of related rows")
			}
			if !p.isCol(n) {
				return refuseUnresolved("I could not tell what to rank by after %q.", p.ms[j].text)
			}
			f.measure, f.needKey = n, false
			p.used[j], p.used[n] = true, true
			break
		}
		if p.is(j, kwAdj) {
			f.adj, f.desc, f.needKey = &p.ms[j].kw, p.ms[j].kw.desc, false
			p.used[j] = true
			break
		}
	}
	return nil
}

// group reads "per Z", "for each Z", "by Z". "by" is also a plain
// preposition ("paid by card", "books by authors from France") and, with no
// aggregate, an ordering ("employees by salary").
func (p *parser) group(i int) *refusal {
	m := p.ms[i]
	n := p.object(i)
	hasAgg := p.f.agg != "" || p.aggAhead(i)
	switch {
	case p.isCol(n) && !p.used[n]:
		if !hasAgg {
			if m.kw.kind == kwBy {
				p.f.sorts = append(p.f.sorts, sortSpec{m: n, by: true})
				p.used[i], p.used[n] = true, true
				return nil
			}
			return refuseUnresolved("I could not tell what to compute per %s.", p.ms[n].text)
		}
		p.f.groups = append(p.f.groups, n)
		p.used[i], p.used[n] = true, true
	case p.isTable(n) && !p.used[n]:
		if !hasAgg {
			if m.kw.kind == kwBy || lower(m.text) == "each" {
				p.used[i] = true // a preposition, or "each" meaning "every"
				return nil
			}
			return refuseUnresolved("I could not tell what to compute per %s.", p.ms[n].text)
		}
		p.f.groups = append(p.f.groups, n)
		p.used[i], p.used[n] = true, true
	case m.kw.kind == kwBy && n >= 0 && p.ms[n].kind == mValue:
		p.used[i] = true // "paid by card"
	default:
		return refuseUnresolved("I could not tell what %q refers to.", m.text)
	}
	return nil
}

// aggAhead reports whether an aggregate keyword or an implied aggregate
// (a column such as total_amount) appears anywhere in the question, so that
// a "by" read before the aggregate still groups.
func (p *parser) aggAhead(i int) bool {
	for j := range p.ms {
		if p.is(j, kwCount, kwSum, kwAvg) || (p.is(j, kwMax, kwMin) && !p.tableBefore(j) && !p.f.startWh) {
			return true
		}
		if p.isCol(j) && sumWords[lower(firstWord(p.ms[j].text))] && !p.tableBefore(j) {
			return true
		}
	}
	return false
}

// leftovers gives the remaining names a role: tables are what the question
// is about; columns are shown, or aggregated when their own name begins
// with an aggregate word and nothing else aggregates ("the total amount of
// orders" sums total_amount).
func (p *parser) leftovers() *refusal {
	f := p.f
	for i, m := range p.ms {
		if p.used[i] || m.kind != mName {
			continue
		}
		if len(m.tables) > 0 {
			f.tables = append(f.tables, i)
			p.used[i] = true
			continue
		}
		if sumWords[lower(firstWord(m.text))] && f.agg == "" && !f.rows && !p.tableBefore(i) && len(f.project) == 0 {
			f.agg, f.measure = "sum", i
			p.used[i] = true
			continue
		}
		if n := p.next(i); p.isTable(n) && n == i+1 {
			// "discontinued products": a column used as an adjective is a
			// condition whose value is not said.
			return refuseUnresolved("I could not tell what %q means for %s.", m.text, p.ms[n].text)
		}
		if p.inRelClause(i) {
			return refuseUnresolved("I could not tell what %q should be: name a value for it (for example: with %s 'x').", m.text, m.text)
		}
		f.project = append(f.project, i)
		p.used[i] = true
	}
	for i, m := range p.ms {
		if p.used[i] || m.kind == mStop {
			continue
		}
		switch {
		case m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma):
			a, b := p.prev(i), p.next(i)
			switch {
			case p.isTable(a) && p.isTable(b):
				return refuseUnsupported("questions about two tables at once (%q %s %q)", p.ms[a].text, m.text, p.ms[b].text)
			case p.isTable(a) && p.isCol(b), p.isCol(a) && p.isTable(b):
				// "employees and their salaries": which employee columns to
				// show beside the salary is a guess.
				return refuseUnsupported("a table listed beside a column (%q %s %q)", p.ms[a].text, m.text, p.ms[b].text)
			}
		case m.kind == mKeyword && m.kw.kind == kwOr:
			return refuseUnsupported("%q between conditions", m.text)
		case m.kind == mKeyword && (m.kw.kind == kwCmp || m.kw.kind == kwDateCmp):
			return refuseUnsupported("the comparison %q here: compare a named column with a number (for example: salary over 50000)", m.text)
		case m.kind == mNumber:
			return refuseUnresolved("I could not tell what %s refers to.", m.text)
		case m.kind == mValue && m.weak:
			return refuseUnlinked([]string{m.text})
		}
	}
	return nil
}

// inRelClause reports whether column mention i sits in a relative clause
// after a table ("customers with an email", "mills that are built"): there
// a column without a value is a condition, not something to show.
func (p *parser) inRelClause(i int) bool {
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mStop && relWords[lower(m.text)]:
			return p.tableBefore(j)
		case m.kind == mStop, m.kind == mValue, m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma || m.kw.kind == kwOr):
		case m.kind == mName && len(m.tables) == 0:
		default:
			return false
		}
	}
	return false
}

// check applies an explicit direction and refuses combinations of roles
// this version does not build.
func (p *parser) check() *refusal {
	f := p.f
	if p.dir != nil {
		switch {
		case len(f.sorts) > 0:
			for k := range f.sorts {
				f.sorts[k].desc = p.dir.desc
			}
		case f.rows && f.adj == nil:
			f.desc = p.dir.desc
		default:
			return refuseUnresolved("I could not tell what to order by.")
		}
	}
	switch {
	case f.limit > 0 && !f.rows:
		return refuseUnresolved("I could not tell what to rank by.")
	case f.agg != "" && f.rows:
		return refuseUnsupported("an aggregate combined with a ranking")
	case f.agg != "" && len(f.project) > 0 && len(f.groups) == 0:
		return refuseUnsupported("showing columns beside an aggregate (%q)", p.ms[f.project[0]].text)
	case len(f.groups) > 0 && f.agg == "":
		return refuseUnresolved("I could not tell what to compute per %s.", p.ms[f.groups[0]].text)
	case len(f.sorts) > 0 && f.agg != "":
		return refuseUnsupported("sorting an aggregate")
	case f.rows && len(f.groups) > 0:
		return refuseUnsupported("rankings within each group")
	case f.rows && len(f.sorts) > 0:
		return refuseUnsupported("a ranking combined with a sort order")
	case len(f.groups) > 1:
		return refuseUnsupported("grouping by several columns")
	}
	return nil
}
