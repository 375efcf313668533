package session

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// Similar questions are found with BM25 over words: lower-cased, split on
// anything that is not a letter or digit, common function words dropped,
// and reduced by a small suffix stemmer so "orders", "ordered" and "order"
// meet. Examples number in the hundreds per database, so ranking them all
// in memory on each call is cheaper than keeping an index in step with
// votes. Everything is deterministic: equal scores fall back to the newer
// example, then the smaller id.

const (
	bm25K1 = 1.2  // term-frequency saturation
	bm25B  = 0.75 // length normalisation
)

// stopWords carry no meaning for matching questions. Words that shape a
// query ("by", "per", "top", "many", "each", "not") are kept on purpose.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "at": true,
	"to": true, "for": true, "from": true, "with": true, "and": true, "or": true,
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true,
	"do": true, "does": true, "did": true, "it": true, "its": true, "this": true,
	"that": true, "these": true, "those": true, "there": true, "what": true,
	"which": true, "who": true, "whom": true, "me": true, "my": true, "we": true,
	"our": true, "i": true, "you": true, "show": true, "list": true, "give": true,
	"tell": true, "find": true, "get": true, "please": true, "can": true,
}

// words splits s into lower-case words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// terms are the words of s that take part in matching, stemmed.
func terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		if !stopWords[w] {
			out = append(out, stem(w))
		}
	}
	return out
}

// stem strips common English inflections. It only has to map related forms
// to one key consistently on both sides, not produce real words.
func stem(w string) string {
	if len(w) <= 3 || !isLetters(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		// address, status, analysis: singular words ending in s.
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) >= 6:
		w = w[:len(w)-3]
	case strings.HasSuffix(w, "ed") && len(w) >= 5:
		w = w[:len(w)-2]
	}
	// "price"/"pricing"/"priced" and "hire"/"hired" meet without the e.
	if strings.HasSuffix(w, "e") && len(w) > 3 {
		w = w[:len(w)-1]
	}
	return w
}

func isLetters(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// rank scores every example against question with BM25 and returns the k
// best with a positive score. Examples whose questions read the same (same
// words in the same order) count once: the newest, since a later
// confirmation reflects the current schema.
func rank(all []Example, question string, k int) []Example {
	q := terms(question)
	docs := make([][]string, len(all))
	df := map[string]int{}
	total := 0
	for i, e := range all {
		docs[i] = terms(e.Question)
		total += len(docs[i])
		seen := map[string]bool{}
		for _, t := range docs[i] {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	}
	out := []Example{}
	if len(all) == 0 || len(q) == 0 {
		return out
	}
	avg := float64(total) / float64(len(all))
	n := float64(len(all))
	// A sorted list, not a map, so scores sum in one order on every run.
	sort.Strings(q)
	q = slices.Compact(q)
	for i, e := range all {
		tf := map[string]int{}
		for _, t := range docs[i] {
			tf[t]++
		}
		norm := bm25K1 * (1 - bm25B + bm25B*float64(len(docs[i]))/math.Max(avg, 1))
		score := 0.0
		for _, t := range q {
			f := float64(tf[t])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
			score += idf * f * (bm25K1 + 1) / (f + norm)
		}
		if score > 0 {
			e.Score = score
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if !a.CreatedAt.Equal(b.CreatedAt) {
			return a.CreatedAt.After(b.CreatedAt)
		}
		return a.ID < b.ID
	})
	seen := map[string]bool{}
	kept := out[:0]
	for _, e := range out {
		key := e.Database + "\x00" + strings.Join(words(e.Question), " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, e)
		if len(kept) == k {
			break
		}
	}
	return kept
}
