package plan

import (
	"strings"

	"querent/internal/schema"
)

// RawRecordsPlan returns the plan of the records behind an aggregate
// answer: up to limit rows of the same sources and filters, showing the
// columns the groups and aggregates are computed from (plus the From
// table's primary key, so each record can be told apart), ordered by the
// group keys. "Revenue by country" then comes with the orders it adds up.
//
// It returns false when there is nothing meaningful to show: the plan does
// not aggregate, is raw SQL, uses set operations, CTEs or window functions,
// or filters groups (having) in a way that cannot be carried over. A having
// is carried over only with exactly one group key, as
// "key IN (the original grouped query with its having)".
func RawRecordsPlan(p *Plan, s *schema.Schema, limit int) (*Plan, bool) {
	if p == nil || limit <= 0 || p.RawSQL != "" || p.SetOp != nil || len(p.With) > 0 || !grouped(p) || usesWindow(p) {
		return nil, false
	}
	if s == nil {
		s = &schema.Schema{}
	}
	pt := &patcher{s: s, p: p, edges: s.Edges()}
	keys, ok := groupKeys(p)
	if !ok {
		return nil, false
	}
	r := &Plan{From: p.From.clone(), Joins: p.Clone().Joins, Where: p.Where.clone(), Limit: Int(int64(limit))}

	var cols []string
	seen := map[string]bool{}
	addCol := func(ref string) {
		k, ok := pt.canonCol(ref)
		if !ok {
			k = strings.ToLower(ref)
		}
		if !seen[k] {
			seen[k] = true
			cols = append(cols, ref)
		}
	}
	colsOf := func(e *Expr) {
		e.Walk(func(x *Expr) bool {
			if x.Col != "" && !strings.HasSuffix(x.Col, "*") {
				addCol(x.Col)
			}
			return x.Subquery == nil
		})
	}
	for i := range keys {
		colsOf(&keys[i])
	}
	for _, it := range p.Select {
		it.Expr.Walk(func(x *Expr) bool {
			if x.Agg != "" {
				colsOf(x.Arg)
				return false
			}
			return true
		})
	}
	if t, ok := lookupTable(s, p.From.Table); ok && p.From.Table != "" {
		for _, c := range t.PrimaryKey {
			addCol(p.From.Name() + "." + c)
		}
	}
	for _, c := range cols {
		r.Select = append(r.Select, SelectItem{Expr: Col(c)})
	}
	if len(r.Select) == 0 {
		r.Select = []SelectItem{{Expr: Col(p.From.Name() + ".*")}}
	}
	for _, k := range keys {
		r.OrderBy = append(r.OrderBy, OrderItem{Expr: k.clone()})
	}
	if p.Having != nil {
		if len(keys) != 1 {
			return nil, false
		}
		having, ok := inlineRefs(p.Having.clone(), p.Select)
		if !ok {
			return nil, false
		}
		sub := &Plan{
			Select:  []SelectItem{{Expr: keys[0].clone()}},
			From:    p.From.clone(),
			Joins:   p.Clone().Joins,
			Where:   p.Where.clone(),
			GroupBy: []Expr{keys[0].clone()},
			Having:  having,
		}
		left := keys[0].clone()
		in := Cond{Op: "in", Left: &left, Subquery: sub}
		r.Where = andOf(append(conjuncts(r.Where), in))
	}
	// Order by the keys, then by the primary key for a stable page.
	if t, ok := lookupTable(s, p.From.Table); ok && p.From.Table != "" {
		for _, c := range t.PrimaryKey {
			e := Col(p.From.Name() + "." + c)
			k := pt.exprKeyCanon(e)
			dup := false
			for _, o := range r.OrderBy {
				dup = dup || pt.exprKeyCanon(o.Expr) == k
			}
			if !dup {
				r.OrderBy = append(r.OrderBy, OrderItem{Expr: e})
			}
		}
	}
	return r, true
}

// groupKeys returns the plan's group_by expressions with refs to select
// aliases replaced by what they name; false when a ref names nothing.
func groupKeys(p *Plan) ([]Expr, bool) {
	keys := make([]Expr, 0, len(p.GroupBy))
	for _, g := range p.GroupBy {
		if g.Ref != "" {
			i := aliasIn(p.Select, g.Ref)
			if i < 0 {
				return nil, false
			}
			g = p.Select[i].Expr
		}
		keys = append(keys, g.clone())
	}
	return keys, true
}

func aliasIn(sel []SelectItem, alias string) int {
	for i, it := range sel {
		if it.Alias != "" && strings.EqualFold(it.Alias, alias) {
			return i
		}
	}
	return -1
}

// inlineRefs replaces refs to select aliases in c by the expressions they
// name, so the condition can stand in a query without those outputs.
func inlineRefs(c *Cond, sel []SelectItem) (*Cond, bool) {
	ok := true
	c.WalkExprs(func(e *Expr) bool {
		if e.Ref == "" {
			return true
		}
		i := aliasIn(sel, e.Ref)
		if i < 0 || sel[i].Expr.Ref != "" {
			ok = false
			return false
		}
		*e = sel[i].Expr.clone()
		return false
	})
	return c, ok
}

// usesWindow reports whether any output or ordering of p is a window
// function: its value depends on the grouped rows around it.
func usesWindow(p *Plan) bool {
	found := false
	check := func(e *Expr) bool {
		if e.Window != "" {
			found = true
		}
		return !found
	}
	for i := range p.Select {
		p.Select[i].Expr.Walk(check)
	}
	for i := range p.OrderBy {
		p.OrderBy[i].Expr.Walk(check)
	}
	return found
}
