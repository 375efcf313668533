package offline

import "slices"

// Columns shown beside an aggregate that the linker first read as the
// counted rows' own, when the question says they belong to the groups:
// the grouped parent's label (groupLabel), the grouped text column itself
// (groupNamed) and the grouped parent's key (groupID). projection tries
// them, in that order, only for a column it would otherwise refuse.
//
// groupLabel: "Show the album names, ids and the number of tracks for
// each album" links "names" to track.name, because the album's label is
// called title; but a track's name varies within an album, and the words
// tie the names to the albums, the groups. The groups' table has one
// label column, shown once per group, so that is the column asked for.

// groupLabel returns the label column of the table whose rows are the
// groups, for mention m (read as c, a label of another table that cannot
// be shown beside the aggregate), when the question ties m to that table:
// "the album names" (the word's owner) or "the names … for each album"
// (the table grouped by, with no other owner). It returns nil when m is
// not a name word, when no table or more than one could be the groups',
// or when the word belongs to another table.
func (r *resolver) groupLabel(m int, c *colInfo) *colInfo {
	mm := r.ms[m]
	if len(mm.cols) == 0 || !r.allLabels(mm.cols) {
		return nil
	}
	var found *colInfo
	for _, t := range r.lx.tables {
		if t == c.table || len(t.labels) != 1 {
			continue
		}
		l := t.cols[t.labels[0]]
		if !slices.Contains(r.q.groupBy, l) && !r.groupShows(l) && !r.keyParent(l) {
			continue
		}
		if found != nil {
			return nil
		}
		found = l
	}
	if found == nil || !r.tiedToTable(m, found.table) {
		return nil
	}
	return found
}

// tiedToTable reports whether column mention m belongs to table t: its
// owner names t, or it has no owner and a grouping mention names t alone.
func (r *resolver) tiedToTable(m int, t *tableInfo) bool {
	names := func(k int) bool { return r.onlyTable(k, t) }
	if o, ok := r.f.owner[m]; ok {
		return names(o)
	}
	for _, g := range r.f.groups {
		if len(r.ms[g].cols) == 0 && names(g) {
			return true
		}
	}
	return false
}

// groupNamed: "the party name and the number of representatives in each
// party", "the name of every city that has at least 15 stations", "the
// name of film studio that have the most films" group the rows by a text
// column (party, city, studio) and ask for the group's name: the value of
// that column, the only thing that is one value per group. The name word
// must sit right beside the column's own mention, before it ("party
// name") or after it across "of", "each" and the column's table ("name of
// film studio"), so a name of anything else stays refused.

// groupNamed returns the grouping column that name mention m (read as c,
// which cannot be shown beside the aggregate) names, or nil.
func (r *resolver) groupNamed(m int, c *colInfo) *colInfo {
	q := r.q
	if len(q.groupBy) != 1 || len(q.groupKey) > 0 || len(r.ms[m].cols) == 0 || !r.allLabels(r.ms[m].cols) {
		return nil
	}
	g := q.groupBy[0]
	if g == c || g.id || g.numeric || g.date || !isTextual(g.kind) {
		return nil
	}
	if o, ok := r.f.owner[m]; ok && !r.onlyTable(o, g.table) {
		return nil
	}
	if k := prevContent(r.ms, m); k >= 0 && r.namesCol(k, g) {
		return g
	}
	for k := m + 1; k < len(r.ms); k++ {
		switch mm := r.ms[k]; {
		case mm.kind == mStop, mm.kind == mKeyword && mm.kw.kind == kwGroup:
		case r.namesCol(k, g):
			return g
		case len(mm.cols) == 0 && r.onlyTable(k, g.table):
		default:
			return nil
		}
	}
	return nil
}

// namesCol reports whether mention k means column c and nothing stronger.
func (r *resolver) namesCol(k int, c *colInfo) bool {
	refs := strongest(r.ms[k].cols, classSynonym)
	return len(refs) == 1 && r.lx.col(refs[0].table, refs[0].col) == c
}

// onlyTable reports whether mention k means table t alone.
func (r *resolver) onlyTable(k int, t *tableInfo) bool {
	refs := strongest(r.ms[k].tables, classSynonym)
	return len(refs) == 1 && refs[0].table == t.idx
}

// groupID: "List the customer details and id" beside a count of policies
// per customer links "id" to every table's key; besideGroup keeps only
// the keys already grouped by, but the customer's own key is as certain:
// the groups are the rows of the parent the grouped key refers to
// (keyParent), so its primary key has one value per group. The word must
// be a bare key word the question's named table can own ("customers",
// "projects") and no other table's.

// groupID returns the one primary key among id mention m's columns that
// keyParent accepts, when the question names its table and m has no
// other owner, or nil.
func (r *resolver) groupID(m int) *colInfo {
	var found *colInfo
	for _, ref := range r.ms[m].cols {
		alt := r.lx.col(ref.table, ref.col)
		if !alt.id || !isPK(alt.table, []*colInfo{alt}) || !r.keyParent(alt) {
			continue
		}
		if found != nil && found != alt {
			return nil
		}
		found = alt
	}
	if found == nil {
		return nil
	}
	if o, ok := r.f.owner[m]; ok {
		if !r.onlyTable(o, found.table) {
			return nil
		}
		return found
	}
	for k := range r.ms {
		if k != m && len(r.ms[k].cols) == 0 && r.onlyTable(k, found.table) {
			return found
		}
	}
	return nil
}
