package offline

import (
	"slices"
	"strings"
)

// Roles: what each question word applies to, and what the remaining names
// are for.

// keywords gives each question word its object: what is counted, summed,
// ranked, grouped or sorted.
func (p *parser) keywords() *refusal {
	f := p.f
	for i := range p.ms {
		m := p.ms[i]
		if m.kind != mKeyword || p.used[i] {
			continue
		}
		var r *refusal
		if run := p.aggRun(i); len(run) > 1 {
			if r := p.aggregates(run); r != nil {
				return r
			}
			continue
		}
		switch m.kw.kind {
		case kwCount:
			r = p.count(i)
		case kwSum, kwAvg:
			r = p.aggregate(i)
		case kwMax, kwMin:
			if p.extremeFirst(i) { // refers2.go: "with the largest salary first"
				continue
			}
			r = p.extreme(i)
		case kwTop, kwBottom:
			r = p.top(i)
		case kwAdj:
			if r := p.recencyOrdinal(i); r != nil {
				return r
			}
			if ok, rf := p.adjExtreme(i); ok || rf != nil { // superlative.go: "the oldest age of members"
				if r = rf; ok {
					r = p.extreme(i)
				}
				break
			}
			p.rankAdjective(i)
		case kwGroup, kwBy:
			r = p.group(i)
		case kwSort:
			n := p.next(i)
			if p.is(n, kwAsc, kwDesc) {
				// "ordered by descending market value", "sorted by
				// alphabetical order": the direction word reads the key.
				p.used[i] = true
				continue
			}
			if y := p.countedColumn(n); y >= 0 { // aggshape.go
				f.sorts = append(f.sorts, sortSpec{m: y})
				p.used[i], p.used[n], p.used[y] = true, true, true
				continue
			}
			if r, ok := p.sortByAggregate(i, n); ok { // orderphrases.go
				if r != nil {
					return r
				}
				continue
			}
			if p.sortByExtreme(i, n) { // orderphrases.go
				continue
			}
			if p.is(n, kwCount) && !p.used[n] {
				// "sorted by the number of apartments": by the count the
				// question computes per group.
				p.used[i], p.used[n] = true, true
				if o := p.object(n); p.isTable(o) {
					p.used[o] = true
					f.sortCounted = o
				}
				f.sortAgg = true
				continue
			}
			if p.sortByTableCount(n) { // aggsmany.go: "sort by the course count"
				p.used[i] = true
				continue
			}
			if c := p.next(n); p.isTable(n) && c == n+1 && p.isCol(c) && p.ms[n].to == p.ms[c].from && p.ownTable(c, n) {
				// "sorted by the channel rating": the table names whose
				// column follows.
				p.used[n] = true
				n = c
			}
			if !p.isCol(n) {
				return refuseUnresolved("I could not tell what to sort by after %q.", m.text)
			}
			// "by title and credits", "by name, then age": each key in
			// turn (refers2.go).
			keys, ok := p.sortKeys(n)
			if !ok {
				return refuseUnsupported("sorting by several columns")
			}
			for _, k := range keys {
				f.sorts = append(f.sorts, sortSpec{m: k})
				p.used[k] = true
			}
			p.used[i] = true
		case kwAsc, kwDesc:
			// "in descending order of price" names its key; otherwise the
			// direction applies to the sort or ranking read elsewhere.
			if r, ok := p.sortByAggregate(i, p.next(i)); ok { // orderphrases.go
				if r != nil {
					return r
				}
			} else if n, y := p.next(i), p.countedColumn(p.next(i)); y >= 0 && !m.kw.alpha { // aggshape.go
				f.sorts = append(f.sorts, sortSpec{m: y})
				p.used[n], p.used[y] = true, true
			} else if p.is(n, kwCount) && !p.used[n] && !m.kw.alpha {
				// "in descending order of the number of companies": by
				// the count the question computes per group.
				p.used[n] = true
				if o := p.object(n); p.isTable(o) {
					p.used[o] = true
					f.sortCounted = o
				}
				f.sortAgg = true
			} else if !m.kw.alpha && p.sortByTableCount(n) {
				// "in ascending order of the course counts" (aggsmany.go)
			} else if n, t := p.tableColumn(n); p.isCol(n) && !p.used[n] { // sortkey.go
				if a := p.next(n); p.is(a, kwAnd, kwComma) && p.isCol(p.next(a)) {
					return refuseUnsupported("sorting by several columns")
				}
				f.sorts = append(f.sorts, sortSpec{m: n})
				p.used[n] = true
				if t >= 0 {
					p.used[t] = true
				}
			}
			if p.dir != nil {
				return refuseUnsupported("several sort orders in one question")
			}
			p.dir = &p.ms[i].kw
			p.used[i] = true
		case kwDistinct:
			f.distinct = true
			p.used[i] = true
		case kwCommon:
			r = p.common(i)
		}
		if r != nil {
			return r
		}
	}
	return nil
}

// aboveAverage reads "salary above the average" (i: average, cmp: the
// comparison): the column named before the comparison, compared with its
// average over the whole table. A column named after "average" must be
// the same word.
func (p *parser) aboveAverage(i, cmp int) *refusal {
	c := p.prev(cmp)
	if !p.isCol(c) || p.used[c] {
		return refuseUnresolved("I could not tell what to compare with %q: name the column before it.", p.ms[i].text)
	}
	if n := p.object(i); p.isCol(n) && !p.used[n] {
		if lower(p.ms[n].text) != lower(p.ms[c].text) {
			return refuseUnsupported("comparing %s with the average %s", p.ms[c].text, p.ms[n].text)
		}
		p.used[n] = true
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fAvg, col: c, op: p.ms[cmp].kw.op, text: p.ms[c].text + " " + p.ms[cmp].text + " " + p.ms[i].text})
	p.used[i], p.used[cmp], p.used[c] = true, true, true
	return nil
}

// aggRun returns the aggregate keywords listed from i on ("minimum,
// average and maximum"), joined by commas and "and"; one or none when i
// starts no list.
func (p *parser) aggRun(i int) []int {
	var run []int
	for j := i; p.is(j, kwSum, kwAvg, kwMax, kwMin) && !p.used[j] || len(run) > 0 && p.ageExtreme(j); {
		run = append(run, j)
		n := p.next(j)
		if !p.is(n, kwAnd, kwComma) {
			break
		}
		if k := p.next(n); p.is(k, kwAnd) {
			n = k // "minimum, average, and maximum"
		}
		j = p.next(n)
	}
	return run
}

