package offline

// eachValue reports whether an aggregate asked "for" several values of one
// column joined by "and" is asked for each of them ("the average age for
// male and female students" is one average per sex, not one over both):
// the values then group the rows as well as select them. Only a bare
// aggregate qualifies, with "for" before the values: no other grouping, ranking, comparison of groups or
// column shown, and not "both X and Y".
func (r *resolver) eachValue(fs filterSpec, c condSpec) bool {
	f := r.f
	if len(fs.vals) < 2 || c.col == nil || c.op != "in" || f.agg == "" || f.agg == "measure" {
		return false
	}
	if len(f.groups) > 0 || len(f.project) > 0 || f.countRank || f.sortAgg || f.having != "" || f.both >= 0 || f.countGroups || f.rows {
		return false
	}
	// "for male and female": the values follow "for"; "the average length
	// of Latin and Pop tracks" is one figure over both.
	if b := fs.vals[0] - 1; b < 0 || r.ms[b].kind != mStop || lower(r.ms[b].text) != "for" {
		return false
	}
	for k := fs.vals[0]; k < fs.vals[len(fs.vals)-1]; k++ {
		if r.ms[k].kind == mKeyword && r.ms[k].kw.kind == kwOr {
			return false
		}
	}
	return true
}
