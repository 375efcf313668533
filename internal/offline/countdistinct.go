package offline

import "slices"

// countFansOut makes a count of the subject's rows count each row once when
// its joins go down to a child ("the number of papers published by the
// institution X" joins papers to authorship, one row per author; "how many
// distinct programs are broadcast at night", one row per broadcast): the
// joined rows are counted by the subject's key, COUNT(DISTINCT key). A
// subject without a one-column primary key cannot be counted so, and is
// refused.
func (r *resolver) countFansOut() *refusal {
	q := r.q
	if q.agg != "count" || q.aggCol != nil || len(q.groupBy) > 0 || len(q.groupKey) > 0 || q.having != "" || q.rankAgg {
		return nil
	}
	down := false
	for _, h := range q.steps {
		down = down || h.down
	}
	if !down {
		return nil
	}
	if len(q.from.pk) != 1 {
		return refuseUnresolved("I could not tell how to count each %s once: it meets several rows of the tables joined to it.", q.from.name)
	}
	key := r.colByName(q.from, q.from.pk[0])
	if key == nil {
		return refuseUnresolved("I could not tell how to count each %s once: it meets several rows of the tables joined to it.", q.from.name)
	}
	q.agg, q.aggCol = "count_distinct", key
	return nil
}

// countHeld refuses a count of the subject's rows when a table of the
// query holds that count as a number: a column named like the subject
// (faculty.faculty, the faculty of a campus in a year) or "number of
// <subject>" (bank.no_of_customers). "How many faculty in 2002" then may
// count rows or add up the column, and which is meant is not said.
func (r *resolver) countHeld() *refusal {
	q := r.q
	if q.agg != "count" || q.aggCol != nil {
		return nil
	}
	noun := q.from.stems
	if len(noun) == 0 {
		return nil
	}
	for _, t := range append([]*tableInfo{q.from}, q.joins...) {
		for _, c := range t.cols {
			if c == nil || c.id || !c.numeric || c.date || c.year {
				continue
			}
			w := c.stems
			held := slices.Equal(w, noun)
			if len(w) > 2 && w[0] == "number" && w[1] == "of" {
				held = held || slices.Equal(w[2:], noun) || slices.Equal(w[len(w)-1:], noun[len(noun)-1:])
			}
			if held {
				return refuseUnresolved("I could not tell whether to count the rows of %s or add up %s, which holds such a count.", q.from.name, c.ref)
			}
		}
	}
	return nil
}
