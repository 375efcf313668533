package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/postgres"
)

func TestGuardWriteOffline(t *testing.T) {
	db := offlineDB()
	ok := []struct {
		sql  string
		want database.WriteInfo
	}{
		{"UPDATE orders SET status = 'shipped' WHERE id = $1", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders"}},
		{"update orders set discount = 0", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders", Unfiltered: true}},
		{"DELETE FROM payments WHERE order_id IN (SELECT id FROM orders WHERE status = 'cancelled') RETURNING id", database.WriteInfo{Kind: database.WriteDelete, Table: "payments"}},
		{"DELETE FROM public.payments", database.WriteInfo{Kind: database.WriteDelete, Table: "payments", Unfiltered: true}},
		{"INSERT INTO products (id, name, price) VALUES ($1, $2, round($3::numeric, 2))", database.WriteInfo{Kind: database.WriteInsert, Table: "products"}},
		{"INSERT INTO sales.regions SELECT id, name, 'x', client_id FROM customers WHERE country = 'DE'", database.WriteInfo{Kind: database.WriteInsert, Table: "sales.regions"}},
		{"WITH c AS (SELECT id FROM customers WHERE active) UPDATE orders o SET status = 'vip' FROM c WHERE o.customer_id = c.id", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders"}},
	}
	for _, tc := range ok {
		got, err := db.CheckWrite(context.Background(), tc.sql)
		if err != nil {
			t.Errorf("CheckWrite(%q): %v", tc.sql, err)
			continue
		}
		if got != tc.want {
			t.Errorf("CheckWrite(%q) = %+v, want %+v", tc.sql, got, tc.want)
		}
	}
	for _, sql := range []string{
		"DROP TABLE orders",
		"TRUNCATE orders",
		"CREATE TABLE x (a int)",
		"ALTER TABLE orders ADD COLUMN x int",
		"DELETE FROM orders; DELETE FROM payments",
		"UPDATE pg_catalog.pg_authid SET rolpassword = NULL",
		"DELETE FROM pg_class",
		"INSERT INTO information_schema.sql_features VALUES (1)",
		"UPDATE orders SET status = evil()::text",
		"UPDATE orders SET status = pg_read_file('/etc/passwd')",
		"DELETE FROM orders WHERE pg_sleep(1) IS NULL",
		"WITH d AS (DELETE FROM payments RETURNING order_id) DELETE FROM orders WHERE id IN (SELECT order_id FROM d)",
		"INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET status = 'x'",
		"MERGE INTO orders o USING payments p ON o.id = p.order_id WHEN MATCHED THEN DELETE",
		"COPY orders FROM '/tmp/x'",
		"UPDATE other_db.public.orders SET status = 'x'",
		"UPDATE missing SET a = 1",
		"SELECT 1",
		"INSERT INTO orders SELECT * FROM pg_shadow",
		"DELETE FROM orders WHERE id = (SELECT nextval('querent_seq'))",
		"UPDATE orders SET status = 'x' WHERE id = 1 /* ; DROP TABLE orders */; DROP TABLE orders",
	} {
		if info, err := db.CheckWrite(context.Background(), sql); err == nil {
			t.Errorf("CheckWrite(%q) accepted it as %+v", sql, info)
		}
	}
}

func FuzzPostgresGuardWrite(f *testing.F) {
	for _, s := range []string{"UPDATE orders SET status = 'x' WHERE id = 1", "DELETE FROM payments", "DROP TABLE orders",
		"INSERT INTO products (id) VALUES (1)", "WITH d AS (DELETE FROM payments RETURNING 1) SELECT 1", "TRUNCATE orders"} {
		f.Add(s)
	}
	db := offlineDB()
	f.Fuzz(func(t *testing.T, sql string) {
		info, err := db.CheckWrite(context.Background(), sql)
		if err != nil {
			return
		}
		if info.Kind != database.WriteInsert && info.Kind != database.WriteUpdate && info.Kind != database.WriteDelete {
			t.Fatalf("CheckWrite(%q) accepted kind %q", sql, info.Kind)
		}
		for _, ddl := range []string{"CREATE", "DROP", "ALTER", "TRUNCATE", "GRANT"} {
			if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(sql)), ddl) {
				t.Fatalf("CheckWrite(%q) accepted DDL", sql)
			}
		}
	})
}

// liveWriteTable makes a fresh table for one write test in the scratch
// database and drops it when the test ends.
func liveWriteTable(t *testing.T) (dsn, table string) {
	t.Helper()
	dsn, admin := liveDB(t)
	table = fmt.Sprintf("wt_%d", time.Now().UnixNano())
	if _, err := admin.Exec(fmt.Sprintf("CREATE TABLE %s (id int PRIMARY KEY, status text); INSERT INTO %s SELECT g, CASE WHEN g %% 2 = 0 THEN 'even' ELSE 'odd' END FROM generate_series(1, 10) g", table, table)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP TABLE IF EXISTS " + table) })
	return dsn, table
}

func TestLiveWrite(t *testing.T) {
	ctx := context.Background()
	dsn, table := liveWriteTable(t)
	_, admin := liveDB(t)
	w, err := database.OpenWrite(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	count := func(where string) int {
		var n int
		if err := admin.QueryRow("SELECT count(*) FROM " + table + " WHERE " + where).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	upd := "UPDATE " + table + " SET status = $1 WHERE status = $2"
	info, err := w.GuardWrite(ctx, upd)
	if err != nil || info.Kind != database.WriteUpdate || info.Table != table {
		t.Fatalf("GuardWrite = %+v, %v", info, err)
	}
	n, err := w.Preview(ctx, upd, []any{"done", "even"}, 5*time.Second)
	if err != nil || n != 5 {
		t.Fatalf("Preview = %d, %v; want 5", n, err)
	}
	if c := count("status = 'done'"); c != 0 {
		t.Fatalf("Preview left %d changed rows", c)
	}
	// More rows match now: the apply must roll back.
	if _, err := admin.Exec("UPDATE " + table + " SET status = 'even' WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: n}); database.CodeOf(err) != database.CodeDataChanged {
		t.Fatalf("Apply after the data changed: %v", err)
	}
	if c := count("status = 'done'"); c != 0 {
		t.Fatalf("a rolled-back Apply changed %d rows", c)
	}
	stop := errors.New("audit failed")
	if _, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 6, BeforeCommit: func(int64) error { return stop }}); !errors.Is(err, stop) {
		t.Fatalf("Apply with failing BeforeCommit: %v", err)
	}
	got, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 6})
	if err != nil || got != 6 || count("status = 'done'") != 6 {
		t.Fatalf("Apply = %d, %v", got, err)
	}
	for _, bad := range []string{"DROP TABLE " + table, "DELETE FROM " + table + "; DROP TABLE " + table, "TRUNCATE " + table} {
		if _, err := w.Apply(ctx, bad, nil, database.ApplyOptions{MaxRows: 100}); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("Apply(%q): %v, want forbidden", bad, err)
		}
	}
	if c := count("true"); c != 10 {
		t.Errorf("%d rows left, want 10", c)
	}
	if _, err := w.Preview(ctx, "UPDATE "+table+" SET status = 'x' WHERE pg_catalog.now() IS NOT NULL AND (SELECT count(*) FROM generate_series(1, 100000000)) > 0", nil, 100*time.Millisecond); database.CodeOf(err) != database.CodeTimeout {
		t.Errorf("slow write: %v, want a timeout", err)
	}
}

