package offline

import (
	"slices"
	"strings"
	"unicode"
)

// mentionKind is what a run of question tokens linked to.
type mentionKind uint8

const (
	mStop    mentionKind = iota // a word that carries no meaning here
	mUnknown                    // a word that links to nothing: grounds to refuse
	mKeyword                    // a question word: count, per, highest, …
	mName                       // tables and/or columns
	mValue                      // a value found in a column's samples
	mNumber                     // a number
	mQuoted                     // a quoted literal
	mMeasure                    // a business measure from the metadata
)

// mention is one linked run of tokens. Runs never overlap; together they
// cover the question.
//
// Every reading of a question copies its slice of mentions, so the
// fields are ordered to leave no padding (the one-byte fields last): each
// byte is paid once per token per reading.
type mention struct {
	from, to int    // token span [from, to)
	text     string // the words as written
	kw       keyword
	// tables and cols are the schema names a name mention may mean, all of
	// them: resolution narrows them once the question's table is known. A
	// keyword that is also a column's exact name ("total") carries the
	// column in cols too.
	tables, cols []nameRef
	// vals are the columns whose samples hold the value (mValue, mQuoted).
	vals []valueRef
	num  any // mNumber: int64 or float64
	// measure indexes lexicon.measures (mMeasure).
	measure int
	// wordnet marks an unknown word linked through the thesaurus
	// (wordnet.go): the trace and the plan's reason say so.
	wordnet *wnLink
	// linkVerb marks a verb set aside because it only relates two things
	// the question names (relverbs2.go): the plan's reason says which.
	linkVerb *linkVerb
	kind     mentionKind
	// weak marks a value found only in incomplete samples: it counts only
	// right after its own column's name.
	weak   bool
	plural bool // the last word was written in the plural
	// lead marks the question's first word after any politeness: where
	// "set" or "change" is an order to write.
	lead bool
	// ignored marks a stop word that linked to nothing and was set aside
	// as a filler (fillers.go): the trace and the plan's reason name it.
	ignored bool
	// rows marks an unknown noun read as the rows of the table it names
	// (rownouns.go): the trace says so.
	rows bool
	// relVerb marks a verb that named a date column of the table after it
	// and is read as relating the two ("opened an account"; nameonly.go).
	relVerb bool
}