// aggregates reads a list of aggregates of one column ("the average and
// maximum salary"): each is taken of the column after the last, never a
// ranking.
func (p *parser) aggregates(run []int) *refusal {
	last := run[len(run)-1]
	obj := p.object(last)
	p.tableMeasure(last, obj) // "the average rating": the rating table's one measure (appliesto2.go)
	if n := p.next(obj); p.is(obj, kwCount) && p.numericCol(n) && !p.used[n] {
		// "the maximum and minimum number of cows": the number is the
		// column's own.
		p.used[obj] = true
		obj = n
	}
	if !p.isCol(obj) || p.used[obj] || p.f.agg != "" {
		return refuseUnresolved("I could not tell what %q applies to: name a numeric column after it.", p.ms[last].text)
	}
	p.f.agg = aggOf(p.ms[run[0]].kw.kind)
	for _, j := range run[1:] {
		p.f.moreAggs = append(p.f.moreAggs, aggItem{agg: p.listedAgg(j), m: -1})
	}
	for x := run[0]; x <= last; x++ {
		p.used[x] = true // the keywords and the commas between them
	}
	p.f.measure, p.aggMeasure, p.aggAt = obj, obj, run[0]
	p.used[obj] = true
	return nil
}

// joinedAgg reports whether the aggregate keyword at i follows the
// previous aggregate's column after "and" or a comma.
func (p *parser) joinedAgg(i int) bool {
	c := p.prev(i)
	return p.is(c, kwAnd, kwComma) && p.prev(c) == p.aggMeasure
}

// aggOf is the aggregate a keyword names.
func aggOf(k kwKind) string {
	switch k {
	case kwSum:
		return "sum"
	case kwAvg:
		return "avg"
	case kwMax:
		return "max"
	}
	return "min"
}

// setAgg records the question's aggregate; this version builds one.
func (p *parser) setAgg(i int, agg string) *refusal {
	if p.f.agg != "" && agg != "count" && p.f.agg != "count" && p.f.measure >= 0 && p.joinedAgg(i) {
		// "the average distance and average price": a further aggregate
		// of its own column.
		m := p.f.measure
		p.f.measure = p.aggMeasure
		p.f.moreAggs = append(p.f.moreAggs, aggItem{agg: agg, m: m})
		p.used[i] = true
		return nil
	}
	if p.f.agg != "" && p.moreAgg(i, agg) {
		return nil // aggs.go
	}
	if p.countThenAgg(i, agg) {
		return nil // twoclause.go
	}
	if p.aggOverCounted(i, agg) {
		return nil // aggmore.go
	}
	if p.f.agg != "" {
		return refuseUnsupported("several aggregates in one question (%q and another)", p.ms[i].text)
	}
	p.f.agg, p.aggMeasure, p.aggAt = agg, p.f.measure, i
	p.used[i] = true
	return nil
}

// object returns the mention a keyword at i applies to: the next one,
// past a table name that only modifies it ("average employee salary").
func (p *parser) object(i int) int {
	n := p.next(i)
	if slices.Contains(p.f.modifiers, n) {
		n = p.next(n)
	}
	return n
}

// count reads "how many X": a table counts rows, a column its distinct
// values.
func (p *parser) count(i int) *refusal {
	if p.countAgain(i) {
		return nil
	}
	if p.summedCount(i) {
		return nil // aggmore.go
	}
	prev := p.prev(i)
	if p.is(prev, kwSum, kwAvg, kwMax, kwMin) {
		// "average number of pages": the number is the column itself;
		// "average number of orders per customer" counts first, then
		// averages, which this version does not build.
		if n := p.next(i); p.isCol(n) || p.countedParticiple(n) != n { // "people injured" (appliesto2.go)
			p.used[i] = true
			return nil
		}
		return refuseUnsupported("an aggregate of counts (%q %q)", p.ms[prev].text, p.ms[i].text)
	}
	if f := p.f; f.countGroups && f.agg == "count" && !f.showCount {
		// "… and the number of students": show the count ranked or
		// compared, when it counts the same rows.
		obj := p.object(i)
		same := f.counted >= 0 && p.isTable(obj) && sameTables(p.ms[obj].tables, p.ms[f.counted].tables)
		if !p.in(obj) || same || f.counted < 0 && !p.isTable(obj) && !p.isCol(obj) {
			f.showCount, f.showAt = true, i
			p.used[i] = true
			if p.isTable(obj) {
				p.used[obj] = true
			}
			return nil
		}
	}
	p.countAt = i
	obj := p.object(i)
	if p.is(obj, kwCount) && !p.used[obj] {
		// "Count the total number of services", "count how many …": one
		// count, said twice.
		p.used[obj] = true
		obj = p.object(obj)
	}
	for p.isValue(obj) || p.is(obj, kwDistinct) {
		obj = p.object(obj)
	}
	if p.howManyTotal(i, obj) {
		return nil // aggsmany.go: "how many total credits" is a sum
	}
	if t := p.next(obj); p.is(obj, kwSum) && p.isTable(t) && !p.used[t] {
		// "the number of total papers": all of them, not a sum.
		p.used[obj] = true
		obj = t
	}
	if f := p.f; f.agg == "count" && f.counted >= 0 && p.isTable(obj) && !p.used[obj] && sameTables(p.ms[obj].tables, p.ms[f.counted].tables) {
		// "How many coaches does each club have? List the club name
		// and the number of coaches": the same count asked again.
		p.used[i], p.used[obj] = true, true
		return nil
	}
	switch {
	case p.isTable(obj) && !p.used[obj]:
		p.f.counted = obj
		p.f.tables = append(p.f.tables, obj)
		p.used[obj] = true
	case p.isCol(obj) && !p.used[obj]:
		p.f.measure = obj
		p.used[obj] = true
	case p.isTable(prev) && !p.used[prev] && prev == i-1:
		// "order count"
		p.f.counted = prev
		p.f.tables = append(p.f.tables, prev)
		p.used[prev] = true
	case p.countBeforeAgg(i):
		return nil // aggsmany.go: "the count and the sum of credits"
	case p.countBack(i):
		return nil // aggs.go
	case p.countsValue(i): // valuecount.go
	default:
		return refuseUnresolved("I could not tell what to count.")
	}
	return p.setAgg(i, "count")
}

