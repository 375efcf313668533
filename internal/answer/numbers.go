package answer

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hedge is how a number is qualified by the words before it.
type hedge int

const (
	exact  hedge = iota
	approx       // about, around, roughly, nearly, ~
	above        // over, more than, at least
	below        // under, less than, at most
)

// numToken is one number written in prose, with everything needed to judge
// it against the data and to rewrite it in the same style.
type numToken struct {
	start, end int // the whole token (sign, currency, digits, suffix) in the text
	digStart   int // where the digits begin: text[start:digStart] is sign and currency
	digEnd     int // where the digits end: text[digEnd:end] is the suffix (k, %, " million")

	mantissa float64 // the digits' value, unsigned, before scale
	decimals int     // digits written after the decimal point
	trailing int     // trailing zeros of a whole number ("1,200" → 2)
	scale    float64 // 1, 1e3, 1e6, 1e9, 1e12
	negative bool
	percent  bool
	currency string
	grouped  bool // written with thousands separators
	times    bool // "3 times", "2.5x": a ratio
	year     bool // a four-digit whole number in a date context ("in 2024")
	hedge    hedge
}

// value is the number as written, in its own unit (percent tokens in
// percent).
func (t numToken) value() float64 {
	v := t.mantissa * t.scale
	if t.negative {
		return -v
	}
	return v
}

// interval is the range of true values the written number stands for,
// given the precision it is written to and its hedge. Unsigned tokens are
// compared with absolute values, so the interval is of magnitudes for them.
func (t numToken) interval() (lo, hi float64) {
	x := t.mantissa * t.scale
	tol := 0.5*math.Pow(10, -float64(t.decimals))*t.scale + 1e-9*math.Max(1, x)
	switch t.hedge {
	case approx:
		// "about 1,200" for 1,234: trailing zeros are not significant, and
		// a hedge allows a few percent either way.
		tz := 0.5 * math.Pow(10, float64(t.trailing)) * t.scale
		tol = math.Max(tol, math.Max(tz, 0.025*x))
	case above:
		lo, hi = x-tol, x*1.25+tol
	case below:
		lo, hi = x*0.75-tol, x+tol
	}
	if t.hedge != above && t.hedge != below {
		lo, hi = x-tol, x+tol
	}
	if t.negative {
		lo, hi = -hi, -lo
	}
	return lo, hi
}

// scanNumbers finds the numbers of a text. It skips what is not a quantity:
// dates and times ("2024-03-01", "2024-Q1", "14:30"), ordinals ("3rd"),
// identifiers and units glued to letters ("Q1", "B2B", "5kg"), decades
// ("1990s") and version-like dotted runs ("1.2.3").
func scanNumbers(text string) []numToken {
	var toks []numToken
	i := 0
	for i < len(text) {
		c := text[i]
		if c < '0' || c > '9' {
			i++
			continue
		}
		tok, next, ok := scanAt(text, i)
		if ok {
			toks = append(toks, tok)
		}
		if next <= i {
			next = i + 1
		}
		i = next
	}
	return toks
}

