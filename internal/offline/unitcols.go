package offline

import (
	"fmt"
	"strings"
)

// A number with a unit and no column named: "flights under 300 dollars",
// "aircraft of more than 5000 miles", "buildings over 100 feet". The unit
// says what kind of measure the number is (money, a length, a weight, a
// speed, a duration, an area), and the rows compared hold that measure in
// one numeric column whose name says the kind: a price, cost, fare or
// salary is money; a distance, length or height a length; and a column
// that names a unit (distance_km, price_usd) is of that unit's kind. The
// column is taken only when it is the one such column of the question's
// table, else of a table the question names that it refers to by one
// foreign key (each row meets one such row; rows of a table referring to
// it are many, and "organisations with grants over 6000 dollars" may ask
// for any grant or for their sum). Two such columns (a price and a cost),
// a column in another unit of the kind (miles against distance_km) or in
// a scale (damage_millions_usd), a count or a key leave the number
// unplaced, and the question is refused.
//
// A unit may also pick among the columns a word names: "price above 700
// dollars" where price_in_dollars and price_in_euros are both prices,
// "focal length longer than 15 mm" where the unit repeats the column's
// own name (focal_length_mm).
//
// Measured on the Spider training questions: two a–r questions newly
// answered (both by a unit picking a named column), both right, none
// wrong; with "amount" as a money word the held-out split gained one
// right and one wrong answer, so an amount is left out.

// unitKindWords are the words of a column's name that say which kind of
// measure it holds, by the dimension names of unitDims. "Amount" is left
// out: an amount may as well be a quantity. Counts ("number", "count")
// and identifiers never hold a measure (unitCandidate).
var unitKindWords = map[string]map[string]bool{
	"money": setOf("price", "prices", "cost", "costs", "fare", "fares", "fee", "fees", "charge", "charges",
		"salary", "salaries", "wage", "wages", "pay", "payment", "budget", "revenue", "income",
		"earnings", "profit", "expense", "expenses", "spending"),
	"length":   setOf("distance", "length", "range", "height", "elevation", "altitude", "width", "depth"),
	"weight":   setOf("weight", "mass"),
	"speed":    setOf("speed", "velocity"),
	"duration": setOf("duration", "runtime"),
	"area":     setOf("area"),
}

// measureCountWords mark a column that counts things: "num_of_floors" is no
// height, however it is compared.
var measureCountWords = setOf("number", "num", "count", "no")

// scaleWords mark a column whose numbers are scaled: budget_in_billions.
var scaleWords = setOf("billion", "billions", "million", "millions", "thousand", "thousands", "k")

// scopedUnits are the units set aside after a number only in a schema
// with a column that states the very unit (scopedUnitAfterNumber): a time
// after a number may as well ask for a difference of dates ("for more
// than 300 days": days are left out altogether), and a duration or area
// in no stated unit may hold any of them.
var scopedUnits = map[string]measureUnit{
	"second": {"duration", "s"}, "seconds": {"duration", "s"}, "sec": {"duration", "s"}, "secs": {"duration", "s"},
	"minute": {"duration", "min"}, "minutes": {"duration", "min"}, "min": {"duration", "min"}, "mins": {"duration", "min"},
	"hour": {"duration", "h"}, "hours": {"duration", "h"}, "hr": {"duration", "h"}, "hrs": {"duration", "h"},
	"millisecond": {"duration", "ms"}, "milliseconds": {"duration", "ms"}, "ms": {"duration", "ms"},
	"acre": {"area", "acre"}, "acres": {"area", "acre"}, "hectare": {"area", "ha"}, "hectares": {"area", "ha"},
	"km2": {"area", "km2"}, "sqkm": {"area", "km2"}, "m2": {"area", "m2"}, "sqm": {"area", "m2"},
}

// scopedDims are the kinds of scopedUnits.
var scopedDims = setOf("duration", "area")

// measureUnit is a unit written after a number: the kind of measure it
// is ("money", "length") and the unit's name for all its spellings
// ("usd" for "dollars").
type measureUnit struct {
	dim, name string
}

