package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sqlite3 "github.com/mattn/go-sqlite3"

	"querent/internal/database"
	"querent/internal/write"
)

// WriteDriverName is the database/sql driver for writable connections. Each
// one carries a write authorizer: rows of the main database's own tables may
// be inserted, updated and deleted, tables read and allow-listed functions
// called; schema changes, ATTACH, PRAGMA, SQLite's internal tables and every
// other action are denied.
const WriteDriverName = "querent-sqlite-rw"

func init() {
	sql.Register(WriteDriverName, rwDriver{})
	database.RegisterWriter("sqlite", func(ctx context.Context, dsn string) (database.WriteEngine, error) {
		w, err := OpenWrite(ctx, PathFromDSN(dsn))
		if err != nil {
			return nil, err
		}
		return w, nil
	})
}

// Writer is a writable connection to one SQLite file, separate from the
// read-only DB. It holds one connection: SQLite has a single writer anyway.
type Writer struct {
	db *sql.DB
}

var _ database.WriteEngine = (*Writer)(nil)

// OpenWrite opens the existing SQLite file at path for guarded writes. It
// never creates a file.
func OpenWrite(ctx context.Context, path string) (*Writer, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("resolving database path %q: %w", path, err)
	}
	db, err := sql.Open(WriteDriverName, "file://"+escapePath(filepath.ToSlash(abs))+"?mode=rw")
	if err != nil {
		return nil, fmt.Errorf("opening SQLite database %q for writing: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	w := &Writer{db: db}
	if err := w.withConn(ctx, func(c *rwConn) error {
		_, err := c.tables(ctx)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening SQLite database %q for writing: %w", path, Classify(err))
	}
	return w, nil
}

// Name returns "sqlite".
func (w *Writer) Name() string { return "sqlite" }

// Close closes the connection.
func (w *Writer) Close() error { return w.db.Close() }

// writeStarts are the first keywords GuardWrite accepts; the authorizer
// decides what the statement really does.
var writeStarts = []string{"INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"}

// GuardWrite checks that sql is one INSERT, UPDATE or DELETE on a table of
// the database, by preparing it under the write authorizer: SQLite itself
// reports every table the statement would write and every function it would
// call. Writes made by the table's triggers are reported too and must also
// be to the database's own tables.
func (w *Writer) GuardWrite(ctx context.Context, sql string) (database.WriteInfo, error) {
	var info database.WriteInfo
	err := w.withConn(ctx, func(c *rwConn) error {
		var err error
		info, _, err = c.guard(ctx, sql)
		return err
	})
	if err != nil {
		return info, runError(ctx, ctx, "", err)
	}
	return info, nil
}

// guard runs GuardWrite's checks on c and returns the statement to run.
func (c *rwConn) guard(ctx context.Context, sql string) (database.WriteInfo, string, error) {
	st, err := write.CheckText(sql, writeStarts...)
	if err != nil {
		return database.WriteInfo{}, "", err
	}
	s, acts, err := c.prepare(st.SQL)
	if err != nil {
		return database.WriteInfo{}, "", err
	}
	s.Close()
	if len(acts) == 0 {
		return database.WriteInfo{}, "", database.Forbidden("the statement changes no table: it is a query, not a write; run it without confirmation as a read")
	}
	known, err := c.tables(ctx)
	if err != nil {
		return database.WriteInfo{}, "", err
	}
	for _, a := range acts {
		if !known[a.table] {
			return database.WriteInfo{}, "", database.Forbidden("the statement would write %s, which is not a table of the database", a.table)
		}
	}
	info := database.WriteInfo{Kind: acts[0].kind, Table: acts[0].table}
	info.Unfiltered = info.Kind != database.WriteInsert && !st.TopLevelWhere
	return info, st.SQL, nil
}

// Preview runs sql in a transaction that is always rolled back and returns
// the rows it would change (not counting rows changed by triggers).
func (w *Writer) Preview(ctx context.Context, sql string, args []any, timeout time.Duration) (int64, error) {
	return w.run(ctx, sql, args, timeout, func(c *rwConn, rows int64) error { return nil }, false)
}

// Apply runs sql in a transaction and commits it unless it changed more
// than opts.MaxRows rows or opts.BeforeCommit fails.
func (w *Writer) Apply(ctx context.Context, sql string, args []any, opts database.ApplyOptions) (int64, error) {
	check, err := database.ApplyCheck(opts)
	if err != nil {
		return 0, err
	}
	return w.run(ctx, sql, args, opts.Timeout, func(_ *rwConn, rows int64) error { return check(rows) }, true)
}

// run guards sql, executes it in an immediate transaction, calls check with
// the rows changed, and commits when commit is set and check passes;
// otherwise it rolls back.
func (w *Writer) run(ctx context.Context, sql string, args []any, timeout time.Duration, check func(*rwConn, int64) error, commit bool) (int64, error) {
	nargs, err := namedArgs(args)
	if err != nil {
		return 0, err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	limit := ""
	if timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, timeout)
		limit = timeout.String()
	}
	defer cancel()
	var rows int64
	err = w.withConn(qctx, func(c *rwConn) error {
		_, stmt, err := c.guard(qctx, sql)
		if err != nil {
			return err
		}
		if err := c.tx("BEGIN IMMEDIATE"); err != nil {
			return fmt.Errorf("opening a write transaction: %w", err)
		}
		rows, err = c.exec(qctx, stmt, nargs)
		if err == nil {
			err = check(c, rows)
		}
		if err == nil && commit {
			if err = c.tx("COMMIT"); err == nil {
				return nil
			}
			err = fmt.Errorf("committing the write: %w", err)
		}
		if rerr := c.tx("ROLLBACK"); rerr != nil && !c.sc.AutoCommit() {
			return errors.Join(err, fmt.Errorf("rolling back the write transaction: %w: %w", rerr, errDiscard))
		}
		return err
	})
	if err != nil {
		var cb *database.CallbackError
		if errors.As(err, &cb) {
			return 0, cb.Err // BeforeCommit's own error, unchanged
		}
		return 0, runError(ctx, qctx, limit, err)
	}
	return rows, nil
}

// exec runs the guarded statement once and returns the rows it changed.
// Stepping it through a query also covers RETURNING, whose changes SQLite
// makes on the first step.
func (c *rwConn) exec(ctx context.Context, stmt string, args []driver.NamedValue) (int64, error) {
	s, _, err := c.prepare(stmt)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	if n := s.NumInput(); n != len(args) {
		return 0, &database.Error{Code: database.CodeInternal,
			Message: fmt.Sprintf("the statement has %d parameters but %d arguments were given", n, len(args))}
	}
	res, err := s.ExecContext(ctx, args)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (w *Writer) withConn(ctx context.Context, f func(c *rwConn) error) error {
	conn, err := w.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*rwConn)
		if !ok {
			return fmt.Errorf("internal error: connection is %T, not a guarded SQLite write connection", dc)
		}
		return f(c)
	})
}

