package offline

import "slices"

// Round ten: words that link to nothing although the schema names what
// they mean. The question wraps a schema name in a generic noun ("the
// snatch score", "RAM size", "the amount of money requested", "gender
// type", "what kind of decor"), names a count as an amount ("the largest
// amount of courses"), gives a column's unit ("budget in millions", "200
// feet of height"), writes apart what the schema writes as one word
// ("home town"), puts a value in the plural ("how many professors"), or
// ranks by a length ("the shortest duration"). The schema, for its part,
// writes a unit or measure noun the question leaves out (sales_billion is
// "the sales", support_rate "the support"). Synonyms and word families
// are in words.go and vocab_derive.go.

// headNouns say "a quantity of" without naming which: "score", "size",
// "amount", "rate". Next to a column they only repeat that the column is a
// measure, so they are read into the column's mention; alone they name
// nothing and still refuse.
var headNouns = setOf("score", "scores", "size", "sizes", "amount", "amounts", "number", "numbers",
	"value", "values", "level", "levels", "figure", "figures", "rate", "rates",
	"quantity", "quantities", "percentage", "percentages", "totals")

// kindNouns before "of" and a name say "the different": "what kind of
// decor" asks for the decor, "how many kinds of enzymes" counts them.
var kindNouns = setOf("kind", "kinds", "sort", "sorts", "variety", "varieties")

// lengthAdjectives rank or compare by a length in time or space, and only
// before the column that holds it ("the shortest duration") or after it
// before "than" ("a length longer than 3000"): alone ("the shortest
// song") they name no column this planner can be sure of.
var lengthAdjectives = map[string]keyword{
	"longest": {kind: kwMax}, "shortest": {kind: kwMin},
	"longer": {kind: kwMax}, "shorter": {kind: kwMin},
}

// attrNouns after a column say what kind of value it holds: "gender
// type", "approval status", "creation year", "millisecond length". They
// are read into the column's mention only there.
var attrNouns = setOf("type", "types", "status", "statuses", "year", "years", "length",
	"content", "contents", "text", "texts", "wording")

// textNouns are the attribute nouns that only a text column holds: "the
// describing content" of a description, "the message text".
var textNouns = setOf("content", "contents", "text", "texts", "wording")

// attributeOf reports whether the word after a column mention is an
// attribute noun of it: a year only of a column that is no date, since
// "the hire year" of a date asks for part of it.
func (lx *lexicon) attributeOf(t token, prev mention) bool {
	if !attrNouns[t.text] || !columnsOnly(prev) || textNouns[t.text] && !lx.textColumns(prev) {
		return false
	}
	if t.stem == stem("year") {
		for _, r := range prev.cols {
			if lx.col(r.table, r.col).date {
				return false
			}
		}
	}
	return true
}

// nameNouns before "of" and a text column, where nothing is called a
// name, ask for that column's values.
var nameNouns = setOf("name", "names")

// amountNouns before "of" and a table's plural say "how many" of the
// table's rows: "the largest amount of courses".
var amountNouns = setOf("amount", "amounts", "quantity")

// nameOfColumn reads "the name of allergies" as the allergy column when
// the words after "of" name text columns only and no table: the name of a
// thing that is itself a text value is that value, not another column
// that happens to be called a name. A code column is left alone: its name
// may be another column.
//
// "The names of all directors" reads so too, through "all" or an article.
func (lx *lexicon) nameOfColumn(toks []token, ms []mention) []mention {
	for i := 0; i+2 < len(ms); i++ {
		m, of := ms[i], ms[i+1]
		j := i + 2
		for j+1 < len(ms) && ms[j].kind == mStop && (articles[toks[ms[j].from].text] || toks[ms[j].from].text == "all") {
			j++
		}
		x := ms[j]
		if m.kind != mName || m.to-m.from != 1 || toks[m.from].stem != stem("name") || !isOf(toks, of) || of.from != m.to || !columnsOnly(x) {
			continue
		}
		if !lx.textColumns(x) || slices.ContainsFunc(x.cols, func(r nameRef) bool { return slices.Contains(lx.col(r.table, r.col).words, "name") }) {
			continue
		}
		x.from, x.text, x.lead = m.from, rawText(toks[m.from:x.to]), m.lead
		return append(append(slices.Clone(ms[:i]), x), lx.nameOfColumn(toks, ms[j+1:])...)
	}
	return ms
}