// scanAt reads the number whose first digit is at i. It returns the token,
// where scanning resumes, and whether the token is a quantity.
func scanAt(text string, i int) (numToken, int, bool) {
	// Glued to a word or another token on the left: part of an identifier.
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:i])
		if unicode.IsLetter(r) || r == '_' || r == '.' || r == '#' || r == '/' || r == ':' || (r == '-' && i > 1 && isDigitBefore(text, i-1)) {
			return numToken{}, skipWord(text, i), false
		}
	}
	t := numToken{start: i, digStart: i, scale: 1}
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	intDigits := text[i:j]
	// Thousands separators: only groups of exactly three digits.
	if len(intDigits) <= 3 {
		for j+4 <= len(text) && text[j] == ',' && isDigit(text[j+1]) && isDigit(text[j+2]) && isDigit(text[j+3]) &&
			(j+4 == len(text) || !isDigit(text[j+4])) {
			t.grouped = true
			j += 4
		}
	}
	if j+1 < len(text) && text[j] == '.' && isDigit(text[j+1]) {
		k := j + 1
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		t.decimals = k - j - 1
		j = k
		if j+1 < len(text) && text[j] == '.' && isDigit(text[j+1]) {
			return numToken{}, skipWord(text, j), false // 1.2.3
		}
	}
	// Dates, times and period labels continue with - / : and a digit (or a
	// Q/W period letter).
	if j+1 < len(text) && (text[j] == '-' || text[j] == '/' || text[j] == ':') {
		n := text[j+1]
		if isDigit(n) || (text[j] == '-' && (n == 'Q' || n == 'W' || n == 'H') && j+2 < len(text) && isDigit(text[j+2])) {
			return numToken{}, skipDateish(text, j), false
		}
	}
	t.digEnd = j
	raw := strings.ReplaceAll(text[i:j], ",", "")
	m, err := strconv.ParseFloat(raw, 64)
	if err != nil || math.IsInf(m, 0) {
		return numToken{}, j, false
	}
	t.mantissa = m
	if t.decimals == 0 {
		for k := len(raw) - 1; k > 0 && raw[k] == '0'; k-- {
			t.trailing++
		}
	}

	// Sign and currency on the left: "-$12", "$-12", "-12", "€12".
	p := i
	if r, size := utf8.DecodeLastRuneInString(text[:p]); isMinus(r) && signPosition(text, p-size) {
		t.negative, p = true, p-size
	}
	if r, size := utf8.DecodeLastRuneInString(text[:p]); isCurrency(r) {
		t.currency, p = string(r), p-size
		if r2, size2 := utf8.DecodeLastRuneInString(text[:p]); !t.negative && isMinus(r2) && signPosition(text, p-size2) {
			t.negative, p = true, p-size2
		}
	}
	t.start = p

	// Suffix: letters glued to the digits, then an optional word.
	k := j
	for k < len(text) {
		r, size := utf8.DecodeRuneInString(text[k:])
		if !unicode.IsLetter(r) {
			break
		}
		k += size
	}
	glued := text[j:k]
	if k < len(text) && (isDigit(text[k]) || text[k] == '_') {
		return numToken{}, skipWord(text, k), false
	}
	switch glued {
	case "":
	case "k", "K":
		t.scale = 1e3
	case "M", "mn", "MM":
		t.scale = 1e6
	case "m":
		if t.currency == "" {
			return numToken{}, k, false // metres or minutes
		}
		t.scale = 1e6
	case "bn", "B":
		t.scale = 1e9
	case "x", "X":
		t.times = true
	default:
		// Ordinals (3rd), decades (1990s), units (5kg), identifiers (3D).
		return numToken{}, k, false
	}
	t.end = k
	if k < len(text) && text[k] == '%' {
		t.percent, t.end = true, k+1
	} else if glued == "" {
		// Words after a space.
		rest := text[k:]
		trimmed := strings.TrimLeft(rest, " \u00a0")
		gap := len(rest) - len(trimmed)
		word, wl := leadingWord(trimmed)
		switch strings.ToLower(word) {
		case "%":
			t.percent, t.end = true, k+gap+wl
		case "percent", "pct":
			t.percent, t.end = true, k+gap+wl
		case "per":
			if w2, l2 := leadingWord(strings.TrimLeft(trimmed[wl:], " ")); strings.EqualFold(w2, "cent") {
				t.percent = true
				t.end = k + gap + wl + (len(trimmed[wl:]) - len(strings.TrimLeft(trimmed[wl:], " "))) + l2
			}
		case "thousand":
			t.scale, t.end = 1e3, k+gap+wl
		case "million", "mn":
			t.scale, t.end = 1e6, k+gap+wl
		case "billion", "bn":
			t.scale, t.end = 1e9, k+gap+wl
		case "trillion":
			t.scale, t.end = 1e12, k+gap+wl
		case "times", "fold":
			t.times = true
		}
		if gap == 0 && strings.HasPrefix(trimmed, "-fold") {
			t.times = true
		}
		if t.scale != 1 && t.end < len(text) && text[t.end] == '%' {
			t.percent, t.end = true, t.end+1
		}
	}
	t.hedge = hedgeBefore(text[:t.start])
	t.year = t.decimals == 0 && !t.grouped && t.scale == 1 && !t.percent && t.currency == "" && !t.negative &&
		len(intDigits) == 4 && m >= 1000 && m <= 2999 && yearContext(text[:t.start])
	return t, t.end, true
}

