package sqlgen

// This file renders ORDER BY and GROUP BY keys and maps them to select items.

import (
	"reflect"
	"strings"

	"querent/internal/plan"
)

// equalItem returns the index of the select item whose expression equals e,
// or -1. Literals never count: equal values are not the same expression.
func (lv *level) equalItem(e *plan.Expr) int {
	if e.IsLiteral() || e.Value != nil {
		return -1
	}
	for j, it := range lv.items {
		if !it.star && sameHead(it.expr, e) && reflect.DeepEqual(it.expr, e) {
			return j
		}
	}
	return -1
}

// sameHead compares the scalar fields of two expressions, a cheap test
// that rules out most pairs before reflect.DeepEqual walks them.
func sameHead(a, b *plan.Expr) bool {
	return a.Col == b.Col && a.Ref == b.Ref && a.Agg == b.Agg && a.Func == b.Func && a.Bucket == b.Bucket &&
		a.Extract == b.Extract && a.Arith == b.Arith && a.Window == b.Window && a.Distinct == b.Distinct && a.ValueSet == b.ValueSet
}

// groupBy renders the GROUP BY keys. A key equal to a select item (or a ref
// to one) is rendered from that item's own expression so their parameters
// are the same ones: PostgreSQL, SQL Server and DuckDB match GROUP BY to the
// select list structurally, and ROUND(x, $1) is not ROUND(x, $2).
func (c *compiler) groupBy(p *plan.Plan, lv *level) []string {
	keys := make([]string, 0, len(p.GroupBy))
	for i := range p.GroupBy {
		g := &p.GroupBy[i]
		gpath := index(field(lv.path, "group_by"), i)
		switch {
		case g.IsLiteral() || g.Value != nil:
			c.report(gpath, CodeMalformed, nil, "group_by entries must be expressions over columns, not literals")
			continue
		case g.IsAggregate() || refersTo(g, lv, func(e *plan.Expr) bool { return e.IsAggregate() }):
			c.report(gpath, CodeMisplaced, nil, "group_by cannot contain an aggregate")
			continue
		case hasWindow(g) || refersTo(g, lv, hasWindow):
			c.report(gpath, CodeMisplaced, nil, "group_by cannot contain a window function")
			continue
		}
		node, npath := g, gpath
		j := lv.equalItem(g)
		if name := aliasOf(g, lv); j < 0 && name != "" {
			j = lv.findAlias(name) // unknown or ambiguous: rendering g reports it
		}
		if j >= 0 {
			if c.caps.GroupByPosition && hasLiteral(lv.items[j].expr) {
				keys = append(keys, itoa(int64(lv.itemCol[j]+1)))
				continue
			}
			node, npath = lv.items[j].expr, field(lv.items[j].path, "expr")
		}
		x := &ctx{lv: lv, clause: "group_by"}
		sql, _ := c.expr(node, npath, x, ParamUntyped)
		keys = append(keys, sql)
	}
	return keys
}

// aliasOf returns the select alias e names: a plain ref, or a bare column
// name that is only an alias (see bareAlias); "" otherwise.
func aliasOf(e *plan.Expr, lv *level) string {
	if len(variants(e)) != 1 || modifiers(e) != nil {
		return ""
	}
	if e.Ref != "" {
		return e.Ref
	}
	if e.Col != "" {
		return bareAlias(e, lv)
	}
	return ""
}

// hasLiteral reports whether e contains a literal outside subqueries.
func hasLiteral(e *plan.Expr) bool {
	found := false
	e.Walk(func(x *plan.Expr) bool {
		found = found || x.IsLiteral() || x.Value != nil
		return !found
	})
	return found
}

// refersTo reports whether e is a ref to a select item for which pred holds.
func refersTo(e *plan.Expr, lv *level, pred func(*plan.Expr) bool) bool {
	name := aliasOf(e, lv)
	if name == "" {
		return false
	}
	j := lv.findAlias(name)
	return j >= 0 && pred(lv.items[j].expr)
}

// findAlias returns the select item aliased name (exact match first, then
// the only case-insensitive one), -1 if none, -2 if ambiguous.
func (lv *level) findAlias(name string) int {
	found := -1
	for j, it := range lv.items {
		if it.alias == name {
			if found >= 0 {
				return -2
			}
			found = j
		}
	}
	if found >= 0 {
		return found
	}
	for j, it := range lv.items {
		if it.alias != "" && strings.EqualFold(it.alias, name) {
			if found >= 0 {
				return -2
			}
			found = j
		}
	}
	return found
}

// orderBy renders the ORDER BY keys of a SELECT. A bare ref orders by the
// quoted output alias; an expression equal to a select item reuses that
// item's expression (and parameters), which PostgreSQL requires under DISTINCT.
func (c *compiler) orderBy(lv *level, order []plan.OrderItem, path string) []string {
	var keys []string
	x := &ctx{lv: lv, clause: "order_by", allowAgg: true, allowWin: true}
	for i := range order {
		o := &order[i]
		opath := index(field(path, "order_by"), i)
		epath := field(opath, "expr")
		e := &o.Expr
		var key, expr string
		switch {
		case e.IsLiteral() || e.Value != nil:
			c.report(epath, CodeMalformed, nil, "order_by entries must be expressions over columns, not literals")
			continue
		case aliasOf(e, lv) != "":
			j := lv.findAlias(aliasOf(e, lv))
			if j < 0 {
				expr, _ = c.expr(e, epath, x, ParamUntyped) // reports the unknown or ambiguous alias
				key = expr
				break
			}
			key = c.q(lv.items[j].alias)
			if o.Nulls != "" && !c.caps.NullsOrdering {
				// An alias cannot appear inside an expression in PostgreSQL or
				// SQL Server ORDER BY, so the CASE key repeats the item.
				expr, _ = c.expr(e, epath, x, ParamUntyped)
			}
		default:
			node, npath := e, epath
			if j := lv.equalItem(e); j >= 0 {
				node, npath = lv.items[j].expr, field(lv.items[j].path, "expr")
			}
			key, _ = c.expr(node, npath, x, ParamUntyped)
			expr = key
		}
		keys = c.orderKey(keys, key, expr, o, opath)
	}
	return keys
}

// orderKey appends one ORDER BY key with its direction and NULLS placement,
// emulated with a leading CASE key where the dialect has no NULLS FIRST/LAST.
func (c *compiler) orderKey(keys []string, key, expr string, o *plan.OrderItem, path string) []string {
	dir := ""
	if o.Desc {
		dir = " DESC"
	}
	switch strings.ToLower(o.Nulls) {
	case "":
		return append(keys, key+dir)
	case "first":
		if c.caps.NullsOrdering {
			return append(keys, key+dir+" NULLS FIRST")
		}
		return append(keys, "CASE WHEN "+expr+" IS NULL THEN 0 ELSE 1 END", key+dir)
	case "last":
		if c.caps.NullsOrdering {
			return append(keys, key+dir+" NULLS LAST")
		}
		return append(keys, "CASE WHEN "+expr+" IS NULL THEN 1 ELSE 0 END", key+dir)
	}
	c.report(field(path, "nulls"), CodeMalformed, []string{"first", "last"}, "nulls is %q; use first or last", o.Nulls)
	return append(keys, key+dir)
}
