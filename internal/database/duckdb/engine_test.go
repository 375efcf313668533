//go:build cgo

package duckdb_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/duckdb"
	"querent/internal/demo"
	"querent/internal/schema"
)

func TestRegistry(t *testing.T) {
	path := demoFile(t)
	for _, s := range []string{"duckdb", "csv", "parquet"} {
		if !slices.Contains(database.Schemes(), s) {
			t.Errorf("schemes %v lack %s", database.Schemes(), s)
		}
	}
	for _, dsn := range []string{path, "duckdb:" + path, "DuckDB:" + path, "duckdb://" + path} {
		e, err := database.Open(context.Background(), dsn)
		if err != nil {
			t.Errorf("database.Open(%q): %v", dsn, err)
			continue
		}
		if e.Name() != "duckdb" {
			t.Errorf("Name() = %q", e.Name())
		}
		e.Close()
	}
	for dsn, want := range map[string]bool{
		"demo.duckdb": true, "x/y.DDB": true, "a.DuckDB": true, "demo.db": false, "sales.csv": false, "duckdb": false,
	} {
		if got := duckdb.IsPath(dsn); got != want {
			t.Errorf("IsPath(%q) = %v, want %v", dsn, got, want)
		}
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.duckdb")
	if err := os.WriteFile(text, []byte("just some text, long enough to have a header"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.duckdb")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.duckdb")
	odd := filepath.Join(dir, "odd?x.duckdb")
	copyFile(t, demoFile(t), odd)
	tests := map[string][]string{
		missing: {"no such DuckDB database file", missing, "querent demo --db duckdb:"},
		text:    {"is not a DuckDB database", text},
		empty:   {"is not a DuckDB database", empty},
		dir:     {"is a directory"},
		odd:     {"'?', '#' or '%'", "rename"},
		"":      {"no DuckDB database path given"},
	}
	before := dirState(t, dir)
	for path, wants := range tests {
		_, err := duckdb.Open(context.Background(), path)
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
	if after := dirState(t, dir); after != before {
		t.Errorf("Open changed the directory:\n%s\n→\n%s", before, after)
	}
}

// TestOpenWhileWriterOpen shows the error when this process still has the
// file open read-write (as the demo loader does until it closes it).
func TestOpenWhileWriterOpen(t *testing.T) {
	path := demoFile(t)
	w, err := duckdb.OpenAdmin(context.Background(), "duckdb:"+path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = duckdb.Open(context.Background(), path)
	w.Close()
	if err == nil || !strings.Contains(err.Error(), "close that first") {
		t.Errorf("Open with a writer open in the process: %v", err)
	}
	open(t, path) // and fine once it is closed
}

// wantDemoSchema is the demo dataset's definition as Introspect must report
// it from a DuckDB file: types as demo.Targets["duckdb"] declares them, keys,
// exact row counts, and text samples computed from the rows themselves.
func wantDemoSchema() []schema.Table {
	ds := demo.Generate(demo.DefaultSeed)
	types := demo.Targets["duckdb"].Types
	var out []schema.Table
	for _, dt := range ds.Tables {
		st := schema.Table{Name: dt.Name, Ident: dt.Name, RowCount: int64(len(dt.Rows))}
		for i, dc := range dt.Columns {
			c := schema.Column{Name: dc.Name, Type: types[dc.Type], Kind: schema.KindOf(types[dc.Type]),
				Nullable: !dc.NotNull && !dc.PrimaryKey, Distinct: -1}
			if c.Kind == schema.KindText {
				c.Distinct, c.Samples, c.SamplesComplete = wantSamples(dt.Rows, i)
			}
			st.Columns = append(st.Columns, c)
			if dc.PrimaryKey {
				st.PrimaryKey = append(st.PrimaryKey, dc.Name)
			}
			if dc.References != "" {
				ref, col, _ := strings.Cut(dc.References, ".")
				st.ForeignKeys = append(st.ForeignKeys, schema.ForeignKey{Columns: []string{dc.Name}, RefTable: ref, RefColumns: []string{col}})
			}
		}
		sort.SliceStable(st.ForeignKeys, func(a, b int) bool { return st.ForeignKeys[a].RefTable < st.ForeignKeys[b].RefTable })
		out = append(out, st)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}

// wantSamples applies the sampling rule to column i of rows.
func wantSamples(rows [][]any, i int) (int64, []string, bool) {
	counts := map[string]int{}
	for _, r := range rows {
		if s, ok := r[i].(string); ok {
			counts[s]++
		}
	}
	var vals []string
	for v := range counts {
		vals = append(vals, v)
	}
	if len(vals) <= 64 {
		sort.Strings(vals)
		return int64(len(vals)), vals, true
	}
	sort.Slice(vals, func(a, b int) bool {
		if counts[vals[a]] != counts[vals[b]] {
			return counts[vals[a]] > counts[vals[b]]
		}
		return vals[a] < vals[b]
	})
	var top []string
	for _, v := range vals {
		if len(top) < 5 && utf8.RuneCountInString(v) <= 80 {
			top = append(top, v)
		}
	}
	return int64(len(counts)), top, false
}

func TestIntrospectDemo(t *testing.T) {
	path := demoFile(t)
	before := dirState(t, filepath.Dir(path))
	db := open(t, path)
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine != "duckdb" {
		t.Errorf("Engine = %q", s.Engine)
	}
	if diff := cmp.Diff(wantDemoSchema(), s.Tables); diff != "" {
		t.Errorf("Introspect does not match the demo dataset (-want +got):\n%s", diff)
	}
	db.Close()
	if after := dirState(t, filepath.Dir(path)); after != before {
		t.Errorf("opening and introspecting changed the directory:\n%s\n→\n%s", before, after)
	}
}

// shapesSQL has what the demo lacks: another schema, views, a composite
// key, comments, and DuckDB's nested and special types.
const shapesSQL = `
CREATE TABLE products(sku VARCHAR, region VARCHAR, name VARCHAR, price DECIMAL(10,2), tags VARCHAR[],
	PRIMARY KEY (sku, region));
COMMENT ON TABLE products IS 'what we sell';
COMMENT ON COLUMN products.name IS 'display name';
CREATE TYPE mood AS ENUM ('happy', 'sad');
CREATE TABLE lines(id INTEGER PRIMARY KEY, sku VARCHAR NOT NULL, region VARCHAR NOT NULL, qty HUGEINT,
	took INTERVAL, clock TIME, feel mood, meta STRUCT(a INTEGER), ok BOOLEAN, stamp TIMESTAMPTZ,
	FOREIGN KEY (sku, region) REFERENCES products(sku, region));
INSERT INTO products VALUES ('A1', 'EU', 'Widget', 9.99, ['x', 'y']), ('A1', 'US', 'Widget', 10.5, []), ('B2', 'EU', 'Gadget', 20, NULL);
INSERT INTO lines VALUES (1, 'A1', 'EU', 2, INTERVAL 90 MINUTE, TIME '12:30:00', 'happy', {'a': 1}, true, TIMESTAMPTZ '2024-01-02 03:04:05+00'),
	(2, 'B2', 'EU', 170141183460469231731687303715884105727, INTERVAL 1 DAY, NULL, 'sad', NULL, false, NULL);
CREATE SCHEMA sales;
CREATE TABLE sales.regions(id INTEGER PRIMARY KEY, name VARCHAR);
INSERT INTO sales.regions VALUES (1, 'North'), (2, 'South');
CREATE VIEW big_lines AS SELECT * FROM lines WHERE qty > 1;
CREATE VIEW sales.names AS SELECT name FROM sales.regions;
`

func TestIntrospectShapes(t *testing.T) {
	dir := t.TempDir()
	// A view that reads a file must not be usable to read it: external
	// access is off when the engine opens the database.
	other := t.TempDir()
	secret := filepath.Join(other, "secret.csv")
	if err := os.WriteFile(secret, []byte("k,v\nkey,hunter2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := makeDB(t, dir, "shapes.duckdb", shapesSQL+"CREATE VIEW leak AS SELECT * FROM read_csv('"+secret+"');")
	db := open(t, path)
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"big_lines", "leak", "lines", "products", "sales.names", "sales.regions"}, s.TableNames()); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	products, _ := s.Table("products")
	if products.Description != "what we sell" || products.PrimaryKey == nil || !slices.Equal(products.PrimaryKey, []string{"sku", "region"}) {
		t.Errorf("products = %+v", products)
	}
	if c, _ := products.Column("name"); c.Description != "display name" || !c.SamplesComplete || !slices.Equal(c.Samples, []string{"Gadget", "Widget"}) {
		t.Errorf("products.name = %+v", c)
	}
	lines, _ := s.Table("lines")
	if diff := cmp.Diff([]schema.ForeignKey{{Columns: []string{"sku", "region"}, RefTable: "products", RefColumns: []string{"sku", "region"}}}, lines.ForeignKeys); diff != "" {
		t.Errorf("lines foreign keys (-want +got):\n%s", diff)
	}
	kinds := map[string]schema.Kind{}
	for _, tb := range []*schema.Table{products, lines} {
		for _, c := range tb.Columns {
			kinds[tb.Name+"."+c.Name] = c.Kind
		}
	}
	wantKinds := map[string]schema.Kind{
		"products.sku": schema.KindText, "products.price": schema.KindReal, "products.tags": schema.KindOther,
		"lines.id": schema.KindInteger, "lines.qty": schema.KindInteger, "lines.took": schema.KindOther,
		"lines.clock": schema.KindOther, "lines.feel": schema.KindText, "lines.meta": schema.KindOther,
		"lines.ok": schema.KindBool, "lines.stamp": schema.KindDateTime, "lines.sku": schema.KindText,
		"lines.region": schema.KindText, "products.region": schema.KindText, "products.name": schema.KindText,
	}
	if diff := cmp.Diff(wantKinds, kinds); diff != "" {
		t.Errorf("kinds (-want +got):\n%s", diff)
	}
	if c, _ := lines.Column("feel"); !slices.Equal(c.Samples, []string{"happy", "sad"}) {
		t.Errorf("enum samples = %v", c.Samples)
	}
	regions, _ := s.Table("sales.regions")
	if regions.Namespace != "sales" || regions.Ident != "regions" || regions.RowCount != 2 {
		t.Errorf("sales.regions = %+v", regions)
	}
	if v, _ := s.Table("big_lines"); !v.View || v.RowCount != 2 {
		t.Errorf("big_lines = %+v", v)
	}
	if v, _ := s.Table("leak"); !v.View || v.RowCount != -1 {
		t.Errorf("leak = %+v; want a view whose rows are unknown", v)
	}
	ctx := context.Background()
	if _, err := db.Query(ctx, "SELECT * FROM leak", nil, database.Limits{MaxRows: 10}); database.CodeOf(err) != database.CodeForbidden {
		t.Errorf("reading a view over a file: %v, want forbidden", err)
	}
	res, err := db.Query(ctx, "SELECT n.name FROM sales.names n ORDER BY 1", nil, database.Limits{MaxRows: 10})
	if err != nil || len(res.Rows) != 2 {
		t.Errorf("reading a view in another schema: %+v, %v", res, err)
	}
}

// TestIntrospectBudget checks that a view whose statistics take too long is
// reported with unknown numbers instead of stalling introspection.
func TestIntrospectBudget(t *testing.T) {
	path := makeDB(t, t.TempDir(), "slow.duckdb", `
		CREATE TABLE small(x VARCHAR); INSERT INTO small VALUES ('a');
		CREATE VIEW slow AS SELECT count(*) AS n FROM range(1000000) a, range(1000000) b;`)
	db := open(t, path)
	// Long enough for the small table under any load, far too short for
	// the view (10^12 rows).
	defer duckdb.SetStatsBudget(2 * time.Second)()
	start := time.Now()
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if slow, ok := s.Table("slow"); !ok || slow.RowCount != -1 {
		t.Errorf("slow view = %+v, want RowCount -1", slow)
	}
	if small, _ := s.Table("small"); small.RowCount != 1 {
		t.Errorf("small = %+v, want RowCount 1", small)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("introspection took %v", d)
	}
}

// TestLockdown runs statements with no check of querent's at all, straight
// on an engine connection: the database itself must refuse to write, to
// reach files or extensions, and to change its settings back.
func TestLockdown(t *testing.T) {
	path := demoFile(t)
	dir := filepath.Dir(path)
	other := t.TempDir()
	secret := filepath.Join(other, "secret.csv")
	if err := os.WriteFile(secret, []byte("k,v\nkey,hunter2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := open(t, path)
	files := openFilesEngine(t, dir)
	before, beforeOther := dirState(t, dir), dirState(t, other)
	for _, q := range lockdownStatements(dir, secret) {
		for name, e := range map[string]*duckdb.DB{"file": db, "csv": files} {
			err := e.ExecRaw(context.Background(), q)
			if err == nil {
				t.Errorf("%s engine ran %q", name, q)
				continue
			}
			if c := database.CodeOf(duckdb.Classify(err)); c != database.CodeForbidden {
				t.Errorf("%s engine: %q failed with %v, classified %s; want forbidden", name, q, err, c)
			}
		}
	}
	// Writes the file engine must refuse by itself (the in-memory database
	// of loaded files is writable at this level; Query's layers guard it).
	for _, q := range []string{"CREATE TABLE t(x INTEGER)", "INSERT INTO categories VALUES (99, 'x')",
		"DELETE FROM payments", "DROP TABLE order_items", "CREATE SEQUENCE s"} {
		if err := db.ExecRaw(context.Background(), q); database.CodeOf(duckdb.Classify(err)) != database.CodeForbidden {
			t.Errorf("file engine: %q: %v, want forbidden", q, err)
		}
	}
	db.Close()
	files.Close()
	if after := dirState(t, dir); after != before {
		t.Errorf("the directory changed:\n%s\n→\n%s", before, after)
	}
	if after := dirState(t, other); after != beforeOther {
		t.Errorf("the other directory changed:\n%s\n→\n%s", beforeOther, after)
	}
}

// lockdownStatements are refused by the database's settings alone.
func lockdownStatements(dir, secret string) []string {
	in := func(name string) string { return "'" + filepath.Join(dir, name) + "'" }
	return []string{
		"SET enable_external_access = true",
		"SET GLOBAL enable_external_access = true",
		"RESET enable_external_access",
		"SET lock_configuration = false",
		"RESET lock_configuration",
		"SET autoload_known_extensions = true",
		"SET temp_directory = " + in("tmp"),
		"SET max_temp_directory_size = '10GB'",
		"SET allowed_directories = ['/']",
		"COPY (SELECT 42 AS x) TO " + in("out.csv"),
		"COPY (SELECT 42 AS x) TO " + in("out.parquet") + " (FORMAT parquet)",
		"EXPORT DATABASE " + in("export"),
		"SELECT * FROM read_csv('" + secret + "')",
		"SELECT * FROM read_csv_auto('" + secret + "')",
		"SELECT * FROM '" + secret + "'",
		"SELECT * FROM read_text('" + secret + "')",
		"SELECT * FROM read_blob('" + secret + "')",
		"SELECT * FROM glob(" + in("*") + ")",
		"SELECT * FROM sniff_csv('" + secret + "')",
		"ATTACH " + in("new.duckdb") + " AS n",
		"ATTACH '" + secret + "' AS s",
		"INSTALL httpfs",
		"FORCE INSTALL httpfs",
		"LOAD httpfs",
		"LOAD " + in("evil.duckdb_extension"),
		"CREATE PERSISTENT SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')",
	}
}

func TestGuardTables(t *testing.T) {
	db := open(t, demoFile(t))
	tests := map[string][]string{
		`SELECT c.country, sum(o.total_amount) FROM customers c JOIN orders o ON o.customer_id = c.id
			JOIN order_items i ON i.order_id = o.id GROUP BY c.country`: {"customers", "order_items", "orders"},
		"SELECT count(*) FROM orders":                                           {"orders"},
		"select * from ORDERS":                                                  {"orders"},
		`SELECT * FROM "Orders"`:                                                {"orders"},
		"SELECT * FROM demo.main.orders":                                        {"orders"},
		"SELECT * FROM demo.orders":                                             {"orders"},
		"SELECT * FROM main.orders":                                             {"orders"},
		"WITH x AS (SELECT * FROM orders) SELECT * FROM x":                      {"orders"},
		"WITH orders AS (SELECT 1 AS id) SELECT * FROM orders":                  nil,
		"WITH a AS (SELECT 1 AS x), b AS (SELECT * FROM a) SELECT * FROM b":     nil,
		"SELECT * FROM range(3) t(x)":                                           nil,
		"SELECT table_name FROM information_schema.tables":                      nil,
		"SELECT * FROM duckdb_tables()":                                         nil,
		"VALUES (1), (2)":                                                       nil,
		"SELECT id FROM customers WHERE id IN (SELECT customer_id FROM orders)": {"customers", "orders"},
		"SELECT (SELECT max(amount) FROM payments), (SELECT count(*) FROM (SELECT * FROM products) p)":           {"payments", "products"},
		"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) SELECT n FROM c":            nil,
		"SELECT * FROM (WITH inner_cte AS (SELECT * FROM clients) SELECT * FROM inner_cte) s, categories":        {"categories", "clients"},
		"SELECT name FROM clients UNION ALL SELECT name FROM categories EXCEPT SELECT first_name FROM customers": {"categories", "clients", "customers"},
		"SELECT * FROM orders o, LATERAL (SELECT * FROM payments p WHERE p.order_id = o.id) x":                   {"orders", "payments"},
		"SELECT list_transform([1, 2], x -> x + 1) AS l, (SELECT count(*) FROM employees) AS n":                  {"employees"},
		"WITH orders AS (SELECT * FROM main.orders WHERE status = 'paid') SELECT count(*) FROM orders":           {"orders"},
		"WITH a AS (SELECT * FROM b), b AS (SELECT 1 AS x) SELECT 1":                                             nil,
	}
	for q, want := range tests {
		got, err := db.Guard(context.Background(), q)
		if strings.Contains(q, "FROM b)") {
			// A CTE sees only the ones before it, so b is not a CTE there;
			// and there is no table b.
			if database.CodeOf(err) != database.CodeNoTable {
				t.Errorf("Guard(%q) = %v, %v; want no such table b", q, got, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b []string) bool { return len(a) == 0 && len(b) == 0 || slices.Equal(a, b) })); diff != "" {
			t.Errorf("Guard(%q) tables (-want +got):\n%s", q, diff)
		}
	}
}

// legitimate are queries an analyst or an LLM writes; each must pass Guard
// and run.
var legitimate = []string{
	"SELECT count(*) FROM orders",
	"SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC",
	"SELECT c.country, sum(o.total_amount) AS revenue FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY ALL ORDER BY revenue DESC LIMIT 5",
	"SELECT strftime(order_date, '%Y-%m') AS month, count(*) FROM orders GROUP BY 1 ORDER BY 1",
	"SELECT date_trunc('month', order_date) AS m, sum(total_amount) FROM orders GROUP BY m ORDER BY m",
	"SELECT date_part('year', order_date) AS y, extract(month FROM order_date) AS mo, quarter(order_date), dayofweek(order_date) FROM orders LIMIT 3",
	"SELECT make_date(2024, 1, 1) AS d, CURRENT_DATE >= DATE '2020-01-01' AS later, now() IS NOT NULL AS t",
	"WITH t AS (SELECT customer_id, sum(total_amount) AS s FROM orders GROUP BY 1) SELECT * FROM t ORDER BY s DESC LIMIT 3",
	"WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT sum(n) FROM r",
	"SELECT name, row_number() OVER (PARTITION BY client_id ORDER BY unit_price DESC) AS rn FROM products QUALIFY rn <= 2",
	"SELECT order_date, sum(total_amount) OVER (ORDER BY order_date ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) FROM orders LIMIT 5",
	"SELECT x FROM range(5) t(x)",
	"SELECT x FROM generate_series(1, 3) g(x)",
	"SELECT unnest([1, 2, 3]) AS x",
	"SELECT list(name ORDER BY name)[1:3] AS first_three FROM categories",
	"SELECT {'a': 1, 'b': [1, 2]} AS s, [1, 2][1] AS first, map([1], [2]) AS m",
	"SELECT coalesce(NULL, 1), nullif(1, 1), CASE WHEN 1 > 0 THEN 'y' ELSE 'n' END, 1::VARCHAR, TRY_CAST('x' AS INTEGER)",
	"SELECT first_name || ' ' || last_name AS n FROM customers WHERE last_name ILIKE 's%' ORDER BY n LIMIT 5",
	"SELECT regexp_replace(email, '@.*', '') AS local, lower(city), length(city) FROM customers LIMIT 2",
	"SELECT median(total_amount), quantile_cont(total_amount, 0.9), stddev(total_amount), approx_count_distinct(customer_id) FROM orders",
	"SELECT status FROM orders UNION SELECT method FROM payments ORDER BY 1",
	"SELECT id FROM orders EXCEPT SELECT order_id FROM payments ORDER BY 1 LIMIT 5",
	"VALUES (1, 'a'), (2, 'b')",
	"SELECT count(*) FILTER (WHERE status = 'cancelled') AS cancelled FROM orders",
	"SELECT demo.main.orders.id FROM demo.main.orders LIMIT 1",
	"SELECT table_name FROM information_schema.tables ORDER BY 1",
	"SELECT table_name, estimated_size FROM duckdb_tables() ORDER BY 1",
	"SELECT o.id, l.dbl FROM orders o, LATERAL (SELECT o.total_amount * 2 AS dbl) l LIMIT 1",
	"SELECT arg_max(name, unit_price) FROM products",
	"SELECT * EXCLUDE (email) FROM customers LIMIT 1",
	"SELECT COLUMNS('.*_id') FROM orders LIMIT 1",
	`SELECT json_extract('{"a": 1}', '$.a') AS a, '{"b": 2}'::JSON ->> 'b' AS b`,
	"SELECT age(TIMESTAMP '2024-01-01', TIMESTAMP '2023-01-01') AS a, INTERVAL 1 DAY + DATE '2024-01-01' AS d",
	"SELECT DISTINCT ON (client_id) client_id, name FROM products ORDER BY client_id, unit_price DESC",
	"SELECT e.last_name, m.last_name AS manager FROM employees e LEFT JOIN employees m ON m.id = e.manager_id ORDER BY e.id LIMIT 5",
	"SELECT status, count(*) FROM orders WHERE order_date BETWEEN DATE '2024-01-01' AND DATE '2024-12-31' GROUP BY ALL HAVING count(*) > 1 ORDER BY ALL",
	"SELECT CAST(total_amount AS DECIMAL(10, 2)) AS amount, round(total_amount, 1), floor(total_amount) FROM orders LIMIT 2",
	"SELECT * FROM orders WHERE EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id) LIMIT 2",
	"SELECT 1 -- a trailing comment",
	"SELECT 1 /* ; not a second statement */",
	"SELECT 'it''s; not a statement' AS s",
}

func TestLegitimate(t *testing.T) {
	db := open(t, demoFile(t))
	ctx := context.Background()
	for _, q := range legitimate {
		if _, err := db.Guard(ctx, q); err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		res, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 100, Timeout: 10 * time.Second})
		if err != nil {
			t.Errorf("Query(%q): %v", q, err)
			continue
		}
		if len(res.Rows) == 0 {
			t.Errorf("Query(%q) returned no rows", q)
		}
		if err := db.Explain(ctx, q, nil); err != nil {
			t.Errorf("Explain(%q): %v", q, err)
		}
	}
	// With arguments, dates bound as time.Time as the demo loader does.
	res, err := db.Query(ctx, "SELECT count(*) AS n FROM orders WHERE order_date BETWEEN $1 AND $2 AND status = $3",
		[]any{time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC), "delivered"},
		database.Limits{MaxRows: 1})
	if err != nil || len(res.Rows) != 1 || res.Rows[0][0].(int64) == 0 {
		t.Errorf("query with arguments: %+v, %v", res, err)
	}
}

func TestErrorClassification(t *testing.T) {
	db := open(t, demoFile(t))
	tests := []struct {
		sql  string
		code database.Code
		name string
	}{
		{"SELECT * FROM nope", database.CodeNoTable, "nope"},
		{"SELECT * FROM main.nope", database.CodeNoTable, "nope"},
		{"SELECT nope FROM customers", database.CodeNoColumn, "nope"},
		{"SELECT c.nope FROM customers c", database.CodeNoColumn, "nope"},
		{"SELECT x.id FROM customers c", database.CodeNoTable, "x"},
		{"SELECT id FROM customers, orders", database.CodeAmbiguous, "id"},
		{"SELECT * FROM", database.CodeSyntax, ""},
		{"SELECT 1 +", database.CodeSyntax, ""},
		{"SELECT no_such_function(1)", database.CodeSyntax, ""},
		{"SELECT * FROM no_such_table_function(1)", database.CodeSyntax, ""},
		{"SELECT date_trunc('month', status) FROM orders", database.CodeTypeMismatch, ""},
		{"SELECT count(*) FROM orders GROUP BY count(*)", database.CodeSyntax, ""},
		{"SELECT 1 UNION SELECT 1, 2", database.CodeSyntax, ""},
		{"SELECT status, count(*) FROM orders", database.CodeSyntax, ""},
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
			if strings.Contains(e.Message, "LINE 1") {
				t.Errorf("%s(%q) message keeps DuckDB's source excerpt: %q", what, tt.sql, e.Message)
			}
		}
		_, err := db.Guard(ctx, tt.sql)
		check("Guard", err)
		_, err = db.Query(ctx, tt.sql, nil, database.Limits{MaxRows: 10})
		check("Query", err)
		check("Explain", db.Explain(ctx, tt.sql, nil))
	}
	// Conversions fail only when the value is met.
	for _, q := range []string{"SELECT CAST(status AS INTEGER) FROM orders", "SELECT status::DATE FROM orders"} {
		if _, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 10}); database.CodeOf(err) != database.CodeTypeMismatch {
			t.Errorf("%s: %v, want type mismatch", q, err)
		}
	}
	for err, want := range map[error]database.Code{
		context.Canceled:              database.CodeCanceled,
		context.DeadlineExceeded:      database.CodeTimeout,
		errors.New("something else"):  database.CodeInternal,
		database.Forbidden("already"): database.CodeForbidden,
		errors.New("Catalog Error: Table with name x does not exist!\nDid you mean \"y\"?\n\nLINE 1: SELECT * FROM x\n                      ^"): database.CodeNoTable,
		errors.New("INTERRUPT Error: Interrupted!"): database.CodeTimeout,
		errors.New(`Permission Error: Cannot access file "x" - file system operations are disabled by configuration`): database.CodeForbidden,
		errors.New("Parser Error: syntax error at end of input"):                                                      database.CodeSyntax,
		errors.New("Conversion Error: Could not convert string 'a' to INT32"):                                         database.CodeTypeMismatch,
		errors.New("Out of Memory Error: could not allocate block"):                                                   database.CodeUnavailable,
	} {
		if got := database.CodeOf(duckdb.Classify(err)); got != want {
			t.Errorf("Classify(%v) code = %s, want %s", err, got, want)
		}
	}
	if duckdb.Classify(nil) != nil {
		t.Error("Classify(nil) != nil")
	}
}

func TestQueryValues(t *testing.T) {
	path := makeDB(t, t.TempDir(), "values.duckdb", shapesSQL)
	db := open(t, path)
	tests := []struct {
		sql  string
		args []any
		cols []string
		rows [][]any
	}{
		{`SELECT 1::TINYINT AS a, 2::SMALLINT AS b, 3::INTEGER AS c, 4::BIGINT AS d, 5::UTINYINT AS e,
			18446744073709551615::UBIGINT AS f, 12::HUGEINT AS g, 170141183460469231731687303715884105727::HUGEINT AS h`, nil,
			[]string{"a", "b", "c", "d", "e", "f", "g", "h"},
			[][]any{{int64(1), int64(2), int64(3), int64(4), int64(5), "18446744073709551615", int64(12), "170141183460469231731687303715884105727"}}},
		{`SELECT 12.345::DECIMAL(10,3) AS d, 1.5::FLOAT AS f, 'infinity'::DOUBLE AS inf, '-infinity'::DOUBLE AS ninf, 'nan'::DOUBLE AS nan, true AS t`, nil,
			[]string{"d", "f", "inf", "ninf", "nan", "t"}, [][]any{{12.345, 1.5, "Infinity", "-Infinity", nil, true}}},
		{`SELECT DATE '2024-01-02' AS d, TIMESTAMP '2024-01-02 03:04:05' AS ts, TIMESTAMP '2024-01-02 03:04:05.25' AS frac,
			TIMESTAMPTZ '2024-01-02 03:04:05+02' AS tz, TIME '12:34:56' AS tm`, nil,
			[]string{"d", "ts", "frac", "tz", "tm"}, [][]any{{"2024-01-02", "2024-01-02 03:04:05", "2024-01-02 03:04:05.25", "2024-01-02 01:04:05Z", "12:34:56"}}},
		{`SELECT '00000000-0000-0000-0000-000000000001'::UUID AS u, '\xAA\x00'::BLOB AS b, INTERVAL '14 months 3 days 90 seconds' AS i,
			[1, 2] AS l, {'x': 1, 'y': list_value('a')} AS s, MAP {'k': 1.5} AS m, '{"a": [1]}'::JSON AS j, 'happy'::mood AS e`, nil,
			[]string{"u", "b", "i", "l", "s", "m", "j", "e"},
			[][]any{{"00000000-0000-0000-0000-000000000001", "X'AA00'", "1 year 2 months 3 days 00:01:30", "[1,2]", `{"x":1,"y":["a"]}`, `[{"key":"k","value":1.5}]`, `{"a":[1]}`, "happy"}}},
		{"SELECT repeat('x', 2000)::BLOB AS big", nil, []string{"big"}, [][]any{{"<blob: 2000 bytes>"}}},
		{"SELECT qty, took, clock, meta, stamp FROM lines ORDER BY id", nil, []string{"qty", "took", "clock", "meta", "stamp"},
			[][]any{{int64(2), "01:30:00", "12:30:00", `{"a":1}`, "2024-01-02 03:04:05Z"}, {"170141183460469231731687303715884105727", "1 day", nil, nil, nil}}},
		{"SELECT name FROM products WHERE sku = $1 AND price > $2 ORDER BY region", []any{"A1", 10}, []string{"name"}, [][]any{{"Widget"}}},
		{"SELECT name FROM products WHERE sku = ? ORDER BY region", []any{"B2"}, []string{"name"}, [][]any{{"Gadget"}}},
		{"SELECT name FROM products WHERE false", nil, []string{"name"}, [][]any{}},
		{"VALUES (1, 'a'), (2, 'b')", nil, []string{"col0", "col1"}, [][]any{{int64(1), "a"}, {int64(2), "b"}}},
		// Duplicate names are kept when DuckDB can type the result up front.
		{"SELECT p.sku, l.sku FROM products p JOIN lines l USING (sku, region) ORDER BY l.id", nil, []string{"sku", "sku"},
			[][]any{{"A1", "A1"}, {"B2", "B2"}}},
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
	if _, err := db.Query(context.Background(), "SELECT name FROM products WHERE sku = ?", nil, database.Limits{MaxRows: 1}); err == nil || !strings.Contains(err.Error(), "1 parameters but 0 arguments") {
		t.Errorf("a missing argument: %v", err)
	}
}

func TestRowCap(t *testing.T) {
	db := open(t, demoFile(t))
	ctx := context.Background()
	start := time.Now()
	res, err := db.Query(ctx, "SELECT x, 'row ' || x AS label FROM range(10000000) t(x)", nil, database.Limits{MaxRows: 500, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 500 || !res.Truncated {
		t.Fatalf("got %d rows, truncated %v; want 500, true", len(res.Rows), res.Truncated)
	}
	if res.Rows[499][0] != int64(499) || res.Rows[499][1] != "row 499" {
		t.Errorf("last row = %v", res.Rows[499])
	}
	// DuckDB stops after the cap instead of producing ten million rows.
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("capped query took %v", d)
	}
	// The cap keeps the statement's order.
	res, err = db.Query(ctx, "SELECT x FROM range(10000000) t(x) ORDER BY x DESC", nil, database.Limits{MaxRows: 3, Timeout: 30 * time.Second})
	if err != nil || !res.Truncated || !cmp.Equal(res.Rows, [][]any{{int64(9999999)}, {int64(9999998)}, {int64(9999997)}}) {
		t.Errorf("ordered capped query: %+v, %v", res, err)
	}
	// Exactly MaxRows rows is not truncated.
	res, err = db.Query(ctx, "SELECT id FROM clients", nil, database.Limits{MaxRows: 3})
	if err != nil || len(res.Rows) != 3 || res.Truncated {
		t.Errorf("three rows with MaxRows 3: %+v, %v", res, err)
	}
	// No MaxRows still caps.
	res, err = db.Query(ctx, "SELECT * FROM range(10000000) t(x)", nil, database.Limits{Timeout: 30 * time.Second})
	if err != nil || len(res.Rows) != duckdb.DefaultMaxRows || !res.Truncated {
		t.Errorf("unset MaxRows: %d rows, %v", len(res.Rows), err)
	}
}

// slowQuery is a cross join of a trillion rows: hours of work, and a single
// result row, so it only finishes early if interrupted.
const slowQuery = "SELECT count(*) FROM range(1000000) a, range(1000000) b WHERE a.range + b.range > 0"

// withinDeadline fails the test if f has not returned after a generous
// deadline: it detects hangs without asserting tight timings.
func withinDeadline(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the query was not stopped")
	}
}

func TestTimeout(t *testing.T) {
	db := open(t, demoFile(t))
	withinDeadline(t, func() {
		_, err := db.Query(context.Background(), slowQuery, nil, database.Limits{MaxRows: 10, Timeout: 200 * time.Millisecond})
		if database.CodeOf(err) != database.CodeTimeout || !strings.Contains(err.Error(), "200ms") {
			t.Errorf("slow query: %v, want a timeout naming the 200ms limit", err)
		}
	})
	// The connections are reusable afterwards.
	for range 6 {
		if _, err := db.Query(context.Background(), "SELECT count(*) FROM orders", nil, database.Limits{MaxRows: 1}); err != nil {
			t.Errorf("query after a timeout: %v", err)
		}
	}
}

func TestCancel(t *testing.T) {
	db := open(t, demoFile(t))
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
	db := open(t, demoFile(t))
	ctx := context.Background()
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = $1", []any{1}); err != nil {
		t.Errorf("Explain with args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = $1", nil); err != nil {
		t.Errorf("Explain without args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT nope FROM orders", nil); database.CodeOf(err) != database.CodeNoColumn {
		t.Errorf("Explain of an unknown column: %v", err)
	}
}

func TestConcurrentQueries(t *testing.T) {
	db := open(t, demoFile(t))
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			q := "SELECT count(*) FROM orders"
			if i%2 == 0 {
				q = "SELECT order_date, status FROM orders ORDER BY id LIMIT 20"
			}
			if _, err := db.Guard(context.Background(), q); err != nil {
				t.Error(err)
			}
			if _, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 10, Timeout: 10 * time.Second}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// TestAdmin loads the demo through the read-write opener, as `querent demo
// --db duckdb:PATH` does, and checks what it refuses.
func TestAdmin(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.duckdb")
	ctx := context.Background()
	db, kind, err := database.OpenAdmin(ctx, "duckdb:"+path)
	if err != nil || kind != "duckdb" {
		t.Fatalf("OpenAdmin: %v, %q", err, kind)
	}
	ds := demo.Generate(demo.DefaultSeed)
	if err := demo.LoadSQL(ctx, db, ds, demo.Targets["duckdb"], false); err != nil {
		t.Fatalf("loading the demo: %v", err)
	}
	// Loading again without replace names the flag that replaces.
	if err := demo.LoadSQL(ctx, db, ds, demo.Targets["duckdb"], false); err == nil || !strings.Contains(err.Error(), "--force") {
		t.Errorf("loading twice: %v", err)
	}
	db.Close()
	e := open(t, path)
	res, err := e.Query(ctx, "SELECT count(*) FROM orders", nil, database.Limits{MaxRows: 1})
	if err != nil || res.Rows[0][0] != int64(len(ds.Table("orders").Rows)) {
		t.Errorf("orders after loading: %+v, %v", res, err)
	}
	for dsn, want := range map[string]string{
		"duckdb:":                        "no DuckDB database path given",
		"duckdb:" + dir:                  "is a directory",
		"duckdb:" + dir + "/sales.csv":   "never writes",
		"duckdb:" + dir + "/a#b.duckdb":  "'?', '#' or '%'",
		"duckdb:" + dir + "/a.csv,b.csv": "never writes",
	} {
		if db, err := duckdb.OpenAdmin(ctx, dsn); err == nil || !strings.Contains(err.Error(), want) {
			if db != nil {
				db.Close()
			}
			t.Errorf("OpenAdmin(%q) = %v, want an error mentioning %q", dsn, err, want)
		}
	}
}