// absorbHeads reads a head noun that linked to nothing into the column
// next to it: after the column ("snatch score", "RAM size", "total score"
// where a column is called total), or before it through "of" ("the amount
// of money requested"). Before "of" and a table in the plural, an amount
// is a count ("the fewest amount of amenities"). Anything else leaves the
// word unknown, so the question is refused as before.
func (lx *lexicon) absorbHeads(toks []token, ms []mention) []mention {
	var out []mention // a copy only once a mention changes
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		if k := len(out) - 1; out != nil && k >= 1 && unitAfter(toks, out[k-1], out[k], m) {
			// "budget in millions": the unit of the column just named,
			// which picks among columns in several units ("length in
			// feet").
			out[k-1].to, out[k-1].text, out[k-1].cols = m.to, out[k-1].text+" "+out[k].text+" "+m.text, m.cols
			out = out[:k]
			continue
		}
		if out == nil && i >= 2 && unitAfter(toks, ms[i-2], ms[i-1], m) {
			out = append(make([]mention, 0, len(ms)), ms[:i-1]...)
			out[i-2].to, out[i-2].text, out[i-2].cols = m.to, out[i-2].text+" "+ms[i-1].text+" "+m.text, m.cols
			continue
		}
		if k := len(out) - 1; k >= 1 && unitOf(toks, out[k-1], out[k], m) {
			// "200 feet of height": one mention of height_feet.
			out[k-1].to, out[k-1].text = m.to, out[k-1].text+" "+out[k].text+" "+m.text
			out = out[:k]
			continue
		}
		if out == nil && i >= 2 && unitOf(toks, ms[i-2], ms[i-1], m) {
			out = append(make([]mention, 0, len(ms)), ms[:i-1]...)
			out[i-2].to, out[i-2].text = m.to, out[i-2].text+" "+ms[i-1].text+" "+m.text
			continue
		}
		if prev, ok := lastOf(out, ms, i); ok && weakHead(prev, m) {
			// "office locations": a noun linked only through a synonym
			// right after a column named outright is that column's head
			// noun, not a second column of another table.
			if out == nil {
				out = append(make([]mention, 0, len(ms)), ms[:i]...)
			}
			k := len(out) - 1
			out[k].to, out[k].text, out[k].plural = m.to, out[k].text+" "+m.text, m.plural
			continue
		}
		if prev, ok := lastOf(out, ms, i); ok && lx.namesOf(toks, prev, m) {
			// "director names" where a director is a text column and
			// only a synonym finds anything called a name: the
			// directors.
			if out == nil {
				out = append(make([]mention, 0, len(ms)), ms[:i]...)
			}
			k := len(out) - 1
			out[k].to, out[k].text, out[k].plural = m.to, out[k].text+" "+m.text, m.plural
			continue
		}
		if w := toks[m.from].text; m.kind != mUnknown || m.to-m.from != 1 || !headNouns[w] && !attrNouns[w] && !kindNouns[w] && !nameNouns[w] && lengthAdjectives[w].kind == kwNone {
			if out != nil {
				out = append(out, m)
			}
			continue
		}
		if out == nil {
			out = append(make([]mention, 0, len(ms)), ms[:i]...)
		}
		if kw, ok := lengthAdjectives[toks[m.from].text]; ok {
			if i+1 < len(ms) && ms[i+1].from == m.to && columnsOnly(ms[i+1]) {
				// "the shortest duration": the lowest.
				m.kind, m.kw = mKeyword, kw
			} else if k := len(out) - 1; k >= 0 && out[k].to == m.from && columnsOnly(out[k]) &&
				i+1 < len(ms) && ms[i+1].kind == mKeyword && ms[i+1].kw.kind == kwThan && ms[i+1].from == m.to {
				// "a focal length longer than 15": a comparison.
				op := ">"
				if kw.kind == kwMin {
					op = "<"
				}
				m.kind, m.kw, m.to, m.text = mKeyword, keyword{kind: kwCmp, op: op}, ms[i+1].to, m.text+" "+ms[i+1].text
				i++
			}
			out = append(out, m)
			continue
		}
		if kindNouns[toks[m.from].text] && i+2 < len(ms) && isOf(toks, ms[i+1]) && ms[i+2].kind == mName &&
			(len(out) == 0 || out[len(out)-1].kind != mKeyword || out[len(out)-1].kw.kind != kwDistinct || columnsOnly(ms[i+2])) {
			// "how many kinds of enzymes", "what kind of decor": the
			// things themselves; after "distinct" only a column's values
			// ("how many different kinds of injuries"), since distinct
			// rows of a table are no kind of anything.
			m.kind = mStop
			out = append(out, m)
			continue
		}
		if k := len(out) - 1; k >= 0 && out[k].to == m.from && (headNouns[toks[m.from].text] && measuredColumn(out[k]) || lx.attributeOf(toks[m.from], out[k])) {
			prev := &out[k]
			if prev.kind == mKeyword {
				// "total score" where a column is called total: the
				// column, not a sum.
				prev.kind, prev.kw, prev.cols = mName, keyword{}, strongest(prev.cols, classExact)
			}
			prev.to, prev.text, prev.plural = m.to, prev.text+" "+m.text, m.plural
			continue
		}
		if i+2 < len(ms) && isOf(toks, ms[i+1]) && (headNouns[toks[m.from].text] || nameNouns[toks[m.from].text]) {
			next := ms[i+2]
			switch {
			case next.kind == mName && len(next.tables) == 0 && len(next.cols) > 0:
				// "the amount of money requested": the column.
				next.from, next.text, next.lead = m.from, m.text+" "+ms[i+1].text+" "+next.text, m.lead
				out = append(out, next)
				i += 2
				continue
			case nameNouns[toks[m.from].text] && lx.textColumns(next):
				// "the names of studios" where studio is a text column
				// and nothing is called a name: the studios.
				next.from, next.text, next.lead = m.from, m.text+" "+ms[i+1].text+" "+next.text, m.lead
				out = append(out, next)
				i += 2
				continue
			case amountNouns[toks[m.from].text] && next.kind == mName && len(next.tables) > 0 && len(next.cols) == 0 && next.plural:
				// "the largest amount of courses": how many courses.
				out = append(out, mention{from: m.from, to: ms[i+1].to, text: m.text + " " + ms[i+1].text,
					kind: mKeyword, kw: keywords["number of"], lead: m.lead})
				i++
				continue
			}
		}
		out = append(out, m)
	}
	if out == nil {
		return ms
	}
	return out
}

