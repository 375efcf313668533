// Package mysql is querent's MySQL and MariaDB engine, built on
// go-sql-driver/mysql. It registers itself as the "mysql" and "mariadb"
// schemes (mysql://user:pass@host:port/db) and works on the database the
// DSN names: that is the database it introspects and the one Guard resolves
// table names in.
//
// Read-only is enforced in layers, none trusted alone:
//
//   - guard.Check refuses multi-statement text, statements that do not start
//     with SELECT, WITH or VALUES, writing keywords and /*! executable
//     comments;
//   - the statement is then parsed with the TiDB parser, which reads MySQL's
//     grammar (and its executable comments) as the server does: it must be
//     exactly one SELECT, set operation, TABLE or VALUES statement, with no
//     INTO, no locking clause, no optimizer hints, no variables, nothing
//     from the server's own schemas (mysql, performance_schema, sys,
//     information_schema), and only functions on an allow-list of
//     read-only built-ins (see allowedFunctions);
//   - the driver runs with multiStatements off, so the server itself refuses
//     a second statement, and without client-side interpolation, so values
//     never become SQL text;
//   - every connection is read-only for the session (tx_read_only, or
//     transaction_read_only on MySQL) and every query runs inside START
//     TRANSACTION READ ONLY, which is always rolled back;
//   - a server-side statement timeout (max_statement_time on MariaDB,
//     max_execution_time on MySQL) stops slow queries on the server, and a
//     query whose caller gives up is killed on the server rather than left
//     running behind a closed socket.
//
// The user querent connects as should still be granted SELECT only: that is
// the one layer a bug in querent cannot remove.
package mysql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	gomysql "github.com/go-sql-driver/mysql"

	"querent/internal/database"
)

func init() {
	for _, scheme := range []string{"mysql", "mariadb"} {
		database.Register(scheme, func(ctx context.Context, dsn string) (database.Engine, error) {
			db, err := Open(ctx, dsn)
			if err != nil {
				return nil, err // not a nil *DB inside a non-nil Engine
			}
			return db, nil
		}, nil)
		database.RegisterAdmin(scheme, OpenAdmin)
	}
}

// maxConns bounds the query pool: enough for an HTTP server's parallel
// questions without holding many server threads.
const maxConns = 8

// connMaxLifetime recycles connections, so a server-side change (a new
// sql_mode, a failover) reaches querent without a restart.
const connMaxLifetime = 30 * time.Minute

// DB is an open MySQL or MariaDB database, used read-only. It is safe for
// concurrent use.
type DB struct {
	db *sql.DB
	// killer is a separate small pool for KILL, so stopping a query
	// never waits behind the queries that fill the main pool.
	killer *sql.DB
	srv    server

	mu sync.Mutex
	// objects caches the names of the database's tables and views, as the
	// server spells them, for Guard to resolve names against.
	objects map[string]bool
	// loadObjects lists the tables and views; tests replace it to run the
	// guard without a server.
	loadObjects func(ctx context.Context) (map[string]bool, error)
}

var _ database.Engine = (*DB)(nil)

// server is what Open learns about the server once; it does not change
// while the DB is open.
type server struct {
	version string
	mariaDB bool
	// database is the connected database, the one unqualified names mean.
	database string
	// sqlMode is the sql_mode every connection is pinned to, so the guard's
	// parser and the server read the same text the same way.
	sqlMode string
	// foldCase is true when the server compares table names
	// case-insensitively (lower_case_table_names 1 or 2).
	foldCase bool
}

// Open connects to the database a mysql:// or mariadb:// DSN names and
// checks that the server answers. The DSN form is
// mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?tls=true|false|skip-verify|preferred&timeout=10s];
// the password may be percent-encoded. Errors never contain the password.
func Open(ctx context.Context, dsn string) (*DB, error) {
	cfg, err := parseDSN(dsn)
	if err != nil {
		return nil, err
	}
	base, err := gomysql.NewConnector(cfg)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", database.Redact(dsn), err)
	}
	srv, err := probe(ctx, base)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", database.Redact(dsn), Classify(err))
	}
	db := sql.OpenDB(&connector{base: base, srv: srv})
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	db.SetConnMaxLifetime(connMaxLifetime)
	killer := sql.OpenDB(base)
	killer.SetMaxOpenConns(2)
	killer.SetMaxIdleConns(1)
	killer.SetConnMaxIdleTime(time.Minute)
	d := &DB{db: db, killer: killer, srv: srv}
	d.loadObjects = d.listObjects
	// One guarded connection now, so a server that accepts the login but
	// refuses the session settings fails here and not at the first question.
	if err := d.withConn(ctx, func(*conn) error { return nil }); err != nil {
		d.Close()
		return nil, fmt.Errorf("connecting to %s: %w", database.Redact(dsn), runError(ctx, false, "", err))
	}
	return d, nil
}

