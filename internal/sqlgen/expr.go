package sqlgen

// This file renders scalar expressions and checks their shape.

import (
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// ctx is where an expression sits, which decides what it may contain.
type ctx struct {
	lv       *level
	clause   string // where the expression is, for messages: "where", "select", …
	allowAgg bool   // aggregates allowed (select, having, order_by)
	allowWin bool   // window functions allowed (select, order_by)
	inAgg    bool   // inside an aggregate's argument
	inWin    bool   // inside a window function's arguments or OVER clause
}

// info describes a rendered expression.
type info struct {
	kind schema.Kind // KindOther when unknown
	col  *column     // the column, for a plain column reference
}

// variants lists the variant fields set on e; a well-formed Expr has one.
func variants(e *plan.Expr) []string {
	var v []string
	add := func(set bool, name string) {
		if set {
			v = append(v, name)
		}
	}
	add(e.Col != "", "col")
	add(e.Ref != "", "ref")
	// A Plan built in Go may set Value without ValueSet; it is still a literal.
	add(e.ValueSet || e.Value != nil, "value")
	add(e.Agg != "", "agg")
	add(e.Func != "", "func")
	add(e.Bucket != "", "bucket")
	add(e.Extract != "", "extract")
	add(e.Arith != "", "arith")
	add(e.Case != nil, "case")
	add(e.Window != "", "window")
	add(e.Subquery != nil, "subquery")
	return v
}

// modifiers lists the modifier fields set on e.
func modifiers(e *plan.Expr) []string {
	var m []string
	add := func(set bool, name string) {
		if set {
			m = append(m, name)
		}
	}
	add(e.Arg != nil, "arg")
	add(e.Args != nil, "args")
	add(e.Left != nil, "left")
	add(e.Right != nil, "right")
	add(e.Else != nil, "else")
	add(e.Over != nil, "over")
	add(e.Distinct, "distinct")
	return m
}

// modifiersOf says which modifiers each variant uses.
var modifiersOf = map[string][]string{
	"agg":     {"arg", "distinct"},
	"func":    {"args"},
	"bucket":  {"arg"},
	"extract": {"arg"},
	"arith":   {"left", "right"},
	"case":    {"else"},
	"window":  {"args", "over"},
}

var variantNames = "col, ref, value, agg, func, bucket, extract, arith, case, window or subquery"

// expr renders e. pc is how a literal e is typed by its surroundings.
func (c *compiler) expr(e *plan.Expr, path string, x *ctx, pc ParamContext) (string, info) {
	if e == nil {
		c.report(path, CodeMalformed, nil, "an expression is missing")
		return "NULL", info{}
	}
	v := variants(e)
	switch len(v) {
	case 0:
		c.report(path, CodeMalformed, nil, "an expression needs exactly one of %s", variantNames)
		return "NULL", info{}
	case 1:
	default:
		c.report(path, CodeMalformed, nil, "an expression sets %s; use exactly one", strings.Join(v, " and "))
		return "NULL", info{}
	}
	for _, m := range modifiers(e) {
		if !slices.Contains(modifiersOf[v[0]], m) {
			c.report(field(path, m), CodeMalformed, nil, "%s is not used with %s", m, v[0])
		}
	}
	switch v[0] {
	case "col":
		if e.Col == "*" || strings.HasSuffix(e.Col, ".*") {
			c.report(field(path, "col"), CodeMisplaced, nil, "%q is allowed only as a whole select item or as count's argument", e.Col)
			return "NULL", info{}
		}
		if name := bareAlias(e, x.lv); name != "" {
			return c.ref(&plan.Expr{Ref: name}, path, x, pc)
		}
		sql, l := c.colRef(e.Col, field(path, "col"), x.lv.sc)
		if l.fail != "" {
			return sql, info{}
		}
		col := l.col
		return sql, info{kind: col.kind, col: &col}
	case "ref":
		return c.ref(e, path, x, pc)
	case "value":
		if err := checkValue(e.Value); err != nil {
			c.report(field(path, "value"), CodeMalformed, nil, "%v", err)
			return "NULL", info{}
		}
		return c.param(e, pc), info{kind: valueKind(e.Value)}
	case "agg":
		return c.agg(e, path, x)
	case "func":
		return c.fn(e, path, x)
	case "bucket", "extract":
		return c.date(e, v[0], path, x)
	case "arith":
		return c.arith(e, path, x)
	case "case":
		return c.caseExpr(e, path, x)
	case "window":
		return c.window(e, path, x)
	default: // subquery
		sql, out := c.query(e.Subquery, field(path, "subquery"), x.lv.sc, x.lv.ctes, mode{nested: true})
		if out != nil && len(out) != 1 {
			c.report(field(path, "subquery"), CodeMalformed, nil, "a scalar subquery must select exactly one column, not %d", len(out))
			return "NULL", info{}
		}
		inf := info{}
		if out != nil {
			inf.kind = out[0].kind
		}
		return "(" + sql + ")", inf
	}
}

// ref expands a reference to a select item's alias into that item's
// expression: only ORDER BY keys may name an alias directly, and they are
// handled by orderBy.
func (c *compiler) ref(e *plan.Expr, path string, x *ctx, pc ParamContext) (string, info) {
	rpath := field(path, "ref")
	j := x.lv.findAlias(e.Ref)
	switch j {
	case -1:
		var aliases []string
		for _, it := range x.lv.items {
			if it.alias != "" {
				aliases = append(aliases, it.alias)
			}
		}
		c.report(rpath, CodeUnknownAlias, schema.Nearest(e.Ref, aliases, 3), "no select item of this query is aliased %q", e.Ref)
		return "NULL", info{}
	case -2:
		c.report(rpath, CodeAmbiguousColumn, nil, "more than one select item is aliased %q", e.Ref)
		return "NULL", info{}
	}
	it := &x.lv.items[j]
	switch {
	case x.lv.expanding[j]:
		c.report(rpath, CodeMalformed, nil, "ref %q refers back to itself", e.Ref)
		return "NULL", info{}
	case !x.allowAgg && it.expr.IsAggregate():
		c.report(rpath, CodeMisplaced, nil, "ref %q names an aggregate, which is not allowed in %s", e.Ref, x.clause)
		return "NULL", info{}
	case (!x.allowWin || x.inWin) && hasWindow(it.expr):
		c.report(rpath, CodeMisplaced, nil, "ref %q names a window function, which is not allowed in %s", e.Ref, x.clause)
		return "NULL", info{}
	}
	x.lv.expanding[j] = true
	defer func() { x.lv.expanding[j] = false }()
	return c.expr(it.expr, field(it.path, "expr"), x, pc)
}

// bareAlias returns the name when e is a bare column name that no source in
// scope has but a select item of lv is aliased: planners often write
// {"col": "revenue"} for {"ref": "revenue"}, and no other reading exists.
func bareAlias(e *plan.Expr, lv *level) string {
	if strings.ContainsRune(e.Col, '.') || e.Col == "*" {
		return ""
	}
	// An item being rendered cannot be its own alias: {"col": "x", "alias":
	// "x"} with no column x is an unknown column, not a cycle.
	if j := lv.findAlias(e.Col); j < 0 || lv.expanding[j] {
		return ""
	}
	if l := resolve(e.Col, lv.sc); l.fail != "" && l.code == CodeUnknownColumn {
		return e.Col
	}
	return ""
}

func valueKind(v any) schema.Kind {
	switch goKind(v) {
	case "int":
		return schema.KindInteger
	case "float":
		return schema.KindReal
	case "bool":
		return schema.KindBool
	case "string":
		return schema.KindText
	case "time":
		return schema.KindDateTime
	}
	return schema.KindOther
}

// hasWindow reports whether e contains a window function outside subqueries.
func hasWindow(e *plan.Expr) bool {
	found := false
	e.Walk(func(x *plan.Expr) bool {
		if x.Window != "" {
			found = true
		}
		return !found
	})
	return found
}

// inferred is the parameter context of a literal whose siblings are sibs:
// any non-literal sibling lets the engine infer the literal's type.
func inferred(sibs ...*plan.Expr) ParamContext {
	for _, s := range sibs {
		if s != nil && !s.IsLiteral() && s.Value == nil {
			return ParamInferred
		}
	}
	return ParamUntyped
}

func (c *compiler) arith(e *plan.Expr, path string, x *ctx) (string, info) {
	op := e.Arith
	if !strings.Contains("+-*/", op) || len(op) != 1 {
		c.report(field(path, "arith"), CodeMalformed, []string{"+", "-", "*", "/"}, "unknown arithmetic operator %q", op)
		return "NULL", info{}
	}
	if e.Left == nil || e.Right == nil {
		c.report(path, CodeMalformed, nil, "arith needs both left and right")
		return "NULL", info{}
	}
	l, li := c.expr(e.Left, field(path, "left"), x, inferred(e.Right))
	rpc := inferred(e.Left)
	if op == "/" {
		// The divisor sits in NULLIF(r, 0), where 0 would type it integer.
		rpc = ParamUntyped
	}
	r, ri := c.expr(e.Right, field(path, "right"), x, rpc)
	if op == "/" {
		return c.d.Divide(l, r), info{kind: schema.KindReal}
	}
	kind := schema.KindOther
	switch {
	case li.kind == schema.KindInteger && ri.kind == schema.KindInteger:
		kind = schema.KindInteger
	case li.kind.Numeric() && ri.kind.Numeric():
		kind = schema.KindReal
	}
	return "(" + l + " " + op + " " + r + ")", info{kind: kind}
}

func (c *compiler) caseExpr(e *plan.Expr, path string, x *ctx) (string, info) {
	if len(e.Case) == 0 {
		c.report(field(path, "case"), CodeMalformed, nil, "case needs at least one branch")
		return "NULL", info{}
	}
	var results []*plan.Expr
	for i := range e.Case {
		results = append(results, &e.Case[i].Then)
	}
	if e.Else != nil {
		results = append(results, e.Else)
	}
	pc := inferred(results...)
	var b strings.Builder
	b.WriteString("CASE")
	kind := schema.KindOther
	for i := range e.Case {
		w := &e.Case[i]
		wpath := index(field(path, "case"), i)
		b.WriteString(" WHEN " + c.cond(&w.If, field(wpath, "if"), x))
		then, ti := c.expr(&w.Then, field(wpath, "then"), x, pc)
		b.WriteString(" THEN " + then)
		if kind == schema.KindOther {
			kind = ti.kind
		}
	}
	if e.Else != nil {
		els, ei := c.expr(e.Else, field(path, "else"), x, pc)
		b.WriteString(" ELSE " + els)
		if kind == schema.KindOther {
			kind = ei.kind
		}
	}
	b.WriteString(" END")
	return b.String(), info{kind: kind}
}
