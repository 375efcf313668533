package offline

import (
	"fmt"
	"slices"
	"strings"
)

// whenwhere.go reads "when" and "where" questions. A "when" after a noun
// of time is a relative word: "the dates when the temperature was above
// 85" is "the dates on which …", the noun names the column asked for and
// the word adds nothing. A leading "when" or "where" asks for the one date
// or place column of the rows the question names ("When did Linda Smith
// visit Subway?", "Where is the history department?"); two columns that
// could answer are named in a clarification, and none leaves the question
// refused. (A relative "where", "the cities where …", is a stop word
// already; "Where is X located?" is rewritten in where.go.)

// relativeWhen marks a "when" that follows a name mention meaning
// only date or year columns, or ending in a noun of time, as a stop word.
// A leading "when" is left to whenAsksDate and whenAsksOneDate, and a
// "when" after anything else keeps its question meaning, which screen
// refuses.
func relativeWhen(lx *lexicon, ms []mention) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		prev := ms[i-1]
		if m.lead || m.kind != mKeyword || m.kw.kind != kwWh || lower(m.text) != "when" {
			continue
		}
		if prev.kind != mName || len(prev.tables) > 0 || len(prev.cols) == 0 {
			continue
		}
		if allDates(lx, prev.cols) || timeNoun(prev.text) {
			ms[i].kind = mStop
		}
	}
}

// placeWords are the general English nouns a column holding where
// something is may be named after.
var placeWords = setOf("location", "address", "city", "town", "building", "place", "room", "office",
	"country", "state", "region", "hometown", "headquarters", "headquarter", "venue", "site", "area", "street", "nationality")

// allPlaces reports whether every column a name may mean is named after a
// place (a word of its name is one of placeWords).
func allPlaces(lx *lexicon, refs []nameRef) bool {
	for _, ref := range refs {
		if ref.col < 0 {
			return false
		}
		c := lx.col(ref.table, ref.col)
		if c == nil || !placeColumn(c) {
			return false
		}
	}
	return true
}

// placeColumn reports whether a column is named after a place: a word of
// its name is a place word or ends in one ("clublocation").
func placeColumn(c *colInfo) bool {
	if c.date || c.year || c.numeric || c.id {
		return false
	}
	for _, w := range c.words {
		if placeWords[w] {
			return true
		}
		for p := range placeWords {
			if len(w) > len(p)+2 && strings.HasSuffix(w, p) {
				return true
			}
		}
	}
	return false
}

// timeNouns are the nouns of time a relative "when" follows ("the days
// when …", "the year when …").
var timeNouns = setOf("date", "dates", "day", "days", "year", "years", "time", "times", "month", "months", "week", "weeks", "hour", "hours", "season", "seasons", "semester", "semesters", "period", "periods")

// timeNoun reports whether a mention's last word is a noun of time.
func timeNoun(text string) bool {
	f := strings.Fields(lower(text))
	return len(f) > 0 && timeNouns[f[len(f)-1]]
}

// whereAsksPlace reads a leading "where" ("Where is the history
// department?", "Where was the club located?") as asking for the place
// column of the rows the question names. When a later name means only
// place columns ("Where is the headquarter of …"), that name is the
// column asked for and "where" is read as "what". Otherwise the tables
// the question names (by name or by a value of one of their columns)
// must hold exactly one place column between them: "where" becomes a
// mention of it. With none or several, "where" keeps its question
// meaning and screen refuses it.
func whereAsksPlace(lx *lexicon, ms []mention) *refusal {
	w := -1
	for i, m := range ms {
		if m.kind == mStop && m.lead && lower(m.text) == "where" {
			w = i
			break
		}
	}
	if w < 0 {
		return nil
	}
	tables := namedTables(ms[w+1:])
	named := -1 // a later name meaning only place columns
	for i := w + 1; i < len(ms); i++ {
		if m := ms[i]; m.kind == mName && len(m.tables) == 0 && len(m.cols) > 0 && allPlaces(lx, m.cols) {
			named = i
			break
		}
	}
	found := oneColumnOf(lx, tables, placeColumn)
	if named >= 0 {
		// "Where is the club located?": the later name is the column asked
		// for; when the rows named hold one place column, the place word
		// means that one even where it linked to other tables' columns
		// ("located" is department.location, the club's is clublocation).
		if len(found) == 1 {
			ms[named].cols = found
		}
		ms[w].ignored = true
		ms[w].lead = false
		return nil
	}
	return whColumn(lx, ms, w, found, "place", placeVerb)
}

