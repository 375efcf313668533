package sqlgen

// This file renders aggregates, portable functions and date buckets and parts.

import (
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// agg renders an aggregate: count(*) for count without an argument,
// COUNT(DISTINCT x) for count_distinct.
func (c *compiler) agg(e *plan.Expr, path string, x *ctx) (string, info) {
	name := strings.ToLower(e.Agg)
	apath := field(path, "agg")
	if !slices.Contains(plan.Aggs, name) {
		c.report(apath, CodeMalformed, schema.Nearest(e.Agg, plan.Aggs, 3), "unknown aggregate %q", e.Agg)
		return "NULL", info{}
	}
	switch {
	case x.inAgg:
		c.report(apath, CodeMisplaced, nil, "an aggregate cannot contain another aggregate")
		return "NULL", info{}
	case !x.allowAgg:
		msg := "aggregates are not allowed in " + x.clause
		if x.clause == "where" {
			msg += "; filter groups in having"
		}
		c.report(apath, CodeMisplaced, nil, "%s", msg)
		return "NULL", info{}
	}
	star := e.Arg == nil || isStar(e.Arg)
	distinct := e.Distinct
	switch name {
	case "count":
		if star {
			if e.Arg != nil && e.Arg.Col != "*" {
				c.report(field(path, "arg"), CodeMalformed, nil, "count takes \"*\" or an expression, not %q", e.Arg.Col)
			}
			if distinct {
				c.report(field(path, "distinct"), CodeMalformed, nil, "count distinct needs an arg")
			}
			return c.d.Aggregate("count", "*", false, schema.KindOther), info{kind: schema.KindInteger}
		}
	case "count_distinct":
		name, distinct = "count", true
		fallthrough
	default:
		if star {
			c.report(field(path, "arg"), CodeMalformed, nil, "%s needs an arg that is an expression", e.Agg)
			return "NULL", info{}
		}
	}
	inner := &ctx{lv: x.lv, clause: "an aggregate's argument", allowAgg: true, inAgg: true}
	arg, ai := c.expr(e.Arg, field(path, "arg"), inner, ParamUntyped)
	sql := c.d.Aggregate(name, arg, distinct, ai.kind)
	switch name {
	case "count":
		return sql, info{kind: schema.KindInteger}
	case "avg":
		return sql, info{kind: schema.KindReal}
	}
	return sql, info{kind: ai.kind}
}

// funcArity is the [min, max] argument count of each portable function;
// max -1 is unbounded. plan.Funcs says "-1: one or more" for round and
// substr too, which take at most two and three.
var funcArity = map[string][2]int{
	"lower": {1, 1}, "upper": {1, 1}, "length": {1, 1}, "trim": {1, 1}, "abs": {1, 1},
	"round": {1, 2}, "coalesce": {1, -1}, "concat": {1, -1}, "substr": {2, 3},
	"nullif": {2, 2}, "cast_int": {1, 1}, "cast_real": {1, 1}, "cast_text": {1, 1},
	"current_date": {0, 0},
}

// fn renders a portable function after checking its argument count.
func (c *compiler) fn(e *plan.Expr, path string, x *ctx) (string, info) {
	name := strings.ToLower(e.Func)
	ar, ok := funcArity[name]
	if !ok {
		names := make([]string, 0, len(funcArity))
		for n := range funcArity {
			names = append(names, n)
		}
		slices.Sort(names)
		c.report(field(path, "func"), CodeMalformed, schema.Nearest(e.Func, names, 3), "unknown function %q", e.Func)
		return "NULL", info{}
	}
	n := len(e.Args)
	if n < ar[0] || (ar[1] >= 0 && n > ar[1]) {
		want := itoa(int64(ar[0]))
		switch {
		case ar[1] < 0:
			want += " or more"
		case ar[1] != ar[0]:
			want += " to " + itoa(int64(ar[1]))
		}
		c.report(field(path, "args"), CodeArgCount, nil, "%s takes %s arguments, got %d", name, want, n)
		return "NULL", info{}
	}
	args := make([]string, n)
	infos := make([]info, n)
	sibs := make([]*plan.Expr, n)
	for i := range e.Args {
		sibs[i] = &e.Args[i]
	}
	for i := range e.Args {
		pc := ParamUntyped
		switch {
		case (name == "round" || name == "substr") && i > 0:
			pc = ParamInteger
		case name == "coalesce" || name == "nullif":
			pc = inferred(sibs...)
		}
		args[i], infos[i] = c.expr(&e.Args[i], index(field(path, "args"), i), x, pc)
	}
	sql, err := c.d.Func(name, args)
	if err != nil {
		c.report(field(path, "func"), CodeUnsupported, nil, "%s: %v", c.d.Name(), err)
		return "NULL", info{}
	}
	kind := schema.KindOther
	switch name {
	case "lower", "upper", "trim", "concat", "substr", "cast_text":
		kind = schema.KindText
	case "length", "cast_int":
		kind = schema.KindInteger
	case "cast_real":
		kind = schema.KindReal
	case "current_date":
		kind = schema.KindDate
	case "abs", "round", "coalesce", "nullif":
		kind = infos[0].kind
	}
	return sql, info{kind: kind}
}

// date renders a bucket or extract. A value not already of a date or
// timestamp kind is converted first (text dates in a loaded dataset); a
// date is converted when the hour is wanted, which a date type lacks.
func (c *compiler) date(e *plan.Expr, variant, path string, x *ctx) (string, info) {
	part, names, what := e.Bucket, plan.Buckets, "date bucket"
	if variant == "extract" {
		part, names, what = e.Extract, plan.Extracts, "date part"
	}
	ppath := field(path, variant)
	name := strings.ToLower(part)
	if !slices.Contains(names, name) {
		c.report(ppath, CodeMalformed, schema.Nearest(part, names, 3), "unknown %s %q: use one of %s", what, part, strings.Join(names, ", "))
		return "NULL", info{}
	}
	if e.Arg == nil {
		c.report(field(path, "arg"), CodeMalformed, nil, "%s needs an arg, the date", variant)
		return "NULL", info{}
	}
	arg, ai := c.expr(e.Arg, field(path, "arg"), x, ParamInferred)
	if !(ai.kind == schema.KindDateTime || (ai.kind == schema.KindDate && name != "hour")) {
		arg = c.d.Temporal(arg)
	}
	var sql string
	var err error
	kind := schema.KindText
	if variant == "bucket" {
		sql, err = c.d.Bucket(name, arg)
	} else {
		sql, err = c.d.Extract(name, arg)
		kind = schema.KindInteger
	}
	if err != nil {
		c.report(ppath, CodeUnsupported, nil, "%s: %v", c.d.Name(), err)
		return "NULL", info{}
	}
	return sql, info{kind: kind}
}
