package sqlgen_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"querent/internal/plan"
	"querent/internal/sqlgen"
)

var update = flag.Bool("update", false, "rewrite the dialect sections of testdata/*.txtar")

// goldenOptions is the options.json section of a golden file.
type goldenOptions struct {
	Tenant *struct {
		Column string          `json:"column"`
		Value  json.RawMessage `json:"value"`
	} `json:"tenant"`
	MaxRows int64 `json:"max_rows"`
}

func (g goldenOptions) options(t *testing.T) sqlgen.Options {
	opt := sqlgen.Options{MaxRows: g.MaxRows}
	if g.Tenant != nil {
		dec := json.NewDecoder(bytes.NewReader(g.Tenant.Value))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("options.json tenant value: %v", err)
		}
		opt.Tenant = &sqlgen.Tenant{Column: g.Tenant.Column, Value: fromJSONNumber(v)}
	}
	return opt
}

func goldenFiles(t *testing.T) []string {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	return files
}

// goldenPlan returns the plan.json section of a golden file.
func goldenPlan(t *testing.T, file string) string {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data, ok := section(ar, "plan.json")
	if !ok {
		t.Fatalf("%s: no plan.json", file)
	}
	return string(data)
}

// goldenOpts returns the options of a golden file.
func goldenOpts(t *testing.T, file string) sqlgen.Options {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data, ok := section(ar, "options.json")
	if !ok {
		return sqlgen.Options{}
	}
	var g goldenOptions
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("%s: options.json: %v", file, err)
	}
	return g.options(t)
}

func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// render compiles the archive's plan for every dialect and returns the
// archive as it should read: comment, plan, options, then one section per
// dialect in a fixed order.
func render(t *testing.T, ar *txtar.Archive) *txtar.Archive {
	planJSON, ok := section(ar, "plan.json")
	if !ok {
		t.Fatal("no plan.json section")
	}
	p, err := plan.Decode(planJSON)
	if err != nil {
		t.Fatalf("plan.json: %v", err)
	}
	out := &txtar.Archive{Comment: ar.Comment, Files: []txtar.File{{Name: "plan.json", Data: planJSON}}}
	var opt sqlgen.Options
	if data, ok := section(ar, "options.json"); ok {
		var g goldenOptions
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatalf("options.json: %v", err)
		}
		opt = g.options(t)
		out.Files = append(out.Files, txtar.File{Name: "options.json", Data: data})
	}
	s := testSchema()
	for _, name := range dialects {
		d, err := sqlgen.DialectFor(name)
		if err != nil {
			t.Fatal(err)
		}
		q, err := sqlgen.Compile(p, s, d, opt)
		if err != nil {
			out.Files = append(out.Files, txtar.File{Name: name + ".error", Data: []byte(err.Error() + "\n")})
			continue
		}
		args := "[]"
		if len(q.Args) > 0 {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(q.Args); err != nil {
				t.Fatal(err)
			}
			args = strings.TrimSuffix(b.String(), "\n")
		}
		out.Files = append(out.Files, txtar.File{Name: name + ".sql", Data: []byte(q.SQL + "\n-- args: " + args + "\n")})
	}
	return out
}

// TestGolden compiles every testdata/*.txtar plan for every dialect and
// compares with the recorded SQL and arguments (or error). Run with -update
// to rewrite them, then read the diff.
func TestGolden(t *testing.T) {
	for _, file := range goldenFiles(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := txtar.Format(render(t, txtar.Parse(data)))
			if *update {
				if !bytes.Equal(got, data) {
					if err := os.WriteFile(file, got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			if diff := cmp.Diff(string(data), string(got)); diff != "" {
				t.Errorf("%s is out of date (-want +got); run go test -update and review:\n%s", file, diff)
			}
		})
	}
}

// TestGoldenSQLiteRuns executes every SQLite golden, with its arguments,
// against a real SQLite database holding the test schema: each one must
// parse and run.
func TestGoldenSQLiteRuns(t *testing.T) {
	db := openSQLite(t)
	ran := 0
	for _, file := range goldenFiles(t) {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		data, ok := section(ar, "sqlite.sql")
		if !ok {
			continue
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			text, argLine, ok := strings.Cut(strings.TrimSuffix(string(data), "\n"), "\n-- args: ")
			if !ok {
				t.Fatalf("no args line in sqlite.sql")
			}
			args, err := decodeArgs(argLine)
			if err != nil {
				t.Fatalf("args: %v", err)
			}
			query(t, db, text, args...)
		})
		ran++
	}
	if ran < 45 {
		t.Errorf("only %d SQLite goldens ran; want at least 45", ran)
	}
}
