package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
	"querent/internal/wordnet"
)

// Round thirty-two: three more readings of verbs that only relate what
// the question names, each a general rule of English read against the
// schema.
//
// First, a place named after a verb that picks one of two keys.
// keyverbs.go and keyverbs3.go choose the key a verb names ("routes that
// start in …": src_apid; "routes end in …": dst_apid) only when what
// follows the verb names one table, the key's parent or its child. A
// place is often a value of several tables: "China" is a country of the
// airports and of the airlines, "Canadian" names Canada in both. After a
// verb that picks the key from routes to airports, the place is where the
// route starts or ends, so it is the airports' value: the verb says what
// the value belongs to as much as which key joins it. The value is then
// read as the parent's alone, and the question planned over the lexicon
// holding the chosen key only ("How many routes end in a Canadian
// airport?": the routes whose dst_apid is an airport in Canada).
//
// The value must be held by the parent (a value only other tables hold
// names no place the verb reaches) and be the first thing after the verb,
// behind the prepositions and articles namesAfter passes; the key's child
// table must be named in the question. The reading is tried only where
// keyVerbChoice found no verb whose object names one table, so a question
// the earlier rounds read keeps its reading; and it is refused when
// another word names the other key ("the airport that is the destination
// of the most routes that start in China" asks about both ends of a
// route: namesOtherKey).
//
// The same verb may end an object relative clause, its subject right
// before it and the key's parent named before that: "the stations from
// which at least 200 trips started" (clauseEndKey). Nothing follows the
// verb there for namesAfter to read.
//
// Second, verbs of arrival and departure (directionVerbs, below) pick the
// key named for their end where WordNet connects neither.
//
// A preposition right after any key verb that names the other end keeps
// the question refused: "hops that departed to Norway" (prepositionAgrees).
//
// Third, a word WordNet uses mostly as a noun is read as a verb where
// only a verb can stand (verbByPosition, below).
//
// Measured on the Spider training questions (a–r): +3 correct, no new
// wrong answer, on the questions as written and on their paraphrases
// alike (two places after the verb, one clause-final verb; the second and
// third readings changed no answer there).

// parentValueAfter reports whether the first content after the verb at i,
// past prepositions and articles, is a value table ti holds together with
// other tables, and returns the mention's first token. A value held by ti
// alone is namesAfter's.
func parentValueAfter(toks []token, ms []mention, i, ti int) (from int, ok bool) {
	j := i + 1
	for j < len(toks) && toks[j].kind == tokWord && (keyVerbPreps[toks[j].text] || j > i+1 && pointingWords[toks[j].text]) {
		j++
	}
	for _, m := range ms {
		if m.from > j || m.to <= j {
			continue
		}
		if m.kind != mValue || len(m.vals) == 0 {
			return 0, false
		}
		in := slices.ContainsFunc(m.vals, func(v valueRef) bool { return v.table == ti })
		other := slices.ContainsFunc(m.vals, func(v valueRef) bool { return v.table != ti })
		return m.from, in && other
	}
	return 0, false
}

// keyParentValue finds, for a verb at i that picks the key from table ci
// to table pi, a place after it that pi holds among other tables (see
// above): kc is then the key choice that narrows the value to pi. It is
// keyVerbChoice's hook for the objects namesAfter does not read.
func (lx *lexicon) keyParentValue(toks []token, ms []mention, i, ci, pi, edge int) (kc keyChoice, ok bool) {
	if !namesTable(ms, ci) || lx.namesOtherKey(toks, ms, i, ci, pi, edge) {
		return keyChoice{}, false
	}
	from, ok := parentValueAfter(toks, ms, i, pi)
	if !ok {
		return keyChoice{}, false
	}
	return keyChoice{child: ci, parent: pi, edge: edge, narrowed: true, value: from}, true
}

// planNarrowed plans toks, the question without its key verb, with the
// value the verb's key choice narrows read as a value of the key's parent
// only. v is the planner over the lexicon with the chosen key; at is the
// verb's index in the question, kc.value the value's.
func (v *Planner) planNarrowed(toks []token, at int, kc keyChoice, tr *Trace) (*plan.Plan, *refusal) {
	from := kc.value
	if from > at {
		from-- // the verb was dropped before it
	}
	ms := v.lx.link(toks)
	found := false
	for k := range ms {
		if ms[k].from != from || ms[k].kind != mValue {
			continue
		}
		ms[k].vals = slices.DeleteFunc(slices.Clone(ms[k].vals), func(r valueRef) bool { return r.table != kc.parent })
		found = len(ms[k].vals) > 0
	}
	if !found {
		return nil, refuseUnresolved("I could not tell what the place after the verb belongs to.")
	}
	return v.planMentions(toks, v.lx.prepared(toks, ms), tr)
}

