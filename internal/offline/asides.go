package offline

import (
	"strings"
	"unicode"
)

// Asides: a question may carry words in parentheses that say again what
// it already says, and the tokenizer drops only the parentheses, so the
// words inside and around them are read as more of the question. Two
// asides are set aside before tokenizing, each only where it is certain:
//
//   - an acronym after the words it abbreviates: "the maximum Online
//     Mendelian Inheritance in Man (OMIM) value" reads as "the maximum
//     OMIM value" when OMIM is the schema's own one-word name of a column
//     or table and the initials of the words just before the parenthesis
//     spell it, small function words ("in", "of", "and") counted or not;
//     the spelt-out words name nothing of the schema and would be refused;
//   - an optional plural or pronoun letter written against a word:
//     "(s)he" is "he", "employee(s)" is "employee" — the "s" alone links
//     to nothing.
//
// Any other parenthesised words are left as they are.

// dropAsides returns the question with the asides above set aside.
func (lx *lexicon) dropAsides(q string) string {
	if !strings.Contains(q, "(") {
		return q
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(q, '(')
		if open < 0 {
			b.WriteString(q)
			return b.String()
		}
		end := strings.IndexByte(q[open:], ')')
		if end < 0 {
			b.WriteString(q)
			return b.String()
		}
		end += open
		inner := q[open+1 : end]
		switch {
		case strings.Count(b.String()+q[:open], "\"")%2 == 1:
			// Inside a quoted value: kept as written.
			b.WriteString(q[:end+1])
		case optionalLetters(q, open, end, inner):
			b.WriteString(q[:open])
		case lx.isAcronymName(strings.TrimSpace(inner)):
			before, ok := dropExpansion(q[:open], strings.TrimSpace(inner))
			if !ok {
				b.WriteString(q[:end+1])
				break
			}
			b.WriteString(before)
			b.WriteString(strings.TrimSpace(inner))
		default:
			b.WriteString(q[:end+1])
		}
		q = q[end+1:]
	}
}

// optionalLetters reports whether the parenthesis from open to end holds
// an optional ending or prefix written against a word with no space:
// "(s)he", "(s)", "(es)" after a word's letters.
func optionalLetters(q string, open, end int, inner string) bool {
	if inner != "s" && inner != "es" {
		return false
	}
	before := open > 0 && isLetterByte(q[open-1])
	after := end+1 < len(q) && isLetterByte(q[end+1])
	return before || after
}

func isLetterByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isAcronymName reports whether w is written as an acronym (two to eight
// letters, all capitals) and is itself a one-word name of the schema read
// word for word, not through a synonym.
func (lx *lexicon) isAcronymName(w string) bool {
	if len(w) < 2 || len(w) > 8 {
		return false
	}
	for _, r := range w {
		if !unicode.IsUpper(r) || r > unicode.MaxASCII {
			return false
		}
	}
	refs := lx.names[stem(strings.ToLower(w))]
	return len(refs) > 0 && bestClass(refs) < classSynonym
}

// acronymGlue are the small words an acronym may skip or count ("Bank of
// America (BOA)", "Department of Motor Vehicles (DMV)").
var acronymGlue = setOf("of", "in", "and", "for", "the", "on", "at", "to", "&")

// dropExpansion removes from the end of s the words whose initials spell
// acr, and reports whether they did. The words must end s (but for
// spaces), at least two of them must be words that are not glue, and the
// first letter of each counted word must be the acronym's, in order.
func dropExpansion(s, acr string) (string, bool) {
	letters := strings.ToLower(acr)
	// Walk back from the last word, matching the acronym from its end.
	// A glue word counts for a letter only when the word before it could
	// not give that letter ("in" is skipped in "Inheritance in Man").
	cut, k, counted := len(strings.TrimRight(s, " ")), len(letters), 0
	for k > 0 {
		start := strings.LastIndexByte(s[:cut], ' ') + 1
		lw := strings.ToLower(strings.Trim(s[start:cut], ",;:"))
		if lw == "" {
			return s, false
		}
		switch {
		case acronymGlue[lw]:
			prev := strings.TrimRight(s[:start], " ")
			prevStart := strings.LastIndexByte(prev, ' ') + 1
			if lw[0] == letters[k-1] && (prev == "" || strings.ToLower(prev[prevStart:])[0] != letters[k-1]) {
				k--
			}
		case lw[0] == letters[k-1]:
			k--
			counted++
		default:
			return s, false
		}
		cut = len(strings.TrimRight(s[:start], " "))
		if cut == 0 && k > 0 {
			return s, false
		}
	}
	if counted < 2 {
		return s, false
	}
	return s[:cut] + " ", true
}

// Command words: a sort verb that opens a sentence or a clause ("How many
// airports are there per country? Order the countries by decreasing
// number of airports.") may name what it sorts by a noun the question has
// already said; that noun is the answer's rows, not a condition, just as
// "them" or "the results" would be.

// sortedRepeat returns how many tokens from j on name again what the
// question said before the sort verb at i ("the countries" after "per
// country"), or 0. The verb must be in command position: first, written
// with a capital (a new sentence), or after "and", "then" or a comma. The
// noun, after an optional article, must have the stem of a word before
// the verb and be followed by "by".
func sortedRepeat(toks []token, i, j int) int {
	if !commandPosition(toks, i) {
		return 0
	}
	k := j
	if k < len(toks) && articles[toks[k].text] {
		k++
	}
	if k+1 >= len(toks) || toks[k].kind != tokWord || hardStops[toks[k].text] || !hasWords(toks, k+1, "by") {
		return 0
	}
	for _, t := range toks[:i] {
		if t.kind == tokWord && t.stem == toks[k].stem {
			return k + 1 - j
		}
	}
	return 0
}

// commandPosition reports whether the word at i opens a sentence or a
// clause, where an imperative stands.
func commandPosition(toks []token, i int) bool {
	if i == 0 || startsUpper(toks[i].raw) && !isAcronym(toks[i].raw) {
		return true
	}
	p := toks[i-1]
	return p.kind == tokSymbol && p.text == "," || p.kind == tokWord && (p.text == "and" || p.text == "then")
}

// laterCommand reports whether the word at i is a command verb opening a
// later clause or sentence ("For each zip code, select all those that
// ...", "... and list their names"): in command position, past the first
// word, and followed by what it acts on (an article, "all", a pronoun or
// a possessive), so a noun of the same spelling ("order date", "report
// id") is never taken for it.
func laterCommand(toks []token, i int) bool {
	if i == 0 || i+1 >= len(toks) || !leadingVerbs[toks[i].text] || !commandPosition(toks, i) {
		return false
	}
	return commandObjects[toks[i+1].text]
}

// commandObjects may follow a command verb as (the start of) its object.
var commandObjects = setOf("the", "all", "each", "every", "them", "those", "these", "their", "its", "me", "us")
