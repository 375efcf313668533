package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"querent/internal/plan"
)

// Follow-ups: a short question that continues the previous one ("and in
// 2024?", "only cancelled ones", "by country", "top 3") changes the
// previous plan rather than starting over. Every change is made on a clone;
// anything not understood leaves the question to be planned on its own.

// maxFollowUpWords bounds what is read as a follow-up: a longer question
// says enough to stand on its own.
const maxFollowUpWords = 10

// followUpFillers carry nothing in a follow-up: "and what about …",
// "just the …", "now only …".
var followUpFillers = setOf("and", "but", "instead", "then", "now", "ok", "okay", "also", "again", "too",
	"what", "about", "how", "only", "just", "show", "me", "the", "please", "with", "their", "its", "those",
	"them", "ones", "one", "a", "an", "in", "for", "during", "of", "same", "let", "see", "give", "list", "include")

// bucketWords are the periods a follow-up may group dates by ("per month").
var bucketWords = map[string]string{"year": "year", "quarter": "quarter", "month": "month", "week": "week", "day": "day",
	"yearly": "year", "quarterly": "quarter", "monthly": "month", "weekly": "week", "daily": "day"}

var yearStart = regexp.MustCompile(`^(\d{4})-01-01$`)

// FollowUp reads question as a change to prev, the plan that answered the
// previous question, and returns the changed plan with ok true. ok false
// means the question is not a follow-up this planner understands (or prev
// is not a plan it can change: raw SQL, set operations, CTEs, aliases); the
// caller should plan it as a new question. A follow-up whose change is
// ambiguous ("and for Germany?" when two joined tables have that country)
// returns a Clarification with ok true. prev is never modified.
func (p *Planner) FollowUp(prev *plan.Plan, question string) (*plan.Reply, Trace, bool) {
	tr := Trace{Question: question}
	if !changeable(prev) {
		tr.Outcome, tr.Reason = "cannot_answer", "the previous plan is not one the offline planner can change"
		return nil, tr, false
	}
	var toks []token
	for _, t := range tokenize(question) {
		if !(t.kind == tokWord && followUpFillers[t.text]) && t.text != "," {
			toks = append(toks, t)
		}
	}
	if len(toks) == 0 || len(toks) > maxFollowUpWords {
		tr.Outcome, tr.Reason = "cannot_answer", "not a short follow-up"
		return nil, tr, false
	}
	ms := p.lx.link(toks)
	tr.Links = p.lx.links(ms)
	fu := &followUp{lx: p.lx, p: p, prev: prev, pl: prev.Clone()}
	if !fu.tablesKnown() {
		tr.Outcome, tr.Reason = "cannot_answer", "the previous plan names tables this schema does not have"
		return nil, tr, false
	}
	rf, ok := fu.read(ms)
	switch {
	case rf != nil:
		tr.Refusal, tr.Reason, tr.Outcome = rf.kind, rf.reason, "clarification"
		return rf.reply(), tr, true
	case !ok || len(fu.changes) == 0:
		tr.Outcome, tr.Reason = "cannot_answer", "not a follow-up the offline planner understands"
		return nil, tr, false
	}
	fu.pl.Reason = "offline planner: the previous plan, " + strings.Join(fu.changes, "; ")
	tr.Outcome, tr.Reason, tr.Table = "plan", fu.pl.Reason, fu.pl.From.Table
	return &plan.Reply{Plan: fu.pl}, tr, true
}

// changeable reports whether a plan has the plain form follow-ups change:
// one SELECT over tables referred to by name.
func changeable(p *plan.Plan) bool {
	if p == nil || p.RawSQL != "" || p.SetOp != nil || len(p.With) > 0 || p.From.Table == "" || p.From.Alias != "" {
		return false
	}
	for _, j := range p.Joins {
		if j.Table == "" || j.Alias != "" {
			return false
		}
	}
	return true
}

// followUp is the reading of one follow-up against the previous plan.
type followUp struct {
	lx      *lexicon
	p       *Planner
	prev    *plan.Plan
	pl      *plan.Plan // the clone being changed
	tables  []*tableInfo
	changes []string
}

