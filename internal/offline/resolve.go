package offline

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// query is a frame resolved against the schema: one table, the parents it
// joins along single foreign keys, and real columns in every role. build
// turns it into a Plan.
type query struct {
	from  *tableInfo
	joins []*tableInfo // parents joined, in order of first use
	// steps are the joins of tables that are not the subject's parents,
	// reached along a path of foreign keys.
	steps map[*tableInfo]hop

	agg string // count, count_distinct, sum, avg, max, min, measure; empty for rows
	// measure is the business measure when agg is "measure".
	measure *measureInfo
	aggCol  *colInfo // nil for count(*)
	// moreAggs are further aggregates, shown after agg.
	moreAggs []aggCol
	// groupBy are the grouping columns, shown before the aggregate;
	// groupKey are grouping keys not shown (the foreign key under a
	// parent's name columns).
	groupBy, groupKey []*colInfo
	// rankAgg orders the groups by the aggregate (descending when
	// rankDesc) and shows only the grouping columns.
	rankAgg, rankDesc bool
	// rankRows ranks the groups by their number of rows, not by the
	// aggregate shown (appliesto.go).
	rankRows bool
	// having compares the aggregate with havingN; hideAgg leaves the
	// aggregate out of the projection.
	having  string
	havingN int64
	hideAgg bool
	// havingRows compares the count of the groups' rows, not the
	// aggregate, with havingN (aggmore.go).
	havingRows bool
	// aggFirst shows the aggregate before the grouped columns, as named.
	aggFirst bool
	// parentKeyed: the grouped parent's key is its primary key, so its
	// columns need not be grouped by as well.
	parentKeyed bool

	conds    []condSpec
	order    []orderSpec
	limit    int64
	project  []*colInfo
	distinct bool
	// usedSet keeps distinct in the subquery form (frame.usedSet, or
	// "distinct" said in the question).
	usedSet bool
	// semi reads the joins and their conditions as a subquery of the
	// subject's keys: each row of the subject once.
	semi bool
	// linkGroups are the grouping tables joined through a link table
	// (linkjoins.go).
	linkGroups []*tableInfo
}

// aggCol is one further aggregate and its column.
type aggCol struct {
	agg string
	col *colInfo
}

// condSpec is one resolved condition: col op vals, or a half-open range
// lo <= col < hi when op is "range".
type condSpec struct {
	col    *colInfo
	op     string // = in > >= < <= range
	vals   []any
	lo, hi string
	// avg compares col with its average over its table, a subquery.
	avg bool
	// extreme, "max" or "min", compares col with that aggregate over its
	// table instead (aggmore.go).
	extreme string
	// within restricts the rows of the aggregate (or picks the one row,
	// with one) that col is compared with (compareagg.go).
	within []condSpec
	one    bool
	// other compares col with another column of the same row (colword.go).
	other *colInfo
	// child, with fk, makes the condition "col is not among child.fk":
	// no row of child refers to this one; sub, when set, restricts the
	// rows of child that count.
	child *tableInfo
	fk    string
	sub   *query
}

type orderSpec struct {
	col  *colInfo
	desc bool
}

// resolver settles what each mention means for one question.
type resolver struct {
	lx      *lexicon
	f       *frame
	ms      []mention
	today   time.Time
	subject *tableInfo
	named   []*tableInfo // the tables the question names
	q       *query
	// cond marks the column of a condition being resolved: it may lie in
	// a child of the subject or a named table beyond it (children.go).
	cond bool
	// childJoins are the tables beyond the subject's parents that a
	// condition's column was found in.
	childJoins []*tableInfo
}

// resolve settles the frame against the schema. On a refusal after the
// question's table was found, the partial query still names it (for the
// trace).
func resolve(lx *lexicon, f *frame, today time.Time) (*query, *refusal) {
	r := &resolver{lx: lx, f: f, ms: f.ms, today: today}
	tables, rf := r.pickSubject()
	if rf != nil {
		return nil, rf
	}
	q, rf := r.settle(tables)
	if rf == nil || rf.kind != RefusedUnresolved {
		return q, rf
	}
	// The columns shown may be a child's, the table named its parent
	// ("flight numbers with aircraft Airbus A340-300"): the rows are the
	// child's (children.go).
	if c := r.childSubject(tables); c != nil {
		a := &resolver{lx: lx, f: f, ms: f.ms, today: today, subject: c}
		if cq, crf := a.settle(tables); crf == nil {
			return cq, nil
		}
	}
	return q, rf
}

