package offline

import "slices"

// categoryList reports whether the question lists one column whose values
// are a handful of categories repeated across the rows ("what cities do
// students live in", "show all allergy types"): it asks which values
// there are, each once, not one line per row. The column must hold text,
// not name or key its rows, have every value sampled and values that
// repeat (colInfo.repeats); the rows must be
// neither filtered, ordered nor cut.
func (r *resolver) categoryList() bool {
	q := r.q
	if len(q.project) != 1 || len(q.conds) > 0 || len(q.order) > 0 || q.limit > 0 || len(q.joins) > 0 {
		return false
	}
	c := q.project[0]
	if c.id || !isTextual(c.kind) || !c.complete || !c.repeats || c.table != q.from || slices.Contains(q.from.labels, c.idx) {
		return false
	}
	return len(c.samples) > 0
}