// unitKind returns the unit the word w is, of unitDims or of
// scopedUnits; zero when w is neither.
func unitKind(w string) measureUnit {
	if d, ok := unitDims[w]; ok {
		return measureUnit{d, unitNames[w]}
	}
	return scopedUnits[w]
}

// colUnit returns the unit a column's name states in dimension dim
// ("distance_km": "km"), "" when it states none.
func colUnit(c *colInfo, dim string) string {
	for _, w := range c.words {
		if u := unitKind(w); u.dim == dim {
			return u.name
		}
	}
	return ""
}

// unitCandidate reports whether column c may hold a measure of dimension
// dim: numeric, no key, year or count, its name a word of the kind or a
// unit of it.
func unitCandidate(c *colInfo, dim string) bool {
	if c == nil || !c.numeric || c.id || c.year || c.date || anyWord(c.words, measureCountWords) {
		return false
	}
	return anyWord(c.words, unitKindWords[dim]) || colUnit(c, dim) != ""
}

// scopedUnitAfterNumber reports whether the unknown word w at ms[i] is a
// unit of scopedUnits right after a number, in a schema with a column
// whose name states that very unit (duration_seconds for "200 seconds")
// and none that states another unit of its kind. A duration or an area
// whose name states no unit is as often stored in seconds as in minutes,
// in hectares as in acres: "3 minutes" against it is left unknown.
func (lx *lexicon) scopedUnitAfterNumber(ms []mention, i int, w string) bool {
	u, ok := scopedUnits[w]
	if !ok || i == 0 || ms[i-1].kind != mNumber || ms[i-1].to != ms[i].from {
		return false
	}
	stated := false
	for _, t := range lx.tables {
		for _, c := range t.cols {
			if c == nil || !unitCandidate(c, u.dim) {
				continue
			}
			switch colUnit(c, u.dim) {
			case u.name:
				stated = true
			case "":
			default:
				return false
			}
		}
	}
	return stated
}

// unitMeasured reads a number compared with no column but followed by a
// unit set aside (i: the number, cmp: the comparison, c: the mention
// before it): the filter's column is the one column of the unit's kind,
// found once the question's table is known (unitFilter). It reports
// whether it did. A column named after the unit ("5000 miles of
// distance") is read by literal itself.
func (p *parser) unitMeasured(i, cmp, c int, op string) bool {
	m := p.ms[i]
	if m.kind != mNumber || cmp < 0 || p.used[cmp] || op == "!=" || !p.unitFollows(i) ||
		p.isCol(c) && !p.used[c] || p.unitBetween(i, p.next(i)) {
		return false
	}
	p.used[i], p.used[cmp] = true, true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, unit: unitKind(lower(p.ms[i+1].text)), op: op, lit: m.num,
		text: p.ms[cmp].text + " " + m.text + " " + p.ms[i+1].text})
	return true
}

// unitRange reads "between 1000 and 3000 dollars" with no column before
// "between" (b) nor after the unit (i, hi: the numbers; lo, up: their
// values), as unitMeasured reads one number, and reports whether it did.
func (p *parser) unitRange(b, i, and, hi int, lo, up any) bool {
	c := p.prev(b)
	if p.isCol(c) && !p.used[c] || !p.is(and, kwAnd) || !p.in(hi) || p.ms[hi].kind != mNumber || !p.unitFollows(hi) ||
		p.unitBetween(hi, p.next(hi)) {
		return false
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, unit: unitKind(lower(p.ms[hi+1].text)), op: "between", lit: lo, hi: up,
		text: "between " + p.ms[i].text + " and " + p.ms[hi].text + " " + p.ms[hi+1].text})
	for _, k := range []int{b, i, and, hi} {
		p.used[k] = true
	}
	return true
}

