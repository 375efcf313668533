package schema

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ValueIndex finds the sampled values of a schema's text columns in the words
// of a question: "in Paris" → customers.city = 'Paris'. Matching ignores
// case, accents and punctuation, tolerates one typo in longer values, and
// covers values of several words. Lookups are map reads: the index is built
// once per schema and is safe for concurrent use.
type ValueIndex struct {
	exact map[string][]valueRef // normalized value → where it occurs
	// near maps each one-letter deletion of a long normalized value (and
	// the value itself) to the values it came from, so a lookup finds every
	// value within one edit by generating its own deletions (symmetric
	// deletion: no scan of the vocabulary).
	near     map[string][]string
	maxWords int
}

// valueRef is one occurrence of a value.
type valueRef struct {
	table, column, value string
	complete             bool
}

// ValueHit is a value of a column that matches looked-up text.
type ValueHit struct {
	Table  string `json:"table"`
	Column string `json:"column"`
	// Value is the value as stored, ready to be a bound parameter.
	Value string `json:"value"`
	// Exact is true when the text equals the value up to case, accents and
	// punctuation; false for a one-edit (typo) match.
	Exact bool `json:"exact"`
	// Complete is true when the column's samples list all its values, so
	// the value is known to be in the data and the column holds no other.
	Complete bool `json:"complete"`
	// Score ranks hits: 1 for the same characters, a little less when case
	// or accents differ, less again for a typo; and for several columns
	// holding the same value, the one with complete samples first.
	Score float64 `json:"score"`
}

// ValueMatch is a run of question tokens that names values.
type ValueMatch struct {
	// Start and End delimit the tokens, as in tokens[Start:End].
	Start, End int
	Hits       []ValueHit
}

// Fuzzy matching bounds.
const (
	// MinFuzzyRunes is the shortest text matched with one edit: shorter
	// words have too many neighbours ("cat" is one edit from "car").
	MinFuzzyRunes = 5
	// maxValueWords bounds the n-grams LookupTokens tries.
	maxValueWords = 6
)

// NewValueIndex indexes the Samples of every column of s. Values with no
// letter or digit, and values longer than maxValueWords words, are left out.
func NewValueIndex(s *Schema) *ValueIndex {
	n := 0
	for ti := range s.Tables {
		for ci := range s.Tables[ti].Columns {
			n += len(s.Tables[ti].Columns[ci].Samples)
		}
	}
	// Sized up front: growing maps of this size dominates building.
	ix := &ValueIndex{exact: make(map[string][]valueRef, n), near: make(map[string][]string, 12*n)}
	for ti := range s.Tables {
		t := &s.Tables[ti]
		for ci := range t.Columns {
			c := &t.Columns[ci]
			for _, v := range c.Samples {
				ix.add(valueRef{table: t.Name, column: c.Name, value: v, complete: c.SamplesComplete})
			}
		}
	}
	return ix
}

func (ix *ValueIndex) add(r valueRef) {
	key := NormalizeValue(r.value)
	if key == "" {
		return
	}
	words := strings.Count(key, " ") + 1
	if words > maxValueWords {
		return
	}
	for _, o := range ix.exact[key] {
		if o.table == r.table && o.column == r.column && o.value == r.value {
			return
		}
	}
	first := len(ix.exact[key]) == 0
	ix.exact[key] = append(ix.exact[key], r)
	ix.maxWords = max(ix.maxWords, words)
	if first && runeLen(key) >= MinFuzzyRunes {
		for _, d := range deletions(key) {
			ix.near[d] = appendString(ix.near[d], key)
		}
		ix.near[key] = appendString(ix.near[key], key)
	}
}

// Len returns the number of distinct normalized values indexed.
func (ix *ValueIndex) Len() int { return len(ix.exact) }

