package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
)

// Round twenty-eight: a key named as a noun where the table holding it
// refers to one table twice. A friendship table holds two keys to the
// people table, one for the person and one for the friend; "friends"
// links to the friend key, whose values are people, and the other key
// says whose friends they are. keynouns.go leaves such a word alone,
// since replacing it by the people table would put both roles on one
// person. The readings here build the self-join themselves, the roles
// fixed by the grammar:
//
//   - showing the referred rows: "Who are the friends of Bob?", "Who are
//     Bob's friends?" — the key named, for rows whose other key is Bob;
//   - counting them: "How many friends does Dan have?" — the key named,
//     counted (distinct when the question says "different" or
//     "distinct"), for rows whose other key is Dan;
//   - a condition on the referred rows: "Who has a friend that is from
//     New York?", "Who has friends with age above 40?" — the other key,
//     for rows whose named key refers to a row the condition holds for.
//     The condition is planned as a question about the referred table
//     ("person that is from New York") and read only when that plan is a
//     plain filter of the table. The rows may be asked for as "who" or
//     by the table's name and label ("the name of the person who has
//     …"). Two conditions joined by "but not" are two friends, some of
//     the one kind and none of the other; joined by "and" they are two
//     friends only when both are on one column ("with age above 40 and
//     under age 30": no one friend has both ages), and are not read
//     otherwise, nor is "or".
//
// Bob, Dan and the other values name a row of the referred table by its
// label column. Where the referred table's key is that label (a text
// key: the people table keyed by name), the key value is the name and
// the keys are compared and shown as they are; otherwise the referred
// table is joined, once per role, and its label compared and shown.
// Only these sentence shapes are read, every other word being a question
// or show word, so that no word of the question goes unread; a table that
// refers to itself ("each employee's manager") is not one of them.
//
// A plural predicate naming a value stored in the singular ("whose
// advisors are professors") is read at the end of this file.
//
// Measured on the Spider training questions (a–r): +9 correct, +0 wrong
// (eight questions of a friendship table: shown, counted, and filtered by
// the friends' rows, with "and" and "but not" over two friends; one
// plural predicate); paraphrased questions likewise +9, +0.

// linkNoun is a word naming one of the two keys a table holds to one
// other table: the token at, the table holding the keys, the referred
// table, and the two key columns, the one named and the other.
type linkNoun struct {
	at            int
	link, target  *tableInfo
	named, other  string
	targetKey     string
	labelIsTheKey bool
}

// linkNounOf reads mention m as a linkNoun, ok false when it is none.
func (lx *lexicon) linkNounOf(toks []token, m mention) (linkNoun, bool) {
	kc, ok := lx.keyOfNoun(toks, m, false)
	if !ok {
		return linkNoun{}, false
	}
	edges := lx.tables[kc.child].parents[kc.parent]
	target := lx.tables[kc.parent]
	if len(edges) != 2 || len(target.pk) != 1 || len(target.labels) != 1 {
		return linkNoun{}, false
	}
	for _, e := range edges {
		if len(e.from) != 1 || len(e.to) != 1 || !strings.EqualFold(e.to[0], target.pk[0]) {
			return linkNoun{}, false
		}
	}
	named := edges[kc.edge].from[0]
	other := edges[1-kc.edge].from[0]
	label := target.cols[target.labels[0]]
	return linkNoun{
		at: m.from, link: lx.tables[kc.child], target: target,
		named: named, other: other, targetKey: target.pk[0],
		labelIsTheKey: strings.EqualFold(label.name, target.pk[0]),
	}, true
}

// linkShowLead are the words that may open a question showing or counting
// the referred rows, before the phrase that names them.
var linkShowLead = setOf("who", "what", "are", "is", "the", "all", "of", "find", "list", "show", "give", "return", "me", "display", "tell")

// planByLinkNoun plans a question in which one word names one of two keys
// to one table (see above). ok is false when the question is none of the
// shapes read.
func (p *Planner) planByLinkNoun(toks []token, ms []mention) (*plan.Plan, bool) {
	if !p.lx.refersTwice() {
		return nil, false // no table holds two keys to one table
	}
	var ln linkNoun
	ni := -1
	for i, m := range ms {
		if l, ok := p.lx.linkNounOf(toks, m); ok {
			if ni >= 0 {
				return nil, false
			}
			ln, ni = l, i
		}
	}
	if ni < 0 {
		return nil, false
	}
	words := make([]string, len(ms))
	for i, m := range ms {
		words[i] = lower(m.text)
	}
	if pl, ok := p.lx.linkShowOrCount(ln, ms, words, ni); ok {
		return pl, true
	}
	return p.linkCondition(ln, toks, ms, words, ni)
}

