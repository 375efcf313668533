// Package answer turns a query result into what a person reads: a
// deterministic summary ([Summarize]), the calculator that checks every
// number an LLM writes about the result ([Verify]), shape checks of the
// result against the question ([Check]) and follow-up questions the data can
// answer ([Suggest]).
//
// Everything here is a pure function of plain data: the question, the plan
// (nil for raw SQL), the columns and rows. Nothing calls a model or a
// database; the agent makes those calls and hands the results in, so every
// function is deterministic and tested on its own.
package answer

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Result is a query result as the answer step sees it.
type Result struct {
	Columns []string
	// Rows hold one value per column: nil, int64, float64, string or bool;
	// dates arrive as ISO 8601 text.
	Rows [][]any
	// Truncated is true when the row cap cut the result short.
	Truncated bool
	// Kinds classify each column. Nil (or a length that does not match
	// Columns) means "infer from the values", see [InferKinds].
	Kinds []schema.Kind
}

// NewResult builds a Result whose kinds are inferred from its values.
func NewResult(columns []string, rows [][]any, truncated bool) Result {
	return Result{Columns: columns, Rows: rows, Truncated: truncated, Kinds: InferKinds(columns, rows)}
}

// Kind returns the kind of column i: the given one when Kinds is set,
// otherwise the one inferred from the values.
func (r Result) Kind(i int) schema.Kind {
	if len(r.Kinds) == len(r.Columns) && i >= 0 && i < len(r.Kinds) && r.Kinds[i] != "" {
		return r.Kinds[i]
	}
	return inferKind(r.Rows, i)
}

// Numeric reports whether column i holds numbers.
func (r Result) Numeric(i int) bool { return r.Kind(i).Numeric() }

// InferKinds classifies each column from its non-NULL values: integer when
// every value is an int64, real when they are numbers and one is a float64,
// bool, date ("2024-03-01") or datetime ("2024-03-01 14:30:00", also with a
// "T") when every text value has that form, text otherwise. A column that is
// NULL in every row is [schema.KindOther].
func InferKinds(columns []string, rows [][]any) []schema.Kind {
	kinds := make([]schema.Kind, len(columns))
	for i := range columns {
		kinds[i] = inferKind(rows, i)
	}
	return kinds
}

func inferKind(rows [][]any, i int) schema.Kind {
	var ints, reals, bools, dates, datetimes, texts, seen int
	for _, row := range rows {
		if i >= len(row) || row[i] == nil {
			continue
		}
		seen++
		switch v := row[i].(type) {
		case int64, int, int32:
			ints++
		case float64, float32:
			reals++
		case bool:
			bools++
		case string:
			switch {
			case !startsLikeDate(v):
				texts++ // most text: no need to run the patterns
			case dateRE.MatchString(v):
				dates++
			case dateTimeRE.MatchString(v):
				datetimes++
			default:
				texts++
			}
		default:
			texts++
		}
	}
	switch {
	case seen == 0:
		return schema.KindOther
	case ints == seen:
		return schema.KindInteger
	case ints+reals == seen:
		return schema.KindReal
	case bools == seen:
		return schema.KindBool
	case dates == seen:
		return schema.KindDate
	case dates+datetimes == seen:
		return schema.KindDateTime
	}
	return schema.KindText
}

// startsLikeDate reports whether s begins "dddd-dd-dd", as everything
// dateRE and dateTimeRE match does.
func startsLikeDate(s string) bool {
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9} {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var (
	dateRE     = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	dateTimeRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$`)
)

// KindsFromPlan returns the kinds of a result's columns as the schema
// declares them, for the output columns of p that are plain columns (or
// aggregates whose kind follows from their input), falling back to the
// values for the rest. It is how a caller with a schema gets "this integer
// column is an id" right where values alone cannot tell.
func KindsFromPlan(p *plan.Plan, s *schema.Schema, columns []string, rows [][]any) []schema.Kind {
	kinds := InferKinds(columns, rows)
	if p == nil || s == nil || p.RawSQL != "" || len(p.Select) != len(columns) {
		return kinds
	}
	for i, item := range p.Select {
		if k := exprKind(item.Expr, p, s); k != "" && kinds[i] != schema.KindOther {
			// Values win over declarations only when they disagree about
			// being numbers (SQLite's loose typing).
			if k.Numeric() == kinds[i].Numeric() {
				kinds[i] = k
			}
		}
	}
	return kinds
}

// exprKind is the declared kind of an output expression, "" when unknown.
func exprKind(e plan.Expr, p *plan.Plan, s *schema.Schema) schema.Kind {
	switch {
	case e.Col != "":
		if c := lookupColumn(p, s, e.Col); c != nil {
			return c.Kind
		}
	case e.Agg == "count" || e.Agg == "count_distinct":
		return schema.KindInteger
	case e.Agg == "avg":
		return schema.KindReal
	case e.Agg != "" && e.Arg != nil:
		return exprKind(*e.Arg, p, s)
	case e.Bucket != "":
		return schema.KindText
	case e.Extract != "":
		return schema.KindInteger
	}
	return ""
}

// lookupColumn resolves "source.column" (or a bare column) against the
// plan's sources.
func lookupColumn(p *plan.Plan, s *schema.Schema, ref string) *schema.Column {
	src, col, ok := strings.Cut(ref, ".")
	if !ok {
		src, col = "", ref
	}
	sources := []plan.Source{p.From}
	for _, j := range p.Joins {
		sources = append(sources, j.Source)
	}
	for _, so := range sources {
		if so.Table == "" || (src != "" && !strings.EqualFold(so.Name(), src)) {
			continue
		}
		if t, ok := s.Table(so.Table); ok {
			if c, ok := t.Column(col); ok {
				return c
			}
		}
	}
	return nil
}

// number returns v as a float64 when it is a number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case int:
		return float64(x), true
	case int32:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case float32:
		f := float64(x)
		return f, !math.IsNaN(f) && !math.IsInf(f, 0)
	}
	return 0, false
}

// FormatNumber prints a number for prose: thousands separators, no decimals
// for whole numbers, otherwise at most two decimals (three significant
// digits for magnitudes below 0.01). What it prints is always within the
// rounding tolerance [Verify] accepts for the value.
func FormatNumber(f float64) string {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return strconv.FormatFloat(f, 'f', -1, 64)
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		return group(strconv.FormatFloat(f, 'f', 0, 64))
	case math.Abs(f) < 0.01:
		s := strconv.FormatFloat(f, 'f', -1, 64)
		// Three significant digits, written without an exponent.
		exp := int(math.Floor(math.Log10(math.Abs(f))))
		dec := -exp + 2
		if dec > 0 && dec < 20 {
			s = strconv.FormatFloat(f, 'f', dec, 64)
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		return s
	}
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return group(s)
}

// FormatValue prints a cell for prose: numbers as [FormatNumber], NULL as
// "NULL", everything else as text.
func FormatValue(v any) string {
	if f, ok := number(v); ok {
		return FormatNumber(f)
	}
	switch x := v.(type) {
	case nil:
		return "NULL"
	case string:
		return x
	case []byte:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// group inserts thousands separators into a plain decimal number.
func group(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if len(intPart) > 3 {
		var b strings.Builder
		lead := len(intPart) % 3
		if lead > 0 {
			b.WriteString(intPart[:lead])
		}
		for i := lead; i < len(intPart); i += 3 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(intPart[i : i+3])
		}
		intPart = b.String()
	}
	if hasFrac {
		intPart += "." + frac
	}
	if neg {
		return "-" + intPart
	}
	return intPart
}
