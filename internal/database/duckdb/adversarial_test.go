//go:build cgo

package duckdb_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/duckdb"
	"querent/internal/demo"
	"querent/internal/guard"
)

// adversarial are inputs every DuckDB engine must refuse: writes and DDL in
// every spelling, file access by table function and by path, extensions,
// attaching, settings, catalogue and session functions, stacked statements
// and comment and quoting tricks, DuckDB's own statements (PIVOT,
// SUMMARIZE, EXPORT…), and very long or deeply nested text. Relative paths
// resolve in the test's temporary working directory.
var adversarial = []string{
	// writing files
	"COPY orders TO 'out.csv'",
	"COPY (SELECT * FROM customers) TO 'leak.parquet' (FORMAT parquet)",
	"COPY orders FROM 'in.csv'",
	"EXPORT DATABASE 'exported'",
	"IMPORT DATABASE 'exported'",
	"SELECT * FROM orders; COPY orders TO 'x.csv'",
	// reading files
	"SELECT * FROM read_csv('/etc/passwd')",
	"SELECT * FROM read_csv_auto('/etc/passwd')",
	"SELECT * FROM read_csv(['/etc/passwd', '/etc/hosts'])",
	"SELECT * FROM '/etc/passwd'",
	`SELECT * FROM "/etc/passwd"`,
	"FROM '/etc/passwd'",
	"SELECT * FROM 'orders.csv'",
	`SELECT * FROM "orders.csv"`,
	"SELECT * FROM read_text('/etc/hostname')",
	"SELECT * FROM read_blob('/etc/hostname')",
	"SELECT * FROM read_json('/etc/passwd')",
	"SELECT * FROM read_json_auto('x.json')",
	"SELECT * FROM read_ndjson_objects('x.json')",
	"SELECT * FROM read_parquet('x.parquet')",
	"SELECT * FROM parquet_scan('x.parquet')",
	"SELECT * FROM parquet_metadata('x.parquet')",
	"SELECT * FROM parquet_schema('x.parquet')",
	"SELECT * FROM glob('*')",
	"SELECT * FROM glob('/etc/*')",
	"SELECT * FROM sniff_csv('/etc/passwd')",
	"SELECT * FROM read_duckdb('other.duckdb')",
	"SELECT * FROM 'https://example.com/data.csv'",
	"SELECT * FROM 's3://bucket/data.parquet'",
	"SELECT * FROM '~/.ssh/id_rsa'",
	"SELECT * FROM 'data/*.csv'",
	"WITH f AS (SELECT * FROM read_csv('/etc/passwd')) SELECT * FROM f",
	"SELECT (SELECT count(*) FROM '/etc/passwd') AS n",
	"SELECT * FROM orders WHERE id IN (SELECT 1 FROM read_text('/etc/hostname'))",
	"SELECT * FROM orders o, LATERAL (SELECT * FROM read_text('/etc/hostname')) f",
	"SELECT content FROM read_text('/etc/hostname') UNION ALL SELECT 'x'",
	"SELECT * FROM unnest((SELECT list(content) FROM read_text('/etc/hostname')))",
	"VALUES ((SELECT content FROM read_text('/etc/hostname')))",
	"SELECT * FROM range(3) r JOIN glob('*') g ON true",
	"SELECT * FROM duckdb_tables(), read_csv('/etc/passwd')",
	`WITH "/etc/passwd" AS (SELECT 1 AS x) SELECT * FROM "/etc/passwd"`,
	"SELECT * FROM iceberg_scan('warehouse/t')",
	"SELECT * FROM sqlite_scan('x.db', 't')",
	"SELECT * FROM postgres_scan('host=localhost', 'public', 't')",
	"SELECT * FROM read_xlsx('x.xlsx')",
	"SELECT http_get('https://example.com')",
	// other databases, extensions, secrets
	"ATTACH 'other.duckdb' AS other",
	"ATTACH ':memory:' AS m",
	"ATTACH 'x.db' AS s (TYPE sqlite)",
	"ATTACH IF NOT EXISTS 'postgres:dbname=x' AS p",
	"DETACH demo",
	"USE other",
	"INSTALL httpfs",
	"FORCE INSTALL httpfs FROM community",
	"LOAD httpfs",
	"LOAD '/tmp/evil.duckdb_extension'",
	"CREATE SECRET (TYPE s3, KEY_ID 'k', SECRET 's')",
	"SELECT * FROM other.main.orders",
	"SELECT * FROM system.main.duckdb_settings()",
	"SELECT * FROM temp.main.scratch",
	"SELECT * FROM orders AT (VERSION => 1)",
	// settings and session state
	"SET enable_external_access = true",
	"SET GLOBAL enable_external_access = true",
	"RESET enable_external_access",
	"SET lock_configuration = false",
	"SET access_mode = 'READ_WRITE'",
	"SET temp_directory = '/tmp'",
	"SET search_path = 'other'",
	"SET VARIABLE x = 1",
	"PRAGMA enable_profiling",
	"PRAGMA profiling_output = 'profile.json'",
	"PRAGMA database_size",
	"PRAGMA show_tables",
	"CALL pragma_version()",
	"CALL duckdb_settings()",
	"SELECT current_setting('enable_external_access')",
	"SELECT main.current_setting('threads')",
	"SELECT pg_catalog.current_setting('threads')",
	"SELECT * FROM duckdb_settings()",
	"SELECT * FROM duckdb_secrets()",
	"SELECT * FROM duckdb_databases()",
	"SELECT * FROM duckdb_extensions()",
	"SELECT * FROM pragma_table_info('orders')",
	"SELECT * FROM pg_catalog.pg_settings",
	"SELECT getvariable('x')",
	"SELECT setseed(0.1)",
	"SELECT sleep_ms(10)",
	"SELECT write_log('x')",
	"SELECT error('boom')",
	"SELECT nextval('seq')",
	"SELECT currval('seq')",
	"SELECT count(*) FILTER (WHERE current_setting('threads') > 0) FROM orders",
	"SELECT * FROM orders ORDER BY current_setting('threads')",
	"SELECT list_transform([1], x -> getvariable('x'))",
	"SELECT * FROM query('DELETE FROM orders')",
	"SELECT * FROM query_table('orders')",
	"SELECT json_serialize_sql('SELECT 1')",
	"SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
	"SELECT * FROM (SUMMARIZE orders)",
	"SELECT * FROM (DESCRIBE orders)",
	"SELECT * FROM (SHOW TABLES)",
	// writes and DDL
	"CREATE TABLE t AS SELECT 1",
	"CREATE TEMP TABLE t AS SELECT 1",
	"CREATE OR REPLACE VIEW v AS SELECT 1",
	"CREATE MACRO m(x) AS x + 1",
	"CREATE SEQUENCE seq",
	"CREATE TYPE mood AS ENUM ('a')",
	"INSERT INTO categories VALUES (99, 'x')",
	"INSERT OR REPLACE INTO categories VALUES (1, 'x')",
	"INSERT INTO categories BY NAME SELECT 99 AS id, 'x' AS name",
	"UPDATE orders SET status = 'x'",
	"UPDATE orders SET status = 'x' RETURNING *",
	"DELETE FROM payments",
	"DELETE FROM orders RETURNING *",
	"DROP TABLE orders",
	"ALTER TABLE orders ADD COLUMN x INTEGER",
	"TRUNCATE orders",
	"COMMENT ON TABLE orders IS 'x'",
	"CHECKPOINT",
	"FORCE CHECKPOINT",
	"VACUUM",
	"ANALYZE",
	"BEGIN TRANSACTION",
	"COMMIT",
	"ROLLBACK",
	"PREPARE p AS DELETE FROM orders",
	"EXECUTE p",
	"DEALLOCATE p",
	"SUMMARIZE orders",
	"DESCRIBE orders",
	"SHOW TABLES",
	"PIVOT orders ON status USING count(*)",
	"UNPIVOT orders ON status INTO NAME k VALUE v",
	"EXPLAIN ANALYZE SELECT 1",
	"EXPLAIN DELETE FROM orders",
	"SELECT * INTO copy_of_orders FROM orders",
	"SELECT * FROM orders FOR UPDATE",
	"WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d",
	"WITH x AS (SELECT 1) INSERT INTO categories SELECT 99, 'x'",
	"WITH x AS (SELECT 1) DELETE FROM orders",
	// stacked statements, comments, quoting
	"SELECT 1; DROP TABLE orders",
	"SELECT 1;DELETE FROM orders;",
	"SELECT 1 -- harmless\n; DELETE FROM orders",
	"SELECT 1 /* ; */ ; DELETE FROM orders",
	"/* leading */ DELETE FROM orders",
	"SELECT 1 /* nested /* comment */ ; DELETE FROM orders */",
	"SELECT $$;$$; DELETE FROM orders",
	"SELECT 'a';\nATTACH 'x.duckdb' AS x",
	"SELECT 'DROP TABLE orders'; DROP TABLE orders",
	`SELECT E'\'; DROP TABLE orders; --'`,
	"SELECT * FROM orders WHERE status = ?; DELETE FROM orders",
	"SELECT 1 UNION ALL SELECT 2; CHECKPOINT",
	// empty, unterminated, too long, too deep
	"",
	"   ",
	";",
	"-- only a comment",
	"SELECT 'unterminated",
	strings.Repeat("SELECT 1 UNION ALL ", 20000) + "SELECT 1",
	"SELECT 1" + strings.Repeat(" ", 100_000) + "; DROP TABLE orders",
	"SELECT " + strings.Repeat("(", 20000) + "1" + strings.Repeat(")", 20000),
}