// ownerValue is the value of the referred table's label that mention i
// holds, ok false when it holds none.
func (ln linkNoun) ownerValue(m mention) (string, bool) {
	if m.kind != mValue && m.kind != mQuoted {
		return "", false
	}
	label := ln.target.labels[0]
	for _, v := range m.vals {
		if v.table == ln.target.idx && v.col == label {
			return v.value, true
		}
	}
	return "", false
}

// linkShowOrCount reads "who are the friends of Bob", "who are Bob's
// friends" and "how many friends does Dan have".
func (lx *lexicon) linkShowOrCount(ln linkNoun, ms []mention, words []string, ni int) (*plan.Plan, bool) {
	var vi int
	var lead []string
	switch {
	case ni+2 < len(ms) && words[ni+1] == "of" && ni+3 == len(ms):
		// "… the friends of Bob"
		vi, lead = ni+2, words[:ni]
	case ni > 0 && ni+1 == len(ms):
		// "… Bob's friends" (the possessive is dropped when tokenized)
		vi, lead = ni-1, words[:ni-1]
	default:
		return lx.linkCount(ln, ms, words, ni)
	}
	value, ok := ln.ownerValue(ms[vi])
	if !ok || len(lead) == 0 || lead[0] != "who" && !clauseShowWords[lead[0]] {
		return nil, false
	}
	for _, w := range lead {
		if !linkShowLead[w] {
			return nil, false
		}
	}
	return ln.ofOwner(plan.SelectItem{Expr: ln.shown()}, value), true
}

// linkCount reads "how many [different] friends does Dan have".
func (lx *lexicon) linkCount(ln linkNoun, ms []mention, words []string, ni int) (*plan.Plan, bool) {
	if ni == 0 || ms[0].kind != mKeyword || ms[0].kw.kind != kwCount || words[0] != "how many" {
		return nil, false
	}
	distinct := false
	switch {
	case ni == 2 && (words[1] == "different" || words[1] == "distinct"):
		distinct = true
	case ni != 1:
		return nil, false
	}
	if ni+4 != len(ms) || !doForms[words[ni+1]] ||
		words[ni+3] != "have" && words[ni+3] != "has" {
		return nil, false
	}
	value, ok := ln.ownerValue(ms[ni+2])
	if !ok {
		return nil, false
	}
	arg := ln.shown()
	if !ln.labelIsTheKey {
		arg = plan.Col(ln.link.name + "." + ln.named)
	}
	return ln.ofOwner(plan.SelectItem{Expr: plan.Expr{Agg: "count", Arg: &arg, Distinct: distinct}}, value), true
}

// Aliases of the referred table, once per role, where it is joined.
const (
	linkNamedAlias = "named_rows"
	linkOwnerAlias = "owner_rows"
)

// shown is what shows the referred rows: the key itself when it is their
// label, else their label through the key.
func (ln linkNoun) shown() plan.Expr {
	if ln.labelIsTheKey {
		return plan.Col(ln.link.name + "." + ln.named)
	}
	return plan.Col(linkNamedAlias + "." + ln.target.cols[ln.target.labels[0]].name)
}

// ofOwner plans item over the link rows whose other key is the row of the
// referred table labelled value.
func (ln linkNoun) ofOwner(item plan.SelectItem, value string) *plan.Plan {
	pl := &plan.Plan{Select: []plan.SelectItem{item}, From: plan.Source{Table: ln.link.name}}
	owner := plan.Col(ln.link.name + "." + ln.other)
	if !ln.labelIsTheKey {
		label := ln.target.cols[ln.target.labels[0]].name
		pl.Joins = []plan.Join{ln.join(linkOwnerAlias, ln.other)}
		if item.Expr.Agg == "" {
			pl.Joins = append(pl.Joins, ln.join(linkNamedAlias, ln.named))
		}
		owner = plan.Col(linkOwnerAlias + "." + label)
	}
	if item.Expr.Agg == "" {
		pl.Distinct = true
	}
	val := plan.Val(value)
	pl.Where = &plan.Cond{Op: "=", Left: &owner, Right: &val}
	pl.Reason = "offline planner: " + ln.link.name + "." + ln.named + " of the " + ln.target.name + " row " + ln.link.name + "." + ln.other + " names"
	return pl
}