// Lookup returns the values text names, best first: exact matches (up to
// case, accents and punctuation) if any, else values one edit away
// (insertion, deletion, substitution or swap of two neighbours) when text
// has at least MinFuzzyRunes letters.
func (ix *ValueIndex) Lookup(text string) []ValueHit {
	return ix.lookup(text, NormalizeValue(text))
}

func (ix *ValueIndex) lookup(raw, key string) []ValueHit {
	if key == "" {
		return nil
	}
	var hits []ValueHit
	for _, r := range ix.exact[key] {
		score := 0.95
		if r.value == raw {
			score = 1
		} else if strings.EqualFold(r.value, raw) {
			score = 0.98
		}
		hits = append(hits, r.hit(true, score))
	}
	if len(hits) == 0 && runeLen(key) >= MinFuzzyRunes {
		seen := map[string]bool{}
		try := func(k string) {
			for _, cand := range ix.near[k] {
				if seen[cand] || cand == key {
					continue
				}
				seen[cand] = true
				if osaWithin1(key, cand) {
					for _, r := range ix.exact[cand] {
						hits = append(hits, r.hit(false, 0.8))
					}
				}
			}
		}
		try(key)
		for _, d := range deletions(key) {
			try(d)
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Table != b.Table {
			return a.Table < b.Table
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Value < b.Value
	})
	return hits
}

func (r valueRef) hit(exact bool, score float64) ValueHit {
	if !r.complete {
		score -= 0.05 // a value seen among the frequent ones only
	}
	return ValueHit{Table: r.table, Column: r.column, Value: r.value, Exact: exact, Complete: r.complete, Score: score}
}

// LookupTokens finds values in a tokenized question: from left to right, the
// longest run of tokens (up to six) that names a value, which is then
// skipped, so "New York City" matches the value "New York City" rather than
// "New York" and "York". Runs of one token shorter than MinFuzzyRunes match
// exactly only, like every lookup.
func (ix *ValueIndex) LookupTokens(tokens []string) []ValueMatch {
	var out []ValueMatch
	for i := 0; i < len(tokens); {
		found := false
		for n := min(ix.maxWords, len(tokens)-i); n >= 1; n-- {
			raw := strings.Join(tokens[i:i+n], " ")
			key := NormalizeValue(raw)
			if key == "" || (n > 1 && NormalizeValue(tokens[i]) == "") {
				continue // a run must start with a word
			}
			if hits := ix.lookup(raw, key); len(hits) > 0 {
				out = append(out, ValueMatch{Start: i, End: i + n, Hits: hits})
				i += n
				found = true
				break
			}
		}
		if !found {
			i++
		}
	}
	return out
}

// NormalizeValue is the form under which values are indexed and text is
// looked up: accents removed (é → e, ß kept), lower case, every run of
// characters other than letters and digits one space, trimmed. "Saint-Étienne"
// and "saint etienne" normalize alike.
func NormalizeValue(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue // a combining accent
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}

// deletions returns s with each one rune removed, without repeats.
func deletions(s string) []string {
	rs := []rune(s)
	out := make([]string, 0, len(rs))
	for i := range rs {
		if i > 0 && rs[i] == rs[i-1] {
			continue // deleting either of two equal runes gives the same string
		}
		out = append(out, string(rs[:i])+string(rs[i+1:]))
	}
	return out
}

// osaWithin1 reports whether a and b are at most one edit apart, counting a
// swap of two neighbouring runes as one edit (optimal string alignment).
func osaWithin1(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		var diff []int
		for i := range ra {
			if ra[i] != rb[i] {
				diff = append(diff, i)
				if len(diff) > 2 {
					return false
				}
			}
		}
		switch len(diff) {
		case 0, 1:
			return true
		case 2:
			i, j := diff[0], diff[1]
			return j == i+1 && ra[i] == rb[j] && ra[j] == rb[i]
		}
		return false
	case 1:
		// ra is rb with one rune inserted.
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i+1:]) == string(rb[i:])
	}
	return false
}

func runeLen(s string) int { return len([]rune(s)) }

func appendString(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