// settle resolves every role of the question against the subject, given
// the tables the question names.
func (r *resolver) settle(tables []*tableInfo) (*query, *refusal) {
	f := r.f
	r.named = slices.Clone(tables)
	// A grouping table is named too ("the name of the track with the
	// most races" shows its columns).
	for _, m := range append(slices.Clone(f.modifiers), f.groups...) {
		for _, c := range strongest(r.ms[m].tables, classSynonym) {
			if t := r.lx.tables[c.table]; !slices.Contains(r.named, t) {
				r.named = append(r.named, t)
			}
		}
	}
	r.q = &query{from: r.subject, limit: f.limit, rankAgg: f.countRank || f.sortAgg, rankDesc: (f.countRank || f.sortAgg) && f.desc,
		having: f.having, havingN: f.havingN, hideAgg: f.countGroups && !f.showCount, havingRows: f.havingRows}
	for _, step := range []func() *refusal{r.measureJoins, r.filters, r.lacking, r.measure, r.groups, r.groupsPerOwner, r.modeGroup, r.orders, r.projection, r.valuesLacking} {
		if rf := step(); rf != nil {
			return r.q, rf
		}
	}
	if rf := r.pathGuards(); rf != nil {
		return r.q, rf
	}
	if rf := r.shownAsAsked(); rf != nil {
		return r.q, rf
	}
	if rf := r.countHeld(); rf != nil {
		return r.q, rf
	}
	if rf := r.distinctHaving(); rf != nil { // distinctcount.go
		return r.q, rf
	}
	if rf := r.countedRowsAgg(); rf != nil {
		return r.q, rf
	}
	if rf := r.topRowsAgg(); rf != nil {
		return r.q, rf
	}
	if rf := r.countFansOut(); rf != nil {
		return r.q, rf
	}
	if r.fansOut() || r.semiAggregate() {
		// "physicians who prescribe X": each physician once, however many
		// prescriptions match (its key IN the child's, or DISTINCT when
		// the joins do not allow a subquery).
		r.q.semi = true
	}
	if rf := r.childRows(); rf != nil {
		return r.q, rf
	}
	// Every other table the question names must have been joined for a
	// reason; otherwise its role is a guess ("orders of customers").
	for _, t := range tables {
		if t != r.subject && !r.joined(t) && !r.relateNamed(t) {
			return r.q, refuseUnresolved("I could not tell how %s relates to %s in this question.", t.name, r.subject.name)
		}
	}
	return r.q, nil
}

// lacking resolves "X without Y": Y must refer to the question's table
// by exactly one single-column foreign key, or by the one its verb names.
func (r *resolver) lacking() *refusal {
	if r.f.lacking < 0 {
		return nil
	}
	m := r.ms[r.f.lacking]
	y, rf := r.lackingTable(m)
	if rf != nil {
		return rf
	}
	if r.f.lackingFar >= 0 {
		// "instructors who did not teach any courses": the link table Y
		// must refer to the courses, so that no row of Y means no course.
		far := strongest(r.ms[r.f.lackingFar].tables, classSynonym)
		if z := r.linkNamedAfter(y, far); z != nil {
			y = z
		} else if len(far) != 1 || len(y.parents[far[0].table]) != 1 || far[0].table == r.subject.idx {
			return refuseUnresolved("I could not tell how %s, %s and %s relate in this question.", r.subject.name, y.name, r.ms[r.f.lackingFar].text)
		}
	} else if y != r.subject && len(y.parents[r.subject.idx]) == 0 && r.f.lackingVerb < 0 && len(r.subFilters()) == 0 {
		// "people not employed by any company": the one link table that
		// refers to both holds the pairs; no row of it means no company.
		if l := r.linkTable(r.subject, y, r.f.lackingBy); l != nil {
			y = l
		} else if l := r.partsTable(r.subject, y); l != nil {
			// "products never ordered": an order holds a product through
			// its lines, so no line naming the product means no order.
			y = l
		}
	}
	if t := r.ownCompound(y); t != nil {
		y = t // negation5.go: faculty_participates_in for participates_in
	}
	edges := r.lackingEdges(y)
	if y == r.subject || len(edges) != 1 || len(edges[0].from) != 1 {
		return refuseUnresolved("I could not tell how %s without %s should be read: %s does not refer to %s by one key.", r.subject.name, y.name, y.name, r.subject.name)
	}
	key := r.colByName(r.subject, edges[0].to[0])
	if key == nil {
		return refuseUnresolved("The foreign key from %s to %s names a column %s does not have.", y.name, r.subject.name, r.subject.name)
	}
	c := condSpec{col: key, op: "not_in", child: y, fk: edges[0].from[0]}
	if sub := r.subFilters(); len(sub) > 0 {
		// The conditions after Y select the rows of Y that count.
		f := *r.f
		f.filters, f.lacking = sub, -1
		sr := &resolver{lx: r.lx, f: &f, ms: r.ms, today: r.today, subject: y, named: []*tableInfo{y}, q: &query{from: y}}
		if rf := sr.filters(); rf != nil {
			return rf
		}
		if len(sr.q.joins) > 0 && !r.subParentOK(y, sr.q) {
			// "customers without orders in Germany": the country is the
			// customer's, not the order's; which rows it limits is a guess.
			return refuseUnsupported("conditions after %q on another table than %s", m.text, y.name)
		}
		c.sub = sr.q
	}
	r.q.conds = append(r.q.conds, c)
	return nil
}

