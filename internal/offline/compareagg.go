package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"querent/internal/plan"
)

// Comparisons with an aggregate of rows the question restricts, or with
// one other row (round 16):
//
//	"salaries less than the largest salary"              < (SELECT MAX(salary) FROM t)
//	"earn less than the average salary of instructors
//	 in the Physics department"                          < (SELECT AVG(salary) FROM t WHERE dept = 'Physics')
//	"older than every engineer"                          > (SELECT MAX(age) FROM t WHERE job = 'engineer')
//	"higher than some songs in English"                  > (SELECT MIN(…) FROM t WHERE …)
//	"earning more than the employee with id 163"         > (SELECT salary FROM t WHERE id = 163)
//
// The other side is always the compared column's own table: the
// conditions after the comparison restrict the rows of that table only,
// and a row named by a key or unique column is one row. Anything the
// tail holds beyond conditions on that table leaves the question to the
// other readings (and their refusals).

// quantWords are the quantifiers that turn "than every X" into an
// extreme: above every value is above the largest. "any" is among them
// only to be refused: English reads "older than any engineer" as "than
// every engineer", but questions as often mean "than some engineer", so
// neither reading is certain.
var quantWords = map[string]bool{"all": true, "every": true, "any": true, "some": true}

// compareAggs reads each comparison whose other side is an aggregate, a
// quantified set of rows or one row; it runs after values and literals,
// whose conditions past the comparison it takes as the other side's.
func (p *parser) compareAggs() *refusal {
	for i := range p.ms {
		if p.used[i] || !p.is(i, kwCmp) {
			continue
		}
		switch p.ms[i].kw.op {
		case "<", ">", "<=", ">=":
			p.compareAgg(i)
		}
	}
	return nil
}

// compareAgg reads the comparison at i when its other side has one of
// the shapes above, and reports whether it did.
func (p *parser) compareAgg(i int) bool {
	left := p.prev(i)
	if !p.isCol(left) || p.used[left] {
		left = -1
	}
	op := p.ms[i].kw.op
	from := i // the comparison's last word: "at least as long as"
	if p.equative(i) {
		from = i + 3
	}
	j := p.next(from)
	if !p.in(j) {
		return false
	}
	quant := p.quantBefore(from, j)
	var top string // "": the average
	var right, tail int
	one := false
	switch {
	case p.is(j, kwAvg, kwMax, kwMin) && !p.used[j]:
		top = map[kwKind]string{kwAvg: "", kwMax: "max", kwMin: "min"}[p.ms[j].kw.kind]
		tail = j + 1
		if n := p.object(j); p.isCol(n) && !p.used[n] {
			right, tail = n, n+1
		} else {
			right = -1
		}
	case p.isCol(j) && !p.used[j]:
		// "the revenue of all companies based in Austin"
		right = j
		n := p.next(j)
		if !p.in(n) || (!p.isTable(n) && !p.isValue(n)) {
			return false
		}
		if quant == "" {
			quant = p.quantBefore(j, n)
		}
		if quant == "" || quant == "any" {
			return false
		}
		top, tail = quantTop(quant, op), j+1
	case quant == "any":
		return false
	case quant != "" && (p.isTable(j) || p.isValue(j)):
		// "older than every engineer"
		right, top, tail = -1, quantTop(quant, op), j
	case p.isTable(j) && !p.used[j] && quant == "":
		// "more than the employee with id 163"
		right, one, tail = -1, true, j
	default:
		return false
	}
	// grade is the measure of "older than", "shorter than" when no
	// column is named: the subject's one column of it.
	grade := p.cmpGrade(i)
	if grade == 0 && p.ms[i].kw.age {
		grade = adjAge
	}
	col := left
	switch {
	case col < 0 && !strings.HasSuffix(lower(p.ms[i].text), " than"):
		// With no column before it, "under" or "over" may place the
		// rows ("films under the average gross"); a comparative with
		// "than" compares.
		return false
	case col < 0 && right >= 0:
		col = right // "greater than average budget", "older than the average age"
	case col >= 0 && right >= 0 && lower(p.ms[col].text) != lower(p.ms[right].text) && !sameCols(p.ms[col].cols, p.ms[right].cols):
		return false
	case col < 0 && grade == 0:
		return false
	}
	end := p.tailEnd(tail)
	within, rest, ok := p.takeWithin(tail, end, col)
	if !ok {
		return false
	}
	if one && (len(within) != 1 || !p.namesKey(within[0].col)) {
		return false
	}
	if top == "" && quant == "" && !one && len(within) == 0 && left >= 0 {
		return false // the whole table's average of the column named before: aboveAverage reads it
	}
	text := p.ms[i].text
	for k := i + 1; k < end; k++ {
		text += " " + p.ms[k].text
	}
	fs := filterSpec{at: i, kind: fAvg, col: col, op: op, top: top, within: within, one: one, text: text}
	if col < 0 {
		fs.grade = grade
	}
	p.f.filters = append(rest, fs)
	for k := i; k < end; k++ {
		p.used[k] = true
	}
	if left >= 0 {
		p.used[left] = true
	}
	return true
}

