package offline

import (
	"slices"
	"strings"

	"querent/internal/schema"
)

// A question's columns may span a table and its children. Two readings
// follow from the keys alone:
//
//   - a column shown of a child, the conditions being on the parent ("the
//     flight numbers with aircraft Airbus A340-300"): the question is
//     about the child's rows, each joined to its parents, which never
//     multiplies them; when every column shown is one parent's ("the first
//     names of those who belong to the institution X", through
//     authorship), the rows are that parent's, each once;
//   - a condition on a child or a named table beyond it, the rows shown
//     being the parent's, asked for as distinct rows ("the unique names of
//     stations that have had 7 bikes available"), or where at most one
//     child row can match ("the customer with account name 162", every
//     account name being different): each parent once, as its key IN the
//     child's.

// conditionColumn is [resolver.column] for the column a condition
// compares: beyond the subject and its parents, it may lie in a child or
// in a table the question names (see conditionRefs).
func (r *resolver) conditionColumn(m int) (*colInfo, *refusal) {
	r.cond = true
	defer func() { r.cond = false }()
	return r.column(m, false)
}

// conditionRefs returns the references of a condition's column in the one
// table beyond the subject and its parents that the condition can reach:
// a table the question names at the end of the one shortest path ("hosts
// of age above 50": host, through party_host), or a child that refers to
// the subject by one key, when the words name the column in full ("the
// unique names of stations that have had 7 bikes available":
// status.bikes_available; "level number" is too little of
// catalog_level_number to reach past the table named). Keys are not read
// so: a child's key to a third table is that table's identity, not a
// condition on the child. The subject's rows are then listed each once,
// its key IN the child's, which [resolver.onceOrEach] keeps only where
// that is what the question says or the only reading. nil when there is
// no such table or several.
func (r *resolver) conditionRefs(cands []nameRef) []nameRef {
	if !r.cond {
		return nil
	}
	var in []nameRef
	for _, c := range cands {
		t := r.lx.tables[c.table]
		if t == r.subject || c.col < 0 || r.isKey(c) {
			continue
		}
		if !r.compounded(t) && (slices.Contains(r.named, t) && r.connected(t) || r.childOf(t) && c.class == classExact) {
			in = append(in, c)
		}
	}
	in = strongest(in, classSynonym)
	for _, c := range in {
		if c.table != in[0].table {
			return nil
		}
	}
	if len(in) > 0 {
		r.childJoins = append(r.childJoins, r.lx.tables[in[0].table])
	}
	return in
}

// childOf reports whether t refers to the subject by exactly one foreign
// key and the subject does not refer to t: each of t's rows belongs to one
// row of the subject.
func (r *resolver) childOf(t *tableInfo) bool {
	return t != r.subject && len(t.parents[r.subject.idx]) == 1 && len(r.subject.parents[t.idx]) == 0
}

// semiAggregate reports whether an aggregate of the subject's own rows is
// filtered through a table a condition reached beyond its parents ("how
// many different stations have had 7 bikes available"): counted over the
// joined rows, a station would count once per matching status row, so the
// rows are the subject's whose key is IN the child's.
func (r *resolver) semiAggregate() bool {
	q := r.q
	if len(r.childJoins) == 0 || q.agg == "" || q.agg == "measure" || len(q.groupBy) > 0 || len(q.groupKey) > 0 ||
		q.rankAgg || q.having != "" || len(q.order) > 0 || len(q.linkGroups) > 0 {
		return false
	}
	if q.aggCol != nil && q.aggCol.table != q.from {
		return false
	}
	for _, a := range q.moreAggs {
		if a.col != nil && a.col.table != q.from {
			return false
		}
	}
	// The subquery form needs every join on the path, entered through
	// one child by a one-column key (buildSemi).
	first := 0
	for _, t := range q.joins {
		h, ok := q.steps[t]
		if !ok {
			return false
		}
		if h.prev == q.from {
			if !h.down || len(h.e.from) != 1 {
				return false
			}
			first++
		}
	}
	return first == 1
}

// childRows refuses a condition reached through a child when the rows
// shown are not the subject's own, each once: "the album names and ids
// for albums that contain tracks with unit price over 1" would show a
// track's name per matching track, which is a guess at whose rows are
// meant.
func (r *resolver) childRows() *refusal {
	if r.q.semi {
		return r.onceOrEach()
	}
	for _, t := range r.childJoins {
		if r.throughChild(t) {
			return refuseUnresolved("I could not tell whose rows to show: the condition is on %s, which holds many rows per %s.", t.name, r.subject.name)
		}
	}
	return nil
}

