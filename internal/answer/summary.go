package answer

import (
	"fmt"
	"strings"
	"time"

	"querent/internal/plan"
)

// Summarize states the result in a sentence or two, without a plan; see
// [SummarizePlan].
func Summarize(question string, res Result) string { return SummarizePlan(question, nil, res) }

// SummarizePlan states the result deterministically, in words it can back:
//
//   - no rows: "No rows matched."
//   - one count: "There are 300 customers." (the counted table named only
//     when the plan counts one table without joins), else "count: 300"
//   - one aggregate: "The average of salary is 52,345.68."
//   - one row: "name: Desk Lamp, unit_price: 99.5."
//   - a ranking: "Top: Germany with 42 customers (10 rows)."
//   - several rows with a measure: the largest row, and the total when
//     summing means something (counts and sums, never averages)
//   - a truncated result says so.
//
// Every number it writes passes [Verify] against the same result.
func SummarizePlan(question string, p *plan.Plan, res Result) string {
	if len(res.Rows) == 0 {
		return "No rows matched."
	}
	cols := describeColumns(p, res)
	var s string
	switch {
	case len(res.Rows) == 1 && len(res.Columns) == 1:
		s = oneValue(p, res, cols[0])
	case len(res.Rows) == 1:
		var parts []string
		for i, c := range res.Columns {
			if i == 6 {
				parts = append(parts, fmt.Sprintf("and %d more columns", len(res.Columns)-6))
				break
			}
			parts = append(parts, c+": "+FormatValue(res.Rows[0][i]))
		}
		s = strings.Join(parts, ", ") + "."
	default:
		s = severalRows(p, res, cols)
	}
	if res.Truncated {
		s += fmt.Sprintf(" Showing the first %s rows; more matched.", FormatNumber(float64(len(res.Rows))))
	}
	return s
}

// colInfo is what is known about one output column.
type colInfo struct {
	name string
	agg  string // count, count_distinct, sum, avg, min, max; "" for none
	arg  string // the aggregated column, without its source
}

// describeColumns reads each output column's aggregate from the plan when
// it lines up with the result, else from the column's name ("count",
// "sum_total_amount", "avg_salary").
func describeColumns(p *plan.Plan, res Result) []colInfo {
	out := make([]colInfo, len(res.Columns))
	fromPlan := p != nil && p.RawSQL == "" && len(p.Select) == len(res.Columns)
	for i, c := range res.Columns {
		out[i].name = c
		if fromPlan {
			e := p.Select[i].Expr
			out[i].agg = e.Agg
			if e.Agg == "count" && e.Distinct {
				out[i].agg = "count_distinct"
			}
			if e.Arg != nil && e.Arg.Col != "" && !strings.HasSuffix(e.Arg.Col, "*") {
				out[i].arg = columnOf(e.Arg.Col)
			}
			continue
		}
		lc := strings.ToLower(c)
		for _, a := range []string{"count_distinct", "count", "sum", "avg", "min", "max"} {
			if lc == a || strings.HasPrefix(lc, a+"_") {
				out[i].agg, out[i].arg = a, strings.TrimPrefix(lc[len(a):], "_")
				break
			}
		}
		if out[i].agg == "" && (strings.HasSuffix(lc, "_count") || lc == "n" || strings.HasPrefix(lc, "num_") || strings.HasPrefix(lc, "number_of_")) {
			out[i].agg = "count"
		}
		if strings.HasPrefix(lc, "distinct_") {
			out[i].agg, out[i].arg = "count_distinct", lc[len("distinct_"):]
		}
	}
	return out
}

func columnOf(ref string) string {
	if i := strings.LastIndex(ref, "."); i >= 0 {
		return ref[i+1:]
	}
	return ref
}

// countedNoun is the table a plan counts rows of, in words ("order items"),
// when that is certain: one table, no joins, no set operation.
func countedNoun(p *plan.Plan) string {
	if p == nil || p.RawSQL != "" || p.From.Table == "" || len(p.Joins) > 0 || p.SetOp != nil {
		return ""
	}
	t := p.From.Table
	if i := strings.LastIndex(t, "."); i >= 0 {
		t = t[i+1:]
	}
	return strings.ReplaceAll(t, "_", " ")
}

var aggPhrase = map[string]string{"sum": "total", "avg": "average", "min": "minimum", "max": "maximum"}

func oneValue(p *plan.Plan, res Result, c colInfo) string {
	v := FormatValue(res.Rows[0][0])
	where := filterText(p)
	switch c.agg {
	case "count":
		if noun := countedNoun(p); noun != "" {
			if v == "1" {
				return fmt.Sprintf("There is 1 row in %s%s.", noun, where)
			}
			return fmt.Sprintf("There are %s %s%s.", v, noun, where)
		}
	case "count_distinct":
		if c.arg != "" {
			return fmt.Sprintf("There are %s distinct values of %s%s.", v, c.arg, where)
		}
	case "sum", "avg", "min", "max":
		if c.arg != "" {
			return fmt.Sprintf("The %s of %s is %s%s.", aggPhrase[c.agg], c.arg, v, where)
		}
	}
	return fmt.Sprintf("%s: %s%s.", c.name, v, where)
}

// filterText renders a plan's simple filters (" where country = Germany"),
// "" when there are none or they are too involved to say briefly.
func filterText(p *plan.Plan) string {
	if p == nil || p.RawSQL != "" || p.Where == nil {
		return ""
	}
	if s, ok := condText(*p.Where); ok {
		return " where " + s
	}
	return " matching the question's conditions"
}