// isDigitBefore reports whether text[i-1] is a digit, i.e. a '-' at i sits
// between digits (a range "10-20" or a date).
func isDigitBefore(text string, i int) bool { return i > 0 && isDigit(text[i-1]) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isMinus(r rune) bool { return r == '-' || r == '\u2212' }

// signPosition reports whether a minus sign ending at i (its start) stands
// where a sign can: at the start, after a space or an opening bracket.
func signPosition(text string, i int) bool {
	if i <= 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return unicode.IsSpace(r) || isCurrency(r) || strings.ContainsRune("([{\"'“‘:=", r)
}

func isCurrency(r rune) bool { return strings.ContainsRune("$€£¥₹", r) }

// skipWord returns the end of the run of letters, digits and joiners at i.
func skipWord(text string, i int) int {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == ',' && i+1 < len(text) && isDigit(text[i+1]) ||
			r == '.' && i+1 < len(text) && isDigit(text[i+1])) {
			return i
		}
		i += size
	}
	return i
}

// skipDateish returns the end of a date, time or period label run.
func skipDateish(text string, i int) int {
	for i < len(text) {
		c := text[i]
		if isDigit(c) || c == '-' || c == '/' || c == ':' || c == 'T' || c == 'Q' || c == 'W' || c == 'H' || c == 'Z' ||
			(c == '.' && i+1 < len(text) && isDigit(text[i+1])) {
			i++
			continue
		}
		break
	}
	return i
}

// leadingWord returns the word at the start of s ("%" counts as one).
func leadingWord(s string) (string, int) {
	if strings.HasPrefix(s, "%") {
		return "%", 1
	}
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !unicode.IsLetter(r) {
			break
		}
		n += size
	}
	return s[:n], n
}

// lastWords returns up to n lower-cased words ending at the end of s.
func lastWords(s string, n int) []string {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || r == '~')
	})
	if len(fields) > n {
		fields = fields[len(fields)-n:]
	}
	return fields
}

// hedgeBefore classifies the words just before a number.
func hedgeBefore(before string) hedge {
	trimmed := strings.TrimRight(before, " \u00a0")
	if strings.HasSuffix(trimmed, "~") || strings.HasSuffix(trimmed, "≈") {
		return approx
	}
	if strings.HasSuffix(trimmed, ">") || strings.HasSuffix(trimmed, "≥") {
		return above
	}
	if strings.HasSuffix(trimmed, "<") || strings.HasSuffix(trimmed, "≤") {
		return below
	}
	// Only the words directly before the number count: a hedge further
	// back qualifies something else.
	if len(trimmed) > 0 {
		if r, _ := utf8.DecodeLastRuneInString(trimmed); !unicode.IsLetter(r) {
			return exact
		}
	}
	w := lastWords(trimmed, 2)
	last := ""
	if len(w) > 0 {
		last = w[len(w)-1]
	}
	two := strings.Join(w, " ")
	switch {
	case two == "more than" || two == "greater than" || two == "at least" || two == "upwards of" || two == "just over" || two == "well over":
		return above
	case two == "less than" || two == "fewer than" || two == "at most" || two == "up to" || two == "just under" || two == "well under":
		return below
	case two == "close to":
		return approx
	}
	switch last {
	case "about", "around", "approximately", "approx", "roughly", "nearly", "almost", "some", "circa", "ca", "estimated", "est":
		return approx
	case "over", "above", "exceeding", "exceeds", "exceeded":
		return above
	case "under", "below":
		return below
	}
	return exact
}

// yearWords are words after which a four-digit number is a year.
var yearWords = map[string]bool{
	"in": true, "since": true, "during": true, "until": true, "till": true, "by": true, "before": true,
	"after": true, "from": true, "to": true, "through": true, "of": true, "year": true, "fy": true,
	"early": true, "late": true, "mid": true, "circa": true, "and": true, "between": true, "for": true,
	"q": true, "h": true, "spring": true, "summer": true, "autumn": true, "fall": true, "winter": true,
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
}

// yearContext reports whether the text before a number makes it a year:
// a preposition or month name directly before it, or a date-like "Q1 ".
func yearContext(before string) bool {
	trimmed := strings.TrimRight(before, " ,\u00a0")
	if len(trimmed) == len(before) && before != "" {
		return false // glued to something
	}
	if strings.HasSuffix(trimmed, "Q1") || strings.HasSuffix(trimmed, "Q2") || strings.HasSuffix(trimmed, "Q3") || strings.HasSuffix(trimmed, "Q4") {
		return true
	}
	w := lastWords(trimmed, 1)
	if len(w) == 0 {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(trimmed); !unicode.IsLetter(r) {
		return false
	}
	return yearWords[w[0]]
}
