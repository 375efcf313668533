package offline

import (
	"slices"
	"strings"
)

// Words of order: sort requests written as sentences ("Sort the list by
// their price", "sorted in descending order of height", "ordered from most
// to least", "in reverse alphabetical order"); a direction alone ordering
// the one column shown ("the votes in descending order"); superlatives
// and comparisons of length ("the shortest trip", "longer than 3000");
// recency as "first", "last" and "most recently", also after the verb of
// the event the date records ("the race that occurred most recently");
// and a sort by a count no other word computes ("industries in
// descending order of the number of companies"). Phrases are rewritten
// into, or added to, the keyword phrases the parser already reads, so the
// roles that read a sort or a ranking stay in one place.

// adjLength is the kind of column "longest" and "shortest" rank by: the
// table's one length, duration or distance column.
const adjLength = adjAge + 1

// lengthWords name a column holding a length, a duration or a distance.
// "time" and "size" are left out: "time" is also a clock time and "size"
// an area or a count.
var lengthWords = setOf("length", "len", "duration", "runtime", "milliseconds", "ms", "seconds",
	"minutes", "hours", "distance", "long")

// orderKeywords extend keywords with the phrases of this file.
var orderKeywords = map[string]keyword{
	"longest": {kind: kwAdj, adj: adjLength, desc: true}, "shortest": {kind: kwAdj, adj: adjLength},
	"most recently": {kind: kwAdj, adj: adjRecency, desc: true}, "least recently": {kind: kwAdj, adj: adjRecency},
	// "airports per country, ordered from most to least": the count, descending.
	"from most to least": {kind: kwDesc, desc: true}, "from least to most": {kind: kwAsc},
	"lexicographical order": {kind: kwAsc, alpha: true}, "in lexicographical order": {kind: kwAsc, alpha: true},
	"from low to high": {kind: kwAsc}, "from small to large": {kind: kwAsc}, "from least to greatest": {kind: kwAsc},
	"from high to low": {kind: kwDesc, desc: true}, "from large to small": {kind: kwDesc, desc: true},
	"from greatest to least": {kind: kwDesc, desc: true},
	// "salary in the range of 8000 and 12000": BETWEEN.
	"in the range of": {kind: kwBetween}, "within the range of": {kind: kwBetween},
	"within the range": {kind: kwBetween}, "in the range": {kind: kwBetween},
	// Reverse alphabetical order: descending, by the one text column shown.
	"descending alphabetical order":       {kind: kwDesc, desc: true, alpha: true},
	"in descending alphabetical order":    {kind: kwDesc, desc: true, alpha: true},
	"reverse alphabetical order":          {kind: kwDesc, desc: true, alpha: true},
	"in reverse alphabetical order":       {kind: kwDesc, desc: true, alpha: true},
	"descending lexicographical order":    {kind: kwDesc, desc: true, alpha: true},
	"in descending lexicographical order": {kind: kwDesc, desc: true, alpha: true},
	"reverse alphabetically":              {kind: kwDesc, desc: true, alpha: true},
	// "roller coasters longer than 3300": the one length column, unless a
	// column is named before ("a focal length longer than 15").
	"longer than": {kind: kwCmp, op: ">", adj: adjLength}, "shorter than": {kind: kwCmp, op: "<", adj: adjLength},
	// "the first claim", "the last day": the earliest or latest row by the
	// table's one date, only right before the table (see recencyOrdinal).
	"first": {kind: kwAdj, adj: adjRecency}, "last": {kind: kwAdj, adj: adjRecency, desc: true},
	"first ever": {kind: kwAdj, adj: adjRecency},
}

// init adds orderKeywords to keywords; a phrase words.go already holds
// keeps its meaning there.
func init() {
	for k, v := range orderKeywords {
		if _, dup := keywords[k]; !dup {
			keywords[k] = v
		}
	}
}

// sortVerbs ask for an order when followed by what is sorted and how.
var sortVerbs = setOf("sort", "sorted", "order", "ordered", "arrange", "arranged")

