package offline

// Numbers the parser could not place because a word stands between the
// number and what it is a value or a count of:
//
//   - a bound written before an article and a column, with the number
//     after "of": "employees who have at least a salary of 100000" says
//     what "a salary of at least 100000" says;
//   - "distinct" or "different" between a count and the rows it counts:
//     "countries with more than four distinct addresses" counts the
//     address rows per country, as "more than four addresses" does;
//   - "not" or "no" before a bound: "salary not more than 100000" is
//     "salary at most 100000";
//   - "in" and a table after a count of repetitions: "services used more
//     than twice in claims" counts each service's claims;
//   - a unit after the number ("above 100000 dollars", "5000 miles of
//     distance", "300 dollars or more", "between 1000 and 3000 dollars
//     outstanding"), set aside as what the number measures, never as a
//     count of rows;
//   - a numeric column right after a range: "between 1000 and 3000
//     distance".
//
// Measured on the Spider training questions (a–r, question and
// question_syn): four questions newly answered, all right, none wrong.

// boundBeforeOf returns the comparison keyword of "at least a salary of
// 100000" (c: the column mention before the number i, past "of"), or -1.
// The number must follow the column's "of" directly, and only articles may
// stand between the bound and the column, so that nothing else the bound
// could apply to is in between. As boundBefore, only a numeric column is
// read so, and only a bound that orders numbers (not "equal to", not an
// age or an adjective that names a column of its own).
func (p *parser) boundBeforeOf(c, i int) int {
	if c != i-2 || p.ms[i].kind != mNumber || p.ms[i-1].kind != mStop || lower(p.ms[i-1].text) != "of" ||
		!p.numericCol(c) || p.used[c] || p.isTable(c) {
		return -1
	}
	k := p.prev(c)
	if !p.is(k, kwCmp) || p.used[k] || p.ms[k].kw.op == "=" || p.ms[k].kw.age || p.ms[k].kw.adj != 0 {
		return -1
	}
	for j := k + 1; j < c; j++ {
		if !articles[lower(p.ms[j].text)] {
			return -1
		}
	}
	return k
}

// distinctCounted returns the "distinct" keyword and the table mention
// after it when the number at i counts that table's rows past "distinct"
// or "different" ("more than four distinct addresses"), else -1, -1. The
// rows of a table are distinct already, so the count is of its rows; but
// only when the rows counted are not repeated by the join to the groups:
// the groups' mention must name the counted table itself or a table it
// refers to (a parent), whose rows each counted row meets once. "products
// bought by two distinct customers" reaches the customers through their
// orders, where a customer repeats: distinctThroughChild
// (distinctcount.go) counts those by key.
func (p *parser) distinctCounted(i, cmp int) (int, int) {
	d, n, x := p.distinctParts(i, cmp)
	if n < 0 {
		return -1, -1
	}
	ti, _ := p.oneTable(n)
	counted := p.lx.tables[ti]
	refs := strongest(p.ms[x].tables, classSynonym)
	if len(refs) == 0 {
		refs = strongest(p.ms[x].cols, classSynonym)
	}
	if len(refs) == 0 {
		return -1, -1
	}
	for _, r := range refs {
		if r.table != counted.idx && len(counted.parents[r.table]) != 1 {
			return -1, -1
		}
	}
	return d, n
}

// distinctParts finds the parts of "more than four distinct addresses"
// (i: the number): the "distinct" keyword, the one table mention it
// counts and the mention of the groups before the comparison or verb,
// else -1, -1, -1.
func (p *parser) distinctParts(i, cmp int) (int, int, int) {
	d := p.next(i)
	if p.ms[i].kind != mNumber || !p.is(d, kwDistinct) || p.used[d] {
		return -1, -1, -1
	}
	n := p.next(d)
	if !p.isTable(n) || p.used[n] || !p.countedNext(d, n) {
		return -1, -1, -1
	}
	if _, ok := p.oneTable(n); !ok {
		return -1, -1, -1
	}
	start := i
	if cmp >= 0 {
		start = cmp
	}
	x := p.nameBeforeRel(start)
	if x < 0 {
		x, _ = p.countSubject(start, n)
	}
	if x < 0 {
		return -1, -1, -1
	}
	return d, n, x
}

