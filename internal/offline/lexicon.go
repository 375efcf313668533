package offline

import (
	"regexp"
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// matchClass ranks how a question phrase linked to a schema name; lower is
// stronger. When several names compete, only the strongest class is kept.
type matchClass uint8

const (
	// classExact: every word of the name, up to plural, inflection and
	// abbreviation ("order items" → order_items, "qty" → quantity).
	classExact matchClass = iota
	// classHead: the last word or words of a longer name ("price" →
	// unit_price, "product category" → ref_product_categories).
	classHead
	// classPrefix: the name without a generic last word ("hired" → hire_date).
	classPrefix
	// classSynonym: through a generic synonym ("town" → city).
	classSynonym
)

func (c matchClass) String() string {
	switch c {
	case classExact:
		return "exact"
	case classHead:
		return "head"
	case classPrefix:
		return "prefix"
	}
	return "synonym"
}

// lexicon is what the planner knows of one schema, precomputed by [New]:
// every table and column under the phrases that can name it, every sampled
// value under its normal form, and the foreign-key edges between tables.
type lexicon struct {
	tables []*tableInfo
	// unconfirmed describes, by child and parent table, the keys pairing
	// text with numbers that the data did not confirm (paths.go): named
	// when a question needs the join they would have made.
	unconfirmed map[[2]int]string
	// names maps a phrase of stems, space-separated, to the tables and
	// columns it names.
	names map[string][]nameRef
	// values maps a valueKey to the columns whose samples hold that value.
	values map[string][]valueRef
	// measures are the business measures, measureNames their names and
	// synonyms (stems, space-separated) → indexes into measures.
	measures     []*measureInfo
	measureNames map[string][]int
	// maxSpan is the longest phrase, in words, worth looking up.
	maxSpan int
	// wn links words the schema does not name (wordnet.go); nil: off.
	wn Thesaurus
	// startSurf and startStem hold the first words of the multi-word keys
	// of keywords and values (surface forms) and of names and measures
	// (stems): see indexStarts.
	startSurf, startStem map[string]bool
	// groupsByKey: the engine lets a query grouped by a primary key show
	// the table's other columns (SQLite, PostgreSQL, MySQL; not SQL Server
	// or DuckDB).
	groupsByKey bool
	// abbrevs are the names a spelled-out question word may abbreviate.
	abbrevs []abbrevName
	// inner maps the stem of a word inside a column name, not its last,
	// to those columns: "type" for card_type_code (shared.go).
	inner map[string][]nameRef
	// innerSyn holds, while names are indexed, the synonyms of those
	// words (names_inner.go).
	innerSyn map[string][]nameRef
	// derived maps the root of a name's head word to those names:
	// "found" for founder and founded (vocab_derive.go).
	derived map[string][]derivRef
	// keyVerbs holds the roots of the words of key columns' names:
	// "win" for winning_aircraft and winner_id (verbs.go).
	keyVerbs map[string]bool
	// partial marks the synonym links made from part of a name
	// (vocab_paraphrase.go).
	partial map[partialRef]bool
	// spell buckets the one-word names, keywords and values a misspelt
	// question word may stand for (spelling.go).
	spell map[spellKey][]string
	// valueWords finds complete values by some of their words
	// (valuewords.go).
	valueWords *valueWordIndex
	// flags maps the surface words that test a yes/no column ("allow
	// pets", "logged in") to its value meaning so; flagStarts holds their
	// first words and flagOther each flag's yes and no values (flags.go).
	flags      map[string][]valueRef
	flagStarts map[string]bool
	flagOther  map[[2]int][2]string
}

type tableInfo struct {
	idx   int
	name  string // as plans refer to it
	ident string // the name to read words from
	view  bool
	cols  []*colInfo // by schema position; nil for a name with no letters
	// parents lists, per referenced table, the foreign keys from this table
	// to it. Only a table with exactly one key is joined to.
	parents map[int][]fkEdge
	// selfKeys are the columns of single-column keys from the table to
	// itself (manager_id), which parents leaves out (keylabels.go).
	selfKeys []int
	labels   []int    // columns that name a row: the name columns, else a title
	pk       []string // the primary key's columns, as declared
	// stems are the stems of the name's words, lead is tableLead and
	// oneStem the stem of a name of one word ("" for others, see
	// compoundOf): kept, since planning compares them for every question.
	stems   []string
	lead    string
	oneStem string
}

// refersOnce reports whether t is another table than the one at index
// parent and refers to it by exactly one foreign key: each of t's rows
// then meets one parent row along one path, the join every reading of
// "X of Y" across two tables takes.
func (t *tableInfo) refersOnce(parent int) bool {
	return t.idx != parent && len(t.parents[parent]) == 1
}

type colInfo struct {
	table *tableInfo
	idx   int
	name  string
	ref   string // "table.column"
	kind  schema.Kind
	words []string // canonical lower-case words of the name
	stems []string // stems(words), kept since planning compares them for every question
	// numeric: can be summed and averaged (keys excluded). date: holds
	// dates. year: an integer year ("published_year"). id: a key column,
	// never reached by a partial name.
	numeric, date, year, id bool
	// textNum: a text column whose values are all numbers (textnumbers.go);
	// textWhole: all of them whole; textOrdered: their text order is their
	// numeric order.
	textNum, textWhole, textOrdered bool
	// complete: samples are all the column's values.
	complete bool
	// repeats: the values repeat across the rows, as categories do: at
	// most three distinct values per four rows, when both are known. A
	// column with a value shared by two rows of ten (a phone, a
	// description) does not.
	repeats bool
	samples []string
	// qualified: the name repeats its table's name (player.player_name).
	qualified bool
	// unique: every row holds a different value, as counted when the
	// schema was read; an equality on it matches one row at most.
	unique bool
}

// fkEdge is one foreign key: child columns equal parent columns.
type fkEdge struct {
	from, to []string
	// asText: the key pairs text with numbers (schema.ForeignKey.TextMatch);
	// its text side holds a number's digits, not a code of its own.
	asText bool
}

// nameRef is one schema name a phrase can mean.
type nameRef struct {
	table int
	col   int // -1: the table itself
	class matchClass
}

// valueRef is one column whose samples hold a value.
type valueRef struct {
	table, col int
	value      string // spelled as stored
	// complete is true when the column's samples are all its values. Only
	// such columns link a value anywhere in a question; others only right
	// after the column's own name ("last name Smith").
	complete bool
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}`)

// equivalent is one preprocessed entry of [equivalents].
type equivalent struct {
	canonical []string   // stems
	members   [][]string // stems of every other member
	synonyms  bool
	// oneWay: only the canonical word is the schema's; the members are
	// what a question may call it (vocab_paraphrase.go).
	oneWay bool
}

var (
	equivs []equivalent
	// canonicalOf maps a spelling of an abbreviation group (its stems,
	// space-separated) to the group's canonical words as written.
	canonicalOf = map[string][]string{}
)

func init() {
	for _, e := range equivalents {
		var eq equivalent
		eq.synonyms = e.synonyms
		for i, m := range e.words {
			st := stems(strings.Fields(m))
			if i == 0 {
				eq.canonical = st
			} else {
				eq.members = append(eq.members, st)
			}
			if !e.synonyms {
				canonicalOf[strings.Join(st, " ")] = strings.Fields(e.words[0])
			}
		}
		equivs = append(equivs, eq)
	}
	for _, g := range paraphrases {
		equivs = append(equivs, g.equivalent())
	}
	for _, g := range generalWords {
		equivs = append(equivs, g.equivalent())
	}
	equivsByWord = indexEquivalents(equivs)
}

// newLexicon indexes a schema: names and values first, then the foreign
// keys, which need every table indexed.
func newLexicon(s *schema.Schema, measures []plan.Measure) *lexicon {
	lx := &lexicon{names: map[string][]nameRef{}, values: map[string][]valueRef{}, measureNames: map[string][]int{}, maxSpan: maxKeywordWords,
		flags: map[string][]valueRef{}, flagStarts: map[string]bool{}, flagOther: map[[2]int][2]string{}}
	switch s.Engine {
	case "sqlite", "postgres", "mysql":
		lx.groupsByKey = true
	}
	for ti := range s.Tables {
		t := &s.Tables[ti]
		ident := t.Ident
		if ident == "" {
			ident = t.Name
		}
		info := &tableInfo{idx: ti, name: t.Name, ident: ident, view: t.View, pk: t.PrimaryKey, parents: map[int][]fkEdge{}, cols: make([]*colInfo, len(t.Columns))}
		lx.tables = append(lx.tables, info)
		tableWords := canonicalWords(splitIdent(ident))
		info.stems, info.lead = stems(tableWords), tableLead(info)
		if word, ok := oneWord(ident); ok {
			info.oneStem = stem(word)
		}
		if len(tableWords) > 1 && tablePrefixes[tableWords[0]] {
			// Before addName, whose weaker links would otherwise stay.
			lx.addPhrase(stems(tableWords[1:]), nameRef{ti, -1, classExact})
		}
		lx.addName(tableWords, ti, -1, false)
		lx.addAbbrev(tableWords, ti, -1, false)
		lx.addTableLead(tableWords, ti)
		lx.addDerived(tableWords, ti, -1, false)
		lx.addSynonyms(t.Synonyms, ti, -1)

		fkCols := map[string]bool{}
		for _, fk := range t.ForeignKeys {
			for _, c := range fk.Columns {
				fkCols[strings.ToLower(c)] = true
			}
		}
		marked := typeMarked(t.Columns)
		for ci := range t.Columns {
			c := &t.Columns[ci]
			words := columnWords(c.Name, marked)
			if len(words) == 0 {
				continue
			}
			last := words[len(words)-1]
			col := &colInfo{table: info, idx: ci, name: c.Name, ref: t.Name + "." + c.Name, kind: declaredKind(*c), words: words,
				complete: c.SamplesComplete && !emptyColumn(t, c), samples: c.Samples, repeats: c.Distinct >= 0 && 4*c.Distinct <= 3*t.RowCount,
				unique: c.Distinct > 0 && c.Distinct == t.RowCount}
			col.stems = stems(words)
			col.id = idWords[last] || fkCols[strings.ToLower(c.Name)]
			col.qualified = len(words) > len(tableWords) && hasPrefixWords(stems(words), stems(tableWords))
			col.numeric = col.kind.Numeric() && !col.id
			if !col.id && !col.numeric {
				col.textNum, col.textWhole = textNumber(*c)
				col.textOrdered = col.textNum && textOrdered(*c)
				col.numeric = col.textNum
			}
			col.year = col.kind == schema.KindInteger && last == "year"
			col.date = c.Kind.Temporal() || (isTextual(c.Kind) && genericSuffixes[last] && last != "year" && looksISO(c.Samples))
			info.cols[ci] = col
			if isTextual(c.Kind) && !col.id && slices.Contains(words, "name") {
				info.labels = append(info.labels, ci)
			}
			lx.addName(words, ti, ci, col.id)
			lx.addAbbrev(words, ti, ci, col.id)
			lx.addContraction(words, tableWords, ti, ci)
			lx.addInner(words, ti, ci, col.id)
			lx.addInnerSynonyms(words, ti, ci, col.id)
			lx.addDerived(words, ti, ci, col.id)
			lx.addUnitless(words, ti, ci, col.id)
			if !col.id && (!col.qualified || prefixSuffixes[last]) {
				// amount_claimed, form_type_code ("the type of a form"),
				// but not player_name, which the table names already.
				lx.addReordered(words, ti, ci)
			}
			if words[len(words)-1] == "telephone" && !col.id {
				// customer_phone: "the phone numbers of customers"
				st := stems(append(slices.Clone(words), "number"))
				lx.addPhrase(st, nameRef{ti, ci, classExact})
				lx.addVariants(st, nameRef{ti, ci, classExact})
				lx.addPhrase(stems([]string{"phone", "number"}), nameRef{ti, ci, classHead})
			}
			if noun := countedNoun(words); len(noun) > 0 && !col.id {
				// room_count, num_employees: "the number of rooms", a
				// count even when stored as text.
				col.numeric = true
				lx.addPhrase(stems(append([]string{"number", "of"}, noun...)), nameRef{ti, ci, classExact})
				// "more than 2 bedrooms": the noun alone, weaker than a
				// table of that name.
				lx.addPhrase(stems(noun), nameRef{ti, ci, classPrefix})
				lx.addVariants(stems(noun), nameRef{ti, ci, classPrefix})
			}
			lx.addSynonyms(c.Synonyms, ti, ci)
			lx.addSexValues(col)
			lx.addFlag(col, tableWords)
			ownKey := len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], c.Name) && strings.HasSuffix(strings.ToLower(c.Name), "id")
			if ownKey || col.qualified && idWords[last] && len(words) == len(tableWords)+1 {
				// A table's own key (student_id in students, or a primary
				// key such as aid) is "the id" of its rows; keys of other
				// tables in it are not.
				lx.addPhrase(stems(words[len(words)-1:]), nameRef{ti, ci, classHead})
				if last := words[len(words)-1]; ownKey && last != "id" {
					// aid, eid: a key named by a letter and "id" is still
					// "the id".
					lx.addPhrase([]string{"id"}, nameRef{ti, ci, classHead})
				}
			}
			for _, v := range c.Samples {
				lx.addValue(v, ti, ci, c.SamplesComplete)
			}
		}
	}
	for _, info := range lx.tables {
		lx.addFullName(info)
		info.labels = narrowLabels(info)
		if len(info.labels) > 0 {
			continue
		}
		for _, c := range info.cols {
			if c != nil && isTextual(c.kind) && len(c.words) == 1 && c.words[0] == "title" {
				info.labels = append(info.labels, c.idx)
			}
		}
		if len(info.labels) > 0 {
			continue
		}
		// A text column named like its table (campuses.campus,
		// allergy_type.allergytype) is what a row is called: its "name".
		tw := stems(canonicalWords(splitIdent(info.ident)))
		for _, c := range info.cols {
			if c != nil && isTextual(c.kind) && !c.id && slices.Equal(stems(c.words), tw) {
				info.labels = append(info.labels, c.idx)
				lx.addPhrase(stems([]string{"name"}), nameRef{info.idx, c.idx, classHead})
			}
		}
	}
	for ti := range s.Tables {
		for _, fk := range s.Tables[ti].ForeignKeys {
			p, ok := s.Table(fk.RefTable)
			if !ok || len(fk.Columns) == 0 || len(fk.Columns) != len(fk.RefColumns) {
				continue
			}
			pi := tableIndex(s, p)
			if pi == ti {
				// A self-reference (manager_id) is no join to a
				// parent; keylabels.go reads its name as a noun.
				lx.noteSelfKey(ti, fk.Columns)
				continue
			}
			e, ok := exactEdge(&s.Tables[ti], p, fk)
			if !ok {
				lx.noteUnconfirmed(ti, pi, &s.Tables[ti], p, fk)
				continue // a key naming columns that do not exist joins nothing
			}
			if !hasEdge(lx.tables[ti].parents[pi], e) {
				lx.tables[ti].parents[pi] = append(lx.tables[ti].parents[pi], e)
			}
		}
	}
	lx.mergeInnerSynonyms()
	lx.addKeyNumbers()
	lx.addMeasures(s, measures)
	lx.indexValueWords()
	lx.indexStarts()
	lx.indexSpelling()
	return lx
}

// indexStarts records the first word of every phrase of two words or more
// that [lexicon.longest] looks up: a span whose first word starts none
// needs no key built, and building keys was a fifth of planning's time.
func (lx *lexicon) indexStarts() {
	lx.startSurf, lx.startStem = map[string]bool{}, map[string]bool{}
	first := func(into map[string]bool, key string) {
		if i := strings.IndexByte(key, ' '); i > 0 {
			into[key[:i]] = true
		}
	}
	for k := range keywords {
		first(lx.startSurf, k)
	}
	for k := range lx.values {
		first(lx.startSurf, k)
	}
	for k := range lx.names {
		first(lx.startStem, k)
	}
	for k := range lx.measureNames {
		first(lx.startStem, k)
	}
}

// mayStart reports whether a phrase of two words or more beginning with t
// could be a key of longest's maps.
func (lx *lexicon) mayStart(t token) bool {
	st := t.stem
	if t.kind == tokNumber {
		st = t.text
	}
	return lx.startSurf[t.text] || lx.startStem[st]
}

// addSexValues lets "female" and "male" name the coded values of a sex or
// gender column ("F", "M"), which questions rarely spell as stored.
func (lx *lexicon) addSexValues(c *colInfo) {
	if !slices.Contains(c.words, "sex") && !slices.Contains(c.words, "gender") {
		return
	}
	for _, v := range c.samples {
		for word, codes := range sexWords {
			if slices.Contains(codes, strings.ToLower(v)) {
				lx.values[word] = append(lx.values[word], valueRef{table: c.table.idx, col: c.idx, value: v, complete: c.complete})
			}
		}
	}
}

// addFullName lets "full name" name a table's first and last name columns
// together when it has both.
func (lx *lexicon) addFullName(t *tableInfo) {
	var first, last *colInfo
	for _, l := range t.labels {
		switch c := t.cols[l]; {
		case slices.Equal(c.words[max(0, len(c.words)-2):], []string{"first", "name"}):
			first = c
		case slices.Equal(c.words[max(0, len(c.words)-2):], []string{"last", "name"}):
			last = c
		}
	}
	if first == nil || last == nil {
		return
	}
	key := stems([]string{"full", "name"})
	lx.addPhrase(key, nameRef{t.idx, first.idx, classExact})
	lx.addPhrase(key, nameRef{t.idx, last.idx, classExact})
}

// exactEdge spells a foreign key's columns as the tables declare them, so
// join conditions use the schema's exact names.
func exactEdge(child, parent *schema.Table, fk schema.ForeignKey) (fkEdge, bool) {
	var e fkEdge
	for k := range fk.Columns {
		c, ok1 := child.Column(fk.Columns[k])
		pc, ok2 := parent.Column(fk.RefColumns[k])
		if !ok1 || !ok2 || (c.Kind.Numeric() != pc.Kind.Numeric() && !fk.TextMatch) {
			// A text key declared against a number key joins values of
			// different kinds, which the audit refuses unless the data
			// showed them equal as text (fk.TextMatch).
			return fkEdge{}, false
		}
		e.from = append(e.from, c.Name)
		e.to = append(e.to, pc.Name)
		e.asText = e.asText || c.Kind.Numeric() != pc.Kind.Numeric()
	}
	return e, true
}

// narrowLabels keeps, among a table's name columns, the one called just
// "name" or the one named after the table (product_name), when there is
// one; otherwise all of them (first_name and last_name).
func narrowLabels(t *tableInfo) []int {
	for _, l := range t.labels {
		if c := t.cols[l]; len(c.words) == 1 {
			return []int{l}
		}
	}
	var q []int
	for _, l := range t.labels {
		if t.cols[l].qualified {
			q = append(q, l)
		}
	}
	if len(q) == 1 {
		return q
	}
	// festival_detail's festival_name, not its chair_name: the name
	// column that begins with the table's leading word.
	q = q[:0]
	for _, l := range t.labels {
		if c := t.cols[l]; len(c.words) == 2 && stem(c.words[0]) == tableLead(t) {
			q = append(q, l)
		}
	}
	if len(q) == 1 {
		return q
	}
	return t.labels
}

func tableIndex(s *schema.Schema, t *schema.Table) int {
	for i := range s.Tables {
		if &s.Tables[i] == t {
			return i
		}
	}
	return -1
}

func hasEdge(es []fkEdge, e fkEdge) bool {
	for _, x := range es {
		if strings.Join(x.from, ",") == strings.Join(e.from, ",") && strings.Join(x.to, ",") == strings.Join(e.to, ",") {
			return true
		}
	}
	return false
}

func isTextual(k schema.Kind) bool { return k == schema.KindText || k == schema.KindOther }

// looksISO reports whether a text column's samples are ISO-8601 dates; with
// no samples there is no evidence, and the answer is no.
func looksISO(samples []string) bool {
	for _, s := range samples {
		if !isoDate.MatchString(s) {
			return false
		}
	}
	return len(samples) > 0
}

// hasPrefixWords reports whether words begins with prefix, comparing the
// last prefix word up to its plural ("players" table, "player_name").
func hasPrefixWords(words, prefix []string) bool {
	if len(prefix) == 0 || len(words) < len(prefix) {
		return false
	}
	for i, w := range prefix {
		if words[i] != w {
			return false
		}
	}
	return true
}

// canonicalWords rewrites abbreviations in identifier words to their
// canonical form (qty → quantity, fname → first name), so that every later
// comparison sees one spelling.
func canonicalWords(words []string) []string {
	var out []string
	for i := 0; i < len(words); {
		matched := false
		for n := min(3, len(words)-i); n >= 1 && !matched; n-- {
			if c, ok := canonicalOf[strings.Join(stems(words[i:i+n]), " ")]; ok {
				out = append(out, c...)
				i += n
				matched = true
			}
		}
		if !matched && i+1 < len(words) && len(words[i]) == 1 {
			// LName splits as "l name": joined, it is an abbreviation.
			if c, ok := canonicalOf[stem(words[i]+words[i+1])]; ok {
				out = append(out, c...)
				i += 2
				matched = true
			}
		}
		if !matched {
			out = append(out, words[i])
			i++
		}
	}
	return out
}

// addName indexes a table (col < 0) or column under its full name, its
// equivalents, and, unless it is a key, its head word, its longer tails and
// (for columns) its name without a generic suffix.
func (lx *lexicon) addName(words []string, t, c int, isID bool) {
	if len(words) == 0 {
		return
	}
	st := stems(words)
	lx.addPhrase(st, nameRef{t, c, classExact})
	lx.addVariants(st, nameRef{t, c, classExact})
	if isID || len(words) < 2 {
		return
	}
	last := words[len(words)-1]
	if !hardStops[last] && !genericSuffixes[last] || last == "date" || last == "year" {
		head := st[len(st)-1:]
		lx.addPhrase(head, nameRef{t, c, classHead})
		lx.addVariants(head, nameRef{t, c, classHead})
	}
	// Longer tails name it too: "product category" for
	// ref_product_categories, "support rate" for candidate_support_rate.
	for k := 1; k < len(words)-1; k++ {
		if !hardStops[words[k]] {
			lx.addPhrase(st[k:], nameRef{t, c, classHead})
			lx.addVariants(st[k:], nameRef{t, c, classHead})
		}
	}
	if c >= 0 && (genericSuffixes[last] || prefixSuffixes[last]) && !allStops(words[:len(words)-1]) {
		lx.addPhrase(st[:len(st)-1], nameRef{t, c, classPrefix})
		lx.addVariants(st[:len(st)-1], nameRef{t, c, classPrefix})
	}
	// The words before a function word are the name's head noun:
	// budget_in_billions is "the budget", member_of_club "a member".
	for k := 1; k < len(words)-1; k++ {
		if !hardStops[words[k]] {
			continue
		}
		if !allStops(words[:k]) {
			lx.addPhrase(st[:k], nameRef{t, c, classPrefix})
			lx.addVariants(st[:k], nameRef{t, c, classPrefix})
		}
		break
	}
}

// addReordered indexes a two-word column name, less a last word such as
// "code", as questions also say it: the words swapped ("claimed amount"
// for amount_claimed), joined by "of" ("amount of payment" for
// amount_payment, and for a code "type of form" for form_type_code).
func (lx *lexicon) addReordered(words []string, t, c int) {
	coded := len(words) > 2 && prefixSuffixes[words[len(words)-1]]
	if coded {
		words = words[:len(words)-1]
	}
	if len(words) != 2 || hardStops[words[0]] || hardStops[words[1]] || isNumber(words[0]) || isNumber(words[1]) ||
		genericSuffixes[words[0]] || idWords[words[0]] || genericSuffixes[words[1]] || prefixSuffixes[words[1]] || idWords[words[1]] {
		return
	}
	st := stems(words)
	lx.addPhrase([]string{st[1], st[0]}, nameRef{t, c, classHead})
	lx.addPhrase([]string{st[0], "of", st[1]}, nameRef{t, c, classHead})
	if coded {
		// A code names a kind of its first word's thing: "the type of a
		// form" is form_type_code. Other names are not read backwards
		// ("name of product" is not a product_name of another table).
		lx.addPhrase([]string{st[1], "of", st[0]}, nameRef{t, c, classHead})
	}
}

// countedNoun returns the noun a count column counts: "room" for
// room_count, "employees" for num_employees; nil for other columns. Names
// already of the form number_of_x are indexed as they are.
func countedNoun(words []string) []string {
	switch {
	case len(words) >= 2 && words[len(words)-1] == "count" && !allStops(words[:len(words)-1]):
		return words[:len(words)-1]
	case len(words) >= 2 && words[0] == "number" && words[1] != "of":
		return words[1:]
	}
	return nil
}

// addVariants indexes the phrase with one equivalent substituted: the
// other spellings of an abbreviation keep the class, synonyms weaken it.
// A phrase of two words is indexed with both substituted too.
func (lx *lexicon) addVariants(st []string, ref nameRef) {
	for _, i := range equivalentsIn(st) {
		eq := &equivs[i]
		// Synonyms stand for each other whichever the schema uses.
		for _, src := range eq.sources() {
			n := len(src)
			for p := 0; p+n <= len(st); p++ {
				if !slices.Equal(st[p:p+n], src) {
					continue
				}
				r := ref
				if eq.synonyms {
					r.class = classSynonym
				}
				// A synonym of part of a name ranks below one of all of
				// it (vocab_paraphrase.go).
				whole := ref.class == classExact
				for _, m := range append([][]string{eq.canonical}, eq.members...) {
					if slices.Equal(m, src) {
						continue
					}
					v := append(append(append([]string{}, st[:p]...), m...), st[p+n:]...)
					if len(v) == 1 && (hardStops[v[0]] || isKeyword(v[0])) {
						continue
					}
					if lx.addPhrase(v, r) && eq.synonyms && !whole {
						lx.markPartial(v, r)
					}
				}
			}
		}
	}
	lx.addPairVariants(st, ref)
}

// addPhrase indexes a phrase under a name, reporting whether it did: the
// first (strongest) way in stays.
func (lx *lexicon) addPhrase(st []string, ref nameRef) bool {
	key := strings.Join(st, " ")
	for _, r := range lx.names[key] {
		if r.table == ref.table && r.col == ref.col {
			return false
		}
	}
	lx.names[key] = append(lx.names[key], ref)
	lx.maxSpan = max(lx.maxSpan, min(len(st), 6))
	return true
}

// addValue indexes one sample value. Values that are a single keyword or
// number are left out: "top" as a status must not capture every "top" in a
// question, and numbers link through the column they follow. A value that
// is a function word ("US", "IT") is kept, and links only where the
// question writes it in capitals.
func (lx *lexicon) addValue(v string, t, c int, complete bool) {
	key := valueKey(v)
	if key == "" {
		return
	}
	words := strings.Fields(key)
	if len(words) > 6 {
		return
	}
	if len(words) == 1 && (isKeyword(key) || isNumber(key)) {
		return
	}
	for _, r := range lx.values[key] {
		if r.table == t && r.col == c && r.value == v {
			return
		}
	}
	lx.values[key] = append(lx.values[key], valueRef{table: t, col: c, value: v, complete: complete})
	lx.maxSpan = max(lx.maxSpan, len(words))
}

func allStops(words []string) bool {
	for _, w := range words {
		if !hardStops[w] {
			return false
		}
	}
	return true
}

func isKeyword(w string) bool {
	_, ok := keywords[w]
	return ok
}

func isNumber(w string) bool {
	for _, r := range w {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// col returns the column info of a reference.
func (lx *lexicon) col(t, c int) *colInfo { return lx.tables[t].cols[c] }

// addTableLead indexes a longer table name under its leading words, weakly:
// a table is often named for its thing first and a qualifier after
// (county_public_safety holds "counties", festival_detail "festivals",
// SportsInfo "sports"). Any stronger match of the same words, a table or a
// column, wins over it.
func (lx *lexicon) addTableLead(words []string, t int) {
	if len(words) < 2 || tablePrefixes[words[0]] {
		return
	}
	st := stems(words)
	for k := 1; k < len(words); k++ {
		w := words[k-1]
		if hardStops[w] || genericSuffixes[w] || idWords[w] {
			return
		}
		if k == 1 && (isKeyword(w) || len(w) < 3) {
			continue
		}
		// No synonyms: through one, a leading word would tie with a table
		// the synonym names exactly ("clients": customers, not
		// customer_addresses).
		lx.addPhrase(st[:k], nameRef{t, -1, classPrefix})
	}
}
