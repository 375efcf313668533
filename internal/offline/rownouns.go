package offline

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"querent/internal/plan"
)

// Round sixteen: nouns that name the rows being asked about. A schema
// calls its rows by one name and a question by another; when the one word
// the schema does not know is such a noun, the question can be read with
// the noun standing for rows the rest of it already names. Three places
// are read so, each tried only when the question fails as written, and
// each named in the plan's reason ("read "dramas" as musical"):
//
//   - a generic word for rows after a table's name: "the calendar items",
//     "product entries" (the table named, as "faculty members" is);
//   - the collection the whole database describes, at the end of the
//     question: "the products in the store", "how many females are in the
//     network" (the noun set aside);
//   - a plural head noun right after a table's name that the rest of the
//     question reads as that table's rows: "music dramas" for musical,
//     "student participants" for Student.
//
// Measured on the Spider training questions (a–r), kinds that did not
// hold were left out: a noun standing alone for a table the other words
// settle ("members" for people) was wrong as often as right on databases
// not developed on — counted rows are usually a child of the table the
// other words name, not that table ("the city that hosted the most
// events"), and a role noun is as often a column the schema spells
// otherwise ("managers" for manager_name); a singular head ("the worst",
// "a single list") is an adjective or an idiom more often than rows.

// rowWords are English words for rows of any kind: after a table's name
// they name its rows again.
var rowWords = setOf("item", "items", "entry", "entries", "record", "records", "row", "rows",
	"instance", "instances", "thing", "things")

// containerPreps and containerDets introduce the whole a question's rows
// belong to: "in the store", "across our network".
var (
	containerPreps = setOf("in", "at", "within", "across", "throughout", "inside")
	containerDets  = setOf("the", "this", "our")
)

// notContainers end phrases after "in the" that are conditions or idioms,
// never the whole database: times of day and year, places within a thing,
// directions, and "in the meantime", "in the long run", "in the order".
var notContainers = setOf("morning", "afternoon", "evening", "night", "day", "week", "month",
	"year", "weekend", "past", "future", "present", "summer", "winter", "spring", "fall",
	"autumn", "season", "semester", "term", "quarter", "period", "century", "decade", "end",
	"beginning", "middle", "top", "bottom", "front", "back", "north", "south", "east", "west",
	"center", "centre", "meantime", "moment", "time", "order", "list", "total", "process",
	"case", "way", "first", "last", "long", "run", "same", "world", "group", "table")

// rowNoun is one reading of an unknown noun: the mentions to plan and
// what the plan's reason says of it, if noteIgnored does not.
type rowNoun struct {
	ms   []mention
	note string
}

// planByRowNoun reads an unknown word as a noun naming rows (see above),
// when one reading plans and every other unknown word is then set aside
// (unknownmany.go). Only a lower-case single word is read: a capitalised
// one is a name or value the schema lacks.
//
// ms are the question's mentions as [lexicon.prepared] returns them, the
// caller's copy.
func (p *Planner) planByRowNoun(toks []token, ms []mention, tr *Trace) (*plan.Plan, *refusal, bool) {
	// Each unknown word is tried as the noun, the others left to the
	// rules that set words aside once the noun is read (unknownmany.go).
	for at, m := range ms {
		if m.kind == mUnknown && p.rowNounCandidate(toks, m) {
			if pl, ok := p.planRowNounAt(toks, ms, at, tr); ok {
				return pl, nil, true
			}
		}
	}
	return nil, nil, false
}

// rowNounCandidate reports whether an unknown mention may be read as a
// noun naming rows: one lower-case word that is no column's word, number
// or function word.
func (p *Planner) rowNounCandidate(toks []token, m mention) bool {
	if m.to-m.from != 1 || toks[m.from].kind != tokWord {
		return false
	}
	t := toks[m.from]
	if r := []rune(t.raw); len(r) == 0 || !unicode.IsLower(r[0]) || p.lx.columnWord(t) {
		return false
	}
	// A function word left unknown is a name ("the US").
	_, num := numerals[t.text]
	return !num && !hardStops[t.text]
}

// planRowNounAt plans the first reading of ms[at] as rows that plans
// once every other unknown word is set aside.
func (p *Planner) planRowNounAt(toks []token, ms []mention, at int, tr *Trace) (*plan.Plan, bool) {
	for _, rd := range []func([]token, []mention, int) (rowNoun, bool){p.rowWord, p.container, p.headOfTable} {
		r, ok := rd(toks, ms, at)
		if !ok {
			continue
		}
		alt := p.lx.setAside(toks, r.ms)
		if countUnknown(alt) > 0 {
			continue
		}
		pl, rf := p.planMentions(toks, alt, tr)
		if rf != nil {
			continue
		}
		if r.note != "" {
			pl.Reason = strings.TrimSuffix(pl.Reason, ".") + "; " + r.note
		}
		return pl, true
	}
	return nil, false
}

// columnWord reports whether the word is one of a column's words: then it
// names that attribute ("bikes" for bike_id, "managers" for
// manager_name), not rows.
func (lx *lexicon) columnWord(t token) bool {
	for _, tb := range lx.tables {
		for _, c := range tb.cols {
			if slices.Contains(c.stems, t.stem) {
				return true
			}
		}
	}
	return false
}

// afterTable reports whether ms[at] directly follows a mention naming a
// table.
func afterTable(ms []mention, at int) bool {
	return at > 0 && ms[at-1].kind == mName && len(ms[at-1].tables) > 0 && ms[at-1].to == ms[at].from
}