// onceOrEach refuses a list of the subject's rows with a condition on a
// child, when each row once and each row once per matching child are
// different answers and the question does not say which it means ("the
// names of stations that have had 7 bikes available": one station may
// have had 7 bikes at many readings). They are the same answer when the
// question asks for distinct rows or rows that ever had such a child,
// and when at most one child row can match each row: the child's key to
// the subject is its whole primary key (csu_fees of a campus), or the
// condition is an equality on a column whose every value is different
// ("the customer with account name 162"). Counting and other aggregates
// count each row once, as asked.
func (r *resolver) onceOrEach() *refusal {
	if r.q.agg != "" || r.saysOnce() || r.f.negSet {
		// negSet: a side of a set difference, whose duplicates the
		// EXCEPT removes (negation6.go).
		return nil
	}
	for _, t := range r.childJoins {
		if !r.atMostOne(t) {
			return refuseUnresolved("I could not tell whether each %s is meant once or once per matching row of %s.", r.subject.name, t.name)
		}
	}
	return nil
}

// atMostOne reports whether at most one row of the subject's child t
// meets the question's conditions on it, for each row of the subject.
func (r *resolver) atMostOne(t *tableInfo) bool {
	edges := t.parents[r.subject.idx]
	if len(edges) != 1 {
		return false
	}
	if len(t.pk) > 0 && schema.EqualFoldAll(t.pk, edges[0].from) {
		return true
	}
	for _, c := range r.q.conds {
		if c.col.table == t && c.col.unique && c.op == "=" && len(c.vals) == 1 {
			return true
		}
	}
	return false
}

// onceWords say that each row is meant once however many children match:
// "stations that have ever had more than 12 bikes available", "items
// that received any rating below 5".
var onceWords = setOf("ever", "any")

// saysOnce reports whether the question asks for each row once: distinct
// rows, or a word of onceWords.
func (r *resolver) saysOnce() bool {
	if r.f.distinct {
		return true
	}
	for _, m := range r.ms {
		if onceWords[lower(m.text)] {
			return true
		}
	}
	return false
}

// compounded reports whether the question names t right after a singular
// mention of the subject, as one noun compound ("movie ratings"): the last
// noun names the things asked about and the first only says whose, so the
// subject's rows are not what the question is about.
func (r *resolver) compounded(t *tableInfo) bool {
	for m := 1; m < len(r.ms); m++ {
		if r.ms[m-1].kind != mName || r.ms[m-1].plural || r.ms[m-1].to != r.ms[m].from {
			continue
		}
		a := r.lx.withoutLinks(strongest(r.ms[m-1].tables, classSynonym))
		b := r.lx.withoutLinks(strongest(r.ms[m].tables, classSynonym))
		if len(a) == 1 && len(b) == 1 && a[0].table == r.subject.idx && b[0].table == t.idx {
			return true
		}
	}
	return false
}

// childSubject returns the table the question is about when the columns
// it shows are not the subject's nor reachable from it, but lie in a
// table from which the subject, every table the question names and those
// columns are all reached along many-to-one keys: "the flight numbers
// with aircraft Airbus A340-300" lists flights, each joined to its one
// aircraft. A table joined to its parents never multiplies its rows, so
// the answer is the child's rows, each once. nil when no column shown is
// out of reach, or when no table or several tables fit (which one is the
// subject would be a guess).
func (r *resolver) childSubject(named []*tableInfo) *tableInfo {
	shown := r.unreachedShown()
	if len(shown) == 0 {
		return nil
	}
	for _, m := range shown {
		if bareWords[strings.ToLower(r.ms[m].text)] || r.hadBefore(m) {
			// "the names of all directors" (a reviewer's name?), "committees
			// that have delegates": not a column asked for.
			return nil
		}
	}
	ends := []*tableInfo{r.subject}
	for _, t := range named {
		if !slices.Contains(ends, t) {
			ends = append(ends, t)
		}
	}
	var fits []*tableInfo
	for _, c := range r.lx.tables {
		if c == r.subject || c.view || !r.reachesUp(c, ends) {
			continue
		}
		ok := true
		for _, m := range shown {
			ok = ok && r.heldAbove(c, m)
		}
		if ok {
			fits = append(fits, c)
		}
	}
	found := r.holdingShown(fits, shown)
	if found != nil {
		if p := r.soleShown(found); p != nil && p != found {
			// "the first names of those who belong to the institution X":
			// every column shown is one parent's, the child only relates
			// it to X, so the rows are that parent's, each once.
			return p
		}
	}
	return found
}

