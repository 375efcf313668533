package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/sqlite"
	"querent/internal/schema"
)

func TestRegistry(t *testing.T) {
	path := fixture(t)
	if !slices.Contains(database.Schemes(), "sqlite") {
		t.Fatalf("schemes %v lack sqlite", database.Schemes())
	}
	for _, dsn := range []string{path, "sqlite:" + path, "SQLite:" + path, "sqlite://" + path} {
		e, err := database.Open(context.Background(), dsn)
		if err != nil {
			t.Errorf("database.Open(%q): %v", dsn, err)
			continue
		}
		if e.Name() != "sqlite" {
			t.Errorf("Name() = %q", e.Name())
		}
		e.Close()
	}
	for dsn, want := range map[string]bool{
		"demo.db": true, "x/y.SQLITE": true, "a.Sqlite3": true, "demo.csv": false, "postgres://h/db": false, "db": false,
	} {
		if got := sqlite.IsPath(dsn); got != want {
			t.Errorf("IsPath(%q) = %v, want %v", dsn, got, want)
		}
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.db")
	if err := os.WriteFile(text, []byte("just some text, long enough to have a header"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.db")
	tests := map[string][]string{
		missing: {"no such database file", missing, "querent demo --out demo.db"},
		text:    {"is not a SQLite database", text},
		empty:   {"is empty", empty},
		dir:     {"is a directory"},
	}
	before := stateOf(t, text)
	for path, wants := range tests {
		_, err := sqlite.Open(context.Background(), path)
		if err == nil {
			t.Errorf("Open(%q) succeeded", path)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Open(%q) error %q does not mention %q", path, err, w)
			}
		}
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open created %s", missing)
	}
	if after := stateOf(t, text); after != before {
		t.Errorf("Open changed the directory: %v → %v", before, after)
	}
}

// TestOpenOddPath checks that characters meaningful in URIs cannot end the
// path early or add parameters.
func TestOpenOddPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a b?mode=rwc#x%41")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The read-write fixture driver cannot open such a path itself.
	path := filepath.Join(dir, "shop&mode=rw.db")
	if err := os.Rename(makeDB(t, t.TempDir(), "plain.db", "CREATE TABLE t(x); INSERT INTO t VALUES (42);"), path); err != nil {
		t.Fatal(err)
	}
	before := stateOf(t, path)
	db := open(t, path)
	res, err := db.Query(context.Background(), "SELECT x FROM t", nil, database.Limits{MaxRows: 10})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]any{{int64(42)}}, res.Rows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if err := db.QueryUnchecked(context.Background(), "INSERT INTO t VALUES (1)"); database.CodeOf(err) != database.CodeForbidden {
		t.Errorf("insert through an odd path: %v", err)
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("the file or directory changed: %v → %v", before, after)
	}
}

