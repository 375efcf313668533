package mysql_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/mysql"
)

func TestGuardWriteOffline(t *testing.T) {
	db := offline()
	for _, tc := range []struct {
		sql  string
		want database.WriteInfo
	}{
		{"UPDATE orders SET status = 'shipped' WHERE id = ?", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders"}},
		{"UPDATE orders SET status = UPPER(status)", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders", Unfiltered: true}},
		{"DELETE FROM orders WHERE customer_id IN (SELECT id FROM customers WHERE country = 'DE') LIMIT 10", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
		{"DELETE FROM querent_test.orders", database.WriteInfo{Kind: database.WriteDelete, Table: "orders", Unfiltered: true}},
		{"INSERT INTO customers (id, first_name) VALUES (?, CONCAT('a', ?))", database.WriteInfo{Kind: database.WriteInsert, Table: "customers"}},
		{"INSERT INTO customers SET id = 1, first_name = 'x'", database.WriteInfo{Kind: database.WriteInsert, Table: "customers"}},
		{"INSERT INTO orders (id, status) SELECT id + 1000, 'copy' FROM orders WHERE status = 'pending'", database.WriteInfo{Kind: database.WriteInsert, Table: "orders"}},
		{"WITH c AS (SELECT id FROM customers WHERE country = 'DE') DELETE FROM orders WHERE customer_id IN (SELECT id FROM c)", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
	} {
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
		"DELETE FROM orders; DELETE FROM customers",
		"UPDATE mysql.user SET authentication_string = ''",
		"DELETE FROM other_db.orders",
		"REPLACE INTO orders (id) VALUES (1)",
		"INSERT INTO orders (id) VALUES (1) ON DUPLICATE KEY UPDATE status = 'x'",
		"UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.status = 'x'",
		"DELETE o FROM orders o JOIN customers c ON c.id = o.customer_id",
		"UPDATE orders SET status = SLEEP(10)",
		"UPDATE orders SET status = LOAD_FILE('/etc/passwd')",
		"UPDATE orders SET status = @x := 1",
		"INSERT /*+ SET_VAR(max_execution_time=0) */ INTO orders (id) VALUES (1)",
		"UPDATE missing SET a = 1",
		"SELECT 1",
		"INSERT INTO orders (id) SELECT user FROM mysql.user",
		"LOAD DATA INFILE '/tmp/x' INTO TABLE orders",
		"CALL proc()",
		"DELETE FROM orders /*! WHERE 1 */",
	} {
		if info, err := db.CheckWrite(context.Background(), sql); err == nil {
			t.Errorf("CheckWrite(%q) accepted it as %+v", sql, info)
		}
	}
}

func FuzzMySQLGuardWrite(f *testing.F) {
	for _, s := range []string{"UPDATE orders SET status = 'x' WHERE id = 1", "DELETE FROM customers", "DROP TABLE orders",
		"INSERT INTO orders (id) VALUES (1)", "TRUNCATE orders", "REPLACE INTO orders VALUES (1)"} {
		f.Add(s)
	}
	db := offline()
	f.Fuzz(func(t *testing.T, sql string) {
		info, err := db.CheckWrite(context.Background(), sql)
		if err != nil {
			return
		}
		if info.Kind != database.WriteInsert && info.Kind != database.WriteUpdate && info.Kind != database.WriteDelete {
			t.Fatalf("CheckWrite(%q) accepted kind %q", sql, info.Kind)
		}
		for _, ddl := range []string{"CREATE", "DROP", "ALTER", "TRUNCATE", "GRANT", "RENAME"} {
			if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(sql)), ddl) {
				t.Fatalf("CheckWrite(%q) accepted DDL", sql)
			}
		}
	})
}

func TestLiveWrite(t *testing.T) {
	ctx := context.Background()
	dsn := liveDSN(t)
	_, admin, _ := liveDemo(t)
	table := fmt.Sprintf("querent_wt_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE TABLE " + table + " (id INT PRIMARY KEY, status VARCHAR(10))"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP TABLE IF EXISTS " + table) })
	if _, err := admin.Exec("INSERT INTO " + table + " VALUES (1,'odd'),(2,'even'),(3,'odd'),(4,'even'),(5,'odd'),(6,'even')"); err != nil {
		t.Fatal(err)
	}
	w, err := database.OpenWrite(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	count := func(where string) int {
		var n int
		if err := admin.QueryRow("SELECT COUNT(*) FROM " + table + " WHERE " + where).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	upd := "UPDATE " + table + " SET status = ? WHERE status = ?"
	if info, err := w.GuardWrite(ctx, upd); err != nil || info.Table != table {
		t.Fatalf("GuardWrite = %+v, %v", info, err)
	}
	n, err := w.Preview(ctx, upd, []any{"done", "even"}, 5*time.Second)
	if err != nil || n != 3 || count("status = 'done'") != 0 {
		t.Fatalf("Preview = %d, %v (changed rows left: %d)", n, err, count("status = 'done'"))
	}
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
	if _, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 4, BeforeCommit: func(int64) error { return stop }}); !errors.Is(err, stop) {
		t.Fatalf("Apply with failing BeforeCommit: %v", err)
	}
	got, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 4})
	if err != nil || got != 4 || count("status = 'done'") != 4 {
		t.Fatalf("Apply = %d, %v", got, err)
	}
	for _, bad := range []string{"DROP TABLE " + table, "DELETE FROM " + table + "; DROP TABLE " + table, "TRUNCATE " + table} {
		if _, err := w.Apply(ctx, bad, nil, database.ApplyOptions{MaxRows: 100}); database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("Apply(%q): %v, want forbidden", bad, err)
		}
	}
	if c := count("1 = 1"); c != 6 {
		t.Errorf("%d rows left, want 6", c)
	}
	slow := "UPDATE " + table + " SET status = 'x' WHERE id IN (SELECT a.id FROM " + table + " a, " + table + " b, " + table + " c, " + table + " d, " + table + " e, " + table + " f, " + table + " g, " + table + " h WHERE MD5(CONCAT(a.id, b.id, c.id, d.id, e.id, f.id, g.id, h.id)) = 'x')"
	if _, err := w.Preview(ctx, slow, nil, 200*time.Millisecond); database.CodeOf(err) != database.CodeTimeout {
		t.Errorf("slow write: %v, want a timeout", err)
	}
	var _ database.WriteEngine = (*mysql.Writer)(nil)
}