// namesOtherKey reports whether a word of the question other than the
// verb at i names another key from table ci to pi than the edge-th, by
// its word family, its WordNet relatives, or the end of a movement it
// names ("destination", "arrive": endKeyEdge): "the airport that is the
// destination of the most routes that start in China" asks about two
// ends of a route, and reading it along the start's key alone would
// answer for the wrong airport. A word that names a table is not read
// ("routes" meets a source's "root" in WordNet, as a verb's noun).
func (lx *lexicon) namesOtherKey(toks []token, ms []mention, i, ci, pi, edge int) bool {
	c := lx.tables[ci]
	edges := c.parents[pi]
	memo := keyRelMemo{lx: lx}
	for k, t := range toks {
		if k == i || t.kind != tokWord || len(t.text) < minRoot || hardStops[t.text] || isKeyword(t.text) || namesTableAt(ms, k) {
			continue
		}
		roots, _ := derivRoots(t.text)
		for ei, e := range edges {
			if ei != edge && lx.edgeOfFamily(c, e, roots) {
				return true
			}
		}
		if hit, n := lx.relativeKeyEdge(c, edges, t.text, &memo); n > 1 || n == 1 && hit != edge {
			return true
		}
		if hit, n := lx.endKeyEdge(c, edges, t.text); n > 1 || n == 1 && hit != edge {
			return true
		}
	}
	return false
}

// namesTableAt reports whether the token at k is part of a mention that
// names tables only.
func namesTableAt(ms []mention, k int) bool {
	return slices.ContainsFunc(ms, func(m mention) bool {
		return m.from <= k && k < m.to && m.kind == mName && len(m.tables) > 0 && len(m.cols) == 0
	})
}

// Second, verbs whose meaning has a direction pick the key named for that
// end of a movement. WordNet does not connect "arrive" with a destination
// (its relatives are arrival and arriver) nor "depart" with a source in
// its first senses, so keyverbs3.go leaves "flights arriving in Aberdeen"
// refused when the keys are src and dst. In general English a thing
// arrives at, lands in or reaches its destination, and departs, leaves or
// originates from its origin: directionVerbs holds those verbs, by the
// roots derivRoots gives their forms, and the key chosen is the one whose
// column words (an abbreviation read as the word it stands for) name that
// end and not the other (fromWords, toWords: valueof.go). Verbs that take
// their direction from a preposition ("go", "come", "sail to") are left
// out: the preposition alone may name the place as well as the end.

// directionVerbs maps the roots of verbs of arrival and departure to the
// end of a movement they name.
var directionVerbs = map[string]bool{
	// true: the destination
	"arriv": true, "land": true, "reach": true,
	// false: the origin
	"depart": false, "leav": false, "left": false, "originat": false,
}

// directionOf returns the end of a movement a verb form names.
func directionOf(w string) (toEnd, ok bool) {
	roots, kind := derivRoots(w)
	if kind == derivAgent || kind == derivAct {
		return false, false // "the arrival", "the departure": nouns
	}
	for _, r := range roots {
		if d, found := directionVerbs[r]; found {
			return d, true
		}
	}
	return false, false
}

// directionKeyEdge picks, among edges from c to one parent, the one key
// whose column words name the end of a movement the verb names (see
// above): hit is its index, and n how many keys name it (1 when hit is
// one). A key that names both ends, or neither, is not counted.
func (lx *lexicon) directionKeyEdge(c *tableInfo, edges []fkEdge, verb string) (hit, n int) {
	toEnd, ok := directionOf(verb)
	if !ok {
		return -1, 0
	}
	return endEdges(c, edges, toEnd)
}

// endEdges returns the one key of edges whose columns name the end asked
// for (the destination when toEnd, else the origin) and not the other,
// or -1, and how many do.
func endEdges(c *tableInfo, edges []fkEdge, toEnd bool) (hit, n int) {
	want, other := fromWords, toWords
	if toEnd {
		want, other = toWords, fromWords
	}
	hit = -1
	for ei, e := range edges {
		if edgeNamesEnd(c, e, want) && !edgeNamesEnd(c, e, other) {
			hit, n = ei, n+1
		}
	}
	return hit, n
}

