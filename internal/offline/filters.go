package offline

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"querent/internal/schema"
)

// filters resolves every condition of the question to a column of the
// subject or of a parent it joins.
func (r *resolver) filters() *refusal {
	for _, fs := range r.f.filters {
		if r.f.lacking >= 0 && fs.at > r.f.lacking {
			continue // a condition on the rows of Y in "X without Y …"
		}
		var c condSpec
		var rf *refusal
		switch fs.kind {
		case fValue:
			c, rf = r.valueFilter(fs)
		case fLit:
			c, rf = r.literalFilter(fs)
		case fYear, fRel:
			c, rf = r.dateFilter(fs)
		case fDay:
			c, rf = r.dayFilter(fs)
		case fAvg:
			c, rf = r.averageFilter(fs)
		case fCol:
			c, rf = r.columnsFilter(fs) // colword.go
		}
		if rf != nil {
			return rf
		}
		if fs.negBy && c.col != nil && c.col.table != r.subject && !r.throughChild(c.col.table) {
			// Through a child it is a set difference that pathGuards
			// reads where it has one reading (negation3.go).
			return refuseUnsupported("negation of a related table's value (%q): which %s to leave out is a set difference", fs.text, r.subject.name)
		}
		r.q.conds = append(r.q.conds, c)
		if fs.kind == fValue && r.eachValue(fs, c) {
			r.q.groupBy = append(r.q.groupBy, c.col)
		}
	}
	return nil
}

// valueFilter resolves sampled values to the one reachable column holding
// them all.
func (r *resolver) valueFilter(fs filterSpec) (condSpec, *refusal) {
	common := r.ms[fs.vals[0]].vals
	for _, v := range fs.vals[1:] {
		common = sharedColumns(common, r.ms[v].vals)
	}
	if fs.col >= 0 {
		common = columnsIn(common, r.ms[fs.col].cols)
	}
	text := r.ms[fs.vals[0]].text
	// The subject's own column wins ("customers in Germany" is
	// customers.country, not their client's country), then a column of a
	// table the question names ("orders from customers in Germany").
	var own, named, parent, far []valueRef
	for _, v := range common {
		switch t := r.lx.tables[v.table]; {
		case t == r.subject:
			own = append(own, v)
		case slices.Contains(r.named, t) && r.connected(t):
			named = append(named, v)
		case len(r.subject.parents[t.idx]) == 0:
			if r.connected(t) {
				far = append(far, v)
			}
		default:
			parent = append(parent, v)
		}
	}
	reachable := own
	if len(reachable) == 0 {
		reachable = named
	}
	if len(reachable) == 0 {
		reachable = parent
	}
	if len(reachable) == 0 && len(common) == len(far) && oneColumn(far) {
		// A value held only by one column of a table a path reaches
		// ("reviewers who rated Gone with the Wind").
		reachable = far
		if rf := r.lx.farFlag(far[0], r.subject); rf != nil {
			return condSpec{}, rf
		}
	}
	if len(reachable) == 0 {
		reachable = r.childKeyCopy(common) // hops2.go
	}
	reachable = r.labelBeside(fs, r.direction(fs, r.keyCopy(distinctColumns(reachable))))
	var colsSeen []string
	for _, v := range reachable {
		if ref := r.lx.col(v.table, v.col).ref; !slices.Contains(colsSeen, ref) {
			colsSeen = append(colsSeen, ref)
		}
	}
	switch {
	case len(colsSeen) == 0:
		return condSpec{}, refuseUnresolved("%q is a value of %s, which I cannot connect to %s through one foreign key.",
			text, r.describeValues(common), r.subject.name)
	case len(colsSeen) > 1:
		return condSpec{}, clarify(fmt.Sprintf("%q appears in %s: which one do you mean?", text, strings.Join(colsSeen, " and ")), colsSeen)
	}
	col := r.lx.col(reachable[0].table, reachable[0].col)
	if rf := r.reach(col.table); rf != nil {
		return condSpec{}, rf
	}
	var spellings []string
	for _, v := range fs.vals {
		for _, ref := range r.ms[v].vals {
			if ref.table == reachable[0].table && ref.col == reachable[0].col && !slices.Contains(spellings, ref.value) {
				spellings = append(spellings, ref.value)
			}
		}
	}
	op, rf := r.lx.flagCondition(col, spellings, fs.op, text)
	if rf != nil {
		return condSpec{}, rf
	}
	vals := make([]any, len(spellings))
	for i, s := range spellings {
		vals[i] = r.lx.flagLiteral(col, s)
	}
	switch {
	case len(vals) == 1:
		return condSpec{col: col, op: op, vals: vals}, nil
	case op == "!=":
		return condSpec{col: col, op: "not_in", vals: vals}, nil
	}
	return condSpec{col: col, op: "in", vals: vals}, nil
}