// lackingTable is the table Y of "X without Y": the table named, or for a
// column ("students who do not have any allergies") the one table holding
// it that refers to X. A column X itself holds is a condition on X's own
// rows (no email), not a set difference, and is refused.
func (r *resolver) lackingTable(m mention) (*tableInfo, *refusal) {
	if refs := strongest(m.tables, classSynonym); len(refs) > 0 {
		if len(refs) != 1 {
			return nil, refuseUnresolved("I could not tell which table %q means.", m.text)
		}
		return r.lx.tables[refs[0].table], nil
	}
	var cands []*tableInfo
	for _, c := range strongest(m.cols, classSynonym) {
		t := r.lx.tables[c.table]
		if t == r.subject {
			return nil, refuseUnresolved("I could not tell what having no %s means for %s: say which value to exclude.", m.text, r.subject.name)
		}
		if len(t.parents[r.subject.idx]) == 1 && !slices.Contains(cands, t) {
			cands = append(cands, t)
		}
	}
	if len(cands) != 1 {
		return nil, refuseUnresolved("I could not tell which table %q means.", m.text)
	}
	return cands[0], nil
}

// lackingEdges returns the foreign keys from Y to the question's table; of
// several, the one whose column the verb names ("hosted": host_city_id).
func (r *resolver) lackingEdges(y *tableInfo) []fkEdge {
	edges := y.parents[r.subject.idx]
	if len(edges) < 2 {
		return edges
	}
	if r.f.lackingVerb < 0 {
		// Of two keys, the one named after the question's table when the
		// other is named after Y (negation5.go).
		if e := r.ownerEdge(y, edges); e != nil {
			return e
		}
		return edges
	}
	var named []fkEdge
	for _, e := range edges {
		for _, c := range strongest(r.ms[r.f.lackingVerb].cols, classSynonym) {
			if c.table == y.idx && len(e.from) == 1 && strings.EqualFold(y.cols[c.col].name, e.from[0]) {
				named = append(named, e)
			}
		}
	}
	return named
}