func TestLiveStream(t *testing.T) {
	db := openLive(t)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak uint64
	var n, sum int64
	err := db.Stream(context.Background(), "SELECT g, 'row ' || g AS label FROM generate_series(1, 1000000) g", nil, 0, func(cols []string, row []any) error {
		n++
		sum += row[0].(int64)
		if n%50_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil || n != 1_000_000 || sum != 500_000_500_000 {
		t.Fatalf("Stream: %v after %d rows (sum %d)", err, n, sum)
	}
	t.Logf("peak heap while streaming 1,000,000 PostgreSQL rows: %.1f MiB (%.1f MiB above the start)", float64(peak)/(1<<20), float64(int64(peak)-int64(base))/(1<<20))
	if int64(peak)-int64(base) > 32<<20 {
		t.Errorf("heap grew by %d MiB while streaming", (int64(peak)-int64(base))>>20)
	}
	stop := errors.New("enough")
	k := 0
	err = db.Stream(context.Background(), "SELECT g FROM generate_series(1, 1000000) g", nil, 0, func([]string, []any) error {
		if k++; k == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || k != 5 {
		t.Fatalf("early stop: %v after %d rows", err, k)
	}
	err = db.Stream(context.Background(), "SELECT pg_catalog.count(*) FROM generate_series(1, 1000000000)", nil, 100*time.Millisecond, func([]string, []any) error { return nil })
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("slow stream: %v, want a timeout", err)
	}
	if err := db.Stream(context.Background(), "DELETE FROM orders", nil, 0, func([]string, []any) error { return nil }); database.CodeOf(err) != database.CodeForbidden {
		t.Fatalf("DELETE through Stream: %v", err)
	}
	var _ database.Streamer = (*postgres.DB)(nil)
}
