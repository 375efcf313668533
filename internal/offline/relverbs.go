package offline

import (
	"slices"
	"strings"
)

// Round sixteen: unknown verbs that only say how two things the question
// already names are related. "Mountains ascended by climbers from West
// Germany", "reviewers who have contributed three or more ratings",
// "companies started by Andy": the schema has no word for ascending,
// contributing or starting, but the foreign key between mountain and
// climber (or the founder column a value belongs to) already says what
// the verb says. relationVerbs (words.go) lists the common such verbs;
// this reads any verb, by its grammar, when the sentence shows it can be
// nothing more than the link:
//
//   - it has the form of a verb: a past or -ing form ("ascended",
//     "producing", irregular "flew"), a base form after do or to ("to get
//     injured"), an -s form right after a relative pronoun ("the
//     airline which runs the most routes"), or "take place";
//   - its subject is a thing the question names, a table or column (not a
//     table that is also its own column's name: "degrees conferred" may be
//     the degrees rows or the count in their degrees column) or a value,
//     right before it or behind only relative pronouns, auxiliaries and
//     pronouns ("that was", "they have");
//   - its object is named too: after prepositions and articles (and
//     "all" after "across", which spans the rows) comes a name, a value,
//     a number or a question word ("by climbers", "three or more", "the
//     most"), not another unknown word and not the end of the question,
//     where the verb would be the only thing said of its subject ("each
//     car crashed").
//
// It is not set aside when it is negated ("not", "never", "no" in the
// auxiliaries before it: the negation is a condition of its own), when it
// is a capability ("can accommodate more than 300 students" is a capacity
// column, not a count of linked students: a modal's base form counts only
// before a name, "can cover a distance"), when any form of it belongs to
// the schema's own vocabulary (a table, column or key verb of its family
// reads it, or refuses it as ambiguous), when the question is a yes/no
// question ("Are the customers holding coupons … bad or good?"), or when
// "the numbers of" makes the question itself ambiguous between a count
// and the numbers stored.
//
// Measured on the Spider training questions (a–r): +29 correct, +1 wrong
// (courses that "take place" in a room, answered with the course codes
// where the gold answer lists the classes' codes); paraphrased questions
// +26 correct, +5 wrong (three read "the information of the shops" as
// every column where the gold answer picks the details column).

// relAuxiliaries may stand between a verb and its subject: relative
// pronouns, forms of be, have and do, modals, the infinitive's "to", "get"
// of the passive, and personal pronouns ("aircraft they have flown").
var relAuxiliaries = setOf("that", "which", "who", "whom", "was", "were", "is", "are", "be", "been",
	"being", "has", "have", "had", "can", "could", "will", "would", "may", "might", "must", "should",
	"shall", "do", "does", "did", "to", "get", "got", "gets", "they", "he", "she", "it", "we", "you", "i")

// baseVerbMarkers are the words after which a word is a verb in its base
// form: modals, do-support and the infinitive.
var baseVerbMarkers = setOf("can", "could", "will", "would", "may", "might", "must", "should", "shall",
	"do", "does", "did", "to")

// capabilityModals make a base verb after them a capability ("can
// accommodate", "can cover"), which may be a capacity column the question
// does not name.
var capabilityModals = setOf("can", "could", "will", "would", "may", "might", "must", "should", "shall")

// relativePronouns mark an -s word after them as a verb: "which runs".
var relativePronouns = setOf("that", "which", "who")

// relNegations negate the verb they precede.
var relNegations = setOf("not", "never", "cannot", "no", "nor", "neither", "none")

// relLinkWords may stand between a verb and its object: prepositions,
// particles and articles.
var relLinkWords = setOf("by", "to", "from", "in", "on", "at", "with", "for", "into", "across", "over",
	"as", "the", "a", "an", "up", "out", "off", "of", "through", "under", "onto", "upon", "its", "their")

// takeForms with "place" after them say that an event happened: "courses
// that take place in room 101" are the courses in it.
var takeForms = setOf("take", "takes", "took", "taken", "taking")

// participlePrepositions look like verbs but are prepositions, or name a
// criterion rather than a link: "sort the rooms according to the price",
// "during the fall", "based on".
var participlePrepositions = setOf("according", "including", "regarding", "concerning", "following",
	"excluding", "during", "based", "considering", "using")