// OpenAdmin opens an ordinary read-write pool for a mysql:// or mariadb://
// DSN, for `querent demo --db DSN` to load the demo dataset. Nothing that
// answers questions uses it. Multiple statements stay off.
func OpenAdmin(ctx context.Context, dsn string) (*sql.DB, error) {
	cfg, err := parseDSN(dsn)
	if err != nil {
		return nil, err
	}
	base, err := gomysql.NewConnector(cfg)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", database.Redact(dsn), err)
	}
	db := sql.OpenDB(base)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to %s: %w", database.Redact(dsn), Classify(err))
	}
	return db, nil
}

// Name returns "mysql", the dialect for both MySQL and MariaDB.
func (d *DB) Name() string { return "mysql" }

// Version is the server's VERSION(), such as "10.11.6-MariaDB-0+deb12u1".
func (d *DB) Version() string { return d.srv.version }

// Database is the connected database, the one Introspect reads.
func (d *DB) Database() string { return d.srv.database }

// Close closes every connection.
func (d *DB) Close() error {
	err := d.db.Close()
	if kerr := d.killer.Close(); err == nil {
		err = kerr
	}
	return err
}

// dsnParams are the query parameters a DSN may carry.
var dsnParams = map[string]bool{"tls": true, "timeout": true}

// parseDSN turns mysql://user:pass@host:port/db into a driver Config with
// the settings every connection needs: one statement per query, no
// client-side interpolation, dates as text. Its errors say what is wrong
// with the DSN and never include the password.
func parseDSN(dsn string) (*gomysql.Config, error) {
	shown := database.Redact(dsn)
	scheme, rest, ok := strings.Cut(dsn, "://")
	if !ok || (!strings.EqualFold(scheme, "mysql") && !strings.EqualFold(scheme, "mariadb")) {
		return nil, fmt.Errorf("%q is not a MySQL DSN: write mysql://USER:PASSWORD@HOST:PORT/DATABASE (or mariadb://…)", shown)
	}
	// url.Parse errors quote the whole DSN, password included, so they are
	// never passed on; the checks below say what is wrong instead.
	u, err := url.Parse("mysql://" + rest)
	if err != nil {
		return nil, fmt.Errorf("%q is not a valid DSN (check for unescaped '@', '/', '?' or '#' in the password, and percent-encode them): write mysql://USER:PASSWORD@HOST:PORT/DATABASE", shown)
	}
	if u.User == nil || u.User.Username() == "" {
		return nil, fmt.Errorf("%q names no user: write mysql://USER:PASSWORD@HOST:PORT/DATABASE", shown)
	}
	host, port := u.Hostname(), u.Port()
	if host == "" {
		return nil, fmt.Errorf("%q names no host: write mysql://USER:PASSWORD@HOST:PORT/DATABASE", shown)
	}
	if port == "" {
		port = "3306"
	} else if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return nil, fmt.Errorf("%q has port %q, which is not a number from 1 to 65535", shown, port)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return nil, fmt.Errorf("%q names no database: add /DATABASE after the host (querent reads one database)", shown)
	}
	if strings.Contains(name, "/") {
		return nil, fmt.Errorf("%q has %q where the database name goes: a database name has no '/'", shown, name)
	}
	cfg := gomysql.NewConfig()
	cfg.User = u.User.Username()
	cfg.Passwd, _ = u.User.Password()
	cfg.Net = "tcp"
	cfg.Addr = net.JoinHostPort(host, port)
	cfg.DBName = name
	cfg.Timeout = 10 * time.Second
	// The defaults, stated because the guard depends on them.
	cfg.MultiStatements = false
	cfg.InterpolateParams = false
	cfg.ParseTime = false
	cfg.AllowAllFiles = false
	// The driver's default logger writes to stderr; its messages (closing
	// idle connections) are noise next to querent's own output.
	cfg.Logger = &gomysql.NopLogger{}
	for key, vals := range u.Query() {
		if !dsnParams[key] {
			return nil, fmt.Errorf("%q has the parameter %q, which querent does not accept: use tls=true|false|skip-verify|preferred or timeout=DURATION", shown, key)
		}
		v := vals[len(vals)-1]
		switch key {
		case "tls":
			switch v {
			case "true", "false", "skip-verify", "preferred":
				cfg.TLSConfig = v
			default:
				return nil, fmt.Errorf("%q has tls=%q: use tls=true, false, skip-verify or preferred", shown, v)
			}
		case "timeout":
			t, err := time.ParseDuration(v)
			if err != nil || t <= 0 {
				return nil, fmt.Errorf("%q has timeout=%q: use a duration such as 10s", shown, v)
			}
			cfg.Timeout = t
		}
	}
	return cfg, nil
}