// holdingShown returns the one table of fits, or when there are several,
// the one that holds every column shown itself: "the booking start dates
// of the apartments with type code Duplex" are the bookings' rows, not
// those of a table below the bookings (view_unit_status, referring to
// both), which would repeat each booking. The columns must be named in
// full and be no keys: a word that only partly matches a column of one
// table ("description" as a service's product_description) is no reason
// to prefer its rows. nil when none or several.
func (r *resolver) holdingShown(fits []*tableInfo, shown []int) *tableInfo {
	if len(fits) == 1 {
		return fits[0]
	}
	var found *tableInfo
	for _, c := range fits {
		ok := true
		for _, m := range shown {
			ok = ok && slices.ContainsFunc(r.candidates(m), func(ref nameRef) bool {
				return ref.table == c.idx && ref.class == classExact && !r.isKey(ref)
			})
		}
		if !ok {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// soleShown returns the one table holding every column the question
// shows, read from c and the tables above it, or nil.
func (r *resolver) soleShown(c *tableInfo) *tableInfo {
	ms := slices.Clone(r.f.project)
	if r.f.measure >= 0 && r.f.agg != "" {
		return nil
	}
	var sole *tableInfo
	for _, m := range ms {
		var in []nameRef
		for _, ref := range r.candidates(m) {
			if t := r.lx.tables[ref.table]; t == c || r.upFrom(c, t) {
				in = append(in, ref)
			}
		}
		for _, ref := range strongest(in, classSynonym) {
			t := r.lx.tables[ref.table]
			if sole != nil && t != sole {
				return nil
			}
			sole = t
		}
	}
	return sole
}

// unreachedShown returns the mentions of columns to show or aggregate
// that neither the subject nor a parent of it holds, nor a table the
// question names that it can reach.
func (r *resolver) unreachedShown() []int {
	f := r.f
	ms := slices.Clone(f.project)
	if f.measure >= 0 && f.agg != "" && f.agg != "measure" {
		ms = append(ms, f.measure)
	}
	var out []int
	for _, m := range ms {
		reached := false
		for _, c := range r.candidates(m) {
			t := r.lx.tables[c.table]
			reached = reached || t == r.subject || len(r.subject.parents[t.idx]) == 1 ||
				slices.Contains(r.named, t) && r.connected(t)
		}
		if !reached && len(r.candidates(m)) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// reachesUp reports whether every table of ends is c or at the end of
// the one shortest path from c that goes only up, from child to parent.
func (r *resolver) reachesUp(c *tableInfo, ends []*tableInfo) bool {
	for _, t := range ends {
		if t != c && !r.upFrom(c, t) {
			return false
		}
	}
	return true
}

// upFrom reports whether the one shortest path from c to t goes only from
// child to parent.
func (r *resolver) upFrom(c, t *tableInfo) bool {
	p, n := r.lx.path(c, t)
	if n != 1 {
		return false
	}
	for _, h := range p {
		if h.down {
			return false
		}
	}
	return true
}

// heldAbove reports whether column mention m's strongest match among c and
// the tables c reaches going up lies in one of them.
func (r *resolver) heldAbove(c *tableInfo, m int) bool {
	var in []nameRef
	for _, ref := range r.candidates(m) {
		if t := r.lx.tables[ref.table]; t == c || r.upFrom(c, t) {
			in = append(in, ref)
		}
	}
	return len(in) > 0
}

// bareWords name a column without saying whose: "names" beside a table
// that has none is not a reason to read the question as another table's.
var bareWords = setOf("name", "names", "date", "dates", "id", "ids", "number", "numbers", "code", "codes",
	"type", "types", "time", "times", "year", "years", "detail", "details")

// hadBefore reports whether a word of having comes right before mention m
// ("committees that have delegates"): the mention is what the rows hold,
// not a column to show.
func (r *resolver) hadBefore(m int) bool {
	for k := m - 1; k >= 0 && r.ms[k].kind == mStop; k-- {
		if haveWords[strings.ToLower(r.ms[k].text)] {
			return true
		}
	}
	return false
}
