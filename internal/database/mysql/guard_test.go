package mysql_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"querent/internal/database"
	"querent/internal/database/mysql"
)

// demoTables are the demo dataset's tables, which the offline guard knows.
var demoTables = []string{"categories", "clients", "customers", "employees", "order_items", "orders", "payments", "products"}

func offline() *mysql.DB { return mysql.NewOffline("querent_test", demoTables...) }

// refused reports whether err is a typed refusal: forbidden or syntax, with
// a message.
func refused(err error) bool {
	var e *database.Error
	if !errors.As(err, &e) || e.Message == "" {
		return false
	}
	return e.Code == database.CodeForbidden || e.Code == database.CodeSyntax
}

func TestGuardRefusesAdversarial(t *testing.T) {
	if len(adversarial) < 120 {
		t.Fatalf("the corpus has %d adversarial inputs, want at least 120", len(adversarial))
	}
	db := offline()
	for _, q := range adversarial {
		tables, err := db.Guard(context.Background(), q)
		if !refused(err) {
			t.Errorf("Guard(%q) = %v, %v; want a forbidden or syntax error", clip(q), tables, err)
		}
	}
}

// TestGuardRefusalReasons checks that refusals name what was refused.
func TestGuardRefusalReasons(t *testing.T) {
	db := offline()
	tests := map[string]string{
		"SELECT SLEEP(5)":                                     "SLEEP() is not allowed: it makes the server thread wait",
		"SELECT BENCHMARK(10, 1)":                             "BENCHMARK()",
		"SELECT GET_LOCK('x', 1)":                             "GET_LOCK() is not allowed: it takes a user-level lock",
		"SELECT IS_USED_LOCK('x')":                            "IS_USED_LOCK()",
		"SELECT LOAD_FILE('/etc/passwd')":                     "reads files on the database server",
		"SELECT sys_exec('id')":                               "operating-system commands",
		"SELECT UUID_SHORT()":                                 "server-wide counter",
		"SELECT querent_test.f(1)":                            "stored function querent_test.f()",
		"SELECT my_udf(1)":                                    "my_udf() is not on querent's list",
		"SELECT * FROM orders FOR SHARE":                      "locking reads",
		"SELECT @x := 1":                                      "assigning to the variable @x",
		"SELECT @@datadir":                                    "system variable @@datadir",
		"SELECT * FROM mysql.user":                            "holds accounts and password hashes",
		"SELECT * FROM performance_schema.threads":            "other sessions' statements",
		"SELECT /*+ MAX_EXECUTION_TIME(0) */ 1":               "optimizer hint",
		"SELECT 1 /*!50000 , SLEEP(1) */":                     "executable comment",
		"SELECT 1 /*M! , SLEEP(1) */":                         "executable comment",
		"SELECT * FROM orders AS OF TIMESTAMP NOW()":          "AS OF",
		"SELECT * FROM orders INTO OUTFILE '/tmp/x'":          "INTO",
		"HANDLER orders OPEN":                                 "HANDLER",
		"SELECT NEXTVAL(s)":                                   "NEXTVAL()",
		"SELECT 1; SELECT 2":                                  "more than one statement",
		"SELECT " + strings.Repeat("1+", 60_000) + "1":        "over the 100000-byte limit",
		"SELECT * FROM orders WHERE id IN (SELECT SLEEP(1))":  "SLEEP()",
		"WITH x AS (SELECT GET_LOCK('a', 0)) SELECT * FROM x": "GET_LOCK()",
	}
	for q, want := range tests {
		_, err := db.Guard(context.Background(), q)
		if !refused(err) || !strings.Contains(err.Error(), want) {
			t.Errorf("Guard(%q) = %v; want a refusal mentioning %q", clip(q), err, want)
		}
	}
}

func TestGuardAcceptsLegitimate(t *testing.T) {
	if len(legitimate) < 25 {
		t.Fatalf("the corpus has %d legitimate queries, want at least 25", len(legitimate))
	}
	db := offline()
	for q, want := range legitimate {
		got, err := db.Guard(context.Background(), q)
		if err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Guard(%q) tables (-want +got):\n%s", q, diff)
		}
	}
}

