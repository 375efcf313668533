package offline

import (
	"slices"
	"strings"
)

// kindThesaurus is a [Thesaurus] that also knows what a noun is a kind of
// ([wordnet.DB] is one): whether one of a word's first senses reaches a
// class's first senses by at most steps hypernym pointers.
type kindThesaurus interface {
	IsA(word, class string, senses, classSenses, steps int) (bool, error)
}

// tierPerson marks a generic person word linked to the table of persons
// (personNouns); it is no tier of [lexicon.wordNetWord].
const tierPerson = nTiers

// personClass is the WordNet noun every generic person word means and
// every table of persons is a kind of.
const personClass = "person"

// personSteps bounds the hypernym steps from a table's name noun to
// person: a physician is one five steps up (medical practitioner, health
// professional, professional, adult), a captain seven. A name that is a
// person only in its second sense is not linked to (personTables): that
// sense reaches persons from too many things ("dog" and "cat" as
// insults, "star" as a celebrity, "mill" as a miller).
const personSteps = 8

// personNouns links each unknown word whose first WordNet sense is person
// itself ("people", "persons", "individuals", "someone") to the one
// table whose rows are persons: in plain English the generic word stands
// for them. "How many people are there?" over a schema of pilots and
// aircraft counts the pilots, since WordNet says a pilot is a person.
//
// The table is chosen among the tables the question's other names mean,
// then among those one foreign key relates to them, and in the whole
// schema only when the question names no other table; the first of these
// that holds a table of persons must hold exactly one, or the word stays
// unknown and the question is refused.
// It runs only with a thesaurus that knows kinds, so only in the second
// reading of a question refused for unlinked words (wordnet.go).
func (lx *lexicon) personNouns(toks []token, ms []mention) []mention {
	kt, ok := lx.wn.(kindThesaurus)
	if !ok {
		return ms
	}
	var sure, maybe []int // tables of persons (personTables); nil until a generic word is met
	for i, m := range ms {
		if m.kind != mUnknown || m.to-m.from != 1 || !genericPerson(kt, toks, m.from) {
			continue
		}
		if sure == nil {
			sure, maybe = lx.personTables(kt)
		}
		t, ok := lx.personTable(sure, maybe, ms)
		if !ok {
			continue
		}
		ms[i] = mention{kind: mName, from: m.from, to: m.to, text: m.text, plural: m.plural, lead: m.lead,
			tables:  []nameRef{{table: t, col: -1, class: classSynonym}},
			wordnet: &wnLink{lemma: strings.ReplaceAll(personNoun(kt, lx.tables[t]), "_", " "), tier: tierPerson}}
	}
	return ms
}

// genericPerson reports whether a question word is WordNet's person in
// its first sense, read as is and as its singular: "people" (whose own
// first sense is a group, but whose singular is person), "individuals",
// "someone", "somebody". A word of a kind of person ("employees") or a
// pronoun WordNet has no noun for ("anyone") is not.
func genericPerson(kt kindThesaurus, toks []token, i int) bool {
	t := toks[i]
	// A capitalised word is a name ("Person of the Year"), unless it
	// opens the question ("People who ...").
	if t.kind != tokWord || !isLetters(t.text) || capitalised(t) && (i > 0 || isAcronym(t.raw)) {
		return false
	}
	words := []string{t.text}
	if s, ok := singular(t.text); ok {
		words = append(words, s)
	}
	for _, w := range words {
		if ok, err := kt.IsA(w, personClass, 1, 1, 0); err == nil && ok {
			return true
		}
	}
	return false
}

// personTables returns the tables whose name noun (personNoun) is a kind
// of person in its first sense (sure) or in one of its first two (maybe,
// which holds the sure ones too). A table a second sense makes a person
// is no table to link to ("coaster" as a coast dweller, "dog" as an
// insult), but it makes the choice uncertain: "drivers" are persons only
// in a second sense ("the operator of a motor vehicle" is an operator, an
// agent), so a schema of drivers and constructors (persons in their first
// sense, firms in Formula 1) links "people" to neither. A view is left
// out: it repeats the rows of a table.
func (lx *lexicon) personTables(kt kindThesaurus) (sure, maybe []int) {
	sure, maybe = []int{}, []int{}
	for _, t := range lx.tables {
		if t.view {
			continue
		}
		w := personNoun(kt, t)
		if w == "" {
			continue
		}
		if ok, err := kt.IsA(w, personClass, 2, 1, personSteps); err != nil || !ok {
			continue
		}
		maybe = append(maybe, t.idx)
		if ok, err := kt.IsA(w, personClass, 1, 1, personSteps); err == nil && ok {
			sure = append(sure, t.idx)
		}
	}
	return sure, maybe
}

// personNoun returns the noun a table's name means, singular: the whole
// name when WordNet knows it as one noun (roller_coaster, which is no
// coaster dweller), else its last word (staff_member's member); "" for a
// name of no letters.
func personNoun(kt kindThesaurus, t *tableInfo) string {
	words := canonicalWords(splitIdent(t.ident))
	if len(words) == 0 {
		return ""
	}
	last := len(words) - 1
	if s, ok := singular(words[last]); ok {
		words[last] = s
	}
	if len(words) > 1 && !slices.ContainsFunc(words, func(w string) bool { return !isLetters(w) }) {
		// A noun is a kind of itself exactly when WordNet knows it.
		if whole := strings.Join(words, "_"); isNoun(kt, whole) {
			return whole
		}
	}
	if !isLetters(words[last]) {
		return ""
	}
	return words[last]
}

// isNoun reports whether WordNet knows a word as a noun: a noun is a kind
// of itself, in no step.
func isNoun(kt kindThesaurus, w string) bool {
	ok, err := kt.IsA(w, w, 1, 1, 0)
	return err == nil && ok
}

// personTable chooses among the tables of persons the one a generic
// person word means: the one the question's names mean, else the one a
// foreign key relates to them, else, when they mean no table, the
// schema's only one. ok is false when the first circle holding a table
// that may be of persons holds several, or one that is a person only in
// a second sense, or when none holds any.
func (lx *lexicon) personTable(sure, maybe []int, ms []mention) (int, bool) {
	if len(maybe) == 0 {
		return 0, false
	}
	// A name names its table only when all its readings are of one
	// table: "names" is a column of pilots and of aircraft alike.
	named := map[int]bool{}
	for _, m := range ms {
		if m.kind != mName {
			continue
		}
		of := -1
		for _, r := range slices.Concat(m.tables, m.cols) {
			if of >= 0 && r.table != of {
				of = -2
				break
			}
			of = r.table
		}
		if of >= 0 {
			named[of] = true
		}
	}
	related := func(t int) bool {
		for n := range named {
			if len(lx.tables[t].parents[n]) > 0 || len(lx.tables[n].parents[t]) > 0 {
				return true
			}
		}
		return false
	}
	circles := []func(int) bool{func(t int) bool { return named[t] }, related}
	if len(named) == 0 {
		// Only a question that names nothing else means the schema's one
		// table of persons wherever it is: "the events with the most
		// people attended" counts attendance, not the journalists two
		// keys away.
		circles = append(circles, func(int) bool { return true })
	}
	for _, in := range circles {
		var got []int
		for _, t := range maybe {
			if in(t) { // maybe lists each table once
				got = append(got, t)
			}
		}
		switch len(got) {
		case 0:
			continue
		case 1:
			return got[0], slices.Contains(sure, got[0])
		}
		return 0, false
	}
	return 0, false
}
