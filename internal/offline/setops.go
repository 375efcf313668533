package offline

import (
	"reflect"
	"strings"

	"querent/internal/plan"
)

// Set operations: "both X and Y" (INTERSECT), "X but not Y" (EXCEPT), and
// two conditions on one column that no single row can meet ("publishers
// with books in 1989 and books in 1990"), which can only mean the values
// shown for rows of each. Each side is planned as its own question; the
// two must show the same columns and neither may aggregate, rank or sort,
// so the combination is of two plain lists.

// sides is a frame split into the two readings a set operation combines.
type sides struct {
	op          string // intersect, except, union or or
	left, right *frame
	// ownTables marks sides that are two tables' own lists (union.go):
	// neither may reach into another table.
	ownTables bool
}

// splitSets returns the two readings of a frame that combines sets, or
// nil when it does not.
func splitSets(f *frame) *sides {
	if len(f.unionOf) == 2 {
		return tableSides(f)
	}
	if f.orAt >= 0 {
		l, r := orGroups(f) // orconds.go
		if l == nil {
			return nil
		}
		return &sides{op: "or", left: withoutFilters(f, r), right: withoutFilters(f, l)}
	}
	if f.both >= 0 {
		fs := f.filters[f.both]
		if len(fs.vals) != 2 {
			return nil
		}
		a, b := fs, fs
		a.vals, b.vals = fs.vals[:1], fs.vals[1:]
		return &sides{op: "intersect", left: withFilter(f, f.both, a), right: withFilter(f, f.both, b)}
	}
	for k, fs := range f.filters {
		if !fs.except {
			continue
		}
		// The left side keeps every condition but the one taken away; the
		// right swaps the value condition it contrasts with for it.
		left := withFilter(f, k, filterSpec{})
		right := cloneFrame(f)
		right.filters = nil
		pos := fs
		pos.except = false
		for j, o := range f.filters {
			switch {
			case j == k:
				right.filters = append(right.filters, pos)
			case f.negSet:
				// "studios in Paris that never worked with Walter Hill":
				// any of his films counts, wherever it was made.
			case o.kind == fValue && sharesColumn(f, o, fs):
			default:
				right.filters = append(right.filters, o)
			}
		}
		return &sides{op: "except", left: left, right: right}
	}
	if i, j, ok := contradiction(f); ok {
		return &sides{op: "intersect", left: withFilter(f, j, filterSpec{}), right: withFilter(f, i, filterSpec{})}
	}
	return nil
}

// orSides returns the conditions either side of the frame's "or": the
// last before it and the first after it; -1 when a side has none.
func orSides(f *frame) (int, int) {
	l, r := -1, -1
	for k, fs := range f.filters {
		switch {
		case fs.at < f.orAt && (l < 0 || fs.at > f.filters[l].at):
			l = k
		case fs.at > f.orAt && (r < 0 || fs.at < f.filters[r].at):
			r = k
		}
	}
	return l, r
}

// orBetween reports whether the "or" at i stands between the question's
// two conditions, or between groups of them whose grouping English fixes
// (orGroups).
func orBetween(f *frame, i int) bool {
	if len(f.filters) < 2 {
		return false
	}
	saved := f.orAt
	f.orAt = i
	l, _ := orGroups(f)
	f.orAt = saved
	return l != nil
}

