package offline

import (
	"slices"
	"strings"
	"unicode"
)

// A table the question names but no role joined is read in one of three
// ways, when the schema or the words between it and the question's table
// say which:
//
//   - "instructors in the Comp. Sci. department", "products with category
//     'Spices'": a condition is on the question's table's own foreign key
//     to the other table, so the value already names its row;
//   - "the heads of the departments", "orders of customers": the other
//     table only says whose rows these are, and the question puts no
//     condition on it, so every row of the question's table is meant;
//   - "customers who have an account", "students with advisors",
//     "departments that offer courses", "nurses who are on call": the rows
//     some row of the other table refers to (key IN the child's keys),
//     when the other table ends the question and nothing is grouped.
//
// Anything else stays a refusal: which rows the table limits is a guess.

// haveWords say that the rows before them hold rows of the table after:
// "customers with accounts", "students who have advisors".
var haveWords = setOf("with", "have", "has", "had", "having")

// relateNamed settles a table t the question names that no role joined,
// returning false when no reading is safe.
func (r *resolver) relateNamed(t *tableInfo) bool {
	if r.keyCond(t) {
		return true
	}
	mt, ms := r.namedPair(t)
	if mt < 0 || ms < 0 {
		return false
	}
	between := r.ms[ms+1 : mt]
	switch {
	case r.qualifies(t, between):
		return true
	case (r.holdsSome(between) || r.predicate(mt, between)) && r.onlyStopsAfter(mt):
		return r.exists(t)
	}
	return false
}

// namedPair returns t's one mention and the mention of the question's
// table right before it (only stop words between), or the "and" that
// starts t's clause after conditions on the question's own rows; -1s when
// neither.
func (r *resolver) namedPair(t *tableInfo) (mt, ms int) {
	mt = -1
	for _, m := range r.f.tables {
		refs := r.lx.withoutLinks(strongest(r.ms[m].tables, classSynonym))
		if len(refs) == 1 && refs[0].table == t.idx {
			if mt >= 0 {
				return -1, -1
			}
			mt = m
		}
	}
	if mt < 0 {
		return -1, -1
	}
	for k := mt - 1; k >= 0; k-- {
		if r.ms[k].kind == mStop || r.ms[k].relVerb {
			continue
		}
		if r.namesSubject(k) {
			return mt, k
		}
		and := r.ms[k].kind == mKeyword && r.ms[k].kw.kind == kwAnd
		if (and || r.relClause(k+1, mt)) && r.ownConds() {
			// "customers that live in Brazil and have an invoice",
			// "customers from Brazil who have had an invoice": a second
			// clause about the same rows, after conditions on their own
			// columns.
			for j := k - 1; j >= 0; j-- {
				if r.namesSubject(j) {
					return mt, k
				}
			}
		}
		break
	}
	return -1, -1
}

// namesSubject reports whether mention k names the question's table.
func (r *resolver) namesSubject(k int) bool {
	refs := strongest(r.ms[k].tables, classSynonym)
	return r.ms[k].kind == mName && slices.ContainsFunc(refs, func(c nameRef) bool { return c.table == r.subject.idx })
}

// ownConds reports whether the question has conditions, all on the
// question's table's own columns, and joins nothing.
func (r *resolver) ownConds() bool {
	if len(r.q.conds) == 0 || len(r.q.joins) > 0 {
		return false
	}
	for _, c := range r.q.conds {
		if c.col.table != r.subject || c.child != nil {
			return false
		}
	}
	return true
}

// qualifies reports whether "X of the Y" names Y only to say whose rows X
// are: nothing but "of" and articles between, and Y a parent of X by one
// key, or linked to X through the one table that refers to both.
func (r *resolver) qualifies(t *tableInfo, between []mention) bool {
	of := false
	for _, m := range between {
		switch lower(m.text) {
		case "of":
			if of {
				return false
			}
			of = true
		case "the", "all", "each", "every":
		default:
			return false
		}
	}
	if !of {
		return false
	}
	return len(r.subject.parents[t.idx]) == 1 || r.linkTable(r.subject, t, true) != nil
}

// holdsSome reports whether the words between say the rows hold some of
// the other table's: a "have" word or a verb of relation, and no other
// word that could change the reading.
func (r *resolver) holdsSome(between []mention) bool {
	link := false
	for _, m := range between {
		w := lower(m.text)
		switch {
		case haveWords[w] || relationVerbs[w] || m.relVerb:
			link = true
		case (hardStops[w] || softStops[w]) && w != "of" && w != "from" && w != "for" && w != "to" && w != "by":
		default:
			return false
		}
	}
	return link
}

// onlyStopsAfter reports whether no word follows mention m: the other
// table is the question's last word, so no condition after it could have
// been meant for its rows (a stop word may be one: "in May").
func (r *resolver) onlyStopsAfter(m int) bool {
	for _, x := range r.ms[m+1:] {
		if x.kind != mStop || strings.ContainsFunc(x.text, unicode.IsLetter) {
			return false
		}
	}
	return true
}

// exists adds "some row of t refers to the question's row": t refers to
// the question's table by one single-column key, or t is reached through
// the one table that refers to both and is named after one of them (then
// that table's rows count; a table named for neither is a relation of its
// own, not the one the words mean).
func (r *resolver) exists(t *tableInfo) bool {
	if q := r.q; len(q.groupBy) > 0 || len(q.groupKey) > 0 || q.rankAgg || q.having != "" {
		// "the department with the most students enrolled": whether the
		// other table limits the rows counted or is what is counted is
		// not said.
		return false
	}
	y := t
	if len(y.parents[r.subject.idx]) == 0 {
		y = r.linkTable(r.subject, t, false)
		if y == nil {
			return false
		}
	}
	edges := y.parents[r.subject.idx]
	if len(edges) != 1 || len(edges[0].from) != 1 {
		return false
	}
	key := r.colByName(r.subject, edges[0].to[0])
	if key == nil {
		return false
	}
	r.q.conds = append(r.q.conds, condSpec{col: key, op: "in", child: y, fk: edges[0].from[0]})
	return true
}

// keyCond reports whether a condition of the question is on the question's
// table's one foreign key to t: the value names t's row by its key.
func (r *resolver) keyCond(t *tableInfo) bool {
	edges := r.subject.parents[t.idx]
	if len(edges) != 1 || len(edges[0].from) != 1 {
		return false
	}
	found := false
	for _, c := range r.q.conds {
		if c.avg || c.extreme != "" {
			// "below the average salary of the instructors in the Physics
			// department": the value may limit the average instead.
			return false
		}
		found = found || c.child == nil && c.col.table == r.subject && strings.EqualFold(c.col.name, edges[0].from[0])
	}
	return found
}

// relClause reports whether the stop words in [from, to) open a relative
// clause ("who", "that", "which").
func (r *resolver) relClause(from, to int) bool {
	for _, m := range r.ms[from:to] {
		switch lower(m.text) {
		case "who", "that", "which":
			return true
		}
	}
	return false
}

// predicate reports whether the other table's name reads as the verb or
// place of a clause about the rows before it ("nurses who are on call",
// "students who play games", for tables on_call and plays_games): its
// first word is a verb of relation or a preposition, and only stop words
// stand between.
func (r *resolver) predicate(mt int, between []mention) bool {
	for _, m := range between {
		if w := lower(m.text); !hardStops[w] || w == "of" || w == "for" || w == "by" {
			return false
		}
	}
	w := lower(firstWord(r.ms[mt].text))
	return relationVerbs[w] || w == "on" || w == "in" || w == "at"
}
