package offline

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/plan"
)

// build turns a resolved query into a Plan. Every column reference is
// "table.column" in the schema's own spelling and every literal a value, so
// the compiler binds it as a parameter.
func build(q *query) *plan.Plan {
	if q.semi {
		if p := buildSemi(q); p != nil {
			return p
		}
		// Not of that form: the joined rows, each once.
		d := *q
		d.semi, d.distinct = false, true
		q = &d
	}
	p := &plan.Plan{From: plan.Source{Table: q.from.name}}
	if parent := groupedParent(q); parent != nil {
		// Groups of a parent by their count of children read from the
		// parent, grouped by its own key, as such queries are usually
		// written; the rows are the same either way.
		e := q.from.parents[parent.idx][0]
		on := make([]plan.JoinOn, len(e.from))
		for k := range e.from {
			on[k] = plan.JoinOn{Left: parent.name + "." + e.to[k], Right: q.from.name + "." + e.from[k]}
		}
		p.From = plan.Source{Table: parent.name}
		p.Joins = []plan.Join{{Type: plan.JoinInner, Source: plan.Source{Table: q.from.name}, On: on}}
	}
	for _, t := range q.joins {
		if p.From.Table != q.from.name {
			break
		}
		if h, ok := q.steps[t]; ok {
			e := h.e
			on := make([]plan.JoinOn, len(e.from))
			for k := range e.from {
				if h.down {
					on[k] = plan.JoinOn{Left: h.prev.name + "." + e.to[k], Right: t.name + "." + e.from[k]}
				} else {
					on[k] = plan.JoinOn{Left: h.prev.name + "." + e.from[k], Right: t.name + "." + e.to[k]}
				}
			}
			p.Joins = append(p.Joins, plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: t.name}, On: on})
			continue
		}
		e := q.from.parents[t.idx][0]
		on := make([]plan.JoinOn, len(e.from))
		for k := range e.from {
			on[k] = plan.JoinOn{Left: q.from.name + "." + e.from[k], Right: t.name + "." + e.to[k]}
		}
		p.Joins = append(p.Joins, plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: t.name}, On: on})
	}
	switch {
	case q.agg != "":
		if q.aggFirst {
			p.Select = append(p.Select, plan.SelectItem{Expr: aggExpr(q)})
		}
		for _, c := range q.groupBy {
			p.Select = append(p.Select, plan.SelectItem{Expr: plan.Col(c.ref)})
		}
		if !q.hideAgg && !q.aggFirst {
			p.Select = append(p.Select, plan.SelectItem{Expr: aggExpr(q)})
		}
		if q.rankAgg {
			p.OrderBy = append(p.OrderBy, plan.OrderItem{Expr: rankExpr(q), Desc: q.rankDesc})
		}
		if q.having != "" {
			agg, n := aggExpr(q), plan.Val(q.havingN)
			if q.havingRows {
				agg = plan.Expr{Agg: "count"}
			}
			p.Having = &plan.Cond{Op: q.having, Left: &agg, Right: &n}
		}
		for _, a := range q.moreAggs {
			if a.col == nil {
				p.Select = append(p.Select, plan.SelectItem{Expr: plan.Expr{Agg: "count"}})
				continue
			}
			arg := aggArg(a.agg, a.col)
			p.Select = append(p.Select, plan.SelectItem{Expr: plan.Expr{Agg: a.agg, Arg: &arg}})
		}
		for _, ref := range groupKeyRefs(q) {
			p.GroupBy = append(p.GroupBy, plan.Col(ref))
		}
		if (groupedParent(q) == nil || !q.parentKeyed) && !ownKeyed(q) {
			for _, c := range q.groupBy {
				if !slices.ContainsFunc(p.GroupBy, func(e plan.Expr) bool { return e.Col == c.ref }) {
					// the key shown beside its count is grouped once
					p.GroupBy = append(p.GroupBy, plan.Col(c.ref))
				}
			}
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
	if q.measure != nil && q.measure.def.Where != nil {
		conds = append(conds, *q.measure.measureWhere())
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

// groupedParent returns the parent whose rows are grouped by their count
// of the subject's rows ("the customer with the most orders"), or nil.
func groupedParent(q *query) *tableInfo {
	if !q.hideAgg || len(q.joins) != 1 || len(q.groupKey) == 0 || q.steps[q.joins[0]].table != nil {
		return nil
	}
	return q.joins[0]
}

// ownKeyed reports whether the groups are rows of one table grouped by
// its own primary key (a group reached through a link table): the
// columns shown of it need no grouping of their own.
func ownKeyed(q *query) bool {
	if !q.parentKeyed || len(q.groupKey) == 0 {
		return false
	}
	t := q.groupKey[0].table
	if !isPK(t, q.groupKey) {
		return false
	}
	for _, c := range q.groupBy {
		if c.table != t {
			return false
		}
	}
	return true
}

// groupKeyRefs are the references of the hidden grouping keys: the
// subject's foreign key, or the parent's own key when the plan reads from
// the parent.
func groupKeyRefs(q *query) []string {
	var refs []string
	if parent := groupedParent(q); parent != nil {
		for _, to := range q.from.parents[parent.idx][0].to {
			refs = append(refs, parent.name+"."+to)
		}
		return refs
	}
	for _, c := range q.groupKey {
		refs = append(refs, c.ref)
	}
	return refs
}

func aggExpr(q *query) plan.Expr {
	if q.measure != nil {
		return q.measure.measureExpr()
	}
	if q.aggCol == nil {
		return plan.Expr{Agg: "count"}
	}
	arg := aggArg(q.agg, q.aggCol)
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
	case "between":
		lo, hi := plan.Val(c.vals[0]), plan.Val(c.vals[1])
		return []plan.Cond{{Op: "between", Left: &col, Low: &lo, High: &hi}}
	case "in", "not_in":
		if c.child != nil {
			return []plan.Cond{{Op: c.op, Left: &col, Subquery: childKeys(c)}}
		}
		vals := make([]plan.Expr, len(c.vals))
		for i, v := range c.vals {
			vals[i] = plan.Val(v)
		}
		return []plan.Cond{{Op: c.op, Left: &col, Values: vals}}
	}
	if c.avg || c.extreme != "" || c.one {
		// a text column of numbers compares with its average as a number
		// on both sides (textnumbers.go)
		left := numExpr(c.col)
		return []plan.Cond{{Op: c.op, Left: &left, Right: &plan.Expr{Subquery: aggSubquery(c)}}}
	}
	if c.other != nil {
		// colword.go: "whose support percentage is lower than their
		// oppose rate" compares two columns of each row.
		right := plan.Col(c.other.ref)
		return []plan.Cond{{Op: c.op, Left: &col, Right: &right}}
	}
	v := plan.Val(c.vals[0])
	return []plan.Cond{{Op: c.op, Left: &col, Right: &v}}
}

// childKeys is the subquery of "X without Y" (and of "X with some Y"): the keys of X that rows of
// Y (those meeting its conditions, if any) refer to, NULLs left out so
// that NOT IN keeps its plain meaning.
func childKeys(c condSpec) *plan.Plan {
	fk := plan.Col(c.child.name + "." + c.fk)
	notNull := plan.Cond{Op: "is_not_null", Left: &fk}
	sub := &plan.Plan{From: plan.Source{Table: c.child.name}, Where: &notNull}
	if c.sub != nil {
		sub = build(c.sub)
		sub.Reason = ""
		switch {
		case sub.Where == nil:
			sub.Where = &notNull
		case len(sub.Where.And) > 0:
			sub.Where.And = append(sub.Where.And, notNull)
		default:
			sub.Where = &plan.Cond{And: []plan.Cond{*sub.Where, notNull}}
		}
	}
	sub.Select = []plan.SelectItem{{Expr: fk}}
	sub.Distinct = false
	return sub
}

// describe is the one-line account of the plan shown to users.
func describe(q *query) string {
	var b strings.Builder
	switch {
	case q.rankRows:
		return reasonPrefix + modeText(q) + whereText(q) // appliesto.go
	case q.rankAgg && (q.hideAgg || q.limit > 0):
		dir := "fewest"
		if q.rankDesc {
			dir = "most"
		}
		what := q.from.name
		if q.agg != "count" && q.agg != "" && q.aggCol != nil {
			// ranked by an aggregate of a column, not by a count of rows
			dir = map[string]string{"most": "highest", "fewest": "lowest"}[dir]
			what = aggName(q.agg) + " of " + q.aggCol.ref
		}
		fmt.Fprintf(&b, "%s with the %s %s, %d %s", refList(q.groupBy), dir, what, q.limit, plural(q.limit, "row"))
		return reasonPrefix + b.String() + shownText(q) + whereText(q)
	case q.having != "":
		if q.havingRows && q.aggCol != nil {
			// aggmore.go: the count keeps the groups, the aggregate is shown
			fmt.Fprintf(&b, "%s with %s %d %s, showing the %s of %s", refList(q.groupBy), q.having, q.havingN, q.from.name, aggName(q.agg), q.aggCol.ref)
			return reasonPrefix + b.String() + whereText(q)
		}
		if q.agg != "count" && q.aggCol != nil {
			fmt.Fprintf(&b, "%s with %s of %s %s %d", refList(q.groupBy), aggName(q.agg), q.aggCol.ref, q.having, q.havingN)
		} else {
			fmt.Fprintf(&b, "%s with %s %d %s", refList(q.groupBy), q.having, q.havingN, q.from.name)
		}
		return reasonPrefix + b.String() + shownText(q) + whereText(q)
	case q.measure != nil:
		fmt.Fprintf(&b, "measure %s", q.measure.def.Name)
	case q.agg == "count":
		fmt.Fprintf(&b, "number of %s", q.from.name)
		for _, a := range q.moreAggs {
			fmt.Fprintf(&b, ", %s of %s", aggName(a.agg), a.col.ref)
		}
	case q.agg == "count_distinct":
		fmt.Fprintf(&b, "number of distinct %s", q.aggCol.ref)
		for _, a := range q.moreAggs {
			// moreDistinct (beside4.go) adds only distinct counts
			fmt.Fprintf(&b, ", number of distinct %s", a.col.ref)
		}
	case q.agg != "":
		fmt.Fprintf(&b, "%s of %s", aggName(q.agg), q.aggCol.ref)
		for _, a := range q.moreAggs {
			if a.col == nil {
				fmt.Fprintf(&b, ", number of %s", q.from.name)
				continue
			}
			fmt.Fprintf(&b, ", %s of %s", aggName(a.agg), a.col.ref)
		}
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
	b.WriteString(whereText(q))
	if q.rankAgg {
		b.WriteString(", sorted by the count")
		if q.rankDesc {
			b.WriteString(" descending")
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
	return reasonPrefix + b.String()
}

// whereText is the account of the conditions, " where …", or empty.
func whereText(q *query) string {
	var b strings.Builder
	for i, c := range q.conds {
		if i == 0 {
			b.WriteString(" where ")
		} else {
			b.WriteString(" and ")
		}
		switch {
		case c.child != nil && c.child == c.col.table && c.sub != nil && len(c.sub.conds) == 1 && c.sub.conds[0].child != nil:
			// negation5.go: a difference of values
			fmt.Fprintf(&b, "%s is none of those of %s rows some %s row refers to", c.col.ref, c.child.name, c.sub.conds[0].child.name)
		case c.child != nil && c.op == "in":
			fmt.Fprintf(&b, "some %s row refers to %s", c.child.name, c.col.ref)
		case c.child != nil:
			fmt.Fprintf(&b, "no %s row refers to %s", c.child.name, c.col.ref)
		case c.op == "range":
			fmt.Fprintf(&b, "%s is from %s up to %s", c.col.ref, c.lo, c.hi)
		case c.op == "in":
			fmt.Fprintf(&b, "%s is one of %s", c.col.ref, valueList(c.vals))
		case c.op == "between":
			fmt.Fprintf(&b, "%s is from %v to %v", c.col.ref, c.vals[0], c.vals[1])
		case c.op == "not_in":
			fmt.Fprintf(&b, "%s is none of %s", c.col.ref, valueList(c.vals))
		case c.one || len(c.within) > 0 || c.extreme != "" && c.op != "=":
			describeWithin(&b, c) // compareagg.go
		case c.other != nil:
			fmt.Fprintf(&b, "%s %s %s", c.col.ref, c.op, c.other.ref) // colword.go
		case c.avg:
			fmt.Fprintf(&b, "%s %s its average", c.col.ref, c.op)
		case c.extreme != "":
			fmt.Fprintf(&b, "%s is its %s", c.col.ref, map[string]string{"max": "highest", "min": "lowest"}[c.extreme])
		default:
			fmt.Fprintf(&b, "%s %s %s", c.col.ref, c.op, valueList(c.vals))
		}
	}
	return b.String()
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

// buildSemi builds a list of the subject's rows filtered through a child
// as "key IN (subquery)": the child and the tables beyond it, with their
// conditions, inside; nil when the joins do not have that form.
func buildSemi(q *query) *plan.Plan {
	var first *hop
	for _, t := range q.joins {
		h, ok := q.steps[t]
		if !ok {
			return nil // a parent joined directly stays outside
		}
		if h.prev == q.from {
			if first != nil || !h.down || len(h.e.from) != 1 {
				return nil
			}
			first = &h
		}
	}
	if first == nil {
		return nil
	}
	inner := *q
	inner.semi, inner.distinct, inner.project, inner.order, inner.limit = false, false, nil, nil, 0
	outer := *q
	outer.semi, outer.distinct, outer.joins, outer.steps, outer.conds = false, q.usedSet, nil, nil, nil
	inner.conds = nil
	for _, c := range q.conds {
		if c.col.table == q.from {
			outer.conds = append(outer.conds, c)
		} else {
			inner.conds = append(inner.conds, c)
		}
	}
	p := build(&outer)
	fk := plan.Col(first.table.name + "." + first.e.from[0])
	sub := &plan.Plan{From: plan.Source{Table: first.table.name}, Select: []plan.SelectItem{{Expr: fk}}}
	for _, t := range q.joins {
		h := q.steps[t]
		if h.table == first.table {
			continue
		}
		on := make([]plan.JoinOn, len(h.e.from))
		for k := range h.e.from {
			if h.down {
				on[k] = plan.JoinOn{Left: h.prev.name + "." + h.e.to[k], Right: t.name + "." + h.e.from[k]}
			} else {
				on[k] = plan.JoinOn{Left: h.prev.name + "." + h.e.from[k], Right: t.name + "." + h.e.to[k]}
			}
		}
		sub.Joins = append(sub.Joins, plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: t.name}, On: on})
	}
	var conds []plan.Cond
	for _, c := range inner.conds {
		conds = append(conds, condOf(c)...)
	}
	switch len(conds) {
	case 0:
	case 1:
		sub.Where = &conds[0]
	default:
		sub.Where = &plan.Cond{And: conds}
	}
	key := plan.Col(q.from.name + "." + first.e.to[0])
	in := plan.Cond{Op: "in", Left: &key, Subquery: sub}
	switch {
	case p.Where == nil:
		p.Where = &in
	case len(p.Where.And) > 0:
		p.Where.And = append(p.Where.And, in)
	default:
		p.Where = &plan.Cond{And: []plan.Cond{*p.Where, in}}
	}
	p.Reason = describe(q)
	return p
}
