package sqlgen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"querent/internal/plan"
	"querent/internal/sqlgen"
)

// FuzzCompile decodes arbitrary JSON as a plan and compiles it for every
// dialect, with and without a tenant. Compiling must never panic, and when it
// succeeds the SQL text must not depend on the plan's string values: with
// each distinct string replaced by a sentinel, the SQL is byte-identical, no
// sentinel appears in it, and every sentinel is among the arguments.
func FuzzCompile(f *testing.F) {
	files, _ := os.ReadDir("testdata")
	for _, fi := range files {
		if !strings.HasSuffix(fi.Name(), ".txtar") {
			continue
		}
		ar, err := txtar.ParseFile("testdata/" + fi.Name())
		if err != nil {
			f.Fatal(err)
		}
		if data, ok := section(ar, "plan.json"); ok {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"from": {"table": "orders"}, "where": {"op": "=", "left": "x", "right": {"value": "'; --"}}}`))
	s := testSchema()
	var ds []sqlgen.Dialect
	for _, name := range dialects {
		d, err := sqlgen.DialectFor(name)
		if err != nil {
			f.Fatal(err)
		}
		ds = append(ds, d)
	}
	tenant := sqlgen.Options{Tenant: &sqlgen.Tenant{Column: "client_id", Value: "t-1"}, MaxRows: 100}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := plan.Decode(data)
		if err != nil {
			return
		}
		swapped, sentinels, ok := swapStrings(t, p, data)
		if !ok {
			return
		}
		for _, d := range ds {
			for _, opt := range []sqlgen.Options{{}, tenant} {
				q, err := sqlgen.Compile(p, s, d, opt)
				q2, err2 := sqlgen.Compile(swapped, s, d, opt)
				if (err == nil) != (err2 == nil) {
					t.Fatalf("%s: string values decide whether the plan compiles: %v / %v", d.Name(), err, err2)
				}
				if err != nil {
					continue
				}
				if q.SQL != q2.SQL {
					t.Fatalf("%s: SQL depends on string values:\n%s\n%s", d.Name(), q.SQL, q2.SQL)
				}
				if strings.IndexByte(q.SQL, 0) >= 0 {
					t.Fatalf("%s: NUL in SQL %q", d.Name(), q.SQL)
				}
				for _, sent := range sentinels {
					if strings.Contains(q2.SQL, sent) {
						t.Fatalf("%s: value %q appears in SQL %s", d.Name(), sent, q2.SQL)
					}
					if !slices.Contains(q2.Args, any(sent)) {
						t.Fatalf("%s: value %q is not bound; args %v\n%s", d.Name(), sent, q2.Args, q2.SQL)
					}
				}
			}
		}
	})
}

// swapStrings returns a copy of p whose string literals are replaced by
// sentinels, one per distinct string (so equal literals stay equal, as
// GROUP BY matching relies on), and the sentinels. ok is false when the
// input already contains the sentinel marker.
func swapStrings(t *testing.T, p *plan.Plan, input []byte) (*plan.Plan, []string, bool) {
	const mark = "\u2063sentinel"
	if bytes.Contains(input, []byte(mark)) || bytes.Contains(input, []byte(`\u2063`)) {
		return nil, nil, false
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatalf("marshal decoded plan: %v", err)
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	byValue := map[string]string{}
	var sentinels []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if s, ok := c.(string); ok && k == "value" {
					if _, seen := byValue[s]; !seen {
						byValue[s] = fmt.Sprintf("%s%d\u2063", mark, len(byValue))
						sentinels = append(sentinels, byValue[s])
					}
					x[k] = byValue[s]
					continue
				}
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(tree)
	out, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	q, err := plan.Decode(out)
	if err != nil {
		t.Fatalf("re-decode swapped plan: %v\n%s", err, out)
	}
	return q, sentinels, true
}