// aggregate reads "total Y" and "average Y" over the column that follows.
func (p *parser) aggregate(i int) *refusal {
	if p.ownTotal(i) {
		return nil // "manufacturers whose total revenue is between 100 and 150" (appliesto3.go)
	}
	agg := "sum"
	if p.ms[i].kw.kind == kwAvg {
		agg = "avg"
	}
	if c := p.prev(i); agg == "avg" && p.is(c, kwCmp) && p.ms[c].kw.op != "=" {
		return p.aboveAverage(i, c)
	}
	obj := p.object(i)
	if p.is(obj, kwCount) {
		// "average number of pages" is handled by count, which leaves the
		// column for us; "average number of orders" was refused there.
		k := obj
		obj = p.next(obj)
		if v := p.countedParticiple(obj); v != obj {
			p.used[k], p.used[obj] = true, true // "number of people injured" (appliesto2.go)
			obj = v
		}
	}
	if !p.is(p.object(i), kwCount) {
		p.tableMeasure(i, obj) // "the average rating": the rating table's one measure (appliesto2.go)
	}
	if f := p.f; f.agg == agg && f.measure >= 0 && p.isCol(obj) && !p.used[obj] && sameCols(p.ms[obj].cols, p.ms[f.measure].cols) {
		// "the average base price per bed type? List the bed type and
		// average base price": the same aggregate asked again. Beside a
		// ranking or condition on it ("the department with the highest
		// average salary and its average salary"), it is shown.
		p.used[i], p.used[obj] = true, true
		p.showAgg(i)
		return nil
	}
	if !p.isCol(obj) || p.used[obj] {
		if obj = p.howMeasure(agg); obj < 0 { // howaverage.go
			obj = p.onAverageCol(i) // "the salary of employees on average" (appliesto2.go)
		}
		if obj < 0 {
			return refuseUnresolved("I could not tell what %q applies to: name a numeric column after it.", p.ms[i].text)
		}
	}
	p.f.measure = obj
	p.used[obj] = true
	return p.setAgg(i, agg)
}

// extreme reads highest/lowest/maximum/most: with a table named before it
// ("employees with the highest salary") or after which/who, a ranking of
// rows; otherwise the max or min aggregate ("the highest salary of
// employees").
func (p *parser) extreme(i int) *refusal {
	kw := p.ms[i].kw.kind
	obj := p.object(i)
	if p.heightRank(i, obj) { // aggshape.go
		return nil
	}
	if n, t := p.superlativeBy(obj); t >= 0 {
		return p.rankRowsBy(i, n, t) // "the largest city by area" (appliesto2.go)
	} else if n >= 0 {
		obj = n // "which city is the largest by population"
	}
	if c := p.tableModifier(i, obj); c >= 0 {
		obj = c // "the greatest body weight": a column, not a count (countrel.go)
	}
	if y := obj; p.is(y, kwCount) || p.isTable(y) {
		if p.is(y, kwCount) {
			y = p.object(y)
		}
		if p.isTable(y) && !p.used[y] {
			if obj == y && p.extremeGrade(i, y) {
				return nil // "the highest mountain": by its height (gradable.go)
			}
			return p.countRank(i, obj, y)
		}
	}
	if p.is(obj, kwCount) {
		if y := p.object(obj); y == obj+1 && p.numericCol(y) && !p.used[y] {
			// "the player with the largest number of votes": the number
			// is a column's own, ranked as it is.
			p.used[obj] = true
			obj = y
		}
	}
	obj = p.restatedAgg(obj) // "the largest amount of total settlement" (appliesto2.go)
	if p.is(obj, kwAvg, kwSum) && !p.used[obj] {
		p.tableMeasure(obj, p.object(obj)) // "the highest average rating" (appliesto2.go)
		if y := p.object(obj); p.numericCol(y) && !p.used[y] {
			return p.aggRank(i, obj, y)
		}
	}
	if p.is(obj, kwCount) {
		if y := p.rowsNamedByCol(i, obj); y >= 0 {
			return p.countRank(i, obj, y) // rankrows.go
		}
	}
	if p.isTable(obj) || p.is(obj, kwCount) {
		return refuseUnsupported("rankings by a count or total of related rows (%q %q)", p.ms[i].text, p.ms[obj].text)
	}
	if obj < 0 && lower(p.ms[i].text) == "most" {
		if h := p.headRanked(i); h >= 0 {
			return p.headCountRank(i, h) // "What instrument is used the most?" (rankplace.go)
		}
		if h := p.headRankedFiltered(i); h >= 0 {
			return p.headCountRank(i, h) // "the type of vocals that the band member … played the most" (appliesto3.go)
		}
	}
	if !p.isCol(obj) || p.used[obj] {
		return refuseUnresolved("I could not tell what %q applies to: name the column to rank by.", p.ms[i].text)
	}
	if x := p.nameBeforeRel(i); x >= 0 && !p.f.rows && p.childTotal(x, obj) {
		// "the customer with the highest total amount": summed over the
		// customer's orders.
		desc := kw == kwMax
		if p.f.limit == 0 {
			p.f.limit = 1
		}
		return p.sumRank(i, obj, x, desc)
	}
	p.used[obj] = true
	if p.rankCol(obj) {
		// The highest rank is rank 1.
		kw = map[kwKind]kwKind{kwMax: kwMin, kwMin: kwMax}[kw]
	}
	if p.f.rows && p.f.measure < 0 && p.f.adj == nil {
		// the key of a pending "top N X … with the highest Y"
		p.f.measure, p.f.needKey = obj, false
		p.used[i] = true
		return nil
	}
	if p.theirsUngrouped(i, obj) { // beside4.go
		return refuseUnsupported("showing a table's rows beside the %s of their related rows", p.ms[i].text)
	}
	if (p.tableBefore(i) || p.oneBefore(i) || p.f.startWh || p.f.limit > 0) && !p.listedOfTheirs(i, obj) { // beside4.go
		if p.f.rows {
			return refuseUnsupported("two rankings in one question")
		}
		p.f.rows, p.f.desc, p.f.measure = true, kw == kwMax, obj
		if p.f.limit == 0 {
			p.f.limit = 1
		}
		p.used[i] = true
		return nil
	}
	p.f.measure = obj
	agg := "max"
	if kw == kwMin {
		agg = "min"
	}
	return p.setAgg(i, agg)
}

// rankCol reports whether mention i names only numeric rank columns
// (rank, quality_rank), whose best value is the lowest.
func (p *parser) rankCol(i int) bool {
	if !p.numericCol(i) {
		return false
	}
	for _, r := range strongest(p.ms[i].cols, classSynonym) {
		w := p.lx.col(r.table, r.col).words
		if !rankWords[w[len(w)-1]] {
			return false
		}
	}
	return true
}

// numericCol reports whether mention i names only numeric columns and no
// table: a count stored as a column ("votes", "international
// passengers").
func (p *parser) numericCol(i int) bool {
	return p.onlyCols(i, func(c *colInfo) bool { return c.numeric })
}

