package offline

// Ordering phrases and words that point back, read where the words leave
// one answer: sorts by several keys (sortKeys), alphabetical order keyed
// by the one text column shown (alphaKey, alphaShown), a direction naming
// a measure and no column (gradeOrder), "with the largest X first"
// (extremeFirst), "by different X" grouping an aggregate (byDifferent),
// "by it"/"by them" pointing back to a table named before (byPronoun) and
// "for every" before a value meaning every row it keeps (everyValued).

// Sorts by several keys: "ordered by their titles and credits", "sorted
// by email address and phone number", "Sort by director name, then movie
// title", "sorted by age then name". The keys are read in the order
// written, each ascending: English puts the first key first, and a later
// one only breaks ties. A direction said once for several keys is left
// unread (check refuses it): "in descending order of sales and profits"
// may put one key or both in descending order.

// keySeparators are the stop words that may stand between two sort keys
// besides "and" and a comma: "by name, then by age", "and lastly by
// stars", "then finally rating".
var keySeparators = setOf("then", "finally", "lastly", "the", "their", "its", "his", "her")

// sortKeys returns the sort keys starting at column mention n, the first
// key of a sort request, and marks the separators between them used. ok
// is false when something other than a column follows a separator ("by
// name and the number of …"), or a key is followed by anything but
// another separator, a direction or the end of a clause: "sorted by age
// and salary over 100" lists no second key. A key may be owned by the
// table named right before it ("then movie title", sortkey.go) and may
// repeat "by" ("then by movie title").
func (p *parser) sortKeys(n int) (keys []int, ok bool) {
	keys = []int{n}
	var marks []int
	for last := n; ; {
		a := p.next(last)
		sep := -1
		switch {
		case p.is(a, kwAnd, kwComma):
			sep = a
		case p.thenBetween(last, a):
			sep = last // "by age then name": no separator mention to mark
		}
		if sep < 0 {
			if len(keys) > 1 && !p.keyEnd(a) {
				return nil, false
			}
			break
		}
		k := a
		if sep != last {
			k = p.next(a)
		}
		if !p.stopsAre(sep, k, keySeparators) {
			return nil, false
		}
		if p.is(k, kwBy) && !p.used[k] {
			marks = append(marks, k)
			k = p.next(k)
		}
		c, t := p.tableColumn(k) // sortkey.go
		if !p.isCol(c) {
			if len(keys) == 1 && len(marks) == 0 {
				return keys, true // "sorted by age, and show …": one key, as before
			}
			return nil, false
		}
		if p.used[c] {
			return nil, false
		}
		if sep != last {
			marks = append(marks, sep)
		}
		if t >= 0 {
			marks = append(marks, t)
		}
		keys = append(keys, c)
		last = c
	}
	for _, m := range marks {
		p.used[m] = true
	}
	return keys, true
}

// thenBetween reports whether "then" stands among the stop words between
// mentions a and b.
func (p *parser) thenBetween(a, b int) bool {
	if a < 0 || b < 0 {
		return false
	}
	for j := a + 1; j < b; j++ {
		if p.ms[j].kind == mStop && lower(p.ms[j].text) == "then" {
			return true
		}
	}
	return false
}

// stopsAre reports whether every mention strictly between a and b is a
// stop word of set (a separator keyword at a itself is not checked).
func (p *parser) stopsAre(a, b int, set map[string]bool) bool {
	if b < 0 {
		return false
	}
	for j := a + 1; j < b; j++ {
		if p.ms[j].kind != mStop || !set[lower(p.ms[j].text)] {
			return false
		}
	}
	return true
}

// keyEnd reports whether mention a may follow the last of several sort
// keys: nothing, or a direction word.
func (p *parser) keyEnd(a int) bool {
	return a < 0 || p.is(a, kwAsc, kwDesc)
}

// Alphabetical order names no key: it is the one column shown that holds
// words. "the name and id of all artists in alphabetical order" and "the
// title and year of each movie in alphabetical order" put the name or the
// title in order, as numbers and keys have no alphabet; two text columns
// shown ("the name and city") leave the key unclear. The rows kept by a
// condition on a count ("artists that have at least 3 albums in
// alphabetical order") are ordered the same way (check in roles.go).

// alphaKey returns the one text column among shown that is not a key, or
// nil when there is none or several.
func alphaKey(shown []*colInfo) *colInfo {
	var k *colInfo
	for _, c := range shown {
		if c == nil || !isTextual(c.kind) || c.id && len(shown) > 1 {
			continue
		}
		if k != nil && k != c {
			return nil
		}
		k = c
	}
	return k
}