// link covers the tokens with mentions, longest phrase first: at each
// position the longest run that is a keyword, a schema name or a sampled
// value wins; at equal length a keyword beats a name and a name beats a
// value, since the schema's words are the stronger evidence.
func (lx *lexicon) link(toks []token) []mention {
	// At most one mention per token: sized once, since a mention is large
	// and growing the slice was most of planning's allocation.
	ms := make([]mention, 0, len(toks))
	inLead := true
	for i := 0; i < len(toks); {
		t := toks[i]
		switch t.kind {
		case tokQuoted:
			vals := lx.values[t.text]
			if len(vals) == 0 {
				vals = lx.quotedPart(t.text, ms)
			}
			ms = append(ms, mention{from: i, to: i + 1, text: t.raw, kind: mQuoted, vals: vals})
			inLead = false
			i++
			continue
		case tokSymbol:
			if kw, ok := keywords[t.text]; ok {
				ms = append(ms, mention{from: i, to: i + 1, text: t.raw, kind: mKeyword, kw: kw})
			}
			i++
			continue
		}
		if t.kind == tokWord && hardStops[t.text] && (isAcronym(t.raw) || i > 0 && articles[toks[i-1].text] && nounLike[t.text] || lx.letterList(toks, i)) {
			// "the US", "the IT department": a function word in capitals,
			// or a pronoun after an article, is a name, which must link to
			// a value or stop the planner; so is a capital letter listed
			// with another of the same column ("got A or C", numbers2.go).
			m := mention{from: i, to: i + 1, text: t.raw, kind: mUnknown}
			if vals := lx.values[t.text]; len(vals) > 0 {
				m.kind, m.vals, m.weak = mValue, vals, !anyComplete(vals)
			}
			ms = append(ms, m)
			inLead = false
			i++
			continue
		}
		// A command word opening a later clause ("For each zip code,
		// select all those ...") is set aside as one opening the question
		// is (asides.go).
		if t.kind == tokWord && (inLead && (politeness[t.text] || leadingVerbs[t.text]) || laterCommand(toks, i)) {
			ms = append(ms, mention{from: i, to: i + 1, text: t.raw, kind: mStop})
			i++
			continue
		}
		m, n := lx.flagPhrase(toks, i, ms)
		flag := n > 0
		if !flag {
			m, n = lx.longest(toks, i)
		}
		if n <= 1 && !flag {
			if jm, ok := lx.joined(toks, i); ok {
				m, n = jm, 2
			}
		}
		if n == 0 {
			m, n = lx.single(toks, i, ms)
			if m.kind == mUnknown {
				if am, an := lx.abbreviated(toks, i); an > 0 {
					m, n = am, an
				} else if dm, ok := lx.demonym(toks, i); ok {
					m, n = dm, 1
				} else if cm, ok := lx.splitCompound(toks, i); ok {
					m, n = cm, 1
				} else if im, ok := lx.innerWord(toks, i); ok {
					m, n = im, 1
				} else if dm, ok := lx.derivedWord(toks, i); ok {
					m, n = dm, 1+lx.familyTail(toks, i, dm)
					if k := len(ms) - 1; k >= 0 && ms[k].to == i {
						if q, ok := lx.qualifiedFamily(toks, ms[k], dm); ok {
							// "colour describing": one mention of
							// color_description.
							ms, m, n = ms[:k], q, i+1-q.from
							i = q.from
						}
					}
				} else if hm, ok := lx.compoundHead(toks, i); ok {
					m, n = hm, 1
				} else if vm, vn, ok := lx.valueWord(toks, i, ms); ok {
					m, n = vm, vn
				} else if sm, back, sn, ok := lx.misspelt(toks, i, ms); ok {
					// back > 0: the corrected word ends a phrase the
					// words before it begin; their mentions give way.
					for len(ms) > 0 && ms[len(ms)-1].to > i-back {
						ms = ms[:len(ms)-1]
					}
					m, n, i = sm, sn+back, i-back
				} else if wm, ok := lx.wordNetWord(toks, i); ok {
					m, n = wm, 1 // the last resort: wordnet.go
				}
			}
		}
		m.from, m.to = i, i+n
		m.text = rawText(toks[i : i+n])
		m.plural = toks[i+n-1].plural
		m.lead = inLead || m.lead // a name joined to the one before keeps its lead
		inLead = false
		if k := len(ms) - 1; m.kind == mUnknown && memberWords[t.text] && k >= 0 && ms[k].kind == mName && len(ms[k].tables) > 0 && ms[k].to == i {
			// "faculty members", "staff member": the rows of a table
			// named for the group are its members.
			ms[k].to, ms[k].text, ms[k].plural = i+n, ms[k].text+" "+m.text, m.plural
			i += n
			continue
		}
		ms = append(ms, m)
		i += n
	}
	ms = gateWordNet(ms)          // the weakest WordNet links need the question's context: wordnet.go
	ms = lx.personNouns(toks, ms) // "people" as the one table of persons: personnoun.go
	ms = lx.sharedHeads(toks, ms) // "start and end dates": colsaway.go
	return lx.statedValues(toks, lx.splitAggregates(toks, lx.nounMeasures(toks, lx.nameOfColumn(toks, lx.absorbHeads(toks, ms)))))
}

// nounMeasures reads "<noun> <measure>" as one column: in "the average
// order total" the order's total is the one numeric column of orders whose
// name holds the word total (total_amount, order_total). The aggregate
// word is read so only after a table named in the singular, when no
// column name follows it to aggregate instead and exactly one column of
// that table fits.
func (lx *lexicon) nounMeasures(toks []token, ms []mention) []mention {
	var out []mention // a copy only once two mentions are joined
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		if i+1 < len(ms) {
			if c, ok := lx.nounMeasure(toks, m, ms[i+1], ms[i+2:]); ok {
				if out == nil {
					out = append(make([]mention, 0, len(ms)), ms[:i]...)
				}
				out = append(out, c)
				i++
				continue
			}
		}
		if out != nil {
			out = append(out, m)
		}
	}
	if out == nil {
		return ms
	}
	return out
}