// onlyCols reports whether mention i names columns and no table, and
// every column it names most strongly satisfies ok.
func (p *parser) onlyCols(i int, ok func(*colInfo) bool) bool {
	if !p.isCol(i) || p.isTable(i) {
		return false
	}
	for _, r := range strongest(p.ms[i].cols, classSynonym) {
		if !ok(p.lx.col(r.table, r.col)) {
			return false
		}
	}
	return true
}

// countRank reads "which X has the most Y" (i: most, y: the table Y, obj:
// the word after most): the X whose rows of Y are most (or least)
// numerous. X is the name just before: a column of Y ("which major has the
// most students") or a table Y references ("the city that hosted the most
// competitions").
func (p *parser) countRank(i, obj, y int) *refusal {
	f := p.f
	// X comes before a relative word ("has", "with", "that"): without
	// one, "the name of the highest mountain" would read as a count.
	x := p.nameBeforeRel(i)
	var verbs []int
	if x < 0 {
		x, verbs = p.nameBeforeVerb(i, y)
	}
	by := -1
	if x < 0 {
		x, by = p.nameBeforeBy(i)
	}
	if x < 0 {
		x, verbs = p.nameBeforeRelation(i)
	}
	if x < 0 {
		x, verbs = p.rankLinkName(i, y) // rankrows.go
	}
	if x < 0 {
		x, verbs = p.rankThroughLink(i, y) // "the employee certified to fly the most planes" (rankthrough.go)
	}
	if x < 0 {
		x = p.nameBeforeObjectClause(i, y) // "the type most attractions belong to" (countrel.go)
	}
	if x < 0 {
		x, verbs = p.nameBeforeRoleVerb(i, y) // "the nominee who has been nominated for the most musicals" (countrel.go)
	}
	if x >= 0 && p.pendingTop() {
		// "the top 3 departments that offer the most courses": the key
		// of the pending top N is the count.
		f.rows, f.needKey = false, false
	}
	if x < 0 || f.rows || f.countRank || f.countGroups || obj == y && !p.ms[y].plural && !countWords[lower(p.ms[i].text)] {
		// A table in the singular right after an adjective of size ("the
		// country with the highest roller coaster") ranks its rows by a
		// measure, not the X by how many they have.
		return refuseUnsupported("rankings by a count or total of related rows (%q %q)", p.ms[i].text, p.ms[y].text)
	}
	if by >= 0 {
		p.used[by] = true
	}
	p.narrowToReferrer(x, y) // "the budget type code with the most documents" (rankthrough.go)
	if !p.countedVia(x, y) { // "chosen by the most customers": rows of X's table (countrel.go)
		p.countedThroughLink(x, y) // "the characteristic name used by the most products" (rankthrough.go)
	}
	f.countRank, f.countGroups, f.desc = true, true, p.ms[i].kw.kind == kwMax
	if f.limit == 0 {
		f.limit = 1
	}
	f.counted = y
	f.tables = append(f.tables, y)
	f.groups = append(f.groups, x)
	p.used[i], p.used[obj], p.used[y], p.used[x] = true, true, true, true
	for _, v := range verbs {
		p.used[v] = true
	}
	return p.setAgg(i, "count")
}

// aggRank reads "which X has the highest average Y" (i: highest, a:
// average or total, y: the column Y): the groups X ranked by the aggregate
// of Y over their rows, as countRank ranks them by their count. X is named
// before a relative word: a column of Y's table or a table it references.
func (p *parser) aggRank(i, a, y int) *refusal {
	f := p.f
	x := p.nameBeforeRel(i)
	shownAt, shown := -1, false
	if x >= 0 {
		shownAt, shown = p.shownBefore(a, y)
	}
	if x < 0 || f.rows || f.countRank || f.countGroups || f.agg != "" {
		return refuseUnsupported("rankings by a count or total of related rows (%q %q)", p.ms[i].text, p.ms[a].text)
	}
	f.countRank, f.countGroups, f.aggRank, f.desc = true, true, true, p.ms[i].kw.kind == kwMax
	if shown {
		f.showCount, f.showAt = true, shownAt
	}
	if p.rankCol(y) {
		f.desc = !f.desc // the highest average rank is the lowest number
	}
	if f.limit == 0 {
		f.limit = 1
	}
	return p.aggOfGroups(i, a, x, y)
}

// aggOfGroups computes, per group of name x, the average or (after "total",
// the keyword at a) the sum of column y, and marks the words i, y and x
// used: the aggregate a ranking or a sort of the groups reads.
func (p *parser) aggOfGroups(i, a, x, y int) *refusal {
	f := p.f
	f.measure = y
	f.groups = append(f.groups, x)
	p.used[i], p.used[y], p.used[x] = true, true, true
	agg := "avg"
	if p.ms[a].kw.kind == kwSum {
		agg = "sum"
	}
	return p.setAgg(a, agg)
}

// additiveBare reports whether mention j is a column that adds up across
// rows (a quantity, an amount) asked for with no aggregate word right
// before a grouping: "quantity sold per category", "revenue by country"
// total it per group, as such a figure is only ever totalled. Any other
// bare column before a grouping stays unread ("salary by title" could be
// any aggregate).
func (p *parser) additiveBare(j int) bool {
	if !p.numericCol(j) || p.tableBefore(j) {
		return false
	}
	for _, r := range strongest(p.ms[j].cols, classSynonym) {
		c := p.lx.col(r.table, r.col)
		if c.id || !slices.ContainsFunc(c.words, func(w string) bool { return additiveWords[w] }) {
			return false
		}
	}
	if k := p.prev(j); k >= 0 && p.ms[k].kind == mKeyword {
		return false
	}
	n := p.next(j)
	return p.is(n, kwGroup) || p.is(n, kwBy) && p.isTable(p.next(n))
}

// additiveWords end the names of columns whose values add up across rows
// (an order's total amount, a line's quantity): ranking a parent's rows by
// one of its children's such columns ranks them by the sum.
var additiveWords = setOf("total", "amount", "amounts", "quantity", "quantities", "qty", "sales", "revenue")

// childTotal reports whether column mention y names one additive numeric
// column of a table that refers to the table x names by exactly one key:
// "customers by total amount" when the amounts are the customers' orders'.
func (p *parser) childTotal(x, y int) bool {
	if !p.isTable(x) || !p.numericCol(y) {
		return false
	}
	xi, ok := p.oneTable(x)
	cs := strongest(p.ms[y].cols, classSynonym)
	if !ok || len(cs) != 1 {
		return false
	}
	c := p.lx.col(cs[0].table, cs[0].col)
	if !c.table.refersOnce(xi) || c.id {
		return false
	}
	return slices.ContainsFunc(c.words, func(w string) bool { return additiveWords[w] })
}

