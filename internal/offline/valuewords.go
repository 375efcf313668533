package offline

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words of a value: a question often names a stored value by part of it,
// "the Gatwick airport" for 'London Gatwick', "San Jose State" for 'San
// Jose State University', "from New York" for 'new york city'. A run of
// question words that links to nothing else links to the one value of
// several words that holds it, as whole words in the same order, when:
//
//   - the run starts with a word written with a capital, not the
//     question's first word: a name, not an ordinary word that happens to
//     occur in a title ("time" in 'Second time'); a lower-case run links
//     only when it is two words or more, none of them a stop word
//     ("collectible cards" for 'Collectible card game');
//   - no word it starts with names the schema, is a question word or a
//     stop word, and it ends on no stop word;
//   - the value is one of all the column's values (complete samples), so
//     no other value of the data can be the one meant;
//   - it is the only value holding the run: "London" for four airports
//     named London something may mean any of them, LIKE '%London%', or a
//     London airport the samples lack, so it stays unlinked;
//   - it is not cut short: when the next word is a name too, the question
//     names a value the samples do not hold.
//
// A word held by values of two columns is ambiguous: when it is all that
// links to nothing, the planner asks which column is meant. After a
// pattern word ("whose address contains TN") any value word is the
// pattern's text, whatever its case and however many values hold it: the
// column is the one the question names. A quoted phrase that is no value
// whole reads the same way ("Heathrow" for 'London Heathrow').

// wordValue is one complete value of several words.
type wordValue struct {
	ref   valueRef
	words []string // the value's normal form, split
}

// valueWordIndex maps each word of a complete multi-word value to the
// values holding it, and knows the words of the schema's names, which a
// question word must not be.
type valueWordIndex struct {
	values      []wordValue
	byWord      map[string][]int // word → indexes into values
	schemaWords map[string]bool  // words of table and column names, and their stems
}

// indexValueWords builds lx.valueWords from the complete samples of text
// columns and the words of every name.
func (lx *lexicon) indexValueWords() {
	ix := &valueWordIndex{byWord: map[string][]int{}, schemaWords: map[string]bool{}}
	name := func(words []string) {
		for _, w := range words {
			ix.schemaWords[w] = true
			ix.schemaWords[stem(w)] = true
		}
	}
	for _, t := range lx.tables {
		name(canonicalWords(splitIdent(t.ident)))
		for _, c := range t.cols {
			if c == nil {
				continue
			}
			name(c.words)
			if !c.complete || !isTextual(c.kind) || c.id {
				continue
			}
			for _, v := range c.samples {
				ix.add(valueRef{table: t.idx, col: c.idx, value: v, complete: true})
			}
		}
	}
	lx.valueWords = ix
}

func (ix *valueWordIndex) add(r valueRef) {
	if strings.IndexFunc(r.value, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) }) < 0 {
		return // one word, without building its key
	}
	key := valueKey(r.value)
	words := strings.Split(key, " ")
	if len(words) < 2 || len(words) > 12 {
		return
	}
	k := len(ix.values)
	ix.values = append(ix.values, wordValue{ref: r, words: words})
	for j, w := range words {
		if slices.Contains(words[:j], w) {
			continue
		}
		ix.byWord[w] = append(ix.byWord[w], k)
	}
}

// valueWord links the run of words starting at i to the complete values
// that hold it as words, as the comment at the top of this file says,
// reporting the run's length.
func (lx *lexicon) valueWord(toks []token, i int, before []mention) (mention, int, bool) {
	ix := lx.valueWords
	k := len(before) - 1
	like := k >= 0 && before[k].kind == mKeyword && before[k].kw.kind == kwLike && before[k].to == i
	if ix == nil || i == 0 || !ix.plainWord(toks[i]) {
		return mention{}, 0, false
	}
	cands := ix.byWord[toks[i].text]
	if len(cands) == 0 {
		return mention{}, 0, false
	}
	n := 1
	for i+n < len(toks) && (toks[i+n].kind == tokWord || toks[i+n].kind == tokNumber) {
		var longer []int
		for _, k := range cands {
			if holdsRun(ix.values[k].words, toks[i:i+n+1]) {
				longer = append(longer, k)
			}
		}
		if len(longer) == 0 {
			break
		}
		cands, n = longer, n+1
	}
	for n > 1 && (hardStops[toks[i+n-1].text] || softStops[toks[i+n-1].text]) {
		n-- // "… of": a run ends on a word that carries meaning
		cands = cands[:0:0]
		for _, k := range ix.byWord[toks[i].text] {
			if holdsRun(ix.values[k].words, toks[i:i+n]) {
				cands = append(cands, k)
			}
		}
	}
	if i+n < len(toks) && ix.plainWord(toks[i+n]) && capitalised(toks[i+n]) {
		return mention{}, 0, false // cut short: the name goes on
	}
	vals, oneCol := make([]valueRef, 0, len(cands)), true
	for _, k := range cands {
		r := ix.values[k].ref
		oneCol = oneCol && (len(vals) == 0 || vals[0].table == r.table && vals[0].col == r.col)
		vals = append(vals, r)
	}
	switch {
	case like:
		// The pattern's column is the one the question names with it.
		return mention{kind: mValue, vals: vals}, n, true
	case !capitalised(toks[i]) && !(n >= 2 && len(vals) == 1 && ix.allPlain(toks[i:i+n])):
		// A lower-case word is a name only as a whole run of words of
		// one value ("collectible cards" for 'Collectible card game').
		return mention{}, 0, false
	case !oneCol:
		// In two columns: still unknown, but the refusal can say where
		// (ambiguousValueWords).
		return mention{kind: mUnknown, vals: vals}, n, true
	}
	if len(vals) > 1 {
		// "London" for four airports named London something: any of
		// them, or LIKE '%London%', or a name the samples lack; not
		// certain enough to answer.
		return mention{}, 0, false
	}
	return mention{kind: mValue, vals: vals}, n, true
}

