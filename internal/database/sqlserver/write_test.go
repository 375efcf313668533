package sqlserver_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/sqlserver"
)

func TestCheckWriteAccepts(t *testing.T) {
	for _, tc := range []struct {
		sql        string
		kind       database.WriteKind
		target     string
		unfiltered bool
	}{
		{"UPDATE orders SET status = 'shipped' WHERE status = @p1", database.WriteUpdate, "orders", false},
		{"UPDATE [dbo].[orders] SET [status] = UPPER(status), total = total * 2", database.WriteUpdate, "dbo.orders", true},
		{"DELETE FROM orders WHERE customer_id IN (SELECT id FROM customers WHERE country = N'DE');", database.WriteDelete, "orders", false},
		{"DELETE payments", database.WriteDelete, "payments", true},
		{"INSERT INTO products (id, name) VALUES (1, 'a'), (2, CONCAT('b', @p1))", database.WriteInsert, "products", false},
		{"INSERT products SELECT id, name FROM customers WHERE id < 10", database.WriteInsert, "products", false},
	} {
		st, err := sqlserver.CheckWrite(tc.sql)
		if err != nil {
			t.Errorf("CheckWrite(%q): %v", tc.sql, err)
			continue
		}
		if st.Kind != tc.kind || st.Target.String() != tc.target || st.Unfiltered != tc.unfiltered {
			t.Errorf("CheckWrite(%q) = %s %s unfiltered=%v, want %s %s %v", tc.sql, st.Kind, st.Target, st.Unfiltered, tc.kind, tc.target, tc.unfiltered)
		}
	}
}

// writeRefusals must be refused by CheckWrite whatever the server.
var writeRefusals = []string{
	"DROP TABLE orders",
	"TRUNCATE TABLE orders",
	"CREATE TABLE x (a int)",
	"ALTER TABLE orders ADD x int",
	"DELETE FROM orders; DROP TABLE orders",
	"UPDATE orders SET status = 'x' DROP TABLE orders",
	"DELETE FROM orders WHERE 1 = 1 EXEC xp_cmdshell 'dir'",
	"UPDATE orders SET status = 'x' WHERE id = 1 SHUTDOWN",
	"UPDATE sys.objects SET name = 'x'",
	"DELETE FROM INFORMATION_SCHEMA.TABLES",
	"INSERT INTO #tmp VALUES (1)",
	"INSERT INTO otherdb.dbo.orders VALUES (1)",
	"UPDATE srv.db.dbo.orders SET status = 'x'",
	"UPDATE TOP (1) orders SET status = 'x'",
	"DELETE FROM orders OUTPUT deleted.* INTO audit_copy",
	"UPDATE o SET status = 'x' FROM orders o JOIN customers c ON c.id = o.customer_id",
	"MERGE orders USING customers ON 1 = 1 WHEN MATCHED THEN DELETE;",
	"WITH d AS (SELECT id FROM orders) DELETE FROM d",
	"UPDATE orders WITH (TABLOCKX) SET status = 'x'",
	"UPDATE orders SET status = dbo.evil(1)",
	"UPDATE orders SET @v = 1",
	"INSERT INTO orders DEFAULT VALUES",
	"INSERT INTO orders EXEC sp_who",
	"INSERT INTO orders SELECT * FROM OPENROWSET('SQLNCLI', 'x', 'SELECT 1')",
	"SELECT 1",
	"EXEC sp_executesql N'DELETE FROM orders'",
	"DELETE FROM orders WHERE id = (SELECT 1 WAITFOR DELAY '00:10')",
	"",
}

func TestCheckWriteRefuses(t *testing.T) {
	for _, sql := range writeRefusals {
		st, err := sqlserver.CheckWrite(sql)
		if err == nil {
			t.Errorf("CheckWrite(%q) accepted it: %+v", sql, st)
			continue
		}
		if c := database.CodeOf(err); c != database.CodeForbidden && c != database.CodeSyntax {
			t.Errorf("CheckWrite(%q): code %s (%v)", sql, c, err)
		}
	}
}

func FuzzCheckWrite(f *testing.F) {
	for _, s := range append([]string{"UPDATE orders SET a = 1 WHERE b = 2", "DELETE orders", "INSERT INTO t VALUES (1)"}, writeRefusals...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		st, err := sqlserver.CheckWrite(sql)
		if err != nil {
			return
		}
		if st.Kind != database.WriteInsert && st.Kind != database.WriteUpdate && st.Kind != database.WriteDelete {
			t.Fatalf("CheckWrite(%q) accepted kind %q", sql, st.Kind)
		}
		upper := strings.ToUpper(sql)
		for _, w := range []string{"DROP ", "CREATE ", "ALTER ", "TRUNCATE ", "EXEC ", "GRANT "} {
			if strings.Contains(upper, w) && !strings.Contains(upper, "'") && !strings.Contains(upper, "[") && !strings.Contains(upper, `"`) && !strings.Contains(upper, "--") && !strings.Contains(upper, "/*") {
				t.Fatalf("CheckWrite(%q) accepted a statement holding %s", sql, w)
			}
		}
	})
}

func TestLiveWrite(t *testing.T) {
	_, admin := live(t)
	ctx := context.Background()
	table := fmt.Sprintf("querent_wt_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE TABLE " + table + " (id int PRIMARY KEY, status varchar(10)); INSERT INTO " + table + " VALUES (1,'odd'),(2,'even'),(3,'odd'),(4,'even')"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP TABLE IF EXISTS " + table) })
	w, err := database.OpenWrite(ctx, liveDSN())
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
	upd := "UPDATE " + table + " SET status = @p1 WHERE status = @p2"
	n, err := w.Preview(ctx, upd, []any{"done", "even"}, 5*time.Second)
	if err != nil || n != 2 || count("status = 'done'") != 0 {
		t.Fatalf("Preview = %d, %v", n, err)
	}
	if _, err := admin.Exec("UPDATE " + table + " SET status = 'even' WHERE id = 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: n}); database.CodeOf(err) != database.CodeDataChanged {
		t.Fatalf("Apply after the data changed: %v", err)
	}
	stop := errors.New("audit failed")
	if _, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 3, BeforeCommit: func(int64) error { return stop }}); !errors.Is(err, stop) {
		t.Fatalf("failing BeforeCommit: %v", err)
	}
	if got, err := w.Apply(ctx, upd, []any{"done", "even"}, database.ApplyOptions{MaxRows: 3}); err != nil || got != 3 || count("status = 'done'") != 3 {
		t.Fatalf("Apply = %d, %v", got, err)
	}
}

// liveDSN is the test server's DSN; live has already skipped without one.
func liveDSN() string { return os.Getenv(dsnVar) }