// tableBetween returns the one table mention between mentions i and j, or -1.
func (p *parser) tableBetween(i, j int) int {
	x := -1
	for k := i + 1; k < j; k++ {
		if p.isTable(k) {
			if x >= 0 {
				return -1
			}
			x = k
		}
	}
	return x
}

// sumRank ranks the rows of x by the sum of column y over the rows that
// refer to them (i: the word that asks for the ranking), as aggRank does
// for a written "total".
func (p *parser) sumRank(i, y, x int, desc bool) *refusal {
	f := p.f
	if f.rows || f.countRank || f.countGroups || f.agg != "" {
		return refuseUnsupported("rankings by a count or total of related rows (%q %q)", p.ms[i].text, p.ms[y].text)
	}
	f.countRank, f.countGroups, f.aggRank, f.desc = true, true, true, desc
	if f.limit == 0 {
		f.limit = 1
	}
	f.measure = y
	f.groups = append(f.groups, x)
	p.used[i], p.used[y], p.used[x] = true, true, true
	return p.setAgg(i, "sum")
}

// nameBeforeVerb is nameBeforeRel past a verb that names one of Y's own
// columns ("the city that has hosted the most competitions": hosted is
// host_city_id, the key by which competitions refer to cities). It returns
// X and the verb mentions it skipped.
func (p *parser) nameBeforeVerb(i, y int) (int, []int) {
	var verbs []int
	rel := false
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mName && !p.used[j] && len(m.tables) == 0 && len(verbs) == 0 && !rel && colsOfTables(m.cols, p.ms[y].tables):
			verbs = append(verbs, j)
		case m.kind == mName && !p.used[j]:
			if rel && len(verbs) > 0 {
				return j, verbs
			}
			return -1, nil
		case m.kind != mStop:
			return -1, nil
		default:
			rel = rel || relWords[lower(m.text)]
		}
	}
	return -1, nil
}

// colsOfTables reports whether every strongest column reference belongs
// to one of the strongest tables named.
func colsOfTables(cols, tables []nameRef) bool {
	ts := strongest(tables, classSynonym)
	cs := strongest(cols, classSynonym)
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if !slices.ContainsFunc(ts, func(t nameRef) bool { return t.table == c.table }) {
			return false
		}
	}
	return true
}

// common reads "the most common X" and "which X is most common": the
// value of the column X with the most rows, or the row of table X most
// referred to ("the most common media type across all tracks").
func (p *parser) common(i int) *refusal {
	f := p.f
	// A column after or before the phrase, else a table after or before
	// it: in "the status that is most common across all bookings" the
	// table after only says where to count.
	x := -1
	for _, c := range []int{p.object(i), p.prev(i)} {
		if x < 0 && p.isCol(c) && !p.used[c] {
			x = c
		}
	}
	if x < 0 {
		x = p.headBeyondVerb(i) // "the nominee who was nominated the most times" (besideagg2.go)
	}
	for _, c := range []int{p.object(i), p.prev(i)} {
		if x < 0 && p.isTable(c) && !p.used[c] {
			x = c
		}
	}
	if x < 0 {
		x = p.headRanked(i) // rankplace.go
	} else if p.isTable(x) {
		p.tableAsItsColumn(x) // "the most used instrument" (rankplace.go)
	}
	if x >= 0 && p.pendingTop() {
		// "the top 3 most common colleges": the key of the pending top N
		// is the count, as in countRank.
		f.rows, f.needKey = false, false
	}
	if p.aggOfMode(i, x) {
		return nil // "the total access count of the most common type" (appliesto.go)
	}
	if x < 0 || f.rows || f.countGroups || f.agg != "" {
		return refuseUnresolved("I could not tell what %q applies to: name the column after it.", p.ms[i].text)
	}
	f.countRank, f.countGroups, f.desc = true, true, p.ms[i].kw.desc
	if f.limit == 0 {
		f.limit = 1
	}
	f.groups = append(f.groups, x)
	p.used[i], p.used[x] = true, true
	return p.setAgg(i, "count")
}

// pairedValues returns the frame's one condition that two values of a
// column meet ("team CLE and CWS"), or -1.
func pairedValues(f *frame) int {
	k := -1
	for j, fs := range f.filters {
		if fs.kind == fValue && len(fs.vals) == 2 && fs.op == "=" && !fs.except {
			if k >= 0 {
				return -1
			}
			k = j
		}
	}
	return k
}

// sameCols reports whether two column mentions mean the same one column.
func sameCols(a, b []nameRef) bool {
	x, y := strongest(a, classSynonym), strongest(b, classSynonym)
	return len(x) == 1 && len(y) == 1 && x[0].table == y[0].table && x[0].col == y[0].col
}

// sameTables reports whether two table mentions mean the same table.
func sameTables(a, b []nameRef) bool {
	x, y := strongest(a, classSynonym), strongest(b, classSynonym)
	return len(x) == 1 && len(y) == 1 && x[0].table == y[0].table
}

// top reads "top N" and "bottom N": a ranking whose key comes from a later
// "by Y", "with the highest Y" or an adjective.
func (p *parser) top(i int) *refusal {
	f := p.f
	if f.rows {
		return refuseUnsupported("two rankings in one question")
	}
	f.rows, f.desc = true, p.ms[i].kw.kind == kwTop
	p.used[i] = true
	if n := p.next(i); n >= 0 && p.ms[n].kind == mNumber && n == i+1 {
		k, ok := rowCount(p.ms[n].num)
		if !ok {
			return refuseUnresolved("I could not read %s as a number of rows.", p.ms[n].text)
		}
		f.limit = k
		p.used[n] = true
		if x := p.next(n); p.is(x, kwMin) {
			f.desc = false // "top three lowest distances" ranks up from the lowest
		} else if p.topMeasure(n) {
			return nil
		}
	}
	if f.limit == 0 {
		f.limit = 1
		if t := p.next(i); p.isTable(t) && p.ms[t].plural {
			return refuseUnresolved("I could not tell how many %s you want: say how many (for example: top 5 %s by …).", p.ms[t].text, p.ms[t].text)
		}
	}
	f.needKey = true
	for j := i + 1; j < len(p.ms); j++ {
		if p.is(j, kwBy) {
			n := p.next(j)
			if p.is(n, kwCount, kwSum, kwAvg) || p.isTable(n) {
				return refuseUnsupported("rankings by a count or total of related rows")
			}
			if x := p.tableBetween(i, j); x >= 0 && p.childTotal(x, n) {
				// "top 5 customers by total amount": the customers'
				// orders' amounts summed.
				f.rows = false
				return p.sumRank(j, n, x, p.ms[i].kw.kind == kwTop)
			}
			if !p.isCol(n) {
				return refuseUnresolved("I could not tell what to rank by after %q.", p.ms[j].text)
			}
			f.measure, f.needKey = n, false
			p.used[j], p.used[n] = true, true
			break
		}
		if p.is(j, kwAdj) {
			f.adj, f.desc, f.needKey = &p.ms[j].kw, p.ms[j].kw.desc, false
			p.used[j] = true
			break
		}
	}
	return nil
}