// rwDriver opens connections with the write authorizer installed.
type rwDriver struct{}

// Open opens one guarded writable connection.
func (rwDriver) Open(dsn string) (driver.Conn, error) {
	st := &writeState{}
	base := &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		if _, err := c.Exec("PRAGMA trusted_schema = OFF", nil); err != nil {
			return fmt.Errorf("turning trusted_schema off: %w", err)
		}
		c.SetLimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
		c.SetLimit(sqlite3.SQLITE_LIMIT_LENGTH, maxValueBytes)
		c.RegisterAuthorizer(st.authorize)
		return verifyAuthorizer(c)
	}}
	c, err := base.Open(dsn)
	if err != nil {
		return nil, err
	}
	return &rwConn{sc: c.(*sqlite3.SQLiteConn), st: st}, nil
}

// rwConn is a guarded writable connection; like roConn it offers only
// Prepare, so database/sql cannot run multi-statement text through it.
type rwConn struct {
	sc *sqlite3.SQLiteConn
	st *writeState
}

// Prepare compiles one statement under the write authorizer.
func (c *rwConn) Prepare(query string) (driver.Stmt, error) {
	s, _, err := c.prepare(query)
	return s, err
}

// Close closes the connection.
func (c *rwConn) Close() error { return c.sc.Close() }

// Begin is refused: the engine opens its own transactions.
func (c *rwConn) Begin() (driver.Tx, error) {
	return nil, errors.New("querent-sqlite-rw: transactions are opened by the engine only")
}

