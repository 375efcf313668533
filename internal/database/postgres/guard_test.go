package postgres_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"querent/internal/database"
	"querent/internal/database/postgres"
)

// short names a test input in messages.
func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func TestCorpusSize(t *testing.T) {
	if len(adversarial) < 120 {
		t.Errorf("%d adversarial inputs; want at least 120", len(adversarial))
	}
	if len(accepted) < 25 {
		t.Errorf("%d accepted queries; want at least 25", len(accepted))
	}
}

func TestGuardRefuses(t *testing.T) {
	db := offlineDB()
	for _, r := range adversarial {
		_, err := db.Guard(context.Background(), r.sql)
		var e *database.Error
		if !errors.As(err, &e) {
			t.Errorf("Guard(%q) = %v, want a *database.Error with code %s", short(r.sql), err, r.code)
			continue
		}
		if e.Code != r.code || e.Message == "" {
			t.Errorf("Guard(%q) = code %s %q, want code %s", short(r.sql), e.Code, e.Message, r.code)
		}
		if r.want != "" && !strings.Contains(e.Message, r.want) {
			t.Errorf("Guard(%q) message %q does not mention %q", short(r.sql), e.Message, r.want)
		}
	}
}

func TestGuardAccepts(t *testing.T) {
	db := offlineDB()
	for _, a := range accepted {
		tables, err := db.Guard(context.Background(), a.sql)
		if err != nil {
			t.Errorf("Guard(%q): %v", a.sql, err)
			continue
		}
		if a.table == "" && len(tables) != 0 || a.table != "" && !slices.Contains(tables, a.table) {
			t.Errorf("Guard(%q) tables = %q, want them to include %q", a.sql, tables, a.table)
		}
	}
}

func TestGuardTables(t *testing.T) {
	db := offlineDB()
	tests := map[string][]string{
		"SELECT c.name, sum(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY 1": {"customers", "orders"},
		"SELECT * FROM public.orders, ORDERS, \"orders\"":                                                      {"orders"},
		"SELECT * FROM sales.regions JOIN employees e ON e.region_id = 1":                                      {"employees", "sales.regions"},
		"WITH orders AS (SELECT 1 AS id) SELECT id FROM orders":                                                nil,
		"WITH orders AS (SELECT 1 AS id) SELECT id FROM public.orders":                                         {"orders"},
		// A CTE sees only the CTEs before it unless WITH is RECURSIVE: a's
		// customers is the table, the main query's is the CTE.
		"WITH a AS (SELECT * FROM customers), customers AS (SELECT 1 AS id) SELECT * FROM a, customers":           {"customers"},
		"WITH RECURSIVE a AS (SELECT * FROM customers), customers AS (SELECT 1 AS id) SELECT * FROM a, customers": nil,
		// CTE scope is lexical: an inner WITH sees outer CTEs, not the other way round.
		"WITH a AS (SELECT 1) SELECT * FROM (WITH b AS (SELECT * FROM a) SELECT * FROM b) s, orders": {"orders"},
		"SELECT * FROM (WITH products AS (SELECT 1) SELECT * FROM products) s, products":             {"products"},
		"SELECT (SELECT count(*) FROM payments p WHERE p.order_id = o.id) FROM orders o":             {"orders", "payments"},
		"SELECT 1 UNION SELECT id FROM employees":                                                    {"employees"},
		`SELECT * FROM "order details"`:                                                              {"order details"},
		"SELECT g FROM generate_series(1, 3) g":                                                      nil,
	}
	for q, want := range tests {
		got, err := db.Guard(context.Background(), q)
		if err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Guard(%q) tables (-want +got):\n%s", q, diff)
		}
	}
	for q, name := range map[string]string{
		"SELECT * FROM nope":                           "nope",
		"SELECT * FROM public.nope":                    "public.nope",
		"SELECT * FROM regions":                        "regions", // sales is not on the search path
		"SELECT * FROM orders JOIN sales.nope ON true": "sales.nope",
		`SELECT * FROM "Orders"`:                       "Orders",
	} {
		_, err := db.Guard(context.Background(), q)
		var e *database.Error
		if !errors.As(err, &e) || e.Code != database.CodeNoTable || e.Name != name {
			t.Errorf("Guard(%q) = %v, want table_not_found naming %q", q, err, name)
		}
	}
}

// TestGuardGoldens runs the PostgreSQL SQL of every compiler golden file
// through Guard: everything the compiler emits must pass, functions and
// casts included.
func TestGuardGoldens(t *testing.T) {
	files, err := filepath.Glob("../../sqlgen/testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	db := offlineDB()
	checked := 0
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "postgres.sql" {
				continue
			}
			text, _, ok := strings.Cut(strings.TrimSuffix(string(f.Data), "\n"), "\n-- args: ")
			if !ok {
				t.Fatalf("%s: postgres.sql has no args line", file)
			}
			if _, err := db.Guard(context.Background(), text); err != nil {
				t.Errorf("%s: Guard refuses the compiled SQL: %v\n%s", filepath.Base(file), err, text)
			}
			checked++
		}
	}
	if checked < 60 {
		t.Errorf("only %d PostgreSQL goldens checked; want at least 60", checked)
	}
}

// TestNestingBound checks that the nesting estimate is at least the real
// depth for the constructs that build deep trees, so the limit protects
// the parser.
func TestNestingBound(t *testing.T) {
	for _, tt := range []struct {
		sql   string
		depth int
	}{
		{"SELECT 1" + strings.Repeat("+1", 500), 500},
		{"SELECT " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), 300},
		{"SELECT " + strings.Repeat("f(", 200) + "1" + strings.Repeat(")", 200), 200},
		{"SELECT 1" + strings.Repeat(" UNION SELECT 1", 200), 200},
		{"SELECT 1" + strings.Repeat("::int", 300), 300},
		{"SELECT a" + strings.Repeat("[1]", 300), 1},
		{"SELECT 1 FROM t" + strings.Repeat(" JOIN t ON a AND b", 300), 300},
		{"SELECT x" + strings.Repeat(".y", 300), 1},
	} {
		got, err := postgres.Nesting(tt.sql)
		if err != nil || got < tt.depth {
			t.Errorf("Nesting(%q) = %d, %v; want at least %d", short(tt.sql), got, err, tt.depth)
		}
	}
	// Wide but shallow statements stay well under the limit.
	in := "SELECT * FROM orders WHERE id IN (" + strings.Repeat("1, ", 20_000) + "1)"
	if got, err := postgres.Nesting(in); err != nil || got > 10 {
		t.Errorf("a 20,000-value IN list nests %d, %v", got, err)
	}
	if _, err := offlineDB().Guard(context.Background(), in); err != nil {
		t.Errorf("Guard of a 20,000-value IN list: %v", err)
	}
}

// FuzzGuard feeds arbitrary text to Guard: it must never panic (nor crash
// the parser), every error must be classified with a message, and every
// table it reports must be in the schema.
func FuzzGuard(f *testing.F) {
	db := offlineDB()
	s := testSchema()
	for _, r := range adversarial {
		if len(r.sql) < 1000 {
			f.Add(r.sql)
		}
	}
	for _, a := range accepted {
		f.Add(a.sql)
	}
	f.Fuzz(func(t *testing.T, q string) {
		tables, err := db.Guard(context.Background(), q)
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("Guard(%q) returned an unclassified error %T: %v", q, err, err)
			}
			return
		}
		for _, name := range tables {
			if _, ok := s.Table(name); !ok {
				t.Errorf("Guard(%q) reports table %q, which the schema lacks", q, name)
			}
		}
	})
}