// alphaShown returns the columns an alphabetical order may key: those
// shown, or, when only groups kept by a count condition are shown, their
// grouping columns.
func alphaShown(q *query, f *frame) []*colInfo {
	if len(q.project) == 0 && f.countGroups && q.hideAgg {
		return q.groupBy
	}
	return q.project
}

// gradeOrder reads a direction that names a measure and no column ("the
// names of people ordered from oldest to youngest", "from newest to
// oldest"): the rows in order of the one column the measure grades, as
// "the oldest person" ranks by it (gradable.go), with no limit. Only a
// plain list of rows is read so; a count, an aggregate or groups leave
// unclear which rows are graded.
func (p *parser) gradeOrder() bool {
	f := p.f
	if p.dir.adj == 0 || f.agg != "" || f.rows || len(f.groups) > 0 || f.countGroups || f.countRank || len(f.moreAggs) > 0 {
		return false
	}
	f.rows, f.adj, f.desc = true, p.dir, p.dir.desc
	return true
}

// extremeFirst reads "the names of people with the largest salary first"
// (i: the superlative): a closing "first" turns the superlative into the
// direction of a sort by the column after it, keeping every row, as
// sortByExtreme (orderphrases.go) reads it after sort words. The
// superlative must follow "with" and the column must end the question
// but for "first": "the person with the highest salary first joined …"
// says something else.
func (p *parser) extremeFirst(i int) bool {
	f := p.f
	if !p.is(i, kwMax, kwMin) || p.used[i] || len(f.sorts) > 0 || f.rows || f.agg != "" {
		return false
	}
	if w := p.prevWord(i); w != "with" && w != "having" {
		return false
	}
	y := p.next(i)
	e := p.next(y)
	if y != i+1 || !p.numericCol(y) || p.used[y] || !p.is(e, kwAdj) || lower(p.ms[e].text) != "first" || p.next(e) >= 0 {
		return false
	}
	f.sorts = append(f.sorts, sortSpec{m: y, desc: p.ms[i].kw.kind == kwMax})
	p.used[i], p.used[y], p.used[e] = true, true, true
	return true
}

// prevWord returns the stop word right before mention i, past articles,
// or "" when another kind of mention stands there.
func (p *parser) prevWord(i int) string {
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		if m.kind != mStop {
			return ""
		}
		if w := lower(m.text); !articles[w] {
			return w
		}
	}
	return ""
}

// byDifferent reports whether "by" at i groups what follows "different"
// or "each" at n: "the total credits of courses provided by different
// departments", "the average salary by each city". An aggregate must be
// asked for, so the phrase says what it is computed per; otherwise "by"
// stays a preposition and is read as before.
func (p *parser) byDifferent(i, n int) bool {
	if !p.is(i, kwBy) || !p.is(n, kwDistinct, kwGroup) || p.used[n] {
		return false
	}
	switch lower(p.ms[n].text) {
	case "different", "each", "every":
	default:
		return false
	}
	return p.f.agg != "" || p.aggAhead(i)
}

// everyValued reports whether "for every" or "of each" at i, before a
// value and its table ("the genre and rating for every English song",
// "the first names of each male member"), means every row the value
// keeps: nothing is aggregated, so there are no groups to compute per,
// and the value is a condition read as it would be without the words.
func (p *parser) everyValued(i, n int, hasAgg bool) bool {
	if hasAgg || !p.is(i, kwGroup) || !everyRow(p.ms[i].text) || !p.isValue(n) {
		return false
	}
	t := p.next(n)
	return p.isTable(t) && t == n+1
}

// byPronoun reports whether "by" at i is followed right away by "it" or
// "them": the agent of a passive verb is the rows named before ("the
// number of photos taken by it", "the titles of all movies directed by
// them"), so "by" neither groups nor orders, and the rows are joined as
// the rest of the question says. The pronoun must have something to
// point back to: a table named before, besides the one the verb is said
// of ("List the titles of movies directed by them" names no director).
func (p *parser) byPronoun(i int) bool {
	if !p.is(i, kwBy) || i+1 >= len(p.ms) || p.ms[i+1].kind != mStop {
		return false
	}
	switch lower(p.ms[i+1].text) {
	case "it", "them":
	default:
		return false
	}
	seen := map[int]bool{}
	for j := 0; j < i; j++ {
		if !p.isTable(j) {
			continue
		}
		if t, ok := p.oneTable(j); ok {
			seen[t] = true
		}
	}
	return len(seen) >= 2
}
