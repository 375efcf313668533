package offline

import (
	"slices"
	"strconv"
	"strings"

	"querent/internal/plan"
	"querent/internal/wordnet"
)

// Round twenty-seven: verbs WordNet knows that only relate two things the
// question names. relverbs.go sets aside an unknown verb it can tell by
// its form (a past or -ing form, a base form after "to" or "can"); a base
// or -s form gives no such sign ("employees who help customers", "how
// many books fall into each category", "the number of patients he or she
// treats"), and the word may as well be a noun the schema lacks ("the
// addresses of the authors", "back vocals"). WordNet says which: the word
// is read as a verb only when its concordance saw it used as a verb more
// often than as a noun or an adjective (verbUsage), and when no form of
// its family names a table, column or key verb. It is then set aside when
// the sentence shows it relates what the question names, in one of two
// shapes:
//
//   - subject, verb, object: a table or value before it, behind relative
//     pronouns and auxiliaries only ("companies that do not make DVD
//     drives", "gymnasts who did not grow up in Santo Domingo"), and a
//     name, value, number or question word after it behind prepositions
//     and articles ("fall into each category");
//   - an object relative clause that ends the question: a table, then a
//     subject (a table or a pronoun), then the verb with nothing after it
//     but particles ("how many flights does each one complete?", "the
//     average profits companies make", "cities do people originate
//     from").
//
// The join between the two things says what the verb says; when the
// schema joins them in more than one way, resolution refuses as it would
// for the question without the verb ("I could not tell how …").
//
// The auxiliary before the verb must agree with its form: a base form
// after do, a modal or "to"; a participle after have or be ("have back
// vocals" is a noun); any finite form after a subject or relative pronoun.
// Negation is read only as do-support ("did not pay with cash") or, for a
// passive, as "not" after be (relverbs3.go), the forms the planner reads
// as a condition of their own; "never presented in China" and "cannot
// interact" stay refused. A capability ("can sit 50 students") counts
// only before a name, as in relverbs.go, or a superlative and a column of
// its subject (relverbs3.go), and a subject
// that is a table with a column of its own name ("degrees conferred")
// may be a count, and is not read. A subject or object must mean one
// table at its strongest link ("tourists", a part of two tables' names,
// may be the visitors the question means or the attractions), and a
// number or question word after the verb counts only before a name
// ("fall into each category"): "employees who make more than the
// average" compares what the verb names, a salary.
//
// Measured on the Spider training questions (a–r): +11 correct, no new
// wrong answer; paraphrased questions +9 correct, +1 wrong ("List the
// asset type" read as the asset supplier's company type, a column link
// the verb does not touch).

// verbUsage is the optional capability of a Thesaurus to say how often a
// word is used as each part of speech ([wordnet.DB.Tagged]).
type verbUsage interface {
	Tagged(word string, pos wordnet.POS) (int, error)
}

// linkVerb records what a verb set aside relates, for the plan's reason.
type linkVerb struct {
	subject, object string
}

// doForms are the auxiliaries of do-support: the only negation read.
var doForms = setOf("do", "does", "did")

// haveForms and beForms take a participle after them.
var (
	haveForms = setOf("has", "have", "had")
	beForms   = setOf("is", "are", "was", "were", "be", "been", "being", "get", "got", "gets")
)

// subjectPronouns stand for the subject of an object relative clause:
// "the patients he or she treats", "flights does each one complete".
var subjectPronouns = setOf("he", "she", "they", "it", "we", "you", "i", "one")

// objectLinkWords may stand between the verb and its object beyond
// relLinkWords: demonstratives and "any" ("start at that airport", "incur
// any fault log").
var objectLinkWords = setOf("that", "this", "these", "those", "any", "some")

// mostlyVerb reports whether WordNet saw w used as a verb more often than
// as a noun or an adjective.
func (lx *lexicon) mostlyVerb(w string) bool {
	vu, ok := lx.wn.(verbUsage)
	if !ok {
		return false
	}
	v, err := vu.Tagged(w, wordnet.Verb)
	if err != nil || v == 0 {
		return false
	}
	for _, pos := range []wordnet.POS{wordnet.Noun, wordnet.Adj} {
		n, err := vu.Tagged(w, pos)
		if err != nil || n >= v {
			return false
		}
	}
	return true
}

// linkVerbCandidate reports whether ms[i] is an unknown word WordNet
// reads as a verb, and no rule of the schema's own vocabulary claims.
func (lx *lexicon) linkVerbCandidate(toks []token, ms []mention, i int) bool {
	m := ms[i]
	if lx.wn == nil || m.kind != mUnknown || m.to-m.from != 1 || toks[m.from].kind != tokWord {
		return false
	}
	return wordNetCandidate(toks, m.from) && (lx.linkVerbWord(toks[m.from].text) || lx.verbByPosition(toks, m.from)) // relverbs5.go
}