func TestIntrospect(t *testing.T) {
	db := open(t, fixture(t))
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine != "sqlite" {
		t.Errorf("Engine = %q", s.Engine)
	}
	text := func(name string, nullable bool, distinct int64, complete bool, samples ...string) schema.Column {
		return schema.Column{Name: name, Type: "TEXT", Kind: schema.KindText, Nullable: nullable,
			Distinct: distinct, Samples: samples, SamplesComplete: complete}
	}
	col := func(name, typ string, kind schema.Kind, nullable bool) schema.Column {
		return schema.Column{Name: name, Type: typ, Kind: kind, Nullable: nullable, Distinct: -1}
	}
	want := []schema.Table{
		{Name: "customer_totals", Ident: "customer_totals", View: true, RowCount: 3, Columns: []schema.Column{
			text("name", true, 3, true, "Ann", "Bob", "Cid"),
			col("total", "", schema.KindReal, true),
		}},
		{Name: "customers", Ident: "customers", RowCount: 3, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", "INTEGER", schema.KindInteger, false),
			text("name", false, 3, true, "Ann", "Bob", "Cid"),
			text("country", true, 2, true, "DE", "FR"),
			col("created_at", "DATETIME", schema.KindDateTime, true),
			text("notes", true, 2, false, "vip"),
		}},
		{Name: "events", Ident: "events", RowCount: 50 + 20 + 10 + 5 + 4 + 3 + 95, Columns: []schema.Column{
			text("code", true, 101, false, "c000", "c001", "c002", "c003", "c004"),
		}},
		{Name: "flags", Ident: "flags", RowCount: 2, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", "INTEGER", schema.KindInteger, false),
			col("on_sale", "BOOLEAN", schema.KindBool, true),
			col("data", "BLOB", schema.KindBlob, true),
		}},
		{Name: `odd "name" table`, Ident: `odd "name" table`, RowCount: 2, Columns: []schema.Column{
			text("weird col", true, 1, true, "a b"),
			col(`x"y`, "INTEGER", schema.KindInteger, true),
		}},
		{Name: "order_items", Ident: "order_items", RowCount: 3,
			Columns: []schema.Column{
				col("order_id", "INTEGER", schema.KindInteger, false),
				text("sku", true, 2, true, "A1", "B2"),
				text("region", true, 2, true, "EU", "US"),
				col("qty", "INTEGER", schema.KindInteger, true),
			},
			ForeignKeys: []schema.ForeignKey{
				{Columns: []string{"order_id"}, RefTable: "orders", RefColumns: []string{"id"}},
				{Columns: []string{"sku", "region"}, RefTable: "products", RefColumns: []string{"sku", "region"}},
			}},
		{Name: "orders", Ident: "orders", RowCount: 4, PrimaryKey: []string{"id"},
			Columns: []schema.Column{
				col("id", "INTEGER", schema.KindInteger, false),
				col("customer_id", "INTEGER", schema.KindInteger, true),
				col("order_date", "DATE", schema.KindDate, true),
				text("status", true, 2, true, "cancelled", "paid"),
				col("total", "REAL", schema.KindReal, true),
			},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
		{Name: "products", Ident: "products", RowCount: 3, PrimaryKey: []string{"sku", "region"}, Columns: []schema.Column{
			text("sku", false, 2, true, "A1", "B2"),
			text("region", false, 2, true, "EU", "US"),
			text("name", true, 2, true, "Gadget", "Widget"),
		}},
		{Name: "t", Ident: "t", RowCount: 1, Columns: []schema.Column{col("x", "INTEGER", schema.KindInteger, true)}},
		{Name: "untyped", Ident: "untyped", RowCount: 3, Columns: []schema.Column{
			col("a", "", schema.KindInteger, true),
			{Name: "b", Kind: schema.KindText, Nullable: true, Distinct: 2, Samples: []string{"x", "y"}, SamplesComplete: true},
		}},
	}
	if diff := cmp.Diff(want, s.Tables); diff != "" {
		t.Errorf("Introspect mismatch (-want +got):\n%s", diff)
	}
}

// TestIntrospectSkipsInternals checks that objects no query could use are
// left out without failing introspection: virtual-table shadow tables, a
// view over a dropped table, and an R*Tree table, whose module prepares
// writes to its shadow tables when it connects, which the authorizer denies.
func TestIntrospectSkipsInternals(t *testing.T) {
	path := makeDB(t, t.TempDir(), "v.db", `
		CREATE VIRTUAL TABLE boxes USING rtree(id, minx, maxx);
		INSERT INTO boxes VALUES (1, 0, 10);
		CREATE TABLE gone(x);
		CREATE VIEW broken AS SELECT x FROM gone;
		DROP TABLE gone;
		CREATE TABLE kept(y TEXT);`)
	db := open(t, path)
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"kept"}, s.TableNames()); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	if _, err := db.Query(context.Background(), "SELECT * FROM boxes", nil, database.Limits{MaxRows: 1}); database.CodeOf(err) != database.CodeForbidden {
		t.Errorf("reading the R*Tree table: %v, want forbidden", err)
	}
}

// TestIntrospectBudget checks that a table whose statistics take too long
// is reported with unknown numbers instead of stalling introspection.
func TestIntrospectBudget(t *testing.T) {
	path := makeDB(t, t.TempDir(), "slow.db", `
		CREATE TABLE small(x TEXT); INSERT INTO small VALUES ('a');
		CREATE VIEW slow AS WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000)
			SELECT count(*) AS n FROM c;`)
	db := open(t, path)
	defer sqlite.SetStatsBudget(100 * time.Millisecond)()
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	slow, ok := s.Table("slow")
	if !ok || slow.RowCount != -1 {
		t.Errorf("slow view = %+v, want RowCount -1", slow)
	}
	small, _ := s.Table("small")
	if small.RowCount != 1 {
		t.Errorf("small = %+v, want RowCount 1", small)
	}
}

