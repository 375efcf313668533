package offline

import (
	"slices"

	"querent/internal/plan"
)

// Round thirty-two: a key named as a noun for what the rows it refers to
// hold. A ballot table refers to the members three times, as the member
// who voted and as the members voted for as chair and as treasurer;
// "the members who have chair votes" asks for the members some ballot's
// chair_vote refers to. The word links only to the key column, whose
// values are the members' ids, so colWordRefusal asked for a value.
// keynouns.go reads such a word as the rows the key refers to when the
// table holding it is named elsewhere; here the rows referred to are the
// question's own, named by their table, and the word says which key of
// which table refers to them.
//
// The shape read: the table T the key refers to is named; the key noun
// follows "have", "with", "received" or "got" (past articles, numbers
// and "the most", "at least", "no"), or "how many" or "the number of"
// ("how many chair votes does each member have"); and the table C
// holding the key is not named as a table (its columns and values may
// be: "chair votes in the year 2020" are ballots of 2020). With C named,
// the people "who do not have friends" of a table of (name, friend)
// pairs may lack a row as the name as well as one as the friend. The
// question is planned again with the key noun replaced by C's name ("the
// members who have ballots"), over a lexicon in which that key is the
// only one from C to T, so the rows kept are those the key refers to,
// joined through THAT key and never another. Everything else is left to
// that plan, which must succeed and read the key; a word that names
// several keys or the keys of several tables, two such words (or another
// key named as a noun anywhere in the question, round thirty-four: "the
// members who have chair votes, and their treasurer votes" showed the
// treasurer votes of the ballots joined through the chair key), and a
// key from a table to itself (C is then T, named) are not read.
//
// Measured on the Spider training questions (a–r): the shape is refused
// there once only, in a question it does not read, and nothing changes;
// paraphrased questions likewise. The readings are those of the tests
// (keyheld_test.go), on a schema of the tests' own.

// heldKeyVerbs introduce what the rows of a table hold or were given.
var heldKeyVerbs = setOf("have", "has", "had", "having", "with", "received", "receive", "receives", "got", "get", "gets")

// heldKeyDets may stand between the verb and the key noun: articles, and
// the words of a number or a ranking of them ("no", "at least 2", "the
// most"), which the plan of the question with C's name reads as of C's
// rows ("the members who have the most ballots").
var heldKeyDets = setOf("a", "an", "any", "some", "no", "the", "most", "fewest", "least", "more", "fewer", "than", "at", "exactly")

// keyPhrase is a key noun found in a question (heldKeyNoun, namedKeyNoun):
// the tokens [from, to) and the key.
type keyPhrase struct {
	from, to int
	kc       keyChoice
}

// heldKeyNoun finds the one mention of ms in the shape above. ok is false
// when none or several are.
func (lx *lexicon) heldKeyNoun(toks []token, ms []mention) (keyPhrase, bool) {
	// A key from a table to itself is not read: the table it refers to is
	// then named, so the one holding it is too.
	return lx.soleKeyNoun(ms, func(m mention, kc keyChoice) bool {
		return namesTable(ms, kc.parent) && !namesTable(ms, kc.child) && heldAfterVerb(toks, m.from)
	})
}

// soleKeyNoun finds the one mention of ms naming a single foreign key
// only, as a noun, that accept takes. ok is false when accept takes none
// or several, and when any other key is named as a noun anywhere: it
// would be read as its column of the rows joined through this key ("the
// members who have chair votes, and their treasurer votes": the ballots
// that chose the member as chair, not the ones that chose a treasurer).
func (lx *lexicon) soleKeyNoun(ms []mention, accept func(mention, keyChoice) bool) (keyPhrase, bool) {
	var out keyPhrase
	n, keys := 0, 0
	for _, m := range ms {
		if m.kind != mName || len(m.tables) > 0 || len(m.cols) == 0 {
			continue
		}
		kc, ok := lx.oneKeyOf(m.cols)
		if !ok {
			continue
		}
		keys++
		if accept(m, kc) {
			out, n = keyPhrase{from: m.from, to: m.to, kc: kc}, n+1
		}
	}
	return out, n == 1 && keys == 1
}

// heldAfterVerb reports whether a holding verb stands before token i,
// past determiners only.
func heldAfterVerb(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && (toks[j].kind == tokWord && heldKeyDets[toks[j].text] || toks[j].kind == tokNumber) {
		j--
	}
	if j < 0 || toks[j].kind != tokWord {
		return false
	}
	switch w := toks[j].text; {
	case heldKeyVerbs[w]:
		return true
	case w == "many":
		return j > 0 && toks[j-1].text == "how" // "how many chair votes"
	case w == "of":
		return j > 0 && (toks[j-1].text == "number" || toks[j-1].text == "count") // "the number of chair votes"
	}
	return false
}

// planByHeldKey plans a question whose key noun names what the rows of
// its table hold (see above), with the word replaced by the name of the
// table holding the key. ok is false when no word, or several, do so, or
// when the plan does not read the key.
func (p *Planner) planByHeldKey(toks []token, ms []mention, tr *Trace) (*plan.Plan, bool) {
	if !p.chooseKeys {
		return nil, false
	}
	hk, ok := p.lx.heldKeyNoun(toks, ms)
	if !ok {
		return nil, false
	}
	lx := p.lx
	if len(lx.tables[hk.kc.child].parents[hk.kc.parent]) > 1 {
		lx = lx.withKey(hk.kc)
	}
	name := tableTokens(lx.tables[hk.kc.child].ident, true)
	if len(name) == 0 {
		return nil, false
	}
	return p.planRewritten(lx, hk.kc, tr, slices.Concat(toks[:hk.from], name, toks[hk.to:]))
}

// planRewritten plans the questions a key noun's question was rewritten
// to, in turn, over lx, and returns the first plan that joins through
// kc's key (joinsByKey). ok is false when none does.
func (p *Planner) planRewritten(lx *lexicon, kc keyChoice, tr *Trace, rewrites ...[]token) (*plan.Plan, bool) {
	v := &Planner{lx: lx, today: p.today}
	for _, asked := range rewrites {
		if pl, rf := v.planTokens(asked, tr); rf == nil && joinsByKey(pl, p.lx, kc) {
			return pl, true
		}
	}
	return nil, false
}
