package offline

import (
	"slices"
	"strings"
)

// Round sixteen: questions with more than one word the schema does not
// know. Each rule that sets an unknown word aside (fillers.go,
// relverbs.go) or reads it as rows (rownouns.go) looks at the words
// around it, and another unknown word there blocks it: in "lodging items
// supervised by the supplier 'Acme'" the verb has no subject until
// "items" is read as the lodging rows, and in "for each pet policy
// actually" the head noun "policy" is not at the end of the question
// until "actually" is set aside. The rules are made to compose: a question
// is answered when every unknown word is accounted for by one of them,
// each judged with the others read as what their own rule makes them (a
// word set aside is passed over by the others' gates); when any one word
// is not, the question is refused as before, naming the words left.
//
// Measured on the Spider training questions, the composition changes no
// answer: the two-word refusals there hold words no single rule reads
// ("amount paid", "target user"). It is kept because the gates it opens
// are the certain rules' own, judged word by word.

// maxSetAsidePasses bounds the passes of setAside: each pass can only
// turn unknown words into stop words, so a question with n unknown words
// settles within n passes, and questions have few.
const maxSetAsidePasses = 4

// setAside runs the rules that set unknown words aside until no more
// words change: a word set aside in one pass may open the gate of its
// neighbour in the next ("actually" after "the outstanding balance").
// When words are still unknown, each is judged again with all the others
// set aside, and when every one of them is accounted for so, all are.
func (lx *lexicon) setAside(toks []token, ms []mention) []mention {
	n := countUnknown(ms)
	for range maxSetAsidePasses {
		if n == 0 {
			return ms
		}
		ms = lx.ignoreLinkVerbs(toks, lx.ignoreRelationVerbs(toks, lx.ignoreFillers(toks, ms)))
		k := countUnknown(ms)
		if k == n {
			break
		}
		n = k
	}
	if n < 2 {
		return ms
	}
	var each []int
	for i, m := range ms {
		if m.kind != mUnknown {
			continue
		}
		alt := slices.Clone(ms)
		for j := range alt {
			if j != i && alt[j].kind == mUnknown {
				alt[j].kind, alt[j].ignored = mStop, true
			}
		}
		alt = lx.ignoreLinkVerbs(toks, lx.ignoreRelationVerbs(toks, lx.ignoreFillers(toks, alt)))
		if alt[i].kind == mUnknown {
			return ms
		}
		each = append(each, i)
	}
	ms = slices.Clone(ms)
	for _, i := range each {
		ms[i].kind, ms[i].ignored = mStop, true
	}
	return ms
}

// countUnknown counts the mentions that link to nothing.
func countUnknown(ms []mention) int {
	n := 0
	for _, m := range ms {
		if m.kind == mUnknown {
			n++
		}
	}
	return n
}

// Two words that are one thing: a slip in a fixed pair of function words
// ("Hom many albums", "two ore more students") leaves the slipped word
// unknown, and its partner then reads as a stray keyword. A word one edit
// from the first word of such a pair, right before the pair's second word
// ("many", "more"), is that word: no other reading of "hom many" exists.
// The repair is tried only when the question fails as written, and only
// on a word that links to nothing. Measured on the Spider training
// questions (a–r): +1 correct, no wrong, on the questions as written and
// on their paraphrases.

// fixedPairs maps the second word of a pair of function words to the
// words that may come before it.
var fixedPairs = map[string][]string{
	"many":  {"how"},
	"much":  {"how"},
	"more":  {"or"},
	"less":  {"or"},
	"fewer": {"or"},
	"least": {"at"},
	"most":  {"at"},
}

// repairPairs returns the question with each slipped first word of a
// fixed pair restored, and whether any was. Only a word that links to
// nothing is repaired: "Hom" may name a home column in part. toks are
// the question's tokens as tokenize returns them; they are only read.
func (lx *lexicon) repairPairs(question string, toks []token) (string, bool) {
	if !hasPairSlip(toks) {
		return question, false // most refusals: nothing to repair, no need to link
	}
	fixed := question
	for _, m := range lx.link(toks) {
		i := m.from
		if m.kind != mUnknown || m.to != i+1 {
			continue
		}
		// A word linking to nothing may still be a column's word, left
		// unlinked beside the pair ("3 ore more" where ore_grade is a
		// column): no slip. A function word or a table's word never gets
		// here; linking reads them.
		if f := pairSlip(toks, i); f != "" && !lx.columnWord(toks[i]) {
			pair := toks[i].raw + " " + toks[i+1].raw
			fixed = strings.Replace(fixed, pair, f+" "+toks[i+1].raw, 1)
		}
	}
	return fixed, fixed != question
}

// hasPairSlip reports whether some word may be a slip of a fixed pair
// (pairSlip): the words repairPairs may repair, before linking says
// which link to nothing.
func hasPairSlip(toks []token) bool {
	for i := range toks {
		if pairSlip(toks, i) != "" {
			return true
		}
	}
	return false
}

// pairSlip returns the first word of a fixed pair that the word at i,
// right before the pair's second word, is one edit from ("hom" before
// "many": "how"), or "".
func pairSlip(toks []token, i int) string {
	if i+1 >= len(toks) || toks[i].kind != tokWord || toks[i].text == "" {
		return ""
	}
	t := toks[i].text
	for _, f := range fixedPairs[toks[i+1].text] {
		if t[0] == f[0] && editDistance(t, f, 1) == 1 {
			return f
		}
	}
	return ""
}