// refusals must each be refused with CodeForbidden by Guard and by Query.
var refusals = []string{
	"DELETE FROM customers",
	"SELECT 1; DROP TABLE orders",
	"ATTACH DATABASE 'x.db' AS x",
	"PRAGMA query_only=0",
	"PRAGMA writable_schema=1",
	"SELECT load_extension('x')",
	"CREATE TABLE t2(x)",
	"INSERT INTO t VALUES(1)",
	"WITH x AS (SELECT 1) DELETE FROM t",
	"VACUUM INTO 'copy.db'",
	"SELECT readfile('/etc/passwd')",
	"BEGIN",
	"REPLACE INTO t VALUES(1)",
	"SELECT 1 -- \n; DELETE FROM t",
	"UPDATE t SET x=1 RETURNING *",
	"SELECT * FROM t WHERE 1=1; ATTACH 'y.db' AS y",
	"SELECT * FROM pragma_table_info('t')",
	"SELECT sqlite_compileoption_get(0)",
	"SELECT fts3_tokenizer('simple')",
	"SELECT 1 /*! ; DROP TABLE t */",
}

func TestRefusals(t *testing.T) {
	path := fixture(t)
	db := open(t, path)
	before := stateOf(t, path)
	ctx := context.Background()
	for _, q := range refusals {
		if _, err := db.Guard(ctx, q); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("Guard(%q) = %v, want code forbidden", q, err)
		}
		if _, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 10, Timeout: 5 * time.Second}); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("Query(%q) = %v, want code forbidden", q, err)
		}
		if err := db.Explain(ctx, q, nil); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("Explain(%q) = %v, want code forbidden", q, err)
		}
	}
	for _, q := range []string{"SELECT * FROM t; ", "SELECT 1 /* ; DROP TABLE t */"} {
		if _, err := db.Guard(ctx, q); err != nil {
			t.Errorf("Guard(%q): %v", q, err)
		}
		if _, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 10}); err != nil {
			t.Errorf("Query(%q): %v", q, err)
		}
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("the database file or its directory changed: %v → %v", before, after)
	}
}

// TestConnectionLayersAlone runs writing statements with the lexical guard
// skipped: the authorizer, the single-statement prepare and the read-only
// check must refuse them by themselves.
func TestConnectionLayersAlone(t *testing.T) {
	path := fixture(t)
	db := open(t, path)
	before := stateOf(t, path)
	ctx := context.Background()
	tests := map[string]string{
		"DELETE FROM customers":              "deleting from customers",
		"INSERT INTO t VALUES (2)":           "inserting into t",
		"UPDATE t SET x = 2":                 "updating t.x",
		"WITH x AS (SELECT 1) DELETE FROM t": "deleting from t",
		"ATTACH DATABASE 'x.db' AS x":        "attaching",
		"PRAGMA query_only = 0":              "PRAGMA query_only",
		"PRAGMA writable_schema = 1":         "PRAGMA writable_schema",
		"CREATE TABLE t2(x)":                 "changing the schema",
		"CREATE TEMP TABLE t2(x)":            "changing the schema",
		"DROP TABLE t":                       "changing the schema",
		"BEGIN":                              "transaction control",
		"COMMIT":                             "transaction control",
		"SAVEPOINT s":                        "savepoint",
		"ANALYZE":                            "ANALYZE",
		"CREATE INDEX i ON t(x)":             "changing the schema",
		"REINDEX":                            "reindexing",
		"ALTER TABLE t RENAME TO t3":         "altering",
		"SELECT load_extension('x')":         "load_extension",
		"SELECT 1; DELETE FROM t":            "SQLite found more SQL",
		"VACUUM INTO 'copy.db'":              "would write",
		"VACUUM":                             "would write",
		"SELECT * FROM pragma_table_info('customers')": "pragma",
	}
	for q, want := range tests {
		err := db.QueryUnchecked(ctx, q)
		if database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("%q bypassing guard.Check: %v, want code forbidden", q, err)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: refusal %q does not mention %q", q, err, want)
		}
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("the database file or its directory changed: %v → %v", before, after)
	}
}