func (lx *lexicon) nounMeasure(toks []token, noun, kw mention, after []mention) (mention, bool) {
	if noun.kind != mName || len(noun.cols) > 0 || noun.plural || noun.to != kw.from {
		return mention{}, false
	}
	ts := strongest(noun.tables, classExact)
	if len(ts) != 1 {
		return mention{}, false
	}
	if kw.kind != mKeyword || !isAggKeyword(kw.kw.kind) || kw.kw.kind == kwCount || kw.to-kw.from != 1 {
		return mention{}, false
	}
	if len(after) > 0 && after[0].kind == mName && len(after[0].cols) > 0 || len(after) > 0 && after[0].kind == mMeasure {
		return mention{}, false
	}
	t := lx.tables[ts[0].table]
	w := toks[kw.from]
	found := -1
	for ci, c := range t.cols {
		if !c.numeric || c.id || !slices.ContainsFunc(c.words, func(x string) bool { return x == w.text || x == w.stem }) {
			continue
		}
		if found >= 0 {
			return mention{}, false
		}
		found = ci
	}
	if found < 0 {
		return mention{}, false
	}
	return mention{
		from: noun.from, to: kw.to, text: noun.text + " " + kw.text, kind: mName,
		cols: []nameRef{{table: t.idx, col: found, class: classExact}}, plural: kw.plural, lead: noun.lead,
	}, true
}

// splitAggregates undoes a column phrase that swallowed an aggregate word
// when the question names the table to measure: in "total amount of
// payments" the phrase "total amount" is orders.total_amount, but the
// payments the question names hold an amount of their own, so the words
// are "total" and payments' "amount". A phrase is split only when none of
// its columns belongs to a table the question names and its last words
// name a column of one that does; otherwise the longer phrase stands
// ("total amount of orders" is orders.total_amount).
func (lx *lexicon) splitAggregates(toks []token, ms []mention) []mention {
	var named map[int]bool
	for _, m := range ms {
		if m.kind == mName {
			for _, r := range m.tables {
				if named == nil {
					named = map[int]bool{}
				}
				named[r.table] = true
			}
		}
	}
	if named == nil {
		return ms
	}
	var out []mention // a copy only once a phrase is split
	for i, m := range ms {
		if k, n, ok := lx.splitAggregate(toks, m, named); ok {
			if out == nil {
				out = append(make([]mention, 0, len(ms)+1), ms[:i]...)
			}
			out = append(out, k, n)
			continue
		}
		if out != nil {
			out = append(out, m)
		}
	}
	if out == nil {
		return ms
	}
	return out
}

// splitAggregate splits one mention as splitAggregates says, reporting
// whether it did.
func (lx *lexicon) splitAggregate(toks []token, m mention, named map[int]bool) (mention, mention, bool) {
	if m.kind != mName || len(m.tables) > 0 || len(m.cols) == 0 || m.to-m.from < 2 {
		return mention{}, mention{}, false
	}
	kw, ok := keywords[toks[m.from].text]
	if !ok || !isAggKeyword(kw.kind) || kw.kind == kwCount {
		return mention{}, mention{}, false
	}
	for _, r := range m.cols {
		if named[r.table] {
			return mention{}, mention{}, false
		}
	}
	rest, n := lx.longest(toks[:m.to], m.from+1)
	if n != m.to-m.from-1 || rest.kind != mName || len(rest.tables) > 0 {
		return mention{}, mention{}, false
	}
	inNamed := false
	for _, r := range rest.cols {
		inNamed = inNamed || named[r.table]
	}
	if !inNamed {
		return mention{}, mention{}, false
	}
	agg, an := lx.longest(toks[:m.from+1], m.from)
	if an != 1 || agg.kind != mKeyword {
		return mention{}, mention{}, false
	}
	agg.from, agg.to, agg.text, agg.plural, agg.lead = m.from, m.from+1, toks[m.from].raw, toks[m.from].plural, m.lead
	rest.from, rest.to, rest.text, rest.plural = m.from+1, m.to, rawText(toks[m.from+1:m.to]), m.plural
	return agg, rest, true
}

