package chart_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"querent/internal/answer"
	"querent/internal/chart"
)

func res(cols []string, rows ...[]any) answer.Result { return answer.NewResult(cols, rows, false) }

var (
	byCountry = res([]string{"country", "count"}, []any{"Germany", int64(42)}, []any{"France", int64(30)}, []any{"Spain", int64(20)})
	byMonth   = res([]string{"month", "revenue"}, []any{"2024-01", 10.5}, []any{"2024-02", 12.0}, []any{"2024-03", 9.25})
	byDay     = res([]string{"order_date", "count"}, []any{"2024-01-01", int64(3)}, []any{"2024-01-02", int64(5)})
	byQuarter = res([]string{"quarter", "count"}, []any{"2024-Q1", int64(3)}, []any{"2024-Q2", int64(5)})
	twoMeas   = res([]string{"quantity", "unit_price"}, []any{int64(1), 9.5}, []any{int64(3), 4.0}, []any{int64(2), 7.25})
	grouped   = res([]string{"status", "count", "sum_total"}, []any{"shipped", int64(3), 100.0}, []any{"pending", int64(2), 50.5})
	names     = res([]string{"first_name", "last_name", "orders"}, []any{"Anna", "Smith", int64(4)}, []any{"Ben", "Lee", int64(2)})
	monthStat = res([]string{"month", "status", "count"}, []any{"2024-01", "shipped", int64(3)}, []any{"2024-01", "pending", int64(1)}, []any{"2024-02", "shipped", int64(4)})
)

func TestChoose(t *testing.T) {
	many := answer.Result{Columns: []string{"city", "n"}}
	for i := 0; i < 15; i++ {
		many.Rows = append(many.Rows, []any{fmt.Sprintf("c%d", i), int64(i)})
	}
	long := res([]string{"product", "price"}, []any{"Summit Two-Person Tent", 404.5}, []any{"Mug", 3.0})
	for _, c := range []struct {
		name       string
		res        answer.Result
		mark       string // "" for no chart
		horizontal bool
		xType      string
	}{
		{"no rows", res([]string{"a", "b"}), "", false, ""},
		{"one number", res([]string{"count"}, []any{int64(3)}), "", false, ""},
		{"one row", res([]string{"country", "count"}, []any{"Germany", int64(3)}), "", false, ""},
		{"no measure", res([]string{"first_name", "last_name"}, []any{"a", "b"}, []any{"c", "d"}), "", false, ""},
		{"one measure alone", res([]string{"salary"}, []any{1.0}, []any{2.0}), "", false, ""},
		{"ids are not measures", res([]string{"id", "name"}, []any{int64(1), "a"}, []any{int64(2), "b"}), "", false, ""},
		{"category + measure → bar", byCountry, "bar", false, "nominal"},
		{"many categories → horizontal", many, "bar", true, "nominal"},
		{"long labels → horizontal", long, "bar", true, "nominal"},
		{"month + measure → line", byMonth, "line", false, "temporal"},
		{"date + measure → line", byDay, "line", false, "temporal"},
		{"quarter labels → ordinal line", byQuarter, "line", false, "ordinal"},
		{"two measures → scatter", twoMeas, "point", false, "quantitative"},
		{"category + two measures → grouped bar", grouped, "bar", false, "nominal"},
		{"two label columns → one label", names, "bar", false, "nominal"},
		{"month + status + count → coloured lines", monthStat, "line", false, "temporal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := chart.Choose(c.res)
			if c.mark == "" {
				if s != nil {
					t.Fatalf("want no chart, got %s", mustJSON(t, s))
				}
				return
			}
			if s == nil {
				t.Fatalf("want a %s chart, got none", c.mark)
			}
			if s.Mark != c.mark || s.Horizontal != c.horizontal {
				t.Errorf("mark %s horizontal %v, want %s %v", s.Mark, s.Horizontal, c.mark, c.horizontal)
			}
			vl := validate(t, s)
			axis := "x"
			if c.horizontal {
				axis = "y"
			}
			if got := vl.enc[axis]["type"]; got != c.xType {
				t.Errorf("%s type %v, want %s\n%s", axis, got, c.xType, mustJSON(t, s))
			}
		})
	}
}

