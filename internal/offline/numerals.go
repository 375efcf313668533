package offline

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Numerals in words ("two", "three", "twenty-five") are read as the
// numbers they name wherever the same number in digits would be read:
// "Which three cities have the largest population?" is "Which 3 cities …",
// "rooms with two beds" is "rooms with 2 beds". "one" is left to the narrow
// reading of link.go's single (after a ranking or comparison word), since
// it is as often a pronoun ("the one with", "one of", "no one").

// tensNumerals are the numerals a unit numeral may follow to make one
// number ("twenty-five", "thirty two").
var tensNumerals = setOf("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

// numeralAt reads the numeral at i, other than "one", as a number, and
// how many tokens it spans: two for a tens numeral followed by a unit
// ("twenty five"; the tokenizer splits "twenty-five" the same way).
func numeralAt(toks []token, i int) (int64, int, bool) {
	t := toks[i]
	n, ok := numerals[t.text]
	if !ok || t.kind != tokWord || t.text == "one" {
		return 0, 0, false
	}
	if tensNumerals[t.text] && i+1 < len(toks) && toks[i+1].kind == tokWord {
		if u, ok := numerals[toks[i+1].text]; ok && u < 10 {
			return n + u, 2, true
		}
	}
	return n, 1, true
}

// modifiesNext reports whether number mention i, compared with nothing,
// is written right before a noun it qualifies ("5 star hotels", "two
// beds"): the number then belongs to that noun, never to a column named
// before it ("the price ranges of 5 star hotels" asks for no price range
// of 5). The caller refuses unless another reading places the number.
func (p *parser) modifiesNext(i, cmp int) bool {
	if cmp >= 0 || p.ms[i].kind != mNumber || i+1 >= len(p.ms) {
		return false
	}
	n := p.ms[i+1]
	if n.from != p.ms[i].to {
		return false
	}
	return p.nounAfterNumber(i + 1)
}

// nounAfterNumber reports whether mention w, right after a number, is a
// word the number may qualify: a name, a value, or a word set aside (a
// filler, or a verb that only relates two named things); an unknown word
// never reaches the parser. A relation verb that is also a noun ("star",
// "feature", "work") qualifies when a table follows it at once: "7 star
// hotels" are hotels of 7 stars, not hotels starring 7.
func (p *parser) nounAfterNumber(w int) bool {
	n := p.ms[w]
	if n.kind == mName || n.kind == mValue || n.ignored {
		return true
	}
	if n.kind != mStop || !relationVerbs[lower(n.text)] || w+1 >= len(p.ms) {
		return false
	}
	return p.ms[w+1].from == n.to && p.isTable(w+1)
}

// determiners before a numeral make it a count of the things named after
// it ("the two grades", "their three ranks"), never a value.
var determiners = setOf("the", "these", "those", "its", "their", "his", "her", "our", "your", "my")

// determinedNumeral reports whether number mention i, compared with
// nothing, is a numeral written in words right after a determiner: "What
// are the three ranks of employees?" asks for ranks, not rank = 3. Digits
// there stay values ("the 2008 season").
func (p *parser) determinedNumeral(i, cmp int) bool {
	if cmp >= 0 || i == 0 || p.ms[i].kind != mNumber || p.ms[i-1].kind != mStop || p.ms[i-1].to != p.ms[i].from {
		return false
	}
	// A number mention is digits or a numeral: a letter first says which.
	r, _ := utf8.DecodeRuneInString(p.ms[i].text)
	return unicode.IsLetter(r) && determiners[strings.ToLower(p.ms[i-1].text)]
}