func TestLiveStream(t *testing.T) {
	db, _, _ := liveDemo(t)
	ctx := context.Background()
	// A million rows from the demo's own tables: a cross join.
	q := "SELECT a.id AS a, b.id AS b FROM customers a CROSS JOIN customers b CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9 UNION ALL SELECT 10 UNION ALL SELECT 11 UNION ALL SELECT 12) k"
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak uint64
	var n int64
	err := db.Stream(ctx, q, nil, 0, func(cols []string, row []any) error {
		n++
		if n%50_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil || n != 300*300*12 {
		t.Fatalf("Stream: %v after %d rows, want %d", err, n, 300*300*12)
	}
	t.Logf("peak heap while streaming %d MariaDB rows: %.1f MiB (%.1f MiB above the start)", n, float64(peak)/(1<<20), float64(int64(peak)-int64(base))/(1<<20))
	if int64(peak)-int64(base) > 32<<20 {
		t.Errorf("heap grew by %d MiB while streaming", (int64(peak)-int64(base))>>20)
	}
	stop := errors.New("enough")
	k := 0
	err = db.Stream(ctx, q, nil, 0, func([]string, []any) error {
		if k++; k == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || k != 5 {
		t.Fatalf("early stop: %v after %d rows", err, k)
	}
	err = db.Stream(ctx, "SELECT COUNT(*) FROM customers a, customers b, customers c, customers d", nil, 200*time.Millisecond, func([]string, []any) error { return nil })
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("slow stream: %v, want a timeout", err)
	}
}
