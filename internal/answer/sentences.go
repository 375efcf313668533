package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// span is one sentence of a text: text[start:end], trailing whitespace
// included, so concatenating the spans gives the text back.
type span struct{ start, end int }

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "mr": true, "mrs": true, "ms": true, "dr": true,
	"prof": true, "inc": true, "ltd": true, "co": true, "corp": true, "approx": true, "no": true, "nr": true,
	"fig": true, "st": true, "jr": true, "sr": true, "cf": true, "al": true, "est": true, "avg": true,
	"u.s": true, "u.k": true, "a.m": true, "p.m": true, "jan": true, "feb": true, "mar": true, "apr": true,
	"jun": true, "jul": true, "aug": true, "sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
	"min": true, "max": true, "dept": true, "ca": true, "resp": true, "incl": true, "excl": true,
}

// splitSentences cuts a text into sentences. A sentence ends at . ! ? or …
// (after any closing quotes and brackets) followed by whitespace and then a
// capital letter, a digit, an opening quote or bracket, a currency sign or
// the end; a period after an abbreviation ("e.g.", "approx.") or a single
// letter (an initial) does not end one, nor does a decimal point, which is
// never followed by whitespace. A line break always ends a sentence.
func splitSentences(text string) []span {
	var spans []span
	start := 0
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		end := -1
		switch {
		case r == '\n':
			end = i + size
		case r == '.' || r == '!' || r == '?' || r == '…':
			j := i + size
			for j < len(text) && strings.ContainsRune(`"')]”’`, rune(text[j])) {
				j++
			}
			if j < len(text) && !isSpaceByte(text[j]) {
				break // "3.5", "e.g.x", "?!"
			}
			if r == '.' && abbreviationBefore(text[start:i]) {
				break
			}
			k := j
			for k < len(text) && isSpaceByte(text[k]) && text[k] != '\n' {
				k++
			}
			if k < len(text) && text[k] != '\n' && !startsSentence(text[k:]) {
				break
			}
			end = j
		}
		if end < 0 {
			i += size
			continue
		}
		// Take the whitespace up to the next sentence, line breaks included.
		for end < len(text) && isSpaceByte(text[end]) {
			end++
		}
		spans = append(spans, span{start, end})
		start, i = end, end
	}
	if start < len(text) {
		spans = append(spans, span{start, len(text)})
	}
	return spans
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// abbreviationBefore reports whether the word ending the text is an
// abbreviation or a single letter.
func abbreviationBefore(text string) bool {
	k := len(text)
	for k > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:k])
		if !(unicode.IsLetter(r) || r == '.') {
			break
		}
		k -= size
	}
	word := strings.ToLower(text[k:])
	if word == "" {
		return false
	}
	if utf8.RuneCountInString(word) == 1 {
		return true // an initial
	}
	return abbreviations[word]
}

// startsSentence reports whether s can begin a new sentence.
func startsSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune(`"'(“‘[$€£¥₹*-•#`, r) || r == '\u2212'
}