// literalFilter compares a named column with a number or quoted text.
func (r *resolver) literalFilter(fs filterSpec) (condSpec, *refusal) {
	if fs.col < 0 {
		return r.ageFilter(fs)
	}
	col, rf := r.conditionColumn(fs.col)
	if rf != nil {
		return condSpec{}, rf
	}
	if fs.op == "between" {
		if cs, ok := namedYearSpan(col, fs.lit, fs.hi); ok {
			return cs, nil
		}
		if cs, ok := r.isoDateRange(col, fs.lit, fs.hi); ok {
			return cs, nil
		}
		if !col.kind.Numeric() {
			return condSpec{}, refuseUnresolved("%s is not a numeric column, so I could not apply %q to it.", col.ref, fs.text)
		}
		return condSpec{col: col, op: "between", vals: []any{fs.lit, fs.hi}}, nil
	}
	switch v := fs.lit.(type) {
	case string:
		if fs.op == "like" {
			if !isTextual(col.kind) {
				return condSpec{}, refuseUnresolved("%s is not a text column, so I could not look for %q in it.", col.ref, fs.text)
			}
			return condSpec{col: col, op: "like", vals: []any{v}}, nil
		}
		if cs, ok := r.isoDateFilter(col, fs.op, v); ok {
			return cs, nil
		}
		if n, ok := quotedNumber(col, v); ok {
			// "whose major is '600'": the number it spells (valueof.go)
			return condSpec{col: col, op: fs.op, vals: []any{n}}, nil
		}
		if !isTextual(col.kind) || (fs.op != "=" && fs.op != "!=") {
			return condSpec{}, refuseUnresolved("I could not compare %s with %q.", col.ref, v)
		}
		if col.complete {
			// Every value of the column is known: use its spelling, or say
			// the value does not occur rather than return nothing.
			for _, s := range col.samples {
				if strings.EqualFold(s, v) {
					return condSpec{col: col, op: fs.op, vals: []any{s}}, nil
				}
			}
			return condSpec{}, refuseUnresolved("%q is not a value of %s; its values are %s.", v, col.ref, valueNames(col.samples))
		}
		return condSpec{col: col, op: fs.op, vals: []any{v}}, nil
	case int64:
		if y, ok := yearOf(v); ok && col.date {
			if fs.op == "!=" {
				return condSpec{}, refuseUnsupported("a date outside a year (%s)", fs.text)
			}
			return r.yearRange(col, y, fs.op), nil
		}
		switch {
		case col.kind.Numeric():
			return condSpec{col: col, op: fs.op, vals: []any{v}}, nil
		case isTextual(col.kind) && (fs.op == "=" || fs.op == "!=" || sameWidthDigits(col, v)):
			// a code written as digits ("zip 10115"): compared as text;
			// digits of one width order as text as they do as numbers
			// (valueof.go)
			return condSpec{col: col, op: fs.op, vals: []any{fmt.Sprint(v)}}, nil
		}
	case float64:
		if col.kind == schema.KindReal || decimalBound(col, fs.op) { // "rated above 3.5" (implicitcmp.go)
			return condSpec{col: col, op: fs.op, vals: []any{v}}, nil
		}
	}
	return condSpec{}, refuseUnresolved("I could not compare %s with %v.", col.ref, fs.lit)
}

// averageFilter compares a numeric column with its average over its whole
// table.
func (r *resolver) averageFilter(fs filterSpec) (condSpec, *refusal) {
	if fs.col < 0 || fs.one || len(fs.within) > 0 {
		return r.restrictedAggFilter(fs) // compareagg.go
	}
	col, rf := r.conditionColumn(fs.col)
	if rf != nil {
		return condSpec{}, rf
	}
	if !col.numeric {
		return condSpec{}, refuseUnresolved("%s is not a numeric column, so I could not take its average.", col.ref)
	}
	return condSpec{col: col, op: fs.op, avg: fs.top == "", extreme: fs.top}, nil
}

// ageFilter compares the subject's one age column ("older than 30"), or
// its one column of the measure a comparative grades ("longer than 3300",
// "heavier than 80"), else that of a table one key away the question
// names ("parties with hosts older than 50").
func (r *resolver) ageFilter(fs filterSpec) (condSpec, *refusal) {
	if fs.lone {
		return r.loneFilter(fs)
	}
	if fs.unit.dim != "" {
		return r.unitFilter(fs) // "flights under 300 dollars" (unitcols.go)
	}
	k := fs.grade
	if k == 0 {
		k = adjAge
	}
	ages := adjCols(k, r.subject, true)
	ages = r.shorterHeights(fs, k, ages) // "shorter than 1.8": a height (implicitcmp.go)
	if len(ages) == 0 {
		ages = r.nearGraded(k, true)
	}
	if len(ages) != 1 {
		return condSpec{}, refuseUnresolved("I could not tell which %s %q compares in %s.", cmpWhat(fs), fs.text, r.subject.name)
	}
	if rf := r.reach(ages[0].table); rf != nil {
		return condSpec{}, rf
	}
	return condSpec{col: ages[0], op: fs.op, vals: []any{fs.lit}}, nil
}

