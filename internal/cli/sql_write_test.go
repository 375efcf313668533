package cli_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"querent/internal/cli"
)

// writableConfig writes a querent.yaml with allow_writes beside db and
// returns its path; the audit log defaults to .querent/audit.jsonl there.
func writableConfig(t *testing.T, db string) string {
	t.Helper()
	p := filepath.Join(filepath.Dir(db), "querent.yaml")
	if err := os.WriteFile(p, []byte("allow_writes: true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

type writeResponse struct {
	response
	TablesUsed []string `json:"tables_used"`
	Write      *struct {
		SQL        string `json:"sql"`
		Kind       string `json:"kind"`
		Table      string `json:"table"`
		Rows       int64  `json:"rows"`
		Unfiltered bool   `json:"unfiltered"`
		Token      string `json:"token"`
		Confirmed  bool   `json:"confirmed"`
		Changed    *int64 `json:"changed"`
		Database   string `json:"database"`
	} `json:"write"`
}

func decodeWrite(t *testing.T, stdout string) writeResponse {
	t.Helper()
	var r writeResponse
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, stdout)
	}
	return r
}

func countRows(t *testing.T, db, query string) float64 {
	t.Helper()
	out, stderr, code := run(t, "sql", "--db", db, "--json", query)
	if code != 0 {
		t.Fatalf("%s: exit %d %s", query, code, stderr)
	}
	return decode(t, out).Rows[0][0].(float64)
}

func TestSQLWriteOffIsRefused(t *testing.T) {
	db := demoDB(t)
	sum, _ := checksum(t, db)
	for _, args := range [][]string{{}, {"--confirm"}, {"--confirm-token", "w1.x.y"}} {
		out, _, code := run(t, append([]string{"sql", "--db", db, "--json", "DELETE FROM orders WHERE status = 'pending'"}, args...)...)
		if code != cli.ExitRefused {
			t.Errorf("%v: exit %d, want %d", args, code, cli.ExitRefused)
		}
		if r := decode(t, out); r.Error == nil || r.Error.Code != "forbidden" || !strings.Contains(r.Error.Hint, "allow_writes") {
			t.Errorf("%v: error %+v, want forbidden with a hint naming allow_writes", args, r.Error)
		}
	}
	if sum2, _ := checksum(t, db); sum2 != sum {
		t.Error("the database changed with allow_writes off")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(db), ".querent")); err == nil {
		t.Error("an audit folder was created with allow_writes off")
	}
}

func TestSQLWritePreviewThenConfirmToken(t *testing.T) {
	db := demoDB(t)
	cfg := writableConfig(t, db)
	pending := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'pending'")
	sum, _ := checksum(t, db)
	const upd = "UPDATE orders SET status = 'shipped' WHERE status = 'pending'"
	out, stderr, code := run(t, "sql", "--db", db, "--config", cfg, "--json", upd)
	if code != cli.ExitNeedsConfirmation {
		t.Fatalf("preview: exit %d, want %d\n%s%s", code, cli.ExitNeedsConfirmation, out, stderr)
	}
	r := decodeWrite(t, out)
	if r.Write == nil || r.Write.Confirmed || r.Write.Token == "" || float64(r.Write.Rows) != pending || r.Write.Kind != "update" || r.Write.Table != "orders" {
		t.Fatalf("preview write = %+v, want an unconfirmed update of %v orders with a token", r.Write, pending)
	}
	if sum2, _ := checksum(t, db); sum2 != sum {
		t.Fatal("the preview changed the database")
	}
	out, stderr, code = run(t, "sql", "--db", db, "--config", cfg, "--json", "--confirm-token", r.Write.Token, upd)
	if code != 0 {
		t.Fatalf("confirm: exit %d\n%s%s", code, out, stderr)
	}
	c := decodeWrite(t, out)
	if c.Write == nil || !c.Write.Confirmed || c.Write.Changed == nil || float64(*c.Write.Changed) != pending {
		t.Fatalf("confirmed write = %+v, want %v rows changed", c.Write, pending)
	}
	if got := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'pending'"); got != 0 {
		t.Errorf("%v pending orders left after the update", got)
	}
	// The token is for that statement only.
	out, _, code = run(t, "sql", "--db", db, "--config", cfg, "--json", "--confirm-token", r.Write.Token, "DELETE FROM orders WHERE status = 'pending'")
	if code != cli.ExitRefused {
		t.Errorf("a token for another statement: exit %d\n%s", code, out)
	}

	f, err := os.Open(filepath.Join(filepath.Dir(cfg), ".querent", "audit.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var outcomes []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var rec struct{ Action, Outcome, Database string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		outcomes = append(outcomes, rec.Action+":"+rec.Outcome)
	}
	if got := strings.Join(outcomes, ","); got != "preview:previewed,apply:applied,apply:refused" {
		t.Errorf("audit log %s", got)
	}
}