// contradiction finds two conditions on the same column that one row
// cannot meet together: two different equal values, or a range that is
// empty (over 1500 and under 500).
func contradiction(f *frame) (int, int, bool) {
	for i := range f.filters {
		for j := i + 1; j < len(f.filters); j++ {
			a, b := f.filters[i], f.filters[j]
			if f.bothSets && differentValues(f, a, b) {
				return i, j, true
			}
			if a.kind != b.kind || (a.kind != fLit && a.kind != fYear) || a.except || b.except {
				continue
			}
			if a.kind == fLit && !sameLitColumn(f, a, b) {
				continue
			}
			if disjoint(a.op, a.lit, b.op, b.lit) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// sameLitColumn reports whether two comparisons are of one column: the
// same column named, or the age both "older than" and "younger than"
// compare without naming it.
func sameLitColumn(f *frame, a, b filterSpec) bool {
	if a.col < 0 || b.col < 0 {
		return a.col < 0 && b.col < 0 && f.bothSets && ageWords(a.text) && ageWords(b.text)
	}
	return strings.EqualFold(f.ms[a.col].text, f.ms[b.col].text)
}

func ageWords(text string) bool {
	w := lower(text)
	return strings.HasPrefix(w, "older ") || strings.HasPrefix(w, "younger ")
}

// differentValues reports whether two conditions each want one different
// value of one column ("a player of gender M and a player of gender F"),
// which no single row holds: after "both", two sets.
func differentValues(f *frame, a, b filterSpec) bool {
	if a.kind == fLit && b.kind == fLit && a.op == "=" && b.op == "=" && a.col >= 0 && b.col >= 0 {
		x, ok1 := a.lit.(string)
		y, ok2 := b.lit.(string)
		return ok1 && ok2 && !strings.EqualFold(x, y) && sameLitColumn(f, a, b)
	}
	if a.kind != fValue || b.kind != fValue || a.except || b.except || a.op != "=" || b.op != "=" ||
		len(a.vals) != 1 || len(b.vals) != 1 {
		return false
	}
	x, y := f.ms[a.vals[0]], f.ms[b.vals[0]]
	return !strings.EqualFold(x.text, y.text) && len(sharedColumns(x.vals, y.vals)) > 0
}

// disjoint reports whether no number x satisfies both x opA a and x opB b.
func disjoint(opA string, a any, opB string, b any) bool {
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return false
	}
	below := func(op string) bool { return op == "<" || op == "<=" }
	above := func(op string) bool { return op == ">" || op == ">=" }
	switch {
	case opA == "=" && opB == "=":
		return x != y
	case above(opA) && below(opB):
		return y < x || y == x && (opA == ">" || opB == "<")
	case below(opA) && above(opB):
		return x < y || x == y && (opA == "<" || opB == ">")
	}
	return false
}

func asFloat(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// sharesColumn reports whether two value conditions may be on one column:
// some column holds a value of each.
func sharesColumn(f *frame, a, b filterSpec) bool {
	for _, x := range a.vals {
		for _, y := range b.vals {
			if len(sharedColumns(f.ms[x].vals, f.ms[y].vals)) > 0 {
				return true
			}
		}
	}
	return false
}

// withFilter copies f with filter k replaced by fs, or dropped when fs is
// the zero filterSpec.
func withFilter(f *frame, k int, fs filterSpec) *frame {
	c := cloneFrame(f)
	c.filters = nil
	for j, o := range f.filters {
		switch {
		case j != k:
			c.filters = append(c.filters, o)
		case fs.text != "" || fs.vals != nil:
			c.filters = append(c.filters, fs)
		}
	}
	return c
}

// cloneFrame copies a frame so one side's resolution cannot change the
// other's.
func cloneFrame(f *frame) *frame {
	c := *f
	c.both = -1
	c.filters = append([]filterSpec(nil), f.filters...)
	return &c
}

// combine plans both sides and joins them with the set operation; either
// side's refusal is the question's.
func (p *Planner) combine(s *sides, tr *Trace) (*plan.Plan, *refusal) {
	var ps [2]*plan.Plan
	for k, f := range []*frame{s.left, s.right} {
		q, rf := resolve(p.lx, f, p.today)
		if q != nil && tr != nil && k == 0 {
			tr.Table = q.from.name
		}
		if rf != nil {
			return nil, rf
		}
		if s.op == "or" {
			ps[k] = build(q)
			continue
		}
		if q.agg != "" || q.limit > 0 || len(q.order) > 0 {
			return nil, refuseUnsupported("combining sets of rows that are counted, ranked or sorted")
		}
		if s.ownTables && !oneTable(q) {
			// Each side's columns must be its own table's: a column
			// reached through a join is not that table's list.
			return nil, refuseUnsupported("questions about two tables at once (%s)", q.from.name)
		}
		if f.negSet && !oneTable(q) && (k == 0 || !childCond(q)) { // childCond: negation6.go
			return nil, refuseUnsupported("negation of a condition on another table than %s", q.from.name)
		}
		ps[k] = build(q)
	}
	if s.op == "or" {
		return either(ps[0], ps[1])
	}
	if s.ownTables {
		if reflect.DeepEqual(ps[0].From, ps[1].From) {
			return nil, refuseUnsupported("questions naming one table twice")
		}
		if len(ps[0].Select) != len(ps[1].Select) || len(ps[0].Select) == 0 {
			return nil, refuseUnsupported("combining lists that show different numbers of columns")
		}
	} else if !reflect.DeepEqual(ps[0].Select, ps[1].Select) || len(ps[0].Select) == 0 {
		return nil, refuseUnsupported("combining sets of rows that show different columns")
	}
	l, r := ps[0], ps[1]
	l.Distinct, r.Distinct = false, false // the set operation removes duplicates
	word := " and also "
	switch s.op {
	case "except":
		word = " but not "
	case "union":
		word = " together with "
	}
	l.Reason = strings.TrimSuffix(l.Reason, ".") + word + strings.TrimPrefix(r.Reason, reasonPrefix)
	r.Reason = ""
	l.SetOp = &plan.SetOp{Op: s.op, Right: r}
	return l, nil
}

// either joins two plans that differ only in their conditions into one
// whose condition is either side's. Plans that differ otherwise (one joins
// a table the other does not) are refused: their rows are not of one
// query.
func either(l, r *plan.Plan) (*plan.Plan, *refusal) {
	if l.Where == nil || r.Where == nil || l.SetOp != nil || r.SetOp != nil {
		return nil, refuseUnsupported("\"or\" between conditions")
	}
	a, b := *l, *r
	a.Where, b.Where, a.Reason, b.Reason = nil, nil, "", ""
	if !reflect.DeepEqual(a, b) {
		return nil, refuseUnsupported("\"or\" between conditions on different tables")
	}
	out := *l
	out.Where = &plan.Cond{Or: []plan.Cond{*l.Where, *r.Where}}
	out.Distinct = out.Distinct || orDistinct(&out)
	out.Reason = strings.TrimSuffix(l.Reason, ".") + " or " + strings.TrimPrefix(r.Reason, reasonPrefix)
	return &out, nil
}

// reasonPrefix begins every plan's Reason.
const reasonPrefix = "offline planner: "