// TestDriverAlone opens the registered driver read-write and through plain
// database/sql: the authorizer still refuses every write.
func TestDriverAlone(t *testing.T) {
	path := fixture(t)
	before := stateOf(t, path)
	db, err := sql.Open(sqlite.DriverName, "file:"+path+"?mode=rw")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"DELETE FROM t", "INSERT INTO t VALUES (1)", "SELECT 1; DELETE FROM t", "ATTACH 'x.db' AS x", "PRAGMA journal_mode = WAL"} {
		if _, err := db.Exec(q); err == nil {
			t.Errorf("Exec(%q) succeeded on the guarded driver", q)
		}
	}
	if _, err := db.Begin(); err == nil {
		t.Error("Begin succeeded on the guarded driver")
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM t").Scan(&n); err != nil || n != 1 {
		t.Errorf("reading through the guarded driver: %d, %v", n, err)
	}
	db.Close()
	if after := stateOf(t, path); after != before {
		t.Errorf("the database file or its directory changed: %v → %v", before, after)
	}
}

// TestTailIsVisible pins the mattn/go-sqlite3 detail the tail check reads:
// if an upgrade hides it, this fails instead of the check going quiet.
func TestTailIsVisible(t *testing.T) {
	db := open(t, fixture(t))
	tail, ok, err := db.PrepareTail(context.Background(), "SELECT 1; SELECT 2")
	if err != nil || !ok || tail != "SELECT 2" {
		t.Fatalf("tail = %q, %v, %v; want \"SELECT 2\", true", tail, ok, err)
	}
}