func TestSQLWriteConfirmTextOutput(t *testing.T) {
	db := demoDB(t)
	cfg := writableConfig(t, db)
	out, stderr, code := run(t, "sql", "--db", db, "--config", cfg, "DELETE FROM order_items")
	if code != cli.ExitNeedsConfirmation || !strings.Contains(out, "warning: this DELETE has no WHERE clause") || !strings.Contains(out, "--confirm-token w1.") {
		t.Errorf("unfiltered preview: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = run(t, "sql", "--db", db, "--config", cfg, "--confirm", "DELETE FROM orders WHERE status = 'returned'")
	if code != 0 || !strings.Contains(out, "changed 264 rows in orders") {
		t.Errorf("--confirm: exit %d\n%s%s", code, out, stderr)
	}
	out, _, code = run(t, "sql", "--db", db, "--config", cfg, "--confirm", "SELECT count(*) FROM orders")
	if code != cli.ExitUsage {
		t.Errorf("--confirm on a read: exit %d\n%s", code, out)
	}
}

func TestSQLWriteOnStillRefusesDDL(t *testing.T) {
	db := demoDB(t)
	cfg := writableConfig(t, db)
	sum, files := checksum(t, db)
	for _, q := range []string{
		"DROP TABLE orders",
		"CREATE TABLE t(x)",
		"ALTER TABLE orders ADD COLUMN x",
		"DELETE FROM orders; DROP TABLE customers",
		"ATTACH DATABASE 'x.db' AS x",
		"PRAGMA query_only=0",
		"UPDATE orders SET status = load_extension('evil')",
		"VACUUM INTO 'copy.db'",
	} {
		out, _, code := run(t, "sql", "--db", db, "--config", cfg, "--json", "--confirm", q)
		if code != cli.ExitRefused {
			t.Errorf("%s: exit %d, want %d\n%s", q, code, cli.ExitRefused, out)
		}
	}
	sum2, _ := checksum(t, db)
	if sum2 != sum {
		t.Error("the database changed")
	}
	_, files2 := checksum(t, db)
	for _, f := range files2 {
		if f != ".querent" && f != "querent.yaml" && !strings.Contains(strings.Join(files, ","), f) {
			t.Errorf("%s was created", f)
		}
	}
}

func TestSQLWriteOnCSVIsRefused(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "sales.csv")
	if err := os.WriteFile(csv, []byte("id,amount\n1,10\n2,20\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := writableConfig(t, csv)
	out, stderr, code := run(t, "sql", "--db", csv, "--config", cfg, "--json", "DELETE FROM sales WHERE id = 1")
	if code != cli.ExitRefused || !strings.Contains(out, "nowhere to write") {
		t.Errorf("write to CSV: exit %d, want %d with a message saying there is nowhere to write\n%s%s", code, cli.ExitRefused, out, stderr)
	}
	if b, _ := os.ReadFile(csv); string(b) != "id,amount\n1,10\n2,20\n" {
		t.Errorf("the CSV file changed: %q", b)
	}
}
