// Package database is the engine registry and the contract every engine
// adapter meets: introspection, a guard for raw SQL, and read-only execution
// with limits. Adapters live in sub-packages and register themselves from
// init(); callers pick one with [Open] and a DSN.
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"querent/internal/schema"
)

// Engine is one open database.
type Engine interface {
	// Name is the engine's dialect name: "sqlite", "postgres", "mysql",
	// "sqlserver" or "duckdb". The compiler picks its dialect by this name.
	Name() string
	// Introspect reads the schema: tables, views, columns, keys, row counts
	// and sample values.
	Introspect(ctx context.Context) (*schema.Schema, error)
	// Guard checks that sql is a single read-only statement over known tables
	// using only allowed functions, and returns the tables it reads. A refusal
	// is an *Error with Code CodeForbidden (or CodeSyntax when it does not
	// parse).
	Guard(ctx context.Context, sql string) (tables []string, err error)
	// Query runs one guarded statement read-only with bound args and limits.
	// Errors are *Error values with a classified Code.
	Query(ctx context.Context, sql string, args []any, lim Limits) (*Result, error)
	// Explain asks the engine to plan the statement without running it, which
	// catches unknown names and type errors before execution.
	Explain(ctx context.Context, sql string, args []any) error
	Close() error
}

// Limits bound one execution.
type Limits struct {
	// MaxRows caps the rows returned; the result says Truncated when more
	// existed. Zero or less means the engine's default cap (10,000 rows):
	// there is never an unbounded read.
	MaxRows int
	// Timeout is enforced by the engine where it can (statement timeout) and by
	// the context always. Zero means no statement timeout beyond ctx.
	Timeout time.Duration
}

// Result is a query result, capped at Limits.MaxRows.
type Result struct {
	Columns []string `json:"columns"`
	// Rows hold driver values normalised to JSON-friendly Go types: nil,
	// int64, float64, string or bool. Engines that store dates as text
	// (SQLite) return them as stored; date types of server engines come
	// back as ISO 8601 text.
	Rows      [][]any       `json:"rows"`
	Truncated bool          `json:"truncated"`
	Elapsed   time.Duration `json:"-"`
}

// Code classifies an engine error so the agent can decide what to do without
// knowing the engine.
type Code string

// Error codes. CodeForbidden is a guard refusal; the rest come from execution.
const (
	CodeForbidden    Code = "forbidden"
	CodeSyntax       Code = "syntax_error"
	CodeNoTable      Code = "table_not_found"
	CodeNoColumn     Code = "column_not_found"
	CodeAmbiguous    Code = "ambiguous_column"
	CodeTypeMismatch Code = "type_mismatch"
	CodeTimeout      Code = "timeout"
	CodeCanceled     Code = "canceled"
	CodeUnavailable  Code = "unavailable"
	CodeInternal     Code = "internal"
)

// Error is a classified engine error.
type Error struct {
	Code Code
	// Message is safe to show to users and to the LLM.
	Message string
	// Name is the unknown table or column for CodeNoTable / CodeNoColumn.
	Name string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil && e.Message == "" {
		return fmt.Sprintf("%s: %v", e.Code, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the Code of err if it is an *Error, else CodeInternal.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// Forbidden returns a guard refusal with a message that names what was refused.
func Forbidden(format string, args ...any) *Error {
	return &Error{Code: CodeForbidden, Message: fmt.Sprintf(format, args...)}
}

// Opener opens an engine for a DSN that its driver accepts.
type Opener func(ctx context.Context, dsn string) (Engine, error)

var (
	mu      sync.RWMutex
	openers = map[string]Opener{}
	// matchers decide which registered engine a DSN without a scheme is for.
	matchers = map[string]func(dsn string) bool{}
)

// Register makes an engine available under scheme ("sqlite", "postgres", ...).
// match, when non-nil, claims DSNs without a scheme (such as a bare file path).
// It panics on a duplicate scheme, which is a programming error.
func Register(scheme string, open Opener, match func(dsn string) bool) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := openers[scheme]; dup {
		panic("database: Register called twice for " + scheme)
	}
	openers[scheme] = open
	if match != nil {
		matchers[scheme] = match
	}
}

// Schemes lists the registered engine schemes, sorted.
func Schemes() []string {
	mu.RLock()
	defer mu.RUnlock()
	var s []string
	for k := range openers {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// Open opens the engine a DSN names: "scheme:rest" or "scheme://rest" for a
// registered scheme, or a bare value some engine's matcher claims (a path to
// a .db file, say).
func Open(ctx context.Context, dsn string) (Engine, error) {
	if strings.TrimSpace(dsn) == "" {
		return nil, errors.New("no database given: pass --db with a path such as demo.db or a DSN such as sqlite:demo.db")
	}
	mu.RLock()
	var open Opener
	if i := strings.Index(dsn, ":"); i > 0 {
		open = openers[strings.ToLower(dsn[:i])]
	}
	if open == nil {
		// Sorted, so a DSN two engines could claim always goes to the same one.
		schemes := make([]string, 0, len(matchers))
		for scheme := range matchers {
			schemes = append(schemes, scheme)
		}
		sort.Strings(schemes)
		for _, scheme := range schemes {
			if matchers[scheme](dsn) {
				open = openers[scheme]
				break
			}
		}
	}
	mu.RUnlock()
	if open == nil {
		return nil, fmt.Errorf("cannot tell which database %q is: use a path ending in .db, .sqlite, .sqlite3, .duckdb, .csv or .parquet (or a folder of CSV/Parquet files), or a DSN starting with one of %s",
			Redact(dsn), strings.Join(Schemes(), ":, ")+":")
	}
	return open(ctx, dsn)
}

// Redact hides a password in a URL-style DSN so it can be printed or logged.
func Redact(dsn string) string {
	at := strings.LastIndex(dsn, "@")
	scheme := strings.Index(dsn, "://")
	if at < 0 || scheme < 0 || at < scheme {
		return dsn
	}
	userinfo := dsn[scheme+3 : at]
	if i := strings.Index(userinfo, ":"); i >= 0 {
		return dsn[:scheme+3] + userinfo[:i] + ":xxxxx" + dsn[at:]
	}
	return dsn
}

// AdminOpener opens an ordinary read-write connection for a DSN. It exists
// only so `querent demo --db DSN` can load the demo dataset into a server;
// nothing that answers questions ever uses it.
type AdminOpener func(ctx context.Context, dsn string) (*sql.DB, error)

var admins = map[string]AdminOpener{}

// RegisterAdmin makes a read-write opener available for scheme.
func RegisterAdmin(scheme string, open AdminOpener) {
	mu.Lock()
	defer mu.Unlock()
	admins[scheme] = open
}

// OpenAdmin opens a read-write connection for loading demo data, and returns
// the engine name the DSN is for.
func OpenAdmin(ctx context.Context, dsn string) (*sql.DB, string, error) {
	mu.RLock()
	var (
		open   AdminOpener
		scheme string
	)
	if i := strings.Index(dsn, ":"); i > 0 {
		scheme = strings.ToLower(dsn[:i])
		open = admins[scheme]
	}
	mu.RUnlock()
	if open == nil {
		var known []string
		for s := range admins {
			known = append(known, s+"://…")
		}
		sort.Strings(known)
		return nil, "", fmt.Errorf("cannot load the demo into %q: use --out PATH for SQLite, or a DSN for one of %s", Redact(dsn), strings.Join(known, ", "))
	}
	db, err := open(ctx, dsn)
	return db, scheme, err
}