// rankAdjective reads the ordering adjective i ("the most expensive
// product", "the oldest employee"): a ranking by the column named right
// after it, else by the column the verb before it names, else by the
// column of the measure it grades, found once the table is known.
func (p *parser) rankAdjective(i int) {
	f := p.f
	f.rows, f.desc, f.adj = true, p.ms[i].kw.desc, &p.ms[i].kw
	if n := p.next(i); p.isCol(n) && !p.used[n] {
		// "the latest open year": the column to rank by is named.
		f.measure, f.adj = n, nil
		p.used[n] = true
	} else if v := p.eventColumn(i); v >= 0 {
		// "the program launched most recently": the column the
		// verb names.
		f.measure, f.adj = v, nil
		p.used[v] = true
	} else if p.qualifiesNext(i, n) {
		// "the customer with the latest policy": the policy's date
		// (gradable.go).
		f.adjOf = n
		p.used[n] = true
	}
	if f.limit == 0 {
		f.limit = 1
	}
	p.used[i] = true
}

// group reads "per Z", "for each Z", "by Z". "by" is also a plain
// preposition ("paid by card", "books by authors from France") and, with no
// aggregate, an ordering ("employees by salary").
func (p *parser) group(i int) *refusal {
	m := p.ms[i]
	n := p.object(i)
	for (m.kw.kind == kwGroup || p.byDifferent(i, n)) && p.is(n, kwDistinct, kwGroup) && !p.used[n] { // refers2.go
		// "for each distinct product name", "for each of the different
		// majors", "for each each": the groups are the values anyway.
		p.used[n] = true
		n = p.object(n)
	}
	hasAgg := p.f.agg != "" || p.aggAhead(i)
	if p.groupAgain(i, n) {
		return nil
	}
	if p.countedGroupAgain(i, n) {
		return nil // aggmore.go
	}
	switch {
	case p.isCol(n) && !p.used[n]:
		if !hasAgg {
			if m.kw.kind == kwBy {
				// "employees by age then name": each key in turn
				// (refers2.go).
				keys, ok := p.sortKeys(n)
				if !ok {
					return refuseUnsupported("sorting by several columns")
				}
				for _, k := range keys {
					p.f.sorts = append(p.f.sorts, sortSpec{m: k, by: true})
					p.used[k] = true
				}
				p.used[i] = true
				return nil
			}
			if p.eachColumn(i) { // aggshape.go
				return nil
			}
			return refuseUnresolved("I could not tell what to compute per %s.", p.ms[n].text)
		}
		p.f.groups = append(p.f.groups, n)
		p.used[i], p.used[n] = true, true
	case p.isTable(n) && !p.used[n]:
		if !hasAgg || m.kw.kind == kwBy && (p.pinnedAfter(n) || p.gradedClauseAfter(n)) {
			if m.kw.kind == kwBy || everyRow(m.text) {
				p.used[i] = true // a preposition, or "each" meaning "every"
				return nil
			}
			return refuseUnresolved("I could not tell what to compute per %s.", p.ms[n].text)
		}
		p.f.groups = append(p.f.groups, n)
		p.used[i], p.used[n] = true, true
	case m.kw.kind == kwBy && p.isValue(n):
		p.used[i] = true // "paid by card", "buildings managed by 'Emma'"
	case p.byPronoun(i): // refers2.go: "the number of photos taken by it"
		p.used[i] = true
	case p.everyValued(i, n, hasAgg): // refers2.go: "for every English song"
		p.used[i] = true
	case p.byBeforeSets(i, n): // refersto.go
		p.used[i] = true
	case p.byPinnedRow(i, n): // refersto.go
		p.used[i], p.f.distinct, p.f.usedSet = true, true, true
	case m.kw.kind == kwBy && hasAgg && p.byFiltered(n): // bynamed.go
		p.used[i] = true
	case m.kw.kind == kwBy && p.is(n, kwMax, kwMin) && (p.isTable(p.next(n)) || p.is(p.next(n), kwCount) && p.isTable(p.next(p.next(n)))):
		// "the payment method used by the most customers": a preposition
		// before a ranking by a count of rows, read as "with the most".
		p.used[i] = true
	case m.kw.kind == kwGroup && p.noNamesAfter(i):
		// "the destinations and the number of flights to each one": each
		// refers back to the column listed; check confirms there is one.
		p.used[i], p.eachBack = true, true
	default:
		return refuseUnresolved("I could not tell what %q refers to.", m.text)
	}
	return nil
}

// noNamesAfter reports whether only stop words follow mention i.
func (p *parser) noNamesAfter(i int) bool {
	for j := i + 1; j < len(p.ms); j++ {
		if p.ms[j].kind != mStop {
			return false
		}
	}
	return true
}

// aggAhead reports whether an aggregate keyword or an implied aggregate
// (a column such as total_amount) appears anywhere in the question, so that
// a "by" read before the aggregate still groups.
func (p *parser) aggAhead(i int) bool {
	for j := range p.ms {
		if p.is(j, kwCount, kwSum, kwAvg) || (p.is(j, kwMax, kwMin) && !p.tableBefore(j) && !p.f.startWh) {
			return true
		}
		if p.isCol(j) && sumWords[lower(firstWord(p.ms[j].text))] && !p.tableBefore(j) || p.additiveBare(j) {
			return true
		}
	}
	return false
}

