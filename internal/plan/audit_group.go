package plan

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// grouping puts conditions in the clause that can evaluate them and closes
// GROUP BY gaps. The order matters for idempotence: where → having first
// (those branches carry aggregates and never move back), then group_by is
// completed, then having → where against the completed group_by, so a second
// run finds nothing left to move.
func (a *auditor) grouping(q *query) {
	p := q.p
	grouped := len(p.GroupBy) > 0 || condHasAgg(p.Having)
	for i := range p.Select {
		grouped = grouped || hasAgg(&p.Select[i].Expr)
	}
	for i := range p.OrderBy {
		grouped = grouped || hasAgg(&p.OrderBy[i].Expr)
	}
	a.whereToHaving(q, grouped)
	if !grouped {
		a.havingToWhere(q, nil)
		return
	}
	g := newGroups(q)
	g.keyDeps = slices.Contains(keyDependentEngines, a.s.Engine)
	a.fillGroupBy(q, g)
	a.havingToWhere(q, g)
	a.ungroupedSelect(q, g)
	for i := range p.OrderBy {
		a.ungrouped(&p.OrderBy[i].Expr, idx(q.path, "order_by", i)+".expr", g, "order_by")
	}
}

// groups is the set of expressions a grouped query groups by, compared by
// their JSON form (references are canonical by now), and the query their
// columns resolve in.
type groups struct {
	keys map[string]bool
	// fields are the field sets (exprFields) of the keys: an expression
	// with another set has another JSON form, so it is told apart without
	// encoding it, which the walk over every sub-expression would otherwise
	// do for each one.
	fields map[uint32]bool
	q      *query
	// keyDeps: the engine accepts a column of a table whose primary key
	// is grouped without grouping by the column too (audit_funcdep.go).
	keyDeps bool
}

// add puts e in the set.
func (g *groups) add(e *Expr) {
	g.keys[groupKey(e)] = true
	g.fields[exprFields(e)] = true
}

// has reports whether e's JSON form is in the set.
func (g *groups) has(e *Expr) bool {
	return g.fields[exprFields(e)] && g.keys[groupKey(e)]
}

func exprKey(e *Expr) string {
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Sprintf("%p", e) // unmarshalable values never equal anything
	}
	return string(b)
}

// groupKey is a key that two expressions share exactly when their exprKey
// is the same. A bare column reference, by far the commonest grouping, is
// keyed by its name without encoding it: JSON writes distinct valid UTF-8
// strings distinctly, and the key cannot be confused with a JSON object.
func groupKey(e *Expr) string {
	if exprFields(e) == fieldCol && utf8.ValidString(e.Col) {
		return "col:" + e.Col
	}
	return exprKey(e)
}

// The fields of an Expr that its JSON form writes.
const (
	fieldCol uint32 = 1 << iota
	fieldRef
	fieldValue
	fieldAgg
	fieldFunc
	fieldBucket
	fieldExtract
	fieldArith
	fieldLeft
	fieldRight
	fieldCase
	fieldElse
	fieldWindow
	fieldOver
	fieldSubquery
	fieldArg
	fieldArgs
	fieldDistinct
)

// exprFields is the set of fields e's JSON form writes (see the omitempty
// tags and Expr.MarshalJSON): expressions with equal JSON have equal sets.
func exprFields(e *Expr) uint32 {
	var f uint32
	set := func(bit uint32, present bool) {
		if present {
			f |= bit
		}
	}
	set(fieldCol, e.Col != "")
	set(fieldRef, e.Ref != "")
	set(fieldValue, e.Value != nil || e.ValueSet)
	set(fieldAgg, e.Agg != "")
	set(fieldFunc, e.Func != "")
	set(fieldBucket, e.Bucket != "")
	set(fieldExtract, e.Extract != "")
	set(fieldArith, e.Arith != "")
	set(fieldLeft, e.Left != nil)
	set(fieldRight, e.Right != nil)
	set(fieldCase, len(e.Case) > 0)
	set(fieldElse, e.Else != nil)
	set(fieldWindow, e.Window != "")
	set(fieldOver, e.Over != nil)
	set(fieldSubquery, e.Subquery != nil)
	set(fieldArg, e.Arg != nil)
	set(fieldArgs, len(e.Args) > 0)
	set(fieldDistinct, e.Distinct)
	return f
}