// vlSpec is the parsed JSON of a spec, for structural checks.
type vlSpec struct {
	raw    map[string]any
	enc    map[string]map[string]any
	fields map[string]bool // fields the data (and fold) provide
}

// validate checks what makes a Vega-Lite v5 spec usable: the schema, inline
// data values as objects, a known mark, and encodings whose fields exist in
// the data (or come out of a fold) with a valid type.
func validate(t *testing.T, s *chart.Spec) vlSpec {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["$schema"] != chart.SchemaURL {
		t.Errorf("$schema %v", raw["$schema"])
	}
	data, _ := raw["data"].(map[string]any)
	values, ok := data["values"].([]any)
	if !ok || len(values) == 0 {
		t.Fatalf("data.values missing or empty: %s", b)
	}
	if len(values) > chart.MaxPoints {
		t.Errorf("%d data points, over the cap", len(values))
	}
	fields := map[string]bool{}
	for _, v := range values {
		obj, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("data value is not an object: %v", v)
		}
		for k := range obj {
			fields[k] = true
		}
	}
	if tr, ok := raw["transform"].([]any); ok {
		for _, x := range tr {
			fold := x.(map[string]any)
			for _, f := range fold["fold"].([]any) {
				if !fields[unescape(f.(string))] {
					t.Errorf("fold of missing field %v", f)
				}
			}
			for _, f := range fold["as"].([]any) {
				fields[f.(string)] = true
			}
		}
	}
	mark, _ := raw["mark"].(map[string]any)
	if !strings.Contains(" bar line point area arc ", " "+fmt.Sprint(mark["type"])+" ") {
		t.Errorf("mark %v", raw["mark"])
	}
	encRaw, _ := raw["encoding"].(map[string]any)
	enc := map[string]map[string]any{}
	check := func(ch string, e map[string]any) {
		name := unescape(fmt.Sprint(e["field"]))
		if !fields[name] {
			t.Errorf("encoding %s names field %q, not in the data (%v)", ch, name, fields)
		}
		switch e["type"] {
		case "quantitative", "nominal", "ordinal", "temporal":
		default:
			t.Errorf("encoding %s has type %v", ch, e["type"])
		}
	}
	for ch, e := range encRaw {
		if ch == "tooltip" {
			for _, x := range e.([]any) {
				check(ch, x.(map[string]any))
			}
			continue
		}
		m := e.(map[string]any)
		enc[ch] = m
		check(ch, m)
	}
	if mark["type"] == "arc" {
		if enc["theta"] == nil || enc["color"] == nil {
			t.Errorf("arc without theta and color: %s", b)
		}
	} else if enc["x"] == nil || enc["y"] == nil {
		t.Errorf("no x or y encoding: %s", b)
	}
	return vlSpec{raw, enc, fields}
}