func TestGuardTables(t *testing.T) {
	db := open(t, fixture(t))
	tests := map[string][]string{
		`SELECT c.name, sum(i.qty) FROM customers c JOIN orders o ON o.customer_id = c.id
			JOIN order_items i ON i.order_id = o.id GROUP BY c.name`: {"customers", "order_items", "orders"},
		"SELECT count(*) FROM orders":                  {"orders"},
		"select * from CUSTOMERS":                      {"customers"},
		"SELECT * FROM customer_totals":                {"customer_totals", "customers", "orders"},
		`SELECT "weird col" FROM "odd ""name"" table"`: {`odd "name" table`},
		"WITH x AS (SELECT x FROM t) SELECT * FROM x":  {"t"},
		"SELECT name FROM sqlite_schema":               nil,
		"WITH c(n) AS (SELECT 1) SELECT 0 FROM c":      nil,
		"SELECT value FROM json_each('[1, 2]')":        nil,
		"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c": nil,
		"SELECT x FROM t WHERE x IN (SELECT customer_id FROM orders)":                                 {"orders", "t"},
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
}

func TestErrorClassification(t *testing.T) {
	db := open(t, fixture(t))
	tests := []struct {
		sql  string
		code database.Code
		name string
	}{
		{"SELECT * FROM nope", database.CodeNoTable, "nope"},
		{"SELECT * FROM main.nope", database.CodeNoTable, "nope"},
		{"SELECT nope FROM customers", database.CodeNoColumn, "nope"},
		{"SELECT c.nope FROM customers c", database.CodeNoColumn, "nope"},
		{"SELECT id FROM customers, orders", database.CodeAmbiguous, "id"},
		{"SELECT FROM customers", database.CodeSyntax, ""},
		{"SELECT 1 +", database.CodeSyntax, ""},
		{"SELECT date_trunc('month', order_date) FROM orders", database.CodeSyntax, ""},
		{"SELECT abs(1, 2)", database.CodeSyntax, ""},
		{"SELECT count(*) FROM orders GROUP BY count(*)", database.CodeSyntax, ""},
		{"SELECT 1 UNION SELECT 1, 2", database.CodeSyntax, ""},
	}
	ctx := context.Background()
	for _, tt := range tests {
		check := func(what string, err error) {
			var e *database.Error
			if !errors.As(err, &e) {
				t.Errorf("%s(%q) = %v, want a *database.Error", what, tt.sql, err)
				return
			}
			if e.Code != tt.code || e.Name != tt.name || e.Message == "" {
				t.Errorf("%s(%q) = code %s name %q message %q; want code %s name %q", what, tt.sql, e.Code, e.Name, e.Message, tt.code, tt.name)
			}
		}
		_, err := db.Guard(ctx, tt.sql)
		check("Guard", err)
		_, err = db.Query(ctx, tt.sql, nil, database.Limits{MaxRows: 10})
		check("Query", err)
		check("Explain", db.Explain(ctx, tt.sql, nil))
	}
	// A type mismatch only shows at run time.
	if _, err := db.Query(ctx, "SELECT * FROM customers LIMIT 'x'", nil, database.Limits{MaxRows: 10}); database.CodeOf(err) != database.CodeTypeMismatch {
		t.Errorf("LIMIT 'x': %v, want type mismatch", err)
	}
	for msg, name := range map[string]string{
		"no such column: x":   "x",
		"no such column: t.x": "x",
		`no such column: "zz" - should this be a string literal in single-quotes?`: "zz",
		`no such column: t."a.b"`:          "a.b",
		"ambiguous column name: main.t.id": "id",
	} {
		var e *database.Error
		if !errors.As(sqlite.Classify(errors.New(msg)), &e) || e.Name != name {
			t.Errorf("Classify(%q) name = %+v, want %q", msg, e, name)
		}
	}
	for err, want := range map[error]database.Code{
		context.Canceled:                 database.CodeCanceled,
		context.DeadlineExceeded:         database.CodeTimeout,
		errors.New("something else"):     database.CodeInternal,
		database.Forbidden("already"):    database.CodeForbidden,
		errors.New("no such table: x.y"): database.CodeNoTable,
	} {
		if got := database.CodeOf(sqlite.Classify(err)); got != want {
			t.Errorf("Classify(%v) code = %s, want %s", err, got, want)
		}
	}
	if sqlite.Classify(nil) != nil {
		t.Error("Classify(nil) != nil")
	}
}

func TestQueryValues(t *testing.T) {
	db := open(t, fixture(t))
	tests := []struct {
		sql  string
		args []any
		cols []string
		rows [][]any
	}{
		// Dates come back as stored, whatever the declared type; order kept.
		{"SELECT id, order_date FROM orders ORDER BY id DESC", nil, []string{"id", "order_date"},
			[][]any{{int64(4), "2024-03-01"}, {int64(3), int64(20240115)}, {int64(2), "N/A"}, {int64(1), "2024-01-15"}}},
		{"SELECT created_at, created_at AS again FROM customers ORDER BY id", nil, []string{"created_at", "again"},
			[][]any{{"2024-01-15 10:30:00", "2024-01-15 10:30:00"}, {"2024-02-01 08:00:00", "2024-02-01 08:00:00"}, {nil, nil}}},
		{"SELECT on_sale, data FROM flags ORDER BY id", nil, []string{"on_sale", "data"},
			[][]any{{int64(2), "X'00FF'"}, {int64(0), "hi"}}},
		{"SELECT 1e999 AS inf, -1e999 AS neg, zeroblob(2000) AS big, 0.5 AS half", nil, []string{"inf", "neg", "big", "half"},
			[][]any{{"Infinity", "-Infinity", "<blob: 2000 bytes>", 0.5}}},
		{"SELECT name FROM customers WHERE country = ? AND id > ? ORDER BY name", []any{"DE", 1}, []string{"name"},
			[][]any{{"Cid"}}},
		{"SELECT name FROM customers WHERE id = :id", []any{sql.Named("id", 2)}, []string{"name"}, [][]any{{"Bob"}}},
		{"SELECT name FROM customers WHERE 0", nil, []string{"name"}, [][]any{}},
		{"VALUES (1, 'a'), (2, 'b')", nil, []string{"column1", "column2"}, [][]any{{int64(1), "a"}, {int64(2), "b"}}},
		{"SELECT c.id, o.id FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.order_date = '2024-01-15'", nil,
			[]string{"id", "id"}, [][]any{{int64(1), int64(1)}}},
	}
	for _, tt := range tests {
		res, err := db.Query(context.Background(), tt.sql, tt.args, database.Limits{MaxRows: 100, Timeout: 5 * time.Second})
		if err != nil {
			t.Errorf("Query(%q): %v", tt.sql, err)
			continue
		}
		if diff := cmp.Diff(tt.cols, res.Columns); diff != "" {
			t.Errorf("Query(%q) columns (-want +got):\n%s", tt.sql, diff)
		}
		if diff := cmp.Diff(tt.rows, res.Rows); diff != "" {
			t.Errorf("Query(%q) rows (-want +got):\n%s", tt.sql, diff)
		}
		if res.Truncated {
			t.Errorf("Query(%q) truncated", tt.sql)
		}
	}
	if _, err := db.Query(context.Background(), "SELECT ?", nil, database.Limits{MaxRows: 1}); err == nil || !strings.Contains(err.Error(), "1 parameters but 0 arguments") {
		t.Errorf("a missing argument: %v", err)
	}
}

func TestRowCap(t *testing.T) {
	db := open(t, fixture(t))
	const q = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10000000) SELECT n, 'row ' || n AS label FROM c"
	res, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 500, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 500 || !res.Truncated {
		t.Fatalf("got %d rows, truncated %v; want 500, true", len(res.Rows), res.Truncated)
	}
	if res.Rows[499][0] != int64(500) {
		t.Errorf("last row = %v", res.Rows[499])
	}
	// Exactly MaxRows rows is not truncated.
	res, err = db.Query(context.Background(), "SELECT x FROM t", nil, database.Limits{MaxRows: 1})
	if err != nil || len(res.Rows) != 1 || res.Truncated {
		t.Errorf("one row with MaxRows 1: %+v, %v", res, err)
	}
	// No MaxRows still caps.
	res, err = db.Query(context.Background(), q, nil, database.Limits{Timeout: 30 * time.Second})
	if err != nil || len(res.Rows) != sqlite.DefaultMaxRows || !res.Truncated {
		t.Errorf("unset MaxRows: %d rows, %v", len(res.Rows), err)
	}
}

