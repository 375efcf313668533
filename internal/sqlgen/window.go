package sqlgen

// This file renders window functions and their OVER clauses.

import (
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// windowArity is the [min, max] argument count of each window function.
var windowArity = map[string][2]int{
	"row_number": {0, 0}, "rank": {0, 0}, "dense_rank": {0, 0}, "ntile": {1, 1},
	"lag": {1, 3}, "lead": {1, 3}, "first_value": {1, 1}, "last_value": {1, 1},
	"count": {0, 1}, "sum": {1, 1}, "avg": {1, 1}, "min": {1, 1}, "max": {1, 1},
}

// window renders a window function with its OVER clause; aggregates may be
// windowed too.
func (c *compiler) window(e *plan.Expr, path string, x *ctx) (string, info) {
	name := strings.ToLower(e.Window)
	wpath := field(path, "window")
	ar, ok := windowArity[name]
	if !ok {
		names := append(slices.Clone(plan.WindowFuncs), "count", "sum", "avg", "min", "max")
		c.report(wpath, CodeMalformed, schema.Nearest(e.Window, names, 3), "unknown window function %q", e.Window)
		return "NULL", info{}
	}
	switch {
	case !c.caps.Window:
		c.report(wpath, CodeUnsupported, nil, "%s has no window functions", c.d.Name())
		return "NULL", info{}
	case x.inWin:
		c.report(wpath, CodeMisplaced, nil, "a window function cannot contain another")
		return "NULL", info{}
	case x.inAgg:
		c.report(wpath, CodeMisplaced, nil, "an aggregate cannot contain a window function")
		return "NULL", info{}
	case !x.allowWin:
		c.report(wpath, CodeMisplaced, nil, "window functions are allowed only in select and order_by, not in %s", x.clause)
		return "NULL", info{}
	}
	n := len(e.Args)
	if n < ar[0] || n > ar[1] {
		want := itoa(int64(ar[0]))
		if ar[1] != ar[0] {
			want += " to " + itoa(int64(ar[1]))
		}
		c.report(field(path, "args"), CodeArgCount, nil, "%s takes %s arguments, got %d", name, want, n)
		return "NULL", info{}
	}
	// Aggregates may appear inside a window over a grouped query
	// (SUM(SUM(x)) OVER …); windows may not nest.
	inner := &ctx{lv: x.lv, clause: "a window function", allowAgg: x.allowAgg, inWin: true}
	args := make([]string, n)
	infos := make([]info, n)
	for i := range e.Args {
		pc := ParamUntyped
		switch {
		case name == "ntile", (name == "lag" || name == "lead") && i == 1:
			pc = ParamInteger
		case i == 2:
			pc = inferred(&e.Args[0]) // lag/lead default: typed like the value
		}
		a := &e.Args[i]
		if name == "count" && isStar(a) && a.Col == "*" {
			args[i] = "*"
			continue
		}
		args[i], infos[i] = c.expr(a, index(field(path, "args"), i), inner, pc)
	}
	var fn string
	kind := schema.KindOther
	switch name {
	case "count", "sum", "avg", "min", "max":
		arg, argKind := "*", schema.KindOther
		if n == 1 {
			arg, argKind = args[0], infos[0].kind
		}
		fn = c.d.Aggregate(name, arg, false, argKind)
		switch name {
		case "count":
			kind = schema.KindInteger
		case "avg":
			kind = schema.KindReal
		default:
			kind = argKind
		}
	default:
		fn = call(strings.ToUpper(name), args...)
		switch name {
		case "row_number", "rank", "dense_rank", "ntile":
			kind = schema.KindInteger
		default:
			kind = infos[0].kind
		}
	}
	return fn + " OVER (" + c.over(e.Over, field(path, "over"), inner, name) + ")", info{kind: kind}
}

// over renders a window's OVER clause contents.
func (c *compiler) over(w *plan.Window, path string, x *ctx, name string) string {
	var parts []string
	var orderKeys []string
	if w != nil {
		var keys []string
		for i := range w.PartitionBy {
			p := &w.PartitionBy[i]
			ppath := index(field(path, "partition_by"), i)
			if p.IsLiteral() || p.Value != nil {
				c.report(ppath, CodeMalformed, nil, "partition_by entries must be expressions over columns, not literals")
				continue
			}
			sql, _ := c.expr(p, ppath, x, ParamUntyped)
			keys = append(keys, sql)
		}
		if len(keys) > 0 {
			parts = append(parts, "PARTITION BY "+strings.Join(keys, ", "))
		}
		for i := range w.OrderBy {
			o := &w.OrderBy[i]
			opath := index(field(path, "order_by"), i)
			if o.Expr.IsLiteral() || o.Expr.Value != nil {
				c.report(field(opath, "expr"), CodeMalformed, nil, "order_by entries must be expressions over columns, not literals")
				continue
			}
			sql, _ := c.expr(&o.Expr, field(opath, "expr"), x, ParamUntyped)
			orderKeys = c.orderKey(orderKeys, sql, sql, o, opath)
		}
	}
	aggregate := slices.Contains(plan.Aggs, name)
	if len(orderKeys) == 0 && c.caps.WindowOrderRequired && !aggregate {
		orderKeys = []string{"(SELECT NULL)"}
	}
	if len(orderKeys) > 0 {
		parts = append(parts, "ORDER BY "+strings.Join(orderKeys, ", "))
	}
	if name == "last_value" {
		// The default frame ends at the current row, which makes last_value
		// the current row's value; the question means the partition's last.
		parts = append(parts, "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING")
	}
	return strings.Join(parts, " ")
}