// join joins the referred table under alias through key column key of
// the link table.
func (ln linkNoun) join(alias, key string) plan.Join {
	return plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: ln.target.name, Alias: alias},
		On: []plan.JoinOn{{Left: ln.link.name + "." + key, Right: alias + "." + ln.targetKey}}}
}

// linkCondWords open the condition on the referred rows after the word.
var linkCondWords = setOf("that", "who", "which", "with", "whose", "from", "in")

// linkCondition reads "who has a friend that is from New York" and "the
// names of the people who have friends with age above 40": the other key
// of the link rows whose named key refers to a row the condition after
// the word holds for, shown by the referred table's label. Two
// conditions are read as two referred rows where one row cannot meet
// both: "with age above 40 but not under 30" (some such row, and none of
// the other), and "with age above 40 and under age 30", both on one
// column (a row has one age).
func (p *Planner) linkCondition(ln linkNoun, toks []token, ms []mention, words []string, ni int) (*plan.Plan, bool) {
	h := ni - 1
	if h >= 0 && (words[h] == "a" || words[h] == "any" || words[h] == "some") {
		h--
	}
	if h < 1 || !haveForms[words[h]] || !relativePronouns[words[h-1]] || h == 1 && words[0] != "who" || !ln.asksForOwner(ms[:h-1], words[:h-1]) ||
		ni+1 >= len(ms) || !linkCondWords[words[ni+1]] {
		return nil, false
	}
	// The condition, split at one "and" or "but", none other and no "or".
	split, op := -1, ""
	for j := ni + 2; j < len(ms); j++ {
		m := ms[j]
		switch {
		case m.kind == mKeyword && m.kw.kind == kwOr, m.kind == mKeyword && m.kw.kind == kwNot && split < 0:
			return nil, false
		case m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwBut):
			if split >= 0 {
				return nil, false
			}
			split, op = j, "intersect"
			if m.kw.kind == kwBut {
				op = ""
			}
		}
	}
	first, last := len(toks), len(toks)
	if split >= 0 {
		first = ms[split].from
		next := split + 1
		if op == "" {
			// "but not": some row meets the first, none the second.
			if next >= len(ms) || !(ms[next].kind == mKeyword && ms[next].kw.kind == kwNot) {
				return nil, false
			}
			next++
			op = "except"
		}
		if next >= len(ms) {
			return nil, false
		}
		last = ms[next].from
	}
	cond, ok := p.referredFilter(ln, toks[ms[ni+1].from:first])
	if !ok {
		return nil, false
	}
	pl := ln.ownersWhere(cond)
	if split < 0 {
		return pl, true
	}
	// The second condition as a row of its own: "under age 30" after
	// "with age above 40 and".
	other, ok := p.referredFilter(ln, slices.Concat([]token{wordToken("with")}, toks[last:]))
	if !ok || op == "intersect" && !sameColumn(cond, other) {
		return nil, false
	}
	right := ln.ownersWhere(other)
	right.Reason = "" // the combined plan's own reason says it
	pl.SetOp = &plan.SetOp{Op: op, Right: right}
	pl.Reason += map[string]string{"intersect": ", and of one meeting another", "except": ", and of none meeting another"}[op]
	return pl, true
}

// asksForOwner reports whether the words before "who has" ask for the
// rows of the referred table by its label: "who", or show words around
// the table's name and its label column ("the name of the person"); ms
// and words end before the relative word.
func (ln linkNoun) asksForOwner(ms []mention, words []string) bool {
	if len(ms) == 0 {
		// "Who has …": the relative word opens the question.
		return true
	}
	named := false
	for i, m := range ms {
		switch {
		case m.kind == mName && slices.ContainsFunc(m.tables, func(r nameRef) bool { return r.table == ln.target.idx }):
			named = true
		case m.kind == mName && len(m.tables) == 0 && slices.ContainsFunc(m.cols, func(r nameRef) bool {
			return r.table == ln.target.idx && r.col == ln.target.labels[0]
		}):
		case (m.kind == mStop || m.kind == mKeyword) && linkShowLead[words[i]]:
		default:
			return false
		}
	}
	return named
}

// referredFilter plans the condition words cond as a question about the
// referred table ("person that is from New York") and gives its filter,
// ok false unless the plan is a plain filter of that table.
func (p *Planner) referredFilter(ln linkNoun, cond []token) (*plan.Cond, bool) {
	rest := slices.Concat(tableTokens(ln.target.ident, false), cond)
	v := &Planner{lx: p.lx, today: p.today}
	sub, rf := v.planTokens(rest, nil)
	if rf != nil || sub.Where == nil || sub.From.Table != ln.target.name || len(sub.Joins) > 0 || sub.SetOp != nil ||
		len(sub.GroupBy) > 0 || sub.Having != nil || len(sub.OrderBy) > 0 || sub.Limit != nil || len(sub.With) > 0 {
		return nil, false
	}
	return sub.Where, true
}

