//go:build cgo

package duckdb_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"querent/internal/database"
	"querent/internal/database/duckdb"
)

// goldenTables is the shop schema the compiler's golden files are written
// against (internal/sqlgen's test schema), with its rows, in DuckDB types.
// It has the same awkward corners: a table name with a space, a column
// name with a double quote, and a table in another schema.
var goldenTables = []struct {
	name string
	cols []string
	rows []string
}{
	{"customers", []string{"id INTEGER PRIMARY KEY", "name TEXT", "email TEXT", "country TEXT", "city TEXT", "client_id INTEGER", "created_at TIMESTAMP", "active BOOLEAN"}, []string{
		`1, 'Ada', 'ada@example.com', 'Germany', 'Berlin', 1, '2023-01-05 09:30:00', true`,
		`2, 'Bob', NULL, 'France', 'Paris', 1, '2023-02-11 14:00:00', false`,
		`3, 'Cyd', 'cyd@example.com', 'Germany', NULL, 2, '2023-03-20 08:15:00', true`,
		`4, 'Dee', 'dee@example.com', NULL, 'Rome', 2, '2024-01-01 00:00:00', true`,
	}},
	{"orders", []string{"id INTEGER PRIMARY KEY", "customer_id INTEGER REFERENCES customers(id)", "order_date DATE", "status TEXT", "total_amount DOUBLE", "quantity INTEGER", "discount DOUBLE", "client_id INTEGER", "shipped_at TIMESTAMP"}, []string{
		`1, 1, '2024-01-15', 'shipped', 120.5, 3, 0.1, 1, '2024-01-16 10:00:00'`,
		`2, 1, '2024-02-29', 'delivered', 80, 1, NULL, 1, '2024-03-01 12:30:00'`,
		`3, 2, '2024-03-31', 'cancelled', 15.25, 2, 0, 1, NULL`,
		`4, 3, '2024-12-30', 'shipped', 300, 5, 0.2, 2, '2024-12-31 23:59:00'`,
		`5, 4, '2025-01-01', 'pending', NULL, 1, NULL, 2, NULL`,
	}},
	{"order details", []string{"order_id INTEGER", "product_id INTEGER", "unit_price DOUBLE", "quantity INTEGER", `"we""ird" TEXT`}, []string{
		`1, 1, 10.5, 2, 'x"y'`, `1, 2, 99.5, 1, NULL`, `2, 2, 80, 1, 'z'`, `4, 3, 60, 5, NULL`,
	}},
	{"products", []string{"id INTEGER PRIMARY KEY", "name TEXT", "category TEXT", "price DOUBLE"}, []string{
		`1, 'Pen', 'office', 10.5`, `2, 'Lamp', 'home', 99.5`, `3, 'Desk', 'office', 60`,
	}},
	{"payments", []string{"id INTEGER PRIMARY KEY", "order_id INTEGER", "amount DOUBLE", "paid_at TIMESTAMP", "method TEXT"}, []string{
		`1, 1, 120.5, '2024-01-15 11:00:00', 'card'`, `2, 2, 80, '2024-03-01 09:00:00', 'cash'`,
		`3, 4, 150, '2024-12-31 08:00:00', 'card'`,
	}},
	{"employees", []string{"id INTEGER PRIMARY KEY", "name TEXT", "manager_id INTEGER", "region_id INTEGER", "hired_on DATE", "salary INTEGER"}, []string{
		`1, 'Eve', NULL, 1, '2019-05-01', 9000`, `2, 'Fay', 1, 1, '2021-07-15', 5000`,
		`3, 'Gus', 1, 2, '2022-11-30', 4800`, `4, 'Hal', 2, NULL, '2024-02-01', 3000`,
	}},
	{"sales.regions", []string{"id INTEGER PRIMARY KEY", "name TEXT", "manager TEXT", "client_id INTEGER"}, []string{
		`1, 'North', 'Eve', 1`, `2, 'South', 'Gus', 2`,
	}},
}