func unescape(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\.`, ".", `\[`, "[", `\]`, "]").Replace(s)
}

func mustJSON(t *testing.T, s *chart.Spec) string {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSpecDetails(t *testing.T) {
	// Grouped bars fold their measures and offset them.
	vl := validate(t, chart.Choose(grouped))
	if vl.enc["xOffset"] == nil || vl.enc["color"] == nil || vl.enc["y"]["field"] != "value" {
		t.Errorf("grouped bars: %v", vl.raw)
	}
	// Several label columns become one synthetic label field.
	vl = validate(t, chart.Choose(names))
	if vl.enc["x"]["field"] != "label" {
		t.Errorf("label field: %v", vl.enc["x"])
	}
	values := vl.raw["data"].(map[string]any)["values"].([]any)
	if got := values[0].(map[string]any)["label"]; got != "Anna Smith" {
		t.Errorf("label value %v", got)
	}
	// A second category colours the lines.
	vl = validate(t, chart.Choose(monthStat))
	if vl.enc["color"]["field"] != "status" {
		t.Errorf("colour: %v", vl.enc["color"])
	}
	// Bars keep the result's order.
	vl = validate(t, chart.Choose(byCountry))
	if s, ok := vl.enc["x"]["sort"]; !ok || s != nil {
		t.Errorf("bars are re-sorted: %v", vl.enc["x"])
	}
	// Field names with dots are escaped.
	dotted := res([]string{"customers.country", "count"}, []any{"a", int64(1)}, []any{"b", int64(2)})
	vl = validate(t, chart.Choose(dotted))
	if vl.enc["x"]["field"] != `customers\.country` {
		t.Errorf("dotted field: %v", vl.enc["x"])
	}
	// Data is capped.
	big := answer.Result{Columns: []string{"day", "n"}}
	for i := 0; i < 700; i++ {
		big.Rows = append(big.Rows, []any{fmt.Sprintf("2024-01-%02d %02d", i%28+1, i%24), int64(i)})
	}
	vl = validate(t, chart.Choose(big))
	if n := len(vl.raw["data"].(map[string]any)["values"].([]any)); n != chart.MaxPoints {
		t.Errorf("%d points, want %d", n, chart.MaxPoints)
	}
	if !strings.Contains(fmt.Sprint(vl.raw["description"]), "500 of 700") {
		t.Errorf("description %v", vl.raw["description"])
	}
}

func TestWithMark(t *testing.T) {
	for _, c := range []struct {
		name string
		res  answer.Result
		mark string
		err  string
	}{
		{"bar to line", byCountry, "line", ""},
		{"bar to arc", byCountry, "arc", ""},
		{"bar to point", byCountry, "point", ""},
		{"line to bar", byMonth, "bar", ""},
		{"line to area", byMonth, "area", ""},
		{"scatter to line", twoMeas, "line", "needs a category or time column"},
		{"scatter to bar", twoMeas, "bar", "needs a category or time column"},
		{"grouped to arc", grouped, "arc", "one measure"},
		{"time to arc", byMonth, "arc", "needs a category"},
		{"negative arc", res([]string{"k", "v"}, []any{"a", -1.0}, []any{"b", 2.0}), "arc", "negative"},
		{"unknown", byCountry, "pie", "unknown mark"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := chart.Choose(c.res)
			got, err := s.WithMark(c.mark)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Mark != c.mark {
				t.Errorf("mark %s", got.Mark)
			}
			if s.Mark == c.mark {
				t.Errorf("original changed")
			}
			validate(t, got)
		})
	}
}

func TestRenderBars(t *testing.T) {
	var b bytes.Buffer
	if err := chart.RenderBars(&b, byCountry, 40); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"Germany ████████████████████████████ 42\n" +
		"France  ████████████████████         30\n" +
		"Spain   █████████████▍               20\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	signed := res([]string{"month", "change"}, []any{"Jan", 10.0}, []any{"Feb", -5.0}, []any{"Mar", 0.0}, []any{"Apr", nil})
	if err := chart.RenderBars(&b, signed, 30); err != nil {
		t.Fatal(err)
	}
	want = "" +
		"Jan       │█████████████   10\n" +
		"Feb ██████│                -5\n" +
		"Mar       │                 0\n" +
		"Apr       │              NULL\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	b.Reset()
	many := answer.Result{Columns: []string{"k", "v"}}
	for i := 0; i < 25; i++ {
		many.Rows = append(many.Rows, []any{fmt.Sprint(i), int64(25 - i)})
	}
	if err := chart.RenderBars(&b, many, 40); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 21 || lines[20] != "… 5 more" {
		t.Errorf("got %d lines, last %q", len(lines), lines[len(lines)-1])
	}

	err := chart.RenderBars(&b, res([]string{"a", "b"}, []any{"x", "y"}), 40)
	if err == nil || !strings.Contains(err.Error(), "column b is not numeric") {
		t.Errorf("text result: %v", err)
	}
	mixed := answer.Result{Columns: []string{"a", "n"}, Rows: [][]any{{"x", int64(1)}, {"y", "lots"}}, Kinds: nil}
	mixed.Kinds = answer.InferKinds(mixed.Columns, mixed.Rows[:1])
	err = chart.RenderBars(&b, mixed, 40)
	if err == nil || !strings.Contains(err.Error(), `column n is not numeric: row 2 holds "lots"`) {
		t.Errorf("mixed column: %v", err)
	}
}