// unitFilter resolves a number placed by unitMeasured or unitRange: the
// one column of the unit's kind in the question's table, else in the
// tables it refers to by one key that the question names.
func (r *resolver) unitFilter(fs filterSpec) (condSpec, *refusal) {
	dim, name := fs.unit.dim, fs.unit.name
	cands := unitCols(r.subject, dim)
	if len(cands) == 0 {
		for _, t := range r.lx.tables {
			if r.subject.refersOnce(t.idx) && r.namesTable(t) {
				cands = append(cands, unitCols(t, dim)...)
			}
		}
	}
	if len(cands) != 1 {
		var refs []string
		for _, c := range cands {
			refs = append(refs, c.ref)
		}
		what := "no " + dim + " column"
		if len(refs) > 0 {
			what = "more than one " + dim + " column (" + strings.Join(refs, ", ") + ")"
		}
		return condSpec{}, refuseUnresolved("I could not tell which column %q compares: %s of %s could hold it; name it (for example: with %s %s).",
			fs.text, what, r.subject.name, dimExample(dim), fs.text)
	}
	// A column stating another unit of the kind is no candidate: the unit
	// was not set aside after the number where the schema names another
	// unit of its kind (unitAfterNumber, scopedUnitAfterNumber). Only a
	// duration or area stating none is left to refuse.
	c := cands[0]
	if scopedDims[dim] && colUnit(c, dim) != name {
		// a duration or area in an unstated unit (scopedUnitAfterNumber)
		return condSpec{}, refuseUnresolved("%s does not say its unit, so I could not compare it with %q.", c.ref, fs.text)
	}
	if anyWord(c.words, scaleWords) {
		// damage_millions_usd holds 10 for "10 million": a number
		// written in full is not what it stores.
		return condSpec{}, refuseUnresolved("%s is held in a scale (%s) that %q does not say, so I could not compare it.", c.ref, strings.Join(c.words, " "), fs.text)
	}
	if rf := r.reach(c.table); rf != nil {
		return condSpec{}, rf
	}
	if fs.op == "between" {
		return condSpec{col: c, op: "between", vals: []any{fs.lit, fs.hi}}, nil
	}
	return condSpec{col: c, op: fs.op, vals: []any{fs.lit}}, nil
}

// unitCols returns the columns of t that may hold a measure of dimension
// dim.
func unitCols(t *tableInfo, dim string) []*colInfo {
	var out []*colInfo
	for _, c := range t.cols {
		if unitCandidate(c, dim) {
			out = append(out, c)
		}
	}
	return out
}

// dimExample names a column of dimension dim for a refusal's example.
func dimExample(dim string) string {
	switch dim {
	case "money":
		return "price"
	case "length":
		return "distance"
	}
	return dim
}

// unitNarrows narrows the column a literal was compared with (the filter
// at number i) by the unit word after the number, when that word is
// itself a word of some of the column's names: "price above 700 dollars"
// with price_in_dollars and price_in_euros keeps price_in_dollars, "focal
// length longer than 15 mm" reads "mm" as focal_length_mm's own unit. It
// reports whether the unit was so read. The unit word must name only
// columns the column mention names too.
func (p *parser) unitNarrows(i int) bool {
	u := i + 1
	if u >= len(p.ms) || p.used[u] || !p.isCol(u) || p.isTable(u) || p.ms[u].from != p.ms[i].to {
		return false
	}
	if unitKind(lower(p.ms[u].text)).dim == "" {
		return false
	}
	var f *filterSpec
	for k := range p.f.filters {
		if p.f.filters[k].at == i && p.f.filters[k].kind == fLit && p.f.filters[k].col >= 0 {
			f = &p.f.filters[k]
		}
	}
	if f == nil {
		return false
	}
	named := map[[2]int]bool{}
	for _, ref := range p.ms[u].cols {
		named[[2]int{ref.table, ref.col}] = true
	}
	var kept []nameRef
	for _, ref := range p.ms[f.col].cols {
		if named[[2]int{ref.table, ref.col}] {
			kept = append(kept, ref)
		}
	}
	if len(kept) == 0 || len(kept) != len(named) {
		return false
	}
	p.ms[f.col].cols = kept
	p.used[u] = true
	f.text = fmt.Sprintf("%s %s", f.text, p.ms[u].text)
	return true
}
