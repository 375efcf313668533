package postgres_test

import (
	"context"
	"errors"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/postgres"
	"querent/internal/demo"
	"querent/internal/schema"
)

func TestLiveRegistry(t *testing.T) {
	dsn, _ := liveDB(t)
	for _, scheme := range []string{"postgres", "postgresql"} {
		d := scheme + strings.TrimPrefix(dsn, "postgres")
		e, err := database.Open(context.Background(), d)
		if err != nil {
			t.Fatalf("database.Open(%s): %v", database.Redact(d), err)
		}
		if e.Name() != "postgres" {
			t.Errorf("Name() = %q", e.Name())
		}
		e.Close()
		admin, name, err := database.OpenAdmin(context.Background(), d)
		if err != nil {
			t.Fatalf("database.OpenAdmin(%s): %v", scheme, err)
		}
		if name != scheme {
			t.Errorf("OpenAdmin engine = %q, want %q", name, scheme)
		}
		var one int
		if err := admin.QueryRow("SELECT 1").Scan(&one); err != nil || one != 1 {
			t.Errorf("admin connection: %d, %v", one, err)
		}
		admin.Close()
	}
	// A wrong password is refused without showing either password.
	bad := strings.Replace(dsn, "://querent:", "://querent:wrong-pw-", 1)
	if bad == dsn {
		t.Skip("the DSN's user is not querent; skipping the wrong-password check")
	}
	_, err := postgres.Open(context.Background(), bad)
	if database.CodeOf(err) != database.CodeUnavailable || strings.Contains(err.Error(), "wrong-pw") {
		t.Errorf("wrong password: %v", err)
	}
}

