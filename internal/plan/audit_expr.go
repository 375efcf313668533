package plan

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/schema"
)

// clause is the part of a query an expression sits in; it decides what the
// expression may contain (aggregates, windows, select aliases).
type clause int

const (
	inSelect clause = iota
	inWhere
	inGroupBy
	inHaving
	inOrderBy
)

func (c clause) String() string {
	return [...]string{"select", "where", "group_by", "having", "order_by"}[c]
}

// exprCtx is where an expression sits: its query, clause, and whether it is
// the input of an aggregate or window function.
type exprCtx struct {
	q        *query
	clause   clause
	inAgg    bool
	inWindow bool
}

// windowArity bounds the argument counts of window functions.
var windowArity = map[string][2]int{
	"row_number": {0, 0}, "rank": {0, 0}, "dense_rank": {0, 0}, "ntile": {1, 1},
	"lag": {1, 3}, "lead": {1, 3}, "first_value": {1, 1}, "last_value": {1, 1},
	"count": {0, 1}, "count_distinct": {1, 1}, "sum": {1, 1}, "avg": {1, 1}, "min": {1, 1}, "max": {1, 1},
}

// expr audits one expression and those nested in it, in place.
func (a *auditor) expr(e *Expr, path string, cx exprCtx) {
	if e == nil {
		return
	}
	vs := variants(e)
	switch len(vs) {
	case 0:
		a.fail(CodeMalformedExpr, path, "the expression is empty", "an expression is one object such as {\"col\": \"table.column\"}, {\"value\": 3} or {\"agg\": \"count\"}")
		return
	case 1:
	default:
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("the expression sets %s at once; it must be exactly one of them", strings.Join(vs, " and ")),
			"nest one inside the other instead", mixedSuggestion(e, vs)...)
		return
	}
	a.strayModifiers(e, vs[0], path)
	switch vs[0] {
	case "col":
		a.col(e, path, cx)
	case "ref":
		a.ref(e, path, cx)
	case "value":
		a.value(e, path, cx)
	case "agg":
		a.agg(e, path, cx)
	case "func":
		a.fn(e, path, cx)
	case "bucket":
		a.datePart(e, &e.Bucket, "bucket", Buckets, path, cx)
	case "extract":
		a.datePart(e, &e.Extract, "extract", Extracts, path, cx)
	case "arith":
		a.arith(e, path, cx)
	case "case":
		for i := range e.Case {
			a.cond(&e.Case[i].If, idx(path, "case", i)+".if", cx)
			a.expr(&e.Case[i].Then, idx(path, "case", i)+".then", cx)
		}
		a.expr(e.Else, path+".else", cx)
	case "window":
		a.window(e, path, cx)
	case "subquery":
		out := a.plan(e.Subquery, path+".subquery", cx.q.sc, cx.q.ctes)
		if out.known && len(out.cols) != 1 {
			a.fail(CodeMalformedExpr, path+".subquery", fmt.Sprintf("a scalar subquery must select exactly one column; this one selects %d", len(out.cols)), "")
		}
	}
}

// mixedSuggestion offers the nesting a model most often meant when it puts
// two variants in one object: {"agg": "sum", "col": "x"}.
func mixedSuggestion(e *Expr, vs []string) []string {
	if len(vs) != 2 || vs[0] != "col" {
		return nil
	}
	switch vs[1] {
	case "agg":
		return []string{fmt.Sprintf(`{"agg": %q, "arg": {"col": %q}}`, e.Agg, e.Col)}
	case "bucket":
		return []string{fmt.Sprintf(`{"bucket": %q, "arg": {"col": %q}}`, e.Bucket, e.Col)}
	case "extract":
		return []string{fmt.Sprintf(`{"extract": %q, "arg": {"col": %q}}`, e.Extract, e.Col)}
	case "func":
		return []string{fmt.Sprintf(`{"func": %q, "args": [{"col": %q}]}`, e.Func, e.Col)}
	}
	return nil
}

