package offline

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a question token.
type tokKind uint8

const (
	tokWord   tokKind = iota
	tokNumber         // 42, 9.99, 1,000
	tokQuoted         // 'New York', "gift card": one token, a literal
	tokSymbol         // = < > <= >= != <> and the comma
)

// token is one unit of a question.
type token struct {
	kind tokKind
	// text is the lower-case surface form; for a quoted phrase, its words
	// joined by single spaces (the same normal form as value keys).
	text string
	// raw is the text as written; for a quoted phrase, without the quotes.
	raw    string
	stem   string // for words: the form compared with schema names
	plural bool   // for words: written in the plural
	num    any    // for numbers: int64 or float64
}

// tokenize splits a question into tokens: words (lower-cased, possessives
// and contractions resolved), numbers, quoted phrases kept whole, and the
// comparison symbols. Other punctuation only separates. Calendar dates
// are first written as ISO dates (dates.go); "where is X located", "or
// equal to" comparisons, sort requests and counts of times are then
// rewritten into the phrases the parser reads (where.go, bounds.go,
// order.go, times.go).
func tokenize(q string) []token {
	return orMore(yearWordAfterCmp(repetitions(sortPhrases(orEqual(expandShared(whereLocated(scan(quoteDates(q), true))))))))
}

// orMore rewrites a bound written after its number ("3 or more actors",
// "two or fewer cards", "2000 or earlier", "aged 25 or older") as the
// comparison written before it ("at least 3 actors"), the one form the
// parser reads; "N times" after such a count only repeats it ("more than 2
// times") and is dropped, and "once" or "twice" after a bound is the
// number it says ("more than twice").
func orMore(toks []token) []token {
	// Most questions have none of these: the tokens are copied only once
	// one is rewritten or dropped.
	var out []token
	rewrite := func(i int) {
		if out == nil {
			out = append(make([]token, 0, len(toks)), toks[:i]...)
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		// "300 dollars or more": past a unit (numbers3.go), as "300 or more".
		unit := 0
		if i+3 < len(toks) && isCountWord(t) && unitDims[toks[i+1].text] != "" && toks[i+2].text == "or" {
			unit = 1
		}
		if i+2+unit < len(toks) && isCountWord(t) && toks[i+1+unit].text == "or" && !numberAfter(toks, i+2+unit) {
			var lead []string
			switch toks[i+2+unit].text {
			case "more", "greater", "above", "over", "later", "after", "older":
				lead = []string{"at", "least"}
			case "less", "fewer", "below", "under", "earlier", "before", "younger":
				lead = []string{"at", "most"}
			default:
				lead = orBoundLead(toks, i+2+unit) // "4 or higher" (implicitcmp.go)
			}
			lead = yearBoundLead(lead, toks, i+2+unit, t) // "2000 or later" (implicitcmp.go)
			if lead != nil {
				rewrite(i)
				out = dropYearPrep(out, t) // "in 2000 or later" (implicitcmp.go)
				for _, w := range lead {
					out = append(out, wordToken(w))
				}
				out = append(out, toks[i:i+1+unit]...)
				i += 2 + unit
				continue
			}
		}
		if n, ok := adverbCounts[t.text]; ok && i > 0 && boundWord(toks[:i]) {
			// "more than twice" is "more than 2 times".
			rewrite(i)
			out = append(out, token{kind: tokNumber, text: strconv.FormatInt(n, 10), raw: t.raw, stem: strconv.FormatInt(n, 10), num: n})
			continue
		}
		if (t.text == "times" || t.text == "time") && i > 0 && isCountWord(toks[i-1]) && i >= 2 && boundWord(toks[:i-1]) {
			rewrite(i)
			continue
		}
		if out != nil {
			out = append(out, t)
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// adverbCounts are the counts English says as one word.
var adverbCounts = map[string]int64{"once": 1, "twice": 2, "thrice": 3}

// isCountWord reports whether a token is a whole number, in digits or a
// numeral ("two").
func isCountWord(t token) bool {
	if t.kind == tokNumber {
		_, ok := t.num.(int64)
		return ok
	}
	_, ok := numerals[t.text]
	return t.kind == tokWord && ok
}

// boundWord reports whether the tokens end in a comparison word ("more
// than", "at least", "over", "for"), so a following "N times" is a count.
func boundWord(toks []token) bool {
	last := toks[len(toks)-1].text
	switch last {
	case "than", "least", "most", "over", "under", "exactly", "for":
		return true
	}
	return false
}

// expandShared spells out a head noun shared by two modifiers: "first and
// last name" is "first name and last name", so each links on its own.
func expandShared(toks []token) []token {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].text == "first" && toks[i+1].text == "and" && toks[i+2].text == "last" &&
			(toks[i+3].text == "name" || toks[i+3].text == "names") {
			out := append(append(slices.Clone(toks[:i+1]), toks[i+3]), toks[i+1:]...)
			return out
		}
	}
	return toks
}

// valueKey is the normal form under which a sample value is indexed and a
// run of question tokens is looked up: its words, lower-case, one space
// apart. It runs the question's own scanner so both sides agree on
// apostrophes, hyphens and digit grouping.
func valueKey(s string) string {
	toks := scan(s, false)
	parts := make([]string, 0, len(toks))
	for _, t := range toks {
		if t.kind == tokWord || t.kind == tokNumber {
			parts = append(parts, t.text)
		}
	}
	return strings.Join(parts, " ")
}

// scan tokenizes; quotes is false for sample values, whose apostrophes and
// quotation marks are part of the value.
func scan(q string, quotes bool) []token {
	rs := []rune(q)
	// About one token per six characters of English; sized once so the
	// slice rarely grows.
	toks := make([]token, 0, len(rs)/5+2)
	for i := 0; i < len(rs); {
		r := rs[i]
		if quotes {
			if end := closingQuote(rs, i); end > 0 {
				if phrase := strings.TrimSpace(string(rs[i+1 : end])); phrase != "" {
					toks = append(toks, token{kind: tokQuoted, text: valueKey(phrase), raw: phrase})
				}
				i = end + 1
				continue
			}
		}
		if r == '-' && i+1 < len(rs) && unicode.IsDigit(rs[i+1]) && (i == 0 || unicode.IsSpace(rs[i-1])) {
			// "-50": a negative number, not a hyphen.
			j, num, text := scanNumber(rs, i+1)
			if j == len(rs) || !unicode.IsLetter(rs[j]) {
				switch n := num.(type) {
				case int64:
					num = -n
				case float64:
					num = -n
				}
				toks = append(toks, token{kind: tokNumber, text: "-" + text, raw: string(rs[i:j]), num: num})
				i = j
				continue
			}
		}
		switch {
		case unicode.IsDigit(r):
			j, num, text := scanNumber(rs, i)
			if j < len(rs) && unicode.IsLetter(rs[j]) {
				// "5th", "2024q1": a word, not a number.
				toks, i = scanWord(toks, rs, i)
				continue
			}
			toks = append(toks, token{kind: tokNumber, text: text, raw: string(rs[i:j]), num: num})
			i = j
		case unicode.IsLetter(r):
			toks, i = scanWord(toks, rs, i)
		case r == '=' || r == '<' || r == '>' || r == '!' || r == ',':
			sym := string(r)
			if i+1 < len(rs) && (rs[i+1] == '=' || (r == '<' && rs[i+1] == '>')) {
				sym += string(rs[i+1])
			}
			if sym != "!" {
				toks = append(toks, token{kind: tokSymbol, text: sym, raw: sym})
			}
			i += len([]rune(sym))
		default:
			i++
		}
	}
	return toks
}

// closingQuote returns the index of the quote that closes one opening at
// i, or -1 when rs[i] does not open a quotation. An apostrophe opens one only
// at the start of a word and closes only at the end of one, so "employees'
// salaries" and "customer's email" are possessives, not quotations.
func closingQuote(rs []rune, i int) int {
	switch rs[i] {
	case '"', '“', '”', '«':
		for k := i + 1; k < len(rs); k++ {
			if rs[k] == '"' || rs[k] == '”' || rs[k] == '»' {
				return k
			}
		}
	case '\'', '‘', '’', '`':
		if i > 0 && isAlnum(rs[i-1]) {
			return -1
		}
		for k := i + 1; k < len(rs); k++ {
			if (rs[k] == '\'' || rs[k] == '’' || rs[k] == '`') && k > i+1 && !unicode.IsSpace(rs[k-1]) &&
				(k+1 == len(rs) || !isAlnum(rs[k+1])) {
				return k
			}
		}
	}
	return -1
}

// scanNumber reads digits with optional thousands groups and a decimal part.
func scanNumber(rs []rune, i int) (end int, num any, text string) {
	j := i
	var b strings.Builder
	for j < len(rs) && unicode.IsDigit(rs[j]) {
		b.WriteRune(rs[j])
		j++
	}
	// 1,000,000: a comma followed by exactly three digits continues the number.
	for j+3 < len(rs) && rs[j] == ',' && allDigits(rs[j+1:j+4]) && (j+4 == len(rs) || !unicode.IsDigit(rs[j+4])) {
		b.WriteString(string(rs[j+1 : j+4]))
		j += 4
	}
	isFloat := false
	if j+1 < len(rs) && rs[j] == '.' && unicode.IsDigit(rs[j+1]) {
		isFloat = true
		b.WriteRune('.')
		j++
		for j < len(rs) && unicode.IsDigit(rs[j]) {
			b.WriteRune(rs[j])
			j++
		}
	}
	text = b.String()
	if isFloat {
		f, _ := strconv.ParseFloat(text, 64)
		return j, f, text
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		f, _ := strconv.ParseFloat(text, 64)
		return j, f, text
	}
	return j, n, text
}

func allDigits(rs []rune) bool {
	for _, r := range rs {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return len(rs) > 0
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// scanWord appends the word at i to toks: a run of letters and digits, with an apostrophe inside
// it: a possessive ('s) is dropped, a negative contraction (n't) becomes
// "not", other contractions ('re, 'll, 'd, 've, 'm) are dropped, and any other
// apostrophe is removed (O'Brien → obrien).
func scanWord(toks []token, rs []rune, i int) ([]token, int) {
	// The word's letters gather in a stack buffer and become a string
	// once: a builder grew, and a slice of tokens was made, for every word.
	var buf [64]byte
	b := buf[:0]
	j := i
	for j < len(rs) {
		r := rs[j]
		if isAlnum(r) {
			b = utf8.AppendRune(b, r)
			j++
			continue
		}
		if (r == '\'' || r == '’') && j+1 < len(rs) && unicode.IsLetter(rs[j+1]) {
			k := j + 1
			for k < len(rs) && unicode.IsLetter(rs[k]) {
				k++
			}
			suffix := strings.ToLower(string(rs[j+1 : k]))
			word := string(b)
			switch {
			case suffix == "s":
				return append(toks, wordToken(word)), k
			case suffix == "t" && strings.HasSuffix(strings.ToLower(word), "n"):
				stemWord := word[:len(word)-1]
				switch strings.ToLower(stemWord) {
				case "ca":
					stemWord = "can"
				case "wo":
					stemWord = "will"
				}
				return append(toks, wordToken(stemWord), wordToken("not")), k
			case suffix == "re" || suffix == "ll" || suffix == "d" || suffix == "ve" || suffix == "m":
				return append(toks, wordToken(word)), k
			}
			j++ // O'Brien: drop the apostrophe, keep reading the word
			continue
		}
		break
	}
	return append(toks, wordToken(string(b))), j
}

// rewriteTokens returns toks with runs replaced: at(i) returns how many
// tokens from i on it replaces (0: none) and the tokens that stand for
// them. The slice handed in is never written; it is returned as it is
// when no run is replaced, as for most questions.
func rewriteTokens(toks []token, at func(i int) (n int, with []token)) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		if n, with := at(i); n > 0 {
			if out == nil {
				out = append(make([]token, 0, len(toks)), toks[:i]...)
			}
			out = append(out, with...)
			i += n - 1
			continue
		}
		if out != nil {
			out = append(out, toks[i])
		}
	}
	if out == nil {
		return toks
	}
	return out
}

func wordToken(raw string) token {
	text := strings.ToLower(raw)
	_, plural := singular(text)
	return token{kind: tokWord, text: text, raw: raw, stem: stem(text), plural: plural}
}
