package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"querent/internal/cli"
)

func writeConfig(t *testing.T, yaml string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "querent.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBusinessContextOffline(t *testing.T) {
	db := demoDB(t)
	cfg := writeConfig(t, `
context:
  tables:
    customers: {synonyms: [shoppers]}
  metrics:
    revenue:
      synonyms: [turnover]
      definition: sum(orders.total_amount) where orders.status != 'cancelled'
`)
	out, stderr, code := run(t, "ask", "--db", db, "--config", cfg, "--json", "How many shoppers are there?")
	if code != 0 {
		t.Fatalf("synonym: exit %d\n%s\n%s", code, out, stderr)
	}
	if got, want := decode(t, out).Rows[0][0], countRows(t, db, "SELECT count(*) FROM customers"); got != want {
		t.Errorf("shoppers = %v, want the customer count %v", got, want)
	}
	out, stderr, code = run(t, "ask", "--db", db, "--config", cfg, "--json", "What is the total turnover?")
	if code != 0 {
		t.Fatalf("measure: exit %d\n%s\n%s", code, out, stderr)
	}
	got := decode(t, out).Rows[0][0].(float64)
	want := countRows(t, db, "SELECT sum(total_amount) FROM orders WHERE status <> 'cancelled'")
	if d := got - want; d > 0.01 || d < -0.01 {
		t.Errorf("turnover = %v, want the metric's definition %v", got, want)
	}
}

func TestBusinessContextNamesUnknownColumns(t *testing.T) {
	db := demoDB(t)
	cfg := writeConfig(t, `
context:
  tables:
    customers:
      columns:
        emial: {description: Work address}
`)
	_, stderr, code := run(t, "ask", "--db", db, "--config", cfg, "How many customers are there?")
	if code != cli.ExitUsage || !strings.Contains(stderr, "emial") || !strings.Contains(stderr, "email") {
		t.Errorf("exit %d, stderr:\n%s\nwant the unknown column and its nearest real name", code, stderr)
	}
}
