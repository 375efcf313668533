package sqlserver_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/dbtest"
	"querent/internal/database/sqlserver"
	"querent/internal/demo"
	"querent/internal/schema"
)

// dsnVar names the server the live tests use. Its login must be able to
// create tables (the demo dataset is loaded into the database first); the
// engine then uses the same login, so these tests show that the guard and
// the rolled-back transaction alone stop every write.
const dsnVar = "QUERENT_TEST_SQLSERVER_DSN"

// demoTables are the tables demo.LoadSQL creates.
var demoTables = []string{"categories", "clients", "customers", "employees", "order_items", "orders", "payments", "products"}

var (
	loadOnce sync.Once
	loadErr  error
)

// live returns the engine on the test server with the demo dataset loaded
// (once per test binary), or skips the test when no server is configured.
func live(t *testing.T) (*sqlserver.DB, *sql.DB) {
	t.Helper()
	dsn := os.Getenv(dsnVar)
	if dsn == "" {
		t.Skipf("no SQL Server to test against: set %s=sqlserver://user:password@host:1433?database=querent_test (a login that may create tables there) to run the live tests", dsnVar)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	admin, err := sqlserver.OpenAdmin(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	loadOnce.Do(func() {
		loadErr = demo.LoadSQL(ctx, admin, demo.Generate(demo.DefaultSeed), demo.Targets["sqlserver"], true)
	})
	if loadErr != nil {
		t.Fatalf("loading the demo dataset: %v", loadErr)
	}
	db, err := sqlserver.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, admin
}

// TestLiveConformance runs the suite every engine runs: introspection of the
// demo, the offline planner's questions answered as on SQLite, the shared
// adversarial corpus, the row cap and the timeout.
func TestLiveConformance(t *testing.T) {
	db, _ := live(t)
	dbtest.Run(t, db)
}

func TestLiveIntrospect(t *testing.T) {
	db, _ := live(t)
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tb := range s.Tables {
		if slices.Contains(demoTables, tb.Name) {
			names = append(names, tb.Name)
		}
	}
	if diff := cmp.Diff(demoTables, names); diff != "" {
		t.Fatalf("demo tables (-want +got):\n%s", diff)
	}
	orders, _ := s.Table("orders")
	if diff := cmp.Diff([]string{"id"}, orders.PrimaryKey); diff != "" {
		t.Errorf("orders primary key (-want +got):\n%s", diff)
	}
	var refs []string
	for _, fk := range orders.ForeignKeys {
		refs = append(refs, strings.Join(fk.Columns, ",")+"->"+fk.RefTable+"."+strings.Join(fk.RefColumns, ","))
	}
	if diff := cmp.Diff([]string{"client_id->clients.id", "customer_id->customers.id"}, refs); diff != "" {
		t.Errorf("orders foreign keys (-want +got):\n%s", diff)
	}
	kinds := map[string]schema.Kind{}
	for _, c := range orders.Columns {
		kinds[c.Name] = c.Kind
	}
	want := map[string]schema.Kind{"id": schema.KindInteger, "client_id": schema.KindInteger, "customer_id": schema.KindInteger,
		"order_date": schema.KindDate, "status": schema.KindText, "total_amount": schema.KindReal}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("orders column kinds (-want +got):\n%s", diff)
	}
	if orders.RowCount <= 0 || orders.Namespace != "dbo" || orders.Ident != "orders" {
		t.Errorf("orders: row count %d, namespace %q, ident %q", orders.RowCount, orders.Namespace, orders.Ident)
	}
	status, _ := orders.Column("status")
	if !status.SamplesComplete || len(status.Samples) == 0 || status.Distinct != int64(len(status.Samples)) {
		t.Errorf("orders.status: samples %v complete=%v distinct=%d; want every status listed", status.Samples, status.SamplesComplete, status.Distinct)
	}
	emps, _ := s.Table("employees")
	self := false
	for _, fk := range emps.ForeignKeys {
		self = self || (fk.RefTable == "employees" && fk.Columns[0] == "manager_id")
	}
	if !self {
		t.Errorf("employees lacks its manager_id self-reference: %+v", emps.ForeignKeys)
	}
}

func TestLiveQuery(t *testing.T) {
	db, _ := live(t)
	ctx := context.Background()
	res, err := db.Query(ctx, "SELECT TOP 1 id, order_date, status, total_amount, CAST(1 AS bit) AS flag, CAST(2.5 AS decimal(5,2)) AS d, NEWID() AS g FROM orders WHERE status = @p1 ORDER BY id",
		[]any{"delivered"}, database.Limits{MaxRows: 10, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 || res.Truncated {
		t.Fatalf("got %d rows (truncated %v), want 1", len(res.Rows), res.Truncated)
	}
	row := res.Rows[0]
	if _, ok := row[0].(int64); !ok {
		t.Errorf("id is %T, want int64", row[0])
	}
	if d, ok := row[1].(string); !ok || len(d) != len("2006-01-02") {
		t.Errorf("order_date is %#v, want YYYY-MM-DD text", row[1])
	}
	if row[2] != "delivered" || row[4] != true || row[5] != 2.5 {
		t.Errorf("status, flag, decimal = %#v, %#v, %#v", row[2], row[4], row[5])
	}
	if _, ok := row[3].(float64); !ok {
		t.Errorf("total_amount is %T, want float64", row[3])
	}
	if g, ok := row[6].(string); !ok || len(g) != 36 {
		t.Errorf("NEWID() is %#v, want a GUID's text", row[6])
	}
	if diff := cmp.Diff([]string{"id", "order_date", "status", "total_amount", "flag", "d", "g"}, res.Columns); diff != "" {
		t.Errorf("columns (-want +got):\n%s", diff)
	}
}

func TestLiveRowCap(t *testing.T) {
	db, _ := live(t)
	ctx := context.Background()
	lim := database.Limits{MaxRows: 5, Timeout: 30 * time.Second}
	res, err := db.Query(ctx, "SELECT a.id FROM orders AS a CROSS JOIN orders AS b", nil, lim)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 5 || !res.Truncated {
		t.Errorf("a huge result: %d rows, truncated %v; want 5 and true", len(res.Rows), res.Truncated)
	}
	res, err = db.Query(ctx, "SELECT TOP 5 id FROM orders", nil, lim)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 5 || res.Truncated {
		t.Errorf("exactly the cap: %d rows, truncated %v; want 5 and false", len(res.Rows), res.Truncated)
	}
	// The server-side cap must not leak into the next use of a connection.
	res, err = db.Query(ctx, "SELECT TOP 7 id FROM orders", nil, database.Limits{MaxRows: 100})
	if err != nil || len(res.Rows) != 7 {
		t.Errorf("after a capped query: %v rows, %v; want 7", len(res.Rows), err)
	}
}

func TestLiveTimeout(t *testing.T) {
	db, _ := live(t)
	ctx := context.Background()
	start := time.Now()
	_, err := db.Query(ctx, "SELECT COUNT_BIG(*) FROM orders AS a CROSS JOIN orders AS b CROSS JOIN orders AS c CROSS JOIN orders AS d", nil,
		database.Limits{Timeout: 300 * time.Millisecond})
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("a slow query gave %v, want CodeTimeout", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the timeout took %v to stop the query", took)
	}
	if _, err := db.Query(ctx, "SELECT 1 AS one", nil, database.Limits{}); err != nil {
		t.Errorf("the pool is unusable after a timeout: %v", err)
	}
}

// TestLiveAdversarial runs the whole adversarial corpus through Query and
// Explain directly: each must be refused with a typed error, and afterwards
// the demo data must be unchanged, no object created, and no lock held.
func TestLiveAdversarial(t *testing.T) {
	db, admin := live(t)
	ctx := context.Background()
	before := fingerprint(t, admin)
	for _, r := range refusals {
		_, err := db.Query(ctx, r.sql, nil, database.Limits{MaxRows: 5, Timeout: 5 * time.Second})
		if c := database.CodeOf(err); c != database.CodeForbidden && c != database.CodeSyntax {
			t.Errorf("Query(%q) = %v (%s); want it refused", clip(r.sql), err, c)
		}
		if err := db.Explain(ctx, r.sql, nil); database.CodeOf(err) != database.CodeForbidden && database.CodeOf(err) != database.CodeSyntax {
			t.Errorf("Explain(%q) = %v; want it refused", clip(r.sql), err)
		}
	}
	if after := fingerprint(t, admin); after != before {
		t.Fatalf("the database changed:\nbefore %s\nafter  %s", before, after)
	}
}

// fingerprint summarises the demo data, the database's objects and the
// locks other sessions hold in it.
func fingerprint(t *testing.T, admin *sql.DB) string {
	t.Helper()
	var parts []string
	for _, name := range demoTables {
		var n, sum sql.NullInt64
		if err := admin.QueryRow("SELECT COUNT_BIG(*), CHECKSUM_AGG(BINARY_CHECKSUM(*)) FROM "+name).Scan(&n, &sum); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, name+"="+strconv.FormatInt(n.Int64, 10)+"/"+strconv.FormatInt(sum.Int64, 10))
	}
	var objects, locks int64
	if err := admin.QueryRow("SELECT COUNT_BIG(*) FROM sys.objects WHERE is_ms_shipped = 0").Scan(&objects); err != nil {
		t.Fatal(err)
	}
	// Needs VIEW SERVER STATE, which the loading login usually has.
	err := admin.QueryRow(`SELECT COUNT_BIG(*) FROM sys.dm_tran_locks
		WHERE resource_database_id = DB_ID() AND request_session_id <> @@SPID AND resource_type <> 'DATABASE'`).Scan(&locks)
	if err != nil {
		t.Logf("locks not checked: %v", err)
	}
	parts = append(parts, "objects="+strconv.FormatInt(objects, 10), "locks="+strconv.FormatInt(locks, 10))
	return strings.Join(parts, " ")
}

func TestLiveErrors(t *testing.T) {
	db, _ := live(t)
	ctx := context.Background()
	for _, tc := range []struct {
		sql  string
		code database.Code
		name string
	}{
		{"SELECT nosuch FROM orders", database.CodeNoColumn, "nosuch"},
		{"SELECT o.nosuch FROM orders AS o", database.CodeNoColumn, "nosuch"},
		{"SELECT x.id FROM orders AS o", database.CodeNoColumn, "x.id"},
		{"SELECT id FROM orders AS o JOIN customers AS c ON c.id = o.customer_id", database.CodeAmbiguous, "id"},
		{"SELECT FROM orders", database.CodeSyntax, ""},
		{"SELECT CAST(status AS int) FROM orders", database.CodeTypeMismatch, ""},
		{"SELECT status, COUNT(*) FROM orders", database.CodeSyntax, ""},
	} {
		_, err := db.Query(ctx, tc.sql, nil, database.Limits{Timeout: 30 * time.Second})
		var e *database.Error
		if !errors.As(err, &e) || e.Code != tc.code || e.Name != tc.name {
			t.Errorf("Query(%q) = %v, want %s naming %q", tc.sql, err, tc.code, tc.name)
		}
		if err := db.Explain(ctx, tc.sql, nil); err != nil && database.CodeOf(err) != tc.code && tc.code != database.CodeTypeMismatch {
			t.Errorf("Explain(%q) = %v, want %s (or nothing without SHOWPLAN)", tc.sql, err, tc.code)
		}
	}
	_, err := db.Guard(ctx, "SELECT * FROM sysobjects")
	var e *database.Error
	if !errors.As(err, &e) || e.Code != database.CodeNoTable || e.Name != "sysobjects" {
		t.Errorf("Guard of a compatibility view = %v, want CodeNoTable", err)
	}
	tables, err := db.Guard(ctx, "SELECT o.id FROM dbo.orders AS o JOIN [customers] AS c ON c.id = o.customer_id")
	if err != nil || !slices.Equal(tables, []string{"customers", "orders"}) {
		t.Errorf("Guard tables = %v, %v", tables, err)
	}
	if err := db.Explain(ctx, "SELECT id FROM orders WHERE status = @p1", []any{"paid"}); err != nil {
		t.Errorf("Explain of a good query: %v", err)
	}
	perms, err := db.WritePermissions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the test login holds these permissions beyond reading: %v", perms)
}
