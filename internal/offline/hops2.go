package offline

import (
	"slices"
	"strings"
)

// A table the question reaches may be a parent of a table the query has
// already joined as well as the subject's child: "the name and primarily
// affiliated department name of each physician" joins affiliated_with for
// the flag, and department is both that row's department and the
// department a physician heads. The row already joined is the one the
// words describe, so its parent is the department meant; the other key
// would relate a second, unrelated row of the same table.

// joinedParentStep returns the hop up to t from the one table already
// joined (other than the subject) that references t by exactly one key,
// when the subject itself does not reach t through a parent; ok is false
// when no joined table, or more than one, references t.
func (r *resolver) joinedParentStep(t *tableInfo) (h hop, ok bool) {
	if len(r.subject.parents[t.idx]) > 0 {
		return hop{}, false
	}
	n := 0
	for _, j := range r.q.joins {
		if j == t || j == r.subject {
			continue
		}
		e, down, one := link(j, t)
		if !one || down {
			continue
		}
		h, n = hop{table: t, prev: j, e: e}, n+1
	}
	return h, n == 1
}

// joinFromJoined joins t as a parent of a table already joined, when
// [resolver.joinedParentStep] finds one; it reports whether it did.
func (r *resolver) joinFromJoined(t *tableInfo) bool {
	h, ok := r.joinedParentStep(t)
	if !ok {
		return false
	}
	if r.q.steps == nil {
		r.q.steps = map[*tableInfo]hop{}
	}
	r.q.steps[t] = h
	r.q.joins = append(r.q.joins, t)
	return true
}

// A value may be held both by a key column of a child of the subject and
// by the column of the table that key refers to ("students who have cat
// allergies": has_allergy.allergy refers to allergy_type.allergy, both
// holding "Cat"; "instructors who taught in the Fall": teaches.semester
// is part of teaches' key to section, and takes' key copies it too).
// Every copy holds the same value for rows that are joined, so the
// column of the subject's child is the one a question about the
// subject's rows means: it is one join away, and the other copies say
// nothing it does not.

// childKeyCopy returns, of vals (the references of a value that neither
// the subject, a parent nor a table the question names holds), those in
// one column of a table referencing the subject by exactly one key (and
// referenced by it by none), when every other column holding the value is linked to that
// one by foreign-key copies among them (a column of a key and the column
// it refers to). nil otherwise.
func (r *resolver) childKeyCopy(vals []valueRef) []valueRef {
	cols := distinctColumns(vals)
	if len(cols) < 2 {
		return nil
	}
	child := -1
	for k, c := range cols {
		if _, down, ok := link(r.subject, r.lx.tables[c.table]); ok && down {
			if child >= 0 {
				return nil
			}
			child = k
		}
	}
	if child < 0 || !r.copyLinked(cols) {
		return nil
	}
	var in []valueRef
	for _, v := range vals {
		if v.table == cols[child].table && v.col == cols[child].col {
			in = append(in, v)
		}
	}
	return in
}

// copyLinked reports whether the columns form one group under the
// relation "one is part of a foreign key referring to the other".
func (r *resolver) copyLinked(cols []valueRef) bool {
	reached := []valueRef{cols[0]}
	for grew := true; grew; {
		grew = false
		for _, c := range cols {
			if slices.Contains(reached, c) {
				continue
			}
			if slices.ContainsFunc(reached, func(o valueRef) bool { return r.copiesPart(c, o) || r.copiesPart(o, c) }) {
				reached, grew = append(reached, c), true
			}
		}
	}
	return len(reached) == len(cols)
}

// copiesPart reports whether column child is one column of a foreign key
// (of one or several columns) referring to column parent.
func (r *resolver) copiesPart(child, parent valueRef) bool {
	from, to := r.lx.col(child.table, child.col), r.lx.col(parent.table, parent.col)
	for _, e := range r.lx.tables[child.table].parents[parent.table] {
		for k := range e.from {
			if strings.EqualFold(e.from[k], from.name) && strings.EqualFold(e.to[k], to.name) {
				return true
			}
		}
	}
	return false
}

// keyCopyCondRefs returns the reference of a column mention a condition
// compares, when the column is the one-column primary key of a table the
// subject does not reference, and exactly one key of the subject's
// children refers to it ("patients who stayed in room 112": room's
// number, which stay.room copies; stay refers to patient): the child's
// copy holds the compared value for the subject's rows, one join away,
// and the referenced row adds nothing the comparison needs. nil
// otherwise.
func (r *resolver) keyCopyCondRefs(cands []nameRef) []nameRef {
	refs := strongest(cands, classSynonym)
	if !r.cond || len(refs) != 1 || refs[0].col < 0 {
		return nil
	}
	col := r.lx.col(refs[0].table, refs[0].col)
	t := col.table
	if t == r.subject || len(r.subject.parents[t.idx]) > 0 || len(t.pk) != 1 || !strings.EqualFold(t.pk[0], col.name) {
		return nil
	}
	var found []nameRef
	for _, ch := range r.lx.tables {
		if !r.childOf(ch) {
			continue
		}
		for _, e := range ch.parents[t.idx] {
			if len(e.from) != 1 || !strings.EqualFold(e.to[0], col.name) {
				return nil // a key of several columns, or to another column
			}
			for _, c := range ch.cols {
				if c != nil && strings.EqualFold(c.name, e.from[0]) {
					found = append(found, nameRef{table: ch.idx, col: c.idx, class: refs[0].class})
				}
			}
		}
	}
	if len(found) != 1 {
		return nil
	}
	r.childJoins = append(r.childJoins, r.lx.tables[found[0].table])
	return found
}
