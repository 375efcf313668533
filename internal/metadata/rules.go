package metadata

import (
	"sort"
	"strings"
	"unicode"
)

// Rules returns at most k rules that concern the question, in file order,
// for the LLM's prompt. A rule concerns a question when they share a word
// after light stemming ("customers" and "customer", "ordered" and "order"),
// not counting common function words; rules sharing more words come first
// when more than k do. When the file has k rules or fewer they are all
// returned, overlap or not: a small rule set is cheap and a rule can matter
// without sharing a word ("Fiscal year starts in April" for "revenue this
// year by quarter" does share "year", but "amounts are in EUR" for "how much
// did we sell" shares nothing). k ≤ 0 returns none.
func (c *Context) Rules(question string, k int) []string {
	if k <= 0 || len(c.rules) == 0 {
		return nil
	}
	if len(c.rules) <= k {
		return append([]string(nil), c.rules...)
	}
	q := stems(question)
	type scored struct{ i, score int }
	var hits []scored
	for i, r := range c.rules {
		n := 0
		for w := range stems(r) {
			if q[w] {
				n++
			}
		}
		if n > 0 {
			hits = append(hits, scored{i, n})
		}
	}
	if len(hits) == 0 {
		return nil
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	if len(hits) > k {
		hits = hits[:k]
	}
	sort.Slice(hits, func(a, b int) bool { return hits[a].i < hits[b].i })
	out := make([]string, len(hits))
	for j, h := range hits {
		out[j] = c.rules[h.i]
	}
	return out
}

// stems returns the set of content words of text, lower-cased and stemmed.
func stems(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if stopWords[w] {
			continue
		}
		out[stem(w)] = true
	}
	return out
}

// stem strips the common English inflections, enough to match plurals and
// tenses of the same word; it need not produce real words, only the same
// stem for both sides.
func stem(w string) string {
	switch {
	case len(w) <= 3:
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		return undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		return undouble(w[:len(w)-2])
	}
	return w
}

// undouble turns "cancell" (from cancelled) into "cancel" and "shipp" into
// "ship".
func undouble(w string) string {
	if n := len(w); n >= 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiousl", rune(w[n-1])) {
		return w[:n-1]
	}
	if strings.HasSuffix(w, "ll") && len(w) > 4 {
		return w[:len(w)-1]
	}
	return w
}

// stopWords are function words that would make every rule overlap every
// question.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the of in on at to for from by with without and or not no
		is are was were be been being am do does did done has have had having will would shall should
		can could may might must this that these those it its they them their there here what which
		who whom whose when where why how many much more most less least any all each every some per
		me my we our us you your i show list give tell find get please than then as into about over
		under between only also just`) {
		m[w] = true
	}
	return m
}()
