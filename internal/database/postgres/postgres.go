// Package postgres is querent's PostgreSQL engine, built on pgx v5. It
// registers itself for the "postgres" and "postgresql" schemes
// ("postgres://user:password@host:5432/db?sslmode=disable"), both for
// answering questions ([Open]) and, separately, for loading the demo
// dataset read-write (database.RegisterAdmin).
//
// Read-only is enforced in layers, none trusted alone:
//
//   - guard.Check refuses multi-statement text, statements that do not start
//     with SELECT, WITH or VALUES, and writing keywords;
//   - Guard parses the statement with PostgreSQL's own grammar (pg_query_go)
//     and walks the whole tree: one SELECT, an allow-list of node types (no
//     INSERT, UPDATE, DELETE or MERGE anywhere, no SELECT INTO, no locking
//     clauses), an allow-list of built-in functions, operators and cast
//     targets, no system catalogs, and every table known to introspection.
//     Query and Explain apply the same checks themselves;
//   - caller SQL only ever travels by the extended protocol, which refuses
//     more than one statement per message, never by pgx's simple protocol;
//   - it runs inside a READ ONLY transaction (connections also default to
//     read-only) that is always rolled back, with statement_timeout and
//     idle_in_transaction_session_timeout set locally, and with pg_catalog
//     pinned first on the search path so no user schema can shadow a
//     built-in function, operator or type.
//
// What no layer can judge is the database's own objects: a view or a
// row-level security policy that calls a function with side effects runs
// it when read. Connect as a role that may only read (GRANT SELECT, no
// ownership) so that such objects cannot be created by whoever asks
// questions.
//
// Introspection reads every schema the role can use in one pipelined batch
// of catalog queries (see [DB.Introspect]); row counts and sample values
// come from the planner's statistics, so running ANALYZE improves them.
//
// It needs PostgreSQL 12 or later (the catalog queries use
// pg_partition_tree and MATERIALIZED CTEs).
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"querent/internal/database"
)

func init() {
	open := func(ctx context.Context, dsn string) (database.Engine, error) {
		db, err := Open(ctx, dsn)
		if err != nil {
			return nil, err // not a nil *DB inside a non-nil Engine
		}
		return db, nil
	}
	for _, scheme := range []string{"postgres", "postgresql"} {
		database.Register(scheme, open, nil)
		database.RegisterAdmin(scheme, OpenAdmin)
	}
}

// connectTimeout bounds connecting when the DSN sets no connect_timeout, so
// an unreachable host fails in seconds rather than at the TCP default.
const connectTimeout = 10 * time.Second

// DB is an open PostgreSQL database, used read-only. It is safe for
// concurrent use.
type DB struct {
	pool  *pgxpool.Pool
	count *counter

	// snap is what Guard knows about the database; loadMu serialises
	// reloading it.
	snap   atomic.Pointer[snapshot]
	loadMu sync.Mutex
}

var _ database.Engine = (*DB)(nil)

// Open connects to the PostgreSQL server a postgres:// or postgresql://
// DSN names and checks that it answers. Connections run as the DSN's role;
// one that may only read is the right choice (see the package comment).
// Errors never contain the DSN's password.
func Open(ctx context.Context, dsn string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("invalid PostgreSQL DSN %s: %s; write it as postgres://user:password@host:5432/dbname?sslmode=disable",
			scrub(database.Redact(dsn), dsn), scrub(err.Error(), dsn))
	}
	cc := cfg.ConnConfig
	// Whatever the DSN says (default_query_exec_mode=simple_protocol is a
	// valid pgx option), statements go by the extended protocol. The engine
	// also names the mode on every call; this is the fallback.
	cc.DefaultQueryExecMode = pgx.QueryExecModeExec
	if cc.ConnectTimeout == 0 {
		cc.ConnectTimeout = connectTimeout
	}
	if cc.RuntimeParams == nil {
		cc.RuntimeParams = map[string]string{}
	}
	if cc.RuntimeParams["application_name"] == "" {
		cc.RuntimeParams["application_name"] = "querent"
	}
	// A statement that somehow ran outside the engine's READ ONLY
	// transaction would still be read-only.
	cc.RuntimeParams["default_transaction_read_only"] = "on"
	count := &counter{}
	cc.Tracer = count
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening PostgreSQL %s: %s", scrub(database.Redact(dsn), dsn), scrub(err.Error(), dsn))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, connectError(err, cc, dsn)
	}
	return &DB{pool: pool, count: count}, nil
}

// connectError describes a failed connection without the password.
func connectError(err error, cc *pgx.ConnConfig, dsn string) error {
	msg := fmt.Sprintf("cannot connect to PostgreSQL at %s:%d (database %q, user %q): %s; check that the server is running and accepts TCP connections, and the DSN's user, password and database",
		cc.Host, cc.Port, cc.Database, cc.User, scrub(err.Error(), dsn))
	return &database.Error{Code: database.CodeUnavailable, Message: msg, Err: errors.New(msg)}
}

// OpenAdmin opens an ordinary read-write connection pool (pgx's
// database/sql driver) for loading the demo dataset. Nothing that answers
// questions uses it.
func OpenAdmin(ctx context.Context, dsn string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("invalid PostgreSQL DSN %s: %s; write it as postgres://user:password@host:5432/dbname?sslmode=disable",
			scrub(database.Redact(dsn), dsn), scrub(err.Error(), dsn))
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	db := stdlib.OpenDB(*cfg)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, connectError(err, cfg, dsn)
	}
	return db, nil
}

// Name returns "postgres", the dialect name, for either scheme.
func (d *DB) Name() string { return "postgres" }

// Close closes every connection.
func (d *DB) Close() error {
	d.pool.Close()
	return nil
}

// scrub removes the password of dsn from msg, in every spelling it may
// take there (as written in the URL, percent-decoded, or as a password=
// parameter), for messages that quote a DSN or a driver error about it.
func scrub(msg, dsn string) string {
	var secrets []string
	if u, err := url.Parse(dsn); err == nil {
		if u.User != nil {
			if pw, ok := u.User.Password(); ok {
				secrets = append(secrets, pw, url.QueryEscape(pw), url.PathEscape(pw))
			}
		}
		if pw := u.Query().Get("password"); pw != "" {
			secrets = append(secrets, pw, url.QueryEscape(pw))
		}
	}
	// The userinfo as written, for DSNs url.Parse rejects.
	if i, at := strings.Index(dsn, "://"), strings.LastIndex(dsn, "@"); i >= 0 && at > i {
		if _, pw, ok := strings.Cut(dsn[i+3:at], ":"); ok {
			secrets = append(secrets, pw)
		}
	}
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "xxxxx")
		}
	}
	return msg
}

// counter is a pgx tracer that counts the statements the engine sends and
// the network round trips they take: one per statement, two for a
// statement described before it runs (QueryExecModeDescribeExec), and one
// per pipelined batch however many statements it holds.
type counter struct {
	statements, roundTrips atomic.Int64
}

// TraceQueryStart counts one statement.
func (c *counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.statements.Add(1)
	c.roundTrips.Add(1)
	if len(data.Args) > 0 && data.Args[0] == pgx.QueryExecModeDescribeExec {
		c.roundTrips.Add(1)
	}
	return ctx
}

// TraceQueryEnd does nothing.
func (c *counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart counts one round trip and the batch's statements.
func (c *counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	c.roundTrips.Add(1)
	c.statements.Add(int64(data.Batch.Len()))
	return ctx
}

// TraceBatchQuery does nothing.
func (c *counter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

// TraceBatchEnd does nothing.
func (c *counter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}
