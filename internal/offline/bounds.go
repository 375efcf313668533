package offline

import (
	"strconv"
	"strings"
)

// Comparisons spelled out at length, read as the short forms the parser
// knows:
//
//   - "greater than or equal to 12000" is "at least 12000", "less than or
//     equal to $200" is "at most 200" (the word "to" may be left out);
//   - "over 8000000 or under 5000000" is two comparisons: a number after
//     "or under" starts a second one, so it is not "8000000 or under"
//     (orMore's "N or fewer");
//   - "students who majored in 600": a number after "in" that cannot be a
//     year, quoted or not, is a value of the numeric column named before
//     it.

// orEqualFirst maps the comparative before "than or equal to" to the
// bound it makes.
var orEqualFirst = map[string]string{
	"more": "least", "greater": "least", "higher": "least", "larger": "least", "bigger": "least",
	"less": "most", "fewer": "most", "lower": "most", "smaller": "most",
}

// orEqual rewrites "<comparative> than or equal to" as "at least" or "at
// most".
func orEqual(toks []token) []token {
	return rewriteTokens(toks, func(i int) (int, []token) {
		bound, ok := orEqualFirst[toks[i].text]
		if !ok || i+3 >= len(toks) || toks[i+1].text != "than" || toks[i+2].text != "or" || toks[i+3].text != "equal" {
			return 0, nil
		}
		n := 4
		if i+4 < len(toks) && toks[i+4].text == "to" {
			n = 5
		}
		return n, []token{wordToken("at"), wordToken(bound)}
	})
}

// numberAfter reports whether the token after i is a number written in
// digits: "or under 5000000" compares again rather than closing a bound.
func numberAfter(toks []token, i int) bool {
	return i+1 < len(toks) && toks[i+1].kind == tokNumber
}

// inNonYear reports whether the number at i follows "in" but cannot be a
// year, after a numeric column c: "students who majored in 600" compares
// the major, where "hired in 2005" would name a year.
func (p *parser) inNonYear(i, c int) bool {
	if i == 0 || lower(p.ms[i-1].text) != "in" || c != i-2 {
		return false
	}
	num := p.ms[i].num
	switch p.ms[i].kind {
	case mNumber:
	case mQuoted:
		// "majoring in '600'": a number quoted
		n, err := strconv.ParseInt(strings.TrimSpace(p.ms[i].text), 10, 64)
		if err != nil {
			return false
		}
		num = n
	default:
		return false
	}
	if _, year := yearOf(num); year {
		return false
	}
	for _, r := range p.ms[c].cols {
		if col := p.lx.col(r.table, r.col); !col.numeric && !col.id {
			return false
		}
	}
	return len(p.ms[c].cols) > 0
}