// edgeNamesEnd reports whether a word of the key e's columns, or a word
// an abbreviation among them stands for ("dst": destination), is in end.
func edgeNamesEnd(c *tableInfo, e fkEdge, end map[string]bool) bool {
	for _, name := range e.from {
		for _, col := range c.cols {
			if col == nil || !strings.EqualFold(col.name, name) {
				continue
			}
			for _, w := range col.words {
				if end[w] || slices.ContainsFunc(spelledOut()[w], func(f string) bool { return end[f] }) {
					return true
				}
			}
		}
	}
	return false
}

// endKeyEdge picks, among edges from c to one parent, the one key named
// for the end of a movement the word names, as a noun ("destination",
// "origin": fromWords, toWords) or a verb (directionVerbs); n is how many
// keys it names. The prepositions of those sets name a place, not a key,
// and are not read.
func (lx *lexicon) endKeyEdge(c *tableInfo, edges []fkEdge, w string) (hit, n int) {
	if w == "from" || w == "to" {
		return -1, 0
	}
	if fromWords[w] || toWords[w] {
		return endEdges(c, edges, toWords[w])
	}
	return lx.directionKeyEdge(c, edges, w)
}

// verbByPosition reports whether the word at i, which WordNet uses more
// often as a noun, stands where only a verb can: right after a relative
// pronoun and right before a preposition ("companies that partner with",
// "the firms which bank at"). A noun there would need an article or a
// possessive before it. WordNet must know a verb sense of it in use (its
// concordance counted one), and no table's or column's word family may
// claim it, as linkVerbWord asks of a verb it knows by its usage; the
// verb is then read by relverbs2.go's shapes and gates like any other.
// Besides subjectVerbPreps' prepositions, which leave them out, "for"
// and "with" may follow the verb here: "play for", "partner with".
func (lx *lexicon) verbByPosition(toks []token, i int) bool {
	if i == 0 || i+1 >= len(toks) || toks[i-1].kind != tokWord || toks[i+1].kind != tokWord {
		return false
	}
	if !relativePronouns[toks[i-1].text] || !subjectVerbPreps[toks[i+1].text] && toks[i+1].text != "for" && toks[i+1].text != "with" {
		return false
	}
	w := toks[i].text
	if participlePrepositions[w] || operationWords[w] {
		return false
	}
	roots, _ := derivRoots(w)
	if slices.ContainsFunc(roots, func(r string) bool { return len(lx.derived[r]) > 0 }) {
		return false
	}
	vu, ok := lx.wn.(verbUsage)
	if !ok {
		return false
	}
	n, err := vu.Tagged(w, wordnet.Verb)
	return err == nil && n > 0
}

// clauseEndKey reports whether the verb at i, which picks the key from
// table ci to table pi, ends the question with its subject right before
// it, a name of ci, and a name of pi before that: an object relative
// clause, "the stations from which at least 200 trips started" (trips
// start from stations: the key from trip to station the verb names). As
// for a place after the verb, a word that names the other key refuses.
func (lx *lexicon) clauseEndKey(toks []token, ms []mention, i, ci, pi, edge int) bool {
	for _, t := range toks[i+1:] {
		if t.kind == tokWord {
			return false
		}
	}
	for k, m := range ms {
		if m.to != i {
			continue
		}
		if m.kind != mName || !slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == ci }) {
			return false
		}
		return slices.ContainsFunc(ms[:k], func(m mention) bool {
			return m.kind == mName && slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == pi })
		}) && !lx.namesOtherKey(toks, ms, i, ci, pi, edge)
	}
	return false
}

// prepositionAgrees reports whether the preposition right after the verb
// at i may name the end of the key e: "from" names an origin and "to" or
// "into" a destination, so "hops that departed to Norway" picks no key
// named for the origin, whatever the verb, and "arrived from" none named
// for the destination.
func prepositionAgrees(toks []token, i int, c *tableInfo, e fkEdge) bool {
	if i+1 >= len(toks) || toks[i+1].kind != tokWord {
		return true
	}
	switch toks[i+1].text {
	case "from":
		return !edgeNamesEnd(c, e, toWords) || edgeNamesEnd(c, e, fromWords)
	case "to", "into":
		return !edgeNamesEnd(c, e, fromWords) || edgeNamesEnd(c, e, toWords)
	}
	return true
}