func TestLiveIntrospect(t *testing.T) {
	db := openLive(t)
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine != "postgres" {
		t.Errorf("Engine = %q", s.Engine)
	}
	ds := demo.Generate(demo.DefaultSeed)
	types := map[string]string{demo.TypeInteger: "bigint", demo.TypeText: "text", demo.TypeReal: "double precision",
		demo.TypeDate: "date", demo.TypeDateTime: "timestamp without time zone"}
	kinds := map[string]schema.Kind{demo.TypeInteger: schema.KindInteger, demo.TypeText: schema.KindText,
		demo.TypeReal: schema.KindReal, demo.TypeDate: schema.KindDate, demo.TypeDateTime: schema.KindDateTime}
	for _, dt := range ds.Tables {
		got, ok := s.Table(dt.Name)
		if !ok {
			t.Errorf("table %s missing; have %v", dt.Name, s.TableNames())
			continue
		}
		want := schema.Table{Name: dt.Name, Namespace: got.Namespace, Ident: dt.Name, RowCount: int64(len(dt.Rows)), Description: got.Description}
		if dt.Name == "orders" {
			want.Description = "One row per order"
		}
		for _, dc := range dt.Columns {
			c := schema.Column{Name: dc.Name, Type: types[dc.Type], Kind: kinds[dc.Type], Nullable: !dc.NotNull && !dc.PrimaryKey}
			if dc.PrimaryKey {
				want.PrimaryKey = append(want.PrimaryKey, dc.Name)
			}
			if dc.References != "" {
				ref, col, _ := strings.Cut(dc.References, ".")
				want.ForeignKeys = append(want.ForeignKeys, schema.ForeignKey{Columns: []string{dc.Name}, RefTable: ref, RefColumns: []string{col}})
			}
			want.Columns = append(want.Columns, c)
		}
		sort.Slice(want.ForeignKeys, func(i, j int) bool { return want.ForeignKeys[i].RefTable < want.ForeignKeys[j].RefTable })
		// Statistics are checked below; compare the structure here.
		cp := *got
		cp.Columns = nil
		for _, c := range got.Columns {
			c.Distinct, c.Samples, c.SamplesComplete = 0, nil, false
			if c.Name == "status" && dt.Name == "orders" && c.Description != "Where the order is" {
				t.Errorf("orders.status description = %q", c.Description)
			}
			c.Description = ""
			cp.Columns = append(cp.Columns, c)
		}
		if diff := cmp.Diff(want, cp); diff != "" {
			t.Errorf("table %s (-want +got):\n%s", dt.Name, diff)
		}
		// Samples of text columns, against the data. They come from
		// ANALYZE's statistics, which list every value only when each is
		// common enough; when they say complete, they must be right.
		for i, dc := range dt.Columns {
			if dc.Type != demo.TypeText {
				continue
			}
			distinct := map[string]bool{}
			for _, r := range dt.Rows {
				if v, ok := r[i].(string); ok {
					distinct[v] = true
				}
			}
			c, _ := got.Column(dc.Name)
			for _, v := range c.Samples {
				if !distinct[v] {
					t.Errorf("%s.%s: sample %q is not in the data", dt.Name, dc.Name, v)
				}
			}
			if c.SamplesComplete && (len(c.Samples) != len(distinct) || c.Distinct != int64(len(distinct))) {
				t.Errorf("%s.%s: samples %q (distinct %d) marked complete, but there are %d values", dt.Name, dc.Name, c.Samples, c.Distinct, len(distinct))
			}
			if c.Distinct <= 0 {
				t.Errorf("%s.%s: Distinct = %d after ANALYZE", dt.Name, dc.Name, c.Distinct)
			}
		}
	}
	for _, col := range []string{"orders.status", "payments.method", "customers.country"} {
		table, name, _ := strings.Cut(col, ".")
		tab, _ := s.Table(table)
		if c, ok := tab.Column(name); !ok || !c.SamplesComplete || len(c.Samples) < 2 {
			t.Errorf("%s: samples %q, complete %v; want every value", col, c.Samples, c.SamplesComplete)
		}
	}
	if tab, _ := s.Table("customers"); tab != nil {
		// Every email is distinct: pg_stats says n_distinct = -1 (all rows).
		if c, _ := tab.Column("email"); c.Distinct != tab.RowCount || c.SamplesComplete || len(c.Samples) != 0 {
			t.Errorf("customers.email = %+v, want Distinct %d and no samples", c, tab.RowCount)
		}
	}

	// The extra schema: composite keys, a view, quoted names, and types
	// whose names would mislead schema.KindOf.
	regions, ok := s.Table("extra.regions")
	if !ok || regions.Namespace != "extra" || regions.Ident != "regions" || regions.RowCount != 3 ||
		!cmp.Equal(regions.PrimaryKey, []string{"code", "zone"}) {
		t.Errorf("extra.regions = %+v", regions)
	}
	odd, ok := s.Table(`extra.Odd Items`)
	if !ok {
		t.Fatalf(`extra."Odd Items" missing; have %v`, s.TableNames())
	}
	wantFKs := []schema.ForeignKey{
		{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}},
		{Columns: []string{"code", "zone"}, RefTable: "extra.regions", RefColumns: []string{"code", "zone"}},
	}
	if diff := cmp.Diff(wantFKs, odd.ForeignKeys); diff != "" {
		t.Errorf("foreign keys of Odd Items (-want +got):\n%s", diff)
	}
	wantCols := map[string][2]string{
		"Item Id": {"bigint", "integer"}, "mood": {"extra.mood", "text"}, "tags": {"integer[]", "other"},
		"span": {"interval", "other"}, "price": {"numeric(10,2)", "real"}, "ref": {"uuid", "text"},
		"doc": {"jsonb", "text"}, "raw": {"bytea", "blob"}, "seen": {"timestamp with time zone", "datetime"},
		"note": {"extra.label", "text"}, "flags": {"bit(3)", "other"},
	}
	for name, w := range wantCols {
		c, ok := odd.Column(name)
		if !ok || c.Type != w[0] || string(c.Kind) != w[1] {
			t.Errorf("column %q = %+v, want type %s kind %s", name, c, w[0], w[1])
		}
	}
	if mood, _ := odd.Column("mood"); !cmp.Equal(mood.Samples, []string{"happy", "ok", "sad"}) || !mood.SamplesComplete || mood.Distinct != 3 {
		t.Errorf("enum samples = %+v", mood)
	}
	if v, ok := s.Table("extra.region_names"); !ok || !v.View || v.RowCount != -1 || v.Description != "Regions by code" {
		t.Errorf("view = %+v", v)
	}
	if na, ok := s.Table("not_analyzed"); !ok || na.RowCount != -1 {
		t.Errorf("a table never analyzed has RowCount %d, want -1", na.RowCount)
	}
	for _, name := range s.TableNames() {
		if strings.HasPrefix(name, "pg_") || strings.HasPrefix(name, "information_schema") {
			t.Errorf("system relation %s introspected", name)
		}
	}
}

