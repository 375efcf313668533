package offline

import (
	"strings"

	"querent/internal/schema"
)

// Comparisons with a number whose column is not named. Most English forms
// already read (gradable.go, numbers3.go, counted nouns): "films released
// after 2000", "people older than 30", "teams with more than 3 wins".
// This file adds the remaining everyday forms, each read only where the
// schema leaves one column, as before:
//
//   - time comparatives spelled "earlier than", "later than", "no later
//     than", "on or after", "in or before", "until" read as "before",
//     "after" and "since" do, against the subject's one date or year;
//   - a bound after its number spelled by a comparative other than
//     "more" or "less" ("rated 4 or higher", "5000 or larger"); a year
//     bounded by a time word ("released in 2000 or later") is a time
//     comparison ("released since 2000"), and the "in" or "on" of the
//     year does not survive the bound;
//   - "the year" between a time comparison and a year ("after the year
//     2000", "after year 2000") only says what the number is;
//   - "shorter than N" with no length column: a height, as "taller than"
//     compares one (a duration or a length still comes first);
//   - a whole-number column bounded by a decimal ("rated above 3.5"),
//     which SQL compares exactly.

// timeCompareKeywords are the time comparisons words.go lacks, mostly
// of several words: "not later than" must be read whole, as "not" alone
// would negate.
var timeCompareKeywords = map[string]keyword{
	"earlier than": {kind: kwDateCmp, op: "<"}, "later than": {kind: kwDateCmp, op: ">"},
	"no later than": {kind: kwDateCmp, op: "<="}, "not later than": {kind: kwDateCmp, op: "<="},
	"no earlier than": {kind: kwDateCmp, op: ">="}, "not earlier than": {kind: kwDateCmp, op: ">="},
	"on or after": {kind: kwDateCmp, op: ">="}, "in or after": {kind: kwDateCmp, op: ">="},
	"on or before": {kind: kwDateCmp, op: "<="}, "in or before": {kind: kwDateCmp, op: "<="},
	// "released until 1990" includes 1990, as "up to and including" does.
	"until": {kind: kwDateCmp, op: "<="}, "up until": {kind: kwDateCmp, op: "<="},
	"up to and including": {kind: kwDateCmp, op: "<="},
}

// init adds timeCompareKeywords to keywords; a phrase already there keeps
// its meaning.
func init() {
	for k, v := range timeCompareKeywords {
		if _, dup := keywords[k]; !dup {
			keywords[k] = v
		}
	}
}

// orBoundWords are comparatives that close a bound written after its
// number ("4 or higher") beyond the ones orMore lists, with the bound
// they make: "at least" for "least", "at most" for "most".
var orBoundWords = map[string]string{
	"higher": "least", "larger": "least", "bigger": "least", "newer": "least",
	"lower": "most", "smaller": "most",
}

// orBoundLead returns the words orMore writes before the number for the
// comparative at j closing "N or <comparative>", or nil when it closes no
// bound: followed by "than" it opens a second comparison ("bigger than
// 1500 or smaller than 500").
func orBoundLead(toks []token, j int) []string {
	if b, ok := orBoundWords[toks[j].text]; ok && !thanAfter(toks, j) {
		return []string{"at", b}
	}
	return nil
}

// thanAfter reports whether the token after j is "than".
func thanAfter(toks []token, j int) bool {
	return j+1 < len(toks) && toks[j+1].text == "than"
}

// yearBoundLead returns the words written before a year bounded after
// it by a time word: "2000 or later" is "since 2000", "2000 or earlier"
// "no later than 2000", so that the bound reads as a time comparison
// against the subject's one date or year, as "after 2000" does. lead,
// what orMore would write, is kept for anything else ("30 or older" is
// an age).
func yearBoundLead(lead []string, toks []token, j int, t token) []string {
	if !isYearToken(t) || thanAfter(toks, j) {
		return lead
	}
	switch toks[j].text {
	case "later", "after", "newer":
		return []string{"since"}
	case "earlier", "before":
		return []string{"no", "later", "than"}
	}
	return lead
}

// dropYearPrep removes the "in" or "on" that out ends with when the
// number t, now bounded, is a year: "released in 2000 or later" is
// "released since 2000"; "in since 2000" would read as nothing.
func dropYearPrep(out []token, t token) []token {
	if !isYearToken(t) || len(out) == 0 {
		return out
	}
	if w := out[len(out)-1].text; w == "in" || w == "on" {
		return out[:len(out)-1]
	}
	return out
}

// yearWordAfterCmp drops "the year" (or "year") between a time
// comparison and a year in digits: "released after the year 2000" is
// "released after 2000", compared with the subject's one date or year as
// that is. Only there: "year" elsewhere may name a year column.
func yearWordAfterCmp(toks []token) []token {
	return rewriteTokens(toks, func(i int) (int, []token) {
		if i == 0 || !timeCmpWord(toks[:i]) {
			return 0, nil
		}
		switch {
		case i+2 < len(toks) && toks[i].text == "the" && toks[i+1].text == "year" && isYearToken(toks[i+2]):
			return 2, nil
		case i+1 < len(toks) && toks[i].text == "year" && isYearToken(toks[i+1]):
			return 1, nil
		}
		return 0, nil
	})
}

// timeCmpWord reports whether the tokens end in a time comparison:
// "before", "after", "since", "until", or "earlier/later than".
func timeCmpWord(toks []token) bool {
	switch toks[len(toks)-1].text {
	case "before", "after", "since", "until":
		return true
	case "than":
		if len(toks) >= 2 {
			w := toks[len(toks)-2].text
			return w == "earlier" || w == "later"
		}
	}
	return false
}

// isYearToken reports whether t is a year written in digits.
func isYearToken(t token) bool {
	if t.kind != tokNumber {
		return false
	}
	_, ok := yearOf(t.num)
	return ok
}

// shorterHeights returns the subject's height columns for "shorter than
// N" when it has no length column (ages is empty): a thing shorter than
// a number is lower, as one taller than it is higher. "Longer than"
// never reads a height.
func (r *resolver) shorterHeights(fs filterSpec, k adjKind, ages []*colInfo) []*colInfo {
	if len(ages) > 0 || k != adjLength || !strings.HasPrefix(fs.text, "shorter") {
		return ages
	}
	return heightCols(r.subject)
}

// decimalBound reports whether a whole-number column may be bounded by a
// decimal: "players rated above 3.5" keeps the ratings of 4 and more, a
// comparison SQL makes exactly. Equality with a decimal is still refused:
// no whole number equals 3.5, so the number likely belongs to another
// column.
func decimalBound(col *colInfo, op string) bool {
	if col.kind != schema.KindInteger {
		return false
	}
	switch op {
	case ">", ">=", "<", "<=":
		return true
	}
	return false
}
