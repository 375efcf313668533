package write_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3" // builds fixtures read-write

	"querent/internal/database"
	"querent/internal/database/sqlite"
	"querent/internal/write"
)

const fixture = `
CREATE TABLE orders(id INTEGER PRIMARY KEY, status TEXT, total REAL);
INSERT INTO orders(status, total) VALUES ('paid', 10), ('paid', 20), ('open', 5), ('open', 7), ('cancelled', 1);
`

type env struct {
	path  string
	audit string
	gate  *write.Gate
	now   time.Time
}

func setup(t *testing.T, dsn string) *env {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "shop.db")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fixture); err != nil {
		t.Fatal(err)
	}
	db.Close()
	w, err := sqlite.OpenWrite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	e := &env{path: path, audit: filepath.Join(dir, ".querent", "audit.jsonl"), now: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)}
	log, err := write.OpenAudit(e.audit)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := write.LoadSecret(filepath.Dir(e.audit), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if dsn == "" {
		dsn = path
	}
	e.gate, err = write.NewGate(w, write.Options{Database: dsn, Audit: log, Secret: secret, Timeout: 5 * time.Second, Now: func() time.Time { return e.now }})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) sum(t *testing.T) [32]byte {
	t.Helper()
	b, err := os.ReadFile(e.path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func (e *env) records(t *testing.T) []write.Record {
	t.Helper()
	f, err := os.Open(e.audit)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []write.Record
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r write.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		out = append(out, r)
	}
	return out
}

func countStatus(t *testing.T, path, status string) int64 {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Query(context.Background(), "SELECT count(*) FROM orders WHERE status = ?", []any{status}, database.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Rows[0][0].(int64)
}

func TestPreviewThenApply(t *testing.T) {
	ctx := context.Background()
	e := setup(t, "")
	before := e.sum(t)
	p, err := e.gate.Preview(ctx, "UPDATE orders SET status = ? WHERE status = ?", []any{"shipped", "paid"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Rows != 2 || p.Kind != database.WriteUpdate || p.Table != "orders" || p.Unfiltered || p.Token == "" {
		t.Fatalf("proposal %+v, want an update of 2 orders with a token", p)
	}
	if e.sum(t) != before {
		t.Fatal("Preview changed the database file")
	}
	n, err := e.gate.Apply(ctx, *p)
	if err != nil || n != 2 {
		t.Fatalf("Apply = %d, %v; want 2", n, err)
	}
	if got := countStatus(t, e.path, "shipped"); got != 2 {
		t.Errorf("%d shipped orders after Apply, want 2", got)
	}
	recs := e.records(t)
	if len(recs) != 2 || recs[0].Action != "preview" || recs[0].Outcome != "previewed" || recs[1].Action != "apply" || recs[1].Outcome != "applied" {
		t.Fatalf("audit records %+v, want one preview and one apply", recs)
	}
	if *recs[1].Rows != 2 || recs[1].Table != "orders" || recs[1].User == "" || recs[1].Params[0] != "shipped" {
		t.Errorf("apply record %+v", recs[1])
	}
	if _, err := time.Parse(time.RFC3339Nano, recs[0].Time); err != nil || !strings.HasSuffix(recs[0].Time, "Z") {
		t.Errorf("audit time %q is not UTC RFC 3339", recs[0].Time)
	}
	if fi, _ := os.Stat(e.audit); fi.Mode().Perm() != 0o600 {
		t.Errorf("audit log mode %s, want 0600", fi.Mode().Perm())
	}
	if fi, _ := os.Stat(filepath.Join(filepath.Dir(e.audit), write.SecretFile)); fi.Mode().Perm() != 0o600 {
		t.Errorf("secret file mode %s, want 0600", fi.Mode().Perm())
	}
}

func TestAuditRedactsDSN(t *testing.T) {
	e := setup(t, "postgres://admin:hunter2@db.example/shop")
	if _, err := e.gate.Preview(context.Background(), "DELETE FROM orders WHERE id = 1", nil); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(e.audit)
	if strings.Contains(string(b), "hunter2") || !strings.Contains(string(b), "admin:xxxxx@db.example") {
		t.Errorf("audit log does not redact the password: %s", b)
	}
}

func TestTokenRefusals(t *testing.T) {
	ctx := context.Background()
	e := setup(t, "")
	p, err := e.gate.Preview(ctx, "DELETE FROM orders WHERE status = ?", []any{"open"})
	if err != nil {
		t.Fatal(err)
	}
	before := e.sum(t)
	flip := []byte(p.Token)
	flip[len(flip)-3] ^= 1
	for name, tc := range map[string]struct {
		sql   string
		args  []any
		token string
	}{
		"other SQL":      {"DELETE FROM orders WHERE status <> ?", p.Params, p.Token},
		"other params":   {p.SQL, []any{"paid"}, p.Token},
		"altered token":  {p.SQL, p.Params, string(flip)},
		"garbage":        {p.SQL, p.Params, "not-a-token"},
		"more rows":      {p.SQL, p.Params, forgeRows(p.Token)},
		"empty token":    {p.SQL, p.Params, ""},
		"no params bind": {p.SQL, nil, p.Token},
	} {
		_, err := e.gate.ApplyToken(ctx, tc.sql, tc.args, tc.token)
		if !errors.Is(err, write.ErrTokenInvalid) || database.CodeOf(err) != database.CodeForbidden {
			t.Errorf("%s: %v, want an invalid-token refusal", name, err)
		}
	}
	e.now = e.now.Add(write.DefaultTTL + time.Second)
	_, err = e.gate.Apply(ctx, *p)
	if !errors.Is(err, write.ErrTokenExpired) || !strings.Contains(err.Error(), "preview the statement again") {
		t.Errorf("expired token: %v", err)
	}
	if e.sum(t) != before {
		t.Error("a refused token changed the database")
	}
	var refused int
	for _, r := range e.records(t) {
		if r.Action == "apply" && r.Outcome == "refused" {
			refused++
		}
	}
	if refused != 8 {
		t.Errorf("%d refusals audited, want 8", refused)
	}
}

// forgeRows raises the row count a token carries without re-signing it.
func forgeRows(tok string) string {
	parts := strings.Split(tok, ".")
	b := []byte(parts[1])
	b[len(b)-2] ^= 4
	return parts[0] + "." + string(b) + "." + parts[2]
}

func TestApplyRefusedWhenAuditUnwritable(t *testing.T) {
	ctx := context.Background()
	e := setup(t, "")
	p, err := e.gate.Preview(ctx, "DELETE FROM orders WHERE status = 'open'", nil)
	if err != nil {
		t.Fatal(err)
	}
	before := e.sum(t)
	// Replace the log with a folder: nothing can append to it now.
	if err := os.Rename(e.audit, e.audit+".old"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(e.audit, 0o700); err != nil {
		t.Fatal(err)
	}
	_, err = e.gate.Apply(ctx, *p)
	var ae *write.AuditError
	if !errors.As(err, &ae) {
		t.Fatalf("Apply with an unwritable audit log: %v, want an AuditError", err)
	}
	if e.sum(t) != before {
		t.Error("an unaudited write changed the database")
	}
}

func TestApplyRolledBackWhenDataChanged(t *testing.T) {
	ctx := context.Background()
	e := setup(t, "")
	p, err := e.gate.Preview(ctx, "UPDATE orders SET total = 0 WHERE status = 'open'", nil)
	if err != nil {
		t.Fatal(err)
	}
	ins, err := e.gate.Preview(ctx, "INSERT INTO orders(status, total) VALUES ('open', 3)", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.gate.Apply(ctx, *ins); err != nil {
		t.Fatal(err)
	}
	before := e.sum(t)
	_, err = e.gate.Apply(ctx, *p)
	if database.CodeOf(err) != database.CodeDataChanged {
		t.Fatalf("Apply after more rows match: %v, want data_changed", err)
	}
	if e.sum(t) != before {
		t.Error("the rolled-back write changed the database")
	}
	recs := e.records(t)
	if last := recs[len(recs)-1]; last.Outcome != "rolled_back" {
		t.Errorf("last audit record %+v, want rolled_back", last)
	}
}

func TestPreviewRefusalsAudited(t *testing.T) {
	e := setup(t, "")
	before := e.sum(t)
	for _, q := range []string{"DROP TABLE orders", "DELETE FROM orders; DELETE FROM orders", "ATTACH 'x.db' AS x", "SELECT 1"} {
		if p, err := e.gate.Preview(context.Background(), q, nil); err == nil {
			t.Errorf("Preview(%q) = %+v, want a refusal", q, p)
		}
	}
	if e.sum(t) != before {
		t.Error("refused previews changed the database")
	}
	recs := e.records(t)
	if len(recs) != 4 || recs[0].Outcome != "refused" || recs[0].Error == "" {
		t.Errorf("audit records %+v, want 4 refusals", recs)
	}
}

func TestUnfilteredFlag(t *testing.T) {
	e := setup(t, "")
	p, err := e.gate.Preview(context.Background(), "DELETE FROM orders", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Unfiltered || p.Rows != 5 {
		t.Errorf("DELETE without WHERE: %+v, want unfiltered, 5 rows", p)
	}
}

func TestLoadSecret(t *testing.T) {
	dir := t.TempDir()
	none := func(string) string { return "" }
	a, err := write.LoadSecret(dir, none)
	if err != nil {
		t.Fatal(err)
	}
	b, err := write.LoadSecret(dir, none)
	if err != nil || string(a) != string(b) {
		t.Fatalf("second load: %v (same secret: %v)", err, string(a) == string(b))
	}
	if err := os.Chmod(filepath.Join(dir, write.SecretFile), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := write.LoadSecret(dir, none); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("world-readable secret: %v, want a refusal naming chmod 600", err)
	}
	env := func(k string) string {
		if k == write.SecretEnv {
			return "short"
		}
		return ""
	}
	if _, err := write.LoadSecret(dir, env); err == nil {
		t.Error("a 5-character secret was accepted")
	}
}

func TestCheckText(t *testing.T) {
	for _, tc := range []struct {
		sql   string
		where bool
		ok    bool
	}{
		{"UPDATE t SET a = 1 WHERE b = 2", true, true},
		{"UPDATE t SET a = (SELECT x FROM u WHERE y = 1)", false, true},
		{"DELETE FROM t -- WHERE a = 1", false, true},
		{"DELETE FROM t WHERE 'it''s' = a", true, true},
		{"DELETE FROM \"where\"", false, true},
		{"WITH c AS (SELECT 1 WHERE true) DELETE FROM t", false, true},
		{"DELETE FROM t; DELETE FROM u", false, false},
		{"DROP TABLE t", false, false},
		{"DELETE FROM t /*! WHERE 1 */", false, false},
	} {
		st, err := write.CheckText(tc.sql, "INSERT", "UPDATE", "DELETE", "WITH")
		if (err == nil) != tc.ok {
			t.Errorf("CheckText(%q): %v, want ok=%v", tc.sql, err, tc.ok)
			continue
		}
		if err == nil && st.TopLevelWhere != tc.where {
			t.Errorf("CheckText(%q).TopLevelWhere = %v", tc.sql, st.TopLevelWhere)
		}
	}
}