// namesOf reports whether m is "name" or "names" right after a text
// column whose table has nothing called a name, only a synonym of one (a
// title): the names of that column's values, which are themselves names.
func (lx *lexicon) namesOf(toks []token, prev, m mention) bool {
	if m.kind != mName || m.to-m.from != 1 || !nameNouns[toks[m.from].text] || len(m.tables) > 0 || prev.to != m.from || !lx.textColumns(prev) {
		return false
	}
	return !slices.ContainsFunc(m.cols, func(r nameRef) bool {
		return r.class < classSynonym && slices.ContainsFunc(prev.cols, func(p nameRef) bool { return p.table == r.table })
	})
}

// unitAfter reports whether m is a unit word after "in" naming a column
// the mention before "in" names too: "budget in millions" is one mention of
// budget_million, not the column twice.
func unitAfter(toks []token, col, in, m mention) bool {
	if !columnsOnly(col) || !columnsOnly(m) || m.to-m.from != 1 || !unitWords[toks[m.from].text] ||
		in.kind != mStop || in.to-in.from != 1 || toks[in.from].text != "in" || col.to != in.from || in.to != m.from {
		return false
	}
	for _, r := range m.cols {
		if !slices.ContainsFunc(col.cols, func(c nameRef) bool { return c.table == r.table && c.col == r.col }) {
			return false
		}
	}
	return true
}

// textColumns reports whether a mention names text columns only, none a
// key or a code, and not only foreign keys: values that are themselves
// what a row is called ("the winning aircraft" that refers to an aircraft
// has a name of its own).
func (lx *lexicon) textColumns(m mention) bool {
	if !columnsOnly(m) {
		return false
	}
	own := false
	for _, r := range m.cols {
		c := lx.col(r.table, r.col)
		if !isTextual(c.kind) || idWords[c.words[len(c.words)-1]] || prefixSuffixes[c.words[len(c.words)-1]] {
			return false
		}
		own = own || !c.id
	}
	return own
}

// unitOf reports whether unit is a unit word naming columns that col, after
// "of", names too: "feet of height" is height_feet once, not twice. The
// unit's columns are the ones meant.
func unitOf(toks []token, unit, of, col mention) bool {
	if !columnsOnly(unit) || !columnsOnly(col) || unit.to-unit.from != 1 || !unitWords[toks[unit.from].text] ||
		!isOf(toks, of) || unit.to != of.from || of.to != col.from {
		return false
	}
	for _, r := range unit.cols {
		if !slices.ContainsFunc(col.cols, func(c nameRef) bool { return c.table == r.table && c.col == r.col }) {
			return false
		}
	}
	return true
}

// lastOf returns the mention before ms[i] as rewritten so far: the last of
// out once a copy is made, else ms[i-1].
func lastOf(out, ms []mention, i int) (mention, bool) {
	if out != nil {
		if len(out) == 0 {
			return mention{}, false
		}
		return out[len(out)-1], true
	}
	if i == 0 {
		return mention{}, false
	}
	return ms[i-1], true
}

// weakHead reports whether m, right after the column mention prev, links
// only through a synonym to columns of other tables than prev's: the head
// noun of prev's phrase ("office locations"), not a column of its own.
func weakHead(prev, m mention) bool {
	if !columnsOnly(prev) || !columnsOnly(m) || prev.to != m.from || bestClass(prev.cols) > classHead || m.to-m.from != 1 {
		return false
	}
	for _, r := range m.cols {
		if r.class != classSynonym || slices.ContainsFunc(prev.cols, func(p nameRef) bool { return p.table == r.table }) {
			return false
		}
	}
	return true
}

