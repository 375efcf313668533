// Package sqlite is querent's SQLite engine, built on mattn/go-sqlite3. It
// registers itself as the "sqlite" scheme ("sqlite:path/to/file.db") and
// claims bare paths ending in .db, .sqlite or .sqlite3.
//
// Read-only is enforced in layers, none trusted alone:
//
//   - guard.Check refuses multi-statement text, statements that do not start
//     with SELECT, WITH or VALUES, and writing keywords;
//   - the file is opened with mode=ro and query_only, with trusted_schema off
//     and ATTACH limited to zero databases;
//   - every connection carries an authorizer (see DriverName) that allows
//     reads and an allow-list of built-in functions and denies everything
//     else, whether the statement came through Guard or not;
//   - each statement is prepared alone: a leftover tail is refused, only the
//     first statement is ever compiled or run, and sqlite3_stmt_readonly
//     must agree that it writes nothing (VACUUM never reaches the
//     authorizer, so this check is what stops VACUUM INTO);
//   - queries run inside a transaction that is always rolled back.
//
// The database file is never written. One caveat comes from SQLite itself: a
// database in WAL mode needs its -wal and -shm files to be read, so a reader
// creates them beside the file when they are missing; the database itself
// is left unchanged.
package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	sqlite3 "github.com/mattn/go-sqlite3"

	"querent/internal/database"
)

func init() {
	database.Register("sqlite", func(ctx context.Context, dsn string) (database.Engine, error) {
		db, err := Open(ctx, PathFromDSN(dsn))
		if err != nil {
			return nil, err // not a nil *DB inside a non-nil Engine
		}
		return db, nil
	}, IsPath)
}

// maxConns bounds the pool. SQLite serves concurrent readers well; a few
// connections are enough for the agent and an HTTP server's parallel
// requests without holding many file descriptors.
const maxConns = 4

// DB is an open SQLite database, read-only. It is safe for concurrent use.
type DB struct {
	db *sql.DB

	mu sync.Mutex
	// objects caches the names of tables and views, as SQLite spells them,
	// for Guard to tell them from CTEs and table-valued functions.
	objects map[string]bool
}

var _ database.Engine = (*DB)(nil)

// IsPath reports whether dsn is a bare path to a SQLite file: one ending in
// .db, .sqlite or .sqlite3, in any letter case.
func IsPath(dsn string) bool {
	switch strings.ToLower(filepath.Ext(dsn)) {
	case ".db", ".sqlite", ".sqlite3":
		return true
	}
	return false
}

// PathFromDSN returns the file path of "sqlite:PATH" or "sqlite://PATH"
// (the scheme in any letter case); other DSNs are returned unchanged, as
// bare paths.
func PathFromDSN(dsn string) string {
	const scheme = "sqlite:"
	if len(dsn) >= len(scheme) && strings.EqualFold(dsn[:len(scheme)], scheme) {
		dsn = dsn[len(scheme):]
		// "sqlite://demo.db" and "sqlite:///abs/demo.db" are URL-style
		// spellings of "sqlite:demo.db" and "sqlite:/abs/demo.db".
		dsn = strings.TrimPrefix(dsn, "//")
	}
	return dsn
}

// sqliteHeader is the first 16 bytes of every SQLite 3 database file.
const sqliteHeader = "SQLite format 3\x00"