// strayModifiers reports fields the variant does not read, which the
// compiler would otherwise drop without a word.
func (a *auditor) strayModifiers(e *Expr, variant, path string) {
	allowed := allowedModifiers[variant]
	for _, m := range modifiers(e) {
		if slices.Contains(allowed, m) {
			continue
		}
		var sugg []string
		switch {
		case m == "args" && slices.Contains(allowed, "arg"):
			sugg = append(sugg, variant+" takes its single input in \"arg\", not \"args\"")
		case m == "arg" && slices.Contains(allowed, "args"):
			sugg = append(sugg, variant+" takes its inputs as a list in \"args\", not \"arg\"")
		default:
			sugg = append(sugg, "remove \""+m+"\"")
		}
		a.fail(CodeMalformedExpr, path+"."+m, fmt.Sprintf("%s %s does not use %q", variant, variantName(e, variant), m), "", sugg...)
	}
}

// variantName returns the name a variant carries ("sum" for an agg).
func variantName(e *Expr, variant string) string {
	switch variant {
	case "agg":
		return e.Agg
	case "func":
		return e.Func
	case "bucket":
		return e.Bucket
	case "extract":
		return e.Extract
	case "arith":
		return e.Arith
	case "window":
		return e.Window
	}
	return ""
}

// agg audits an aggregate call.
func (a *auditor) agg(e *Expr, path string, cx exprCtx) {
	if !a.knownName(&e.Agg, Aggs, "aggregate", path+".agg") {
		return
	}
	switch {
	case cx.inAgg:
		a.fail(CodeNestedAggregate, path, fmt.Sprintf("aggregate %s is inside another aggregate", e.Agg), "aggregates cannot be nested; aggregate in a CTE or subquery first, then aggregate its result")
	case cx.clause == inGroupBy:
		a.fail(CodeAggregateInGroupBy, path, fmt.Sprintf("group_by cannot contain aggregate %s", e.Agg), "group by the columns, and select the aggregate", "remove it from group_by")
	}
	if e.Arg != nil && e.Arg.Col == "*" && len(variants(e.Arg)) == 1 && e.Agg == "count" && !e.Distinct {
		a.fixed(CodeFixedCountStar, path+".arg", "count of {\"col\": \"*\"} rewritten as {\"agg\": \"count\"}, which counts rows")
		e.Arg = nil
	}
	if e.Arg == nil {
		if (e.Agg != "count" || e.Distinct) && len(e.Args) == 0 { // with args, strayModifiers said where the input goes
			a.fail(CodeMalformedExpr, path, fmt.Sprintf("%s needs the expression it aggregates in \"arg\"", e.Agg), "", fmt.Sprintf(`{"agg": %q, "arg": {"col": "table.column"}}`, e.Agg))
		}
		return
	}
	inner := cx
	inner.inAgg = true
	a.expr(e.Arg, path+".arg", inner)
}

// fn audits a scalar function call.
func (a *auditor) fn(e *Expr, path string, cx exprCtx) {
	if !a.knownName(&e.Func, sortedKeys(Funcs), "function", path+".func") {
		return
	}
	switch n, got := Funcs[e.Func], len(e.Args); {
	case n >= 0 && got != n:
		a.fail(CodeMalformedExpr, path+".args", fmt.Sprintf("%s takes %d argument%s, got %d", e.Func, n, plural(n), got), "")
	case n < 0 && got == 0:
		a.fail(CodeMalformedExpr, path+".args", fmt.Sprintf("%s takes at least one argument in \"args\"", e.Func), "")
	}
	for i := range e.Args {
		a.expr(&e.Args[i], idx(path, "args", i), cx)
	}
}

// datePart audits a bucket or extract over a date.
func (a *auditor) datePart(e *Expr, name *string, kind string, names []string, path string, cx exprCtx) {
	a.knownName(name, names, kind+" period", path+"."+kind)
	if e.Arg == nil {
		if len(e.Args) > 0 {
			return // strayModifiers said the input belongs in arg
		}
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("%s needs the date it applies to in \"arg\"", kind), "", fmt.Sprintf(`{%q: %q, "arg": {"col": "table.date_column"}}`, kind, *name))
		return
	}
	a.expr(e.Arg, path+".arg", cx)
}

// arith audits an arithmetic expression.
func (a *auditor) arith(e *Expr, path string, cx exprCtx) {
	if !slices.Contains([]string{"+", "-", "*", "/"}, e.Arith) {
		a.fail(CodeMalformedExpr, path+".arith", fmt.Sprintf("unknown arithmetic operator %q", e.Arith), "use one of + - * /")
	}
	if e.Left == nil || e.Right == nil {
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("arithmetic %s needs both left and right", e.Arith), "")
	}
	a.expr(e.Left, path+".left", cx)
	a.expr(e.Right, path+".right", cx)
}

