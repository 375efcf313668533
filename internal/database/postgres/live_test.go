package postgres_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/postgres"
	"querent/internal/demo"
)

// dsnVar names the server the live tests use; .ci/start-postgres.sh starts
// one and prints it.
const dsnVar = "QUERENT_TEST_POSTGRES_DSN"

// live is the scratch database the live tests share: a new database (or,
// when the role may not create databases, a new schema) holding the demo
// dataset and the fixtures below, dropped when the tests end.
var live struct {
	once    sync.Once
	dsn     string  // the scratch database
	admin   *sql.DB // read-write, for fixtures and checks
	err     error
	cleanup func()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if live.cleanup != nil {
		live.cleanup()
	}
	os.Exit(code)
}

// liveDB returns the scratch database's DSN and a read-write connection to
// it, or skips the test when no server is configured.
func liveDB(t testing.TB) (string, *sql.DB) {
	t.Helper()
	dsn := os.Getenv(dsnVar)
	if dsn == "" {
		t.Skipf("%s is not set: start a throwaway server with `eval \"$(bash .ci/start-postgres.sh)\"` to run the live PostgreSQL tests", dsnVar)
	}
	live.once.Do(func() { live.err = setupLive(dsn) })
	if live.err != nil {
		t.Fatalf("setting up the live database on %s: %v", database.Redact(dsn), live.err)
	}
	return live.dsn, live.admin
}

// openLive opens the engine on the scratch database (with extra DSN query
// parameters, if any) and closes it when the test ends.
func openLive(t testing.TB, params ...string) *postgres.DB {
	t.Helper()
	dsn, _ := liveDB(t)
	for _, p := range params {
		dsn += "&" + p
	}
	db, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// withQuery sets a query parameter of a URL DSN.
func withQuery(dsn, key, value string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// setupLive creates the scratch database, loads the demo and the fixtures,
// and analyzes it, so statistics (row counts, samples) exist.
func setupLive(dsn string) error {
	ctx := context.Background()
	root, err := postgres.OpenAdmin(ctx, dsn)
	if err != nil {
		return err
	}
	var b [6]byte
	rand.Read(b[:])
	name := "querent_pgtest_" + hex.EncodeToString(b[:])
	u, err := url.Parse(dsn)
	if err != nil {
		root.Close()
		return err
	}
	if _, err := root.ExecContext(ctx, "CREATE DATABASE "+name); err == nil {
		u.Path = "/" + name
		live.cleanup = func() {
			if live.admin != nil {
				live.admin.Close()
			}
			// Sessions the engine left in its pool are gone once every test
			// closed its DB; FORCE (PostgreSQL 13+) covers a straggler.
			if _, err := root.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
				root.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name)
			}
			root.Close()
		}
	} else {
		// No CREATEDB: a schema first on the search path isolates as well.
		if _, err := root.ExecContext(ctx, "CREATE SCHEMA "+name); err != nil {
			root.Close()
			return fmt.Errorf("the role can create neither a database nor a schema: %w", err)
		}
		q := u.Query()
		q.Set("search_path", name)
		u.RawQuery = q.Encode()
		live.cleanup = func() {
			if live.admin != nil {
				live.admin.Close()
			}
			root.ExecContext(ctx, "DROP SCHEMA IF EXISTS "+name+" CASCADE")
			root.Close()
		}
	}
	live.dsn = u.String()
	if !strings.Contains(live.dsn, "?") {
		live.dsn += "?"
	}
	admin, err := postgres.OpenAdmin(ctx, live.dsn)
	if err != nil {
		return err
	}
	live.admin = admin
	start := time.Now()
	if err := demo.LoadSQL(ctx, admin, demo.Generate(demo.DefaultSeed), demo.Targets["postgres"], false); err != nil {
		return fmt.Errorf("loading the demo: %w", err)
	}
	fmt.Fprintf(os.Stderr, "postgres live tests: demo loaded into %s in %v\n", name, time.Since(start).Round(time.Millisecond))
	if _, err := admin.ExecContext(ctx, fixtureSQL); err != nil {
		return fmt.Errorf("creating the fixtures: %w", err)
	}
	if _, err := admin.ExecContext(ctx, "ANALYZE"); err != nil {
		return err
	}
	// Created after ANALYZE, so it has never been analyzed.
	_, err = admin.ExecContext(ctx, "CREATE TABLE not_analyzed (x text); INSERT INTO not_analyzed VALUES ('a')")
	return err
}