// TestGuardAcceptsGoldens runs every MySQL statement the compiler's golden
// files hold through the guard: compiled SQL must always pass it.
func TestGuardAcceptsGoldens(t *testing.T) {
	files, err := filepath.Glob("../../sqlgen/testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	// The golden schema: the sqlgen test tables, "sales.regions" standing
	// for a table of another database.
	db := mysql.NewOffline("querent_test", "customers", "orders", "order details", "products", "payments", "employees", "sales.regions")
	n := 0
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "mysql.sql" {
				continue // error sections and other dialects
			}
			q, _, _ := strings.Cut(string(f.Data), "\n-- args:")
			q = strings.TrimSpace(q)
			n++
			if _, err := db.Guard(context.Background(), q); err != nil {
				t.Errorf("%s: Guard(%q): %v", filepath.Base(file), q, err)
			}
		}
	}
	if n < 50 {
		t.Errorf("found only %d MySQL goldens", n)
	}
	t.Logf("%d MySQL goldens accepted", n)
}

func TestGuardTables(t *testing.T) {
	db := offline()
	ctx := context.Background()
	// CTE scoping: a non-recursive CTE's body sees only earlier CTEs, so a
	// same-named table inside it is the real table.
	tests := map[string][]string{
		"WITH orders AS (SELECT * FROM orders) SELECT * FROM orders":                                                   {"orders"},
		"WITH a AS (SELECT * FROM customers), customers AS (SELECT * FROM a) SELECT * FROM customers":                  {"customers"},
		"WITH RECURSIVE orders AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM orders WHERE n < 3) SELECT * FROM orders": nil,
		"SELECT * FROM (WITH payments AS (SELECT 1 AS x) SELECT * FROM payments) p, payments":                          {"payments"},
		"WITH x AS (SELECT 1) SELECT * FROM X":                                                                         nil,
	}
	for q, want := range tests {
		got, err := db.Guard(ctx, q)
		if err != nil {
			t.Errorf("Guard(%q): %v", q, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Guard(%q) tables (-want +got):\n%s", q, diff)
		}
	}
	for q, name := range map[string]string{
		"SELECT * FROM nope":                   "nope",
		"SELECT * FROM ORDERS":                 "ORDERS",
		"SELECT * FROM other_db.orders":        "other_db.orders",
		"SELECT * FROM orders JOIN nope2 ON 1": "nope2",
	} {
		_, err := db.Guard(ctx, q)
		var e *database.Error
		if !errors.As(err, &e) || e.Code != database.CodeNoTable || e.Name != name {
			t.Errorf("Guard(%q) = %v; want table_not_found naming %q", q, err, name)
		}
	}
	if _, err := db.Guard(ctx, "SELECT * FROM ORDERS"); err == nil || !strings.Contains(err.Error(), "did you mean orders?") {
		t.Errorf("a table name in the wrong case: %v, want a hint naming orders", err)
	}
}

// TestGuardANSIQuotes checks that the parser follows the server's
// sql_mode: with ANSI_QUOTES, "x" is a name, so "mysql"."user" is the
// system table and must be refused; without it, the same text is a syntax
// error. Either way it never runs.
func TestGuardANSIQuotes(t *testing.T) {
	ctx := context.Background()
	ansi := offline().WithSQLMode("ANSI_QUOTES,STRICT_TRANS_TABLES")
	plain := offline()
	q := `SELECT * FROM "mysql"."user"`
	if _, err := ansi.Guard(ctx, q); database.CodeOf(err) != database.CodeForbidden {
		t.Errorf("with ANSI_QUOTES, Guard(%q) = %v; want forbidden", q, err)
	}
	if _, err := plain.Guard(ctx, q); database.CodeOf(err) != database.CodeSyntax {
		t.Errorf("without ANSI_QUOTES, Guard(%q) = %v; want a syntax error", q, err)
	}
	// A double-quoted name is a table with ANSI_QUOTES and a string without.
	got, err := ansi.Guard(ctx, `SELECT "status" FROM "orders"`)
	if err != nil || len(got) != 1 || got[0] != "orders" {
		t.Errorf("with ANSI_QUOTES: %v, %v; want [orders]", got, err)
	}
	// ORACLE mode would switch MariaDB to a grammar the parser lacks;
	// connections drop it, and so does the guard.
	if _, err := offline().WithSQLMode("ORACLE,ANSI_QUOTES").Guard(ctx, "SELECT 1 FROM orders"); err != nil {
		t.Errorf("with ORACLE mode: %v", err)
	}
}

func TestDriverDSN(t *testing.T) {
	tests := map[string]string{
		"mysql://u:p@db.example:3307/shop":             "u:p@tcp(db.example:3307)/shop?timeout=10s",
		"mariadb://u:p@127.0.0.1/shop":                 "u:p@tcp(127.0.0.1:3306)/shop?timeout=10s",
		"MySQL://u@h/shop":                             "u@tcp(h:3306)/shop?timeout=10s",
		"mysql://u:p%40ss%2Fw%3Fd@h:1/shop":            "u:p@ss/w?d@tcp(h:1)/shop?timeout=10s",
		"mysql://u:p@[::1]:3306/shop?tls=skip-verify":  "u:p@tcp([::1]:3306)/shop?timeout=10s&tls=skip-verify",
		"mysql://u:p@h:3306/shop?timeout=3s&tls=false": "u:p@tcp(h:3306)/shop?timeout=3s&tls=false",
	}
	for dsn, want := range tests {
		got, err := mysql.DriverDSN(dsn)
		if err != nil || got != want {
			t.Errorf("DriverDSN(%q) = %q, %v; want %q", dsn, got, err, want)
		}
	}
	const secret = "s3cr3t"
	for dsn, want := range map[string]string{
		"mysql://u:" + secret + "@h:99999/db":                "not a number from 1 to 65535",
		"mysql://u:" + secret + "@h:port/db":                 "not a valid DSN",
		"mysql://u:" + secret + "@h:3306":                    "names no database",
		"mysql://u:" + secret + "@h:3306/":                   "names no database",
		"mysql://u:" + secret + "@h/a/b":                     "a database name has no '/'",
		"mysql://:" + secret + "@h/db":                       "names no user",
		"mysql://h/db":                                       "names no user",
		"mysql://u:" + secret + "@/db":                       "names no host",
		"mysql://u:" + secret + "@h/db?multiStatements=true": `the parameter "multiStatements"`,
		"mysql://u:" + secret + "@h/db?tls=maybe":            "tls=true, false, skip-verify or preferred",
		"mysql://u:" + secret + "@h/db?timeout=soon":         "use a duration",
		"postgres://u:" + secret + "@h/db":                   "not a MySQL DSN",
		"mysql://u:p@ss" + secret + "@h/db%zz":               "not a valid DSN",
	} {
		_, err := mysql.DriverDSN(dsn)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("DriverDSN(%q) = %v; want an error mentioning %q", database.Redact(dsn), err, want)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("DriverDSN(%q): the error shows the password: %v", database.Redact(dsn), err)
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, scheme := range []string{"mysql", "mariadb"} {
		found := false
		for _, s := range database.Schemes() {
			found = found || s == scheme
		}
		if !found {
			t.Errorf("scheme %s is not registered: %v", scheme, database.Schemes())
		}
	}
	// A malformed DSN is refused before any connection is tried, through
	// both the engine and the admin openers, without the password.
	for _, dsn := range []string{"mysql://u:hunter2@h:0/db", "mariadb://u:hunter2@h"} {
		if _, err := database.Open(context.Background(), dsn); err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("database.Open(%q) = %v", database.Redact(dsn), err)
		}
		if _, _, err := database.OpenAdmin(context.Background(), dsn); err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("database.OpenAdmin(%q) = %v", database.Redact(dsn), err)
		}
	}
}

// clip shortens a query quoted in a failure message.
func clip(q string) string {
	if len(q) <= 120 {
		return q
	}
	return q[:120] + "…"
}
