package offline

// countrel.go: conditions on and rankings by a count of related rows in
// shapes the earlier readings (havingrows.go, ranking.go, rankrows.go)
// left refused.
//
// "the order more than two invoices": no verb at all, the table X right
// before the comparison and a table Y whose rows refer to X by one key.
//
// "Which types of policy are chosen by more than 2 customers?": the
// passive with an irregular participle ("chosen", "taken", "held"), and X
// a column not of Y but of a table whose rows each refer to one Y: each
// such row is one Y choosing one X, so the rows counted per X are that
// table's.
//
// "the body builder with the greatest body weight": a singular table name
// right between the ranking word and a numeric column, naming the very
// table ranked, is a modifier of the column ("body weight"), not a count
// of that table's rows.
//
// "the attraction type most tourist attractions belong to" (an object
// relative clause), "customers who use Credit Card payment method and
// have more than 2 orders" (a second relative clause after "and have"),
// and "the nominee who has been nominated for the most musicals" (a
// sampled value that is the verb X's own name derives from).
//
// Each reading holds only when the schema leaves one join between X and
// the counted rows: one key from the counted table to X's.

import (
	"slices"
	"strings"
)

// irregularParticiples are past participles that do not end in -ed, the
// verb of a passive clause as "used" or "shared" is ("chosen by the most
// customers"). General English, no domain's.
var irregularParticiples = setOf("chosen", "taken", "given", "held", "made", "written", "driven",
	"won", "bought", "sold", "built", "paid", "seen", "known", "run", "done", "sent", "spent",
	"brought", "taught", "caught", "kept", "led", "met", "read", "told", "found", "drawn", "flown",
	"grown", "shown", "thrown", "worn", "borne", "begun", "sung", "ridden", "eaten", "beaten")

// nameRightBefore finds X in "the order more than two invoices" (i: the
// comparison or the number, y: the counted table): the unused table
// mention directly before i, with not even a stop word between, naming
// one table that Y's table refers to by exactly one key, so counting Y per
// X has one join and one meaning. It returns X or -1.
func (p *parser) nameRightBefore(i, y int) int {
	x := i - 1
	if !p.in(x) || p.ms[x].kind != mName || p.used[x] || len(p.ms[x].cols) > 0 || !p.ms[y].plural {
		return -1
	}
	xt, okX := p.oneTable(x)
	yt, okY := p.oneTable(y)
	if !okX || !okY || !p.lx.tables[yt].refersOnce(xt) {
		return -1
	}
	return x
}

// countedVia makes the counted mention y stand for the rows of the table
// that holds the column X at x, when X is a column not of Y's table but of
// a table whose rows refer to Y's by exactly one key ("types of policy
// chosen by more than 2 customers", Policies.policy_type_code with
// Policies.customer_id → Customers): each such row is one Y related to one
// X, so the number of Y per X is the number of those rows per X, as the
// schema has no other path from X to Y. It reports whether it did.
func (p *parser) countedVia(x, y int) bool {
	if !p.isCol(x) || p.isTable(x) {
		return false
	}
	yt, okY := p.oneTable(y)
	cs := strongest(p.ms[x].cols, classSynonym)
	if !okY || len(cs) != 1 || len(p.ms[y].cols) > 0 {
		return false
	}
	col := p.lx.col(cs[0].table, cs[0].col)
	t := col.table
	if col.id || !t.refersOnce(yt) {
		return false
	}
	p.ms[y].tables = []nameRef{{table: t.idx, col: -1, class: p.ms[y].tables[0].class}}
	return true
}

// irregularParticiple reports whether w is a past participle that does
// not end in -ed ("chosen", "held").
func irregularParticiple(w string) bool {
	return !strings.Contains(w, " ") && irregularParticiples[w]
}

// tableModifier reports whether the table mention obj right after the
// ranking word i only modifies the numeric column after it ("the body
// builder with the greatest body weight"): obj is singular, names the one
// table also named as the thing ranked before a relative word, and a
// numeric column follows with nothing between. Ranking the rows of a
// table by how many rows of itself they have would make no sense, so the
// word belongs to the column. It marks obj used and returns the column,
// or -1.
func (p *parser) tableModifier(i, obj int) int {
	if !p.isTable(obj) || p.isCol(obj) || p.used[obj] || p.ms[obj].plural {
		return -1
	}
	c := obj + 1
	if !p.numericCol(c) || p.used[c] {
		return -1
	}
	x := p.nameBeforeRel(i)
	xt, okX := p.oneTable(x)
	ot, okO := p.oneTable(obj)
	if !okX || !okO || xt != ot {
		return -1
	}
	p.used[obj] = true
	return c
}