// valueNames lists a column's values for a message, the first ten at most.
func valueNames(vals []string) string {
	if len(vals) > 10 {
		return quoteList(vals[:10]) + fmt.Sprintf(" (and %d more)", len(vals)-10)
	}
	return quoteList(vals)
}

// dateFilter resolves a year or relative period to the column it applies
// to: the one named, else the subject's only date (or year) column.
func (r *resolver) dateFilter(fs filterSpec) (condSpec, *refusal) {
	var col *colInfo
	if fs.ofValue {
		c, rf := r.valueYear(fs)
		if rf != nil {
			return condSpec{}, rf
		}
		col = c
	} else if fs.col >= 0 {
		c, rf := r.conditionColumn(fs.col)
		if rf != nil {
			return condSpec{}, rf
		}
		if !c.date && !c.year {
			return condSpec{}, refuseUnresolved("%s does not hold dates, so I could not apply %q to it.", c.ref, fs.text)
		}
		col = c
	} else {
		var dated []*colInfo
		for _, c := range r.subject.cols {
			if c != nil && (c.date || c.year) {
				dated = append(dated, c)
			}
		}
		if len(dated) == 0 && r.q.measure != nil {
			// A measure over rows without a date ("revenue in 2024" over
			// order items): the date of a table the measure joins.
			for _, t := range r.q.joins {
				for _, c := range t.cols {
					if c != nil && (c.date || c.year) {
						dated = append(dated, c)
					}
				}
			}
		}
		switch len(dated) {
		case 0:
			return condSpec{}, refuseUnresolved("%s has no date column that %q could apply to.", r.subject.name, fs.text)
		case 1:
			col = dated[0]
		default:
			if c := plainYear(dated); c != nil && fs.kind == fYear {
				col = c
				break
			}
			var choices []string
			for _, c := range dated {
				choices = append(choices, c.ref)
			}
			return condSpec{}, clarify(fmt.Sprintf("Which date should %q apply to?", fs.text), choices)
		}
	}
	if fs.kind == fYear && fs.op == "between" {
		return yearSpan(col, fs.lit.(int64), fs.hi.(int64)), nil
	}
	if fs.kind == fYear {
		return r.yearRange(col, fs.lit.(int64), fs.op), nil
	}
	return r.period(col, fs)
}

// yearRange filters a date column to a year (or before/after it), or
// compares a year column with it.
func (r *resolver) yearRange(col *colInfo, y int64, op string) condSpec {
	if col.year {
		return condSpec{col: col, op: op, vals: []any{y}}
	}
	start, next := fmt.Sprintf("%04d-01-01", y), fmt.Sprintf("%04d-01-01", y+1)
	switch op {
	case ">": // after 2024
		return condSpec{col: col, op: ">=", vals: []any{next}}
	case ">=": // since 2024
		return condSpec{col: col, op: ">=", vals: []any{start}}
	case "<": // before 2024
		return condSpec{col: col, op: "<", vals: []any{start}}
	case "<=":
		return condSpec{col: col, op: "<", vals: []any{next}}
	}
	return condSpec{col: col, op: "range", lo: start, hi: next}
}

// period resolves a relative date against the reference day.
func (r *resolver) period(col *colInfo, fs filterSpec) (condSpec, *refusal) {
	d := r.today
	day := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	var lo, hi time.Time
	switch fs.rel {
	case relThisYear, relLastYear:
		y := day.Year()
		if fs.rel == relLastYear {
			y--
		}
		if col.year {
			return condSpec{col: col, op: "=", vals: []any{int64(y)}}, nil
		}
		lo = time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
		hi = lo.AddDate(1, 0, 0)
	case relThisMonth, relLastMonth:
		lo = time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, time.UTC)
		if fs.rel == relLastMonth {
			lo = lo.AddDate(0, -1, 0)
		}
		hi = lo.AddDate(0, 1, 0)
	case relToday, relYesterday:
		lo = day
		if fs.rel == relYesterday {
			lo = lo.AddDate(0, 0, -1)
		}
		hi = lo.AddDate(0, 0, 1)
	}
	if col.year {
		return condSpec{}, refuseUnresolved("%s holds years, so I could not apply %q to it.", col.ref, fs.text)
	}
	return condSpec{col: col, op: "range", lo: lo.Format(time.DateOnly), hi: hi.Format(time.DateOnly)}, nil
}

// oneColumn reports whether the values are all of one column.
func oneColumn(vs []valueRef) bool {
	for _, v := range vs {
		if v.table != vs[0].table || v.col != vs[0].col {
			return false
		}
	}
	return len(vs) > 0
}
