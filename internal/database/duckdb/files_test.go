//go:build cgo

package duckdb_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/duckdb"
	"querent/internal/schema"
)

// writeFile writes content to dir/name and returns the path.
func writeFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeParquet writes the rows of query to a Parquet file with DuckDB's COPY,
// on a separate read-write in-memory connection.
func writeParquet(t testing.TB, path, query string) { copyTo(t, path, query, "parquet") }

// copyTo writes the rows of query to path in format (csv or parquet).
func copyTo(t testing.TB, path, query, format string) {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("COPY (" + query + ") TO '" + path + "' (FORMAT " + format + ")"); err != nil {
		t.Fatalf("writing %s: %v", path, err)
	}
}

// openFilesEngine writes a small CSV file into dir and opens the engine over
// it.
func openFilesEngine(t testing.TB, dir string) *duckdb.DB {
	t.Helper()
	path := writeFile(t, dir, "sample.csv", "id,name\n1,a\n2,b\n")
	db, err := duckdb.OpenFiles(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestTableName(t *testing.T) {
	for file, want := range map[string]string{
		"orders.csv":              "orders",
		"/data/Sales 2024.CSV":    "sales_2024",
		"2024.parquet":            "t_2024",
		"--weird--name--.tsv":     "weird_name",
		"Umsätze März.csv":        "umsätze_märz",
		"___.csv":                 "data",
		"a.b.c.parquet":           "a_b_c",
		`quote"d 'name'.csv`:      "quote_d_name",
		"CamelCaseFile.Parquet":   "camelcasefile",
		"dir.with.dots/plain.csv": "plain",
	} {
		if got := duckdb.TableName(file); got != want {
			t.Errorf("TableName(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestIsDataPath(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.csv", "x\n1\n")
	empty := t.TempDir()
	writeFile(t, empty, "notes.txt", "hi")
	for dsn, want := range map[string]bool{
		"sales.csv": true, "x/Y.TSV": true, "data.Parquet": true, "a.csv,b.parquet": true, "a.csv, b.tsv": true,
		dir: true, empty: false, "a.csv,b.txt": false, "demo.db": false, "demo.duckdb": false, "": false,
		"postgres://u:p@h/db": false,
	} {
		if got := duckdb.IsDataPath(dsn); got != want {
			t.Errorf("IsDataPath(%q) = %v, want %v", dsn, got, want)
		}
	}
}

// dataDir writes a folder of CSV, TSV and Parquet files with the shapes
// loading must handle: detected types, a name to sanitise, a collision, a
// header with spaces, a hidden file and a subfolder to ignore.
func dataDir(t testing.TB) string {
	dir := t.TempDir()
	writeFile(t, dir, "orders.csv", "id,customer,order_date,total,paid\n1,Ann,2024-01-15,10.5,true\n2,Bob,2024-02-01,20,false\n3,Ann,2024-03-01,5.25,true\n")
	writeFile(t, dir, "Customer List.tsv", "name\tcountry\nAnn\tDE\nBob\tFR\n")
	writeFile(t, dir, "events.CSV", "at,kind\n2024-01-15 10:30:00,login\n2024-01-16 11:00:00,logout\n")
	writeParquet(t, filepath.Join(dir, "orders.parquet"), "SELECT range AS id, 'p' || range AS label, range * 1.5 AS amount FROM range(5)")
	writeFile(t, dir, ".hidden.csv", "x\n1\n")
	writeFile(t, dir, "readme.txt", "not data")
	if err := os.Mkdir(filepath.Join(dir, "nested"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "nested"), "deeper.csv", "x\n1\n")
	return dir
}

func TestOpenFilesFolder(t *testing.T) {
	dir := dataDir(t)
	before := dirState(t, dir)
	e, err := database.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name() != "duckdb" {
		t.Errorf("Name() = %q", e.Name())
	}
	s, err := e.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Files load in name order: "Customer List.tsv", events.CSV,
	// orders.csv, orders.parquet (which collides and gets a suffix).
	if diff := cmp.Diff([]string{"customer_list", "events", "orders", "orders_2"}, s.TableNames()); diff != "" {
		t.Fatalf("tables (-want +got):\n%s", diff)
	}
	types := map[string]string{}
	for _, tb := range s.Tables {
		for _, c := range tb.Columns {
			types[tb.Name+"."+c.Name] = c.Type
		}
	}
	want := map[string]string{
		"orders.id": "BIGINT", "orders.customer": "VARCHAR", "orders.order_date": "DATE", "orders.total": "DOUBLE", "orders.paid": "BOOLEAN",
		"customer_list.name": "VARCHAR", "customer_list.country": "VARCHAR",
		"events.at": "TIMESTAMP", "events.kind": "VARCHAR",
		"orders_2.id": "BIGINT", "orders_2.label": "VARCHAR", "orders_2.amount": "DECIMAL(21,1)",
	}
	if diff := cmp.Diff(want, types); diff != "" {
		t.Errorf("detected types (-want +got):\n%s", diff)
	}
	orders, _ := s.Table("orders")
	if orders.Description != "loaded from orders.csv" || orders.RowCount != 3 {
		t.Errorf("orders = %+v", orders)
	}
	if c, _ := orders.Column("customer"); !cmp.Equal(c.Samples, []string{"Ann", "Bob"}) || !c.SamplesComplete || c.Kind != schema.KindText {
		t.Errorf("orders.customer = %+v", c)
	}
	if o2, _ := s.Table("orders_2"); o2.Description != "loaded from orders.parquet" || o2.RowCount != 5 {
		t.Errorf("orders_2 = %+v", o2)
	}
	ctx := context.Background()
	res, err := e.Query(ctx, `SELECT o.customer, c.country, sum(o.total) AS total FROM orders o JOIN customer_list c ON c.name = o.customer
		WHERE o.order_date >= DATE '2024-01-01' GROUP BY ALL ORDER BY total DESC`, nil, database.Limits{MaxRows: 10})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]any{{"Bob", "FR", 20.0}, {"Ann", "DE", 15.75}}, res.Rows); diff != "" {
		t.Errorf("join over loaded files (-want +got):\n%s", diff)
	}
	if tables, err := e.Guard(ctx, "SELECT * FROM orders_2, events"); err != nil || !cmp.Equal(tables, []string{"events", "orders_2"}) {
		t.Errorf("Guard: %v, %v", tables, err)
	}
	// Files are never read again: not the loaded ones, nor others.
	for _, q := range []string{
		"SELECT * FROM '" + filepath.Join(dir, "orders.csv") + "'",
		"SELECT * FROM read_csv('" + filepath.Join(dir, "nested", "deeper.csv") + "')",
		"SELECT * FROM 'readme.txt'",
	} {
		if _, err := e.Query(ctx, q, nil, database.Limits{MaxRows: 1}); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("%s: %v, want forbidden", q, err)
		}
	}
	if err := e.(*duckdb.DB).ExecRaw(ctx, "SELECT * FROM read_csv('"+filepath.Join(dir, "orders.csv")+"')"); database.CodeOf(duckdb.Classify(err)) != database.CodeForbidden {
		t.Errorf("reading a file with no check of querent's: %v, want forbidden", err)
	}
	e.Close()
	if after := dirState(t, dir); after != before {
		t.Errorf("the folder changed:\n%s\n→\n%s", before, after)
	}
}

func TestOpenFilesList(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.csv", "x,y\n1,one\n2,two\n")
	b := filepath.Join(dir, "b.parquet")
	writeParquet(t, b, "SELECT 42 AS answer")
	comma := writeFile(t, dir, "with,comma.csv", "z\n7\n")
	ctx := context.Background()
	for dsn, want := range map[string][]string{
		a + "," + b:             {"a", "b"},
		a + " , " + b + "," + a: {"a", "b"}, // the same file twice loads once
		"csv:" + a + "," + b:    {"a", "b"},
		"parquet:" + b:          {"b"},
		"duckdb:" + a:           {"a"},
		comma:                   {"with_comma"},
		"CSV:" + a:              {"a"},
	} {
		e, err := database.Open(ctx, dsn)
		if err != nil {
			t.Errorf("Open(%q): %v", dsn, err)
			continue
		}
		s, err := e.Introspect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, s.TableNames()); diff != "" {
			t.Errorf("Open(%q) tables (-want +got):\n%s", dsn, diff)
		}
		e.Close()
	}
	e, err := database.Open(ctx, a+","+b)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	res, err := e.Query(ctx, "SELECT x, y, answer FROM a, b ORDER BY x", nil, database.Limits{MaxRows: 10, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]any{{int64(1), "one", int64(42)}, {int64(2), "two", int64(42)}}, res.Rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestOpenFilesRefuses(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.csv", "x\n1\n")
	txt := writeFile(t, dir, "notes.txt", "hello")
	glob := writeFile(t, dir, "data[1].csv", "x\n1\n")
	bad := writeFile(t, dir, "bad.parquet", "not parquet at all")
	empty := t.TempDir()
	before := dirState(t, dir)
	for name, tt := range map[string]struct {
		paths []string
		want  string
	}{
		"nothing":      {nil, "no data files given"},
		"missing":      {[]string{filepath.Join(dir, "missing.csv")}, "no such file or folder"},
		"wrong kind":   {[]string{good, txt}, "is not a CSV, TSV or Parquet file"},
		"empty folder": {[]string{empty}, "holds no .csv, .tsv or .parquet files"},
		"glob name":    {[]string{glob}, "file pattern"},
		"broken file":  {[]string{bad}, "loading"},
	} {
		if _, err := duckdb.OpenFiles(context.Background(), tt.paths...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: OpenFiles(%v) = %v, want an error mentioning %q", name, tt.paths, err, tt.want)
		}
	}
	if after := dirState(t, dir); after != before {
		t.Errorf("the folder changed:\n%s\n→\n%s", before, after)
	}
}