// nameBeforeObjectClause finds X in the object relative clause "the
// attraction type most tourist attractions belong to" (i: the ranking
// word, y: the counted table): X is the unused table mention right before
// i, with not even a stop word between, Y's table refers to it by exactly
// one key, and the clause ends in its verb: one or more stop words
// ("belong to", "use") and nothing else to the end of the question, so
// nothing else can be what the count is of. It returns X or -1.
func (p *parser) nameBeforeObjectClause(i, y int) int {
	if p.object(i) != y || !p.ms[y].plural || y+1 >= len(p.ms) {
		return -1
	}
	for j := y + 1; j < len(p.ms); j++ {
		if p.ms[j].kind != mStop || p.ms[j].ignored {
			return -1
		}
	}
	return p.nameRightBefore(i, y)
}

// nameBeforeAndHave finds X in "customers who use Credit Card payment
// method and have more than 2 orders" (i: the comparison or number, y:
// the counted table): "and have" right before i joins a second relative
// clause to a first that holds only conditions (values, columns, numbers,
// stop words: no table, no other keyword), and X is the unused table
// named right before the first clause's relative word. Y's table must
// refer to X's by exactly one key, and the first clause's values and
// columns must all be X's own: a condition on Y's rows ("customers who
// have a Home policy and have more than 2 policies") would leave open
// whether the count is of all of Y or only of those. It returns X or -1.
func (p *parser) nameBeforeAndHave(i, y int) int {
	j := i - 1
	have := false
	for ; j >= 0 && p.ms[j].kind == mStop; j-- {
		have = have || haveWords[lower(p.ms[j].text)]
	}
	if !have || !p.is(j, kwAnd) {
		return -1
	}
	for j--; j >= 0; j-- {
		m := p.ms[j]
		switch {
		case m.kind == mStop && relativeWords[lower(m.text)]:
			x := p.prev(j)
			if x != j-1 || p.used[x] || p.ms[x].kind != mName || len(p.ms[x].cols) > 0 {
				return -1
			}
			xt, okX := p.oneTable(x)
			yt, okY := p.oneTable(y)
			if !okX || !okY || !p.lx.tables[yt].refersOnce(xt) || !p.onlyOf(j+1, i, xt) {
				return -1
			}
			return x
		case m.kind == mStop, m.kind == mValue, m.kind == mNumber, m.kind == mName && len(m.tables) == 0:
		default:
			return -1
		}
	}
	return -1
}

// onlyOf reports whether every value and column mention in [from, to)
// belongs to table t alone.
func (p *parser) onlyOf(from, to, t int) bool {
	for j := from; j < to; j++ {
		m := p.ms[j]
		for _, v := range m.vals {
			if v.table != t {
				return false
			}
		}
		if m.kind == mName {
			for _, c := range strongest(m.cols, classSynonym) {
				if c.table != t {
					return false
				}
			}
		}
	}
	return true
}

// nameBeforeRoleVerb finds X in "the nominee who has been nominated for
// the most musicals" (i: the ranking word or comparison, y: the counted
// table): the word before i is a sampled value ("Nominated" of a result
// column), but it is the verb that X's own name derives from
// (nominee ← nominate, employee ← employ), so it restates what X is
// rather than picking rows: every nominee was nominated, whether or not
// the result says so. X is a column of Y's table named before a relative
// word, so the count is of Y's rows per X's value. It returns X and the
// verb's mention, or -1.
func (p *parser) nameBeforeRoleVerb(i, y int) (int, []int) {
	v := p.prev(i)
	if !p.in(v) || p.ms[v].kind != mValue || strings.Contains(p.ms[v].text, " ") {
		return -1, nil
	}
	x := p.nameBeforeRel(v)
	if !p.isCol(x) || p.isTable(x) || !colsOfTables(strongest(p.ms[x].cols, classSynonym), p.ms[y].tables) {
		return -1, nil
	}
	words := strings.Fields(lower(p.ms[x].text))
	r := roleRoot(words[len(words)-1])
	if len(r) < 4 || r != roleRoot(lower(p.ms[v].text)) {
		return -1, nil
	}
	for _, ref := range p.ms[v].vals {
		if !slices.ContainsFunc(p.ms[y].tables, func(t nameRef) bool { return t.table == ref.table }) {
			return -1, nil
		}
	}
	// The value may already have been read as a condition; it is the verb.
	p.f.filters = slices.DeleteFunc(p.f.filters, func(f filterSpec) bool {
		return f.at == v && f.col < 0 && len(f.vals) == 1 && f.vals[0] == v
	})
	return x, []int{v}
}

// roleRoot is the root a role noun and its verb share: "nominee" and
// "nominated" → nomin, "employee" and "employed" → employ, "trainee" and
// "trained" → train. It strips, after the stem, what the stemmer leaves
// of -ee and -ate and undoes its y → i.
func roleRoot(w string) string {
	s := stem(w)
	s = strings.TrimSuffix(s, "e")
	s = strings.TrimSuffix(s, "at")
	if strings.HasSuffix(s, "i") {
		s = strings.TrimSuffix(s, "i") + "y"
	}
	return s
}