func condText(c plan.Cond) (string, bool) {
	switch {
	case len(c.And) > 0:
		var parts []string
		for i := 0; i < len(c.And); i++ {
			x := c.And[i]
			if i+1 < len(c.And) {
				if s, ok := periodText(x, c.And[i+1]); ok {
					parts = append(parts, s)
					i++
					continue
				}
			}
			s, ok := condText(x)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		if len(parts) > 3 {
			return "", false
		}
		return strings.Join(parts, " and "), true
	case c.Left == nil || c.Left.Col == "":
		return "", false
	}
	col := columnOf(c.Left.Col)
	lit := func(e *plan.Expr) (string, bool) {
		if e == nil || !e.IsLiteral() {
			return "", false
		}
		return FormatValue(e.Value), true
	}
	switch c.Op {
	case "=", "!=", "<", "<=", ">", ">=":
		if v, ok := lit(c.Right); ok {
			return col + " " + c.Op + " " + v, true
		}
	case "in", "not_in":
		var vs []string
		for i := range c.Values {
			v, ok := lit(&c.Values[i])
			if !ok {
				return "", false
			}
			vs = append(vs, v)
		}
		op := " in "
		if c.Op == "not_in" {
			op = " not in "
		}
		return col + op + "(" + strings.Join(vs, ", ") + ")", len(vs) > 0 && len(vs) <= 5
	case "is_null":
		return col + " is empty", true
	case "is_not_null":
		return col + " is set", true
	}
	return "", false
}

// severalRows summarises a result of two or more rows.
func severalRows(p *plan.Plan, res Result, cols []colInfo) string {
	n := FormatNumber(float64(len(res.Rows)))
	measure := -1
	for i := len(res.Columns) - 1; i >= 0; i-- {
		if res.Numeric(i) && !keyLike(res.Columns[i]) {
			measure = i
			break
		}
	}
	var labels []int
	for i := range res.Columns {
		if i != measure && !res.Numeric(i) {
			labels = append(labels, i)
		}
	}
	label := func(row []any) string {
		var parts []string
		for _, i := range labels {
			if row[i] != nil {
				parts = append(parts, FormatValue(row[i]))
			}
		}
		return strings.Join(parts, " ")
	}
	ordered, desc := false, false
	if p != nil && p.RawSQL == "" && len(p.OrderBy) > 0 {
		ordered, desc = true, p.OrderBy[0].Desc
	}
	noun := ""
	if measure >= 0 && cols[measure].agg == "count" {
		noun = countedNoun(p)
	}
	valueText := func(v any) string {
		if noun != "" {
			return FormatValue(v) + " " + noun
		}
		return res.Columns[measure] + " " + FormatValue(v)
	}
	var s string
	switch {
	case len(labels) > 0 && measure >= 0 && ordered:
		first := res.Rows[0]
		word := "Top"
		if !desc {
			word = "First"
		}
		if first[measure] == nil {
			s = fmt.Sprintf("%s: %s (%s rows).", word, label(first), n)
		} else {
			s = fmt.Sprintf("%s: %s with %s (%s rows).", word, label(first), valueText(first[measure]), n)
		}
	case len(labels) > 0 && measure >= 0:
		best := -1
		var bestV float64
		for r, row := range res.Rows {
			if v, ok := number(row[measure]); ok && (best < 0 || v > bestV) {
				best, bestV = r, v
			}
		}
		if best < 0 {
			s = n + " rows."
		} else {
			s = fmt.Sprintf("%s rows; largest: %s with %s.", n, label(res.Rows[best]), valueText(res.Rows[best][measure]))
		}
	case len(labels) > 0 && ordered:
		word := "Top"
		if !desc {
			word = "First"
		}
		s = fmt.Sprintf("%s: %s (%s rows).", word, label(res.Rows[0]), n)
	default:
		s = n + " rows."
	}
	if measure >= 0 && !res.Truncated && summable(cols[measure]) {
		var sum float64
		for _, row := range res.Rows {
			if v, ok := number(row[measure]); ok {
				sum += v
			}
		}
		total := FormatNumber(sum)
		if noun != "" {
			s += fmt.Sprintf(" In total: %s %s.", total, noun)
		} else {
			s += fmt.Sprintf(" Total %s: %s.", res.Columns[measure], total)
		}
	}
	return s
}

// summable reports whether adding a column's values up means something:
// counts and sums do, averages, minima, maxima and plain values need not.
func summable(c colInfo) bool {
	return c.agg == "count" || c.agg == "sum"
}

// periodText reads a half-open date range as the period it covers:
// ">= 2025-01-01 and < 2026-01-01" is "order_date in 2025", a month range
// "in 2025-03". Planners write periods this way so the database can use an
// index; the summary says what a person would.
func periodText(lo, hi plan.Cond) (string, bool) {
	if lo.Op != ">=" || hi.Op != "<" || lo.Left == nil || hi.Left == nil || lo.Left.Col == "" || lo.Left.Col != hi.Left.Col ||
		lo.Right == nil || hi.Right == nil {
		return "", false
	}
	from, ok1 := lo.Right.Value.(string)
	to, ok2 := hi.Right.Value.(string)
	if !ok1 || !ok2 {
		return "", false
	}
	a, err1 := time.Parse("2006-01-02", from)
	b, err2 := time.Parse("2006-01-02", to)
	if err1 != nil || err2 != nil || a.Day() != 1 {
		return "", false
	}
	col := columnOf(lo.Left.Col)
	switch {
	case a.Month() == time.January && b.Equal(a.AddDate(1, 0, 0)):
		return fmt.Sprintf("%s in %d", col, a.Year()), true
	case b.Equal(a.AddDate(0, 1, 0)):
		return fmt.Sprintf("%s in %s", col, a.Format("2006-01")), true
	}
	return "", false
}