// slowQuery counts to a billion: minutes of work, and a single result row,
// so it only finishes early if interrupted.
const slowQuery = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 1000000000) SELECT count(*) FROM c"

// withinDeadline fails the test if f has not returned after a generous
// deadline: it detects hangs without asserting tight timings.
func withinDeadline(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the query was not stopped")
	}
}

func TestTimeout(t *testing.T) {
	db := open(t, fixture(t))
	withinDeadline(t, func() {
		_, err := db.Query(context.Background(), slowQuery, nil, database.Limits{MaxRows: 10, Timeout: 200 * time.Millisecond})
		if database.CodeOf(err) != database.CodeTimeout || !strings.Contains(err.Error(), "200ms") {
			t.Errorf("slow query: %v, want a timeout naming the 200ms limit", err)
		}
	})
	// The connection is reusable afterwards.
	if _, err := db.Query(context.Background(), "SELECT x FROM t", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Errorf("query after a timeout: %v", err)
	}
}

func TestCancel(t *testing.T) {
	db := open(t, fixture(t))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	withinDeadline(t, func() {
		_, err := db.Query(ctx, slowQuery, nil, database.Limits{MaxRows: 10, Timeout: time.Minute})
		if database.CodeOf(err) != database.CodeCanceled {
			t.Errorf("canceled query: %v, want canceled", err)
		}
	})
}

func TestExplain(t *testing.T) {
	db := open(t, fixture(t))
	ctx := context.Background()
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = ?", []any{1}); err != nil {
		t.Errorf("Explain with args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = ?", nil); err != nil {
		t.Errorf("Explain without args: %v", err)
	}
}

func TestConcurrentQueries(t *testing.T) {
	db := open(t, fixture(t))
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			q := "SELECT count(*) FROM orders"
			if i%2 == 0 {
				q = "SELECT order_date FROM orders ORDER BY id"
			}
			if _, err := db.Guard(context.Background(), q); err != nil {
				t.Error(err)
			}
			if _, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 10, Timeout: 5 * time.Second}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