// namesKey reports whether mention m names a column an equality on which
// picks one row: a one-column primary key or a column with no repeats.
func (p *parser) namesKey(m int) bool {
	if m < 0 {
		return false
	}
	return slices.ContainsFunc(p.ms[m].cols, func(c nameRef) bool { return oneRow(p.lx.col(c.table, c.col)) })
}

// equative reports whether "at least" or "at most" at i goes on "as ADJ
// as" ("at least as long as the average duration"): the adjective says
// only how the column named beside it is measured.
func (p *parser) equative(i int) bool {
	if op := p.ms[i].kw.op; op != ">=" && op != "<=" || i+3 >= len(p.ms) {
		return false
	}
	as := func(k int) bool { return p.ms[k].kind == mStop && lower(p.ms[k].text) == "as" }
	return as(i+1) && as(i+3) && !p.used[i+2] && (p.ms[i+2].kind != mKeyword || p.ms[i+2].kw.kind == kwAdj)
}

// equatives sets aside an unknown adjective of "at least as ADJ as" ("at
// least as long as"): it names no column, only the sense of the bound
// beside it, which the column named with the comparison carries.
func equatives(ms []mention) {
	for i := 0; i+3 < len(ms); i++ {
		m := ms[i]
		if m.kind != mKeyword || m.kw.kind != kwCmp || m.kw.op != ">=" && m.kw.op != "<=" || ms[i+2].kind != mUnknown {
			continue
		}
		if as := func(k int) bool { return ms[k].kind == mStop && lower(ms[k].text) == "as" }; as(i+1) && as(i+3) {
			ms[i+2].kind, ms[i+2].ignored = mStop, true
		}
	}
}

// quantBefore returns the quantifier among the stop words between
// mentions a and b ("than every", "of all"), or "".
func (p *parser) quantBefore(a, b int) string {
	for k := a + 1; k < b && k < len(p.ms); k++ {
		if w := lower(p.ms[k].text); p.ms[k].kind == mStop && quantWords[w] {
			return w
		}
	}
	return ""
}

// quantTop is the extreme a quantified comparison compares with: above
// every row is above their maximum, above some row above their minimum.
func quantTop(quant, op string) string {
	above := op == ">" || op == ">="
	if quant == "some" {
		above = !above
	}
	if above {
		return "max"
	}
	return "min"
}

// tailEnd is where the other side's conditions end: at "and", "or", a
// comma, or any mention no condition took (a sort, a grouping, a column
// to show).
func (p *parser) tailEnd(k int) int {
	for ; k < len(p.ms); k++ {
		m := p.ms[k]
		switch {
		case m.kind == mStop:
		case p.isTable(k) && !p.isCol(k):
		case p.is(k, kwAnd, kwOr, kwComma):
			return k
		case p.used[k]:
		default:
			return k
		}
	}
	return len(p.ms)
}

// relativeWords start a relative clause.
var relativeWords = map[string]bool{"who": true, "whose": true, "which": true, "that": true, "where": true}

// takeWithin splits off the conditions read between mentions a and b,
// for the other side, from the rest, and checks that every table named there is the compared
// column's (or a noun right after a value: "the Physics department").
func (p *parser) takeWithin(a, b, col int) (within, rest []filterSpec, ok bool) {
	for k := a; k < b; k++ {
		if !p.isTable(k) || p.isCol(k) {
			continue
		}
		if p.isValue(p.prev(k)) && p.prev(k) >= a {
			continue
		}
		if col >= 0 && !tableOfCols(p.ms[k].tables, p.ms[col].cols) {
			return nil, nil, false
		}
	}
	if f := p.f; f.orAt >= a && f.orAt < b {
		return nil, nil, false
	}
	for k := a; k < b; k++ {
		// A relative clause belongs to the noun right before it: after
		// a table of the other side ("than the average salary of
		// instructors who work in Physics") it restricts that side;
		// after the aggregate ("older than average who live in Paris")
		// it may restrict the question's own rows instead.
		if p.ms[k].kind == mStop && relativeWords[lower(p.ms[k].text)] {
			if t := p.prev(k); t < a || !p.isTable(t) {
				return nil, nil, false
			}
		}
	}
	for _, fs := range p.f.filters {
		switch {
		case fs.at < a || fs.at >= b:
			rest = append(rest, fs)
		case fs.col >= 0 && fs.col < a, fs.except, fs.negBy, fs.kind != fValue && fs.kind != fLit, fs.kind == fLit && fs.col < 0, fs.op == "like":
			return nil, nil, false
		default:
			within = append(within, fs)
		}
	}
	return within, rest, true
}