// window audits a window function call and its over clause.
func (a *auditor) window(e *Expr, path string, cx exprCtx) {
	names := append(slices.Clone(WindowFuncs), Aggs...)
	if a.knownName(&e.Window, names, "window function", path+".window") {
		if r, ok := windowArity[e.Window]; ok && (len(e.Args) < r[0] || len(e.Args) > r[1]) {
			a.fail(CodeMalformedExpr, path+".args", fmt.Sprintf("window %s takes %s, got %d", e.Window, arity(r), len(e.Args)), "")
		}
	}
	switch {
	case cx.clause == inWhere:
		a.fail(CodeWindowInWhere, path, "where cannot use a window function: windows are computed after filtering",
			"compute it in a CTE or subquery and filter on its result")
	case cx.clause == inGroupBy || cx.clause == inHaving:
		a.fail(CodeMisplacedWindow, path, fmt.Sprintf("%s cannot use a window function", cx.clause), "windows are computed after grouping; select it, or compute it in a CTE and filter there")
	case cx.inAgg:
		a.fail(CodeNestedAggregate, path, "a window function cannot be inside an aggregate", "compute the window in a CTE or subquery, then aggregate its result")
	case cx.inWindow:
		a.fail(CodeMalformedExpr, path, "window functions cannot be nested", "compute the inner one in a CTE or subquery")
	}
	inner := cx
	inner.inWindow = true
	for i := range e.Args {
		a.expr(&e.Args[i], idx(path, "args", i), inner)
	}
	if e.Over == nil {
		return
	}
	for i := range e.Over.PartitionBy {
		a.expr(&e.Over.PartitionBy[i], idx(path+".over", "partition_by", i), inner)
	}
	for i := range e.Over.OrderBy {
		it := &e.Over.OrderBy[i]
		opath := idx(path+".over", "order_by", i)
		a.expr(&it.Expr, opath+".expr", inner)
		a.nulls(it, opath)
	}
}

// knownName checks that *name is one of names, fixing its letter case; it
// reports and returns false otherwise.
func (a *auditor) knownName(name *string, names []string, what, path string) bool {
	n, ok := canonical(*name, names)
	if !ok {
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("unknown %s %q", what, *name), "", schema.Nearest(*name, names, 3)...)
		return false
	}
	if n != *name {
		a.fixed(CodeFixedCase, path, fmt.Sprintf("%s %q rewritten as %q", what, *name, n))
		*name = n
	}
	return true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func arity(r [2]int) string {
	switch {
	case r[0] == r[1]:
		return fmt.Sprintf("%d argument%s", r[0], plural(r[0]))
	default:
		return fmt.Sprintf("%d to %d arguments", r[0], r[1])
	}
}

// opOperands says, per operator, which operands it requires and which it
// may have; "values|subquery" means exactly one of the two.
var opOperands = map[string]struct{ required, allowed []string }{
	"cmp":     {[]string{"left", "right"}, []string{"left", "right"}},
	"in":      {[]string{"left", "values|subquery"}, []string{"left", "values", "subquery"}},
	"between": {[]string{"left", "low", "high"}, []string{"left", "low", "high"}},
	"null":    {[]string{"left"}, []string{"left"}},
	"exists":  {[]string{"subquery"}, []string{"subquery"}},
}

// opGroup maps an operator to its entry in opOperands.
func opGroup(op string) string {
	switch op {
	case "in", "not_in":
		return "in"
	case "between", "not_between":
		return "between"
	case "is_null", "is_not_null":
		return "null"
	case "exists", "not_exists":
		return "exists"
	}
	return "cmp"
}

