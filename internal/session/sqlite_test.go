package session_test

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"querent/internal/session"
)

func openSQLite(t *testing.T, path string) *session.SQLiteStore {
	t.Helper()
	s, err := session.OpenSQLite(path)
	if err != nil {
		t.Fatalf("OpenSQLite(%s): %v", path, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLiteStore(t *testing.T) {
	storeSuite(t, func(t *testing.T) session.Store {
		return openSQLite(t, filepath.Join(t.TempDir(), "sessions.db"))
	})
}

func TestSQLiteShared(t *testing.T) {
	sharedSuite(t, func(t *testing.T) func() (session.Store, error) {
		path := filepath.Join(t.TempDir(), "sessions.db")
		return func() (session.Store, error) { return session.OpenSQLite(path) }
	})
}

func TestOpenSQLiteCreatesAPrivateWALFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "project", ".querent", "sessions.db")
	s := openSQLite(t, path)
	if s.Path() != path {
		t.Errorf("Path() = %s, want %s", s.Path(), path)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("store file mode %o, want 600 (it holds questions and data summaries)", perm)
	}
	if di, err := os.Stat(filepath.Dir(path)); err != nil || di.Mode().Perm() != 0o700 {
		t.Errorf("store directory: %v, %v, want mode 700", di.Mode(), err)
	}
	// Settings are per connection: read them where Append runs.
	for name, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "10000"} {
		got, err := session.Pragma(s, name)
		if err != nil || got != want {
			t.Errorf("PRAGMA %s = %q, %v, want %q", name, got, err, want)
		}
	}
	// A store written and reopened stays in WAL and at the same version.
	sess := mustCreate(t, s, "demo", "")
	mustAppend(t, s, sampleTurn(sess.ID, "q"))
	s.Close()
	s2 := openSQLite(t, path)
	if _, err := s2.Last(context.Background(), sess.ID); err != nil {
		t.Errorf("after reopening: %v", err)
	}
	for _, side := range []string{"-wal", "-shm"} {
		if fi, err := os.Stat(path + side); err == nil && fi.Mode().Perm() != 0o600 {
			t.Errorf("%s file mode %o, want 600", side, fi.Mode().Perm())
		}
	}
}

func TestOpenSQLiteRefuses(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a database at all"), 0o600); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "shop.db")
	db, err := sql.Open("sqlite3", foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, tc := range []struct {
		name, path, want string
	}{
		{"empty path", " ", "the path is empty"},
		{"directory", dir, "it is a directory: pass a file path, such as " + filepath.Join(dir, "sessions.db")},
		{"text file", text, "not a SQLite database, so not a querent session store"},
		{"another application's database", foreign, "not a querent session store: it holds customers but no schema_version table"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := session.OpenSQLite(tc.path)
			if err == nil {
				s.Close()
				t.Fatalf("OpenSQLite(%s) succeeded", tc.path)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
	// Refusing must not have changed the foreign database (no WAL switch).
	db, err = sql.Open("sqlite3", "file:"+foreign+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "delete" {
		t.Errorf("the refused database's journal mode is %q (%v), want it left at delete", mode, err)
	}
	if _, err := os.Stat(foreign + "-wal"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("refusing the database left a -wal file beside it (%v)", err)
	}
}

func TestOpenSQLiteRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sessions.db")
	s, err := session.OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_version (version, applied_at_us) VALUES (?, 0)`, session.SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = session.OpenSQLite(path)
	if err == nil || !strings.Contains(err.Error(), "written by a newer querent") || !strings.Contains(err.Error(), "upgrade querent") {
		t.Errorf("opening a newer store: %v, want a refusal saying to upgrade", err)
	}
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	t.Chdir(t.TempDir())
	s, err := session.Open(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(filepath.Join(".querent", "sessions.db")); err != nil {
		t.Errorf("Open(\"\") did not create the default store: %v", err)
	}
	s, err = session.Open(ctx, "other/history.db")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*session.SQLiteStore); !ok {
		t.Errorf("Open(a path) = %T, want *SQLiteStore", s)
	}
	s.Close()
	_, err = session.Open(ctx, "mysql://u:secret@h/db")
	if err == nil || !strings.Contains(err.Error(), "only a SQLite file path or a postgres:// URL") || strings.Contains(err.Error(), "secret") {
		t.Errorf("Open(mysql URL) = %v, want a refusal without the password", err)
	}
	_, err = session.Open(ctx, "postgres://u:secret@127.0.0.1:1/db?connect_timeout=1")
	if err == nil || !strings.Contains(err.Error(), "cannot connect") || strings.Contains(err.Error(), "secret") {
		t.Errorf("Open(unreachable postgres) = %v, want a connection error without the password", err)
	}
}

func TestDefaultPath(t *testing.T) {
	for dir, want := range map[string]string{
		"":             filepath.Join(".querent", "sessions.db"),
		"/etc/querent": filepath.Join("/etc/querent", ".querent", "sessions.db"),
	} {
		if got := session.DefaultPath(dir); got != want {
			t.Errorf("DefaultPath(%q) = %q, want %q", dir, got, want)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://ana:s3cret@h:5432/db":             "postgres://ana:xxxxx@h:5432/db",
		"postgres://ana@h/db":                         "postgres://ana@h/db",
		"postgres://h/db?password=s3cret&sslmode=off": "postgres://h/db?password=xxxxx&sslmode=off",
		"host=h user=ana password=s3cret dbname=shop": "host=h user=ana password=xxxxx dbname=shop",
		"host=h password='a b\\'c' dbname=shop":       "host=h password=xxxxx dbname=shop",
		"demo.db":                                     "demo.db",
	} {
		if got := session.Redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTerms(t *testing.T) {
	for in, want := range map[string]string{
		"Top 5 customers by revenue":      "top 5 customer by revenu",
		"Which categories were ordered?":  "category order",
		"pricing, priced, price, prices":  "pric pric pric pric",
		"status of addresses; analysis":   "status address analysis",
		"hired employees in München 2024": "hir employe münchen 2024",
	} {
		if got := strings.Join(session.Terms(in), " "); got != want {
			t.Errorf("terms(%q) = %q, want %q", in, got, want)
		}
	}
}