// longest finds the longest keyword, name or complete value starting at i.
// It returns a zero length when none does.
func (lx *lexicon) longest(toks []token, i int) (mention, int) {
	for n := min(lx.maxSpan, len(toks)-i); n >= 1; n-- {
		if n > 1 && !lx.mayStart(toks[i]) {
			continue
		}
		span := toks[i : i+n]
		if !plainWords(span) {
			continue
		}
		surf, st, ok := lx.spanKeys(span)
		if !ok {
			continue
		}
		kw, isKw := keywords[surf]
		if ids := lx.measureNames[st]; len(ids) == 1 {
			// A measure the metadata defines outranks the schema's words.
			return mention{kind: mMeasure, measure: ids[0]}, n
		}
		names := lx.narrowSynonyms(st, lx.names[st])
		if n == 1 && hardStops[surf] && !isKw {
			continue // function words name nothing, unless in capitals (see link)
		}
		if n == 1 && (softStops[surf] || relationVerbs[surf]) {
			names = strongest(names, classExact)
		}
		if n == 1 && span[0].kind == tokNumber && !listedSuffix(toks, i) {
			// A number names a column only by its whole name: "orders
			// with quantity 1" is a value, not line_1 (colvalue.go).
			names = strongest(names, classExact)
		}
		var vals []valueRef
		for _, v := range lx.values[surf] {
			if v.complete {
				vals = append(vals, v)
			}
		}
		switch {
		case isKw && kw.kind == kwStop:
			return mention{kind: mStop}, n
		case isKw && kw.kind == kwCount && n > 2 && strings.HasSuffix(surf, " number of") && lx.namedCount(toks, i+n-2):
			// "the number of rooms" where room_count holds it: the words
			// before "number" stand alone, and the count is a column.
			return lx.longest(toks[:i+n-2], i)
		case isKw && kw.kind == kwCount && surf == "the numbers of" && lx.numbersColumn(toks, i+n):
			// "the numbers of rooms" where room_number holds them: a
			// column, not a count (aggshape.go's pluralCounts).
			return lx.longest(toks[:i+1], i)
		case isKw:
			m := mention{kind: mKeyword, kw: kw}
			if isAggKeyword(kw.kind) {
				// "total" may also be a column called total: keep the
				// column for the parser to weigh.
				for _, r := range strongest(names, classExact) {
					if r.col >= 0 {
						m.cols = append(m.cols, r)
					}
				}
			}
			return m, n
		case len(names) > 0 && (len(vals) == 0 || bestClass(names) < classSynonym):
			// A value the samples hold outranks a name reached only
			// through a synonym ("rank Professor" beside an instructor
			// column).
			m := splitNames(names)
			// One reading per phrase: a table unless a column matches more
			// strongly ("orders" is the table, not order_date by prefix).
			if len(m.tables) > 0 && len(m.cols) > 0 {
				if bestClass(m.tables) <= bestClass(m.cols) {
					m.cols = nil
				} else {
					m.tables = nil
				}
			}
			return m, n
		case len(vals) > 0:
			return mention{kind: mValue, vals: vals}, n
		}
	}
	return mention{}, 0
}

// numbersColumn reports whether "the numbers of" before i is followed by
// a table with exactly one column of numbers ("the numbers of rooms" for
// rooms.room_number): the phrase asks for that column, not a count.
func (lx *lexicon) numbersColumn(toks []token, i int) bool {
	for n := min(lx.maxSpan, len(toks)-i); n >= 1; n-- {
		span := toks[i : i+n]
		if !plainWords(span) {
			continue
		}
		for _, r := range lx.names[stemKey(span)] {
			if r.col >= 0 || r.class != classExact {
				continue
			}
			found := 0
			for _, c := range lx.tables[r.table].cols {
				if c != nil && !c.id && len(c.words) > 1 && c.words[len(c.words)-1] == "number" {
					found++
				}
			}
			return found == 1
		}
	}
	return false
}

