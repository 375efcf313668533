package offline

import "slices"

// besideGroup settles a column word shown beside a count of related rows
// that the resolver first read as a column of the counted rows: in "the id
// and name of the mountains that have at least 2 photos", "id" may be
// photos.id or mountain.id, and only the mountain's has one value per
// group. Only beside a count, where the rows counted are the ones the word
// was first read against, and not in a ranking by it ("the railway with
// the most trains"), where the one row kept is picked among groups that
// often tie on a count and the answer is then unsure. When exactly one of
// the tables the word may name gives a column that can be shown beside the
// aggregate, it is that one; otherwise the question stays refused.
func (r *resolver) besideGroup(m int, c *colInfo) *colInfo {
	var found *colInfo
	for _, ref := range r.ms[m].cols {
		alt := r.lx.col(ref.table, ref.col)
		if alt == c || !(slices.Contains(r.q.groupBy, alt) || r.groupShows(alt)) {
			continue
		}
		if found != nil && found != alt {
			return nil
		}
		found = alt
	}
	return found
}