// sortObjects are what a sort request sorts: the answer itself, never a
// condition ("sort the results by age", "order them by price").
var sortObjects = [][]string{
	{"the", "result", "set"}, {"the", "results"}, {"the", "result"}, {"the", "list"}, {"the", "data"},
	{"the", "records"}, {"the", "rows"}, {"the", "output"}, {"the", "answer"}, {"results"},
	{"result"}, {"them"}, {"it"}, {"all"}, {"these"}, {"those"},
}

// orderDirections may follow "in" (and an article) in a sort request.
var orderDirections = setOf("ascending", "descending", "increasing", "decreasing", "alphabetical",
	"alphabetic", "lexicographical", "lexicographic")

// sortPhrases rewrites sort requests into the keyword phrases the parser
// reads: "sort the list by X" and "order them by X" become "sorted by X";
// "sorted in the descending order of X" becomes "in descending order of
// X"; "ordered from most to least" keeps only "from most to least". A
// sort verb followed by anything else is left alone: "ordered" is also a
// purchase ("products ordered twice") and "order" a noun ("order id").
func sortPhrases(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return sortVerbs[t.text] }) {
		return toks // most questions: nothing to rewrite, nothing to copy
	}
	out := make([]token, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.text == "order" && i > 0 && orderDirections[toks[i-1].text] && (hasWords(toks, i+1, "using") || hasWords(toks, i+1, "by")) {
			// "in descending order using age": the key, as "order of" says.
			out = append(out, t, wordToken("of"))
			i++
			continue
		}
		if t.kind != tokWord || !sortVerbs[t.text] || (i > 0 && (articles[toks[i-1].text] || orderDirections[toks[i-1].text])) {
			out = append(out, t)
			continue
		}
		if i > 0 && (toks[i-1].text == "alphabetically" || toks[i-1].text == "lexicographically") {
			continue // "the alphabetically ordered list": the adverb is the order
		}
		j := i + 1
		for _, obj := range sortObjects {
			if hasWords(toks, j, obj...) {
				j += len(obj)
				break
			}
		}
		if j == i+1 {
			// "Order the countries by ...": a noun said before (asides.go).
			j += sortedRepeat(toks, i, j)
		}
		switch {
		case hasWords(toks, j, "by") || hasWords(toks, j, "using"):
			out = append(out, wordToken("sorted"), wordToken("by"))
			i = j
			// "sorted by the order of launch date": the key follows.
			if hasWords(toks, i+1, "the", "order", "of") {
				i += 3
			}
		case hasWords(toks, j, "in") && j+1 < len(toks):
			k := j + 1
			if articles[toks[k].text] {
				k++
			}
			if k >= len(toks) || !orderDirections[toks[k].text] {
				out = append(out, t)
				continue
			}
			out = append(out, toks[j])
			i = k - 1
		case hasWords(toks, j, "from") && j > i+1 || hasWords(toks, j, "from", "most") || hasWords(toks, j, "from", "least") || fromToStart(toks, j):
			i = j - 1
		case j > i+1 && (t.text == "sort" || t.text == "order") && j < len(toks) && orderDirections[toks[j].text]:
			// "sort them ascending", "order the results descending".
			i = j - 1
		default:
			out = append(out, t)
		}
	}
	return out
}

// hasWords reports whether toks holds the given words from i on.
func hasWords(toks []token, i int, words ...string) bool {
	if i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		if toks[i+k].kind != tokWord && toks[i+k].kind != tokSymbol || toks[i+k].text != w {
			return false
		}
	}
	return true
}

// heightCols are the subject's numeric columns named for a height: what
// "the shortest person" ranks by when nothing holds a length.
func heightCols(t *tableInfo) []*colInfo {
	var out []*colInfo
	for _, c := range t.cols {
		if c != nil && c.numeric && slices.Contains(c.words, "height") {
			out = append(out, c)
		}
	}
	return out
}

