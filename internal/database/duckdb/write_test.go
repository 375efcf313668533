//go:build cgo

package duckdb_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/duckdb"
)

const writeFixture = `
CREATE TABLE orders(id INTEGER PRIMARY KEY, status VARCHAR, total DOUBLE);
INSERT INTO orders VALUES (1, 'paid', 10), (2, 'paid', 20), (3, 'open', 5), (4, 'open', 7), (5, 'cancelled', 1);
CREATE TABLE log(msg VARCHAR);
CREATE VIEW paid AS SELECT * FROM orders WHERE status = 'paid';
CREATE SEQUENCE seq;
CREATE MACRO evil(x) AS x;
`

func openWriter(t *testing.T) (string, *duckdb.Writer) {
	t.Helper()
	dir := t.TempDir()
	path := makeDB(t, dir, "w.duckdb", writeFixture)
	w, err := duckdb.OpenWrite(context.Background(), path)
	if err != nil {
		t.Fatalf("OpenWrite: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return dir, w
}

func TestGuardWrite(t *testing.T) {
	_, w := openWriter(t)
	ctx := context.Background()
	for _, tc := range []struct {
		sql  string
		want database.WriteInfo
	}{
		{"UPDATE orders SET status = 'shipped' WHERE status = 'paid'", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders"}},
		{"UPDATE main.orders SET total = round(total * 1.1, 2)", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders", Unfiltered: true}},
		{"DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE total < 3)", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
		{"INSERT INTO log (msg) SELECT upper(status) FROM orders", database.WriteInfo{Kind: database.WriteInsert, Table: "log"}},
		{"INSERT INTO orders VALUES (?, ?, ?)", database.WriteInfo{Kind: database.WriteInsert, Table: "orders"}},
		{"WITH big AS (SELECT id FROM orders WHERE total > 10) DELETE FROM orders WHERE id IN (SELECT id FROM big) RETURNING id", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
	} {
		got, err := w.GuardWrite(ctx, tc.sql)
		if err != nil {
			t.Errorf("GuardWrite(%q): %v", tc.sql, err)
			continue
		}
		if got != tc.want {
			t.Errorf("GuardWrite(%q) = %+v, want %+v", tc.sql, got, tc.want)
		}
	}
	for _, sql := range []string{
		"DROP TABLE orders",
		"CREATE TABLE x (a INT)",
		"ALTER TABLE orders ADD COLUMN x INT",
		"DELETE FROM orders; DROP TABLE log",
		"ATTACH 'other.duckdb' AS o",
		"COPY orders TO 'out.csv'",
		"INSERT INTO log SELECT * FROM read_csv('/etc/passwd')",
		"INSERT INTO log VALUES (nextval('seq')::VARCHAR)",
		"UPDATE orders SET status = evil(status)",
		"UPDATE orders SET status = current_setting('threads')",
		"INSERT INTO log SELECT * FROM query('SELECT 1')",
		"INSERT INTO paid VALUES (9, 'paid', 1)",
		"INSERT INTO missing VALUES (1)",
		"INSERT INTO 'out.csv' VALUES (1)",
		"UPDATE information_schema.tables SET table_name = 'x'",
		"INSERT OR REPLACE INTO orders VALUES (1, 'x', 1)",
		"INSERT INTO orders VALUES (1, 'x', 1) ON CONFLICT DO NOTHING",
		"SELECT 1",
		"SET threads = 1",
		"CHECKPOINT",
		"PRAGMA enable_profiling",
	} {
		if info, err := w.GuardWrite(ctx, sql); err == nil {
			t.Errorf("GuardWrite(%q) accepted it as %+v", sql, info)
		}
		if _, err := w.Apply(ctx, sql, nil, database.ApplyOptions{MaxRows: 1 << 40}); err == nil {
			t.Errorf("Apply(%q) ran it", sql)
		}
	}
}

func TestWritePreviewApply(t *testing.T) {
	dir, w := openWriter(t)
	ctx := context.Background()
	before := dirState(t, dir)
	const upd = "UPDATE orders SET status = ? WHERE status = ?"
	n, err := w.Preview(ctx, upd, []any{"shipped", "paid"}, time.Second)
	if err != nil || n != 2 {
		t.Fatalf("Preview = %d, %v; want 2", n, err)
	}
	if dirState(t, dir) != before {
		t.Fatal("Preview changed the database folder")
	}
	if _, err := w.Apply(ctx, "INSERT INTO orders VALUES (6, 'paid', 3)", nil, database.ApplyOptions{MaxRows: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Apply(ctx, upd, []any{"shipped", "paid"}, database.ApplyOptions{MaxRows: n}); database.CodeOf(err) != database.CodeDataChanged {
		t.Fatalf("Apply after the data changed: %v", err)
	}
	stop := errors.New("audit failed")
	if _, err := w.Apply(ctx, upd, []any{"shipped", "paid"}, database.ApplyOptions{MaxRows: 3, BeforeCommit: func(int64) error { return stop }}); !errors.Is(err, stop) {
		t.Fatalf("failing BeforeCommit: %v", err)
	}
	got, err := w.Apply(ctx, upd, []any{"shipped", "paid"}, database.ApplyOptions{MaxRows: 3})
	if err != nil || got != 3 {
		t.Fatalf("Apply = %d, %v; want 3", got, err)
	}
	if n, err := w.Apply(ctx, "DELETE FROM orders WHERE status = 'open' RETURNING id", nil, database.ApplyOptions{MaxRows: 2}); err != nil || n != 2 {
		t.Errorf("DELETE … RETURNING = %d, %v; want 2", n, err)
	}
	w.Close()
	if dirState(t, dir) == before {
		t.Error("the applied writes left the file unchanged")
	}
	db := open(t, filepath.Join(dir, "w.duckdb"))
	res, err := db.Query(ctx, "SELECT status, count(*) FROM orders GROUP BY status ORDER BY status", nil, database.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(res.Rows); got != "[[cancelled 1] [shipped 3]]" {
		t.Errorf("after the writes: %s, want one cancelled and 3 shipped orders", got)
	}
}

func TestWriteRefusesFiles(t *testing.T) {
	_, err := database.OpenWrite(context.Background(), filepath.Join(t.TempDir(), "sales.csv"))
	if database.CodeOf(err) != database.CodeForbidden || !strings.Contains(err.Error(), "nowhere to write") {
		t.Errorf("OpenWrite on CSV: %v, want a refusal saying there is nowhere to write", err)
	}
}

func TestStreamMillionRows(t *testing.T) {
	db := open(t, demoFile(t))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak uint64
	var n, sum int64
	err := db.Stream(context.Background(), "SELECT i, 'row ' || i AS label FROM range(1000000) t(i)", nil, 0, func(cols []string, row []any) error {
		n++
		sum += row[0].(int64)
		if n%50_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil || n != 1_000_000 || sum != 499_999_500_000 {
		t.Fatalf("Stream: %v after %d rows (sum %d)", err, n, sum)
	}
	t.Logf("peak Go heap while streaming 1,000,000 DuckDB rows: %.1f MiB (%.1f MiB above the start)", float64(peak)/(1<<20), float64(int64(peak)-int64(base))/(1<<20))
	if int64(peak)-int64(base) > 32<<20 {
		t.Errorf("heap grew by %d MiB while streaming", (int64(peak)-int64(base))>>20)
	}
	stop := errors.New("enough")
	k := 0
	err = db.Stream(context.Background(), "SELECT i FROM range(1000000) t(i)", nil, 0, func([]string, []any) error {
		if k++; k == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || k != 5 {
		t.Fatalf("early stop: %v after %d rows", err, k)
	}
	err = db.Stream(context.Background(), "SELECT count(*) FROM range(100000000) a(i), range(100000) b(j)", nil, 100*time.Millisecond, func([]string, []any) error { return nil })
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("slow stream: %v, want a timeout", err)
	}
	res, err := db.Query(context.Background(), "SELECT * FROM orders ORDER BY id LIMIT 20", nil, database.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	err = db.Stream(context.Background(), "SELECT * FROM orders ORDER BY id LIMIT 20", nil, 0, func(cols []string, row []any) error {
		for j := range row {
			if row[j] != res.Rows[i][j] {
				t.Errorf("row %d col %s: stream %#v, query %#v", i, cols[j], row[j], res.Rows[i][j])
			}
		}
		i++
		return nil
	})
	if err != nil || i != len(res.Rows) {
		t.Fatalf("Stream: %v, %d rows", err, i)
	}
}

func FuzzDuckDBGuardWrite(f *testing.F) {
	for _, s := range []string{"UPDATE orders SET status = 'x' WHERE id = 1", "DELETE FROM log", "DROP TABLE orders",
		"INSERT INTO log VALUES ('x')", "COPY orders TO 'x.csv'", "WITH x AS (SELECT 1) INSERT INTO log SELECT * FROM x"} {
		f.Add(s)
	}
	path := makeDB(f, f.TempDir(), "w.duckdb", writeFixture)
	w, err := duckdb.OpenWrite(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	defer w.Close()
	f.Fuzz(func(t *testing.T, sql string) {
		info, err := w.GuardWrite(context.Background(), sql)
		if err != nil {
			return
		}
		if info.Table != "orders" && info.Table != "log" {
			t.Fatalf("GuardWrite(%q) accepted a write to %q", sql, info.Table)
		}
		for _, ddl := range []string{"CREATE", "DROP", "ALTER", "ATTACH", "COPY"} {
			if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(sql)), ddl) {
				t.Fatalf("GuardWrite(%q) accepted DDL", sql)
			}
		}
	})
}
