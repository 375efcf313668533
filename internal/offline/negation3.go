package offline

import (
	"fmt"
	"slices"
)

// A negated value of a table reached through a child, as a set
// difference: "customers who do not hold a credit card" are the customers
// no card of type Credit refers to, "students who are not allergic to soy"
// those no allergy row of Soy refers to. Read as a plain != it would keep
// a customer who holds a credit card and a debit card (the debit row is
// not Credit), so the condition becomes "the subject's key is not among
// the keys of the child rows meeting the condition" (NOT IN, NULL keys
// left out), as "X without Y" is read (resolver.lacking).
//
// It is read only where the difference has one reading: the child refers
// to the question's table by one single-column key, the condition's
// column is the child's own or one of its parents' (one hop up: "students
// who do not have a food allergy", through the allergy rows to their
// type), and nothing else of the question uses those tables, whose rows
// would otherwise be joined and repeated, the value is no word of the
// child's own name, and those tables are not named before the negation
// (namedBeforeNot). "not only" is no negation of
// the condition ("reviewers who did not only give 4 stars") and stays
// refused.

// negatedThroughChild rewrites the negated condition k (see above) and
// reports whether it did.
func (r *resolver) negatedThroughChild(k int) bool {
	c := r.q.conds[k]
	if c.op != "!=" && c.op != "<>" && c.op != "not_in" || c.child != nil || c.sub != nil || c.avg || c.extreme != "" || len(c.within) > 0 || c.one {
		return false
	}
	if slices.ContainsFunc(r.ms, func(m mention) bool { return lower(m.text) == "only" }) {
		return false
	}
	var chain []hop
	for h, ok := r.q.steps[c.col.table]; ok; h, ok = r.q.steps[h.prev] {
		chain = append([]hop{h}, chain...)
	}
	if len(chain) == 0 || len(chain) > 2 || chain[0].prev != r.subject || !chain[0].down || len(chain) == 2 && chain[1].down {
		return false
	}
	y, e := chain[0].table, chain[0].e
	if len(e.from) != 1 || len(y.parents[r.subject.idx]) != 1 {
		return false
	}
	key := r.colByName(r.subject, e.to[0])
	if key == nil {
		return false
	}
	if c.op != "not_in" && len(c.vals) == 1 && namesTableFamily(c.vals[0], y) {
		// "artworks that are not nominated", a nomination's result
		// being Nominated: the word names the table as well as the
		// value, and "no nomination" is as likely meant as "no
		// nomination whose result is Nominated".
		return false
	}
	var tables []*tableInfo
	for _, h := range chain {
		tables = append(tables, h.table)
	}
	if r.usesBesides(tables, k) || r.namedBeforeNot(tables) {
		return false
	}
	sub := &query{from: y}
	if len(chain) == 2 {
		z := chain[1].table
		if len(y.parents[z.idx]) != 1 {
			return false
		}
		sub.joins = []*tableInfo{z}
	}
	pos := c
	pos.op = map[string]string{"!=": "=", "<>": "=", "not_in": "in"}[c.op]
	sub.conds = []condSpec{pos}
	r.q.conds[k] = condSpec{col: key, op: "not_in", child: y, fk: e.from[0], sub: sub}
	for _, t := range tables {
		delete(r.q.steps, t)
		r.q.joins = slices.DeleteFunc(r.q.joins, func(j *tableInfo) bool { return j == t })
	}
	return true
}

// usesBesides reports whether anything of the query but its condition k
// reads one of the tables ts, or joins a table through them.
func (r *resolver) usesBesides(ts []*tableInfo, k int) bool {
	in := func(c *colInfo) bool { return c != nil && slices.Contains(ts, c.table) }
	q := r.q
	if in(q.aggCol) || slices.ContainsFunc(q.groupBy, in) || slices.ContainsFunc(q.groupKey, in) || slices.ContainsFunc(q.project, in) {
		return true
	}
	if slices.ContainsFunc(q.moreAggs, func(a aggCol) bool { return in(a.col) }) || slices.ContainsFunc(q.order, func(o orderSpec) bool { return in(o.col) }) {
		return true
	}
	for j, c := range q.conds {
		if j != k && (in(c.col) || slices.ContainsFunc(c.within, func(w condSpec) bool { return in(w.col) })) {
			return true
		}
	}
	for t, h := range q.steps {
		if !slices.Contains(ts, t) && slices.Contains(ts, h.prev) {
			return true
		}
	}
	return q.measure != nil
}

// namesTableFamily reports whether the value v is a word of the family of
// a word of table t's name.
func namesTableFamily(v any, t *tableInfo) bool {
	roots, _ := derivRoots(lower(fmt.Sprint(v)))
	for _, w := range canonicalWords(splitIdent(t.ident)) {
		wr, _ := derivRoots(w)
		if slices.ContainsFunc(wr, func(r string) bool { return slices.Contains(roots, r) }) {
			return true
		}
	}
	return false
}

// namedBeforeNot reports whether one of ts, or a column only they hold,
// is named before the question's negation: "students of clubs whose name
// is not Chess" are members of some club other than Chess, and "customers
// whose card type is not Credit" may hold a Debit card beside a Credit
// one: a condition on the rows named, not a denial of the relation
// ("customers who do not have Credit cards").
func (r *resolver) namedBeforeNot(ts []*tableInfo) bool {
	for _, m := range r.ms {
		if m.kind == mKeyword && m.kw.kind == kwNot {
			return false
		}
		if m.kind != mName || slices.ContainsFunc(m.tables, func(ref nameRef) bool { return ref.table == r.subject.idx }) {
			continue // "customers" may name customer_addresses too
		}
		in := func(ref nameRef) bool {
			return slices.ContainsFunc(ts, func(t *tableInfo) bool { return t.idx == ref.table })
		}
		if slices.ContainsFunc(m.tables, in) || len(m.cols) > 0 && !slices.ContainsFunc(m.cols, func(ref nameRef) bool { return !in(ref) }) {
			return true
		}
	}
	return false
}