// harmlessUnchecked may run when querent's own checks are skipped
// (QueryUnchecked): DuckDB's lockdown does not stop them, and what they do —
// read a setting, seed the random generator, wait, write to DuckDB's
// in-memory log, read catalogue metadata, or read a table through query()
// — changes no data and reaches no file.
var harmlessUnchecked = map[string]bool{
	"SELECT current_setting('enable_external_access')":                          true,
	"SELECT main.current_setting('threads')":                                    true,
	"SELECT * FROM duckdb_settings()":                                           true,
	"SELECT * FROM system.main.duckdb_settings()":                               true,
	"SELECT * FROM duckdb_secrets()":                                            true,
	"SELECT * FROM duckdb_databases()":                                          true,
	"SELECT * FROM duckdb_extensions()":                                         true,
	"SELECT * FROM pragma_table_info('orders')":                                 true,
	"SELECT * FROM pg_catalog.pg_settings":                                      true,
	"SELECT getvariable('x')":                                                   true,
	"SELECT setseed(0.1)":                                                       true,
	"SELECT sleep_ms(10)":                                                       true,
	"SELECT write_log('x')":                                                     true,
	"SELECT count(*) FILTER (WHERE current_setting('threads') > 0) FROM orders": true,
	"SELECT * FROM orders ORDER BY current_setting('threads')":                  true,
	"SELECT list_transform([1], x -> getvariable('x'))":                         true,
	"SELECT * FROM query_table('orders')":                                       true,
	"SELECT json_serialize_sql('SELECT 1')":                                     true,
	"SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))": true,
	"SELECT * FROM (SUMMARIZE orders)":                                          true,
	"SELECT * FROM (DESCRIBE orders)":                                           true,
	"SELECT * FROM (SHOW TABLES)":                                               true,
	`WITH "/etc/passwd" AS (SELECT 1 AS x) SELECT * FROM "/etc/passwd"`:         true,
	"SELECT 1 /* nested /* comment */ ; DELETE FROM orders */":                  true,
	`SELECT E'\'; DROP TABLE orders; --'`:                                       true,
	"SELECT pg_catalog.current_setting('threads')":                              true,
	// DuckDB rewrites these into SELECT statements over the catalogue or
	// the table itself.
	"SUMMARIZE orders": true,
	"DESCRIBE orders":  true,
	"SHOW TABLES":      true,
	"UNPIVOT orders ON status INTO NAME k VALUE v": true,
}