// TestLiveIntrospectRoundTrips checks that introspection costs the same
// handful of round trips however many tables there are (the benchmark
// shows it with 2,000).
func TestLiveIntrospectRoundTrips(t *testing.T) {
	db := openLive(t)
	ctx := context.Background()
	if _, err := db.Introspect(ctx); err != nil { // warm the pool
		t.Fatal(err)
	}
	s0, r0 := db.RoundTrips()
	if _, err := db.Introspect(ctx); err != nil {
		t.Fatal(err)
	}
	s1, r1 := db.RoundTrips()
	if r1-r0 > 3 || s1-s0 > 12 {
		t.Errorf("Introspect took %d round trips and %d statements; want at most 3 and 12", r1-r0, s1-s0)
	}
	t.Logf("Introspect: %d statements in %d round trips", s1-s0, r1-r0)
}

func TestLiveGuard(t *testing.T) {
	db := openLive(t)
	_, admin := liveDB(t)
	ctx := context.Background()
	got, err := db.Guard(ctx, "SELECT c.country, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id JOIN extra.regions r ON true GROUP BY 1")
	if err != nil || !cmp.Equal(got, []string{"customers", "extra.regions", "orders"}) {
		t.Errorf("Guard tables = %q, %v", got, err)
	}
	// A table created after the first Guard is found once the snapshot is
	// old enough to be refreshed.
	if _, err := db.Guard(ctx, "SELECT * FROM created_later"); database.CodeOf(err) != database.CodeNoTable {
		t.Fatalf("Guard of a missing table: %v", err)
	}
	if _, err := admin.ExecContext(ctx, "CREATE TABLE created_later (x int)"); err != nil {
		t.Fatal(err)
	}
	defer admin.ExecContext(ctx, "DROP TABLE created_later")
	time.Sleep(1100 * time.Millisecond)
	if got, err := db.Guard(ctx, "SELECT * FROM created_later"); err != nil || !cmp.Equal(got, []string{"created_later"}) {
		t.Errorf("Guard after CREATE TABLE = %q, %v", got, err)
	}
}

// TestLiveAdversarial runs the whole corpus through Guard, Query and
// Explain against the server, then checks that nothing changed: rows,
// objects, the sequence, and advisory locks.
func TestLiveAdversarial(t *testing.T) {
	db := openLive(t)
	_, admin := liveDB(t)
	ctx := context.Background()
	before := dataState(t, admin)
	lim := database.Limits{MaxRows: 10, Timeout: 5 * time.Second}
	for _, r := range adversarial {
		for what, run := range map[string]func() error{
			"Guard":   func() error { _, err := db.Guard(ctx, r.sql); return err },
			"Query":   func() error { _, err := db.Query(ctx, r.sql, nil, lim); return err },
			"Explain": func() error { return db.Explain(ctx, r.sql, nil) },
		} {
			if err := run(); database.CodeOf(err) != r.code {
				t.Errorf("%s(%q) = %v, want code %s", what, short(r.sql), err, r.code)
			}
		}
	}
	if after := dataState(t, admin); after != before {
		t.Errorf("the database changed:\nbefore %s\nafter  %s", before, after)
	}
}

