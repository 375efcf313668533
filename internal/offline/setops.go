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
	op          string // intersect or except
	left, right *frame
}

// splitSets returns the two readings of a frame that combines sets, or
// nil when it does not.
func splitSets(f *frame) *sides {
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

// contradiction finds two conditions on the same column that one row
// cannot meet together: two different equal values, or a range that is
// empty (over 1500 and under 500).
func contradiction(f *frame) (int, int, bool) {
	for i := range f.filters {
		for j := i + 1; j < len(f.filters); j++ {
			a, b := f.filters[i], f.filters[j]
			if a.kind != b.kind || (a.kind != fLit && a.kind != fYear) || a.except || b.except {
				continue
			}
			if a.kind == fLit && (a.col < 0 || b.col < 0 || !strings.EqualFold(f.ms[a.col].text, f.ms[b.col].text)) {
				continue
			}
			if disjoint(a.op, a.lit, b.op, b.lit) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
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
		if q.agg != "" || q.limit > 0 || len(q.order) > 0 {
			return nil, refuseUnsupported("combining sets of rows that are counted, ranked or sorted")
		}
		ps[k] = build(q)
	}
	if !reflect.DeepEqual(ps[0].Select, ps[1].Select) || len(ps[0].Select) == 0 {
		return nil, refuseUnsupported("combining sets of rows that show different columns")
	}
	l, r := ps[0], ps[1]
	l.Distinct, r.Distinct = false, false // the set operation removes duplicates
	word := " and also "
	if s.op == "except" {
		word = " but not "
	}
	l.Reason = strings.TrimSuffix(l.Reason, ".") + word + strings.TrimPrefix(r.Reason, reasonPrefix)
	r.Reason = ""
	l.SetOp = &plan.SetOp{Op: s.op, Right: r}
	return l, nil
}

// reasonPrefix begins every plan's Reason.
const reasonPrefix = "offline planner: "