// fixtureSQL adds, beside the demo: user-defined objects that Guard must
// refuse to call (a function, a row function for attribute notation,
// functions and operators shadowing built-ins, a domain, a procedure, a
// sequence), comments, and an extra schema with a composite key, a view,
// quoted names and types introspection must classify.
const fixtureSQL = `
CREATE SEQUENCE querent_seq;
CREATE FUNCTION evil() RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION evil_row(orders) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION md5(integer) RETURNS text LANGUAGE sql AS $$SELECT 'shadow'::text$$;
CREATE FUNCTION arr_overlap(int[], int[]) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE OPERATOR && (LEFTARG = int[], RIGHTARG = int[], FUNCTION = arr_overlap);
CREATE OPERATOR === (LEFTARG = int, RIGHTARG = int, FUNCTION = int4eq);
CREATE DOMAIN mydomain AS int CHECK (VALUE > 0);
CREATE PROCEDURE my_proc() LANGUAGE sql AS 'SELECT 1';
COMMENT ON TABLE orders IS 'One row per order';
COMMENT ON COLUMN orders.status IS 'Where the order is';

CREATE SCHEMA extra;
CREATE TYPE extra.mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN extra.label AS varchar(20);
CREATE TABLE extra.regions (code text, zone int, name text NOT NULL, PRIMARY KEY (code, zone));
INSERT INTO extra.regions VALUES ('N', 1, 'North'), ('S', 1, 'South'), ('N', 2, 'Far North');
CREATE TABLE extra."Odd Items" (
	"Item Id" bigint PRIMARY KEY,
	code text, zone int,
	mood extra.mood, tags int[], span interval, price numeric(10,2), ref uuid, doc jsonb, raw bytea,
	seen timestamptz, note extra.label, flags bit(3),
	customer_id bigint REFERENCES customers (id),
	FOREIGN KEY (code, zone) REFERENCES extra.regions (code, zone)
);
INSERT INTO extra."Odd Items" ("Item Id", code, zone, mood)
	SELECT g, 'N', 1, (ARRAY['sad', 'ok', 'happy'])[g % 3 + 1]::extra.mood FROM generate_series(1, 100) g;
CREATE VIEW extra.region_names AS SELECT code, name FROM extra.regions;
COMMENT ON VIEW extra.region_names IS 'Regions by code';
`

// dataState fingerprints everything an adversarial query could change:
// every row of every demo table, the objects of user schemas, the
// sequence, and the advisory locks held by anyone.
func dataState(t testing.TB, admin *sql.DB) string {
	t.Helper()
	ctx := context.Background()
	var parts []string
	for _, tab := range demo.Generate(demo.DefaultSeed).Tables {
		var n int64
		var sum string
		q := fmt.Sprintf("SELECT count(*), coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM %s t", tab.Name)
		if err := admin.QueryRowContext(ctx, q).Scan(&n, &sum); err != nil {
			t.Fatalf("fingerprinting %s: %v", tab.Name, err)
		}
		parts = append(parts, fmt.Sprintf("%s:%d:%s", tab.Name, n, sum))
	}
	var objects, locks int64
	var seq string
	err := admin.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema')
		+ (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema')
		+ (SELECT count(*) FROM pg_namespace),
		(SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'),
		(SELECT last_value::text || is_called::text FROM querent_seq)`).Scan(&objects, &locks, &seq)
	if err != nil {
		t.Fatal(err)
	}
	if locks != 0 {
		t.Errorf("%d advisory locks are held", locks)
	}
	return strings.Join(parts, " ") + fmt.Sprintf(" objects:%d seq:%s", objects, seq)
}