// namedCount reports whether "number of …" at i names a column
// (room_count as "number of rooms") and the counted noun names no table:
// "the number of hosts" counts the hosts even where a party has a
// number_of_hosts.
func (lx *lexicon) namedCount(toks []token, i int) bool {
	for n := min(lx.maxSpan, len(toks)-i); n >= 3; n-- {
		span := toks[i : i+n]
		if !plainWords(span) || len(lx.names[stemKey(span)]) == 0 {
			continue
		}
		for _, r := range lx.names[stemKey(span[2:])] {
			if r.col < 0 {
				return false
			}
		}
		return true
	}
	return false
}

// single classifies a token that starts no known phrase: a number, a
// numeral in a ranking ("top five"), a stop word, a value from incomplete
// samples, or an unknown word.
func (lx *lexicon) single(toks []token, i int, before []mention) (mention, int) {
	t := toks[i]
	if t.kind == tokNumber {
		return mention{kind: mNumber, num: t.num}, 1
	}
	// A numeral other than "one" is a number wherever digits would be
	// ("which three cities", "two beds"; numerals.go).
	if n, k, ok := numeralAt(toks, i); ok {
		return mention{kind: mNumber, num: n}, k
	}
	// "one" is a number only beside a ranking or a comparison ("top one",
	// "at least one"); elsewhere it is a pronoun ("the one with").
	if t.text == "one" && (afterRankWord(before) || beforeRankWord(toks, i) || afterComparison(before)) {
		return mention{kind: mNumber, num: int64(1)}, 1
	}
	if !hardStops[t.text] {
		// "study rooms": a value of several words, in the plural, may
		// begin with a word that alone would carry nothing.
		if m, n := lx.pluralValue(toks, i); n > 1 {
			return m, n
		}
	}
	if vals := lx.stopValue(toks, i, before); len(vals) > 0 {
		return mention{kind: mValue, vals: vals}, 1 // colvalue.go
	}
	if hardStops[t.text] || softStops[t.text] || relationVerbs[t.text] {
		return mention{kind: mStop}, 1
	}
	for n := min(lx.maxSpan, len(toks)-i); n >= 1; n-- {
		span := toks[i : i+n]
		if !plainWords(span) {
			continue
		}
		if vals := lx.values[surfaceKey(span)]; len(vals) > 0 {
			return mention{kind: mValue, vals: vals, weak: true}, n
		}
	}
	if m, n := lx.pluralValue(toks, i); n > 0 {
		return m, n
	}
	return mention{kind: mUnknown}, 1
}