// plainWord reports whether a token is a word that may start or cut short
// a value's name: neither a stop word, a question word nor a word of the
// schema's names.
func (ix *valueWordIndex) plainWord(t token) bool {
	if t.kind != tokWord || hardStops[t.text] || softStops[t.text] || isKeyword(t.text) {
		return false
	}
	return !ix.schemaWords[t.text] && !ix.schemaWords[t.stem]
}

// capitalised reports whether a word is written with a capital: "Gatwick",
// "TN".
func capitalised(t token) bool {
	r, _ := utf8.DecodeRuneInString(t.raw)
	return unicode.IsUpper(r)
}

// holdsRun reports whether the run's words occur in words, in order and
// next to each other; the run's last word may be the plural of the
// value's ("DVD drives" for 'DVD drive').
func holdsRun(words []string, run []token) bool {
	last := run[len(run)-1]
	sing := last.text
	if last.plural {
		sing = singularOf(last.text)
	}
	for s := 0; s+len(run) <= len(words); s++ {
		ok := true
		for j, t := range run {
			if w := words[s+j]; w != t.text && (j < len(run)-1 || w != sing) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// quoted finds the complete values of one column that hold the words of a
// quoted phrase naming no value whole: "Heathrow" for 'London Heathrow'.
// The quotes say the words are a name; a phrase held by values of two
// columns finds nothing.
func (ix *valueWordIndex) quoted(text string) []valueRef {
	if ix == nil || text == "" {
		return nil
	}
	words := strings.Split(text, " ")
	run := make([]token, len(words))
	for j, w := range words {
		run[j] = token{kind: tokWord, text: w}
	}
	var vals []valueRef
	for _, k := range ix.byWord[words[0]] {
		v := ix.values[k]
		if len(v.words) <= len(words) || !holdsRun(v.words, run) {
			continue
		}
		if len(vals) > 0 && (vals[0].table != v.ref.table || vals[0].col != v.ref.col) {
			return nil
		}
		vals = append(vals, v.ref)
	}
	if len(vals) > 1 {
		return nil // as for words unquoted, one value only
	}
	return vals
}

// quotedPart is quoted for a phrase after the mentions before it: right
// after a column's name ("type code 'AFTER'") the phrase is that column's
// literal, so values of another column are no reading of it.
func (lx *lexicon) quotedPart(text string, before []mention) []valueRef {
	vals := lx.valueWords.quoted(text)
	if k := len(before) - 1; len(vals) > 0 && k >= 0 && before[k].kind == mName && len(before[k].cols) > 0 {
		for _, r := range before[k].cols {
			if r.table == vals[0].table && r.col == vals[0].col {
				return vals
			}
		}
		return nil
	}
	if len(vals) > 1 {
		return nil // as for words unquoted, one value only
	}
	return vals
}

func (ix *valueWordIndex) allPlain(run []token) bool {
	for _, t := range run {
		if !ix.plainWord(t) {
			return false
		}
	}
	return true
}

// ambiguousValueWords asks which column is meant when the only words of a
// question linked to nothing are parts of values of several columns:
// "Gatwick" in airport.name and flight.destination.
func (lx *lexicon) ambiguousValueWords(ms []mention) *refusal {
	var at []int
	for i, m := range ms {
		if m.kind != mUnknown {
			continue
		}
		if len(m.vals) == 0 {
			return nil // the refusal for an unlinked word says more
		}
		at = append(at, i)
	}
	if len(at) == 0 {
		return nil
	}
	m := ms[at[0]]
	var cols []string
	for _, v := range m.vals {
		if ref := lx.col(v.table, v.col).ref; !slices.Contains(cols, ref) {
			cols = append(cols, ref)
		}
	}
	text := fmt.Sprintf("%q is part of values of %s: which one do you mean?", m.text, strings.Join(cols, " and "))
	return clarify(text, cols)
}