// negatedBounds gives the bound "not" or "no" turns a bound into: what is
// not more than N is at most N.
var negatedBounds = map[string]string{">": "<=", ">=": "<", "<": ">=", "<=": ">"}

// notBound reads "not" or "no" right before the bound cmp ("salary is not
// more than 100000", "no less than 3 stars"; c: the mention before cmp):
// it returns the negation mention and the bound it makes, or -1 when c is
// not one. A "not" that negations took for a negated condition (negSet) is
// taken back: the bound it negates is read as one. Only a bound of numbers (a date bound or equality keeps its
// own reading of "not").
func (p *parser) notBound(c, cmp int, op string) (int, string) {
	if cmp < 0 || !p.is(cmp, kwCmp) || !p.is(c, kwNot) || p.used[c] && p.negSet != c || p.next(c) != cmp {
		return -1, op
	}
	if w := lower(p.ms[c].text); w != "not" && w != "no" {
		return -1, op
	}
	neg, ok := negatedBounds[op]
	if !ok {
		return -1, op
	}
	return c, neg
}

// A unit after a number ("salary above 100000 dollars", "flights longer
// than 1000 miles") says what the number measures, which the column it is
// compared with already says; it is no column of its own. unitDims gives
// the units a question may write after a number, each with its dimension:
// a schema that names a different unit of the same dimension in a
// column's name (distance_km for "1000 miles") stores other numbers, so
// the unit is then left unknown and the question refused. Multipliers
// ("million") change the number and percentages its scale, so neither is
// here; nor are units of time, which may ask for a difference of dates,
// nor "pound", a weight or a currency.
var unitDims = map[string]string{
	"dollar": "money", "dollars": "money", "usd": "money", "euro": "money", "euros": "money", "eur": "money",
	"mile": "length", "miles": "length", "km": "length", "kilometer": "length", "kilometers": "length",
	"kilometre": "length", "kilometres": "length", "meter": "length", "meters": "length", "metre": "length",
	"metres": "length", "m": "length", "cm": "length", "mm": "length", "feet": "length", "foot": "length",
	"ft": "length", "inch": "length", "inches": "length",
	"kg": "weight", "kilogram": "weight", "kilograms": "weight", "kilo": "weight", "kilos": "weight",
	"lb": "weight", "lbs": "weight", "gram": "weight", "grams": "weight",
	"mph": "speed", "kmh": "speed", "kph": "speed",
}

// unitNames groups the spellings of one unit, so that "miles" after a
// number matches a column named in "mile".
var unitNames = map[string]string{
	"dollar": "usd", "dollars": "usd", "usd": "usd", "euro": "eur", "euros": "eur", "eur": "eur",
	"mile": "mile", "miles": "mile", "km": "km", "kilometer": "km", "kilometers": "km", "kilometre": "km",
	"kilometres": "km", "meter": "m", "meters": "m", "metre": "m", "metres": "m", "m": "m", "cm": "cm",
	"mm": "mm", "feet": "ft", "foot": "ft", "ft": "ft", "inch": "in", "inches": "in",
	"kg": "kg", "kilogram": "kg", "kilograms": "kg", "kilo": "kg", "kilos": "kg", "lb": "lb", "lbs": "lb",
	"gram": "g", "grams": "g", "mph": "mph", "kmh": "kmh", "kph": "kmh",
}

// unitAfterNumber reports whether the unknown word w at ms[i] is a unit
// right after a number (see unitDims) that no column of the schema
// contradicts.
func (lx *lexicon) unitAfterNumber(ms []mention, i int, w string) bool {
	if _, scoped := scopedUnits[w]; scoped {
		return lx.scopedUnitAfterNumber(ms, i, w) // times and areas (unitcols.go)
	}
	dim, ok := unitDims[w]
	if !ok || i == 0 || ms[i-1].kind != mNumber || ms[i-1].to != ms[i].from {
		return false
	}
	for _, t := range lx.tables {
		for _, c := range t.cols {
			for _, cw := range c.words {
				if unitDims[cw] == dim && unitNames[cw] != unitNames[w] {
					return false
				}
			}
		}
	}
	return true
}