// tableOfCols reports whether one of the tables is the table of one of
// the columns.
func tableOfCols(tables, cols []nameRef) bool {
	for _, t := range tables {
		if slices.ContainsFunc(cols, func(c nameRef) bool { return c.table == t.table }) {
			return true
		}
	}
	return false
}

// restrictedAggFilter resolves a comparison read by compareAgg: the
// compared column (the named one, else the subject's one age column) and
// the other side's conditions, each on the compared column's table.
func (r *resolver) restrictedAggFilter(fs filterSpec) (condSpec, *refusal) {
	var col *colInfo
	if fs.col >= 0 {
		c, rf := r.conditionColumn(fs.col)
		if rf != nil {
			return condSpec{}, rf
		}
		col = c
	} else {
		ages := adjCols(fs.grade, r.subject, true)
		if len(ages) != 1 {
			return condSpec{}, refuseUnresolved("I could not tell which column %q compares in %s.", fs.text, r.subject.name)
		}
		col = ages[0]
	}
	if !col.numeric && (fs.top == "" && !fs.one || !col.date) {
		return condSpec{}, refuseUnresolved("%s is not a numeric column, so I could not compare it as %q asks.", col.ref, fs.text)
	}
	var within []condSpec
	for _, w := range fs.within {
		c, rf := r.withinCond(col.table, w)
		if rf != nil {
			return condSpec{}, rf
		}
		within = append(within, c)
	}
	if fs.one && !(len(within) == 1 && within[0].op == "=" && oneRow(within[0].col)) {
		return condSpec{}, refuseUnsupported("comparing with %q: it does not name one row by a key", fs.text)
	}
	return condSpec{col: col, op: fs.op, avg: fs.top == "" && !fs.one, extreme: fs.top, one: fs.one, within: within}, nil
}

// oneRow reports whether an equality on the column picks one row at
// most: it is the table's one-column primary key or holds no repeats.
func oneRow(c *colInfo) bool {
	pk := c.table.pk
	return len(pk) == 1 && lower(pk[0]) == lower(c.name) || c.unique
}

// withinCond resolves one condition of the other side to the one column
// of table t it can mean.
func (r *resolver) withinCond(t *tableInfo, w filterSpec) (condSpec, *refusal) {
	var named []nameRef
	if w.col >= 0 {
		for _, c := range r.ms[w.col].cols {
			if c.table == t.idx && !slices.ContainsFunc(named, func(n nameRef) bool { return n.col == c.col }) {
				named = append(named, c)
			}
		}
		if len(named) == 0 {
			return condSpec{}, refuseUnresolved("%q is not a column of %s, whose rows %q compares with.", r.ms[w.col].text, t.name, w.text)
		}
	}
	if w.kind == fLit {
		if len(named) != 1 {
			return condSpec{}, refuseUnresolved("I could not tell which column of %s %q means.", t.name, r.ms[w.col].text)
		}
		return condSpec{col: r.lx.col(t.idx, named[0].col), op: w.op, vals: []any{w.lit}}, nil
	}
	var found *colInfo
	var vals []any
	for _, v := range w.vals {
		var hit *colInfo
		var spelled string
		for _, ref := range r.ms[v].vals {
			if ref.table != t.idx || len(named) > 0 && !slices.ContainsFunc(named, func(n nameRef) bool { return n.col == ref.col }) {
				continue
			}
			if hit != nil && hit.idx != ref.col {
				return condSpec{}, refuseUnresolved("%q is a value of more than one column of %s.", r.ms[v].text, t.name)
			}
			hit, spelled = r.lx.col(t.idx, ref.col), ref.value
		}
		if hit == nil || found != nil && found != hit {
			return condSpec{}, refuseUnresolved("I could not tell which column of %s holds %q.", t.name, r.ms[v].text)
		}
		found = hit
		vals = append(vals, r.lx.flagLiteral(hit, spelled))
	}
	if found == nil {
		return condSpec{}, refuseUnresolved("I could not tell what %q restricts.", w.text)
	}
	op := w.op
	if op == "" {
		op = "="
	}
	switch {
	case len(vals) > 1 && op == "=":
		return condSpec{col: found, op: "in", vals: vals}, nil
	case len(vals) > 1 || op != "=":
		return condSpec{}, refuseUnsupported("the condition %q on the rows compared with", w.text)
	}
	return condSpec{col: found, op: op, vals: vals}, nil
}

