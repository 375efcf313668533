package offline

import (
	"strings"

	"querent/internal/plan"
)

// A count per group asked, then restated as the columns to list: "How many
// accounts does each customer have? List the number and customer id." The
// second sentence names the count only as "the number" or "the count", and
// its columns sit after a "have" that, read as one run, makes them look
// like conditions whose value is missing. Both sentences mean one
// question: "list the number of accounts and customer id for each
// customer". The first sentence supplies what is counted (X) and the group
// (Y); the second, what to show, its bare count words made "the number of
// X".

// countListVerbs end "how many X does each Y <verb>": possession and its
// everyday near-synonyms.
var countListVerbs = setOf("have", "has", "had", "contain", "contains", "hold", "holds", "own", "owns", "include", "includes")

// countListFillers may stand between "number of" and the counted noun in
// the second sentence: "the number of corresponding bookings".
var countListFillers = setOf("corresponding", "the", "such", "those", "these", "related", "associated", "all")

// countList rewrites "How many X does each Y have? <Show> L." into the
// tokens of "<Show> L' for each Y", where L' is L with its count phrase
// ("the number", "the count", "number of [corresponding] X", "X count")
// made "number of X"; ok is false unless the question has that shape and
// L names the count exactly once.
//
// verb reads a last word other than countListVerbs as "have" (a verb
// WordNet knows, relverbs3.go: "how many bookings did each customer
// make"); nil reads none.
func countList(question string, verb func(string) bool) ([]token, bool) {
	first, second, ok := splitQuestion(question)
	if !ok {
		return nil, false
	}
	x, y, ok := countEach(tokenize(first), verb)
	if !ok {
		return nil, false
	}
	s2 := tokenize(second)
	out, ok := restateCount(s2, x)
	if !ok {
		return nil, false
	}
	out = append(out, wordToken("for"), wordToken("each"))
	return append(out, y...), true
}

// countEach reads "how many X (do|does|did) (each|every) Y <verb>" and
// returns X and Y, each a run of words.
func countEach(s []token, verb func(string) bool) (x, y []token, ok bool) {
	if len(s) < 6 || s[0].text != "how" || s[1].text != "many" {
		return nil, nil, false
	}
	aux := -1
	for k := 2; k < len(s); k++ {
		if s[k].text == "do" || s[k].text == "does" || s[k].text == "did" {
			aux = k
			break
		}
	}
	last := len(s) - 1
	if aux < 3 || aux+2 >= last || (s[aux+1].text != "each" && s[aux+1].text != "every") || !countListVerbs[s[last].text] && (verb == nil || !verb(s[last].text)) {
		return nil, nil, false
	}
	x, y = s[2:aux], s[aux+2:last]
	if !allWords(x) || !allWords(y) {
		return nil, nil, false
	}
	return x, y, true
}

// allWords reports whether a run is only plain words (no number, quote or
// comma): a noun phrase naming a table or column.
func allWords(run []token) bool {
	for _, t := range run {
		if t.kind != tokWord {
			return false
		}
	}
	return len(run) > 0
}

// restateCount moves the one count phrase of the list s2 to its end as
// "and the number of X" ("List the number and customer id" becomes "List
// customer id and the number of X", the order this planner reads a
// grouping column listed before a count in); ok is false when there is no
// count phrase, more than one, or the phrase counts something other than X.
func restateCount(s2, x []token) ([]token, bool) {
	from, to := -1, -1
	for k, t := range s2 {
		if t.kind != tokWord || (t.text != "number" && t.text != "count") {
			continue
		}
		end, ok := countPhraseEnd(s2, k, x)
		if !ok || from >= 0 {
			return nil, false
		}
		start := k
		switch {
		case k > 0 && sameStem(s2[k-1], x[len(x)-1]):
			// "resident count": the counted noun named before the
			// count word is part of the phrase.
			start = k - 1
		case !listBoundary(s2, k-1):
			return nil, false // "phone number": a column, not the count
		}
		if start > 0 && (s2[start-1].text == "the" || s2[start-1].text == "a") {
			start--
		}
		from, to = start, end
	}
	if from < 1 {
		return nil, false
	}
	// The separator that joined the phrase to the list goes with it.
	switch {
	case itemEnd(s2[from-1]):
		from--
		if from > 0 && itemEnd(s2[from-1]) {
			from-- // ", and the count": the serial comma too
		}
	case to < len(s2) && itemEnd(s2[to]):
		to++
	}
	rest := append(append([]token{}, s2[:from]...), s2[to:]...)
	if len(rest) < 2 || itemEnd(rest[len(rest)-1]) {
		return nil, false
	}
	out := append(rest, wordToken("and"), wordToken("the"), wordToken("number"), wordToken("of"))
	return append(out, x...), true
}

// countPhraseEnd returns the index just past the count phrase that starts
// with the count word at k: the bare word, or "of [fillers] X"; the phrase
// must end the list item (a comma, "and", or the end).
func countPhraseEnd(s2 []token, k int, x []token) (int, bool) {
	j := k + 1
	if j < len(s2) && s2[j].text == "of" {
		j++
		for j < len(s2) && countListFillers[s2[j].text] {
			j++
		}
		if j+len(x) > len(s2) || !sameStems(s2[j:j+len(x)], x) {
			return 0, false
		}
		j += len(x)
	}
	if j < len(s2) && !itemEnd(s2[j]) {
		return 0, false
	}
	return j, true
}

// listBoundary reports whether token k opens a list item's start: the
// start of the list, a show verb, "the", a comma or "and".
func listBoundary(s []token, k int) bool {
	if k < 0 {
		return true
	}
	t := s[k]
	return itemEnd(t) || t.text == "the" || t.text == "a" || showVerbs[t.text]
}

// itemEnd reports whether t ends a list item: a comma or "and".
func itemEnd(t token) bool {
	return t.kind == tokSymbol && t.text == "," || t.kind == tokWord && t.text == "and"
}

// sameStem reports whether two words are the same word up to inflection.
func sameStem(a, b token) bool {
	return a.kind == tokWord && b.kind == tokWord && strings.EqualFold(a.stem, b.stem)
}

// countsPerGroup reports whether pl shows a row count per group, the one
// reading countList's rewrite may produce.
func countsPerGroup(pl *plan.Plan) bool {
	if pl == nil || len(pl.GroupBy) == 0 || pl.SetOp != nil || pl.Having != nil {
		return false
	}
	for _, it := range pl.Select {
		if it.Expr.Agg == "count" {
			return true
		}
	}
	return false
}