// newGroups collects the group_by expressions; a ref to a select alias
// stands for the aliased expression.
func newGroups(q *query) *groups {
	g := &groups{keys: map[string]bool{}, fields: map[uint32]bool{}, q: q}
	for i := range q.p.GroupBy {
		e := &q.p.GroupBy[i]
		if e.Ref != "" {
			if it := q.selectAlias(e.Ref); it != nil {
				e = &it.Expr
			}
		}
		g.add(e)
	}
	return g
}

// ungroupedCols returns the paths and references of columns that are
// neither inside an aggregate nor covered by a group_by expression. Columns
// that do not resolve are left out: they already have their own error.
func (g *groups) ungroupedCols(walk func(visitor)) (paths, refs []string) {
	walk(visitor{expr: func(x *Expr, path string) bool {
		switch {
		case g.has(x):
			return false
		case x.Agg != "", x.Window != "", x.Subquery != nil, x.Ref != "":
			return false // aggregated, computed after grouping, or a grouped output
		case x.Col != "":
			if g.q.resolves(x.Col) && !g.keyed(x.Col) {
				paths, refs = append(paths, path), append(refs, x.Col)
			}
			return false
		}
		return true
	}})
	return paths, refs
}

func (g *groups) exprCols(e *Expr, path string) ([]string, []string) {
	return g.ungroupedCols(func(v visitor) { v.visitExpr(e, path) })
}

func (g *groups) condCols(c *Cond, path string) ([]string, []string) {
	return g.ungroupedCols(func(v visitor) { v.visitCond(c, path) })
}

// fillGroupBy adds to group_by, in select order, every selected expression
// that is not aggregated yet uses columns group_by does not cover. Literals,
// windows, subqueries and stars are left alone: they are either constant,
// computed after grouping, or reported by ungroupedSelect.
func (a *auditor) fillGroupBy(q *query, g *groups) {
	p := q.p
	for i := range p.Select {
		e := &p.Select[i].Expr
		if isStar(e) || hasAgg(e) || hasWindow(e) || hasRef(e) || e.Subquery != nil || len(variants(e)) != 1 || !resolves(e, q) {
			continue
		}
		if paths, _ := g.exprCols(e, "e"); len(paths) == 0 {
			continue
		}
		x := cloneExpr(*e)
		p.GroupBy = append(p.GroupBy, x)
		g.add(&x)
		a.fixed(CodeFixedGroupBy, idx(q.path, "select", i)+".expr",
			fmt.Sprintf("added %s to group_by: it is selected beside aggregates, so it must be grouped", exprString(&x)))
	}
}

// resolves reports whether every column e references resolves. Audit
// never copies or moves an expression with an unresolved column: it already
// carries its error, and in another clause a bare name may mean a select
// alias instead, so the next pass would read it differently.
func resolves(e *Expr, q *query) bool {
	return allResolve(q, func(v visitor) { v.visitExpr(e, "e") })
}

// condResolves is resolves for a condition.
func condResolves(c *Cond, q *query) bool {
	return allResolve(q, func(v visitor) { v.visitCond(c, "c") })
}

func allResolve(q *query, walk func(visitor)) bool {
	ok := true
	walk(visitor{expr: func(x *Expr, _ string) bool {
		ok = ok && (x.Col == "" || q.resolves(x.Col))
		return ok
	}})
	return ok
}

// ungroupedSelect reports stars and aggregated select items that still use
// ungrouped columns outside their aggregates (sum(x) / y).
func (a *auditor) ungroupedSelect(q *query, g *groups) {
	for i := range q.p.Select {
		e := &q.p.Select[i].Expr
		path := idx(q.path, "select", i) + ".expr"
		switch {
		case isStar(e):
			a.fail(CodeUngroupedColumn, path, fmt.Sprintf("%q cannot be selected in a grouped query", e.Col), "select the grouped columns and aggregates by name")
		case hasAgg(e):
			a.ungrouped(e, path, g, "select")
		}
	}
}

// ungrouped reports each column of e that the grouping does not cover.
func (a *auditor) ungrouped(e *Expr, path string, g *groups, where string) {
	paths, refs := g.exprCols(e, path)
	a.reportUngrouped(paths, refs, where)
}