// sameColumn reports whether two filters are comparisons of one and the
// same column, which one row cannot meet in two ways at once.
func sameColumn(a, b *plan.Cond) bool {
	return a.Op != "" && b.Op != "" && a.Left != nil && b.Left != nil && a.Left.Col != "" && a.Left.Col == b.Left.Col &&
		a.Subquery == nil && b.Subquery == nil
}

// ownersWhere plans the labels of the rows whose named key refers to a row
// of the referred table that cond holds for.
func (ln linkNoun) ownersWhere(cond *plan.Cond) *plan.Plan {
	in := &plan.Plan{Select: []plan.SelectItem{{Expr: plan.Col(ln.target.name + "." + ln.targetKey)}},
		From: plan.Source{Table: ln.target.name}, Where: cond}
	named := plan.Col(ln.link.name + "." + ln.named)
	pl := &plan.Plan{Distinct: true, From: plan.Source{Table: ln.link.name},
		Where: &plan.Cond{Op: "in", Left: &named, Subquery: in}}
	if ln.labelIsTheKey {
		pl.Select = []plan.SelectItem{{Expr: plan.Col(ln.link.name + "." + ln.other)}}
	} else {
		pl.Joins = []plan.Join{ln.join(linkOwnerAlias, ln.other)}
		pl.Select = []plan.SelectItem{{Expr: plan.Col(linkOwnerAlias + "." + ln.target.cols[ln.target.labels[0]].name)}}
	}
	pl.Reason = "offline planner: " + ln.link.name + "." + ln.other + " whose " + ln.link.name + "." + ln.named + " is a " + ln.target.name + " row meeting a condition"
	return pl
}

// A plural predicate naming a value: "students whose advisors are
// professors", where the instructors' rank holds 'Professor'. The value is
// stored in the singular and the plural links elsewhere (to the
// instructor table, whose synonym "professor" is) or to nothing, so the
// question is refused. Tried only then: a plural word right after "are"
// or "were" (and a negation: "are not professors") whose singular is, by itself, a value of one column is read as
// that value and the question planned again. The singular must link as a
// value where the plural stood, and nothing else of the question changes.

// predicateVerbs stand before a predicate noun in the plural.
var predicateVerbs = setOf("are", "were")

// planByPluralValue plans the question with the one plural predicate that
// names a value in the singular (see above); ok is false when there is no
// such word, or several.
func (p *Planner) planByPluralValue(toks []token, ms []mention, tr *Trace) (*plan.Plan, bool) {
	at := -1
	var one token
	for i, m := range ms {
		v := i - 1
		if v > 0 && (ms[v].kind == mKeyword && ms[v].kw.kind == kwNot || relNegations[lower(ms[v].text)]) {
			v-- // "whose advisors are not professors"
		}
		if v < 0 || m.to-m.from != 1 || m.kind == mValue || m.kind == mQuoted || !toks[m.from].plural || toks[m.from].kind != tokWord ||
			ms[v].kind != mStop || !predicateVerbs[lower(ms[v].text)] {
			continue
		}
		s, ok := singular(toks[m.from].text)
		if !ok {
			continue
		}
		vals := p.lx.values[s]
		if len(vals) == 0 || slices.ContainsFunc(vals, func(v valueRef) bool { return v.table != vals[0].table || v.col != vals[0].col }) {
			continue
		}
		w := wordToken(s)
		if at >= 0 {
			return nil, false
		}
		at, one = m.from, w
	}
	if at < 0 {
		return nil, false
	}
	fixed := slices.Concat(toks[:at], []token{one}, toks[at+1:])
	if pl, rf := p.planTokens(fixed, tr); rf == nil {
		return pl, true
	}
	// "whose advisors are professor" still names the instructors by a
	// key (keynouns.go).
	pl, rf, ok := p.planByKeyNoun(fixed, p.lx.link(fixed), tr)
	return pl, ok && rf == nil
}

// refersTwice reports whether some table holds two keys to one other
// table, the only schemas the readings above apply to: the others skip
// the search for key words.
func (lx *lexicon) refersTwice() bool {
	for _, t := range lx.tables {
		for parent, edges := range t.parents {
			if len(edges) == 2 && lx.tables[parent] != t {
				return true
			}
		}
	}
	return false
}