// Open opens the SQLite database file at path read-only. The file must
// exist and be a SQLite database; Open never creates one.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("resolving database path %q: %w", path, err)
	}
	db, err := sql.Open(DriverName, roDSN(abs))
	if err != nil {
		return nil, fmt.Errorf("opening SQLite database %q: %w", path, err)
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	d := &DB{db: db}
	// Read the schema once now, so a corrupt, encrypted or locked file is
	// reported by Open and not by the first question.
	err = d.withConn(ctx, func(c *roConn) error {
		return c.each(ctx, "SELECT count(*) FROM sqlite_schema", nil, func([]driver.Value) error { return nil })
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("opening SQLite database %q: %w", path, err)
	}
	return d, nil
}

// checkFile refuses paths that are missing, not regular files, or not
// SQLite databases, with messages that say what to do.
func checkFile(path string) error {
	if strings.TrimSpace(path) == "" {
		return errors.New("no SQLite database path given: use sqlite:PATH or a path ending in .db")
	}
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no such database file %q; create the demo one with `querent demo --out demo.db`", path)
	}
	if err != nil {
		return fmt.Errorf("checking database file: %w", err)
	}
	if fi.IsDir() {
		return fmt.Errorf("%q is a directory, not a SQLite database file", path)
	}
	if fi.Size() == 0 {
		return fmt.Errorf("%q is empty, not a SQLite database; create the demo one with `querent demo --out demo.db`", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("opening database file: %w", err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head, []byte(sqliteHeader)) {
		return fmt.Errorf("%q is not a SQLite database (it does not start with the SQLite 3 file header)", path)
	}
	return nil
}

// roDSN is the driver DSN for a read-only connection to the file at abs.
// The path is percent-escaped so that '?', '#' or '%' in it cannot end the
// path early or add URI parameters.
func roDSN(abs string) string {
	return "file://" + escapePath(filepath.ToSlash(abs)) + "?mode=ro&_query_only=1"
}

// escapePath percent-encodes every byte of p except unreserved URI
// characters and '/', which SQLite's URI parser decodes back. A Windows
// drive ("C:/x") keeps its colon and gains the leading slash URIs need.
func escapePath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	if len(p) >= 2 && p[1] == ':' && ((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z')) {
		b.WriteString("/" + p[:2])
		p = p[2:]
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '/' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// Name returns "sqlite".
func (d *DB) Name() string { return "sqlite" }

// Close closes every connection.
func (d *DB) Close() error { return d.db.Close() }

// withConn runs f on one guarded connection held exclusively. An error
// wrapping driver.ErrBadConn makes database/sql discard the connection
// instead of reusing it.
func (d *DB) withConn(ctx context.Context, f func(c *roConn) error) error {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*roConn)
		if !ok {
			return fmt.Errorf("internal error: connection is %T, not a guarded SQLite connection", dc)
		}
		defer c.st.reset(modeUser)
		return f(c)
	})
}

// prepared is a statement compiled under the authorizer, with what the
// authorizer saw.
type prepared struct {
	stmt  *sqlite3.SQLiteStmt
	reads map[string]struct{}
}

// prepare compiles query on c in mode m and applies the statement-level
// checks: the authorizer allowed every action, SQLite parsed it as a single
// statement, and SQLite considers it read-only.
func (c *roConn) prepare(query string, m mode) (*prepared, error) {
	c.st.reset(m)
	ds, err := c.sc.Prepare(query)
	reads, denied := c.st.result()
	if err != nil {
		if denied != "" {
			return nil, &database.Error{Code: database.CodeForbidden, Err: err,
				Message: "refused by the SQLite authorizer: the statement would need " + denied + "; only reading tables with built-in functions is allowed"}
		}
		return nil, Classify(err)
	}
	s, ok := ds.(*sqlite3.SQLiteStmt)
	if !ok {
		ds.Close()
		return nil, fmt.Errorf("internal error: prepared statement is %T", ds)
	}
	tail, ok := tailOf(s)
	if !ok {
		// Fail closed: without the tail, a second statement hidden from
		// guard.Check would go unnoticed (though it would never run).
		s.Close()
		return nil, errors.New("internal error: cannot read the unparsed tail of a prepared statement from mattn/go-sqlite3 (see TestTailIsVisible)")
	}
	if tail != "" {
		s.Close()
		return nil, database.Forbidden("more than one statement: SQLite found more SQL after the first statement (%q); send a single SELECT", clip(tail))
	}
	if !s.Readonly() {
		s.Close()
		return nil, database.Forbidden("SQLite reports that this statement would write to the database; only read-only queries are allowed")
	}
	return &prepared{stmt: s, reads: reads}, nil
}

// rowsCloser closes both the rows and their statement.
type rowsCloser struct {
	*sqlite3.SQLiteRows
	stmt *sqlite3.SQLiteStmt
}

// Close closes the rows, then the statement.
func (r *rowsCloser) Close() error {
	err := r.SQLiteRows.Close()
	if cerr := r.stmt.Close(); err == nil {
		err = cerr
	}
	return err
}

// run binds args and starts the statement; on error the statement is
// closed. With exactArgs, the number of args must match the parameters.
func (p *prepared) run(ctx context.Context, args []driver.NamedValue, exactArgs bool) (*rowsCloser, error) {
	if n := p.stmt.NumInput(); exactArgs && n != len(args) {
		p.stmt.Close()
		return nil, &database.Error{Code: database.CodeInternal,
			Message: fmt.Sprintf("the statement has %d parameters but %d arguments were given", n, len(args))}
	}
	r, err := p.stmt.QueryContext(ctx, args)
	if err != nil {
		p.stmt.Close()
		return nil, err
	}
	rows, ok := r.(*sqlite3.SQLiteRows)
	if !ok {
		r.Close()
		p.stmt.Close()
		return nil, fmt.Errorf("internal error: rows are %T", r)
	}
	return &rowsCloser{SQLiteRows: rows, stmt: p.stmt}, nil
}

// namedArgs converts query arguments the way database/sql would: driver
// Valuers are called, Go integer and float kinds widened, and sql.NamedArg
// binds by name.
func namedArgs(args []any) ([]driver.NamedValue, error) {
	out := make([]driver.NamedValue, len(args))
	for i, a := range args {
		nv := driver.NamedValue{Ordinal: i + 1}
		if na, ok := a.(sql.NamedArg); ok {
			nv.Name = na.Name
			a = na.Value
		}
		v, err := driver.DefaultParameterConverter.ConvertValue(a)
		if err != nil {
			return nil, &database.Error{Code: database.CodeInternal, Err: err,
				Message: fmt.Sprintf("argument %d (%T) cannot be bound: %v", i+1, a, err)}
		}
		nv.Value = v
		out[i] = nv
	}
	return out, nil
}

// clip shortens text quoted in a message.
func clip(s string) string {
	r := []rune(s)
	if len(r) <= 60 {
		return s
	}
	return string(r[:60]) + "…"
}