// isLengthCol reports whether a column holds a length, a duration or a
// distance: numeric, with a length word in its name.
func isLengthCol(c *colInfo) bool {
	return c.numeric && anyWord(c.words, lengthWords)
}

// recencyOrdinal checks "first" and "last" (i): they rank by date only
// right before the table they order ("the first claim", "the last day
// any resident moved in") or a date they order by ("the first asset
// acquired"); anywhere else ("first position", "sort first
// by price") they say something this planner does not read.
func (p *parser) recencyOrdinal(i int) *refusal {
	w := lower(p.ms[i].text)
	if w != "first" && w != "last" {
		return nil
	}
	if n := p.next(i); n == i+1 && (p.isTable(n) || p.dateColumn(n)) { // orderphrases.go
		return nil
	}
	return refuseUnresolved("I could not tell what %q orders.", p.ms[i].text)
}

// cmpWhat names what a comparison with no column named compares.
func cmpWhat(fs filterSpec) string {
	switch fs.grade {
	case 0, adjAge:
		return "age"
	case adjLength:
		return "length"
	case adjPrice:
		return "price"
	}
	return gradeWhat(fs.grade)
}

// eventVerbs marks as stop words the verbs of the event a recency word
// ranks ("the race that occurred most recently", "the program launched
// most recently"): an unlinked word in -ed right before the adjective
// says what the date records, which the table's one date column holds.
func eventVerbs(ms []mention) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		if m.kind != mKeyword || m.kw.kind != kwAdj || m.kw.adj != adjRecency {
			continue
		}
		v := &ms[i-1]
		if v.kind == mUnknown && v.to == m.from && strings.HasSuffix(lower(v.text), "ed") && !strings.Contains(v.text, " ") {
			v.kind = mStop
		}
	}
}

// eventColumn returns the column a verb right before a recency word names
// ("launched most recently" is program.launch, "started most recently"
// appointment.start), or -1: a word in -ed linked to a column, given no
// other role.
func (p *parser) eventColumn(i int) int {
	m := p.ms[i]
	if i == 0 || m.kw.adj != adjRecency {
		return -1
	}
	v := i - 1
	if !p.isCol(v) || p.used[v] || p.ms[v].to != m.from || !strings.HasSuffix(lower(p.ms[v].text), "ed") || strings.Contains(p.ms[v].text, " ") {
		return -1
	}
	return v
}

// sortByCount completes a sort by a count that no other word computes:
// "the industries of companies in descending order of the number of
// companies" groups the one column shown and orders the groups by their
// rows, showing only the column (as "the most common industry" does);
// "cities with more than 2 airports sorted by the number of airports"
// orders by the count the condition already computes.
func (p *parser) sortByCount() *refusal {
	f := p.f
	switch {
	case !f.sortAgg:
	case f.countGroups && !f.countRank && f.counted >= 0 && f.sortCounted >= 0 && len(f.groups) == 1:
		if !sameTables(p.ms[f.counted].tables, p.ms[f.sortCounted].tables) {
			return refuseUnsupported("sorting by a count other than the one computed per group")
		}
		p.countSorted = true
		return nil
	case f.agg == "" && !f.rows && len(f.groups) == 0 && len(f.project) == 1 && len(f.sorts) == 0 && p.isCol(f.project[0]):
		if f.sortCounted >= 0 && !p.ownTable(f.project[0], f.sortCounted) {
			return nil // a count of related rows: left to the refusals
		}
		f.groups, f.project = f.project, nil
		f.countGroups, p.countSorted = true, true
		return p.setAgg(f.groups[0], "count")
	}
	return nil
}

// ownTable reports whether table mention t names the one table of every
// reading of column mention c.
func (p *parser) ownTable(c, t int) bool {
	ti, ok := p.oneTable(t)
	if !ok {
		return false
	}
	for _, r := range strongest(p.ms[c].cols, classSynonym) {
		if r.table != ti {
			return false
		}
	}
	return true
}