// goldenDB builds the golden schema into a DuckDB file and opens it with the
// engine.
func goldenDB(t testing.TB) (*duckdb.DB, string) {
	t.Helper()
	var ddl strings.Builder
	ddl.WriteString("CREATE SCHEMA sales;\n")
	for _, tb := range goldenTables {
		ref := `"` + tb.name + `"`
		if s, n, ok := strings.Cut(tb.name, "."); ok {
			ref = `"` + s + `"."` + n + `"`
		}
		fmt.Fprintf(&ddl, "CREATE TABLE %s (%s);\n", ref, strings.Join(tb.cols, ", "))
		for _, r := range tb.rows {
			fmt.Fprintf(&ddl, "INSERT INTO %s VALUES (%s);\n", ref, r)
		}
	}
	path := makeDB(t, t.TempDir(), "shop.duckdb", ddl.String())
	return open(t, path), path
}

// golden is the DuckDB section of one of the compiler's golden files.
type golden struct {
	name string
	sql  string
	args []any
}

// duckdbGoldens reads every compiled DuckDB query of the compiler's golden
// files; files whose plan does not compile for DuckDB (an error section)
// are skipped.
func duckdbGoldens(t testing.TB) []golden {
	t.Helper()
	files, err := filepath.Glob("../../sqlgen/testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files in internal/sqlgen/testdata: %v", err)
	}
	var out []golden
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ar.Files {
			if s.Name != "duckdb.sql" {
				continue
			}
			text, argLine, ok := strings.Cut(strings.TrimSuffix(string(s.Data), "\n"), "\n-- args: ")
			if !ok {
				t.Fatalf("%s: duckdb.sql has no args line", f)
			}
			args, err := decodeArgs(argLine)
			if err != nil {
				t.Fatalf("%s: args: %v", f, err)
			}
			out = append(out, golden{name: strings.TrimSuffix(filepath.Base(f), ".txtar"), sql: text, args: args})
		}
	}
	return out
}

func decodeArgs(s string) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var raw []any
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	for i, v := range raw {
		if n, ok := v.(json.Number); ok {
			if iv, err := n.Int64(); err == nil {
				raw[i] = iv
			} else if fv, err := n.Float64(); err == nil {
				raw[i] = fv
			}
		}
	}
	return raw, nil
}

// failsOnGoldenData lists goldens whose SQL is right but cannot run on the
// golden rows, with why; DuckDB casts strictly where SQLite does not.
var failsOnGoldenData = map[string]string{
	"bucket_text_column": "it buckets the text column status as a date",
	"tenant_cte_setop":   "its tenant value is text and client_id an integer",
}

// TestGoldens passes every DuckDB query the compiler's golden files hold
// through Guard and runs it with its arguments on a database holding the
// golden schema: compiled SQL must pass the policy and execute.
func TestGoldens(t *testing.T) {
	db, _ := goldenDB(t)
	ctx := context.Background()
	goldens := duckdbGoldens(t)
	if len(goldens) < 50 {
		t.Errorf("only %d DuckDB goldens found; want at least 50", len(goldens))
	}
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			tables, err := db.Guard(ctx, g.sql)
			if err != nil {
				t.Fatalf("Guard: %v\n%s", err, g.sql)
			}
			if len(tables) == 0 && strings.Contains(g.sql, " FROM ") {
				t.Errorf("Guard reports no tables for\n%s", g.sql)
			}
			_, err = db.Query(ctx, g.sql, g.args, database.Limits{MaxRows: 100, Timeout: 10 * time.Second})
			if why, ok := failsOnGoldenData[g.name]; ok {
				// The plan is fine; the golden data makes DuckDB's cast fail.
				if database.CodeOf(err) != database.CodeTypeMismatch {
					t.Errorf("Query: %v; want a type mismatch (%s)", err, why)
				}
				return
			}
			if err != nil {
				t.Fatalf("Query: %v\n%s\nargs: %v", err, g.sql, g.args)
			}
			if err := db.Explain(ctx, g.sql, g.args); err != nil {
				t.Errorf("Explain: %v", err)
			}
		})
	}
}