// probe opens one plain connection and reads what the engine needs to know
// about the server.
func probe(ctx context.Context, base driver.Connector) (server, error) {
	var srv server
	dc, err := base.Connect(ctx)
	if err != nil {
		return srv, err
	}
	defer dc.Close()
	row, err := queryRow(ctx, dc, "SELECT VERSION(), DATABASE(), @@SESSION.sql_mode, @@lower_case_table_names")
	if err != nil {
		return srv, err
	}
	srv.version = text(row[0])
	srv.mariaDB = strings.Contains(strings.ToLower(srv.version), "mariadb")
	srv.database = text(row[1])
	srv.sqlMode = pinnedMode(text(row[2]))
	srv.foldCase = integer(row[3]) != 0
	return srv, nil
}

// dialectModes are sql_mode names that switch MariaDB to another SQL
// grammar (ORACLE turns on PL/SQL syntax) or stand for a group of modes
// whose parts are listed separately anyway. The guard's parser has none of
// these grammars, so connections drop them.
var dialectModes = map[string]bool{
	"ORACLE": true, "MSSQL": true, "DB2": true, "MAXDB": true, "POSTGRESQL": true,
	"ANSI": true, "TRADITIONAL": true, "MYSQL323": true, "MYSQL40": true,
}

// pinnedMode is the server's sql_mode without the dialect modes.
func pinnedMode(mode string) string {
	var kept []string
	for _, m := range strings.Split(mode, ",") {
		m = strings.ToUpper(strings.TrimSpace(m))
		if m != "" && !dialectModes[m] {
			kept = append(kept, m)
		}
	}
	return strings.Join(kept, ",")
}

// connector wraps the driver's connector so every new connection is made
// read-only and learns its server thread id (for KILL QUERY) before anyone
// uses it.
type connector struct {
	base driver.Connector
	srv  server
}

// Connect opens a connection and applies the session settings.
func (c *connector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.base.Connect(ctx)
	if err != nil {
		return nil, err
	}
	cn := &conn{Conn: dc, timeout: -1}
	row, err := queryRow(ctx, dc, "SELECT CONNECTION_ID()")
	if err == nil {
		cn.id = uint64(integer(row[0]))
		readOnly := "transaction_read_only"
		if c.srv.mariaDB {
			readOnly = "tx_read_only"
		}
		// sql_mode holds only letters, digits, '_' and ',' (checked by
		// validMode), so it can be written as a literal.
		if !validMode(c.srv.sqlMode) {
			err = fmt.Errorf("the server's sql_mode %q has unexpected characters", c.srv.sqlMode)
		} else {
			err = cn.exec(ctx, "SET SESSION sql_mode = '"+c.srv.sqlMode+"', SESSION "+readOnly+" = 1")
		}
	}
	if err != nil {
		dc.Close()
		return nil, fmt.Errorf("setting up a read-only session: %w", err)
	}
	return cn, nil
}

// Driver returns the driver of the wrapped connector.
func (c *connector) Driver() driver.Driver { return c.base.Driver() }

func validMode(mode string) bool {
	for _, r := range mode {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == ',') {
			return false
		}
	}
	return true
}

// conn is a driver connection with its server thread id and the statement
// timeout its session currently has. It passes the optional driver
// interfaces through, so database/sql uses it like the driver's own.
type conn struct {
	driver.Conn
	id uint64
	// timeout is the session's statement timeout as last set; -1 when
	// unknown (a new connection inherits the server's global value).
	timeout time.Duration
}

