package offline

import "slices"

// besideGroup settles a column word shown beside a count of related rows
// that the resolver first read as a column of the counted rows: in "the id
// and name of the mountains that have at least 2 photos", "id" may be
// photos.id or mountain.id, and only the mountain's has one value per
// group. Only beside a count, where the rows counted are the ones the word
// was first read against, or in a ranking by it ("the id and builder of
// the railway with the most trains"): grouped by the parent's key alone,
// the row kept among tied groups is the one the engine picks by that key,
// as a reader's query would. When exactly one of
// the tables the word may name gives a column that can be shown beside the
// aggregate, it is that one; otherwise the question stays refused. A
// word the question gives a table of its own ("the name of the amenity
// most common in all dorms") keeps to that table: the dorm's name is not
// the amenity's.
func (r *resolver) besideGroup(m int, c *colInfo) *colInfo {
	var found *colInfo
	for _, ref := range r.ms[m].cols {
		alt := r.lx.col(ref.table, ref.col)
		if alt == c || !(slices.Contains(r.q.groupBy, alt) || r.groupShows(alt)) {
			continue
		}
		if o, ok := r.f.owner[m]; ok && !slices.ContainsFunc(strongest(r.ms[o].tables, classSynonym), func(t nameRef) bool { return t.table == alt.table.idx }) {
			continue
		}
		if found != nil && found != alt {
			return nil
		}
		found = alt
	}
	return found
}
