package offline

import "slices"

// This file settles, from the rest of the question, what would otherwise
// be asked back: which of two tables a word means, what a final "each"
// refers to, and whether a count of a numeric column counts its distinct
// values or adds them up. Each rule fires only when grammar and schema
// leave one reading; otherwise the question is still asked.
//
// A word that names two tables (mailshot: mailshot_campaigns and
// mailshot_customers) is settled by the other tables the question names
// when only one of the candidates is joined to them: "the customers with
// a mailshot" can only mean the mailshot table that refers to customers
// (or that customers refer to), since the other has no way to belong to
// a customer. When both candidates, or neither, are joined to every other
// table named, the word stays a question for the user.

// byNeighbours narrows the tables mention m may mean to the one joined
// by exactly one foreign key to every table the question's other table
// mentions settle on; it returns cands unchanged when no other mention
// settles on one table, or when none or several candidates are joined.
func (r *resolver) byNeighbours(m int, cands []nameRef) []nameRef {
	var others []*tableInfo
	for j := range r.ms {
		if j == m {
			continue
		}
		t := r.settledTable(j)
		if t == nil || slices.ContainsFunc(cands, func(c nameRef) bool { return c.table == t.idx }) {
			// A column or value of one candidate is byOwnColumns'
			// to weigh, not a neighbour.
			continue
		}
		if !slices.Contains(others, t) {
			others = append(others, t)
		}
	}
	if len(others) == 0 {
		return cands
	}
	var fit []nameRef
	for _, c := range cands {
		t := r.lx.tables[c.table]
		if !slices.ContainsFunc(others, func(o *tableInfo) bool { return !joinedOnce(t, o) }) {
			fit = append(fit, c)
		}
	}
	if len(fit) != 1 {
		return cands
	}
	return fit
}

// joinedOnce reports whether a and b are joined directly by exactly one
// foreign key, in either direction (and not both).
func joinedOnce(a, b *tableInfo) bool {
	ab, ba := len(a.parents[b.idx]), len(b.parents[a.idx])
	return ab+ba == 1
}

// settledTable returns the one table mention j can only mean, or belong
// to: a table name with one candidate, a column name or a value found in
// one table only; nil otherwise.
func (r *resolver) settledTable(j int) *tableInfo {
	x := r.ms[j]
	var tables []int
	switch {
	case x.kind == mName && len(x.tables) > 0:
		for _, c := range r.lx.withoutLinks(strongest(x.tables, classSynonym)) {
			tables = append(tables, c.table)
		}
	case x.kind == mName:
		for _, c := range strongest(x.cols, classSynonym) {
			tables = append(tables, c.table)
		}
	case x.kind == mValue || x.kind == mQuoted:
		for _, v := range x.vals {
			tables = append(tables, v.table)
		}
	}
	if len(tables) == 0 {
		return nil
	}
	for _, t := range tables[1:] {
		if t != tables[0] {
			return nil
		}
	}
	return r.lx.tables[tables[0]]
}

// eachListed reads a final "each" that refers back ("the different product
// names? ... the average price for each of them"): the one column listed
// before the aggregate is what it is computed per, whatever words (even a
// sentence break) stand between, since "each" names nothing after itself.
func (p *parser) eachListed() bool {
	f := p.f
	if !p.eachBack || f.agg == "" || f.agg == "measure" || len(f.moreAggs) > 0 || len(f.groups) > 0 || len(f.project) != 1 || f.rows || f.countGroups {
		return false
	}
	at := p.aggAt
	if f.agg == "count" {
		at = p.countAt
	}
	return f.project[0] < at
}

// eachTable reads a final "each" after a count that refers back to the
// one table named before the count ("the titles of the albums, and how
// many tracks are on each?"): the count is per row of that table, as if
// the question had said "on each album". It returns the table mention,
// or -1 when no table, or more than one, is named before the count. "The
// name of each department and the number of employees in each" already
// groups by that table: the last "each" repeats it.
func (p *parser) eachTable() int {
	f := p.f
	if !p.eachBack || f.agg != "count" || p.countAt < 0 || len(f.moreAggs) > 0 || len(f.groups) > 1 || f.rows || f.countGroups {
		return -1
	}
	t := -1
	for j := 0; j < p.countAt; j++ {
		if !p.isTable(j) {
			continue
		}
		if t >= 0 {
			return -1
		}
		t = j
	}
	if len(f.groups) == 1 && f.groups[0] != t {
		return -1
	}
	return t
}

// countsDistinct reports whether the word right before the counted column
// at m says its values are to be told apart ("how many different
// advisors"): then a numeric column is counted by its distinct values, as
// a text column always is, not asked about.
func (r *resolver) countsDistinct(m int) bool {
	return m > 0 && r.ms[m-1].kind == mKeyword && r.ms[m-1].kw.kind == kwDistinct
}

// countsTotal reports whether the count keyword right before the numeric
// column at m asks for a total ("the total number of games played"): the
// column holds a number of things per row, so the total is their sum, not
// a count of distinct values.
func (r *resolver) countsTotal(m int) bool {
	if m == 0 {
		return false
	}
	k := r.ms[m-1]
	return k.kind == mKeyword && k.kw.kind == kwCount && sumWords[lower(firstWord(k.text))]
}