// BeginTx starts a transaction.
func (c *conn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

// PrepareContext prepares a statement.
func (c *conn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

// QueryContext runs a query.
func (c *conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
}

// ExecContext runs a statement.
func (c *conn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.(driver.ExecerContext).ExecContext(ctx, query, args)
}

// Ping checks the connection.
func (c *conn) Ping(ctx context.Context) error { return c.Conn.(driver.Pinger).Ping(ctx) }

// ResetSession is called before the connection is reused.
func (c *conn) ResetSession(ctx context.Context) error {
	return c.Conn.(driver.SessionResetter).ResetSession(ctx)
}

// IsValid reports whether the connection can be reused.
func (c *conn) IsValid() bool { return c.Conn.(driver.Validator).IsValid() }

// CheckNamedValue converts a query argument the way the driver does.
func (c *conn) CheckNamedValue(nv *driver.NamedValue) error {
	return c.Conn.(driver.NamedValueChecker).CheckNamedValue(nv)
}

// exec runs a statement that returns no rows.
func (c *conn) exec(ctx context.Context, query string) error {
	_, err := c.Conn.(driver.ExecerContext).ExecContext(ctx, query, nil)
	return err
}

// queryRow runs a query without arguments and returns its first row.
func queryRow(ctx context.Context, dc driver.Conn, query string) ([]driver.Value, error) {
	rows, err := dc.(driver.QueryerContext).QueryContext(ctx, query, nil)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	if err := rows.Next(dest); err != nil {
		return nil, fmt.Errorf("%s returned no row: %w", query, err)
	}
	// Values may point into the driver's buffer; copy what is kept.
	for i, v := range dest {
		if b, ok := v.([]byte); ok {
			dest[i] = string(b)
		}
	}
	return dest, nil
}

// withConn runs f on one connection held exclusively. An error wrapping
// driver.ErrBadConn makes database/sql discard the connection instead of
// reusing it.
func (d *DB) withConn(ctx context.Context, f func(c *conn) error) error {
	sc, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer sc.Close()
	return sc.Raw(func(dc any) error {
		c, ok := dc.(*conn)
		if !ok {
			return fmt.Errorf("internal error: connection is %T, not a read-only MySQL connection", dc)
		}
		return f(c)
	})
}

// errDiscard makes database/sql close a connection whose state is unknown.
var errDiscard = driver.ErrBadConn

// setTimeout gives the session the statement timeout t (0: none), unless
// it already has it. MariaDB counts seconds (fractions allowed), MySQL
// milliseconds; MySQL applies it to SELECT statements only, which is all
// querent runs.
func (d *DB) setTimeout(ctx context.Context, c *conn, t time.Duration) error {
	if t < 0 {
		t = 0
	}
	if c.timeout == t {
		return nil
	}
	var q string
	if d.srv.mariaDB {
		q = "SET SESSION max_statement_time = " + strconv.FormatFloat(t.Seconds(), 'f', 6, 64)
	} else {
		ms := t.Milliseconds()
		if t > 0 && ms == 0 {
			ms = 1 // 0 would mean no limit
		}
		q = "SET SESSION max_execution_time = " + strconv.FormatInt(ms, 10)
	}
	c.timeout = -1
	if err := c.exec(ctx, q); err != nil {
		return err
	}
	c.timeout = t
	return nil
}

// kill stops the server thread id from a separate connection: its
// statement only (KILL QUERY), or the whole connection. Errors are ignored:
// the thread may have ended already, which is the point.
func (d *DB) kill(id uint64, connection bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	what := "KILL QUERY "
	if connection {
		what = "KILL CONNECTION "
	}
	stmt := what + strconv.FormatUint(id, 10)
	_, _ = d.killer.ExecContext(ctx, stmt)
	if !connection {
		// The statement may be blocked writing rows we no longer read; it
		// sees the KILL once the caller closes the rows, so there is
		// nothing to wait for here.
		return
	}
	// On a loaded machine a KILL was seen to leave the statement running;
	// the caller has gone, so nothing would ever stop it. Check that the
	// thread is gone, and kill again until it is (bounded by ctx).
	for ctx.Err() == nil {
		var n int
		err := d.killer.QueryRowContext(ctx, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = ?", id).Scan(&n)
		if err != nil || n == 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
		_, _ = d.killer.ExecContext(ctx, stmt)
	}
}

// text reads a catalogue value as a string ("" for NULL).
func text(v driver.Value) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// integer reads a catalogue value as an integer (0 for NULL or non-numbers).
func integer(v driver.Value) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case uint64:
		return int64(v)
	case float64:
		return int64(v)
	case []byte:
		n, _ := strconv.ParseInt(string(v), 10, 64)
		return n
	case string:
		n, _ := strconv.ParseInt(v, 10, 64)
		return n
	}
	return 0
}
