package offline

import (
	"slices"
	"strings"
)

// A column shown may belong to a table the subject reaches only through
// a link table that pairs the rows of both ("the names of technicians and
// the machine series that they repair": repair_assignment pairs
// technicians with machines). When the question shows columns of both
// ends and nothing else, its rows are the pairs the link table holds,
// each joined to its two ends: a plain join along the one path, which
// lists a technician once per machine, as the words ask.

// pairedShown returns the references of a column mention to show in the
// table at the far end of the one link table from the subject, when the
// question lists pairs: every column it shows is the subject's or that
// table's, it aggregates, groups and ranks nothing, and the words say the
// column is that table's (the mention's owner, or a column named after
// its table: machine_series). nil otherwise.
func (r *resolver) pairedShown(m int, cands []nameRef) []nameRef {
	f := r.f
	if r.cond || !slices.Contains(f.project, m) || f.agg != "" || f.measure >= 0 || len(f.groups) > 0 ||
		len(f.sorts) > 0 || f.limit > 0 || f.distinct {
		return nil
	}
	var in []nameRef
	for _, c := range strongest(cands, classSynonym) {
		t := r.lx.tables[c.table]
		if c.col < 0 || r.isKey(c) || !r.pairedWith(t) || !r.ownedBy(m, c) {
			continue
		}
		in = append(in, c)
	}
	for _, c := range in {
		if c.table != in[0].table {
			return nil
		}
	}
	if len(in) == 0 || !r.showsOnly(r.lx.tables[in[0].table]) {
		return nil
	}
	return in
}

// pairedWith reports whether the one shortest path from the subject to t
// goes down to a table that pairs rows and up from it to t: the link
// table holds the pairs.
func (r *resolver) pairedWith(t *tableInfo) bool {
	return r.pairLink(t) != nil
}

// pairLink returns the link table on the one shortest path from the
// subject to t, when that path goes down to a table that pairs rows and up
// from it to t; nil otherwise.
func (r *resolver) pairLink(t *tableInfo) *tableInfo {
	if t == r.subject || len(r.subject.parents[t.idx]) > 0 || len(t.parents[r.subject.idx]) > 0 {
		return nil
	}
	p, n := r.lx.path(r.subject, t)
	if n != 1 || len(p) != 2 || !p[0].down || p[1].down || !pairsRows(p[0].table) {
		return nil
	}
	return p[0].table
}

// ownedBy reports whether the words say column c is its table's: the
// mention belongs to a mention of that table, or of the link table that
// pairs it with the subject ("the names of the party hosts": party_host),
// or the column's name repeats the table's (machine_series).
func (r *resolver) ownedBy(m int, c nameRef) bool {
	link := r.pairLink(r.lx.tables[c.table])
	if o, ok := r.f.owner[m]; ok {
		for _, t := range strongest(r.ms[o].tables, classSynonym) {
			if t.table == c.table || link != nil && t.table == link.idx {
				return true
			}
		}
	}
	return r.lx.col(c.table, c.col).qualified
}

// showsOnly reports whether every column mention the question shows may
// be read in the subject or in t, and one is the subject's: a list of
// pairs shows something of both ends ("the member names" of a party
// alone are not pairs, and more likely the party's own members).
func (r *resolver) showsOnly(t *tableInfo) bool {
	own := false
	for _, m := range r.f.project {
		ok := false
		for _, c := range r.candidates(m) {
			ok = ok || c.table == r.subject.idx || c.table == t.idx
			own = own || c.table == r.subject.idx
		}
		if !ok {
			return false
		}
	}
	return own
}

// rankedChild returns the references of a column mention the question
// ranks by, in a child of the subject, when the ranking keeps one row
// ("the party of the representative that has the smallest number of
// votes", votes being election's): the row of the child with the
// smallest value names one representative, which is also the
// representative whose smallest value is smallest, so the plain join and
// each representative once give the same answer. A longer list ("in
// descending order of votes") would list a representative once per
// election or once by some value of its elections, which is a guess, and
// stays refused. nil otherwise.
func (r *resolver) rankedChild(m int, cands []nameRef) []nameRef {
	f := r.f
	if r.cond || f.limit != 1 || f.agg != "" || len(f.groups) > 0 || f.distinct || !r.sortedBy(m) || r.amountBefore(m) {
		return nil
	}
	var in []nameRef
	for _, c := range strongest(cands, classSynonym) {
		t := r.lx.tables[c.table]
		if c.col < 0 || r.isKey(c) || !r.childOf(t) {
			continue
		}
		col := r.lx.col(c.table, c.col)
		if !col.numeric && !col.date && !col.year {
			continue
		}
		in = append(in, c)
	}
	if len(in) != 1 {
		return nil
	}
	return in
}

// amountWords rank by an amount, which over many rows of a child is
// their total: "the department with the most credits" sums its courses'.
var amountWords = setOf("most", "least", "fewest")

// amountBefore reports whether the word ranking by mention m is one of
// amountWords.
func (r *resolver) amountBefore(m int) bool {
	for k := m - 1; k >= 0; k-- {
		for _, w := range strings.Fields(lower(r.ms[k].text)) {
			if amountWords[w] {
				return true
			}
		}
		if r.ms[k].kind != mStop {
			return false
		}
	}
	return false
}

// sortedBy reports whether mention m is one the question ranks by: a
// sort, or the measure of a superlative row ("the film with the highest
// high estimate").
func (r *resolver) sortedBy(m int) bool {
	if r.f.rows && r.f.measure == m {
		return true
	}
	return slices.ContainsFunc(r.f.sorts, func(s sortSpec) bool { return s.m == m })
}

// aboveRefs returns the references of a column mention in the one table
// the subject reaches only going up, from child to parent, through
// another parent ("the number of classes in each school": a class's
// course's department holds the school code). Each row of the subject
// meets one row of every table on such a path, so joining it neither
// drops nor repeats the subject's rows, whatever the role. The path must
// be the one shortest path from the subject to that table, of two joins
// unless the question names the table (a word matched three joins away,
// "payment type" as a policy's type code, is more likely a miss), and
// the table the only one beyond the subject's parents holding the
// column; nil otherwise.
func (r *resolver) aboveRefs(cands []nameRef) []nameRef {
	var in []nameRef
	for _, c := range strongest(cands, classSynonym) {
		t := r.lx.tables[c.table]
		if c.col < 0 || r.isKey(c) || t == r.subject || len(r.subject.parents[t.idx]) > 0 || !r.upFrom(r.subject, t) {
			continue
		}
		if p, _ := r.lx.path(r.subject, t); len(p) > 2 && !slices.Contains(r.named, t) {
			continue
		}
		in = append(in, c)
	}
	for _, c := range in {
		if c.table != in[0].table {
			return nil
		}
	}
	return in
}