// TestAdversarial refuses every adversarial input through Guard and Query
// (each refusal typed forbidden or syntax_error), then runs each with
// querent's checks skipped: the database itself must refuse everything but
// the few listed as harmless. Afterwards every file is unchanged, no file
// was created, and the data are the same, for a DuckDB file and for loaded
// CSV files alike.
func TestAdversarial(t *testing.T) {
	if n := len(adversarial); n < 80 {
		t.Fatalf("only %d adversarial inputs; want at least 80", n)
	}
	work := t.TempDir()
	t.Chdir(work) // relative paths in the corpus land here
	path := demoFile(t)
	csvDir := demoCSV(t, path)
	engines := map[string]*duckdb.DB{"file": open(t, path)}
	files, err := duckdb.OpenFiles(context.Background(), csvDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	engines["csv"] = files
	dirs := []string{work, filepath.Dir(path), csvDir}
	before := map[string]string{}
	for _, d := range dirs {
		before[d] = dirState(t, d)
	}
	ctx := context.Background()
	for name, db := range engines {
		prints := fingerprint(t, db)
		t.Run(name, func(t *testing.T) {
			for i, q := range adversarial {
				label := q
				if len(label) > 70 {
					label = label[:70] + "…"
				}
				if _, err := db.Guard(ctx, q); !refused(err) {
					t.Errorf("%d Guard(%q) = %v; want a forbidden or syntax_error refusal", i, label, err)
				}
				if _, err := db.Query(ctx, q, nil, database.Limits{MaxRows: 10, Timeout: 10 * time.Second}); !refused(err) {
					t.Errorf("%d Query(%q) = %v; want a forbidden or syntax_error refusal", i, label, err)
				}
				if err := db.Explain(ctx, q, nil); !refused(err) {
					t.Errorf("%d Explain(%q) = %v; want a forbidden or syntax_error refusal", i, label, err)
				}
				if len(q) > guard.MaxLength {
					// guard.Check refuses these by length before anything
					// reaches DuckDB, and DuckDB takes minutes to plan the
					// 20,000-branch UNION, uninterruptibly.
					continue
				}
				err := db.QueryUnchecked(ctx, q)
				if err == nil && !harmlessUnchecked[q] {
					t.Errorf("%d %q ran with querent's checks skipped; the database should have refused it", i, label)
				}
			}
		})
		if after := fingerprint(t, db); after != prints {
			t.Errorf("%s: the data changed:\n%s\n→\n%s", name, prints, after)
		}
	}
	for _, d := range dirs {
		if after := dirState(t, d); after != before[d] {
			t.Errorf("%s changed:\n%s\n→\n%s", d, before[d], after)
		}
	}
}

// refused reports whether err is a guard refusal.
func refused(err error) bool {
	c := database.CodeOf(err)
	return err != nil && (c == database.CodeForbidden || c == database.CodeSyntax)
}

// fingerprint counts and hashes the rows of every demo table through Query.
func fingerprint(t *testing.T, db *duckdb.DB) string {
	t.Helper()
	var parts []string
	for _, dt := range demo.Generate(demo.DefaultSeed).Tables {
		res, err := db.Query(context.Background(), "SELECT count(*), sum(hash(x)) FROM "+dt.Name+" AS x", nil, database.Limits{MaxRows: 1})
		if err != nil {
			t.Fatalf("fingerprint %s: %v", dt.Name, err)
		}
		parts = append(parts, fmt.Sprintf("%s=%v", dt.Name, res.Rows))
	}
	return strings.Join(parts, " ")
}

// demoCSV writes every table of the demo database at path to a CSV file of
// its name in a new temporary directory, on a separate read-write
// connection to a copy (DuckDB will not open one file with two settings).
func demoCSV(t *testing.T, path string) string {
	t.Helper()
	dir := t.TempDir()
	cp := filepath.Join(t.TempDir(), "copy.duckdb")
	copyFile(t, path, cp)
	db, err := sql.Open("duckdb", cp)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, dt := range demo.Generate(demo.DefaultSeed).Tables {
		if _, err := db.Exec("COPY " + dt.Name + " TO '" + filepath.Join(dir, dt.Name+".csv") + "' (HEADER)"); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