// rowWord reads "calendar items" as the calendar table.
func (p *Planner) rowWord(toks []token, ms []mention, at int) (rowNoun, bool) {
	if !rowWords[toks[ms[at].from].text] || !afterTable(ms, at) {
		return rowNoun{}, false
	}
	alt := slices.Delete(slices.Clone(ms), at, at+1)
	prev := &alt[at-1]
	prev.to, prev.plural, prev.text, prev.rows = ms[at].to, ms[at].plural, prev.text+" "+ms[at].text, true
	return rowNoun{ms: alt, note: fmt.Sprintf("read %q as %s", prev.text, p.lx.tableNames(prev.tables))}, true
}

// container sets aside "the store" in "the products in the store": a
// singular noun after "in the" or "in this" with nothing after it but
// question words names the whole the database describes.
func (p *Planner) container(toks []token, ms []mention, at int) (rowNoun, bool) {
	i := ms[at].from
	t := toks[i]
	if t.plural || notContainers[t.text] || i < 2 || !containerDets[toks[i-1].text] ||
		!containerPreps[toks[i-2].text] || !onlyQuestionWordsAfter(ms, at) {
		return rowNoun{}, false
	}
	alt := slices.Clone(ms)
	alt[at].kind, alt[at].ignored = mStop, true
	// Marked ignored, the plan's reason names it (noteIgnored).
	return rowNoun{ms: alt}, true
}

// headOfTable reads "music dramas" as the rows of musical: a plural noun
// right after a table's name, where exactly one of the tables that name
// may mean plans with the noun as its rows. It is not read
//   - before "of" ("the durations of …"): the noun is an attribute;
//   - after a number ("3 minutes"): it is a unit;
//   - after an aggregate, an extreme or "distinct" ("the most points",
//     "different payment methods"): it is a measure or a kind of value;
//   - as what is counted when the question also groups ("how many music
//     dramas has each nominee …"): the counted rows are the group's
//     children;
//   - when the table is named again elsewhere, or a parent of it is
//     named: the noun is then a second thing, or a child's rows;
//   - when nothing else asks about the rows (no column, value or count):
//     "the products' colors" is then an attribute the schema lacks.
func (p *Planner) headOfTable(toks []token, ms []mention, at int) (rowNoun, bool) {
	i := ms[at].from
	if !toks[i].plural || !afterTable(ms, at) ||
		i+1 < len(toks) && toks[i+1].text == "of" || toks[i-1].kind == tokNumber {
		return rowNoun{}, false
	}
	if k := prevContent(ms, at-1); k >= 0 && ms[k].kind == mKeyword {
		switch ms[k].kw.kind {
		case kwSum, kwAvg, kwMax, kwMin, kwAdj, kwCommon, kwTop, kwBottom, kwDistinct:
			return rowNoun{}, false
		case kwCount:
			if groups(toks, ms) {
				return rowNoun{}, false
			}
		}
	}
	if !asksOfRows(ms, at) {
		return rowNoun{}, false
	}
	touched := touchedTables(ms, at)
	var found rowNoun
	n := 0
	for _, r := range strongest(ms[at-1].tables, classSynonym) {
		t := p.lx.tables[r.table]
		if namedApart(ms, at, t.idx) || hasTouchedParent(t, touched) {
			continue
		}
		alt := slices.Clone(ms)
		alt[at].kind, alt[at].rows = mName, true
		alt[at].tables = []nameRef{{table: t.idx, col: -1, class: classExact}}
		if _, rf := p.planMentions(toks, p.lx.setAside(toks, alt), nil); rf != nil {
			continue
		}
		n++
		found = rowNoun{ms: alt, note: fmt.Sprintf("read %q as %s", ms[at].text, t.name)}
	}
	return found, n == 1
}

// groups reports whether the question groups its rows ("for each", "each
// nominee").
func groups(toks []token, ms []mention) bool {
	for _, m := range ms {
		if m.kind == mKeyword && m.kw.kind == kwGroup {
			return true
		}
	}
	return slices.ContainsFunc(toks, func(t token) bool { return t.text == "each" || t.text == "every" })
}

// touchedTables are the tables every mention but ms[at] may refer to.
func touchedTables(ms []mention, at int) map[int]bool {
	touched := map[int]bool{}
	for i, m := range ms {
		if i == at {
			continue
		}
		for _, r := range m.tables {
			touched[r.table] = true
		}
		for _, r := range m.cols {
			touched[r.table] = true
		}
		for _, r := range m.vals {
			touched[r.table] = true
		}
	}
	return touched
}

// namedApart reports whether a mention other than ms[at] and the name
// just before it names the table.
func namedApart(ms []mention, at, table int) bool {
	for i, m := range ms {
		if i == at || i == at-1 || m.kind != mName {
			continue
		}
		if slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == table }) {
			return true
		}
	}
	return false
}

// hasTouchedParent reports whether a table t refers to is among those
// the question names.
func hasTouchedParent(t *tableInfo, touched map[int]bool) bool {
	for p := range t.parents {
		if p != t.idx && touched[p] {
			return true
		}
	}
	return false
}

// prevContent is the index of the last mention before ms[i] that is not
// a stop word, or -1.
func prevContent(ms []mention, i int) int {
	for k := i - 1; k >= 0; k-- {
		if ms[k].kind != mStop {
			return k
		}
	}
	return -1
}

// tableNames lists the strongest tables of refs, for a reason.
func (lx *lexicon) tableNames(refs []nameRef) string {
	var names []string
	for _, r := range strongest(refs, classSynonym) {
		names = append(names, lx.tables[r.table].name)
	}
	return strings.Join(names, " or ")
}

// asksOfRows reports whether a mention other than ms[at] names a column
// or value, or counts.
func asksOfRows(ms []mention, at int) bool {
	for i, m := range ms {
		if i != at && (len(m.cols) > 0 || len(m.vals) > 0 || m.kind == mKeyword && m.kw.kind == kwCount) {
			return true
		}
	}
	return false
}
