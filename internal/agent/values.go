package agent

import (
	"fmt"
	"strings"
	"unicode"

	"querent/internal/schema"
)

// maxValueHints bounds the grounded values shown to the LLM.
const maxValueHints = 8

// valueStopwords are words too common to ground on their own: a column
// holding "A" grades or "The" as a title should not turn every question
// into a filter hint.
var valueStopwords = map[string]bool{
	"the": true, "and": true, "for": true, "with": true, "from": true, "what": true, "which": true,
	"who": true, "how": true, "many": true, "much": true, "all": true, "are": true, "was": true,
	"were": true, "has": true, "have": true, "had": true, "not": true, "per": true, "each": true,
	"any": true, "their": true, "them": true, "this": true, "that": true, "these": true, "those": true,
	"show": true, "list": true, "give": true, "find": true, "total": true, "number": true, "count": true,
	"average": true, "top": true, "most": true, "least": true, "last": true, "first": true, "year": true,
	"month": true, "day": true, "date": true, "name": true, "names": true,
}

// groundValues finds the question's words among the data's known values
// (the value index over the columns' samples, tolerant of case, accents and
// one typo) and states them for the prompt: `"paris" is customers.city =
// "Paris"`. Small models then filter on the right column with the value as
// stored instead of guessing either.
func (r *run) groundValues() []string {
	ix := r.agent.values()
	tokens := strings.FieldsFunc(r.question, func(c rune) bool {
		return !unicode.IsLetter(c) && !unicode.IsDigit(c) && c != '\'' && c != '-'
	})
	var out []string
	seen := map[string]bool{}
	for _, m := range ix.LookupTokens(tokens) {
		words := tokens[m.Start:m.End]
		if len(words) == 1 {
			w := strings.ToLower(words[0])
			if len([]rune(w)) < 3 || valueStopwords[w] || isNumber(w) {
				continue
			}
		}
		phrase := strings.Join(words, " ")
		for i, h := range m.Hits {
			if i == 3 {
				break // a word found in many columns says little about any
			}
			line := fmt.Sprintf("%q is %s.%s = %q", phrase, h.Table, h.Column, h.Value)
			if !h.Exact {
				line += " (spelt differently in the question)"
			}
			if !seen[line] {
				seen[line] = true
				out = append(out, line)
			}
		}
		if len(out) >= maxValueHints {
			break
		}
	}
	return out
}

func isNumber(w string) bool {
	for _, c := range w {
		if !unicode.IsDigit(c) && c != '.' {
			return false
		}
	}
	return true
}

// values returns the value index of the schema's samples, built once.
func (a *Agent) values() *schema.ValueIndex {
	a.valuesOnce.Do(func() { a.valueIndex = schema.NewValueIndex(a.schema) })
	return a.valueIndex
}
