package offline

// "Stations with a latitude above 37.4 that have never had fewer than 7
// bikes available": the negated condition is on a table that refers to
// the question's own (status.station_id → station), so the rows taken
// away are those of the question's table that some such row refers to:
//
//	SELECT station.id FROM station WHERE lat > 37.4
//	EXCEPT SELECT station.id FROM station WHERE station.id IN
//	  (SELECT status.station_id FROM status WHERE bikes_available < 7)
//
// Read only on the side taken away, and only when the condition's table
// is one step down and refers to the question's table by exactly one
// key: then "which rows have such a row" has one answer. A parent's
// column (an artist's genre's rating beside its songs' ratings), or a
// child referring by two keys (a trip's start and end station), leave
// which rows are meant to the verb, and the question stays refused (see
// oneTable). Whether each row is meant once or once per child does not
// arise: the EXCEPT keeps each row once (onceOrEach, children.go).

// childCond reports whether the resolved side q reads its condition
// only through one child of its own table that refers to it by one key.
func childCond(q *query) bool {
	if len(q.steps) != 1 || len(q.linkGroups) != 0 {
		return false
	}
	for t, h := range q.steps {
		// The child may also be listed among the joins; nothing else.
		for _, j := range q.joins {
			if j != t {
				return false
			}
		}
		return h.down && h.prev == q.from && t == h.table && len(t.parents[q.from.idx]) == 1
	}
	return false
}
