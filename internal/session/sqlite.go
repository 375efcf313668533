package session

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	// The "sqlite3" driver. querent's read-only engine registers its own
	// driver name for the databases it questions; this store writes, so it
	// uses the plain one.
	_ "github.com/mattn/go-sqlite3"
)

// SQLiteStore is a [Store] in one SQLite file.
type SQLiteStore struct {
	*sqlStore
	path string
}

var _ Store = (*SQLiteStore)(nil)

// sqliteMagic starts every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// busyTimeout is how long a writer waits for another writer (another
// querent process on the same file) before failing.
const busyTimeout = 10 * time.Second

// OpenSQLite opens the session store in the SQLite file at path, creating
// the file (mode 0600) and its parent directories (0700) when missing, and
// creating or upgrading its tables. It refuses a directory, a file that is
// not SQLite, and a SQLite database that is not a querent store.
//
// The file runs in WAL mode with synchronous=FULL, so a turn is on disk
// when Append returns and survives a killed process or a power loss;
// writers wait up to 10 s for each other (busy_timeout) and take the write
// lock when their transaction begins (BEGIN IMMEDIATE), so concurrent
// appenders queue instead of failing on a lock upgrade.
func OpenSQLite(path string) (*SQLiteStore, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("open session store: the path is empty: pass a file such as " + DefaultPath(""))
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open session store %s: %w", path, err)
	}
	if err := prepareFile(abs); err != nil {
		return nil, err
	}
	if err := refuseForeign(abs); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", sqliteDSN(abs))
	if err != nil {
		return nil, fmt.Errorf("open session store %s: %w", abs, err)
	}
	// A few connections let reads proceed beside a writer (WAL); writes
	// serialize on SQLite's own lock.
	db.SetMaxOpenConns(4)
	s := &SQLiteStore{sqlStore: &sqlStore{db: db, d: sqliteDialect, where: abs, newID: newID}, path: abs}
	ctx, cancel := context.WithTimeout(context.Background(), 2*busyTimeout)
	defer cancel()
	if err := s.check(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Path is the store's file.
func (s *SQLiteStore) Path() string { return s.path }

var sqliteDialect = dialect{
	name:   "SQLite",
	tables: `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`,
}

// fileURI names abs as a file: URI, so any character in the path is safe
// (a "?" or "#" in a plain path would be read as URI syntax).
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path becomes file:///C:/…
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// sqliteDSN is the store's URI with the driver's per-connection settings.
func sqliteDSN(abs string) string {
	return fileURI(abs) + fmt.Sprintf("?_journal_mode=WAL&_synchronous=FULL&_busy_timeout=%d&_foreign_keys=on&_txlock=immediate",
		busyTimeout.Milliseconds())
}

// prepareFile refuses what cannot be a session store and creates the file
// with owner-only permissions when it is missing (SQLite gives its -wal
// and -shm files the same permissions).
func prepareFile(abs string) error {
	fi, err := os.Stat(abs)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("open session store %s: it is a directory: pass a file path, such as %s", abs, filepath.Join(abs, "sessions.db"))
	case err == nil && !fi.Mode().IsRegular():
		return fmt.Errorf("open session store %s: it is not a regular file: pass a file path, such as %s", abs, DefaultPath(""))
	case err == nil:
		if fi.Size() == 0 {
			return nil // a new store another opener has just created
		}
		f, err := os.Open(abs)
		if err != nil {
			return fmt.Errorf("open session store %s: %w", abs, err)
		}
		defer f.Close()
		head := make([]byte, len(sqliteMagic))
		if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head, sqliteMagic) {
			return fmt.Errorf("open session store %s: the file is not a SQLite database, so not a querent session store: pass another path (the default is %s beside the config)",
				abs, filepath.Join(".querent", "sessions.db"))
		}
		return nil
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
			return fmt.Errorf("open session store %s: create its directory: %w", abs, err)
		}
		f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			return nil // created meanwhile by another opener
		}
		if err != nil {
			return fmt.Errorf("open session store %s: create the file: %w", abs, err)
		}
		return f.Close()
	default:
		return fmt.Errorf("open session store %s: %w", abs, err)
	}
}

// refuseForeign looks into an existing SQLite file through a read-only
// connection without settings, before the store's own connections switch
// it to WAL: a database that is not a querent store must be refused
// unchanged. migrate checks again under the write lock.
func refuseForeign(abs string) error {
	fi, err := os.Stat(abs)
	if err != nil || fi.Size() == 0 {
		return nil
	}
	db, err := sql.Open("sqlite3", fileURI(abs)+"?mode=ro")
	if err != nil {
		return fmt.Errorf("open session store %s: %w", abs, err)
	}
	defer db.Close()
	rows, err := db.Query(sqliteDialect.tables)
	if err != nil {
		return fmt.Errorf("open session store %s: read its tables: %w: is it a SQLite database?", abs, err)
	}
	defer rows.Close()
	var names []string
	own := false
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return fmt.Errorf("open session store %s: read its tables: %w", abs, err)
		}
		own = own || strings.EqualFold(n, "schema_version")
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("open session store %s: read its tables: %w", abs, err)
	}
	if len(names) > 0 && !own {
		sort.Strings(names)
		return fmt.Errorf("%s is not a querent session store: it holds %s but no schema_version table; point querent at a file of its own (the default is %s beside the config)",
			abs, strings.Join(names, ", "), filepath.Join(".querent", "sessions.db"))
	}
	return nil
}

// check confirms the settings durability depends on took effect: WAL can
// be refused (some network file systems), and a connection that silently
// fell back to another journal mode would weaken what Append promises.
func (s *SQLiteStore) check(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("open session store %s: %w", s.where, err)
	}
	defer conn.Close()
	var mode string
	var sync, fk int
	if err := conn.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil {
		return fmt.Errorf("open session store %s: %w", s.where, err)
	}
	if err := conn.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync); err != nil {
		return fmt.Errorf("open session store %s: %w", s.where, err)
	}
	if err := conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil {
		return fmt.Errorf("open session store %s: %w", s.where, err)
	}
	if !strings.EqualFold(mode, "wal") || sync != 2 || fk != 1 {
		return fmt.Errorf("open session store %s: SQLite runs with journal_mode=%s synchronous=%d foreign_keys=%d, want wal, 2 (FULL) and 1: the file system may not support WAL; put the store on a local disk",
			s.where, mode, sync, fk)
	}
	return nil
}
