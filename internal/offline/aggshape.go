package offline

import (
	"slices"

	"querent/internal/schema"
)

// Shapes of aggregates and lists whose reading is certain: a parent's
// column beside a count grouped by the key to it, "each" meaning every row
// when nothing is computed, groups introduced by "different", a group
// named twice, "highest"/"lowest" before a table with a height, the
// passive's agent "by X" on the question's own table, and "the number of
// X" where X is a numeric column. Where "details" or "information" asks
// for a column the planner cannot tell, it refuses.
//
// Columns of a parent shown beside an aggregate grouped by the foreign key
// to it: "the invoice number and invoice date of the invoice with the most
// transactions" groups transactions by invoice_number, and invoice_date is
// one value per group because invoice_number is the invoices' primary key.
// The parent is joined and the key stays in the grouping, so the answer is
// the same whether or not the engine lets a primary key group show other
// columns.

// groupKeys are the columns the groups are keyed by: the hidden keys under
// a shown parent, or else the grouping columns themselves.
func (q *query) groupKeys() []*colInfo {
	if len(q.groupKey) > 0 {
		return q.groupKey
	}
	return q.groupBy
}

// keyParent reports whether c is a column of the table whose primary key
// the grouping keys are a foreign key to, held by one table that refers
// to c's table in that one way only: then each group is one row of c's
// table and c has one value in it.
func (r *resolver) keyParent(c *colInfo) bool {
	keys := r.q.groupKeys()
	if len(keys) == 0 || c.table == keys[0].table {
		return false
	}
	holder := keys[0].table
	names := make([]string, len(keys))
	for i, k := range keys {
		if k.table != holder {
			return false
		}
		names[i] = k.name
	}
	edges := holder.parents[c.table.idx]
	if len(edges) != 1 || len(c.table.pk) == 0 || !schema.EqualFoldAll(edges[0].to, c.table.pk) {
		return false
	}
	return schema.EqualFoldAll(edges[0].from, names)
}

// showParent joins the table of c, a column keyParent accepted, and keeps
// the grouping columns as hidden keys, so the group stays the parent's
// row when the columns shown replace the grouped ones.
func (r *resolver) showParent(c *colInfo) *refusal {
	q := r.q
	if len(q.groupKey) == 0 {
		q.groupKey = slices.Clone(q.groupBy)
	}
	return r.reach(c.table)
}

// everyRowWords are the group words that, with nothing computed, only
// say every row: "the name and budget of each department" lists the
// departments, "the phone number for each employee" lists the employees.
var everyRowWords = setOf("each", "of each", "for each", "for every")

// everyRow reports whether the group word text means every row when no
// aggregate is asked for.
func everyRow(text string) bool {
	return everyRowWords[lower(text)]
}

// detailsBeside refuses a list that names columns and also "details"
// or a bare "information" ("the id, details and make of every asset",
// "the name and information of each staff member") when it cannot tell
// which column that word asks for: the columns named alone would leave
// out what was asked. "Details" means the table's one details column,
// which projection adds; "information" might mean it or every column.
func (r *resolver) detailsBeside() *refusal {
	f, q := r.f, r.q
	if q.agg != "" || len(f.project) == 0 || len(q.project) == 0 {
		return nil
	}
	for _, c := range q.project {
		// "the describing details": a description shown already is them.
		if anyWord(c.words, describingWords) {
			return nil
		}
	}
	if r.asksInformation() {
		return refuseUnresolved("I could not tell which column of %s holds the information asked for beside %s.", r.subject.name, q.project[0].ref)
	}
	if f.details && detailsColumn(r.subject) == nil {
		return refuseUnresolved("I could not tell which column of %s holds the details asked for beside %s.", r.subject.name, q.project[0].ref)
	}
	return nil
}

// describingWords name a column that gives a row's details in prose.
var describingWords = setOf("details", "detail", "description", "descriptions", "desc")

// asksInformation reports whether the question asks for "information" or
// "info" as a thing of its own to show: not right after a name it
// qualifies ("the committee information" is the committee column), nor
// before a value it is given.
func (r *resolver) asksInformation() bool {
	for k, m := range r.ms {
		if w := lower(m.text); m.kind != mStop || w != "information" && w != "info" {
			continue
		}
		if k > 0 && r.ms[k-1].kind == mName {
			continue
		}
		if n := nextContent(r.ms, k); n < 0 || r.ms[n].kind != mQuoted && r.ms[n].kind != mValue {
			return true
		}
	}
	return false
}