// TestLiveConnectionLayers runs writes with guard.Check and the parser
// checks skipped: the READ ONLY transaction and the extended protocol must
// refuse them on their own.
func TestLiveConnectionLayers(t *testing.T) {
	db := openLive(t)
	_, admin := liveDB(t)
	ctx := context.Background()
	before := dataState(t, admin)
	for q, want := range map[string]database.Code{
		"DELETE FROM orders":                                                  database.CodeForbidden,
		"UPDATE orders SET status = 'x'":                                      database.CodeForbidden,
		"INSERT INTO categories (id, name) VALUES (99, 'x')":                  database.CodeForbidden,
		"WITH d AS (DELETE FROM payments RETURNING *) SELECT count(*) FROM d": database.CodeForbidden,
		"SELECT * INTO copy_of_orders FROM orders":                            database.CodeForbidden,
		"CREATE TABLE t (x int)":                                              database.CodeForbidden,
		"CREATE TEMP TABLE t (x int)":                                         database.CodeForbidden,
		"DROP TABLE orders":                                                   database.CodeForbidden,
		"TRUNCATE payments":                                                   database.CodeForbidden,
		"ALTER TABLE orders ADD COLUMN x int":                                 database.CodeForbidden,
		"SELECT * FROM orders FOR UPDATE":                                     database.CodeForbidden,
		"SELECT nextval('querent_seq')":                                       database.CodeForbidden,
		"SELECT setval('querent_seq', 42)":                                    database.CodeForbidden,
		"COMMENT ON TABLE orders IS 'changed'":                                database.CodeForbidden,
		"CREATE INDEX ON orders (status)":                                     database.CodeForbidden,
		"GRANT SELECT ON orders TO PUBLIC":                                    database.CodeForbidden,
		"SELECT 1; DELETE FROM orders":                                        database.CodeSyntax, // the extended protocol takes one statement
		"SELECT 1; SELECT 2":                                                  database.CodeSyntax,
	} {
		err := db.QueryUnchecked(ctx, q)
		if database.CodeOf(err) != want {
			t.Errorf("%q bypassing the guard: %v, want code %s", q, err, want)
		}
	}
	if after := dataState(t, admin); after != before {
		t.Errorf("the database changed:\nbefore %s\nafter  %s", before, after)
	}
}

