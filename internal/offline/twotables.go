package offline

import "slices"

// Questions whose "and" joins two tables, where the words say the second
// is the first's own parent: "the names of members and their parties".

// pairWords between an "and" and a table say the table is the rows' own
// parent, one per row: "members and their parties", "parties and their
// respective regions", "students and the corresponding departments".
var pairWords = setOf("their", "its", "corresponding", "respective")

// theirBetween reports whether a word of pairWords stands between the
// "and" at i and the table mention at b.
func (p *parser) theirBetween(i, b int) bool {
	for j := i + 1; j < b; j++ {
		if p.ms[j].kind == mStop && pairWords[lower(p.ms[j].text)] {
			return true
		}
	}
	return false
}

// showParentLabels shows the labels of the table mention m, listed with
// "their" beside the rows asked about, after the columns shown of those
// rows. The table must be certain, a different table that the rows
// reference through exactly one foreign key, and have labels; the rows
// must show something of their own. Anything else (a link table between
// them, two keys, a list of two unrelated tables) stays refused: "the
// names of reviewers and movies" may as well mean one list of both.
func (r *resolver) showParentLabels(m int) *refusal {
	q := r.q
	cands := strongest(r.ms[m].tables, classSynonym)
	refuse := refuseUnsupported("questions about two tables at once (%q)", r.ms[m].text)
	if len(cands) != 1 || len(q.project) == 0 || q.agg != "" {
		return refuse
	}
	t := r.lx.tables[cands[0].table]
	if !r.subject.refersOnce(t.idx) || len(t.labels) == 0 {
		return refuse
	}
	if rf := r.reach(t); rf != nil {
		return rf
	}
	for _, l := range t.labels {
		if c := t.cols[l]; !slices.Contains(q.project, c) {
			q.project = append(q.project, c)
		}
	}
	return nil
}
