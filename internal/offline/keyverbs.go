package offline

import (
	"maps"
	"slices"
	"strings"

	"querent/internal/plan"
)

// Verbs that pick one of several foreign keys between two tables: a trip
// has a start_station_id and an end_station_id, both referring to a
// station, so "trips that started from the station with the most docks"
// joins along the first and "trips that ended in San Francisco" along the
// second. Two keys between one pair of tables are never crossed otherwise
// (paths.go), since which one a question means would be a guess; a verb
// of exactly one key's family ("started": start_station_id) removes the
// guess. The question is then planned over a lexicon in which that key is
// the only one between the two tables, with the verb read as what the key
// already says. A verb of several keys' families, or of none, is no
// choice, and the question stays refused.

// keyChoice names one foreign key: the edge-th key from table child to
// table parent.
type keyChoice struct {
	child, parent, edge int
	// narrowed: the value whose first token is at value is read as the
	// parent's only (relverbs5.go).
	narrowed bool
	value    int
}

// relVerbAux are the words after which a verb's base form is a verb
// ("did not end", "trips that end at"), not a noun ("the end date").
var relVerbAux = setOf("do", "does", "did", "not", "never", "that", "which", "who", "to")

// keyVerbPreps are the words that may stand between a key's verb and the
// parent it names ("started from the station", "ended in Paris"); "by"
// for a passive ("matches lost by the player", keyverbs3.go).
var keyVerbPreps = setOf("from", "at", "in", "on", "to", "into", "by", "the", "a", "an", "any", "some", "each", "every")

// keyVerbChoice finds the one verb in toks that picks a key (see above):
// a verb form whose family is that of exactly one of the keys from one
// table to another it references by several, with one of the two tables
// named right after the verb (the table, one of its columns or one of its
// values) and the other named in the question. ok is false when no
// word, or more than one, does so.
func (lx *lexicon) keyVerbChoice(toks []token, ms []mention) (at int, kc keyChoice, ok bool) {
	if !lx.severalKeys() {
		return 0, keyChoice{}, false // most schemas: no verb can pick
	}
	found, late, nat, nkc := 0, 0, 0, keyChoice{}
	memo := keyRelMemo{lx: lx}
	for i, t := range toks {
		if !verbFormAt(toks, i) && !lx.verbAfterSubject(toks, ms, i) {
			continue
		}
		roots, kind := derivRoots(t.text)
		if kind == derivAgent || kind == derivAct {
			continue // a noun ("the starter") names a thing, not the key
		}
		for ci, c := range lx.tables {
			for pi, edges := range c.parents {
				if len(edges) < 2 {
					continue
				}
				hit, n := -1, 0
				for ei, e := range edges {
					if lx.edgeOfFamily(c, e, roots) {
						hit, n = ei, n+1
					}
				}
				if n == 0 {
					// No key of the verb's family: one its WordNet
					// relatives meet (keyverbs3.go).
					hit, n = lx.relativeKeyEdge(c, edges, t.text, &memo)
				}
				if n == 0 {
					// Nor one WordNet connects: a verb of arrival
					// or departure names an end (relverbs5.go).
					hit, n = lx.directionKeyEdge(c, edges, t.text)
				}
				if n != 1 || !prepositionAgrees(toks, i, c, edges[hit]) {
					continue // "departed to": relverbs5.go
				}
				if !(namesTable(ms, ci) && namesAfter(toks, ms, i, pi) || namesTable(ms, pi) && namesAfter(toks, ms, i, ci)) {
					// A place several tables hold, the parent among
					// them, or nothing after a clause-final verb
					// (relverbs5.go).
					if nk, ok := lx.keyParentValue(toks, ms, i, ci, pi, hit); ok {
						late++
						nat, nkc = i, nk
					} else if lx.clauseEndKey(toks, ms, i, ci, pi, hit) {
						late++
						nat, nkc = i, keyChoice{child: ci, parent: pi, edge: hit}
					}
					continue
				}
				found++
				at, kc = i, keyChoice{child: ci, parent: pi, edge: hit}
			}
		}
	}
	if found == 0 && late == 1 {
		return nat, nkc, true
	}
	return at, kc, found == 1
}

// severalKeys reports whether some table references another by more than
// one key: only then may a verb pick one.
func (lx *lexicon) severalKeys() bool {
	return slices.ContainsFunc(lx.tables, func(c *tableInfo) bool {
		for _, edges := range c.parents {
			if len(edges) >= 2 {
				return true
			}
		}
		return false
	})
}

// verbFormAt reports whether the word at i is written as a verb: a past
// form ("started", "won"), a present participle, or a base form after an
// auxiliary, a negation or a relative word ("did not end", "that end").
func verbFormAt(toks []token, i int) bool {
	t := toks[i]
	if t.kind != tokWord || len(t.text) < minRoot || hardStops[t.text] || isKeyword(t.text) {
		return false
	}
	if strings.HasSuffix(t.text, "ed") || irregularPast(t.text) {
		return true
	}
	if strings.HasSuffix(t.text, "ing") {
		// "starting from", not "the ending station": a participle
		// before its noun describes the noun.
		return i+1 < len(toks) && toks[i+1].kind == tokWord && keyVerbPreps[toks[i+1].text] && !articles[toks[i+1].text] && toks[i+1].text != "any" && toks[i+1].text != "some" && toks[i+1].text != "each" && toks[i+1].text != "every"
	}
	return i > 0 && toks[i-1].kind == tokWord && relVerbAux[toks[i-1].text]
}

