package sqlserver_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"querent/internal/database"
	"querent/internal/database/sqlserver"
	"querent/internal/schema"
)

func TestCheckRefuses(t *testing.T) {
	if len(refusals) < 120 {
		t.Fatalf("the adversarial corpus has %d inputs; keep at least 120", len(refusals))
	}
	for i, r := range refusals {
		t.Run(fmt.Sprintf("%03d", i), func(t *testing.T) {
			st, err := sqlserver.Check(r.sql)
			if err == nil {
				t.Fatalf("Check(%q) accepted it as %q", clip(r.sql), clip(st.SQL))
			}
			var e *database.Error
			if !errors.As(err, &e) {
				t.Fatalf("Check(%q) returned %T, not a *database.Error: %v", clip(r.sql), err, err)
			}
			if e.Code != r.code {
				t.Errorf("Check(%q) code = %s, want %s (%v)", clip(r.sql), e.Code, r.code, err)
			}
			if !strings.Contains(e.Message, r.want) {
				t.Errorf("Check(%q) = %q, want a message naming %q", clip(r.sql), e.Message, r.want)
			}
		})
	}
}

func TestCheckAccepts(t *testing.T) {
	if len(acceptances) < 25 {
		t.Fatalf("the legitimate corpus has %d queries; keep at least 25", len(acceptances))
	}
	for i, a := range acceptances {
		t.Run(fmt.Sprintf("%03d", i), func(t *testing.T) {
			st, err := sqlserver.Check(a.sql)
			if err != nil {
				t.Fatalf("Check(%q): %v", a.sql, err)
			}
			var got []string
			for _, ref := range st.Tables {
				got = append(got, ref.String())
			}
			if diff := cmp.Diff(a.tables, got); diff != "" {
				t.Errorf("Check(%q) tables (-want +got):\n%s", a.sql, diff)
			}
		})
	}
}

// TestCheckStatementText shows what is sent to the server: the statement
// without surrounding comments, whitespace and trailing semicolons, with
// comments inside kept.
func TestCheckStatementText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"  SELECT 1 ;; ", "SELECT 1"},
		{"-- lead\nSELECT /* inner */ 1 -- trail", "SELECT /* inner */ 1"},
		{"/* a */ WITH x AS (SELECT 1 AS n) SELECT n FROM x; /* b */", "WITH x AS (SELECT 1 AS n) SELECT n FROM x"},
	} {
		st, err := sqlserver.Check(tc.in)
		if err != nil {
			t.Fatalf("Check(%q): %v", tc.in, err)
		}
		if st.SQL != tc.want {
			t.Errorf("Check(%q).SQL = %q, want %q", tc.in, st.SQL, tc.want)
		}
	}
}

// demoSchema holds the tables the sqlgen goldens use, as Introspect names
// them: bare in dbo, schema.name elsewhere.
func demoSchema() *schema.Schema {
	s := &schema.Schema{Engine: "sqlserver"}
	for _, n := range []string{"customers", "orders", "payments", "products", "employees", "order details"} {
		s.Tables = append(s.Tables, schema.Table{Name: n, Namespace: "dbo", Ident: n})
	}
	s.Tables = append(s.Tables, schema.Table{Name: "sales.regions", Namespace: "sales", Ident: "regions"})
	return s
}

// TestCheckAcceptsCompiledGoldens is the proof that what the compiler
// emits for SQL Server passes the guard: every sqlserver section of
// internal/sqlgen's golden files (sections holding compile errors are
// skipped) must be accepted, and its tables must resolve against the demo
// schema.
func TestCheckAcceptsCompiledGoldens(t *testing.T) {
	files, err := filepath.Glob("../../sqlgen/testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	s := demoSchema()
	checked := 0
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "sqlserver.sql" {
				continue
			}
			checked++
			text := string(f.Data) // the SQL, then a "-- args: …" comment line
			t.Run(filepath.Base(file), func(t *testing.T) {
				st, err := sqlserver.Check(text)
				if err != nil {
					t.Fatalf("compiled SQL refused: %v\n%s", err, text)
				}
				if strings.Contains(text, " FROM ") && len(st.Tables) == 0 {
					t.Errorf("no tables found in %s", text)
				}
				if _, err := sqlserver.Resolve(s, st.Tables); err != nil {
					t.Errorf("Resolve: %v\n%s", err, text)
				}
			})
		}
	}
	if checked < 70 {
		t.Fatalf("checked %d sqlserver goldens; expected the ~74 of internal/sqlgen/testdata", checked)
	}
}

func TestResolve(t *testing.T) {
	s := demoSchema()
	s.Tables = append(s.Tables, schema.Table{Name: "archive.orders", Namespace: "archive", Ident: "orders"})
	for _, tc := range []struct {
		name string
		refs []sqlserver.TableRef
		want []string
		code database.Code
		msg  string
	}{
		{name: "bare names are in dbo", refs: []sqlserver.TableRef{{Name: "ORDERS"}, {Name: "customers"}}, want: []string{"customers", "orders"}},
		{name: "dbo qualified", refs: []sqlserver.TableRef{{Schema: "DBO", Name: "orders"}, {Name: "orders"}}, want: []string{"orders"}},
		{name: "other schema", refs: []sqlserver.TableRef{{Schema: "sales", Name: "Regions"}, {Schema: "archive", Name: "orders"}}, want: []string{"archive.orders", "sales.regions"}},
		{name: "bare name of another schema", refs: []sqlserver.TableRef{{Name: "regions"}}, code: database.CodeNoTable, msg: "did you mean sales.regions?"},
		{name: "unknown", refs: []sqlserver.TableRef{{Name: "sysobjects"}}, code: database.CodeNoTable, msg: "no table or view named sysobjects in the default schema dbo"},
		{name: "wrong schema", refs: []sqlserver.TableRef{{Schema: "sales", Name: "orders"}}, code: database.CodeNoTable, msg: "did you mean orders or archive.orders?"},
		{name: "none", refs: nil, want: []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sqlserver.Resolve(s, tc.refs)
			if tc.code != "" {
				var e *database.Error
				if !errors.As(err, &e) || e.Code != tc.code || !strings.Contains(e.Message, tc.msg) || e.Name == "" {
					t.Fatalf("Resolve(%v) = %v, %v; want %s naming the table and saying %q", tc.refs, got, err, tc.code, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Resolve(%v) (-want +got):\n%s", tc.refs, diff)
			}
		})
	}
}

// clip shortens long inputs in failure messages.
func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