// tablesKnown resolves the plan's tables, From first.
func (fu *followUp) tablesKnown() bool {
	names := []string{fu.pl.From.Table}
	for _, j := range fu.pl.Joins {
		names = append(names, j.Table)
	}
	for _, n := range names {
		t := fu.table(n)
		if t == nil {
			return false
		}
		fu.tables = append(fu.tables, t)
	}
	return true
}

func (fu *followUp) table(name string) *tableInfo {
	for _, t := range fu.lx.tables {
		if t.name == name {
			return t
		}
	}
	return nil
}

// column resolves a plan's "table.column" reference.
func (fu *followUp) column(ref string) *colInfo {
	dot := strings.LastIndex(ref, ".")
	if dot <= 0 {
		return nil
	}
	t := fu.table(ref[:dot])
	if t == nil {
		return nil
	}
	for _, c := range t.cols {
		if c != nil && c.name == ref[dot+1:] {
			return c
		}
	}
	return nil
}

// read applies each change the mentions ask for; ok is false when some
// mention has no place in a follow-up.
func (fu *followUp) read(ms []mention) (*refusal, bool) {
	var content []int
	for i, m := range ms {
		if m.kind != mStop {
			content = append(content, i)
		}
	}
	for k := 0; k < len(content); k++ {
		m := ms[content[k]]
		nextM := func() *mention {
			if k+1 < len(content) {
				return &ms[content[k+1]]
			}
			return nil
		}
		switch {
		case m.kind == mNumber:
			if y, ok := yearOf(m.num); ok && (len(content) == 1 || k > 0 && ms[content[k-1]].kind == mKeyword && ms[content[k-1]].kw.kind == kwDateCmp) {
				op := "="
				if k > 0 && ms[content[k-1]].kind == mKeyword {
					op = ms[content[k-1]].kw.op
				}
				if !fu.setYear(y, op, m.text) {
					return nil, false
				}
				continue
			}
			n, ok := rowCount(m.num)
			if !ok || !fu.setLimit(n, false) {
				return nil, false
			}
		case m.kind == mKeyword && m.kw.kind == kwDateCmp:
			// read with the year after it
			if nm := nextM(); nm == nil || nm.kind != mNumber {
				return nil, false
			}
		case m.kind == mKeyword && m.kw.kind == kwRelDate:
			if !fu.setPeriod(m) {
				return nil, false
			}
		case m.kind == mKeyword && (m.kw.kind == kwTop || m.kw.kind == kwBottom):
			nm := nextM()
			if nm == nil || nm.kind != mNumber {
				return nil, false
			}
			n, ok := rowCount(nm.num)
			if !ok || !fu.setLimit(n, m.kw.kind == kwTop) {
				return nil, false
			}
			if m.kw.kind == kwBottom {
				fu.setDirection(false)
			}
			k++
		case m.kind == mKeyword && (m.kw.kind == kwGroup || m.kw.kind == kwBy):
			nm := nextM()
			if nm == nil {
				return nil, false
			}
			if k+2 < len(content) && nm.kind == mName && len(nm.tables) > 0 && ms[content[k+2]].kind == mName && len(ms[content[k+2]].cols) > 0 {
				// "by customer country": the column of that table.
				own := ownedBy(ms[content[k+2]], nm.tables)
				nm = &own
				k++
			}
			rf, ok := fu.setGroup(nm)
			if rf != nil || !ok {
				return rf, ok
			}
			k++
		case m.kind == mKeyword && m.kw.kind == kwSort:
			nm := nextM()
			if nm == nil || nm.kind != mName || len(nm.tables) > 0 {
				return nil, false
			}
			c, rf, ok := fu.resolveCol(nm)
			if rf != nil || !ok {
				return rf, ok
			}
			fu.pl.OrderBy = []plan.OrderItem{{Expr: plan.Col(c.ref)}}
			fu.changes = append(fu.changes, "sorted by "+c.ref)
			k++
			if nm := nextM(); nm != nil && nm.kind == mKeyword && (nm.kw.kind == kwAsc || nm.kw.kind == kwDesc) {
				fu.pl.OrderBy[0].Desc = nm.kw.desc
				k++
			}
		case m.kind == mKeyword && (m.kw.kind == kwMax || m.kw.kind == kwMin || m.kw.kind == kwAsc || m.kw.kind == kwDesc):
			// "highest first", "lowest first", "descending"
			if nm := nextM(); nm != nil && !((nm.kind == mUnknown || nm.kind == mKeyword) && lower(nm.text) == "first") {
				return nil, false
			} else if nm != nil {
				k++
			}
			if !fu.setDirection(m.kw.kind == kwMax || m.kw.kind == kwDesc) {
				return nil, false
			}
		case m.kind == mValue && !m.weak, m.kind == mQuoted && len(m.vals) > 0:
			group := []mention{m}
			for k+2 < len(content) && ms[content[k+1]].kind == mKeyword && ms[content[k+1]].kw.kind == kwOr && ms[content[k+2]].kind == mValue {
				group = append(group, ms[content[k+2]])
				k += 2
			}
			rf, ok := fu.setValue(group)
			if rf != nil || !ok {
				return rf, ok
			}
		case m.kind == mName && len(m.tables) > 0:
			// "just the shipped orders": the plan's own rows.
			if !slices.Contains(fu.tables, fu.lx.tables[strongest(m.tables, classSynonym)[0].table]) {
				return nil, false
			}
		case m.kind == mName:
			rf, ok := fu.addColumn(m)
			if rf != nil || !ok {
				return rf, ok
			}
		default:
			return nil, false
		}
	}
	return nil, true
}