// isAcronym reports whether a word is written in capitals, two letters or
// more ("US", "IT").
func isAcronym(raw string) bool {
	n := 0
	for _, r := range raw {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

func anyComplete(vals []valueRef) bool {
	for _, v := range vals {
		if v.complete {
			return true
		}
	}
	return false
}

func afterRankWord(before []mention) bool {
	if len(before) == 0 {
		return false
	}
	k := before[len(before)-1].kw.kind
	return before[len(before)-1].kind == mKeyword && (k == kwTop || k == kwBottom)
}

// afterComparison reports whether the last mention compares ("at least
// two"), so a numeral there is a number.
func afterComparison(before []mention) bool {
	if len(before) == 0 {
		return false
	}
	m := before[len(before)-1]
	return m.kind == mKeyword && (m.kw.kind == kwCmp || m.kw.kind == kwBetween)
}

func beforeRankWord(toks []token, i int) bool {
	for n := maxKeywordWords; n >= 1; n-- {
		if i+1+n > len(toks) {
			continue
		}
		if kw, ok := keywords[surfaceKey(toks[i+1:i+1+n])]; ok {
			return kw.kind == kwMax || kw.kind == kwMin || kw.kind == kwAdj
		}
	}
	return false
}

func isAggKeyword(k kwKind) bool {
	return k == kwCount || k == kwSum || k == kwAvg || k == kwMax || k == kwMin
}

// strongest keeps the references of the best class present, provided it
// is at least as strong as floor; otherwise none.
func strongest(refs []nameRef, floor matchClass) []nameRef {
	if len(refs) == 0 {
		return nil
	}
	best := refs[0].class
	for _, r := range refs {
		best = min(best, r.class)
	}
	if best > floor {
		return nil
	}
	n := 0
	for _, r := range refs {
		if r.class == best {
			n++
		}
	}
	// Sized once: planning asks this of every name mention many times.
	out := make([]nameRef, 0, n)
	for _, r := range refs {
		if r.class == best {
			out = append(out, r)
		}
	}
	return out
}

func bestClass(refs []nameRef) matchClass {
	best := classSynonym
	for _, r := range refs {
		best = min(best, r.class)
	}
	return best
}

func plainWords(span []token) bool {
	for _, t := range span {
		if t.kind != tokWord && t.kind != tokNumber {
			return false
		}
	}
	return true
}

// spanKeys is the surface and stem keys of span, and whether any table
// of the lexicon holds either. Most spans of several words start no
// phrase at all: their keys are looked up in stack buffers and only built
// as strings when one matches, which spares two allocations per span
// tried (longest tries up to maxSpan spans at every word).
func (lx *lexicon) spanKeys(span []token) (surf, st string, ok bool) {
	if len(span) == 1 {
		return surfaceKey(span), stemKey(span), true
	}
	var sbuf, tbuf [96]byte
	sb, tb := appendSurfaceKey(sbuf[:0], span), appendStemKey(tbuf[:0], span)
	_, isKw := keywords[string(sb)]
	if !isKw && len(lx.values[string(sb)]) == 0 && len(lx.names[string(tb)]) == 0 && len(lx.measureNames[string(tb)]) == 0 {
		return "", "", false
	}
	return string(sb), string(tb), true
}

// appendSurfaceKey appends surfaceKey(span) to b.
func appendSurfaceKey(b []byte, span []token) []byte {
	for i, t := range span {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, t.text...)
	}
	return b
}

// appendStemKey appends stemKey(span) to b.
func appendStemKey(b []byte, span []token) []byte {
	for i, t := range span {
		if i > 0 {
			b = append(b, ' ')
		}
		if t.kind == tokNumber {
			b = append(b, t.text...)
		} else {
			b = append(b, t.stem...)
		}
	}
	return b
}

func surfaceKey(span []token) string {
	if len(span) == 1 {
		return span[0].text
	}
	parts := make([]string, len(span))
	for i, t := range span {
		parts[i] = t.text
	}
	return strings.Join(parts, " ")
}

func stemKey(span []token) string {
	if len(span) == 1 {
		if span[0].kind == tokNumber {
			return span[0].text
		}
		return span[0].stem
	}
	parts := make([]string, len(span))
	for i, t := range span {
		parts[i] = t.stem
		if t.kind == tokNumber {
			parts[i] = t.text
		}
	}
	return strings.Join(parts, " ")
}

func rawText(span []token) string {
	if len(span) == 1 {
		return span[0].raw
	}
	parts := make([]string, len(span))
	for i, t := range span {
		parts[i] = t.raw
	}
	return strings.Join(parts, " ")
}

// splitNames is a name mention of refs, its tables apart from its columns.
func splitNames(refs []nameRef) mention {
	m := mention{kind: mName}
	nt := 0
	for _, r := range refs {
		if r.col < 0 {
			nt++
		}
	}
	// One array holds both parts, each capped so an append to one never
	// writes into the other; growing two slices was a tenth of planning's
	// allocations.
	buf := make([]nameRef, 0, len(refs))
	for _, r := range refs {
		if r.col < 0 {
			buf = append(buf, r)
		}
	}
	for _, r := range refs {
		if r.col >= 0 {
			buf = append(buf, r)
		}
	}
	if nt > 0 {
		m.tables = buf[:nt:nt]
	}
	if nt < len(refs) {
		m.cols = buf[nt:len(refs):len(refs)]
	}
	return m
}

// tableFirst is a name mention of refs where a table, if any, outranks
// the columns: a phrase naming a table in full names the table.
func tableFirst(refs []nameRef) mention {
	m := splitNames(refs)
	if len(m.tables) > 0 {
		m.cols = nil
	}
	return m
}
