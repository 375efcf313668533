package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
)

// Round twenty-nine: a column word asked of a key noun. A student's
// advisor column refers to an instructor; "the names of the advisors of
// students whose gpa is above 3" asks for the instructors' names, reached
// through the key. Linking reads "names" as the column of the table the
// question is about, the students', and "advisors" as the key column
// itself, so the question as asked showed each student's own name beside
// the advisor's id: a wrong answer that looks like a right one.
//
// The shape "<column word> of [the|all|each|every] <key noun>", the key
// noun a word that links to the key columns of one single-column key from
// a table C to a table T and to no table, asks for a column of T. A plan
// of the question as asked is kept only when it reads that key (a join,
// a subquery or a comparison on it: "the delegate of district 1" names a
// key value) and does not show the key itself, the id in place of the
// column asked; otherwise the
// question as asked is refused, and the readings tried after a refusal
// have their turn: keynouns.go plans it again with the key noun replaced
// by T's name, joined through the key, when C is named elsewhere ("of
// students whose gpa is above 3"). Where nothing reads it the question
// stays refused: "the names of all advisors" says neither which
// instructors (all, or those who advise) nor whether once each, and a
// key from a table to itself ("the names of the managers", manager_id
// referring to the employees) needs the table twice, so the shape is
// always refused there; the lexicon keeps such keys apart for this
// (selfKeys), since they join no parent.
//
// Measured on the Spider training questions (a–r): the shape occurs in
// 13 questions (and 13 paraphrased ones); two wrong answers become
// refusals ("Alice's friends of friends", which showed one level of
// friends), no right answer changes and none is newly answered;
// paraphrased questions likewise −2 wrong.

// keyLabelDets may stand between "of" and the key noun.
var keyLabelDets = setOf("the", "all", "each", "every", "their", "its")

// keyLabelShape finds the shape "<column word> of [det] <key noun>" in
// the mentions ms as linked: the key the noun names, ok false when there
// is no such shape or the noun names no one key.
func (lx *lexicon) keyLabelShape(ms []mention) (keyChoice, bool) {
	for i := 0; i+2 < len(ms); i++ {
		w := ms[i]
		if w.kind != mName || len(w.cols) == 0 || ms[i+1].kind != mStop || lower(ms[i+1].text) != "of" {
			continue
		}
		k := i + 2
		for k < len(ms) && (ms[k].kind == mStop || ms[k].kind == mKeyword) && keyLabelDets[lower(ms[k].text)] {
			k++
		}
		if k >= len(ms) {
			continue
		}
		n := ms[k]
		if n.kind != mName || len(n.tables) > 0 || len(n.cols) == 0 || n.to-n.from != 1 {
			continue
		}
		if kc, ok := lx.oneKeyOf(n.cols); ok {
			return kc, true
		}
		if t, ok := lx.oneSelfKey(n.cols); ok {
			return keyChoice{child: t, parent: t}, true
		}
	}
	return keyChoice{}, false
}

// checkKeyLabel refuses the plan pl of the question whose mentions as
// linked are ms when the question asks for a column of a key noun's rows
// and pl does not reach those rows through the key (see above).
func (lx *lexicon) checkKeyLabel(ms []mention, pl *plan.Plan) *refusal {
	kc, ok := lx.keyLabelShape(ms)
	if !ok {
		return nil
	}
	child := lx.tables[kc.child]
	if kc.child == kc.parent {
		return refuseUnresolved("The question asks for a column of the %s rows that other %s rows refer to, which would need the table twice.",
			child.name, child.name)
	}
	key := child.parents[kc.parent][kc.edge].from[0]
	if joinsByKey(pl, lx, kc) && !showsKey(pl, child.name+"."+key) {
		return nil
	}
	return refuseUnresolved("The question asks for a column of the %s rows that %s.%s refers to, which I could not read with confidence.",
		lx.tables[kc.parent].name, child.name, key)
}

// noteSelfKey records the key of table ti to itself over the columns
// cols, when it is one column of the table.
func (lx *lexicon) noteSelfKey(ti int, cols []string) {
	if len(cols) != 1 {
		return
	}
	for _, c := range lx.tables[ti].cols {
		if c != nil && strings.EqualFold(c.name, cols[0]) {
			lx.tables[ti].selfKeys = append(lx.tables[ti].selfKeys, c.idx)
			return
		}
	}
}

// oneSelfKey reports the table whose key to itself every column of refs
// is, ok false when some column is none.
func (lx *lexicon) oneSelfKey(refs []nameRef) (int, bool) {
	t := -1
	for _, ref := range refs {
		if ref.col < 0 || t >= 0 && ref.table != t || !slices.Contains(lx.tables[ref.table].selfKeys, ref.col) {
			return -1, false
		}
		t = ref.table
	}
	return t, t >= 0
}

// showsKey reports whether the plan shows the key column key ("table.col")
// itself, the id in place of the column asked of the rows it refers to.
func showsKey(pl *plan.Plan, key string) bool {
	for _, it := range pl.Select {
		if it.Expr.Agg == "" && strings.EqualFold(it.Expr.Col, key) {
			return true
		}
	}
	return false
}