// differentGroups are group words built on "different": "the number of
// matches in different competitions", "the average age of students with
// different sex", "the total balance for the different states" compute a
// figure per value. With nothing computed they are refused as groups are.
var differentGroups = []string{"in different", "with different", "for the different", "across different", "among different"}

// pluralCounts are "the numbers of": "What are the numbers of races for
// each constructor?" asks one count per group, as "the number of" does.
// Only after "the": "phone numbers of" is a column.
var pluralCounts = []string{"the numbers of"}

// init adds differentGroups and pluralCounts to keywords; a phrase
// words.go already holds keeps its meaning there.
func init() {
	for _, k := range differentGroups {
		if _, dup := keywords[k]; !dup {
			keywords[k] = keyword{kind: kwGroup}
		}
	}
	for _, k := range pluralCounts {
		if _, dup := keywords[k]; !dup {
			keywords[k] = keyword{kind: kwCount}
		}
	}
}

// heightAdjs are "highest" and "lowest" read as height adjectives.
var heightAdjs = map[string]keyword{
	"highest": {kind: kwAdj, adj: adjHeight, desc: true},
	"lowest":  {kind: kwAdj, adj: adjHeight},
}

// heightRank reads "the highest mountain", "the lowest building":
// "highest" or "lowest" right before a table, with no count or column
// between, ranks its rows by their one height column as "tallest" does;
// a table with none is refused when the adjective is resolved.
func (p *parser) heightRank(i, obj int) bool {
	kw, ok := heightAdjs[lower(p.ms[i].text)]
	if !ok || obj != p.next(i) || !p.isTable(obj) || p.isCol(obj) || p.used[obj] {
		return false
	}
	f := p.f
	f.rows, f.desc, f.adj = true, kw.desc, &kw
	if f.limit == 0 {
		f.limit = 1
	}
	p.used[i] = true
	return true
}

// sameGroups drops a group named again ("each state and the number of
// addresses in each state", "the studio of each film and the number of
// films by that studio"): the same column or table twice is one grouping,
// not two.
func (p *parser) sameGroups() {
	f := p.f
	if len(f.groups) < 2 {
		return
	}
	var keep []int
	for _, g := range f.groups {
		if !slices.ContainsFunc(keep, func(k int) bool { return p.sameMention(k, g) }) {
			keep = append(keep, g)
		}
	}
	f.groups = keep
}

// sameMention reports whether mentions a and b mean the same one column,
// or the same one table, and nothing else.
func (p *parser) sameMention(a, b int) bool {
	x, y := p.ms[a], p.ms[b]
	if (len(x.cols) > 0) != (len(y.cols) > 0) || (len(x.tables) > 0) != (len(y.tables) > 0) {
		return false
	}
	return (len(x.cols) == 0 || sameCols(x.cols, y.cols)) && (len(x.tables) == 0 || sameTables(x.tables, y.tables))
}

// agentOf reports whether group mention g, which names the question's own
// table, follows a bare "by" ("the average money requested by all
// entrepreneurs", "the total money requested by entrepreneurs taller than
// 1.85"): the passive's agent, the rows aggregated, not a grouping of
// them by themselves. "Each" and "per" before the table itself stay
// refused: each row's own value or one figure over them all?
func (r *resolver) agentOf(g int) bool {
	for j := g - 1; j >= 0; j-- {
		m := r.ms[j]
		if m.kind == mStop {
			continue
		}
		return m.kind == mKeyword && m.kw.kind == kwBy && lower(m.text) == "by"
	}
	return false
}

// eachColumn reads a bare "each" before a column, with nothing computed
// yet, when a later group word names the grouping ("Show each apartment
// type code, and the maximum and minimum number of rooms for each type"):
// the first "each" only introduces the column the later one groups by.
// Alone ("Find each student's first name") it stays refused: every row,
// or every distinct value?
func (p *parser) eachColumn(i int) bool {
	if lower(p.ms[i].text) != "each" {
		return false
	}
	for j := i + 1; j < len(p.ms); j++ {
		if p.is(j, kwGroup) {
			p.used[i] = true
			return true
		}
	}
	return false
}

// countedColumn returns the numeric column named right after the count
// word at n ("ordered by the number of floors", "in ascending order of
// number of police officers"): the number is that column's own, sorted by
// as it is, as "the largest number of votes" ranks by votes. It returns
// -1 when n is no unused count word or no such column follows it.
func (p *parser) countedColumn(n int) int {
	if !p.is(n, kwCount) || p.used[n] {
		return -1
	}
	if y := p.object(n); y == n+1 && p.numericCol(y) && !p.used[y] {
		return y
	}
	return -1
}
