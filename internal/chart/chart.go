// Package chart picks a chart for a query result and writes it as a
// Vega-Lite v5 specification (for the web UI and API clients) or as a bar
// chart of block characters (for the terminal).
//
// The choice is a small set of rules over the result's columns: a time axis
// and a measure make a line, a category and a measure a bar, two measures a
// scatter, a category and several measures grouped bars; a single number
// or an empty result makes no chart at all.
package chart

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"querent/internal/answer"
	"querent/internal/schema"
)

// SchemaURL is the Vega-Lite version every spec declares.
const SchemaURL = "https://vega.github.io/schema/vega-lite/v5.json"

// MaxPoints caps the rows a spec carries inline; the rest are left out and
// the spec's description says so.
const MaxPoints = 500

// Marks are the chart types a Spec can switch between.
var Marks = []string{"bar", "line", "point", "area", "arc"}

// Spec is a chart of a result. It marshals to a Vega-Lite v5 JSON
// specification with the data inline.
type Spec struct {
	// Mark is bar, line, point, area or arc.
	Mark string
	// Horizontal draws bars along the y axis (long labels, many bars).
	Horizontal bool

	x       field   // the dimension: time, category, or the first measure of a scatter
	color   *field  // a second category (a line per status)
	ys      []field // the measures
	tooltip []field
	// The data points are the first MaxPoints rows, one object per row
	// keyed by column name (and label, when set, joining the cats columns).
	// They are built only when the spec is written (see points): a
	// terminal never needs them.
	columns []string
	rows    [][]any
	label   string
	cats    []int
	total   int // rows in the result, before MaxPoints
}

// field is one data column in an encoding.
type field struct {
	Name string
	Type string // quantitative, nominal, ordinal, temporal
}

