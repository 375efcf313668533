package offline

import (
	"slices"

	"querent/internal/plan"
)

// Round thirty-three: a key noun after "each" or in "the Y of the <key
// noun>". A game refers
// to its teams twice, as the home team and as the away team: "What is
// the name of the home team of each game?" and "For each home team,
// show the team name and the number of games" ask for the team the
// home_team key refers to. The words link only to that key column, and
// the join to the team had two keys to choose from, so the question was
// refused. keynouns.go reads a one-word key noun the same way only when
// the table it refers to is not named; keyheld.go reads a key noun after
// "have" or "with" as the rows holding the key.
//
// The shape read: one name mention linked to columns only, all of them
// one single-column key from a table C to a different table T; right
// after "each", "every" or "per", or after "of the" ("the name of the
// home team"); and C named elsewhere in the question (its name, a column
// or a value of it), so the rows the key is read from are said. The
// question is planned again with the key noun replaced by T's name, over
// a lexicon in which that key is the only one from C to T, and the plan
// must read the key. With two keys from C to T, a value of T in the
// question, or T named as a table, may name the row of the other role
// and is not read; a key from
// a table to itself, two such words (or another key named as a noun
// anywhere in the question), and any refusal of the new reading
// leave the question as it was.
//
// Measured on the Spider training questions (a–r): +1 correct, +0 wrong
// ("the location and name of the winning aircraft"); paraphrased
// questions likewise +1, +0.

// namedKeyBefore are the words after which a key noun names the rows
// its key refers to, one by one ("each home team") or one of them ("of
// the home team").
var namedKeyBefore = setOf("each", "every", "per")

// namedKeyNoun finds the one key noun of ms in the shape above: the tokens
// [from, to) and its key. ok is false when none or several are.
func (lx *lexicon) namedKeyNoun(toks []token, ms []mention) (heldKey, bool) {
	var out heldKey
	n, keys := 0, 0
	for _, m := range ms {
		if m.kind != mName || len(m.tables) > 0 || len(m.cols) == 0 {
			continue
		}
		kc, ok := lx.oneKeyOf(m.cols)
		if !ok {
			continue
		}
		// Any other key named as a noun ("the home team and the away
		// team") would be read as its column beside the replaced one.
		keys++
		if kc.child == kc.parent || !namedKeyAt(toks, m.from) || !lx.namedElsewhere(ms, m.from, kc.child) {
			continue
		}
		out, n = heldKey{from: m.from, to: m.to, kc: kc}, n+1
	}
	return out, n == 1 && keys == 1
}

// namedKeyAt reports whether token i follows "each", "every" or "per",
// or "of the".
func namedKeyAt(toks []token, i int) bool {
	if i < 1 || toks[i-1].kind != tokWord {
		return false
	}
	if namedKeyBefore[toks[i-1].text] {
		return true
	}
	return i >= 2 && toks[i-1].text == "the" && toks[i-2].text == "of"
}

// planByNamedKey plans a question whose key noun stands for the rows its
// key refers to (see above), with the noun replaced by their table's
// name. ok is false when no word, or several, do so, or when the plan
// fails or does not read the key.
func (p *Planner) planByNamedKey(toks []token, ms []mention, tr *Trace) (*plan.Plan, bool) {
	hk, ok := p.lx.namedKeyNoun(toks, ms)
	if !ok {
		return nil, false
	}
	lx := p.lx
	if len(lx.tables[hk.kc.child].parents[hk.kc.parent]) > 1 {
		// A value of T, or T named as a table, may be the row of the
		// other role ("the member who voted and the age of the chair
		// vote"), which the one key kept would join as this one.
		if !p.chooseKeys || lx.namesParentValue(ms, hk.kc) || namesTable(ms, hk.kc.parent) {
			return nil, false
		}
		lx = lx.withKey(hk.kc)
	}
	name := tableTokens(lx.tables[hk.kc.parent].ident, toks[hk.to-1].plural)
	if len(name) == 0 {
		return nil, false
	}
	v := &Planner{lx: lx, today: p.today}
	pl, rf := v.planTokens(slices.Concat(toks[:hk.from], name, toks[hk.to:]), tr)
	if rf != nil || !joinsByKey(pl, p.lx, hk.kc) {
		return nil, false
	}
	return pl, true
}