// whColumn makes the question word at w ask for the one column found,
// then lets after set aside the word ending the question that only names
// the event or the place ("founded", "live"); several columns are asked
// back by their names, and none leaves the word a question this planner
// does not answer.
func whColumn(lx *lexicon, ms []mention, w int, found []nameRef, what string, after func([]mention)) *refusal {
	if len(found) > 1 {
		return clarify(fmt.Sprintf("Which %s does %q ask for?", what, lower(ms[w].text)), columnChoices(lx, found))
	}
	if len(found) == 0 {
		return nil
	}
	ms[w].kind = mName
	ms[w].cols = found
	after(ms)
	return nil
}

// placeVerbs are the verbs of being somewhere that end a "where"
// question ("Where do the employees live?").
var placeVerbs = setOf("live", "lives", "lived", "reside", "resides", "resided", "located", "situated", "based")

// placeVerb sets aside a last word that links to nothing when it is a
// verb of being somewhere: the one place column already answers it.
func placeVerb(ms []mention) {
	last := len(ms) - 1
	for last >= 0 && ms[last].kind == mStop {
		last--
	}
	if last >= 0 && ms[last].kind == mUnknown && placeVerbs[lower(ms[last].text)] {
		ms[last].kind = mStop
		ms[last].ignored = true
	}
}

// occasions reports whether the question reads a relative "when" ("the
// dates when the temperature was above 85"): the clause describes
// occasions, one per row, so the dates are listed row by row even
// though no table is named, not once per distinct value.
func (f *frame) occasions() bool {
	for i, m := range f.ms {
		if i > 0 && m.kind == mStop && lower(m.text) == "when" {
			return true
		}
	}
	return false
}

// whenAsksOneDate reads a leading "when" that no later name answers
// ("When did Linda Smith visit Subway?", "When was the club founded?")
// as asking for the one date or year column of the tables the question
// names, by name or by a value of one of their columns. whenAsksDate
// has already taken the questions whose words name a date column; with
// no date column, or several, among the tables named, "when" keeps its
// question meaning and screen refuses it.
func whenAsksOneDate(lx *lexicon, ms []mention) *refusal {
	w := leadWh(ms, "when")
	if w < 0 {
		return nil
	}
	dated := func(c *colInfo) bool { return c.date || c.year }
	tables := namedTables(ms[w+1:])
	found := oneColumnOf(lx, tables, dated)
	if len(found) == 0 {
		// "When did Linda Smith visit Subway?": neither the student nor
		// the restaurant is dated; the visit is the row of a table
		// between them, keyed to both.
		found = oneColumnOf(lx, bridges(lx, tables), dated)
	}
	return whColumn(lx, ms, w, found, "date", eventParticiple)
}

// eventParticiple sets aside a last word that links to nothing when it is
// a past participle ("When was the company founded?"): it names the
// event whose date is asked, and the one date column already answers it.
func eventParticiple(ms []mention) {
	last := len(ms) - 1
	for last >= 0 && ms[last].kind == mStop {
		last--
	}
	if last < 0 || ms[last].kind != mUnknown || strings.Contains(ms[last].text, " ") {
		return
	}
	w := lower(ms[last].text)
	if strings.HasSuffix(w, "ed") && len(w) > 4 || irregularParticiples[w] || w == "born" { // countrel.go
		ms[last].kind = mStop
		ms[last].ignored = true
	}
}

// namedTables returns the tables the mentions name, by a table's name or
// by a value of one of its columns.
func namedTables(ms []mention) map[int]bool {
	tables := map[int]bool{}
	for _, m := range ms {
		switch m.kind {
		case mName:
			for _, ref := range m.tables {
				tables[ref.table] = true
			}
		case mValue, mQuoted:
			for _, v := range m.vals {
				tables[v.table] = true
			}
		}
	}
	return tables
}

// oneColumnOf returns every column of the tables that keep holds.
func oneColumnOf(lx *lexicon, tables map[int]bool, keep func(*colInfo) bool) []nameRef {
	var found []nameRef
	for t := range tables {
		for _, c := range lx.tables[t].cols {
			if c != nil && keep(c) {
				found = append(found, nameRef{table: t, col: c.idx, class: classSynonym})
			}
		}
	}
	return found
}

// bridges returns the tables with a foreign key to each of two or more
// of the tables given, where the rows relating them are recorded.
func bridges(lx *lexicon, tables map[int]bool) map[int]bool {
	out := map[int]bool{}
	if len(tables) < 2 {
		return out
	}
	for _, t := range lx.tables {
		n := 0
		for p := range t.parents {
			if tables[p] && p != t.idx {
				n++
			}
		}
		if n >= 2 && !tables[t.idx] {
			out[t.idx] = true
		}
	}
	return out
}

// columnChoices names the columns a refused question could mean, in a
// fixed order.
func columnChoices(lx *lexicon, refs []nameRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, lx.col(r.table, r.col).ref)
	}
	slices.Sort(out)
	return out
}