// leftovers gives the remaining names a role: tables are what the question
// is about; columns are shown, or aggregated when their own name begins
// with an aggregate word and nothing else aggregates ("the total amount of
// orders" sums total_amount).
func (p *parser) leftovers() *refusal {
	f := p.f
	for i, m := range p.ms {
		if p.used[i] || m.kind != mName {
			continue
		}
		if len(m.tables) > 0 {
			f.tables = append(f.tables, i)
			p.used[i] = true
			continue
		}
		if (sumWords[lower(firstWord(m.text))] && !p.tableBefore(i) || p.additiveBare(i)) && f.agg == "" && !f.rows && len(f.project) == 0 {
			f.agg, f.measure = "sum", i
			p.used[i] = true
			continue
		}
		if p.backRefCol(i) || p.dateVerb(i) {
			p.used[i] = true // nameonly.go
			continue
		}
		if n := p.next(i); p.isTable(n) && n == i+1 {
			// "discontinued products": a column used as an adjective is a
			// condition whose value is not said.
			return refuseUnresolved("I could not tell what %q means for %s.", m.text, p.ms[n].text)
		}
		if p.inRelClause(i) && p.rankedByName(i) {
			p.used[i] = true // colvalue.go
			continue
		}
		if p.inRelClause(i) && p.colWord(i) {
			continue // colword.go: a verb, a column shown or compared with another
		}
		if p.inRelClause(i) {
			if rf := p.colWordRefusal(i); rf != nil {
				return rf // colword.go: a comparison or a key named as a noun
			}
			return refuseUnresolved("I could not tell what %q should be: name a value for it (for example: with %s 'x').", m.text, m.text)
		}
		f.project = append(f.project, i)
		p.used[i] = true
	}
	p.tableSets()
	for i, m := range p.ms {
		if p.used[i] || m.kind == mStop {
			continue
		}
		switch {
		case m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma):
			a, b := p.prev(i), p.next(i)
			switch {
			case p.isTable(a) && p.isTable(b):
				if (p.theirBetween(i, b) || p.theyAfter(b)) && len(f.paired) == 0 && f.agg == "" && f.counted < 0 { // theyAfter: tablebeside.go
					// "the names of members and their parties".
					f.paired = []int{b}
					continue
				}
				return refuseUnsupported("questions about two tables at once (%q %s %q)", p.ms[a].text, m.text, p.ms[b].text)
			case p.rankedThenIts(i, a, b):
				// "the department with the most employees and its
				// budget": a column of the ranked row (beside3.go).
				continue
			case p.isTable(a) && p.isCol(b) && !slices.Contains(f.groups, a) && slices.Contains(f.project, b) && !p.ownsListed(a),
				p.isCol(a) && p.isTable(b) && !slices.Contains(f.groups, b) && slices.Contains(f.project, a) && !p.rowsPhrase(i, b) && !p.strongModifier(b):
				// "the allergies and their types": the rows are shown by
				// their labels beside the column.
				t := a
				if p.isTable(b) {
					t = b
				}
				if f.labelled >= 0 && f.labelled != t || f.agg != "" {
					return refuseUnsupported("a table listed beside a column (%q %s %q)", p.ms[a].text, m.text, p.ms[b].text)
				}
				f.labelled, f.labelsFirst = t, t == a
				if f.labelledOwned = p.listOwned(b, t); f.labelledOwned {
					// The rows are the owner's, not the listed table's.
					f.tables = slices.DeleteFunc(f.tables, func(k int) bool { return k == t })
				}
			}
		case m.kind == mKeyword && m.kw.kind == kwBut:
			// "but" reads as "and" unless a negation follows it ("took
			// Math but never had a grade A"), a difference not built here
			// unless read before (butnot.go, negation.go, literals.go).
			// A value's own != in a clause of its own is no difference.
			for j := i + 1; j < len(p.ms); j++ {
				if p.is(j, kwNot) && !butNegatesValue(p.ms, i, j) { // butnot.go
					return refuseUnsupported("%q before a negation", m.text)
				}
			}
		case m.kind == mKeyword && m.kw.kind == kwOr:
			if f.orAt >= 0 || f.both >= 0 || f.bothSets || !orBetween(f, i) {
				return refuseUnsupported("%q between conditions", m.text)
			}
			// "mountains higher than 5000 or with a prominence over
			// 1000": the conditions either side, joined by OR.
			f.orAt = i
			p.used[i] = true
		case m.kind == mKeyword && m.kw.kind == kwNot:
			return refuseUnsupported("negation (%q)", m.text)
		case m.kind == mKeyword && m.kw.kind == kwBoth && lower(m.text) == "either" && orFollows(p.ms, i):
			p.used[i] = true // read with the "or" after it
		case m.kind == mKeyword && m.kw.kind == kwBoth:
			w := lower(m.text)
			if w != "both" && w != "shared by" {
				return refuseUnsupported("questions that combine sets (%q)", m.text)
			}
			f.bothSets = true
			if k := pairedValues(f); w == "shared by" && f.both < 0 && k >= 0 {
				// "the years shared by technicians from team CLE and
				// CWS": the years of each team's, in common.
				f.both = k
				p.used[i] = true
				continue
			}
			if _, _, ok := contradiction(f); !ok {
				return refuseUnsupported("questions that combine sets (%q)", m.text)
			}
			// "both cities over 1500 and cities under 500": the two
			// conditions no one row meets are read as two sets.
			p.used[i] = true
		case m.kind == mKeyword && m.kw.kind == kwCmp && (p.underIn(i) || p.atLeastA(i)):
			p.used[i] = true // compare.go
		case m.kind == mKeyword && m.kw.kind == kwDateCmp && p.previously(i):
			p.used[i] = true // "taught the course before" (attach.go)
		case m.kind == mKeyword && (m.kw.kind == kwCmp || m.kw.kind == kwDateCmp):
			return refuseUnsupported("the comparison %q here: compare a named column with a number (for example: salary over 50000)", m.text)
		case m.kind == mNumber:
			return refuseUnresolved("I could not tell what %s refers to.", m.text)
		case m.kind == mValue && m.weak:
			return refuseUnlinked([]string{m.text})
		}
	}
	return nil
}

// listedWithCount reports whether the question lists one column and then,
// after "and", a comma or "with", an aggregate ("the majors and
// corresponding number of students", "publishers together with the number
// of publications", "the transaction types and the total amount"): the
// aggregate is per value of the column.
func (p *parser) listedWithCount() bool {
	f := p.f
	if f.agg == "" || f.agg == "measure" || len(f.moreAggs) > 0 || len(f.groups) > 0 || len(f.project) != 1 || f.rows || f.countGroups {
		return false
	}
	at := p.aggAt
	if f.agg == "count" {
		at = p.countAt
	}
	if f.project[0] > at {
		return false
	}
	for j := at - 1; j > f.project[0]; j-- {
		switch m := p.ms[j]; {
		case m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma):
			return true
		case m.kind == mStop && lower(m.text) == "with":
			return true
		case m.kind != mStop && !(m.kind == mKeyword && m.kw.kind == kwDistinct):
			return false
		}
	}
	return false
}