func (a *auditor) reportUngrouped(paths, refs []string, where string) {
	for i, p := range paths {
		a.fail(CodeUngroupedColumn, p, fmt.Sprintf("%s uses %s, which is neither grouped nor aggregated", where, refs[i]),
			"in a grouped query every column outside an aggregate must be in group_by",
			fmt.Sprintf(`add {"col": %q} to group_by`, refs[i]), fmt.Sprintf(`{"agg": "max", "arg": {"col": %q}}`, refs[i]))
	}
}

// andBranches splits a condition into its AND-ed parts, with their paths.
func andBranches(c *Cond, path string) ([]*Cond, []string, bool) {
	if forms := condForms(c); len(forms) == 1 && forms[0] == "and" && len(operands(c)) == 0 {
		parts := make([]*Cond, len(c.And))
		paths := make([]string, len(c.And))
		for i := range c.And {
			parts[i], paths[i] = &c.And[i], idx(path, "and", i)
		}
		return parts, paths, true
	}
	return []*Cond{c}, []string{path}, false
}

// rejoin rebuilds a condition from the parts that stay.
func rejoin(keep []Cond, wasAnd bool) *Cond {
	switch {
	case len(keep) == 0:
		return nil
	case wasAnd:
		return &Cond{And: keep}
	}
	return &keep[0]
}

// conjoin ANDs moved parts onto c.
func conjoin(c *Cond, moved []Cond) *Cond {
	switch {
	case len(moved) == 0:
		return c
	case c == nil && len(moved) == 1:
		return &moved[0]
	case c == nil:
		return &Cond{And: moved}
	}
	if _, _, isAnd := andBranches(c, ""); isAnd {
		c.And = append(c.And, moved...)
		return c
	}
	return &Cond{And: append([]Cond{*c}, moved...)}
}

// whereToHaving moves the AND-branches of where that hold an aggregate to
// having, which is where SQL evaluates them, when the query groups. In a
// query that does not group there is no having to move them to.
func (a *auditor) whereToHaving(q *query, grouped bool) {
	p := q.p
	if p.Where == nil {
		return
	}
	parts, paths, wasAnd := andBranches(p.Where, q.at("where"))
	var keep, move []Cond
	for i, c := range parts {
		switch {
		case !condHasAgg(c):
			keep = append(keep, *c)
		case !grouped:
			a.fail(CodeAggregateInWhere, firstInCond(c, paths[i], isAgg), "where cannot use an aggregate: it filters rows before they are aggregated",
				"to filter groups, group the query and put the condition in having; to compare with an overall aggregate, use a subquery")
			keep = append(keep, *c)
		case !condResolves(c, q):
			a.fail(CodeAggregateInWhere, firstInCond(c, paths[i], isAgg), "where cannot use an aggregate: it filters rows before they are aggregated",
				"this condition belongs in having; fix its other errors and move it there")
			keep = append(keep, *c)
		default:
			a.fixed(CodeFixedWhereToHaving, paths[i], "moved to having: it filters on an aggregate, which where cannot")
			move = append(move, *c)
		}
	}
	if len(move) > 0 {
		p.Where = rejoin(keep, wasAnd)
		p.Having = conjoin(p.Having, move)
	}
}

// havingToWhere moves the AND-branches of having that use no aggregate and
// only grouped columns to where, where they filter rows before grouping
// (same result, less work, and portable). In a query that does not group,
// all of having moves. Branches that stay are checked for ungrouped columns.
func (a *auditor) havingToWhere(q *query, g *groups) {
	p := q.p
	if p.Having == nil {
		return
	}
	parts, paths, wasAnd := andBranches(p.Having, q.at("having"))
	var keep, move []Cond
	for i, c := range parts {
		movable := !condHasAgg(c) && !condHas(c, isWindow) && !condHas(c, isRef) && !condHasSubquery(c) && condResolves(c, q)
		var ungrouped, refs []string
		if g != nil {
			ungrouped, refs = g.condCols(c, paths[i])
		}
		if movable && len(ungrouped) == 0 {
			a.fixed(CodeFixedHavingToWhere, paths[i], "moved to where: it uses no aggregate, so it can filter rows before grouping")
			move = append(move, *c)
			continue
		}
		a.reportUngrouped(ungrouped, refs, "having")
		keep = append(keep, *c)
	}
	if len(move) > 0 {
		p.Having = rejoin(keep, wasAnd)
		p.Where = conjoin(p.Where, move)
	}
}