// TestLiveAdvisoryLockBackstop takes a session advisory lock with the
// guard bypassed, on a pool of one connection: the next query releases
// it, so no lock outlives the query after it.
func TestLiveAdvisoryLockBackstop(t *testing.T) {
	db := openLive(t, "pool_max_conns=1")
	_, admin := liveDB(t)
	ctx := context.Background()
	if err := db.QueryUnchecked(ctx, "SELECT pg_advisory_lock(4242)"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Query(ctx, "SELECT 1", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := admin.QueryRowContext(ctx, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d advisory locks held after the next query (%v)", n, err)
	}
}

func TestLiveQueryValues(t *testing.T) {
	db := openLive(t)
	tests := []struct {
		sql  string
		args []any
		cols []string
		rows [][]any
	}{
		{"SELECT 1::smallint AS a, 2 AS b, 3::bigint AS c, 1.5::real AS d, 2.25::float8 AS e, true AS f, NULL AS g, 'x' AS h", nil,
			[]string{"a", "b", "c", "d", "e", "f", "g", "h"},
			[][]any{{int64(1), int64(2), int64(3), 1.5, 2.25, true, nil, "x"}}},
		{"SELECT 12345678901234::numeric AS i, 2.50::numeric(5,2) AS f, 1e400::numeric AS big, 'NaN'::numeric AS nan, 'Infinity'::float8 AS inf, '-Infinity'::float8 AS ninf, 'NaN'::float8 AS fnan", nil,
			[]string{"i", "f", "big", "nan", "inf", "ninf", "fnan"},
			[][]any{{int64(12345678901234), 2.5, "1" + strings.Repeat("0", 400), nil, "Infinity", "-Infinity", nil}}},
		{"SELECT DATE '2024-01-15' AS d, TIMESTAMP '2024-01-15 10:30:00' AS ts, TIMESTAMP '2024-01-15 10:30:00.25' AS frac, TIMESTAMPTZ '2024-01-15 10:30:00+00' AT TIME ZONE 'UTC' AS utc, 'infinity'::date AS inf", nil,
			[]string{"d", "ts", "frac", "utc", "inf"},
			[][]any{{"2024-01-15", "2024-01-15 10:30:00", "2024-01-15 10:30:00.25", "2024-01-15 10:30:00", "infinity"}}},
		{`SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS u, '\x00ff'::bytea AS b, '{"a": [1, 2]}'::jsonb AS j, '{"b":1}'::json AS js, interval '1 day 2 hours' AS i, ARRAY[1, 2, 3] AS arr`, nil,
			[]string{"u", "b", "j", "js", "i", "arr"},
			[][]any{{"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", `\x00ff`, `{"a": [1, 2]}`, `{"b":1}`, "1 day 02:00:00", "{1,2,3}"}}},
		{"SELECT decode(repeat('ab', 2000), 'hex') AS big", nil, []string{"big"}, [][]any{{"<bytea: 2000 bytes>"}}},
		// Demo dates come back as the SQLite demo stores them.
		{"SELECT order_date, (SELECT created_at FROM customers WHERE id = 1) FROM orders WHERE id = 1", nil,
			[]string{"order_date", "created_at"}, nil},
		{"SELECT name FROM categories WHERE id = $1 OR name = $2 ORDER BY id", []any{1, "no such"}, []string{"name"}, nil},
		{"SELECT count(*) AS n FROM orders WHERE order_date >= $1 AND order_date < $2 AND total_amount > $3", []any{"2024-01-01", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), 0.5},
			[]string{"n"}, nil},
		{"SELECT name FROM categories WHERE false", nil, []string{"name"}, [][]any{}},
		{"VALUES (1, 'a'), (2, 'b')", nil, []string{"column1", "column2"}, [][]any{{int64(1), "a"}, {int64(2), "b"}}},
		{"SELECT c.id, o.id FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.id = 1", nil, []string{"id", "id"}, nil},
		{"SELECT", nil, []string{}, [][]any{{}}},
	}
	ds := demo.Generate(demo.DefaultSeed)
	orders, customers := ds.Table("orders"), ds.Table("customers")
	tests[5].rows = [][]any{{orders.Rows[0][orders.ColumnIndex("order_date")], customers.Rows[0][customers.ColumnIndex("created_at")]}}
	tests[6].rows = [][]any{{ds.Table("categories").Rows[0][1]}}
	var n2024 int64
	for _, r := range orders.Rows {
		if d := r[orders.ColumnIndex("order_date")].(string); d >= "2024-01-01" && d < "2025-01-01" && r[orders.ColumnIndex("total_amount")].(float64) > 0.5 {
			n2024++
		}
	}
	tests[7].rows = [][]any{{n2024}}
	tests[10].rows = [][]any{{int64(orders.Rows[0][orders.ColumnIndex("customer_id")].(int64)), int64(1)}}
	for _, tt := range tests {
		res, err := db.Query(context.Background(), tt.sql, tt.args, database.Limits{MaxRows: 100, Timeout: 10 * time.Second})
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
}

func TestLiveRowCap(t *testing.T) {
	db := openLive(t)
	// generate_series in the select list streams its rows (in FROM,
	// PostgreSQL would first store all ten million server-side).
	const q = "SELECT g, 'row ' || g AS label FROM (SELECT generate_series(1, 10000000) AS g) s"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	res, err := db.Query(context.Background(), q, nil, database.Limits{MaxRows: 500, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if len(res.Rows) != 500 || !res.Truncated {
		t.Fatalf("got %d rows, truncated %v; want 500, true", len(res.Rows), res.Truncated)
	}
	if res.Rows[499][0] != int64(500) || res.Rows[499][1] != "row 500" {
		t.Errorf("last row = %v", res.Rows[499])
	}
	// Ten million rows were never read: little memory, little time.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("a capped query allocated %d MiB", alloc>>20)
	}
	if elapsed > 10*time.Second {
		t.Errorf("a capped query took %v", elapsed)
	}
	// Exactly MaxRows rows is not truncated; no MaxRows still caps, across
	// several FETCH batches.
	res, err = db.Query(context.Background(), "SELECT g FROM generate_series(1, 3) g", nil, database.Limits{MaxRows: 3})
	if err != nil || len(res.Rows) != 3 || res.Truncated {
		t.Errorf("three rows with MaxRows 3: %+v, %v", res, err)
	}
	res, err = db.Query(context.Background(), q, nil, database.Limits{Timeout: 30 * time.Second})
	if err != nil || len(res.Rows) != postgres.DefaultMaxRows || !res.Truncated || res.Rows[postgres.DefaultMaxRows-1][0] != int64(postgres.DefaultMaxRows) {
		t.Errorf("unset MaxRows: %d rows, %v", len(res.Rows), err)
	}
}

// heavyQuery counts ten billion pairs: minutes of work and a single row,
// so it only ends early if stopped. (pg_sleep would be simpler, but Guard
// refuses it.)
const heavyQuery = "SELECT count(*) FROM generate_series(1, 100000) a CROSS JOIN generate_series(1, 100000) b"

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

func TestLiveTimeout(t *testing.T) {
	db := openLive(t, "pool_max_conns=1")
	withinDeadline(t, func() {
		_, err := db.Query(context.Background(), heavyQuery, nil, database.Limits{MaxRows: 10, Timeout: 200 * time.Millisecond})
		if database.CodeOf(err) != database.CodeTimeout || !strings.Contains(err.Error(), "200ms") {
			t.Errorf("heavy query: %v, want a timeout naming the 200ms limit", err)
		}
		// Whether the server's statement_timeout or the client's deadline
		// (both 200 ms) fired first is a race; either is a typed timeout,
		// and withinDeadline catches a query that was not stopped. No
		// timing is asserted on a shared machine.
	})
	// The only connection is reusable afterwards.
	if _, err := db.Query(context.Background(), "SELECT 1", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Errorf("query after a timeout: %v", err)
	}
}

func TestLiveCancel(t *testing.T) {
	db := openLive(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	withinDeadline(t, func() {
		_, err := db.Query(ctx, heavyQuery, nil, database.Limits{MaxRows: 10, Timeout: time.Minute})
		if database.CodeOf(err) != database.CodeCanceled {
			t.Errorf("canceled query: %v, want canceled", err)
		}
	})
	if _, err := db.Query(context.Background(), "SELECT 1", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Errorf("query after a cancel: %v", err)
	}
}

func TestLiveErrorClassification(t *testing.T) {
	db := openLive(t)
	ctx := context.Background()
	tests := []struct {
		sql  string
		args []any
		code database.Code
		name string
	}{
		{"SELECT * FROM nope", nil, database.CodeNoTable, "nope"},
		{"SELECT nope FROM orders", nil, database.CodeNoColumn, "nope"},
		{"SELECT o.nope FROM orders o", nil, database.CodeNoColumn, "nope"},
		{"SELECT id FROM orders, customers", nil, database.CodeAmbiguous, "id"},
		{"SELECT x.id FROM orders", nil, database.CodeSyntax, ""},
		{"SELECT 1 +", nil, database.CodeSyntax, ""},
		{"SELECT status, count(*) FROM orders", nil, database.CodeSyntax, ""},
		{"SELECT count(*) FROM orders GROUP BY count(*)", nil, database.CodeSyntax, ""},
		{"SELECT 1 UNION SELECT 1, 2", nil, database.CodeSyntax, ""},
		{"SELECT status + 1 FROM orders", nil, database.CodeTypeMismatch, ""},
		{"SELECT * FROM orders WHERE status = 1", nil, database.CodeTypeMismatch, ""},
		{"SELECT 'abc'::int", nil, database.CodeTypeMismatch, ""},
		{"SELECT * FROM orders WHERE order_date > $1", []any{"not a date"}, database.CodeTypeMismatch, ""},
		{"SELECT id FROM orders WHERE id = $1", []any{"x"}, database.CodeTypeMismatch, ""},
	}
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
		_, err := db.Query(ctx, tt.sql, tt.args, database.Limits{MaxRows: 10})
		check("Query", err)
		if tt.args == nil || tt.code != database.CodeTypeMismatch {
			check("Explain", db.Explain(ctx, tt.sql, tt.args))
		}
	}
	// Division by zero only shows when a row is computed.
	if _, err := db.Query(ctx, "SELECT 1 / (id - id) FROM orders", nil, database.Limits{MaxRows: 10}); database.CodeOf(err) != database.CodeTypeMismatch {
		t.Errorf("division by zero: %v, want type mismatch", err)
	}
	if _, err := db.Query(ctx, "SELECT $1::int", []any{1, 2}, database.Limits{MaxRows: 1}); err == nil {
		t.Error("a surplus argument was accepted")
	}
}

func TestLiveExplain(t *testing.T) {
	db := openLive(t)
	ctx := context.Background()
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = $1", []any{1}); err != nil {
		t.Errorf("Explain with args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = $1 AND order_date > $2", nil); err != nil {
		t.Errorf("Explain without args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT nope FROM orders WHERE customer_id = $1", nil); database.CodeOf(err) != database.CodeNoColumn {
		t.Errorf("Explain of an unknown column without args: %v", err)
	}
}

func TestLiveConcurrent(t *testing.T) {
	db := openLive(t)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			q := "SELECT count(*) FROM orders"
			if i%2 == 0 {
				q = "SELECT order_date FROM orders ORDER BY id LIMIT 20"
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
