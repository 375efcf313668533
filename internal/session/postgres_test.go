package session_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"

	"querent/internal/session"
)

// pgDSNVar names the server the live PostgreSQL tests use; CI starts one
// with .ci/start-postgres.sh, which prints it.
const pgDSNVar = "QUERENT_TEST_POSTGRES_DSN"

// pgSchema makes a new schema on the live server, dropped when the test
// ends, and returns a DSN whose search_path points at it: every test gets
// an empty store of its own. It skips the test when no server is set.
func pgSchema(t *testing.T) string {
	t.Helper()
	dsn := pgDSN(t)
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	var b [6]byte
	rand.Read(b[:])
	schema := "querent_session_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create a scratch schema on %s: %v", session.Redact(dsn), err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("drop scratch schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("%s is not a URL: %v", pgDSNVar, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// pgDSN returns the live server's DSN, or skips the test when none is set.
func pgDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv(pgDSNVar)
	if dsn == "" {
		t.Skipf("%s is not set: the PostgreSQL session store tests are skipped (start a throwaway server with `eval \"$(bash .ci/start-postgres.sh)\"`)", pgDSNVar)
	}
	return dsn
}

func openPostgres(t *testing.T, dsn string) *session.PostgresStore {
	t.Helper()
	s, err := session.OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatalf("OpenPostgres: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestPostgresStore(t *testing.T) {
	pgDSN(t)
	storeSuite(t, func(t *testing.T) session.Store { return openPostgres(t, pgSchema(t)) })
}

func TestPostgresShared(t *testing.T) {
	pgDSN(t)
	sharedSuite(t, func(t *testing.T) func() (session.Store, error) {
		dsn := pgSchema(t)
		return func() (session.Store, error) { return session.OpenPostgres(context.Background(), dsn) }
	})
}

func TestOpenPostgresRefuses(t *testing.T) {
	pgDSN(t)
	ctx := context.Background()
	t.Run("tables that are not a querent store", func(t *testing.T) {
		dsn := pgSchema(t)
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`CREATE TABLE querent_sessions (id INT)`); err != nil {
			t.Fatal(err)
		}
		_, err = session.OpenPostgres(ctx, dsn)
		if err == nil || !strings.Contains(err.Error(), "not a querent session store: it holds querent_sessions but no querent_schema_version table") {
			t.Errorf("OpenPostgres = %v, want a refusal naming the foreign table", err)
		}
	})
	t.Run("a newer schema", func(t *testing.T) {
		dsn := pgSchema(t)
		openPostgres(t, dsn).Close()
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`INSERT INTO querent_schema_version (version, applied_at_us) VALUES ($1, 0)`, session.SchemaVersion()+1); err != nil {
			t.Fatal(err)
		}
		_, err = session.OpenPostgres(ctx, dsn)
		if err == nil || !strings.Contains(err.Error(), "written by a newer querent") {
			t.Errorf("OpenPostgres = %v, want a refusal saying to upgrade", err)
		}
	})
	t.Run("through Open", func(t *testing.T) {
		s, err := session.Open(ctx, pgSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, ok := s.(*session.PostgresStore); !ok {
			t.Errorf("Open(postgres URL) = %T, want *PostgresStore", s)
		}
	})
}