// aggSubquery is the scalar subquery a comparison with an aggregate (or
// one row) compares with: its table's rows the conditions keep.
func aggSubquery(c condSpec) *plan.Plan {
	arg := numExpr(c.col)
	item := plan.SelectItem{Expr: plan.Expr{Agg: "avg", Arg: &arg}}
	switch {
	case c.one:
		item = plan.SelectItem{Expr: arg}
	case c.extreme != "":
		item.Expr.Agg = c.extreme
	}
	sub := &plan.Plan{Select: []plan.SelectItem{item}, From: plan.Source{Table: c.col.table.name}}
	var where []plan.Cond
	for _, w := range c.within {
		where = append(where, condOf(w)...)
	}
	switch len(where) {
	case 0:
	case 1:
		sub.Where = &where[0]
	default:
		sub.Where = &plan.Cond{And: where}
	}
	return sub
}

// describeWithin describes a comparison with a restricted aggregate or
// one row: "instructor.salary < the average of instructor.salary where
// instructor.dept_name = Physics".
func describeWithin(b *strings.Builder, c condSpec) {
	what := "the average of "
	switch {
	case c.one:
		what = "the "
	case c.extreme != "":
		what = map[string]string{"max": "the highest ", "min": "the lowest "}[c.extreme]
	}
	fmt.Fprintf(b, "%s %s %s%s", c.col.ref, c.op, what, c.col.ref)
	if c.one {
		b.WriteString(" of the row")
	}
	for k, w := range c.within {
		sep := " where "
		if k > 0 {
			sep = " and "
		}
		fmt.Fprintf(b, "%s%s %s %s", sep, w.col.ref, w.op, valueList(w.vals))
	}
}

// clockShape is a time of day as text: "12:00:00", "9:30".
var clockShape = regexp.MustCompile(`^\d{1,2}:\d{2}(:\d{2})?$`)

// clockTimes reads "after 12:00:00" and "before 09:00:00" on a text
// column that holds times of day: the value after the comparison is a
// sampled one of a single column whose samples all have that shape, so
// comparing them as text orders them as times. It runs before values,
// which would read the time as an equality.
func (p *parser) clockTimes() *refusal {
	for i := range p.ms {
		if p.used[i] || !p.is(i, kwCmp, kwDateCmp) {
			continue
		}
		switch p.ms[i].kw.op {
		case "<", ">", "<=", ">=":
		default:
			continue
		}
		v := p.next(i)
		if !p.isValue(v) || p.used[v] || !p.clockColumn(v) {
			continue
		}
		named := -1
		if c, ref := p.prev(i), p.ms[v].vals[0]; p.isCol(c) && !p.used[c] &&
			slices.ContainsFunc(p.ms[c].cols, func(n nameRef) bool { return n.table == ref.table && n.col == ref.col }) {
			named = c // "races that start after 09:00:00"
			p.used[c] = true
		}
		p.f.filters = append(p.f.filters, filterSpec{at: v, kind: fValue, col: named, vals: []int{v}, op: p.ms[i].kw.op, text: p.ms[i].text + " " + p.ms[v].text})
		p.used[i], p.used[v] = true, true
	}
	return nil
}

// clockColumn reports whether value mention v is a time of day held by
// one column only, every sampled value of which (but empty ones) is a
// time of day.
func (p *parser) clockColumn(v int) bool {
	refs := p.ms[v].vals
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		if ref.table != refs[0].table || ref.col != refs[0].col || !clockShape.MatchString(ref.value) {
			return false
		}
	}
	c := p.lx.col(refs[0].table, refs[0].col)
	if c.numeric {
		return false
	}
	times := 0
	for _, s := range c.samples {
		switch {
		case strings.TrimSpace(s) == "":
			// an empty text is no time, and sorts before every one
		case !clockShape.MatchString(s):
			return false
		default:
			times++
		}
	}
	return times > 0
}
