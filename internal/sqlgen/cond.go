package sqlgen

import (
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// comparisons maps comparison and pattern operators to SQL.
var comparisons = map[string]string{
	"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
	"like": "LIKE", "not_like": "NOT LIKE",
}

// condFields says which predicate fields each operator uses.
var condFields = map[string][]string{
	"in":          {"left", "values", "subquery"},
	"not_in":      {"left", "values", "subquery"},
	"between":     {"left", "low", "high"},
	"not_between": {"left", "low", "high"},
	"is_null":     {"left"},
	"is_not_null": {"left"},
	"exists":      {"subquery"},
	"not_exists":  {"subquery"},
}

// predicateFields lists the predicate fields set on k.
func predicateFields(k *plan.Cond) []string {
	var f []string
	add := func(set bool, name string) {
		if set {
			f = append(f, name)
		}
	}
	add(k.Left != nil, "left")
	add(k.Right != nil, "right")
	add(k.Values != nil, "values")
	add(k.Low != nil, "low")
	add(k.High != nil, "high")
	add(k.Subquery != nil, "subquery")
	return f
}

// cond renders a condition. Nested AND/OR are parenthesised so the plan's
// grouping survives whatever the precedence.
func (c *compiler) cond(k *plan.Cond, path string, x *ctx) string {
	if k == nil {
		c.report(path, CodeMalformed, nil, "a condition is missing")
		return "1 = 1"
	}
	var forms []string
	for _, f := range []struct {
		set  bool
		name string
	}{{k.And != nil, "and"}, {k.Or != nil, "or"}, {k.Not != nil, "not"}, {k.Op != "", "op"}} {
		if f.set {
			forms = append(forms, f.name)
		}
	}
	if len(forms) != 1 {
		if len(forms) == 0 && len(predicateFields(k)) > 0 {
			c.report(field(path, "op"), CodeMalformed, nil, "a predicate needs an op")
		} else {
			c.report(path, CodeMalformed, nil, "a condition needs exactly one of and, or, not or op; it has %d", len(forms))
		}
		return "1 = 1"
	}
	if forms[0] != "op" {
		for _, f := range predicateFields(k) {
			c.report(field(path, f), CodeMalformed, nil, "%s is not used with %s", f, forms[0])
		}
	}
	switch forms[0] {
	case "and", "or":
		list, word := k.And, " AND "
		if forms[0] == "or" {
			list, word = k.Or, " OR "
		}
		if len(list) == 0 {
			c.report(field(path, forms[0]), CodeMalformed, nil, "%s needs at least one condition", forms[0])
			return "1 = 1"
		}
		parts := make([]string, len(list))
		for i := range list {
			s := c.cond(&list[i], index(field(path, forms[0]), i), x)
			if list[i].And != nil || list[i].Or != nil {
				s = "(" + s + ")"
			}
			parts[i] = s
		}
		return strings.Join(parts, word)
	case "not":
		return "NOT (" + c.cond(k.Not, field(path, "not"), x) + ")"
	}
	return c.predicate(k, path, x)
}

func (c *compiler) predicate(k *plan.Cond, path string, x *ctx) string {
	op := strings.ToLower(k.Op)
	uses, ok := condFields[op]
	_, cmp := comparisons[op]
	if cmp || op == "ilike" {
		uses, ok = []string{"left", "right"}, true
	}
	if !ok {
		c.report(field(path, "op"), CodeMalformed, schema.Nearest(k.Op, plan.Ops, 3), "unknown operator %q", k.Op)
		return "1 = 1"
	}
	for _, f := range predicateFields(k) {
		if !slices.Contains(uses, f) {
			c.report(field(path, f), CodeMalformed, nil, "%s is not used with op %s", f, op)
		}
	}
	need := func(e *plan.Expr, name string) bool {
		if e == nil {
			c.report(field(path, name), CodeMalformed, nil, "op %s needs %s", op, name)
			return false
		}
		return true
	}
	if op == "exists" || op == "not_exists" {
		if k.Subquery == nil {
			c.report(field(path, "subquery"), CodeMalformed, nil, "op %s needs a subquery", op)
			return "1 = 1"
		}
		sql, _ := c.query(k.Subquery, field(path, "subquery"), x.lv.sc, x.lv.ctes, mode{nested: true})
		word := "EXISTS"
		if op == "not_exists" {
			word = "NOT EXISTS"
		}
		return word + " (" + sql + ")"
	}
	if !need(k.Left, "left") {
		return "1 = 1"
	}
	switch op {
	case "is_null", "is_not_null":
		l, _ := c.expr(k.Left, field(path, "left"), x, ParamUntyped)
		if op == "is_null" {
			return l + " IS NULL"
		}
		return l + " IS NOT NULL"
	case "between", "not_between":
		if !need(k.Low, "low") || !need(k.High, "high") {
			return "1 = 1"
		}
		l, _ := c.expr(k.Left, field(path, "left"), x, inferred(k.Low, k.High))
		lo, _ := c.expr(k.Low, field(path, "low"), x, inferred(k.Left))
		hi, _ := c.expr(k.High, field(path, "high"), x, inferred(k.Left))
		word := " BETWEEN "
		if op == "not_between" {
			word = " NOT BETWEEN "
		}
		return l + word + lo + " AND " + hi
	case "in", "not_in":
		return c.in(k, op, path, x)
	}
	if !need(k.Right, "right") {
		return "1 = 1"
	}
	l, _ := c.expr(k.Left, field(path, "left"), x, inferred(k.Right))
	r, _ := c.expr(k.Right, field(path, "right"), x, inferred(k.Left))
	if op == "ilike" {
		return c.d.ILike(l, r)
	}
	return l + " " + comparisons[op] + " " + r
}

// in renders IN / NOT IN over a list of values or a one-column subquery.
func (c *compiler) in(k *plan.Cond, op, path string, x *ctx) string {
	word := " IN "
	if op == "not_in" {
		word = " NOT IN "
	}
	switch {
	case k.Subquery != nil && k.Values != nil:
		c.report(path, CodeMalformed, nil, "op %s takes values or a subquery, not both", op)
		return "1 = 1"
	case k.Subquery != nil:
		l, li := c.expr(k.Left, field(path, "left"), x, ParamUntyped)
		s := k.Subquery
		// MySQL refuses LIMIT directly inside IN (…); a derived table is
		// accepted everywhere.
		limited := s.Limit != nil || s.Offset != nil
		sql, out := c.query(s, field(path, "subquery"), x.lv.sc, x.lv.ctes, mode{nested: true, derived: limited})
		if out != nil && len(out) != 1 {
			c.report(field(path, "subquery"), CodeMalformed, nil, "the subquery of %s must select exactly one column, not %d", op, len(out))
		}
		if limited {
			sql = "SELECT * FROM (" + sql + ") AS " + c.q(wrapAlias)
		}
		if len(out) == 1 && schema.TextAgainstNumber(li.kind, out[0].kind) {
			l, sql = c.inAsText(l, li.kind, sql, out[0], path)
		}
		return l + word + "(" + sql + ")"
	case len(k.Values) == 0:
		c.report(field(path, "values"), CodeMalformed, nil, "op %s needs at least one value (or a subquery)", op)
		return "1 = 1"
	}
	sibs := make([]*plan.Expr, len(k.Values))
	for i := range k.Values {
		sibs[i] = &k.Values[i]
	}
	l, _ := c.expr(k.Left, field(path, "left"), x, inferred(sibs...))
	vals := make([]string, len(k.Values))
	for i := range k.Values {
		vals[i], _ = c.expr(&k.Values[i], index(field(path, "values"), i), x, inferred(k.Left))
	}
	return l + word + "(" + strings.Join(vals, ", ") + ")"
}

// inAsText compares a number with a subquery's text column, or text with
// its numbers, as text: the reading a key across types was confirmed in
// (schema.ForeignKey.TextMatch). Unlike =, IN is not compared loosely even
// by SQLite, whose IN applies no affinity between a number and a text
// column, so the cast is spelled on every engine.
func (c *compiler) inAsText(l string, lk schema.Kind, sql string, out column, path string) (string, string) {
	if lk.Numeric() {
		cast, err := c.d.Func("cast_text", []string{l})
		if err != nil {
			c.report(path, CodeUnsupported, nil, "%s cannot compare a number with text: %v", c.d.Name(), err)
			return l, sql
		}
		return cast, sql
	}
	if out.name == "" {
		return l, sql
	}
	cast, err := c.d.Func("cast_text", []string{c.q(wrapAlias) + "." + c.q(out.name)})
	if err != nil {
		c.report(path, CodeUnsupported, nil, "%s cannot compare text with a number: %v", c.d.Name(), err)
		return l, sql
	}
	return l, "SELECT " + cast + " FROM (" + sql + ") AS " + c.q(wrapAlias)
}
