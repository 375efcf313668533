package plan

import (
	"fmt"
	"strings"
)

// NameOutputs returns a copy of p whose unaliased top-level select items that
// are not plain columns get a readable alias ("count", "sum_total_amount",
// "month"), so a question's result columns are named the same on every
// engine rather than "COUNT(*)" on one and "count_star()" on another. Only
// the outermost SELECT is renamed: nothing can refer to its output names,
// while CTE and subquery outputs may be referenced by the names the compiler
// gives them. Names already taken are suffixed _2, _3.
func NameOutputs(p *Plan) *Plan {
	if p == nil || p.RawSQL != "" {
		return p
	}
	return NameOwnOutputs(p.Clone())
}

// NameOwnOutputs is [NameOutputs] for a plan the caller owns and keeps no
// other use for, such as the copy [Audit] returns: it names p's outputs in
// place and returns p, instead of copying the whole plan once more.
func NameOwnOutputs(q *Plan) *Plan {
	if q == nil || q.RawSQL != "" {
		return q
	}
	taken := map[string]bool{}
	for _, s := range q.Select {
		if s.Alias != "" {
			taken[strings.ToLower(s.Alias)] = true
		} else if s.Expr.Col != "" {
			taken[strings.ToLower(columnPart(s.Expr.Col))] = true
		}
	}
	for i := range q.Select {
		s := &q.Select[i]
		if s.Alias != "" || s.Expr.Col != "" || s.Expr.Ref != "" {
			continue
		}
		name := outputName(s.Expr)
		if name == "" {
			continue
		}
		alias := name
		for n := 2; taken[strings.ToLower(alias)]; n++ {
			alias = fmt.Sprintf("%s_%d", name, n)
		}
		taken[strings.ToLower(alias)] = true
		s.Alias = alias
	}
	return q
}

// outputName names an expression by what it computes.
func outputName(e Expr) string {
	arg := ""
	if e.Arg != nil && e.Arg.Col != "" && !strings.HasSuffix(e.Arg.Col, "*") {
		arg = columnPart(e.Arg.Col)
	}
	switch {
	case e.Agg == "count" && arg == "":
		return "count"
	case e.Agg == "count_distinct" || (e.Agg == "count" && e.Distinct):
		return join("distinct", arg)
	case e.Agg != "":
		return join(e.Agg, arg)
	case e.Bucket != "":
		return e.Bucket
	case e.Extract != "":
		return e.Extract
	case e.Window != "":
		return e.Window
	case e.Func != "" && len(e.Args) > 0 && e.Args[0].Col != "":
		return join(e.Func, columnPart(e.Args[0].Col))
	}
	return ""
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + "_" + b
}

// columnPart is the column of a "source.column" reference.
func columnPart(ref string) string {
	if i := strings.LastIndex(ref, "."); i >= 0 {
		return ref[i+1:]
	}
	return ref
}