// conds returns the plan's top-level conditions (the members of an AND).
func (fu *followUp) conds() []plan.Cond {
	switch w := fu.pl.Where; {
	case w == nil:
		return nil
	case len(w.And) > 0:
		return w.And
	}
	return []plan.Cond{*fu.pl.Where}
}

func (fu *followUp) setConds(cs []plan.Cond) {
	switch len(cs) {
	case 0:
		fu.pl.Where = nil
	case 1:
		fu.pl.Where = &cs[0]
	default:
		fu.pl.Where = &plan.Cond{And: cs}
	}
}

// dateConds finds the conditions on a date or year column: the column and
// the indexes of its conditions, nil when there are none.
func (fu *followUp) dateConds() (*colInfo, []int) {
	var col *colInfo
	var idx []int
	for i, c := range fu.conds() {
		if c.Left == nil || c.Left.Col == "" || c.Right == nil || !c.Right.IsLiteral() {
			continue
		}
		dc := fu.column(c.Left.Col)
		if dc == nil || !(dc.date || dc.year) || col != nil && dc != col {
			continue
		}
		col = dc
		idx = append(idx, i)
	}
	return col, idx
}

// dateColumn is the column a new date condition applies to: the one the
// plan already filters, else the only date (or year) column of its first
// table, else of all its tables.
func (fu *followUp) dateColumn() *colInfo {
	if c, _ := fu.dateConds(); c != nil {
		return c
	}
	for _, ts := range [][]*tableInfo{fu.tables[:1], fu.tables} {
		var dated []*colInfo
		for _, t := range ts {
			for _, c := range t.cols {
				if c != nil && (c.date || c.year) {
					dated = append(dated, c)
				}
			}
		}
		if len(dated) == 1 {
			return dated[0]
		}
		if len(dated) > 1 {
			return nil
		}
	}
	return nil
}

