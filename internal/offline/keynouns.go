package offline

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"querent/internal/plan"
)

// Round twenty: a foreign-key column named as a noun for the rows it
// refers to. A course has an instructor column that refers to a faculty
// member, a party a host_id that refers to a person: "the full name of
// the instructor who has a course named X" asks for a column of the
// faculty member the course's instructor key refers to, and "the hosts of
// parties older than 30" for people reached through host_id. The word
// links only to the key column, whose values are ids, so the question is
// refused or read as the key itself.
//
// The reading here, tried only once the question as asked is refused:
// a word that links to key columns only, all of them one single-column
// key from a table C to another table T, stands for T joined through that
// key. The question is planned again with the word replaced by T's name,
// over a lexicon in which that key is the only one from C to T (as
// keyverbs.go does for a verb), so that when C refers to T twice (a
// winner and a loser) the join follows the role the word names. It is
// read only when C itself is named elsewhere in the question (its name,
// a column or a value of it): without C the word would ask for the T rows
// some C row refers to, which replacing the word does not say. A key from
// a table to itself ("each employee's manager") would need the table
// twice and is not read; nor is a word that is a key of several tables or
// of several keys, nor one whose table T the question names itself
// ("the person who is a friend of Dan": two persons, which one plan of
// T's rows would merge). The plan must read the key (a join or subquery
// on it); any refusal of the new reading leaves the old one. The word may
// also be one linking left unlinked or set aside ("whose hosts are …"),
// when it is the one word of a key's name besides its id words
// (host_id, winner_id), since linking never reaches a key by part of its
// name. Where C refers to T twice, a value of T in the question names
// the row of the other role ("the friend of Zach") and is not read.
//
// Separately, a question answered as asked may show such a key beside
// the columns of the rows it refers to ("the full name of the instructor
// who …" showed the instructor id too): dropNamedKeys leaves the key out.
//
// Measured on the Spider training questions (a–r): +4 correct, −1 wrong
// (three refused questions answered, one wrong answer made right), no new
// wrong answer; paraphrased questions likewise +4, −1.

// keyNoun is a word read as the table its key refers to: the token at,
// and the key.
type keyNoun struct {
	at int
	kc keyChoice
}

// keyNouns finds the words of toks that name one key each (see above).
// ms are the question's mentions as linked.
func (lx *lexicon) keyNouns(toks []token, ms []mention) []keyNoun {
	var out []keyNoun
	for _, m := range ms {
		// A word set aside as a verb ("whose hosts are") may still name
		// a key by its words.
		kc, ok := lx.keyOfNoun(toks, m, true)
		if !ok || !lx.namedElsewhere(ms, m.from, kc.child) || namesTable(ms, kc.parent) {
			continue
		}
		out = append(out, keyNoun{at: m.from, kc: kc})
	}
	return out
}

// keyColsNamed lists the key columns named by one word besides their id
// words, stem being that word's stem: "winners" names winner_id, which
// linking leaves alone since a partial name never reaches a key. It runs
// for every unknown or set-aside word of every question that reaches the
// key-noun reading, so it counts the non-id words instead of collecting
// them: only a column with exactly one can match.
func (lx *lexicon) keyColsNamed(stem string) []nameRef {
	var refs []nameRef
	for ti, t := range lx.tables {
		for ci, c := range t.cols {
			if c == nil || !c.id {
				continue
			}
			rest, only := 0, ""
			for k, w := range c.words {
				if !idWords[w] {
					rest++
					only = c.stems[k]
				}
			}
			if rest == 1 && only == stem && rest < len(c.words) {
				refs = append(refs, nameRef{table: ti, col: ci, class: classExact})
			}
		}
	}
	return refs
}

// oneKeyOf reports the one single-column key every column of refs is,
// ok false when some column is no such key or they are several keys.
func (lx *lexicon) oneKeyOf(refs []nameRef) (keyChoice, bool) {
	var kc keyChoice
	found := false
	for _, ref := range refs {
		if ref.col < 0 {
			return keyChoice{}, false
		}
		c := lx.col(ref.table, ref.col)
		hit := false
		for to, edges := range lx.tables[ref.table].parents {
			for ei, e := range edges {
				if len(e.from) != 1 || !strings.EqualFold(e.from[0], c.name) {
					continue
				}
				k := keyChoice{child: ref.table, parent: to, edge: ei}
				if hit || found && k != kc {
					return keyChoice{}, false
				}
				kc, hit, found = k, true, true
			}
		}
		if !hit {
			return keyChoice{}, false
		}
	}
	return kc, found
}

// namedElsewhere reports whether a mention other than the one at token
// skip names table ti: the table, one of its columns, or a value held
// only there.
func (lx *lexicon) namedElsewhere(ms []mention, skip, ti int) bool {
	for _, m := range ms {
		if m.from == skip {
			continue
		}
		switch m.kind {
		case mName:
			if slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == ti }) ||
				len(m.tables) == 0 && len(m.cols) > 0 && !slices.ContainsFunc(m.cols, func(r nameRef) bool { return r.table != ti }) {
				return true
			}
		case mValue, mQuoted:
			if len(m.vals) > 0 && !slices.ContainsFunc(m.vals, func(v valueRef) bool { return v.table != ti }) {
				return true
			}
		}
	}
	return false
}