// yesNoLeads begin a yes/no question, whose verb may be what is asked.
var yesNoLeads = setOf("is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "could")

// ignoreRelationVerbs marks the unknown verbs that only relate what the
// question names (see above) as ignored stop words, as ignoreFillers does
// for fillers: the plan's reason names them.
func (lx *lexicon) ignoreRelationVerbs(toks []token, ms []mention) []mention {
	if len(toks) == 0 || yesNoLeads[toks[0].text] || numbersOf(toks) {
		return ms
	}
	for i := range ms {
		m := &ms[i]
		if m.kind != mUnknown || m.to-m.from != 1 || toks[m.from].kind != tokWord {
			continue
		}
		w := toks[m.from].text
		if participlePrepositions[w] || lx.ofSchemaFamily(w) {
			continue
		}
		verb, capability, at := verbForm(w), false, i
		if w == "place" && i > 0 && takeForms[mentionWord(toks, ms[i-1])] {
			// The idiom's verb stands where its subject is looked for.
			verb, at = true, i-1
		}
		if !verb && i > 0 {
			prev := mentionWord(toks, ms[i-1])
			if baseVerbMarkers[prev] || relativePronouns[prev] && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
				verb, capability = true, capabilityModals[prev]
			}
		}
		if !verb || capability && !nameAfter(toks, ms, i) {
			continue
		}
		if lx.verbSubject(toks, ms, at) && verbObject(toks, ms, i) {
			m.kind, m.ignored = mStop, true
		}
	}
	return ms
}

// verbForm reports whether w has the form of a past or -ing verb. The
// suffix must follow a stem of three letters, so that "red", "bed",
// "king" and "thing" are not read as verbs.
func verbForm(w string) bool {
	return len(w) >= 5 && strings.HasSuffix(w, "ed") || len(w) >= 6 && strings.HasSuffix(w, "ing") || irregularPast(w)
}

// mentionWord is the word of a one-word mention, "" for longer ones.
func mentionWord(toks []token, m mention) string {
	if m.to-m.from != 1 {
		return ""
	}
	return toks[m.from].text
}

// verbSubject reports whether the verb at ms[i] follows a name or value,
// directly or behind auxiliaries only, and is not negated.
func (lx *lexicon) verbSubject(toks []token, ms []mention, i int) bool {
	j := i - 1
	for ; j >= 0; j-- {
		if ms[j].ignored {
			// A word set aside says nothing (unknownmany.go).
			continue
		}
		w := mentionWord(toks, ms[j])
		if relNegations[w] {
			return false
		}
		if !relAuxiliaries[w] || ms[j].kind != mStop && ms[j].kind != mKeyword {
			break
		}
	}
	if j < 0 || j > 0 && relNegations[mentionWord(toks, ms[j-1])] {
		return false
	}
	switch ms[j].kind {
	case mName:
		return !lx.tableOrColumn(ms[j])
	case mValue, mQuoted:
		return true
	}
	return false
}

// verbObject reports whether, after prepositions and articles, the verb
// at ms[i] is followed by something the question names or asks.
func verbObject(toks []token, ms []mention, i int) bool {
	for k := i + 1; k < len(ms); k++ {
		w := mentionWord(toks, ms[k])
		if ms[k].ignored {
			continue
		}
		if relLinkWords[w] && (ms[k].kind == mStop || ms[k].kind == mKeyword) {
			continue
		}
		if w == "all" && mentionWord(toks, ms[k-1]) == "across" {
			// "summed across all the claims" spans the rows; "by all
			// climbers" may say every one of them, and is not read.
			continue
		}
		switch ms[k].kind {
		case mName, mValue, mQuoted, mNumber, mKeyword:
			return true
		}
		return false
	}
	return false
}

// nameAfter reports whether the next mention after ms[i], but for
// articles, is a table or column: "can cover a distance".
func nameAfter(toks []token, ms []mention, i int) bool {
	for k := i + 1; k < len(ms); k++ {
		switch mentionWord(toks, ms[k]) {
		case "the", "a", "an":
			continue
		}
		return ms[k].kind == mName
	}
	return false
}

// tableOrColumn reports whether a name mention may mean a table or a
// column: it carries both, or names a table one of whose columns has the
// table's own name (a degrees table with a degrees column, the count).
func (lx *lexicon) tableOrColumn(m mention) bool {
	if len(m.cols) > 0 && len(m.tables) > 0 {
		return true
	}
	for _, r := range m.tables {
		t := lx.tables[r.table]
		for _, c := range t.cols {
			if c != nil && !c.id && slices.Equal(c.stems, t.stems) {
				return true
			}
		}
	}
	return false
}

// ofSchemaFamily reports whether a form of w's family names a table or
// column or is a key's verb: derivedWord and keyVerb read such a word, or
// leave it unknown on purpose because it is ambiguous.
func (lx *lexicon) ofSchemaFamily(w string) bool {
	roots, _ := derivRoots(w)
	return slices.ContainsFunc(roots, func(r string) bool { return len(lx.derived[r]) > 0 || lx.keyVerbs[r] })
}

// numbersOf reports whether the question says "the numbers of", which
// may count rows or list the numbers they hold ("the numbers of all
// flights"): a question whose reading already hangs on that is not one to
// set a word aside in.
func numbersOf(toks []token) bool {
	for i, t := range toks {
		if t.text == "numbers" && (i+1 == len(toks) || toks[i+1].text == "of") && (i == 0 || toks[i-1].text == "the") {
			return true
		}
	}
	return false
}