// columnsOnly reports whether a mention names columns and no table.
func columnsOnly(m mention) bool {
	return m.kind == mName && len(m.tables) == 0 && len(m.cols) > 0
}

// measuredColumn reports whether a mention names columns only, or is an
// aggregate word that is also a column's exact name ("total"), so a head
// noun after it qualifies that column.
func measuredColumn(m mention) bool {
	switch m.kind {
	case mName:
		return columnsOnly(m)
	case mKeyword:
		return (m.kw.kind == kwSum || m.kw.kind == kwAvg) && m.to-m.from == 1 &&
			len(strongest(m.cols, classExact)) == 1 && !slices.ContainsFunc(m.cols, func(r nameRef) bool { return r.col < 0 })
	}
	return false
}

// isOf reports whether a mention is the single word "of".
func isOf(toks []token, m mention) bool {
	return m.kind == mStop && m.to-m.from == 1 && toks[m.from].text == "of"
}

// pluralValue links a run of words ending in a plural to the columns
// whose samples hold it in the singular: "how many professors" are the
// rows whose rank is 'Professor', "study rooms" an amenity 'Study Room'.
// It runs only where no name or keyword starts, and for a run of words
// even from a word that alone would be a stop word ("study"). A label
// column's value ("Product" as a level's name) names one row, not a kind
// of rows, and is left out.
func (lx *lexicon) pluralValue(toks []token, i int) (mention, int) {
	for n := min(lx.maxSpan, len(toks)-i); n >= 1; n-- {
		span := toks[i : i+n]
		last := span[n-1]
		if !plainWords(span) || last.kind != tokWord || !last.plural {
			continue
		}
		sg, _ := singular(last.text)
		if sg == last.text {
			continue
		}
		key := sg
		if n > 1 {
			key = surfaceKey(span[:n-1]) + " " + sg
		}
		var vals []valueRef
		for _, v := range lx.values[key] {
			if c := lx.col(v.table, v.col); !slices.Contains(c.words, "name") && !slices.Contains(c.words, "title") {
				vals = append(vals, v)
			}
		}
		if len(vals) > 0 {
			return mention{kind: mValue, vals: vals, weak: !anyComplete(vals)}, n
		}
	}
	return mention{}, 0
}

// unitWords end column names with the unit of their number
// (sales_billion, ram_mib, focal_length_mm, max_temperature_f in degrees
// Fahrenheit): the name without its unit is what a question calls it ("the
// sales", "RAM", "max temperature").
var unitWords = setOf("billion", "billions", "million", "millions", "thousand", "thousands",
	"usd", "eur", "dollar", "dollars", "euro", "euros", "mm", "cm", "km", "kg", "lb", "lbs",
	"mib", "mb", "gb", "kb", "tb", "ms", "sec", "secs", "mph", "kmh", "kph", "ft", "percent", "pct",
	"meter", "meters", "metre", "metres", "feet", "foot", "inch", "inches", "mile", "miles", "kilometers", "kilometres",
	"f", "fahrenheit", "celsius")

// measureSuffixes end column names with a generic measure noun
// (support_rate, market_value): the other words name the column too ("the
// support"). "Number" is not one: num_employees counts employees, and
// countedNoun reads it so.
var measureSuffixes = setOf("rate", "value", "score", "size", "amount", "level", "ratio", "percentage")

// addUnitless indexes a column named with a unit or measure word last
// under its other words, weakly, as a date column is under its name
// without "date".
func (lx *lexicon) addUnitless(words []string, t, c int, isID bool) {
	n := len(words)
	if isID || n < 2 || !unitWords[words[n-1]] && !measureSuffixes[words[n-1]] || allStops(words[:n-1]) || idWords[words[n-2]] {
		return
	}
	st := stems(words[:n-1])
	lx.addPhrase(st, nameRef{t, c, classPrefix})
	lx.addVariants(st, nameRef{t, c, classPrefix})
}

// joined links two question words that the schema writes as one
// ("grade points" for gradepoint, "home town" for hometown) to that name,
// exactly: the pair names it whole, so it outranks either word alone.
func (lx *lexicon) joined(toks []token, i int) (mention, bool) {
	if i+1 >= len(toks) {
		return mention{}, false
	}
	a, b := toks[i], toks[i+1]
	if a.kind != tokWord || b.kind != tokWord || hardStops[a.text] || hardStops[b.text] || isKeyword(a.text) || isKeyword(b.text) {
		return mention{}, false
	}
	refs := strongest(lx.names[stem(a.text+b.text)], classExact)
	if len(refs) == 0 {
		return mention{}, false
	}
	return tableFirst(refs), true
}