// prepare compiles query alone under the write authorizer and returns the
// writes it would make, the statement's own first.
func (c *rwConn) prepare(query string) (*sqlite3.SQLiteStmt, []writeAction, error) {
	c.st.reset(false)
	ds, err := c.sc.Prepare(query)
	acts, denied := c.st.result()
	if err != nil {
		if denied != "" {
			return nil, nil, &database.Error{Code: database.CodeForbidden, Err: err,
				Message: "refused by the SQLite write authorizer: the statement would need " + denied + "; only inserting, updating and deleting rows of the database's tables is allowed"}
		}
		if strings.Contains(err.Error(), "because it is a view") {
			return nil, nil, &database.Error{Code: database.CodeForbidden, Err: err,
				Message: "refused: " + err.Error() + "; write to the table the view reads instead"}
		}
		return nil, nil, Classify(err)
	}
	s, ok := ds.(*sqlite3.SQLiteStmt)
	if !ok {
		ds.Close()
		return nil, nil, fmt.Errorf("internal error: prepared statement is %T", ds)
	}
	tail, ok := tailOf(s)
	if !ok {
		s.Close()
		return nil, nil, errors.New("internal error: cannot read the unparsed tail of a prepared statement from mattn/go-sqlite3")
	}
	if tail != "" {
		s.Close()
		return nil, nil, database.Forbidden("more than one statement: SQLite found more SQL after the first statement (%q)", clip(tail))
	}
	return s, acts, nil
}

// tx runs the engine's own transaction control.
func (c *rwConn) tx(stmt string) error {
	c.st.reset(true)
	_, err := c.sc.Exec(stmt, nil)
	c.st.reset(false)
	return err
}

// tables lists the database's tables (not views, not SQLite's own).
func (c *rwConn) tables(ctx context.Context) (map[string]bool, error) {
	s, _, err := c.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	r, err := s.QueryContext(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	names := map[string]bool{}
	dest := make([]driver.Value, 1)
	for {
		if err := r.Next(dest); err != nil {
			if err == io.EOF {
				return names, nil
			}
			return nil, err
		}
		names[text(dest[0])] = true
	}
}

// writeAction is one write the authorizer saw.
type writeAction struct {
	kind  database.WriteKind
	table string
}

// writeState is the write authorizer's per-connection state.
type writeState struct {
	mu     sync.Mutex
	tx     bool
	acts   []writeAction
	denied string
}

func (s *writeState) reset(tx bool) {
	s.mu.Lock()
	s.tx, s.acts, s.denied = tx, nil, ""
	s.mu.Unlock()
}

func (s *writeState) result() ([]writeAction, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.acts, s.denied
}

// authorize is the write authorizer callback.
func (s *writeState) authorize(action int, arg1, arg2, dbName string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	why := s.refusal(action, arg1, arg2, dbName)
	if why == "" {
		return sqlite3.SQLITE_OK
	}
	if s.denied == "" {
		s.denied = why
	}
	return sqlite3.SQLITE_DENY
}

// refusal is the write policy: "" allows the action. Everything not listed
// is denied.
func (s *writeState) refusal(action int, arg1, arg2, dbName string) string {
	switch action {
	case sqlite3.SQLITE_SELECT, sqliteRecursive:
		return ""
	case sqlite3.SQLITE_READ:
		if strings.HasPrefix(strings.ToLower(arg1), "pragma_") {
			return "reading the pragma function " + arg1
		}
		return ""
	case sqlite3.SQLITE_FUNCTION:
		if allowedFunctions[strings.ToLower(arg2)] {
			return ""
		}
		return "calling the function " + arg2 + "()"
	case sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE:
		if strings.HasPrefix(strings.ToLower(arg1), internalPrefix) {
			return describe(action, arg1, arg2) + " (SQLite's own table)"
		}
		if dbName != "main" {
			return describe(action, arg1, arg2) + " in the " + dbName + " database"
		}
		kind := map[int]database.WriteKind{sqlite3.SQLITE_INSERT: database.WriteInsert,
			sqlite3.SQLITE_UPDATE: database.WriteUpdate, sqlite3.SQLITE_DELETE: database.WriteDelete}[action]
		s.acts = append(s.acts, writeAction{kind: kind, table: arg1})
		return ""
	case sqlite3.SQLITE_TRANSACTION:
		if s.tx && (arg1 == "BEGIN" || arg1 == "COMMIT" || arg1 == "ROLLBACK") {
			return ""
		}
		return "transaction control (" + arg1 + ")"
	}
	return describe(action, arg1, arg2)
}