// sameAggregate reads "the average height and weight": a column listed
// right after the aggregated one, with nothing between but "and" or a
// comma, takes the same aggregate.
func (p *parser) sameAggregate() {
	f := p.f
	if f.agg == "" || f.agg == "count" || f.agg == "measure" || f.measure < 0 || len(f.groups) > 0 || f.rows || f.countGroups {
		return
	}
	var keep []int
	last := f.measure
	for _, c := range f.project {
		a := p.prev(c)
		if c > last && p.is(a, kwAnd, kwComma) && p.prev(a) == last && a == last+1 && c == a+1 {
			f.moreAggs = append(f.moreAggs, aggItem{agg: f.agg, m: c})
			last = c
			continue
		}
		keep = append(keep, c)
	}
	f.project = keep
}

// inRelClause reports whether column mention i sits in a relative clause
// after a table ("customers with an email", "mills that are built"): there
// a column without a value is a condition, not something to show.
func (p *parser) inRelClause(i int) bool {
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mStop && relWords[lower(m.text)]:
			return p.tableBefore(j)
		case m.kind == mStop, m.kind == mValue, m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma || m.kw.kind == kwOr):
		case m.kind == mName && len(m.tables) == 0:
		default:
			return false
		}
	}
	return false
}

// check applies an explicit direction and refuses combinations of roles
// this version does not build.
func (p *parser) check() *refusal {
	f := p.f
	p.countAsColumn() // "the name and number of floors of all buildings" (besideagg2.go)
	if p.dir != nil {
		switch {
		case f.sortAgg, p.aggSorted:
			f.desc = p.dir.desc
		case len(f.sorts) > 1:
			// "in descending order of sales and profits": one key or
			// both (refers2.go)?
			return refuseUnsupported("one direction for several sort keys")
		case len(f.sorts) > 0:
			for k := range f.sorts {
				f.sorts[k].desc, f.sorts[k].grade = p.dir.desc, p.dir.adj
			}
		case f.rows && f.adj == nil:
			f.desc = p.dir.desc
		case p.dir.alpha && (f.agg == "" || f.countGroups) && !f.rows: // groups: refers2.go
			f.alpha, f.desc = true, p.dir.desc
		case f.agg == "count" && len(f.groups) == 1 && !f.rows && !f.countGroups:
			// "the number of airports per country, from most to least":
			// the direction orders the counts.
			f.sortAgg, f.desc = true, p.dir.desc
		case p.totalColumnOrdered(): // orderphrases.go
		case p.gradeOrder(): // refers2.go: "from oldest to youngest"
		case f.agg == "" && !f.rows && len(f.groups) == 0 && len(f.project) == 1 && p.dir.adj == 0:
			// "the votes of elections in descending order": the one
			// column shown is the key.
			f.sorts = append(f.sorts, sortSpec{m: f.project[0], desc: p.dir.desc, grade: p.dir.adj})
		default:
			return refuseUnresolved("I could not tell what to order by.")
		}
	}
	if r := p.sortByCount(); r != nil {
		return r
	}
	p.sameAggregate()
	// "the number of different majors and cities" (beside4.go)
	p.sameDistinctCount()
	p.sameGroups() // aggshape.go
	if p.listedWithCount() || p.eachListed() {
		// "the majors and the number of students": a count per value.
		f.groups, f.project = f.project, nil
	} else if t := p.eachTable(); t >= 0 {
		f.groups, p.used[t] = []int{t}, true
	} else if t := p.listedParent(); t >= 0 {
		// "the ids and names of all customers and the number of
		// accounts": a count per listed row (tablebeside.go).
		f.groups, p.used[t] = []int{t}, true
	} else if p.eachBack && !p.eachSortedGroup() { // orderphrases.go
		return refuseUnresolved("I could not tell what \"each\" refers to.")
	}
	switch {
	case f.sortAgg && !p.countSorted && (f.agg != "count" || len(f.groups) != 1 || f.countGroups || f.rows || len(f.sorts) > 0):
		return refuseUnsupported("sorting by a count other than the one computed per group")
	case f.sortAgg:
	case f.countRank && (len(f.sorts) > 0 || len(f.groups) != 1):
		return refuseUnsupported("a ranking by a count combined with another grouping or order")
	case f.countGroups && (len(f.sorts) > 0 || len(f.groups) != 1 || f.rows):
		return refuseUnsupported("a condition on a count combined with another grouping or order")
	case f.countGroups:
	case f.limit > 0 && !f.rows:
		return refuseUnresolved("I could not tell what to rank by.")
	case f.agg != "" && f.rows && !p.aggOfTop():
		return refuseUnsupported("an aggregate combined with a ranking")
	case f.topFilter:
	case f.agg != "" && len(f.project) > 0 && len(f.groups) == 0 && p.countThenShown():
		f.countShown = true // hascol.go: the resolver reads it or refuses
	case f.agg != "" && len(f.project) > 0 && len(f.groups) == 0:
		return refuseUnsupported("showing columns beside an aggregate (%q)", p.ms[f.project[0]].text)
	case len(f.groups) > 0 && f.agg == "":
		return refuseUnresolved("I could not tell what to compute per %s.", p.ms[f.groups[0]].text)
	case len(f.sorts) > 0 && f.agg != "":
		return refuseUnsupported("sorting an aggregate")
	case f.rows && len(f.groups) > 0:
		return refuseUnsupported("rankings within each group")
	case f.rows && len(f.sorts) > 0:
		return refuseUnsupported("a ranking combined with a sort order")
	case len(f.groups) > 1:
		return refuseUnsupported("grouping by several columns")
	}
	return nil
}

// nameBeforeBy finds X in the passive "X (that is) used by the most Y"
// (i: most): "by" right before the ranking word, a participle before it
// ("used", "shared", "enrolled in") and the name X before that, with only
// function words between. It returns X and the "by" mention, or -1, -1.
func (p *parser) nameBeforeBy(i int) (int, int) {
	by := p.prev(i)
	if !p.is(by, kwBy) {
		return -1, -1
	}
	participle := false
	for j := by - 1; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mName && !p.used[j]:
			if participle {
				return j, by
			}
			return -1, -1
		case m.kind != mStop:
			return -1, -1
		default:
			// "chosen by": irregular participles too (countrel.go)
			participle = participle || isParticiple(lower(m.text)) || irregularParticiple(lower(m.text))
		}
	}
	return -1, -1
}

// isParticiple reports whether a word reads as a regular past participle
// ("used", "shared", "enrolled"), the verb of a passive clause.
func isParticiple(w string) bool {
	return len(w) >= 4 && strings.HasSuffix(w, "ed") && !strings.Contains(w, " ")
}
