package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
)

// "Or" between groups of conditions. Two conditions either side of "or"
// are each one side (setops.go); with more, the grouping is read only
// where English fixes it:
//
//   - "either" opens the first group and "and" joins the second: "courses
//     that have either 3 credits or 1 credit and 4 hours" is (3 credits)
//     OR (1 credit AND 4 hours); conditions before "either" hold on both
//     sides ("courses in building NEB with either ...").
//   - groups of the same shape either side: "courses in the Fall of 2009
//     or the Spring of 2010" is (Fall AND 2009) OR (Spring AND 2010), each
//     group as many conditions of the same kinds in the same order.
//
// Anything else ("in division AS or in division EN and in building NEB"
// without "either") could group either way and stays refused.

// orGroups returns the indexes of the filters on the left and on the
// right of the frame's "or"; filters in neither hold on both sides. Both
// are nil when the grouping is not certain.
func orGroups(f *frame) (left, right []int) {
	if len(f.filters) == 2 {
		l, r := orSides(f)
		if l < 0 || r < 0 {
			return nil, nil
		}
		return []int{l}, []int{r}
	}
	if e := eitherBefore(f); e >= 0 {
		for k, fs := range f.filters {
			switch {
			case fs.at > e && fs.at < f.orAt:
				left = append(left, k)
			case fs.at > f.orAt:
				right = append(right, k)
			}
		}
		if len(left) == 0 || len(right) == 0 || !groupJoinedByAnd(f, right) {
			return nil, nil
		}
		return left, right
	}
	for k, fs := range f.filters {
		if fs.at < f.orAt {
			left = append(left, k)
		} else {
			right = append(right, k)
		}
	}
	if len(left) != len(right) || len(left) < 2 {
		return nil, nil
	}
	for k := range left {
		if f.filters[left[k]].kind != f.filters[right[k]].kind {
			return nil, nil
		}
	}
	return left, right
}

// groupJoinedByAnd reports whether "and" or "but" stands between each two
// consecutive filters of group g: "or 1 credit and 4 hours" binds the
// hours to the second group, while "or in range Andes with height over
// 5000" may put the height on both, and is not read.
func groupJoinedByAnd(f *frame, g []int) bool {
	for k := 1; k < len(g); k++ {
		found := false
		for j := f.filters[g[k-1]].at + 1; j < f.filters[g[k]].at; j++ {
			if m := f.ms[j]; m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwBut) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// eitherBefore returns the mention of the "either" that opens the frame's
// "or" (the last before it), or -1.
func eitherBefore(f *frame) int {
	for j := f.orAt - 1; j >= 0; j-- {
		m := f.ms[j]
		if m.kind == mKeyword && m.kw.kind == kwBoth && lower(m.text) == "either" {
			return j
		}
	}
	return -1
}

// withoutFilters copies frame f without the filters at indexes drop.
func withoutFilters(f *frame, drop []int) *frame {
	c := cloneFrame(f)
	c.filters = nil
	for j, o := range f.filters {
		if !slices.Contains(drop, j) {
			c.filters = append(c.filters, o)
		}
	}
	return c
}

// orDistinct reports whether the rows of an "or" between groups of
// conditions are listed once each. "Courses that have either 3 credits or
// 1 credit and 4 hours" reads as two lists put together (those with 3
// credits, together with those with 1 credit and 4 hours), and a union of
// lists names each value once, as the planner's own unions do
// (setops.go). An "or" between two single conditions ("races after 12:00
// or before 09:00") is one list whose rows meet either; it keeps its rows.
// Plans that aggregate or show whole rows keep theirs too.
func orDistinct(p *plan.Plan) bool {
	if p.Where == nil || len(p.Where.Or) != 2 || len(p.GroupBy) > 0 || len(p.Select) == 0 {
		return false
	}
	if len(p.Where.Or[0].And) == 0 && len(p.Where.Or[1].And) == 0 {
		return false
	}
	for _, it := range p.Select {
		if it.Expr.Col == "" || strings.HasSuffix(it.Expr.Col, "*") {
			return false
		}
	}
	return true
}
