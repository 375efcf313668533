package database

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// WriteKind is what a data-changing statement does.
type WriteKind string

// The kinds of statement a WriteEngine accepts. Everything else (DDL,
// MERGE, procedure calls, settings) is refused.
const (
	WriteInsert WriteKind = "insert"
	WriteUpdate WriteKind = "update"
	WriteDelete WriteKind = "delete"
)

// CodeDataChanged reports that applying a previewed write would have changed
// more rows than the preview counted: the data changed in between, so the
// write was rolled back and must be previewed again.
const CodeDataChanged Code = "data_changed"

// WriteInfo is what GuardWrite learned about an accepted statement.
type WriteInfo struct {
	Kind WriteKind `json:"kind"`
	// Table is the table the statement changes, as the engine spells it.
	Table string `json:"table"`
	// Unfiltered is true for an UPDATE or DELETE without a WHERE clause,
	// which changes every row of the table: allowed, but worth a warning.
	Unfiltered bool `json:"unfiltered"`
}

// ApplyOptions bound one WriteEngine.Apply.
type ApplyOptions struct {
	// Timeout is the statement timeout; zero means none beyond ctx.
	Timeout time.Duration
	// MaxRows is the most rows the statement may change: the previewed
	// count. More means the data changed since the preview, and the write is
	// rolled back with CodeDataChanged.
	MaxRows int64
	// BeforeCommit, when set, runs after the statement and before COMMIT
	// with the rows it changed; an error rolls the write back. The write
	// package records the audit entry here, so no write commits unaudited.
	BeforeCommit func(rows int64) error
}

// WriteEngine is a separate, writable connection to one database, opened
// with [OpenWrite] only when an administrator set allow_writes. The read
// engine ([Engine]) never writes and is never used for this.
type WriteEngine interface {
	// Name is the engine's dialect name, as Engine.Name.
	Name() string
	// GuardWrite checks that sql is exactly one INSERT, UPDATE or DELETE
	// (INSERT … SELECT included) on a known table of the database, with no
	// DDL, no writes to system catalogs and only allow-listed functions.
	// A refusal is an *Error with CodeForbidden (CodeSyntax when it does not
	// parse, CodeNoTable for an unknown table).
	GuardWrite(ctx context.Context, sql string) (WriteInfo, error)
	// Preview runs the guarded statement inside a transaction that is always
	// rolled back and returns how many rows it would change.
	Preview(ctx context.Context, sql string, args []any, timeout time.Duration) (rows int64, err error)
	// Apply runs the guarded statement in a transaction and commits it,
	// unless it changed more than opts.MaxRows rows (CodeDataChanged) or
	// opts.BeforeCommit failed; then nothing is changed.
	Apply(ctx context.Context, sql string, args []any, opts ApplyOptions) (rows int64, err error)
	Close() error
}

// WriteOpener opens a writable connection for a DSN its engine accepts.
type WriteOpener func(ctx context.Context, dsn string) (WriteEngine, error)

var writers = map[string]WriteOpener{}

// RegisterWriter makes writes available for scheme, an engine already
// registered with [Register]. It panics on a duplicate, a programming error.
func RegisterWriter(scheme string, open WriteOpener) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := writers[scheme]; dup {
		panic("database: RegisterWriter called twice for " + scheme)
	}
	writers[scheme] = open
}

// OpenWrite opens a separate writable connection to the database a DSN
// names, resolving the DSN exactly as [Open] does. Callers must only call it
// when the configuration allows writes; it checks nothing of the kind.
func OpenWrite(ctx context.Context, dsn string) (WriteEngine, error) {
	if strings.TrimSpace(dsn) == "" {
		return nil, errors.New("no database given: pass --db with a path or DSN")
	}
	scheme := schemeOf(dsn)
	if scheme == "" {
		return nil, fmt.Errorf("cannot tell which database %q is: use a path ending in .db, .sqlite, .sqlite3 or .duckdb, or a DSN starting with one of %s", Redact(dsn), strings.Join(Schemes(), ":, ")+":")
	}
	mu.RLock()
	open := writers[scheme]
	mu.RUnlock()
	if open == nil {
		return nil, Forbidden("the %s engine cannot write: %s", scheme, noWriterReason(scheme))
	}
	return open(ctx, dsn)
}

func noWriterReason(scheme string) string {
	switch scheme {
	case "csv", "parquet":
		return "CSV and Parquet files are loaded into an in-memory copy, so there is nowhere to write changes to; edit the files themselves"
	}
	return "no writer is built for it"
}

// schemeOf returns the registered scheme a DSN is for, as Open resolves it,
// or "" when none claims it.
func schemeOf(dsn string) string {
	mu.RLock()
	defer mu.RUnlock()
	if i := strings.Index(dsn, ":"); i > 0 {
		if s := strings.ToLower(dsn[:i]); openers[s] != nil {
			return s
		}
	}
	schemes := make([]string, 0, len(matchers))
	for scheme := range matchers {
		schemes = append(schemes, scheme)
	}
	sort.Strings(schemes)
	for _, scheme := range schemes {
		if matchers[scheme](dsn) {
			return scheme
		}
	}
	return ""
}

// CallbackError carries an error returned by a caller's callback (a
// Streamer's row function, ApplyOptions.BeforeCommit) through an engine's
// error classification unchanged, so errors.Is still finds the caller's
// error instead of a classified engine error.
type CallbackError struct{ Err error }

func (e *CallbackError) Error() string { return e.Err.Error() }
func (e *CallbackError) Unwrap() error { return e.Err }

// ApplyCheck returns the check every engine's Apply runs on the rows a
// statement changed, inside its transaction and before COMMIT: more rows
// than the preview showed means the data changed since, and the write is
// rolled back; then BeforeCommit (the audit record) must succeed.
func ApplyCheck(opts ApplyOptions) (func(rows int64) error, error) {
	if opts.MaxRows < 0 {
		return nil, &Error{Code: CodeInternal, Message: "apply needs the previewed row count (MaxRows), got a negative number"}
	}
	return func(rows int64) error {
		if rows > opts.MaxRows {
			return &Error{Code: CodeDataChanged,
				Message: fmt.Sprintf("the statement would now change %d rows, more than the %d shown in the preview: the data changed since then, so nothing was changed; preview it again", rows, opts.MaxRows)}
		}
		if opts.BeforeCommit != nil {
			if err := opts.BeforeCommit(rows); err != nil {
				return &CallbackError{Err: err}
			}
		}
		return nil
	}, nil
}