// planByKeyNoun plans a question in which exactly one word names a key as
// a noun (see above), with the word replaced by the name of the table the
// key refers to. ok is false when no word, or several, do so.
func (p *Planner) planByKeyNoun(toks []token, ms []mention, tr *Trace) (*plan.Plan, *refusal, bool) {
	kns := p.lx.keyNouns(toks, ms)
	if len(kns) != 1 {
		return nil, nil, false
	}
	kn := kns[0]
	lx := p.lx
	if len(lx.tables[kn.kc.child].parents[kn.kc.parent]) > 1 {
		if lx.namesParentValue(ms, kn.kc) {
			// "the friend of Zach": with two keys to the table, a
			// value of it names the row of the other role, which
			// the reading would put on the word's own.
			return nil, nil, false
		}
		if !p.chooseKeys {
			return nil, nil, false
		}
		lx = lx.withKey(kn.kc)
	}
	name := tableTokens(lx.tables[kn.kc.parent].ident, toks[kn.at].plural)
	if len(name) == 0 {
		return nil, nil, false
	}
	v := &Planner{lx: lx, today: p.today}
	pl, rf := v.planTokens(slices.Concat(toks[:kn.at], name, toks[kn.at+1:]), tr)
	if rf == nil && !joinsByKey(pl, p.lx, kn.kc) {
		// The word's rows were read without the key ("the person who
		// is a friend of Dan" as one person): not the role it names.
		return nil, nil, false
	}
	return pl, rf, true
}

// joinsByKey reports whether the plan reads the key kc somewhere: a join
// or a subquery on its column, so that the replaced word's rows are the
// ones the key refers to. The plan is searched as JSON, which names every
// column it reads as "table.column" wherever it is nested.
func joinsByKey(pl *plan.Plan, lx *lexicon, kc keyChoice) bool {
	js, err := json.Marshal(pl)
	if err != nil {
		return false
	}
	child := lx.tables[kc.child]
	e := child.parents[kc.parent][kc.edge]
	// Keys are declared in any case ("Host_ID" for host_id).
	return bytes.Contains(bytes.ToLower(js), []byte(strings.ToLower(`"`+child.name+`.`+e.from[0]+`"`)))
}

// namesParentValue reports whether a value in ms is held in the table
// the key kc refers to, or in one of the referring table's keys to it
// (keys that hold names rather than ids).
func (lx *lexicon) namesParentValue(ms []mention, kc keyChoice) bool {
	return slices.ContainsFunc(ms, func(m mention) bool {
		return (m.kind == mValue || m.kind == mQuoted) && slices.ContainsFunc(m.vals, func(v valueRef) bool {
			if v.table == kc.parent {
				return true
			}
			k, ok := lx.oneKeyOf([]nameRef{{table: v.table, col: v.col}})
			return ok && k.child == kc.child && k.parent == kc.parent
		})
	})
}

// tableTokens are the words of a table's name as a question would write
// them, the last in the plural when the word it replaces was.
func tableTokens(ident string, plural bool) []token {
	words := splitIdent(ident)
	out := make([]token, 0, len(words))
	for _, w := range words {
		if w == "" {
			continue
		}
		out = append(out, wordToken(w))
	}
	if len(out) > 0 && plural {
		// Names match in either number; the flag is what the parser
		// reads ("the instructors" asks for all of them).
		out[len(out)-1].plural = true
	}
	return out
}

// dropNamedKeys removes from the columns shown a key column that names
// the rows it refers to when columns of those rows are shown as well:
// "the full name of the instructor who has a course named X" links
// "instructor" to Course.instructor, whose value is the faculty member's
// id, while "full name" shows that member's names. The id beside the
// names answers no word of the question. Only rows are read this way:
// under an aggregate or a grouping the key may be what is counted by,
// and only a key named by one word that is not an id or a code word.
func dropNamedKeys(lx *lexicon, q *query) {
	if q.agg != "" || len(q.groupBy) > 0 || len(q.project) < 2 {
		return
	}
	shown := func(t *tableInfo) bool {
		return slices.ContainsFunc(q.project, func(c *colInfo) bool { return c.table == t && !c.id })
	}
	joined := func(t *tableInfo) bool {
		_, step := q.steps[t]
		return q.from == t || slices.Contains(q.joins, t) || step
	}
	q.project = slices.DeleteFunc(q.project, func(c *colInfo) bool {
		if len(c.words) != 1 || idWords[c.words[0]] || prefixSuffixes[c.words[0]] {
			// "order id", "budget type code": the key by its own
			// name, shown as asked.
			return false
		}
		kc, ok := lx.oneKeyOf([]nameRef{{table: c.table.idx, col: c.idx}})
		if !ok || kc.child == kc.parent || len(c.table.parents[kc.parent]) != 1 {
			return false
		}
		parent := lx.tables[kc.parent]
		return joined(c.table) && joined(parent) && shown(parent)
	})
}

// keyOfNoun reads one-word mention m as naming one key between two
// tables: a name of key columns only, or an unknown word (with setAside,
// also a word set aside as a verb) whose words name key columns. ok is
// false otherwise, and for a key of a table to itself.
func (lx *lexicon) keyOfNoun(toks []token, m mention, setAside bool) (keyChoice, bool) {
	if m.to-m.from != 1 {
		return keyChoice{}, false
	}
	refs := m.cols
	switch w := toks[m.from].text; {
	case m.kind == mName && len(m.tables) == 0:
	case m.kind == mUnknown, setAside && m.kind == mStop && !hardStops[w] && !isKeyword(w):
		refs = lx.keyColsNamed(toks[m.from].stem)
	default:
		return keyChoice{}, false
	}
	if len(refs) == 0 {
		return keyChoice{}, false
	}
	kc, ok := lx.oneKeyOf(refs)
	return kc, ok && kc.child != kc.parent
}