// linkTable returns the one table that refers to both a and b by one key
// each and is named after one of them (phone_market between phones and
// markets, student_enrolment), or nil. A table named for neither (orders
// between customers and clients) is a thing of its own, not a link,
// unless anyName: the question said how they relate ("employed by").
func (r *resolver) linkTable(a, b *tableInfo, anyName bool) *tableInfo {
	var found *tableInfo
	for _, t := range r.lx.tables {
		if t == a || t == b || len(t.parents[a.idx]) != 1 || len(t.parents[b.idx]) != 1 || partsOf(t, b) || !anyName && !sharesWord(t, a) && !sharesWord(t, b) {
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// partsTable returns the one table that holds the parts of b (order_items
// of orders) and refers to a by one key, or nil: b's rows hold an a
// through their parts.
func (r *resolver) partsTable(a, b *tableInfo) *tableInfo {
	var found *tableInfo
	for _, t := range r.lx.tables {
		if t == a || t == b || len(t.parents[a.idx]) != 1 || len(t.parents[b.idx]) != 1 || !partsOf(t, b) {
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// sharesWord reports whether t's name holds a word of b's name.
func sharesWord(t, b *tableInfo) bool {
	tw := t.stems
	for _, w := range b.stems {
		if slices.Contains(tw, w) {
			return true
		}
	}
	return false
}

// partsOf reports whether t is named as the parts of b (order_items of
// orders): its rows are b's lines, not links between two things.
func partsOf(t, b *tableInfo) bool {
	tw, bw := t.stems, b.stems
	return len(tw) == len(bw)+1 && hasPrefixWords(tw, bw) && partWords[tw[len(tw)-1]]
}

// subFilters returns the filters that follow the table of "X without Y",
// which apply to Y's rows.
func (r *resolver) subFilters() []filterSpec {
	var sub []filterSpec
	for _, fs := range r.f.filters {
		if r.f.lacking >= 0 && fs.at > r.f.lacking {
			sub = append(sub, fs)
		}
	}
	return sub
}

// pickSubject chooses the table whose rows the question is about: the one
// it names (others must be its parents, reached by one foreign key), or,
// when it names none, the one table holding the columns it asks for.
func (r *resolver) pickSubject() ([]*tableInfo, *refusal) {
	f := r.f
	var named []*tableInfo
	primary := -1 // mention naming the question's rows
	for _, m := range f.tables {
		cands := r.lx.withoutLinks(strongest(r.ms[m].tables, classSynonym))
		if len(cands) > 1 {
			cands = r.byOwnColumns(m, cands)
		}
		if len(cands) > 1 {
			cands = r.byNeighbours(m, cands)
		}
		if len(cands) > 1 {
			var names []string
			for _, c := range cands {
				names = append(names, r.lx.tables[c.table].name)
			}
			sort.Strings(names)
			return nil, clarify(fmt.Sprintf("Which table do you mean by %q?", r.ms[m].text), names)
		}
		t := r.lx.tables[cands[0].table]
		if !slices.Contains(named, t) {
			named = append(named, t)
		}
		if primary < 0 || m < primary {
			primary = m
		}
	}
	if f.counted >= 0 {
		primary = f.counted
	}
	if r.distinctSubject() { // "bought by two distinct customers" (distinctcount.go)
		return named, nil
	}
	if f.msr >= 0 {
		// A measure is computed over its own table's rows; the tables the
		// question names are reached from there.
		r.subject = r.lx.measures[f.msr].table
		return named, nil
	}
	if cs := r.measureCols(); f.aggRank && len(cs) == 1 {
		// "the item with the highest average rating": the rows averaged
		// are the ratings', grouped by their item.
		r.subject = r.lx.tables[cs[0].table]
		return named, nil
	}
	switch len(named) {
	case 0:
		t, rf := r.subjectFromColumns()
		if rf != nil {
			return nil, rf
		}
		r.subject = t
		return nil, nil
	case 1:
		r.subject = named[0]
		return named, nil
	}
	var subject *tableInfo
	for _, t := range named {
		ok := true
		for _, o := range named {
			if o != t && len(t.parents[o.idx]) != 1 {
				ok = false
			}
		}
		if ok {
			subject = t
		}
	}
	first := r.lx.tables[strongest(r.ms[primary].tables, classSynonym)[0].table]
	if subject != first {
		// The table asked about, when every other one named is at the
		// end of one shortest path from it.
		subject = first
		for _, o := range named {
			if _, n := r.lx.pathVia(first, o, named); n != 1 {
				subject = nil
			}
		}
	}
	if subject == nil || subject != first {
		return nil, refuseUnresolved("I could not tell how %s combine in this question: the offline planner only joins tables along one shortest path of at most %d foreign keys.%s", tableList(named), maxHops, r.lx.unconfirmedAmong(named))
	}
	r.subject = subject
	return named, nil
}

// subjectFromColumns finds the one table holding every column the question
// shows, aggregates or ranks by. Ties go to the table whose names match
// most strongly; a remaining tie is a question for the user.
func (r *resolver) subjectFromColumns() (*tableInfo, *refusal) {
	f := r.f
	var defining []int
	if f.measure >= 0 {
		defining = append(defining, f.measure)
	}
	defining = append(defining, f.project...)
	if (f.countRank || f.sortAgg || f.countGroups && f.counted < 0) && len(f.tables) == 0 {
		// So too "which contact channel codes were used less than 5
		// times": the values counted are the groups' (valueTimes,
		// times.go; times2_test.go).
		// "the most common status", "the statuses ordered by the
		// number of cities": the groups' table holds the rows counted.
		defining = append(defining, f.groups...)
	}
	for _, s := range f.sorts {
		defining = append(defining, s.m)
	}
	if len(defining) == 0 && r.valueSubject() != nil {
		return r.valueSubject(), nil // valuecount.go
	}
	if len(defining) == 0 {
		return nil, refuseUnresolved("I could not tell which table the question is about: name it (for example: how many orders …).")
	}
	score := map[int]matchClass{} // table → weakest best-class over the mentions
	for k, m := range defining {
		best := map[int]matchClass{}
		for _, c := range r.candidates(m) {
			if b, ok := best[c.table]; !ok || c.class < b {
				best[c.table] = c.class
			}
		}
		if k == 0 {
			score = best
			continue
		}
		for t, s := range score {
			b, ok := best[t]
			if !ok {
				delete(score, t)
				continue
			}
			score[t] = max(s, b)
		}
	}
	if len(score) == 0 {
		return nil, refuseUnresolved("I could not find one table holding %s.", quoteList(mentionTexts(r.ms, defining)))
	}
	all := make([]int, 0, len(score))
	for t := range score {
		all = append(all, t)
	}
	sort.Ints(all)
	bestScore := classSynonym
	for _, s := range score {
		bestScore = min(bestScore, s)
	}
	var best []int
	for _, t := range all {
		if score[t] == bestScore {
			best = append(best, t)
		}
	}
	if len(best) > 1 {
		// Views repeat their base tables' columns: prefer the base tables.
		best = r.baseTables(best)
	}
	if len(best) > 1 {
		// Keep the tables from which the rest of the question can be
		// reached ("average price by category": only products links to
		// categories).
		var fit []int
		for _, t := range best {
			if r.fits(r.lx.tables[t]) {
				fit = append(fit, t)
			}
		}
		if len(fit) > 0 {
			best = fit
		}
	}
	if len(best) == 1 {
		return r.lx.tables[best[0]], nil
	}
	// Several tables fit equally: ask, listing every (base) table the words
	// could mean and what each would show.
	m := defining[0]
	var choices []string
	for _, t := range r.baseTables(all) {
		var cols []string
		for _, c := range strongestIn(r.ms[m].cols, t) {
			cols = append(cols, r.lx.col(c.table, c.col).name)
		}
		choices = append(choices, fmt.Sprintf("%s (%s)", r.lx.tables[t].name, strings.Join(cols, ", ")))
	}
	return nil, clarify(fmt.Sprintf("Which %s do you mean?", r.ms[m].text), choices)
}

// baseTables drops views from tables when at least one base table remains.
func (r *resolver) baseTables(tables []int) []int {
	var base []int
	for _, t := range tables {
		if !r.lx.tables[t].view {
			base = append(base, t)
		}
	}
	if len(base) == 0 {
		return tables
	}
	return base
}

// fits reports whether every grouping and filter of the question can be
// found in table t or a parent it references by one foreign key.
func (r *resolver) fits(t *tableInfo) bool {
	reach := func(table int) bool {
		return table == t.idx || len(t.parents[table]) == 1
	}
	anyCol := func(m int) bool {
		for _, c := range r.ms[m].cols {
			if reach(c.table) {
				return true
			}
		}
		for _, c := range r.ms[m].tables {
			if c.table != t.idx && reach(c.table) {
				return true
			}
		}
		return false
	}
	for _, g := range r.f.groups {
		if !anyCol(g) {
			return false
		}
	}
	for _, fs := range r.f.filters {
		switch {
		case fs.col >= 0:
			if !anyCol(fs.col) {
				return false
			}
		case fs.kind == fValue:
			ok := false
			for _, v := range r.ms[fs.vals[0]].vals {
				ok = ok || reach(v.table)
			}
			if !ok {
				return false
			}
		default: // a date: the table needs one date column
			n := 0
			for _, c := range t.cols {
				if c != nil && (c.date || c.year) {
					n++
				}
			}
			if n != 1 {
				return false
			}
		}
	}
	return true
}

// strongestIn returns the best-class references of a mention within table t.
func strongestIn(refs []nameRef, t int) []nameRef {
	// strongest of the refs in t, without first copying those out.
	n, best := 0, classSynonym
	for _, c := range refs {
		if c.table == t {
			if n == 0 || c.class < best {
				best = c.class
			}
			n++
		}
	}
	if n == 0 || best > classSynonym {
		return nil
	}
	k := 0
	for _, c := range refs {
		if c.table == t && c.class == best {
			k++
		}
	}
	out := make([]nameRef, 0, k)
	for _, c := range refs {
		if c.table == t && c.class == best {
			out = append(out, c)
		}
	}
	return out
}

// columns resolves a column mention: its strongest match in the subject
// table, else in exactly one parent joined by exactly one foreign key. many
// allows several columns of one table ("names" → first_name, last_name).
// named requires a parent to be named in the question: a value or a
// grouping may reach into a parent on its own ("orders by country"), but a
// column to show or aggregate comes from the table asked about unless the
// question says otherwise.
func (r *resolver) columns(m int, many, named bool) ([]*colInfo, *refusal) {
	text := r.ms[m].text
	cands := r.candidates(m)
	if len(cands) == 0 {
		if cands = r.childOwned(m); len(cands) == 0 { // relatedcols.go
			return nil, refuseUnresolved("I could not find %q among the columns of %s.", text, r.ms[r.f.owner[m]].text)
		}
	}
	refs := preferQualified(strongestIn(cands, r.subject.idx), r.subject, r.lx)
	if len(refs) == 0 {
		byParent, order := r.parentRefs(cands, named)
		if len(order) == 0 && named {
			// No table the question names holds it, but a single parent
			// does ("first names of candidates" when a candidate's names
			// are in people): that is where it is.
			byParent, order = r.parentRefs(cands, false)
			if len(order) > 1 || len(order) == 1 && r.isKey(byParent[order[0]][0]) {
				order = nil // a key of another table is not this one's
			}
		}
		switch len(order) {
		case 0:
			if refs = r.conditionRefs(cands); len(refs) > 0 {
				break
			}
			if refs = r.keyCopyCondRefs(cands); len(refs) > 0 {
				break // hops2.go
			}
			if refs = r.pairedShown(m, cands); len(refs) > 0 {
				break // hops.go
			}
			if refs = r.rankedChild(m, cands); len(refs) > 0 {
				break // hops.go
			}
			if refs = r.aboveRefs(cands); len(refs) > 0 {
				break // hops.go
			}
			if refs = r.childOwned(m); len(refs) > 0 {
				break // relatedcols.go
			}
			return nil, refuseUnresolved("%q is %s, which I cannot connect to %s through one foreign key.",
				text, r.describeRefs(cands), r.subject.name)
		case 1:
			refs = strongest(byParent[order[0]], classSynonym)
		default:
			var choices []string
			for _, t := range order {
				for _, c := range strongest(byParent[t], classSynonym) {
					choices = append(choices, r.lx.col(c.table, c.col).ref)
				}
			}
			return nil, clarify(fmt.Sprintf("Which %s do you mean?", text), choices)
		}
	}
	if len(refs) > 1 && many && !r.allLabels(refs) {
		// Several columns for one word are a row's names ("names" →
		// first_name and last_name); any others are a choice to ask.
		many = false
	}
	if len(refs) > 1 && !many {
		var choices []string
		for _, c := range refs {
			choices = append(choices, r.lx.col(c.table, c.col).ref)
		}
		return nil, clarify(fmt.Sprintf("Which %s do you mean?", text), choices)
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].col < refs[j].col })
	var cols []*colInfo
	for _, c := range refs {
		col := r.lx.col(c.table, c.col)
		if rf := r.reach(col.table); rf != nil {
			return nil, rf
		}
		cols = append(cols, col)
	}
	return cols, nil
}

// allLabels reports whether every reference is one of its table's label
// (name) columns.
func (r *resolver) allLabels(refs []nameRef) bool {
	for _, c := range refs {
		if !slices.Contains(r.lx.tables[c.table].labels, c.col) {
			return false
		}
	}
	return true
}

// isKey reports whether a reference is a key column.
func (r *resolver) isKey(c nameRef) bool { return c.col >= 0 && r.lx.col(c.table, c.col).id }

// parentRefs groups the references by the subject's parent holding them,
// in order of first appearance; named keeps only parents the question
// names.
func (r *resolver) parentRefs(cands []nameRef, named bool) (map[int][]nameRef, []int) {
	byParent := map[int][]nameRef{}
	var order []int
	for _, c := range cands {
		if named && !slices.Contains(r.named, r.lx.tables[c.table]) {
			continue
		}
		t := r.lx.tables[c.table]
		far := (named || r.q != nil && r.q.measure != nil) && t != r.subject && r.connected(t)
		far = far || r.groupedThroughLink(t)
		if _, ok := r.subject.parents[c.table]; ok || far {
			if _, seen := byParent[c.table]; !seen {
				order = append(order, c.table)
			}
			byParent[c.table] = append(byParent[c.table], c)
		}
	}
	return byParent, order
}

// candidates returns the columns a mention may mean: all of them, or only
// those of the table it is said to belong to.
func (r *resolver) candidates(m int) []nameRef {
	o, ok := r.f.owner[m]
	if !ok {
		return r.ms[m].cols
	}
	owner := strongest(r.ms[o].tables, classSynonym)
	var own []nameRef
	for _, c := range r.ms[m].cols {
		for _, t := range owner {
			if c.table == t.table {
				own = append(own, c)
			}
		}
	}
	if len(own) > 0 || len(owner) != 1 {
		return own
	}
	if own = r.labelForName(m); len(own) > 0 {
		return own // a title is what the owner's rows are called (colsof.go)
	}
	// The owner lacks the column, but a table it references holds it
	// ("the first names of the candidates", kept with their person).
	parents := r.lx.tables[owner[0].table].parents
	for _, c := range r.ms[m].cols {
		if _, ok := parents[c.table]; ok && !r.isKey(c) {
			own = append(own, c)
		}
	}
	return own
}

// preferQualified narrows equally strong columns of a table to those whose
// name repeats the table's ("name" in player → player_name rather than
// sponsor_name), when there are such columns.
func preferQualified(refs []nameRef, t *tableInfo, lx *lexicon) []nameRef {
	if len(refs) < 2 {
		return refs
	}
	var out []nameRef
	for _, c := range refs {
		if lx.col(c.table, c.col).qualified {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		// festival_detail: festival_name rather than chair_name.
		for _, c := range refs {
			if col := lx.col(c.table, c.col); len(col.words) == 2 && col.stems[0] == col.table.lead {
				out = append(out, c)
			}
		}
	}
	if len(out) != 1 && !anyQualified(refs, lx) {
		return refs
	}
	return out
}

// anyQualified reports whether a reference repeats its table's full name.
func anyQualified(refs []nameRef, lx *lexicon) bool {
	for _, c := range refs {
		if lx.col(c.table, c.col).qualified {
			return true
		}
	}
	return false
}

// tableLead is the stem of a table name's first word.
func tableLead(t *tableInfo) string {
	w := canonicalWords(splitIdent(t.ident))
	if len(w) == 0 {
		return ""
	}
	return stem(strings.ToLower(w[0]))
}

// reach joins table t to the subject if it is not the subject itself.
func (r *resolver) reach(t *tableInfo) *refusal {
	if t == r.subject || r.joined(t) {
		return nil
	}
	switch n := len(r.subject.parents[t.idx]); {
	case n == 0:
		return r.reachByPath(t)
	case n > 1:
		return refuseUnresolved("%s references %s in %d ways, and I could not tell which one the question means.", r.subject.name, t.name, n)
	}
	r.q.joins = append(r.q.joins, t)
	return nil
}

// reachByPath joins t along the one shortest path of foreign keys from the
// subject, with the tables between; two equally short paths, or none
// within maxHops, are refused.
func (r *resolver) reachByPath(t *tableInfo) *refusal {
	if r.joinFromJoined(t) {
		return nil // hops2.go
	}
	p, n := r.lx.pathVia(r.subject, t, r.named)
	switch {
	case n == 0:
		return refuseUnresolved("I cannot connect %s to %s through at most %d foreign keys.%s", t.name, r.subject.name, maxHops, r.lx.unconfirmedNote(t, r.subject))
	case n > 1:
		return refuseUnresolved("%s and %s are connected in %d equally short ways, and I could not tell which one the question means.", r.subject.name, t.name, n)
	}
	for _, h := range p {
		if h.table == r.subject || r.joined(h.table) {
			continue
		}
		if r.q.steps == nil {
			r.q.steps = map[*tableInfo]hop{}
		}
		r.q.steps[h.table] = h
		r.q.joins = append(r.q.joins, h.table)
	}
	return nil
}

// connected reports whether t can be joined to the subject: it is a parent
// by one key, or at the end of one shortest path.
func (r *resolver) connected(t *tableInfo) bool {
	if t == r.subject {
		return true
	}
	if n := len(r.subject.parents[t.idx]); n > 0 {
		return n == 1
	}
	_, n := r.lx.pathVia(r.subject, t, r.named)
	return n == 1
}

// fansOut reports whether a list of the subject's own columns joins a
// child table along a path, so that a row could repeat once per child.
func (r *resolver) fansOut() bool {
	q := r.q
	if q.agg != "" || len(q.project) == 0 || len(q.order) > 0 {
		return false
	}
	down := false
	for _, h := range q.steps {
		down = down || h.down
	}
	if !down {
		return false
	}
	for _, c := range q.project {
		if c.table != q.from {
			return false
		}
	}
	return true
}

// throughChild reports whether t is joined along a path that goes down to
// a child table, so that one row of the subject meets many of t.
func (r *resolver) throughChild(t *tableInfo) bool {
	for h, ok := r.q.steps[t]; ok; h, ok = r.q.steps[h.prev] {
		if h.down {
			return true
		}
	}
	return false
}

// pathGuards refuses the readings a path of joins makes doubtful: a
// ranking cut by a limit on a table reached up from a child ("stores in
// the district with the most people" ranks districts, not stores), and a
// negated value of a table reached through a child ("students who do not
// have a food allergy" means none of their allergies, not one other).
func (r *resolver) pathGuards() *refusal {
	for _, o := range r.q.order {
		if h, ok := r.q.steps[o.col.table]; ok && !h.down && r.q.limit > 0 {
			return refuseUnsupported("rankings by a column of %s, which is not %s's own or a parent's", o.col.table.name, r.subject.name)
		}
	}
	if r.q.agg == "" && len(r.q.project) == 0 {
		for t := range r.q.steps {
			if r.throughChild(t) {
				// "clients with orders on the road": which of their
				// columns describe them is a guess; all of them repeat.
				return refuseUnresolved("I could not tell which columns of %s to show.", r.subject.name)
			}
		}
	}
	for k, c := range r.q.conds {
		if (c.op == "!=" || c.op == "<>" || c.op == "not_in") && c.child == nil && r.throughChild(c.col.table) {
			if r.negatedThroughChild(k) {
				continue // a set difference (negation3.go)
			}
			return refuseUnsupported("negated conditions on %s, which holds many rows per %s", c.col.table.name, r.subject.name)
		}
		if c.op == "in" && r.throughChild(c.col.table) {
			// "students in Canoeing and Kayaking": in both, or in either?
			return refuseUnsupported("several values of %s, which holds many rows per %s", c.col.table.name, r.subject.name)
		}
	}
	return nil
}

func (r *resolver) joined(t *tableInfo) bool { return slices.Contains(r.q.joins, t) }

// column is [resolver.columns] for a role that takes one column.
func (r *resolver) column(m int, named bool) (*colInfo, *refusal) {
	cols, rf := r.columns(m, false, named)
	if rf != nil {
		return nil, rf
	}
	return cols[0], nil
}

func (r *resolver) describeRefs(refs []nameRef) string {
	var names []string
	for _, c := range strongest(refs, classSynonym) {
		names = append(names, r.lx.col(c.table, c.col).ref)
	}
	return strings.Join(names, " or ")
}

func (r *resolver) describeValues(vals []valueRef) string {
	var names []string
	for _, v := range vals {
		if ref := r.lx.col(v.table, v.col).ref; !slices.Contains(names, ref) {
			names = append(names, ref)
		}
	}
	return strings.Join(names, " or ")
}

func mentionTexts(ms []mention, idx []int) []string {
	out := make([]string, len(idx))
	for i, m := range idx {
		out[i] = ms[m].text
	}
	return out
}

func tableList(ts []*tableInfo) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.name
	}
	return strings.Join(names, " and ")
}

func anyWord(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}
