package sqlite_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/sqlite"
)

const writeFixtureSQL = `
CREATE TABLE orders(id INTEGER PRIMARY KEY AUTOINCREMENT, status TEXT, total REAL);
INSERT INTO orders(status, total) VALUES ('paid', 10), ('paid', 20), ('open', 5), ('open', 7), ('cancelled', 1);
CREATE TABLE log(msg TEXT);
CREATE TRIGGER orders_log AFTER UPDATE ON orders BEGIN INSERT INTO log VALUES ('changed ' || new.id); END;
CREATE VIEW paid AS SELECT * FROM orders WHERE status = 'paid';
`

func openWriter(t *testing.T, path string) *sqlite.Writer {
	t.Helper()
	w, err := sqlite.OpenWrite(context.Background(), path)
	if err != nil {
		t.Fatalf("OpenWrite: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

func count(t *testing.T, db *sqlite.DB, q string) int64 {
	t.Helper()
	res, err := db.Query(context.Background(), q, nil, database.Limits{})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return res.Rows[0][0].(int64)
}

func TestGuardWriteAccepts(t *testing.T) {
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w := openWriter(t, path)
	for _, tc := range []struct {
		sql  string
		want database.WriteInfo
	}{
		{"UPDATE orders SET status = 'shipped' WHERE status = 'paid'", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders"}},
		{"update orders set total = total * 2", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders", Unfiltered: true}},
		{"DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE total < 3);", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
		{"DELETE FROM log", database.WriteInfo{Kind: database.WriteDelete, Table: "log", Unfiltered: true}},
		{"INSERT INTO orders(status, total) VALUES (?, ?)", database.WriteInfo{Kind: database.WriteInsert, Table: "orders"}},
		{"INSERT INTO log SELECT status FROM orders WHERE total > 1", database.WriteInfo{Kind: database.WriteInsert, Table: "log"}},
		{"WITH big AS (SELECT id FROM orders WHERE total > 10) DELETE FROM orders WHERE id IN (SELECT id FROM big) RETURNING id", database.WriteInfo{Kind: database.WriteDelete, Table: "orders"}},
		{"UPDATE orders SET total = (SELECT max(total) FROM orders WHERE status = 'paid')", database.WriteInfo{Kind: database.WriteUpdate, Table: "orders", Unfiltered: true}},
	} {
		got, err := w.GuardWrite(context.Background(), tc.sql)
		if err != nil {
			t.Errorf("GuardWrite(%q): %v", tc.sql, err)
			continue
		}
		if got != tc.want {
			t.Errorf("GuardWrite(%q) = %+v, want %+v", tc.sql, got, tc.want)
		}
	}
}

func TestGuardWriteRefuses(t *testing.T) {
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w := openWriter(t, path)
	before := stateOf(t, path)
	for _, sql := range []string{
		"DROP TABLE orders",
		"CREATE TABLE x(a)",
		"ALTER TABLE orders ADD COLUMN x",
		"DELETE FROM orders; DROP TABLE orders",
		"UPDATE orders SET status = 'x'; UPDATE orders SET total = 0",
		"ATTACH DATABASE '/tmp/evil.db' AS evil",
		"INSERT INTO evil.t VALUES (1)",
		"PRAGMA writable_schema = ON",
		"UPDATE sqlite_schema SET sql = ''",
		"DELETE FROM sqlite_sequence",
		"INSERT INTO paid VALUES (9, 'paid', 1)",
		"INSERT INTO missing VALUES (1)",
		"UPDATE orders SET status = load_extension('x')",
		"SELECT * FROM orders",
		"VACUUM INTO '/tmp/copy.db'",
		"REPLACE INTO orders SELECT * FROM pragma_table_info('orders')",
		"BEGIN; DELETE FROM orders; COMMIT",
		"MERGE INTO orders USING log ON 1 = 1 WHEN MATCHED THEN DELETE",
		"",
	} {
		info, err := w.GuardWrite(context.Background(), sql)
		if err == nil {
			t.Errorf("GuardWrite(%q) accepted it as %+v", sql, info)
			continue
		}
		if c := database.CodeOf(err); c != database.CodeForbidden && c != database.CodeSyntax && c != database.CodeNoTable {
			t.Errorf("GuardWrite(%q): code %s (%v), want forbidden, syntax or no table", sql, c, err)
		}
		if _, err := w.Preview(context.Background(), sql, nil, time.Second); err == nil {
			t.Errorf("Preview(%q) ran it", sql)
		}
		if _, err := w.Apply(context.Background(), sql, nil, database.ApplyOptions{MaxRows: 1 << 40}); err == nil {
			t.Errorf("Apply(%q) ran it", sql)
		}
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("refused writes changed the file: %+v → %+v", before, after)
	}
}

func TestPreviewRollsBackAndApplyCommits(t *testing.T) {
	ctx := context.Background()
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w := openWriter(t, path)
	db := open(t, path)
	before := stateOf(t, path)
	const upd = "UPDATE orders SET status = ? WHERE status = ?"
	args := []any{"shipped", "paid"}
	n, err := w.Preview(ctx, upd, args, time.Second)
	if err != nil || n != 2 {
		t.Fatalf("Preview = %d, %v; want 2 rows", n, err)
	}
	if after := stateOf(t, path); after != before {
		t.Fatalf("Preview changed the file: %+v → %+v", before, after)
	}
	var audited int64 = -1
	got, err := w.Apply(ctx, upd, args, database.ApplyOptions{MaxRows: n, BeforeCommit: func(rows int64) error { audited = rows; return nil }})
	if err != nil || got != 2 || audited != 2 {
		t.Fatalf("Apply = %d, %v (BeforeCommit saw %d); want 2 rows", got, err, audited)
	}
	if c := count(t, db, "SELECT count(*) FROM orders WHERE status = 'shipped'"); c != 2 {
		t.Errorf("after Apply %d shipped orders, want 2", c)
	}
	// The trigger's own inserts into log are not counted as changed rows.
	if c := count(t, db, "SELECT count(*) FROM log"); c != 2 {
		t.Errorf("the trigger logged %d rows, want 2", c)
	}

	// RETURNING and INSERT report the rows changed too.
	n, err = w.Apply(ctx, "INSERT INTO orders(status, total) VALUES ('new', 1), ('new', 2) RETURNING id", nil, database.ApplyOptions{MaxRows: 2})
	if err != nil || n != 2 {
		t.Errorf("INSERT … RETURNING = %d, %v; want 2", n, err)
	}
}

func TestApplyRollsBackWhenDataChanged(t *testing.T) {
	ctx := context.Background()
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w := openWriter(t, path)
	const del = "DELETE FROM orders WHERE status = 'open'"
	n, err := w.Preview(ctx, del, nil, 0)
	if err != nil || n != 2 {
		t.Fatalf("Preview = %d, %v", n, err)
	}
	if _, err := w.Apply(ctx, "INSERT INTO orders(status) VALUES ('open')", nil, database.ApplyOptions{MaxRows: 1}); err != nil {
		t.Fatal(err)
	}
	before := stateOf(t, path)
	_, err = w.Apply(ctx, del, nil, database.ApplyOptions{MaxRows: n})
	if database.CodeOf(err) != database.CodeDataChanged || !strings.Contains(err.Error(), "preview it again") {
		t.Fatalf("Apply after the data changed: %v, want data_changed", err)
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("a rolled-back Apply changed the file")
	}

	// A failing BeforeCommit (the audit log) rolls back too and is returned.
	auditErr := errors.New("audit log unwritable")
	_, err = w.Apply(ctx, del, nil, database.ApplyOptions{MaxRows: 3, BeforeCommit: func(int64) error { return auditErr }})
	if !errors.Is(err, auditErr) {
		t.Fatalf("Apply with failing BeforeCommit: %v", err)
	}
	if after := stateOf(t, path); after != before {
		t.Errorf("Apply whose BeforeCommit failed changed the file")
	}
}

func TestWriteTimeout(t *testing.T) {
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w := openWriter(t, path)
	slow := "INSERT INTO log WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n"
	_, err := w.Preview(context.Background(), slow, nil, 50*time.Millisecond)
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("endless INSERT … SELECT: %v, want a timeout", err)
	}
}

func TestOpenWriteRegistered(t *testing.T) {
	path := makeDB(t, t.TempDir(), "w.db", writeFixtureSQL)
	w, err := database.OpenWrite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Name() != "sqlite" {
		t.Errorf("OpenWrite(%q) gave the %s engine", path, w.Name())
	}
	if _, err := database.OpenWrite(context.Background(), path+".missing.db"); err == nil {
		t.Error("OpenWrite created a missing file")
	}
}

func FuzzGuardWrite(f *testing.F) {
	for _, s := range []string{"UPDATE orders SET total = 1 WHERE id = 1", "DELETE FROM log", "DROP TABLE orders",
		"INSERT INTO orders(status) VALUES ('x'); DROP TABLE log", "CREATE TABLE z(a)", "ALTER TABLE log RENAME TO x",
		"WITH x AS (SELECT 1) INSERT INTO log SELECT * FROM x", "ATTACH 'x.db' AS x"} {
		f.Add(s)
	}
	path := makeDB(f, f.TempDir(), "w.db", writeFixtureSQL)
	w, err := sqlite.OpenWrite(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	defer w.Close()
	f.Fuzz(func(t *testing.T, sql string) {
		info, err := w.GuardWrite(context.Background(), sql)
		if err != nil {
			return
		}
		if info.Kind != database.WriteInsert && info.Kind != database.WriteUpdate && info.Kind != database.WriteDelete {
			t.Fatalf("GuardWrite(%q) accepted kind %q", sql, info.Kind)
		}
		if info.Table != "orders" && info.Table != "log" {
			t.Fatalf("GuardWrite(%q) accepted a write to %q", sql, info.Table)
		}
		switch kw := strings.ToUpper(strings.Fields(sql + " x")[0]); {
		case strings.HasPrefix(kw, "CREATE"), strings.HasPrefix(kw, "DROP"), strings.HasPrefix(kw, "ALTER"), strings.HasPrefix(kw, "ATTACH"):
			t.Fatalf("GuardWrite(%q) accepted DDL", sql)
		}
	})
}