// describeDates says what the existing date conditions select ("year
// 2025"), for the reason.
func (fu *followUp) describeDates(idx []int) string {
	cs := fu.conds()
	var lo, hi string
	for _, i := range idx {
		c := cs[i]
		switch v := c.Right.Value.(type) {
		case string:
			if c.Op == ">=" {
				lo = v
			} else if c.Op == "<" {
				hi = v
			}
		case int64, float64, int:
			if c.Op == "=" {
				return fmt.Sprintf("year %v", v)
			}
		}
	}
	if m := yearStart.FindStringSubmatch(lo); m != nil && hi == fmt.Sprintf("%04d-01-01", atoi(m[1])+1) {
		return "year " + m[1]
	}
	if lo != "" || hi != "" {
		return fmt.Sprintf("dates from %s up to %s", lo, hi)
	}
	return "the date condition"
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// replaceDate swaps the plan's date conditions for c, describing the change.
func (fu *followUp) replaceDate(c condSpec, what string) bool {
	_, idx := fu.dateConds()
	old := ""
	if len(idx) > 0 {
		old = fu.describeDates(idx)
	}
	var keep []plan.Cond
	for i, x := range fu.conds() {
		if !slices.Contains(idx, i) {
			keep = append(keep, x)
		}
	}
	fu.setConds(append(keep, condOf(c)...))
	if old != "" {
		fu.changes = append(fu.changes, old+" → "+what)
	} else {
		fu.changes = append(fu.changes, "only "+what+" on "+c.col.ref)
	}
	return true
}

// setYear replaces the year (or adds one on the plan's date column).
func (fu *followUp) setYear(y int64, op, text string) bool {
	col := fu.dateColumn()
	if col == nil {
		return false
	}
	r := &resolver{lx: fu.lx, today: fu.p.today}
	what := fmt.Sprintf("year %d", y)
	if op != "=" {
		what = fmt.Sprintf("%s %d", map[string]string{"<": "before", ">": "after", ">=": "since", "<=": "up to"}[op], y)
	}
	return fu.replaceDate(r.yearRange(col, y, op), what)
}

// setPeriod replaces the period with a relative one ("last year").
func (fu *followUp) setPeriod(m mention) bool {
	col := fu.dateColumn()
	if col == nil {
		return false
	}
	r := &resolver{lx: fu.lx, today: fu.p.today}
	c, rf := r.period(col, filterSpec{kind: fRel, rel: m.kw.rel, text: m.text})
	if rf != nil {
		return false
	}
	what := lower(m.text)
	if c.op == "range" {
		what += fmt.Sprintf(" (%s up to %s)", c.lo, c.hi)
	} else if len(c.vals) == 1 {
		what += fmt.Sprintf(" (%v)", c.vals[0])
	}
	return fu.replaceDate(c, what)
}

// reachable returns the column a reference may mean among the plan's
// tables, else among the parents of its first table (joined when used);
// ok false when none or several do.
func (fu *followUp) reachable(refs []nameRef) ([]*colInfo, bool) {
	var in, parent []*colInfo
	for _, r := range refs {
		t := fu.lx.tables[r.table]
		c := fu.lx.col(r.table, r.col)
		switch {
		case slices.Contains(fu.tables, t):
			in = append(in, c)
		case len(fu.tables[0].parents[t.idx]) == 1:
			parent = append(parent, c)
		}
	}
	if len(in) > 0 {
		return in, true
	}
	return parent, len(parent) > 0
}

// join adds t, a parent of the plan's first table, to the plan.
func (fu *followUp) join(t *tableInfo) {
	if slices.Contains(fu.tables, t) {
		return
	}
	from := fu.tables[0]
	e := from.parents[t.idx][0]
	on := make([]plan.JoinOn, len(e.from))
	for k := range e.from {
		on[k] = plan.JoinOn{Left: from.name + "." + e.from[k], Right: t.name + "." + e.to[k]}
	}
	fu.pl.Joins = append(fu.pl.Joins, plan.Join{Type: plan.JoinInner, Source: plan.Source{Table: t.name}, On: on})
	fu.tables = append(fu.tables, t)
	fu.changes = append(fu.changes, "joined "+t.name)
}

// resolveCol resolves a column mention to one column the plan can use.
func (fu *followUp) resolveCol(m *mention) (*colInfo, *refusal, bool) {
	cols, ok := fu.reachable(strongest(m.cols, classSynonym))
	if !ok {
		return nil, nil, false
	}
	if len(cols) > 1 {
		var choices []string
		for _, c := range cols {
			choices = append(choices, c.ref)
		}
		return nil, clarify(fmt.Sprintf("Which %s do you mean?", m.text), choices), true
	}
	fu.join(cols[0].table)
	return cols[0], nil, true
}

// setValue filters on the column holding the values, replacing an
// equality on that column or adding one.
func (fu *followUp) setValue(group []mention) (*refusal, bool) {
	common := group[0].vals
	for _, v := range group[1:] {
		common = sharedColumns(common, v.vals)
	}
	var refs []nameRef
	for _, v := range common {
		if !slices.ContainsFunc(refs, func(r nameRef) bool { return r.table == v.table && r.col == v.col }) {
			refs = append(refs, nameRef{table: v.table, col: v.col})
		}
	}
	cols, ok := fu.reachable(refs)
	if !ok {
		return nil, false
	}
	if len(cols) > 1 {
		var choices []string
		for _, c := range cols {
			choices = append(choices, c.ref)
		}
		return clarify(fmt.Sprintf("%q appears in %s: which one do you mean?", group[0].text, strings.Join(choices, " and ")), choices), true
	}
	col := cols[0]
	fu.join(col.table)
	var vals []any
	for _, m := range group {
		for _, v := range m.vals {
			if v.table == col.table.idx && v.col == col.idx && !slices.Contains(vals, any(v.value)) {
				vals = append(vals, v.value)
			}
		}
	}
	c := condSpec{col: col, op: "=", vals: vals}
	if len(vals) > 1 {
		c.op = "in"
	}
	var keep []plan.Cond
	replaced := ""
	for _, x := range fu.conds() {
		if (x.Op == "=" || x.Op == "in") && x.Left != nil && x.Left.Col == col.ref {
			if x.Right != nil {
				replaced = valueList([]any{x.Right.Value})
			} else {
				replaced = "several values"
			}
			continue
		}
		keep = append(keep, x)
	}
	fu.setConds(append(keep, condOf(c)...))
	if replaced != "" {
		fu.changes = append(fu.changes, fmt.Sprintf("%s %s → %s", col.ref, replaced, valueList(vals)))
	} else {
		fu.changes = append(fu.changes, fmt.Sprintf("only %s = %s", col.ref, valueList(vals)))
	}
	return nil, true
}

// aggregates returns the plan's aggregate select items' indexes.
func (fu *followUp) aggregates() []int {
	var out []int
	for i, s := range fu.pl.Select {
		if s.Expr.IsAggregate() {
			out = append(out, i)
		}
	}
	return out
}

// setGroup groups an aggregate by a column or a date period, replacing
// the previous grouping.
func (fu *followUp) setGroup(m *mention) (*refusal, bool) {
	aggs := fu.aggregates()
	if len(aggs) == 0 || fu.pl.Having != nil {
		return nil, false
	}
	var g plan.Expr
	var what string
	if b, ok := bucketWords[singularOf(lower(m.text))]; ok {
		col := fu.dateColumn()
		if col == nil || !col.date {
			return nil, false
		}
		arg := plan.Col(col.ref)
		g, what = plan.Expr{Bucket: b, Arg: &arg}, b+" of "+col.ref
	} else {
		if m.kind != mName || len(m.tables) > 0 {
			return nil, false
		}
		col, rf, ok := fu.resolveCol(m)
		if rf != nil || !ok {
			return rf, ok
		}
		g, what = plan.Col(col.ref), col.ref
	}
	var sel []plan.SelectItem
	sel = append(sel, plan.SelectItem{Expr: g})
	for _, i := range aggs {
		sel = append(sel, fu.pl.Select[i])
	}
	old := len(fu.pl.GroupBy) > 0
	fu.pl.Select, fu.pl.GroupBy = sel, []plan.Expr{g}
	// An order by the old grouping columns no longer applies.
	var order []plan.OrderItem
	for _, o := range fu.pl.OrderBy {
		if o.Expr.IsAggregate() {
			order = append(order, o)
		}
	}
	fu.pl.OrderBy = order
	if old {
		fu.changes = append(fu.changes, "grouped by "+what+" instead")
	} else {
		fu.changes = append(fu.changes, "grouped by "+what)
	}
	return nil, true
}

// ownedBy narrows a column mention to the columns of the tables a
// modifier names ("customer country").
func ownedBy(m mention, tables []nameRef) mention {
	var own []nameRef
	for _, c := range m.cols {
		for _, t := range strongest(tables, classSynonym) {
			if c.table == t.table {
				own = append(own, c)
			}
		}
	}
	m.cols = own
	return m
}

func singularOf(w string) string {
	s, _ := singular(w)
	return s
}

// setLimit keeps the first n rows; a "top n" of groups with no order ranks
// them by their aggregate, highest first.
func (fu *followUp) setLimit(n int64, top bool) bool {
	if top && len(fu.pl.OrderBy) == 0 {
		aggs := fu.aggregates()
		if len(aggs) != 1 || len(fu.pl.GroupBy) == 0 {
			return false
		}
		fu.pl.OrderBy = []plan.OrderItem{{Expr: fu.pl.Select[aggs[0]].Expr, Desc: true}}
		fu.changes = append(fu.changes, "ranked by "+exprText(fu.pl.Select[aggs[0]].Expr)+", highest first")
	}
	old := "no limit"
	if fu.prev.Limit != nil {
		old = fmt.Sprintf("limit %d", *fu.prev.Limit)
	}
	fu.pl.Limit = plan.Int(n)
	fu.changes = append(fu.changes, fmt.Sprintf("%s → limit %d", old, n))
	return true
}

// setDirection orders highest or lowest first: the plan's order keys, or
// its one aggregate per group.
func (fu *followUp) setDirection(desc bool) bool {
	dir := "lowest first"
	if desc {
		dir = "highest first"
	}
	if len(fu.pl.OrderBy) > 0 {
		for i := range fu.pl.OrderBy {
			fu.pl.OrderBy[i].Desc = desc
		}
		fu.changes = append(fu.changes, dir)
		return true
	}
	aggs := fu.aggregates()
	if len(aggs) != 1 || len(fu.pl.GroupBy) == 0 {
		return false
	}
	fu.pl.OrderBy = []plan.OrderItem{{Expr: fu.pl.Select[aggs[0]].Expr, Desc: desc}}
	fu.changes = append(fu.changes, "sorted by "+exprText(fu.pl.Select[aggs[0]].Expr)+", "+dir)
	return true
}

// addColumn shows one more column of a table of the plan or a parent of
// its first table ("and their emails?"); a list only, not an aggregate.
func (fu *followUp) addColumn(m mention) (*refusal, bool) {
	if len(fu.aggregates()) > 0 || fu.pl.Distinct {
		return nil, false
	}
	cols, ok := fu.reachable(strongest(m.cols, classSynonym))
	if !ok {
		return nil, false
	}
	if len(cols) > 1 && !(&resolver{lx: fu.lx}).allLabels(colRefs(cols)) {
		var choices []string
		for _, c := range cols {
			choices = append(choices, c.ref)
		}
		return clarify(fmt.Sprintf("Which %s do you mean?", m.text), choices), true
	}
	if len(fu.pl.Select) == 0 {
		fu.pl.Select = []plan.SelectItem{{Expr: plan.Col(fu.pl.From.Table + ".*")}}
	}
	for _, c := range cols {
		fu.join(c.table)
		if slices.ContainsFunc(fu.pl.Select, func(s plan.SelectItem) bool { return s.Expr.Col == c.ref }) {
			continue
		}
		fu.pl.Select = append(fu.pl.Select, plan.SelectItem{Expr: plan.Col(c.ref)})
		fu.changes = append(fu.changes, "added "+c.ref)
	}
	return nil, true
}

func colRefs(cols []*colInfo) []nameRef {
	out := make([]nameRef, len(cols))
	for i, c := range cols {
		out[i] = nameRef{table: c.table.idx, col: c.idx}
	}
	return out
}

// exprText names an aggregate for a reason: "count", "sum of orders.total".
func exprText(e plan.Expr) string {
	switch {
	case e.Agg != "" && e.Arg != nil && e.Arg.Col != "":
		return aggName(e.Agg) + " of " + e.Arg.Col
	case e.Agg != "":
		return aggName(e.Agg)
	}
	return "the aggregate"
}
