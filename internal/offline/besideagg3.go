package offline

// besideagg3.go reads a grouping column's name followed by a generic
// class noun: "the average age for different job title", "the number of
// rooms for each decor type". The noun ("title", "type") restates the
// column it follows — a job title is the job, a decor type is the decor —
// but alone it also links to another column of the same table (a title
// or name column, a bed type), which the projection then tried to show
// beside the aggregate and refused. When the word right before the noun
// names a grouping column of that same table, the noun is part of the
// group's name and adds no column.

import "slices"

// groupClassNouns are the general English nouns that name a kind of
// thing after the word for the thing ("job title", "room type").
var groupClassNouns = map[string]bool{
	"title": true, "titles": true, "type": true, "types": true,
	"kind": true, "kinds": true, "category": true, "categories": true,
}

// restatesGroup reports whether mention m, read as column c beside an
// aggregate, is a class noun completing the name of a grouping column of
// c's table written right before it.
func (r *resolver) restatesGroup(m int, c *colInfo) bool {
	q := r.q
	if q.agg == "" || m == 0 || slices.Contains(q.groupBy, c) || !groupClassNouns[lower(r.ms[m].text)] {
		return false
	}
	prev := r.ms[m-1]
	if prev.to != r.ms[m].from {
		return false // not one compound: "job and title"
	}
	for _, g := range q.groupBy {
		if g.table != c.table {
			continue
		}
		for _, ref := range prev.cols {
			if ref.table == g.table.idx && ref.col == g.idx {
				return true
			}
		}
	}
	return false
}