// cond audits a condition and everything in it. Unlike expressions, a
// malformed condition is still searched, so that one repair round sees every
// problem of the tree.
func (a *auditor) cond(c *Cond, path string, cx exprCtx) {
	forms := condForms(c)
	switch len(forms) {
	case 0:
		a.fail(CodeMalformedCond, path, "the condition has no and, or, not or op", "a predicate looks like {\"op\": \"=\", \"left\": {\"col\": \"table.column\"}, \"right\": {\"value\": 1}}")
	case 1:
		a.condOperands(c, forms[0], path)
	default:
		a.fail(CodeMalformedCond, path, fmt.Sprintf("the condition sets %s at once; use one per object and combine them with and/or", strings.Join(forms, " and ")), "")
	}
	for i := range c.And {
		a.cond(&c.And[i], idx(path, "and", i), cx)
	}
	for i := range c.Or {
		a.cond(&c.Or[i], idx(path, "or", i), cx)
	}
	if c.Not != nil {
		a.cond(c.Not, path+".not", cx)
	}
	a.expr(c.Left, path+".left", cx)
	a.expr(c.Right, path+".right", cx)
	for i := range c.Values {
		a.expr(&c.Values[i], idx(path, "values", i), cx)
	}
	a.expr(c.Low, path+".low", cx)
	a.expr(c.High, path+".high", cx)
	if c.Subquery != nil {
		out := a.plan(c.Subquery, path+".subquery", cx.q.sc, cx.q.ctes)
		if g := opGroup(c.Op); g == "in" && out.known && len(out.cols) != 1 {
			a.fail(CodeMalformedCond, path+".subquery", fmt.Sprintf("the subquery of %s must select exactly one column; it selects %d", c.Op, len(out.cols)), "")
		}
	}
}

// condOperands checks that the condition's form has the operands it needs
// and no others.
func (a *auditor) condOperands(c *Cond, form, path string) {
	have := operands(c)
	if form != "op" {
		for _, o := range have {
			a.fail(CodeMalformedCond, path+"."+o, fmt.Sprintf("%s does not use %q; wrap the predicate in its own object", form, o), "")
		}
		return
	}
	op, ok := canonical(c.Op, Ops)
	if !ok {
		a.fail(CodeMalformedCond, path+".op", fmt.Sprintf("unknown operator %q", c.Op), "operators: "+strings.Join(Ops, " "), schema.Nearest(c.Op, Ops, 3)...)
		return
	}
	if op != c.Op {
		a.fixed(CodeFixedCase, path+".op", fmt.Sprintf("operator %q rewritten as %q", c.Op, op))
		c.Op = op
	}
	rule := opOperands[opGroup(op)]
	if opGroup(op) == "in" && c.Right != nil && len(c.Values) == 0 && c.Subquery == nil {
		// The usual slip: the list (or single value) written as right.
		a.fail(CodeMalformedCond, path+".right", fmt.Sprintf("%s compares with a list in \"values\", not \"right\"", op), "", operandHint(op, "right", c)...)
		have = slices.DeleteFunc(have, func(o string) bool { return o == "right" })
		have = append(have, "values")
	}
	for _, r := range rule.required {
		if !hasAny(have, strings.Split(r, "|")) {
			a.fail(CodeMalformedCond, path, fmt.Sprintf("%s needs %s", op, strings.ReplaceAll(r, "|", " or ")), "", operandHint(op, r, c)...)
		}
	}
	for _, o := range have {
		if !slices.Contains(rule.allowed, o) {
			a.fail(CodeMalformedCond, path+"."+o, fmt.Sprintf("%s does not use %q", op, o), "", operandHint(op, o, c)...)
		}
	}
	if opGroup(op) == "in" && len(c.Values) > 0 && c.Subquery != nil {
		a.fail(CodeMalformedCond, path, fmt.Sprintf("%s takes either values or a subquery, not both", op), "")
	}
}

// operandHint suggests the concrete fix for the usual operand mix-ups.
func operandHint(op, operand string, c *Cond) []string {
	switch {
	case opGroup(op) == "in" && (operand == "right" || operand == "values|subquery") && c.Right != nil:
		return []string{fmt.Sprintf(`{"op": %q, "left": ..., "values": [%s]}`, op, exprString(c.Right))}
	case opGroup(op) == "between" && operand == "right":
		return []string{`use "low" and "high" for the bounds`}
	case opGroup(op) == "cmp" && operand == "values":
		return []string{`use {"op": "in", "values": [...]} to compare with a list`}
	}
	return nil
}

func hasAny(have, want []string) bool {
	for _, w := range want {
		if slices.Contains(have, w) {
			return true
		}
	}
	return false
}
