package offline

// codeGroup reports whether a group named by a parent table t that the
// subject refers to by a text key ("how many students are in each
// department", student.dept_code) is shown by that key rather than by t's
// labels: the key is then the group's own code, and the parent need not
// be joined. That holds only when the question shows the aggregate beside
// the groups and names none of t's columns to show; a question asking
// which group ranks first ("which room has the most reservations") or
// naming the parent's columns ("the name of each building and …") still
// wants the parent's labels.
func (r *resolver) codeGroup(t *tableInfo) bool {
	if r.q.hideAgg || r.f.limit > 0 {
		// A ranking asks which group, shown aggregate or not ("which
		// department has the highest average GPA, and what is it?").
		return false
	}
	for _, m := range r.f.project {
		for _, c := range r.ms[m].cols {
			if c.table == t.idx {
				return false
			}
		}
	}
	return true
}