// linkVerbWord reports whether w may be a verb that only relates two
// named things: a word WordNet uses mostly as a verb that no table's or
// column's word family claims. A family known only from foreign keys'
// names does not claim it: the keys say which rows it relates
// (relverbs3.go).
func (lx *lexicon) linkVerbWord(w string) bool {
	if lx.wn == nil || participlePrepositions[w] || operationWords[w] {
		return false
	}
	roots, _ := derivRoots(w)
	if slices.ContainsFunc(roots, func(r string) bool { return len(lx.derived[r]) > 0 }) {
		return false
	}
	return lx.mostlyVerb(w)
}

// hasLinkVerb reports whether a word of the question that links to
// nothing may be a verb to set aside: the question is then worth planning
// again with the thesaurus (wordnet.go). ms are the question's mentions,
// linked with the thesaurus.
func (lx *lexicon) hasLinkVerb(toks []token, ms []mention) bool {
	for i := range ms {
		if lx.linkVerbCandidate(toks, ms, i) {
			return true
		}
	}
	return false
}

// ignoreLinkVerbs sets aside the verbs that only relate what the question
// names (see above), as ignoreRelationVerbs does for verbs known by their
// form; the plan's reason names each and what it relates.
func (lx *lexicon) ignoreLinkVerbs(toks []token, ms []mention) []mention {
	if lx.wn == nil || len(toks) == 0 || yesNoLeads[toks[0].text] || numbersOf(toks) {
		return ms
	}
	for i := range ms {
		if !lx.linkVerbCandidate(toks, ms, i) {
			continue
		}
		if lv, ok := lx.relatesNamed(toks, ms, i); ok {
			ms[i].kind, ms[i].ignored, ms[i].linkVerb = mStop, true, lv
		}
	}
	return ms
}

// relatesNamed reads the verb at ms[i] in either shape and returns what
// it relates.
func (lx *lexicon) relatesNamed(toks []token, ms []mention, i int) (*linkVerb, bool) {
	w := mentionWord(toks, ms[i])
	if s, aux, ok := lx.linkSubject(toks, ms, i); ok && agrees(aux, w) {
		if capabilityModals[aux] && !nameAfter(toks, ms, i) && !ownMeasureAfter(toks, ms, i, s) {
			return nil, false
		}
		if o, ok := linkObject(toks, ms, i); ok {
			return &linkVerb{subject: ms[s].text, object: ms[o].text}, true
		}
	}
	if s, o, ok := lx.objectRelative(toks, ms, i); ok {
		return &linkVerb{subject: s, object: ms[o].text}, true
	}
	return nil, false
}