// edgeOfFamily reports whether one of the words of the key e's columns,
// other than its id words, has a root among roots.
func (lx *lexicon) edgeOfFamily(c *tableInfo, e fkEdge, roots []string) bool {
	for _, name := range e.from {
		for _, col := range c.cols {
			if col == nil || !strings.EqualFold(col.name, name) {
				continue
			}
			for _, w := range col.words {
				if len(w) < minRoot || idWords[w] || hardStops[w] || isKeyword(w) {
					continue
				}
				wr, _ := derivRoots(w)
				if slices.ContainsFunc(wr, func(r string) bool { return slices.Contains(roots, r) }) {
					return true
				}
			}
		}
	}
	return false
}

// namesTable reports whether a name mention may mean table ti itself.
func namesTable(ms []mention, ti int) bool {
	return slices.ContainsFunc(ms, func(m mention) bool {
		return m.kind == mName && slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == ti })
	})
}

// namesAfter reports whether the first content after the verb at i, past
// prepositions and articles, names table ti: the table, one of its
// columns, or a value held there ("started from the station", "ended in
// San Francisco", "won the most games").
func namesAfter(toks []token, ms []mention, i, ti int) bool {
	j := i + 1
	for j < len(toks) && toks[j].kind == tokWord && (keyVerbPreps[toks[j].text] || j > i+1 && pointingWords[toks[j].text]) {
		j++ // "start at that airport": keyverbs3.go
	}
	for _, m := range ms {
		if m.from > j || m.to <= j {
			continue
		}
		switch m.kind {
		case mName:
			return slices.ContainsFunc(append(m.tables, m.cols...), func(r nameRef) bool { return r.table == ti })
		case mValue, mQuoted:
			return len(m.vals) > 0 && !slices.ContainsFunc(m.vals, func(v valueRef) bool { return v.table != ti })
		}
		return false
	}
	return false
}

// planByKeyVerb plans a question whose verb picks one of several keys
// between two tables (see above) over a lexicon holding only that key
// between them, the verb left out as what the key says. ok is false when
// no verb picks a key. ms are the question's mentions as linked; they
// are only read.
func (p *Planner) planByKeyVerb(toks []token, ms []mention, tr *Trace) (*plan.Plan, *refusal, bool) {
	at, kc, ok := p.lx.keyVerbChoice(toks, ms)
	if !ok {
		return nil, nil, false
	}
	v := &Planner{lx: p.lx.withKey(kc), today: p.today}
	var pl *plan.Plan
	var rf *refusal
	if kc.narrowed {
		pl, rf = v.planNarrowed(slices.Concat(toks[:at], toks[at+1:]), at, kc, tr) // relverbs5.go
	} else {
		pl, rf = v.planTokens(slices.Concat(toks[:at], toks[at+1:]), tr)
	}
	if rf == nil && pl.Limit != nil && slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokWord && t.text == "each" }) {
		// "for each station, … the minimum duration of trips that
		// ended there" asks for every station; one ranked row would
		// answer another question.
		return nil, refuseUnsupported("rankings in a question about each %s", p.lx.tables[kc.parent].name), true
	}
	return pl, rf, true
}

// withKey returns lx as a question with the key kc chosen reads it: kc
// the only key from its child table to its parent, every other table,
// key and index the planner's own. Only the child table is copied, with
// its columns, since plans tell tables apart by pointer and reach a
// column's table through the column; measures over the child are
// repointed likewise. The cost is one pointer per table and a copy of
// one table, not a second lexicon of the schema, and nothing is kept
// once the question is planned.
func (lx *lexicon) withKey(kc keyChoice) *lexicon {
	old := lx.tables[kc.child]
	child := *old
	child.parents = maps.Clone(old.parents)
	child.parents[kc.parent] = []fkEdge{old.parents[kc.parent][kc.edge]}
	child.cols = make([]*colInfo, len(old.cols))
	for i, c := range old.cols {
		if c != nil {
			cc := *c
			cc.table = &child
			child.cols[i] = &cc
		}
	}
	v := *lx
	v.tables = slices.Clone(lx.tables)
	v.tables[kc.child] = &child
	cloned := false // the measures are shared until one is over the child
	for i, m := range lx.measures {
		if m.table != old && !slices.Contains(m.tables, old) {
			continue
		}
		if !cloned {
			v.measures, cloned = slices.Clone(lx.measures), true
		}
		mm := *m
		if mm.table == old {
			mm.table = &child
		}
		mm.tables = slices.Clone(m.tables)
		for j, t := range mm.tables {
			if t == old {
				mm.tables[j] = &child
			}
		}
		v.measures[i] = &mm
	}
	return &v
}
