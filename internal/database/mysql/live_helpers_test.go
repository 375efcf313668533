package mysql_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"querent/internal/database/mysql"
	"querent/internal/demo"
)

// dsnVar names the environment variable that points the live tests at a
// server; .ci/start-mariadb.sh starts one and prints it.
const dsnVar = "QUERENT_TEST_MYSQL_DSN"

// liveDSN returns the test server's DSN, or skips the test saying how to
// get one.
func liveDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(dsnVar)
	if dsn == "" {
		t.Skipf("no MySQL/MariaDB server: set %s=mysql://USER:PASS@HOST:PORT/DB, or run eval \"$(bash .ci/start-mariadb.sh)\" (it starts a throwaway MariaDB and sets it)", dsnVar)
	}
	return dsn
}

var (
	demoOnce sync.Once
	demoErr  error
	demoData *demo.Dataset
)

// liveDemo loads the demo dataset into the test database once per test
// binary, replacing what is there, and returns an engine and a read-write
// connection for setting up fixtures and checking state. Both are closed
// when the test ends.
func liveDemo(t testing.TB) (*mysql.DB, *sql.DB, *demo.Dataset) {
	t.Helper()
	dsn := liveDSN(t)
	ctx := context.Background()
	admin, err := mysql.OpenAdmin(ctx, dsn)
	if err != nil {
		t.Fatalf("OpenAdmin: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	demoOnce.Do(func() {
		demoData = demo.Generate(demo.DefaultSeed)
		// Tables left by an interrupted run would make the schema differ.
		for _, name := range []string{"querent_types", "querent_fixture_v", "querent_adv_t", "querent_adv_orders", "querent_adv_v"} {
			admin.ExecContext(ctx, "DROP VIEW IF EXISTS "+name)
			admin.ExecContext(ctx, "DROP TABLE IF EXISTS "+name)
		}
		demoErr = demo.LoadSQL(ctx, admin, demoData, demo.Targets["mysql"], true)
	})
	if demoErr != nil {
		t.Fatalf("loading the demo dataset: %v", demoErr)
	}
	db, err := mysql.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db, admin, demoData
}

// state is what must not change when refused statements run: a checksum
// per demo table and the list of tables and views.
type state struct {
	checksums map[string]int64
	objects   string
}

func stateOf(t testing.TB, admin *sql.DB, ds *demo.Dataset) state {
	t.Helper()
	ctx := context.Background()
	st := state{checksums: map[string]int64{}}
	for _, tab := range ds.Tables {
		var name string
		var sum sql.NullInt64
		if err := admin.QueryRowContext(ctx, "CHECKSUM TABLE "+tab.Name).Scan(&name, &sum); err != nil {
			t.Fatalf("CHECKSUM TABLE %s: %v", tab.Name, err)
		}
		st.checksums[tab.Name] = sum.Int64
	}
	rows, err := admin.QueryContext(ctx, "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n, typ string
		if err := rows.Scan(&n, &typ); err != nil {
			t.Fatal(err)
		}
		names = append(names, n+" "+typ)
	}
	sort.Strings(names)
	st.objects = strings.Join(names, ", ")
	return st
}

func (s state) String() string {
	var parts []string
	for k, v := range s.checksums {
		parts = append(parts, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ") + " | " + s.objects
}

func (s state) equal(o state) bool { return s.String() == o.String() }

// running lists the statements other sessions of the test account are
// running whose text contains marker.
func running(t testing.TB, admin *sql.DB, marker string) []string {
	t.Helper()
	rows, err := admin.QueryContext(context.Background(),
		"SELECT ID, COALESCE(INFO, '') FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND INFO LIKE ?", "%"+marker+"%")
	if err != nil {
		t.Fatalf("reading the process list: %v", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		var info string
		if err := rows.Scan(&id, &info); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("thread %d: %.80s", id, info))
	}
	return out
}

// stopsRunning waits up to wait for no statement containing marker to run,
// and fails the test with the survivors otherwise.
func stopsRunning(t testing.TB, admin *sql.DB, marker string, wait time.Duration) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		left := running(t, admin, marker)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server is still running the query %v after %v", left, wait)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