var (
	yearRE    = regexp.MustCompile(`^\d{4}$`)
	monthRE   = regexp.MustCompile(`^\d{4}-\d{2}$`)
	quarterRE = regexp.MustCompile(`^\d{4}-Q[1-4]$`)
	weekRE    = regexp.MustCompile(`^\d{4}-W\d{2}$`)
	hourRE    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}$`)
)

// startsWithYear reports whether s begins with four digits, as everything
// yearRE, monthRE, quarterRE, weekRE and hourRE match does: most labels
// are ruled out without running the patterns.
func startsWithYear(s string) bool {
	if len(s) < 4 {
		return false
	}
	for i := range 4 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// role is how a column can serve a chart.
type role int

const (
	roleNone role = iota
	roleMeasure
	roleTime     // dates, datetimes, years and months: a temporal axis
	rolePeriod   // quarters, weeks, hours: ordered labels
	roleCategory // text, bools, integer codes
)

// classify decides each column's role from its kind, name and values.
func classify(res answer.Result) []role {
	roles := make([]role, len(res.Columns))
	for i, name := range res.Columns {
		k := res.Kind(i)
		lname := strings.ToLower(name)
		switch {
		case k.Temporal():
			roles[i] = roleTime
		case k == schema.KindInteger && (lname == "year" || strings.HasSuffix(lname, "_year")) && allMatch(res, i, func(s string) bool { return yearRE.MatchString(s) }):
			roles[i] = roleTime
		case k.Numeric() && keyLike(name):
			roles[i] = roleCategory
		case k.Numeric():
			roles[i] = roleMeasure
		case k == schema.KindText && allMatch(res, i, func(s string) bool {
			return startsWithYear(s) && (yearRE.MatchString(s) || monthRE.MatchString(s))
		}):
			roles[i] = roleTime
		case k == schema.KindText && allMatch(res, i, func(s string) bool {
			return startsWithYear(s) && (quarterRE.MatchString(s) || weekRE.MatchString(s) || hourRE.MatchString(s))
		}):
			roles[i] = rolePeriod
		case k == schema.KindText || k == schema.KindBool:
			roles[i] = roleCategory
		}
	}
	return roles
}

func keyLike(name string) bool {
	n := strings.ToLower(name)
	return n == "id" || strings.HasSuffix(n, "_id")
}

// allMatch reports whether every non-NULL value of column i, as text,
// satisfies ok (and there is at least one).
func allMatch(res answer.Result, i int, ok func(string) bool) bool {
	seen := false
	for _, row := range res.Rows {
		if row[i] == nil {
			continue
		}
		seen = true
		if !ok(answer.FormatValue(row[i])) {
			return false
		}
	}
	return seen
}

// Choose picks a chart for the result, or returns nil when a chart would
// not help: no rows, a single row (one number or one record), or no
// numeric measure.
//
//   - time or period + measures → line (one line per measure, or per value
//     of one more category column)
//   - category + one measure → bar, horizontal when labels are long (over
//     12 characters) or there are more than 12 bars
//   - category + several measures → grouped bars
//   - two measures and no category → scatter (point)
//
// The spec reads its data points from res.Rows when it is written, so the
// rows must not change after Choose.
func Choose(res answer.Result) *Spec {
	if len(res.Rows) < 2 || len(res.Columns) == 0 {
		return nil
	}
	roles := classify(res)
	var measures, cats []int
	tm := -1
	for i, r := range roles {
		switch r {
		case roleMeasure:
			measures = append(measures, i)
		case roleTime, rolePeriod:
			if tm < 0 {
				tm = i
			} else {
				cats = append(cats, i)
			}
		case roleCategory:
			cats = append(cats, i)
		}
	}
	if len(measures) == 0 {
		return nil
	}
	s := &Spec{total: len(res.Rows)}
	for _, m := range measures {
		s.ys = append(s.ys, field{res.Columns[m], "quantitative"})
	}
	label := ""
	switch {
	case tm >= 0:
		s.Mark = "line"
		s.x = field{res.Columns[tm], "temporal"}
		if roles[tm] == rolePeriod {
			s.x.Type = "ordinal"
		}
		if len(cats) == 1 && len(measures) == 1 && distinct(res, cats[0]) <= 12 {
			s.color = &field{res.Columns[cats[0]], "nominal"}
		}
	case len(cats) > 0:
		s.Mark = "bar"
		if len(cats) == 1 {
			s.x = field{res.Columns[cats[0]], "nominal"}
		} else {
			// Several label columns (first and last name) make one label.
			label = freeName(res.Columns, "label")
			s.x = field{label, "nominal"}
		}
		long := 0
		for _, row := range res.Rows {
			long = max(long, utf8.RuneCountInString(labelOf(row, cats)))
		}
		s.Horizontal = long > 12 || len(res.Rows) > 12
	case len(measures) >= 2:
		s.Mark = "point"
		s.x = s.ys[0]
		s.ys = s.ys[1:2]
	default:
		return nil // one measure alone: nothing to plot it against
	}
	for i, c := range res.Columns {
		if c != s.x.Name && roles[i] != roleNone {
			s.tooltip = append(s.tooltip, field{c, fieldType(roles[i])})
		}
	}
	if label != "" {
		for _, i := range cats {
			s.tooltip = append(s.tooltip, field{res.Columns[i], "nominal"})
		}
	}
	s.tooltip = append([]field{s.x}, s.tooltip...)
	s.tooltip = dedupe(s.tooltip)
	s.columns, s.rows = res.Columns, res.Rows[:min(len(res.Rows), MaxPoints)]
	if label != "" {
		s.label, s.cats = label, cats
	}
	return s
}

// points are the spec's data values: one object per row, keyed by column
// name, with the joined label when the spec has one.
func (s *Spec) points() []map[string]any {
	values := make([]map[string]any, 0, len(s.rows))
	for _, row := range s.rows {
		v := make(map[string]any, len(s.columns)+1)
		for i, c := range s.columns {
			v[c] = row[i]
		}
		if s.label != "" {
			v[s.label] = labelOf(row, s.cats)
		}
		values = append(values, v)
	}
	return values
}

func fieldType(r role) string {
	switch r {
	case roleMeasure:
		return "quantitative"
	case roleTime:
		return "temporal"
	case rolePeriod:
		return "ordinal"
	}
	return "nominal"
}

func dedupe(fs []field) []field {
	var out []field
	for _, f := range fs {
		if !slices.ContainsFunc(out, func(g field) bool { return g.Name == f.Name }) {
			out = append(out, f)
		}
	}
	return out
}

func labelOf(row []any, cats []int) string {
	var parts []string
	for _, i := range cats {
		if row[i] != nil {
			parts = append(parts, answer.FormatValue(row[i]))
		}
	}
	return strings.Join(parts, " ")
}

func distinct(res answer.Result, i int) int {
	seen := map[string]bool{}
	for _, row := range res.Rows {
		seen[answer.FormatValue(row[i])] = true
	}
	return len(seen)
}

// freeName returns base, or base_2, base_3… when a column already has it.
func freeName(cols []string, base string) string {
	name := base
	for n := 2; slices.Contains(cols, name); n++ {
		name = fmt.Sprintf("%s_%d", base, n)
	}
	return name
}

// WithMark returns a copy of the spec drawn with another mark. Switches
// that cannot show the data are errors: bar, line and area need a category
// or time axis (a scatter has none); arc needs one measure, a category
// and no negative values.
func (s *Spec) WithMark(mark string) (*Spec, error) {
	if !slices.Contains(Marks, mark) {
		return nil, fmt.Errorf("chart: unknown mark %q: use one of %s", mark, strings.Join(Marks, ", "))
	}
	c := *s
	c.Mark = mark
	scatter := s.x.Type == "quantitative"
	switch mark {
	case "bar", "line", "area":
		if scatter {
			return nil, fmt.Errorf("chart: a %s chart needs a category or time column, but this result has only the measures %s and %s: keep the scatter (point)", mark, s.x.Name, s.ys[0].Name)
		}
	case "arc":
		switch {
		case scatter || s.x.Type == "temporal":
			return nil, fmt.Errorf("chart: a pie (arc) needs a category column; %s is not one", s.x.Name)
		case len(s.ys) != 1:
			return nil, fmt.Errorf("chart: a pie (arc) shows one measure, but this result has %d; use bar", len(s.ys))
		case s.color != nil:
			return nil, fmt.Errorf("chart: a pie (arc) cannot also split by %s; use bar or line", s.color.Name)
		}
		for _, v := range s.points() {
			if f, ok := v[s.ys[0].Name].(float64); ok && f < 0 {
				return nil, fmt.Errorf("chart: a pie (arc) cannot show the negative values of %s; use bar", s.ys[0].Name)
			}
			if n, ok := v[s.ys[0].Name].(int64); ok && n < 0 {
				return nil, fmt.Errorf("chart: a pie (arc) cannot show the negative values of %s; use bar", s.ys[0].Name)
			}
		}
	}
	if mark != "bar" {
		c.Horizontal = false
	}
	return &c, nil
}

// MarshalJSON writes the Vega-Lite v5 specification.
func (s *Spec) MarshalJSON() ([]byte, error) {
	values := s.points()
	vl := map[string]any{
		"$schema": SchemaURL,
		"data":    map[string]any{"values": values},
		"width":   "container",
	}
	if s.total > len(values) {
		vl["description"] = fmt.Sprintf("first %d of %d rows", len(values), s.total)
	}
	mark := map[string]any{"type": s.Mark, "tooltip": true}
	if s.Mark == "line" {
		mark["point"] = true
	}
	vl["mark"] = mark
	enc := map[string]any{}
	x := s.x
	y := field{"value", "quantitative"}
	folded := len(s.ys) > 1
	if folded {
		// Several measures: fold them into measure/value rows, one colour
		// (and for bars one offset) per measure.
		names := make([]string, len(s.ys))
		for i, f := range s.ys {
			names[i] = escapeField(f.Name)
		}
		cols := fieldNames(values)
		key, val := freeName(cols, "measure"), freeName(cols, "value")
		y = field{val, "quantitative"}
		vl["transform"] = []any{map[string]any{"fold": names, "as": []string{key, val}}}
		enc["color"] = enc1(field{key, "nominal"})
		if s.Mark == "bar" {
			enc["xOffset"] = enc1(field{key, "nominal"})
		}
	} else if len(s.ys) == 1 {
		y = s.ys[0]
	}
	if s.color != nil {
		enc["color"] = enc1(*s.color)
	}
	switch {
	case s.Mark == "arc":
		enc["theta"] = enc1(y)
		enc["color"] = enc1(x)
	case s.Horizontal:
		xe := enc1(x)
		xe["sort"] = nil // keep the result's order
		enc["y"] = xe
		enc["x"] = enc1(y)
		if folded {
			enc["yOffset"] = enc["xOffset"]
			delete(enc, "xOffset")
		}
	default:
		xe := enc1(x)
		if x.Type == "nominal" || x.Type == "ordinal" {
			xe["sort"] = nil
		}
		enc["x"] = xe
		enc["y"] = enc1(y)
	}
	var tips []any
	for _, f := range s.tooltip {
		tips = append(tips, enc1(f))
	}
	if len(tips) > 0 {
		enc["tooltip"] = tips
	}
	vl["encoding"] = enc
	return json.Marshal(vl)
}

// fieldNames are the field names the data carries.
func fieldNames(values []map[string]any) []string {
	var cols []string
	if len(values) > 0 {
		for k := range values[0] {
			cols = append(cols, k)
		}
	}
	slices.Sort(cols)
	return cols
}

func enc1(f field) map[string]any {
	return map[string]any{"field": escapeField(f.Name), "type": f.Type}
}

// escapeField escapes the characters Vega-Lite reads as nested access in a
// field name ("customers.country", "a[0]").
func escapeField(name string) string {
	return strings.NewReplacer(`\`, `\\`, ".", `\.`, "[", `\[`, "]", `\]`).Replace(name)
}
