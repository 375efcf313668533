package guard_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/guard"
)

func TestCheckAccepts(t *testing.T) {
	tests := []struct {
		sql, want string
	}{
		{"SELECT 1", "SELECT 1"},
		{"  select * from t  ", "select * from t"},
		{"SELECT * FROM t;", "SELECT * FROM t"},
		{"SELECT * FROM t; ", "SELECT * FROM t"},
		{"SELECT * FROM t;\n-- done\n/* really */  ", "SELECT * FROM t"},
		{"SELECT 1;;", "SELECT 1"},
		{"-- top customers\nSELECT 1", "SELECT 1"},
		{"SELECT 1 -- trailing", "SELECT 1"},
		{"SELECT 1 /* ; DROP TABLE t */", "SELECT 1"},
		{"SELECT 1 /* ; DROP TABLE t */ + 2", "SELECT 1 /* ; DROP TABLE t */ + 2"},
		{"WITH x AS (SELECT 1) SELECT * FROM x", ""},
		{"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n < 5) SELECT n FROM c", ""},
		{"VALUES (1), (2)", ""},
		{"(SELECT 1) UNION (SELECT 2)", ""},
		{"((SELECT 1))", ""},
		{"SELECT updated_at, set_id, inserted, deleted_flag, into_x FROM t", ""},
		{`SELECT "delete", "update" FROM "insert"`, ""},
		{"SELECT `drop`, [set] FROM `into`", ""},
		{"SELECT 'DELETE FROM t; DROP TABLE x' AS s", ""},
		{"SELECT 'it''s; fine'", ""},
		{`SELECT "a""b;c" FROM t`, ""},
		{"SELECT replace(name, 'a', 'b') FROM t", ""},
		{"SELECT * FROM t WHERE a = ? AND b = $1 AND c = :name AND d = @v AND e = ?2", ""},
		{"SELECT x::text FROM t", ""},
		{"SELECT 1.5e-3, 0x1F, .5, 1e10 FROM t", ""},
		{"SELECT /*+ MAX_EXECUTION_TIME(1000) */ * FROM t", ""},
		{"SELECT a -- comment with 'quote' and ; semicolon\nFROM t", ""},
		{"SELECT 1 #no quotes here\n", ""},
		{"SELECT 5 # 3", ""},
		{"SELECT a$b FROM t", ""},
		{"SELECT 'C:\\temp' AS path", ""},
		{"SELECT 'a\\b'", ""},
		{"SELECT 1 --\n", "SELECT 1"},
		{"SELECT\r\n1\r\n-- c\r\n", "SELECT\r\n1"},
		{"SELECT 'é' AS ünïcode FROM tåble", ""},
		{"SELECT * FROM t ORDER BY \"offset\" LIMIT 10 OFFSET 5", ""},
	}
	for _, tt := range tests {
		got, err := guard.Check(tt.sql)
		if err != nil {
			t.Errorf("Check(%q): unexpected refusal: %v", tt.sql, err)
			continue
		}
		want := tt.want
		if want == "" {
			want = strings.TrimSpace(tt.sql)
		}
		if got != want {
			t.Errorf("Check(%q) = %q, want %q", tt.sql, got, want)
		}
	}
}