// timesIn reads "services used more than twice in first notification of
// loss" (i: the count of repetitions, cmp: the comparison before it): the
// rows of the table X named just before the verb with more (or fewer) than
// that many rows of the table T named after "in", as "services with more
// than two first notifications of loss" would say. Only when T refers to X
// by exactly one key, so each row of T is one use of one X; the verb
// itself is not read, so a table the count could belong to by any other
// path is left to refuse. It reports false, leaving the number to the
// other readings, unless that is the shape.
func (p *parser) timesIn(i, cmp int, op string) (bool, *refusal) {
	if cmp < 0 || !isRepetition(p.ms[i]) || op == "!=" || p.ms[cmp].kw.kind != kwCmp {
		return false, nil
	}
	t := p.next(i)
	if t != i+2 || p.ms[i+1].kind != mStop || lower(p.ms[i+1].text) != "in" || !p.isTable(t) || p.used[t] {
		return false, nil
	}
	x := p.prev(cmp)
	if !p.isTable(x) || p.used[x] || p.isCol(x) {
		return false, nil
	}
	ti, okT := p.oneTable(t)
	xi, okX := p.oneTable(x)
	if !okT || !okX || !p.lx.tables[ti].refersOnce(xi) {
		return false, nil
	}
	return true, p.countRows(i, cmp, t, x, op, p.ms[cmp].text+" "+p.ms[i].text+" in "+p.ms[t].text)
}

// unitBetween reports whether only a unit set aside (unitAfterNumber) and
// then "of" or nothing separate the number at i from the numeric column n
// after it: "more than 5000 miles of distance" compares the distance, as
// "more than 5000 distance" would.
func (p *parser) unitBetween(i, n int) bool {
	if n != i+2 && n != i+3 || !p.numericCol(n) {
		return false
	}
	if !p.unitFollows(i) {
		return false
	}
	return n == i+2 || p.ms[i+2].kind == mStop && lower(p.ms[i+2].text) == "of"
}

// unitFollows reports whether a unit set aside (unitAfterNumber) follows
// the number at i.
func (p *parser) unitFollows(i int) bool {
	if i+1 >= len(p.ms) {
		return false
	}
	u := p.ms[i+1]
	return u.kind == mStop && u.ignored && isUnit(lower(u.text))
}

// isUnit reports whether w is a unit of unitDims or of scopedUnits
// (unitcols.go).
func isUnit(w string) bool {
	return unitKind(w).dim != ""
}

// measuredLiteral places the number, quoted text or value at i (literal)
// and, when a unit follows the number, checks that it was compared with a
// column: a unit says the number is a measure, so a reading of it as a
// count of rows ("aircraft that can fly more than 5000 miles" as 5000
// flights) is refused.
func (p *parser) measuredLiteral(i int) *refusal {
	before := len(p.f.filters)
	if r := p.literal(i); r != nil {
		return r
	}
	if p.unitNarrows(i) || !p.unitFollows(i) { // a unit the column's name holds (unitcols.go)
		return nil
	}
	if before > len(p.f.filters) {
		before = 0
	}
	for _, f := range p.f.filters[before:] {
		if f.at == i && f.kind == fLit {
			return nil
		}
	}
	return refuseUnresolved("I could not tell what %s %s measures: name the column it is a value of (for example: with distance over %s).", p.ms[i].text, p.ms[i+1].text, p.ms[i].text)
}

// colAfterRange returns the numeric column named right after the upper
// end of "between N and M" (hi), past a unit set aside or nothing ("with
// between 1000 and 3000 dollars outstanding"), when no unused column
// comes before "between" (c) to take the range; else -1.
func (p *parser) colAfterRange(c, hi int) int {
	if p.isCol(c) && !p.used[c] || !p.in(hi) || p.ms[hi].kind != mNumber {
		return -1
	}
	n := p.next(hi)
	if !p.isCol(n) || p.used[n] || !p.numericCol(n) || n != hi+1 && !p.unitBetween(hi, n) {
		return -1
	}
	return n
}
