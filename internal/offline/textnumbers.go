package offline

import (
	"slices"
	"strconv"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Numbers stored as text. Schemas in the wild declare heights, speeds and
// quantities as VARCHAR while every stored value is a number: "which
// content has the highest height" still asks for the greatest number. A
// text column is read as a number when its sampled values show it is one
// (textNumber). Sums and averages, and comparisons with an average, read
// it through a cast (numExpr), which every engine needs to add text up.
// Rankings, maxima and minima read the stored text when its order is the
// numbers' order (values of one width, textOrdered), and are refused
// otherwise (textOrderConflict): as text "10" sorts before "9".

// minTextNumberSample is how many distinct values an incomplete sample of
// a text column must show, all numbers, before the column is read as
// numeric: the describe step lists up to 1,000 values, and a column whose
// first hundred are all numbers holds numbers, while a handful could be
// the numeric codes of a column that also holds words.
const minTextNumberSample = 100

// textNumber reports whether text column c holds only numbers (num) and
// whether they are all whole (whole): every sampled value is a plain
// decimal number, the sample is the column's complete list of values (at
// least two, or there is nothing to rank) or a large part of it. Digits
// with a leading zero ("007", "02134") are codes, not quantities, and keep
// the column textual.
func textNumber(c schema.Column) (num, whole bool) {
	if !isTextual(c.Kind) || len(c.Samples) < 2 || (!c.SamplesComplete && len(c.Samples) < minTextNumberSample) {
		return false, false
	}
	whole = true
	for _, s := range c.Samples {
		ok, w := plainDecimal(s)
		if !ok {
			return false, false
		}
		whole = whole && w
	}
	return true, whole
}

// textOrdered reports whether the values of a text column of numbers
// order the same as text and as numbers (all of one width, as "401" and
// "980"): ranking the stored text is then ranking the numbers, and the
// answer shows the values as stored. Only a complete list of values can
// say so.
func textOrdered(c schema.Column) bool {
	if !c.SamplesComplete {
		return false
	}
	vals := slices.Clone(c.Samples)
	slices.Sort(vals)
	for i := 1; i < len(vals); i++ {
		a, _ := strconv.ParseFloat(vals[i-1], 64)
		b, _ := strconv.ParseFloat(vals[i], 64)
		if a > b {
			return false
		}
	}
	return true
}

// plainDecimal reports whether s is a decimal number as people write one
// in a cell ("12", "-3", "4.5") with no zero padding, and whether it is
// whole.
func plainDecimal(s string) (ok, whole bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	start, dot := i, -1
	for ; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
		case s[i] == '.' && dot < 0:
			dot = i
		default:
			return false, false
		}
	}
	intPart := len(s) - start
	if dot >= 0 {
		intPart = dot - start
		if dot == len(s)-1 {
			return false, false // "12."
		}
	}
	if intPart == 0 || (intPart > 1 && s[start] == '0') {
		return false, false // ".5", "007"
	}
	return true, dot < 0
}

// numExpr is column c read as a number: the column itself when its type is
// numeric, else its text cast to an integer (whole values) or a real.
func numExpr(c *colInfo) plan.Expr {
	e := plan.Col(c.ref)
	switch {
	case !c.textNum:
		return e
	case c.textWhole:
		return plan.Expr{Func: "cast_int", Args: []plan.Expr{e}}
	default:
		return plan.Expr{Func: "cast_real", Args: []plan.Expr{e}}
	}
}

// aggArg is the input of aggregate agg over column c: sums and averages
// take a text column's values as numbers (PostgreSQL and SQL Server
// refuse to sum text; SQLite converts it to the same numbers); other
// aggregates take the values as stored: maxima and minima of values whose
// text order is their numeric order (textOrderConflict refuses the rest)
// are the same either way, and keep the stored spelling.
func aggArg(agg string, c *colInfo) plan.Expr {
	if agg == "sum" || agg == "avg" {
		return numExpr(c)
	}
	return plan.Col(c.ref)
}

// textOrderConflict refuses a ranking, maximum or minimum of a text
// column of numbers whose text order is not their numeric order (doses
// "5" and "10"). The person asking means the numbers, and the cast would
// say so; but databases are queried, and answers judged, by the stored
// text as often as by the numbers, and the planner answers only what is
// certain. Measured on the Spider training set, ranking such columns by
// number turned 4 answers into mismatches with references that rank the
// text, and ranking them as text would give people "5" as the highest
// dose: neither is certain, so the planner says why it stops.
func textOrderConflict(q *query) *refusal {
	for _, o := range q.order {
		if mixedOrder(o.col) {
			return refuseUnresolved("%s holds numbers stored as text, which order differently as text and as numbers, so I could not rank by it.", o.col.ref)
		}
	}
	if q.agg == "max" || q.agg == "min" {
		if mixedOrder(q.aggCol) {
			return refuseUnresolved("%s holds numbers stored as text, which order differently as text and as numbers, so I could not take its %s.", q.aggCol.ref, aggName(q.agg))
		}
	}
	for _, a := range q.moreAggs {
		if (a.agg == "max" || a.agg == "min") && mixedOrder(a.col) {
			return refuseUnresolved("%s holds numbers stored as text, which order differently as text and as numbers, so I could not take its %s.", a.col.ref, aggName(a.agg))
		}
	}
	return nil
}

// mixedOrder reports whether c is a text column of numbers whose text
// order differs from their numeric order ("10" sorts before "9").
func mixedOrder(c *colInfo) bool {
	return c != nil && c.textNum && !c.textOrdered
}

// textLabel reports whether c is a text column of numbers that does not
// name a count (class_section, not room_count): "how many sections" then
// counts its distinct values, as for any text column, rather than asking
// whether the numbers themselves are meant.
func textLabel(c *colInfo) bool {
	return c.textNum && len(countedNoun(c.words)) == 0
}