func TestCheckRefuses(t *testing.T) {
	tests := []struct {
		sql string
		// code is CodeForbidden unless set.
		code database.Code
		// msg is a substring the message must contain: it names what was refused.
		msg string
	}{
		{sql: "DELETE FROM customers", msg: "statement starts with DELETE: only SELECT, WITH and VALUES queries are allowed"},
		{sql: "SELECT 1; DROP TABLE orders", msg: "more than one statement"},
		{sql: "SELECT [a]]']; DROP TABLE orders -- '", msg: "escaped ]]"},
		{sql: "SELECT [x]]] FROM t", msg: "escaped ]]"},
		{sql: "SELECT * FROM t WHERE 1=1; ATTACH 'y.db' AS y", msg: "more than one statement"},
		{sql: "SELECT 1 -- \n; DELETE FROM t", msg: "more than one statement"},
		{sql: "SELECT 1; SELECT 2", msg: "more than one statement"},
		{sql: "ATTACH DATABASE 'x.db' AS x", msg: "starts with ATTACH"},
		{sql: "PRAGMA query_only=0", msg: "starts with PRAGMA"},
		{sql: "PRAGMA writable_schema=1", msg: "starts with PRAGMA"},
		{sql: "CREATE TABLE t(x)", msg: "starts with CREATE"},
		{sql: "INSERT INTO t VALUES(1)", msg: "starts with INSERT"},
		{sql: "REPLACE INTO t VALUES(1)", msg: "starts with REPLACE"},
		{sql: "UPDATE t SET x=1 RETURNING *", msg: "starts with UPDATE"},
		{sql: "VACUUM INTO 'copy.db'", msg: "starts with VACUUM"},
		{sql: "BEGIN", msg: "starts with BEGIN"},
		{sql: "EXPLAIN SELECT 1", msg: "starts with EXPLAIN"},
		{sql: "SHOW TABLES", msg: "starts with SHOW"},
		{sql: "'abc'", msg: "starts with 'abc'"},
		{sql: "(DELETE FROM t)", msg: "starts with DELETE"},
		{sql: "WITH x AS (SELECT 1) DELETE FROM t", msg: "keyword DELETE"},
		{sql: "WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x", msg: "keyword DELETE"},
		{sql: "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", msg: "keyword INSERT"},
		{sql: "SELECT * INTO backup FROM t", msg: "keyword INTO"},
		{sql: "SELECT * FROM t INTO OUTFILE '/tmp/x'", msg: "keyword INTO"},
		{sql: "SELECT * FROM t FOR UPDATE", msg: "keyword UPDATE"},
		{sql: "SELECT * FROM t LOCK IN SHARE MODE", msg: "keyword LOCK"},
		{sql: "SELECT 1 FROM t WHERE x IN (SELECT 1) ; ", msg: ""}, // allowed; see below
		{sql: "SELECT 1 /*! ; DROP TABLE t */", msg: "an executable comment /*! … */ was found"},
		{sql: "SELECT /*!50000 1; DROP TABLE t */", msg: "MySQL runs its content as SQL"},
		{sql: "SELECT /*M! 1 */", msg: "MariaDB runs its content as SQL"},
		{sql: "SELECT 1 /* a /* b */ ' */ ; DROP TABLE t; -- '", msg: "contains another /*"},
		{sql: "SELECT 'a\\'' ; DROP TABLE t; -- '", msg: "backslash before a quote"},
		{sql: `SELECT "a\"" ; DROP TABLE t; -- "`, msg: "backslash before a quote"},
		{sql: "SELECT 1 # '\n; DROP TABLE t; -- '", msg: "'#'"},
		{sql: "SELECT 1 #;\nDROP", msg: "'#'"},
		{sql: "SELECT 1--'x'\n", msg: "'--' not followed by a space"},
		{sql: "SELECT 2--1", msg: "'--' not followed by a space"},
		{sql: "SELECT 1 -- a\r'\n; DROP TABLE t; --'", msg: "carriage return"},
		{sql: "SELECT $$'$$; DROP TABLE t; SELECT $$'$$", msg: "dollar-quoted"},
		{sql: "SELECT $tag$x$tag$", msg: "dollar-quoted"},
		{sql: "SELECT [a;b] FROM t", msg: "brackets"},
		{sql: "SELECT [a'] FROM t", msg: "brackets"},
		{sql: "SELECT 1\x00; DROP TABLE t", msg: "NUL byte"},
		{sql: "SELECT '\xff'", msg: "not valid UTF-8"},
		{sql: "SELECT " + strings.Repeat("1+", guard.MaxLength/2) + "1", msg: "-byte limit"},
		{sql: "SELECT load_extension('x') FROM t; SET x = 1", msg: "more than one statement"},
		{sql: "SELECT 1 FROM t WHERE set = 1", msg: "keyword SET"},
		{sql: "SELECT t.delete FROM t", msg: `quote it: "delete"`},
		{sql: "CALL proc()", msg: "starts with CALL"},
		{sql: "SELECT * FROM t; EXEC sp_who", msg: "more than one statement"},
		{sql: "", code: database.CodeSyntax, msg: "no SQL statement"},
		{sql: " ; -- nothing\n;", code: database.CodeSyntax, msg: "no SQL statement"},
		{sql: "SELECT 'abc", code: database.CodeSyntax, msg: "unterminated string literal"},
		{sql: `SELECT "abc`, code: database.CodeSyntax, msg: "unterminated quoted identifier"},
		{sql: "SELECT `abc", code: database.CodeSyntax, msg: "unterminated `quoted identifier`"},
		{sql: "SELECT [abc", code: database.CodeSyntax, msg: "unterminated [quoted identifier]"},
		{sql: "SELECT 1 /* open", code: database.CodeSyntax, msg: "unterminated /* comment"},
	}
	for _, tt := range tests {
		if tt.msg == "" {
			if _, err := guard.Check(tt.sql); err != nil {
				t.Errorf("Check(%q): unexpected refusal: %v", tt.sql, err)
			}
			continue
		}
		_, err := guard.Check(tt.sql)
		if err == nil {
			t.Errorf("Check(%q) accepted it, want a refusal mentioning %q", clip(tt.sql), tt.msg)
			continue
		}
		var e *database.Error
		if !errors.As(err, &e) {
			t.Errorf("Check(%q) error %T is not a *database.Error", clip(tt.sql), err)
			continue
		}
		want := tt.code
		if want == "" {
			want = database.CodeForbidden
		}
		if e.Code != want {
			t.Errorf("Check(%q) code = %s, want %s (%v)", clip(tt.sql), e.Code, want, e)
		}
		if !strings.Contains(e.Message, tt.msg) {
			t.Errorf("Check(%q) message = %q, want it to mention %q", clip(tt.sql), e.Message, tt.msg)
		}
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func TestStatements(t *testing.T) {
	tests := []struct {
		sql  string
		want []string
	}{
		{"", nil},
		{"SELECT 1", []string{"SELECT 1"}},
		{"SELECT 1; SELECT 2;", []string{"SELECT 1", "SELECT 2"}},
		{"SELECT ';'; SELECT \";\" -- ;\n; /* ; */", []string{"SELECT ';'", `SELECT ";"`}},
		{"SELECT (1; 2)", []string{"SELECT (1", "2)"}},
		{";;;", nil},
		{"/* a */ SELECT 1 /* b */ ; /* c */", []string{"SELECT 1"}},
	}
	for _, tt := range tests {
		got, err := guard.Statements(tt.sql)
		if err != nil {
			t.Errorf("Statements(%q): %v", tt.sql, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Statements(%q) mismatch (-want +got):\n%s", tt.sql, diff)
		}
	}
	if _, err := guard.Statements("SELECT 'open"); database.CodeOf(err) != database.CodeSyntax {
		t.Errorf("Statements of an unterminated literal: got %v, want a syntax error", err)
	}
}

func TestFirstKeyword(t *testing.T) {
	tests := map[string]string{
		"select 1":                    "SELECT",
		"  -- c\n /* d */ ((With x":   "WITH",
		"(values (1))":                "VALUES",
		"'str'":                       "",
		"":                            "",
		"/* unterminated":             "",
		"DELETE FROM t WHERE 'open":   "DELETE",
		"`delete` FROM t":             "",
		"update_log":                  "UPDATE_LOG",
		"((( ":                        "",
		"-- only a comment":           "",
		"\"SELECT\" FROM t":           "",
		"(  select'x'":                "SELECT",
		"Explain query plan select 1": "EXPLAIN",
	}
	for in, want := range tests {
		if got := guard.FirstKeyword(in); got != want {
			t.Errorf("FirstKeyword(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCheckIdempotent checks that what Check returns passes Check unchanged,
// so engines can re-check a statement they were handed.
func TestCheckIdempotent(t *testing.T) {
	for _, sql := range []string{
		"SELECT 1; -- x", "/* a */ WITH x AS (SELECT 1) SELECT * FROM x /* b */ ;", "SELECT 'a;b' -- c",
	} {
		once, err := guard.Check(sql)
		if err != nil {
			t.Fatalf("Check(%q): %v", sql, err)
		}
		twice, err := guard.Check(once)
		if err != nil || twice != once {
			t.Errorf("Check(Check(%q)) = %q, %v; want %q", sql, twice, err, once)
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"SELECT 1", "SELECT * FROM t;", "SELECT 1; DROP TABLE t", "WITH x AS (SELECT 1) SELECT * FROM x",
		"SELECT 'a''b' -- c\n", "SELECT \"x\" FROM [t] WHERE `y` = $1", "/*! DROP */ SELECT 1",
		"SELECT 1 # x\n", "SELECT 'a\\'' ; DROP TABLE t; -- '", "VALUES (1)", "(SELECT 1)",
		"SELECT $$x$$", "SELECT 1 /* /* */ */", "SELECT 1--x\n;SELECT 2", "SELECT 1 -- \r\n; DELETE",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		stmt, err := guard.Check(sql)
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || (e.Code != database.CodeForbidden && e.Code != database.CodeSyntax) || e.Message == "" {
				t.Fatalf("Check(%q) returned %T %v, want a forbidden or syntax *database.Error with a message", sql, err, err)
			}
			return
		}
		stmts, err := guard.Statements(stmt)
		if err != nil || len(stmts) != 1 {
			t.Fatalf("Check(%q) accepted %q, which splits into %q (%v)", sql, stmt, stmts, err)
		}
		if kw := guard.FirstKeyword(stmt); kw != "SELECT" && kw != "WITH" && kw != "VALUES" {
			t.Fatalf("Check(%q) accepted %q, which starts with %q", sql, stmt, kw)
		}
		if again, err := guard.Check(stmt); err != nil || again != stmt {
			t.Fatalf("Check is not idempotent on %q: %q, %v", stmt, again, err)
		}
		if !strings.Contains(sql, stmt) {
			t.Fatalf("Check(%q) returned %q, which is not part of the input", sql, stmt)
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	const q = `SELECT c.country, count(DISTINCT o.id) AS orders, sum(i.quantity * i.unit_price) AS revenue
FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id
WHERE o.order_date >= ? AND o.status <> 'cancelled' -- skip cancelled
GROUP BY c.country ORDER BY revenue DESC LIMIT 10`
	for b.Loop() {
		if _, err := guard.Check(q); err != nil {
			b.Fatal(err)
		}
	}
}