// agrees reports whether the verb form w may follow aux (the word right
// before it, "" for a subject or relative pronoun).
func agrees(aux, w string) bool {
	switch {
	case haveForms[aux] || beForms[aux]:
		return verbForm(w)
	case baseVerbMarkers[aux] || aux == "not":
		return !verbForm(w) && (!strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss")) // "pass", not "makes"
	}
	return true
}

// linkSubject finds the subject of the verb at ms[i]: a name (not a table
// that is its own column's name) or a value before it, behind relative
// pronouns and auxiliaries only. aux is the word right before the verb
// when it is one, or before its negation ("have never taken"). A
// negation other than do-support's "not", be's (relverbs3.go) and those
// plainNegation reads (relverbs4.go) refuses.
func (lx *lexicon) linkSubject(toks []token, ms []mention, i int) (subject int, aux string, ok bool) {
	j, auxAt := i-1, i-1
	for ; j >= 0; j-- {
		if ms[j].ignored {
			continue
		}
		w := mentionWord(toks, ms[j])
		if plainNegation(toks, ms, j) {
			// "who never ordered", "have not taken" (relverbs4.go): the
			// word before the negation is the verb's auxiliary.
			if j == auxAt {
				auxAt = j - 1
			}
			continue
		}
		if w == "not" && j > 0 && doForms[mentionWord(toks, ms[j-1])] {
			if j == i-1 {
				aux = w
			}
			continue
		}
		if w == "not" && j == i-1 && j > 0 && negatedPassive[mentionWord(toks, ms[j-1])] {
			// "characteristics that are not found in any product": the
			// passive's participle must agree with its be (relverbs3.go).
			aux = mentionWord(toks, ms[j-1])
			continue
		}
		// Any other negation ("cannot", "never" after a modal or before
		// a value) is not an auxiliary and ends the walk with no subject,
		// so a verb it negates stays.
		if !relAuxiliaries[w] || subjectPronouns[w] || ms[j].kind != mStop && ms[j].kind != mKeyword {
			break
		}
		if j == auxAt && !relativePronouns[w] {
			aux = w
		}
	}
	if j < 0 {
		return 0, "", false
	}
	switch ms[j].kind {
	case mName:
		return j, aux, meansOneTable(ms[j]) && !lx.tableOrColumn(ms[j])
	case mValue, mQuoted:
		return j, aux, true
	}
	return 0, "", false
}

// meansOneTable reports whether a name mention that may mean tables means
// one at its strongest: "tourists", a part of tourist_attractions'
// name and of tourist_features', may stand for either table, and the
// verb would then relate what the question does not say.
func meansOneTable(m mention) bool {
	return len(m.tables) == 0 || len(strongest(m.tables, classSynonym)) == 1
}

// linkObject finds the object of the verb at ms[i]: after prepositions,
// articles and demonstratives, a name or value, or a number or question
// word before a name (countedName).
func linkObject(toks []token, ms []mention, i int) (int, bool) {
	for k := i + 1; k < len(ms); k++ {
		w := mentionWord(toks, ms[k])
		if ms[k].ignored || (relLinkWords[w] || objectLinkWords[w]) && (ms[k].kind == mStop || ms[k].kind == mKeyword) {
			continue
		}
		switch ms[k].kind {
		case mName:
			return k, meansOneTable(ms[k])
		case mValue, mQuoted:
			return k, true
		case mNumber, mKeyword:
			return countedName(toks, ms, k)
		}
		return 0, false
	}
	return 0, false
}

// countedName finds the name a number or question word after a verb
// counts or picks: "fall into each category", "make the most products",
// "make three products". Without one right after it, the verb may name
// the quantity compared itself ("employees who make more than the
// average", "make the most in their department": a salary), and is not
// set aside.
func countedName(toks []token, ms []mention, k int) (int, bool) {
	for ; k < len(ms); k++ {
		switch {
		case ms[k].kind == mKeyword || ms[k].kind == mNumber:
			continue
		case ms[k].kind == mStop && (mentionWord(toks, ms[k]) == "the" || mentionWord(toks, ms[k]) == "a"):
			continue
		case ms[k].kind == mName && meansOneTable(ms[k]):
			return k, true
		}
		return 0, false
	}
	return 0, false
}

// objectRelative reads the verb at ms[i] as ending an object relative
// clause: nothing after it but particles and prepositions, before it a
// subject (a name, a value such as "Sony", or a pronoun such as "he or
// she", "each one"), before
// that only do-support, a relative pronoun or "each", and then a table,
// the verb's object.
func (lx *lexicon) objectRelative(toks []token, ms []mention, i int) (subject string, object int, ok bool) {
	for k := i + 1; k < len(ms); k++ {
		if !ms[k].ignored && !(relLinkWords[mentionWord(toks, ms[k])] && ms[k].kind == mStop) {
			return "", 0, false
		}
	}
	j := i - 1
	var words []string
	for ; j >= 0 && (pronouns(toks, ms[j]) || mentionWord(toks, ms[j]) == "each" && len(words) > 0); j-- {
		words = append([]string{ms[j].text}, words...)
	}
	switch {
	case len(words) > 0:
		subject = strings.Join(words, " ")
	case j >= 0 && ms[j].kind == mName && meansOneTable(ms[j]) && !lx.tableOrColumn(ms[j]):
		subject = ms[j].text
		j--
		if j >= 0 && (mentionWord(toks, ms[j]) == "each" || mentionWord(toks, ms[j]) == "the") {
			j--
		}
		j = rankedSubjectStart(toks, ms, j) // relverbs4.go
	case j >= 0 && (ms[j].kind == mValue || ms[j].kind == mQuoted):
		// "products that Sony makes" (relverbs3.go).
		subject = ms[j].text
		j--
	default:
		return "", 0, false
	}
	for ; j >= 0 && (doForms[mentionWord(toks, ms[j])] || relativePronouns[mentionWord(toks, ms[j])]); j-- {
	}
	if j < 0 || ms[j].kind != mName || !meansOneTable(ms[j]) {
		return "", 0, false
	}
	return subject, j, true
}

// noteLinkVerbs names, in the plan's reason, each verb set aside and what
// it relates: "set aside "treats": it only relates patients and he or she".
func noteLinkVerbs(pl *plan.Plan, ms []mention) *plan.Plan {
	if pl == nil {
		return pl
	}
	var notes []string
	for _, m := range ms {
		if m.linkVerb != nil {
			notes = append(notes, "set aside "+strconv.Quote(m.text)+": it only relates "+m.linkVerb.subject+" and "+m.linkVerb.object)
		}
	}
	if len(notes) > 0 {
		pl.Reason = strings.TrimSuffix(pl.Reason, ".") + "; " + strings.Join(notes, "; ")
	}
	return pl
}

// pronouns reports whether a mention is made of subject pronouns only:
// "she", "he or she" (one stop phrase), "one".
func pronouns(toks []token, m mention) bool {
	for _, t := range toks[m.from:m.to] {
		if !subjectPronouns[t.text] && t.text != "or" {
			return false
		}
	}
	return m.to > m.from
}
