package offline

import (
	"slices"
	"strings"
)

// Verbs that only say how the rows of two tables relate, or that a row
// came to be at the time a bare year names: "physicians affiliated with a
// department", "products not included in any order", "campuses opened in
// 1958" (the campus's one plain year column). When the schema names no
// table or column for the verb's family (an opening_year, year_opened,
// an inclusion table) the foreign keys, or the table's year, already say
// what the verb says, and derivedWord reads it as a stop word. Forms that
// are also adjectives or nouns ("open" tickets, a "lead" singer, a
// hospital "stay") are left out: dropping them would drop a condition.
var joinVerbs = setOf(
	"opens", "opened",
	"affiliate", "affiliates", "affiliated",
	"include", "includes", "included",
	"led",
)

// reachVerbs say a measure attained a number: "the days whose max wind
// speed reached 25" are those with a speed of at least 25.
var reachVerbs = setOf("reach", "reaches", "reached", "reaching")

// reachedBounds rewrites "reached N" as "at least N" when a number follows
// the verb and the schema names nothing for it. Before anything but a
// number ("flights that reach Boston", "reached the maximum occupancy") the
// verb is left alone.
func (lx *lexicon) reachedBounds(toks []token) []token {
	var out []token
	for i, t := range toks {
		if t.kind != tokWord || !reachVerbs[t.text] || i+1 >= len(toks) || toks[i+1].kind != tokNumber || !lx.unclaimedWords([]string{t.text}) {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append(make([]token, 0, len(toks)+1), toks[:i]...)
		}
		out = append(out, wordToken("at"), wordToken("least"))
	}
	if out == nil {
		return toks
	}
	return out
}

// addKeyVerb indexes the roots of a key column's words, but for its id
// words: winning_aircraft and winner_id hold "win". A key is left out of
// every link (a question naming "winning" means no key value), but a
// verb of its family says which foreign key joins two tables.
func (lx *lexicon) addKeyVerb(words []string) {
	for _, w := range words {
		if len(w) < minRoot || idWords[w] || hardStops[w] || isKeyword(w) || genericSuffixes[w] || isNumber(w) {
			continue
		}
		roots, _ := derivRoots(w)
		if lx.keyVerbs == nil {
			lx.keyVerbs = map[string]bool{}
		}
		for _, r := range roots {
			lx.keyVerbs[r] = true
		}
	}
}

// keyVerb reports whether a verb (roots and kind from derivRoots) that
// names nothing else is of a key column's family: "the aircraft that won
// the most matches" where a match's winning_aircraft refers to the
// aircraft. The key already says what the verb says, so the verb reads as
// a stop word and the join follows the foreign key; where two keys could
// join the tables, a verb of only one's family picks it (keyverbs.go). Only verb forms
// count: a noun ("winner", "winnings") names a thing the schema lacks.
func (lx *lexicon) keyVerb(w string, roots []string, kind derivKind) bool {
	if kind == derivAgent || kind == derivAct || !irregularPast(w) && !strings.HasSuffix(w, "ed") {
		return false
	}
	return slices.ContainsFunc(roots, func(r string) bool { return lx.keyVerbs[r] })
}
