package offline

import (
	"fmt"
	"strings"

	"querent/internal/plan"
)

// build turns a resolved query into a Plan. Every column reference is
// "table.column" in the schema's own spelling and every literal a value, so
// the compiler binds it as a parameter.
func build(q *query) *plan.Plan {
	p := &plan.Plan{From: plan.Source{Table: q.from.name}}
	for _, t := range q.joins {
		e := q.from.parents[t.idx][0]
		on := make([]plan.JoinOn, len(e.from))
		for k := range e.from {
			on[k] = plan.JoinOn{Left: q.from.name + "." + e.from[k], Right: t.name + "." + e.to[k]}
		}
		p.Joins = append(p.Joins, plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: t.name}, On: on})
	}
	switch {
	case q.agg != "":
		for _, c := range q.groupBy {
			p.Select = append(p.Select, plan.SelectItem{Expr: plan.Col(c.ref)})
		}
		p.Select = append(p.Select, plan.SelectItem{Expr: aggExpr(q)})
		for _, c := range q.groupKey {
			p.GroupBy = append(p.GroupBy, plan.Col(c.ref))
		}
		for _, c := range q.groupBy {
			p.GroupBy = append(p.GroupBy, plan.Col(c.ref))
		}
	case len(q.project) > 0:
		for _, c := range q.project {
			p.Select = append(p.Select, plan.SelectItem{Expr: plan.Col(c.ref)})
		}
	case len(q.joins) > 0:
		// Only the subject's columns: the joined parent served a filter.
		p.Select = []plan.SelectItem{{Expr: plan.Col(q.from.name + ".*")}}
	}
	p.Distinct = q.distinct
	var conds []plan.Cond
	for _, c := range q.conds {
		conds = append(conds, condOf(c)...)
	}
	switch len(conds) {
	case 0:
	case 1:
		p.Where = &conds[0]
	default:
		p.Where = &plan.Cond{And: conds}
	}
	for _, o := range q.order {
		p.OrderBy = append(p.OrderBy, plan.OrderItem{Expr: plan.Col(o.col.ref), Desc: o.desc})
	}
	if q.limit > 0 {
		p.Limit = plan.Int(q.limit)
	}
	p.Reason = describe(q)
	return p
}

func aggExpr(q *query) plan.Expr {
	if q.aggCol == nil {
		return plan.Expr{Agg: "count"}
	}
	arg := plan.Col(q.aggCol.ref)
	return plan.Expr{Agg: q.agg, Arg: &arg}
}

// condOf returns the plan conditions of one resolved condition: a range
// becomes two comparisons, ANDed with the rest.
func condOf(c condSpec) []plan.Cond {
	col := plan.Col(c.col.ref)
	switch c.op {
	case "range":
		lo, hi := plan.Val(c.lo), plan.Val(c.hi)
		col2 := col
		return []plan.Cond{
			{Op: ">=", Left: &col, Right: &lo},
			{Op: "<", Left: &col2, Right: &hi},
		}
	case "in":
		vals := make([]plan.Expr, len(c.vals))
		for i, v := range c.vals {
			vals[i] = plan.Val(v)
		}
		return []plan.Cond{{Op: "in", Left: &col, Values: vals}}
	}
	v := plan.Val(c.vals[0])
	return []plan.Cond{{Op: c.op, Left: &col, Right: &v}}
}

// describe is the one-line account of the plan shown to users.
func describe(q *query) string {
	var b strings.Builder
	switch {
	case q.agg == "count":
		fmt.Fprintf(&b, "number of %s", q.from.name)
	case q.agg == "count_distinct":
		fmt.Fprintf(&b, "number of distinct %s", q.aggCol.ref)
	case q.agg != "":
		fmt.Fprintf(&b, "%s of %s", aggName(q.agg), q.aggCol.ref)
	case len(q.order) > 0 && q.limit > 0:
		dir := "lowest"
		if q.order[0].desc {
			dir = "highest"
		}
		fmt.Fprintf(&b, "%s ranked by %s, %s first, %d %s", q.from.name, q.order[0].col.ref, dir, q.limit, plural(q.limit, "row"))
		if len(q.project) > 0 {
			fmt.Fprintf(&b, ", showing %s", refList(q.project))
		}
	case len(q.project) > 0:
		if q.distinct {
			b.WriteString("distinct ")
		}
		b.WriteString(refList(q.project))
	default:
		fmt.Fprintf(&b, "all columns of %s", q.from.name)
	}
	if len(q.groupBy) > 0 {
		fmt.Fprintf(&b, " per %s", refList(q.groupBy))
	}
	for i, c := range q.conds {
		if i == 0 {
			b.WriteString(" where ")
		} else {
			b.WriteString(" and ")
		}
		switch c.op {
		case "range":
			fmt.Fprintf(&b, "%s is from %s up to %s", c.col.ref, c.lo, c.hi)
		case "in":
			fmt.Fprintf(&b, "%s is one of %s", c.col.ref, valueList(c.vals))
		default:
			fmt.Fprintf(&b, "%s %s %s", c.col.ref, c.op, valueList(c.vals))
		}
	}
	if q.agg == "" && !(len(q.order) > 0 && q.limit > 0) {
		for i, o := range q.order {
			if i == 0 {
				b.WriteString(", sorted by ")
			} else {
				b.WriteString(", ")
			}
			b.WriteString(o.col.ref)
			if o.desc {
				b.WriteString(" descending")
			}
		}
	}
	return "offline planner: " + b.String()
}

func valueList(vs []any) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if s, ok := v.(string); ok {
			out[i] = fmt.Sprintf("%q", s)
		} else {
			out[i] = fmt.Sprint(v)
		}
	}
	return strings.Join(out, ", ")
}

func refList(cs []*colInfo) string {
	refs := make([]string, len(cs))
	for i, c := range cs {
		refs[i] = c.ref
	}
	return strings.Join(refs, ", ")
}

func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
