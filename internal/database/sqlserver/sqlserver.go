package sqlserver

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	mssql "github.com/microsoft/go-mssqldb"
	"github.com/microsoft/go-mssqldb/msdsn"

	"querent/internal/database"
	"querent/internal/schema"
)

func init() {
	database.Register("sqlserver", func(ctx context.Context, dsn string) (database.Engine, error) {
		db, err := Open(ctx, dsn)
		if err != nil {
			return nil, err // not a nil *DB inside a non-nil Engine
		}
		return db, nil
	}, nil)
	database.RegisterAdmin("sqlserver", OpenAdmin)
}

// maxConns bounds the pool: enough for the agent and an HTTP server's
// parallel requests without holding many sessions on the server.
const maxConns = 8

// DB is an open SQL Server database. It is safe for concurrent use.
type DB struct {
	db   *sql.DB
	name string // the database, for messages
	// guidConversion mirrors the DSN's "guid conversion" parameter, which
	// decides the byte order uniqueidentifier values arrive in.
	guidConversion bool

	mu sync.Mutex
	// objects caches the tables and views (names only) for Guard.
	objects *schema.Schema
	// noShowplan is set once the server has refused SHOWPLAN permission, so
	// Explain stops asking.
	noShowplan bool
}

var _ database.Engine = (*DB)(nil)

// Open connects to the database a sqlserver:// DSN names (see [ParseDSN])
// and checks that the login can use it. Errors name the DSN redacted.
func Open(ctx context.Context, dsn string) (*DB, error) {
	parsed, cfg, err := config(dsn)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(mssql.NewConnectorConfig(cfg))
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	d := &DB{db: db, name: parsed.Database, guidConversion: cfg.Encoding.GuidConversion}
	// One round trip now, so a wrong host, password or database is
	// reported by Open and not by the first question.
	err = d.withSession(ctx, sessionOptions{}, func(conn *sql.Conn) error {
		var name string
		return conn.QueryRowContext(ctx, "SELECT DB_NAME()").Scan(&name)
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to SQL Server %s: %w", redact(dsn), Classify(err))
	}
	return d, nil
}

// OpenAdmin opens an ordinary read-write connection pool for a sqlserver://
// DSN, for loading the demo dataset; nothing that answers questions uses it.
func OpenAdmin(ctx context.Context, dsn string) (*sql.DB, error) {
	_, cfg, err := config(dsn)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(mssql.NewConnectorConfig(cfg))
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to SQL Server %s: %w", redact(dsn), Classify(err))
	}
	return db, nil
}

// config checks dsn and builds the driver configuration from it.
func config(dsn string) (DSN, msdsn.Config, error) {
	parsed, err := ParseDSN(dsn)
	if err != nil {
		return DSN{}, msdsn.Config{}, err
	}
	cfg, err := msdsn.Parse(dsn)
	if err != nil {
		return DSN{}, msdsn.Config{}, fmt.Errorf("the SQL Server DSN %s: %v", redact(dsn), err)
	}
	if _, ok := cfg.Parameters[msdsn.AppName]; !ok {
		cfg.AppName = "querent" // so a DBA can tell querent's sessions apart
	}
	return parsed, cfg, nil
}

// Name returns "sqlserver".
func (d *DB) Name() string { return "sqlserver" }

// Close closes every connection.
func (d *DB) Close() error { return d.db.Close() }

// sessionOptions are the per-use settings of a pooled connection.
type sessionOptions struct {
	// rowCount caps the rows any statement returns (SET ROWCOUNT); 0 is no
	// cap.
	rowCount int
	// lockTimeout bounds each wait for a lock; 0 waits as long as the
	// context allows.
	lockTimeout time.Duration
	// dirtyReads reads without shared locks, for the engine's own
	// statistics queries, which must never wait on (or block) writers.
	dirtyReads bool
}

// maxValueBytes caps each large value (varchar(max), nvarchar(max),
// varbinary(max), text, ntext, image) the server returns, through SET
// TEXTSIZE: an answer never needs megabytes of one cell.
const maxValueBytes = 1 << 20

// setup is the batch every use of a pooled connection starts with. Every
// setting is given explicitly rather than trusting the pool's session
// reset, so no use depends on what an earlier one left behind:
// QUOTED_IDENTIFIER ON makes "x" a name (as the guard reads it),
// XACT_ABORT ON ends the transaction on any error, IMPLICIT_TRANSACTIONS
// OFF keeps the driver's explicit transaction the only one, and
// DEADLOCK_PRIORITY LOW makes querent the victim when it deadlocks with
// real work. (SHOWPLAN_XML, which Explain turns on, cannot share a batch;
// Explain turns it off itself or closes the connection.)
func (o sessionOptions) setup() string {
	lock := "-1"
	if o.lockTimeout > 0 {
		lock = strconv.FormatInt(max(o.lockTimeout.Milliseconds(), 1), 10)
	}
	iso := "READ COMMITTED"
	if o.dirtyReads {
		iso = "READ UNCOMMITTED"
	}
	return strings.Join([]string{
		"SET NOCOUNT ON",
		"SET XACT_ABORT ON",
		"SET IMPLICIT_TRANSACTIONS OFF",
		"SET QUOTED_IDENTIFIER ON",
		"SET ANSI_NULLS ON",
		"SET DEADLOCK_PRIORITY LOW",
		"SET TEXTSIZE " + strconv.Itoa(maxValueBytes),
		"SET LOCK_TIMEOUT " + lock,
		"SET ROWCOUNT " + strconv.Itoa(o.rowCount),
		"SET TRANSACTION ISOLATION LEVEL " + iso,
	}, ";\n") + ";"
}

// withSession runs f on one pooled connection held exclusively, after the
// setup batch for o.
func (d *DB) withSession(ctx context.Context, o sessionOptions, f func(conn *sql.Conn) error) error {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, o.setup()); err != nil {
		return err
	}
	return f(conn)
}

// catalog returns the cached table and view names, or nil.
func (d *DB) catalog() *schema.Schema {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.objects
}

// catalogSQL lists the tables and views of every user schema.
const catalogSQL = `SELECT s.name, o.name, o.type
FROM sys.objects AS o JOIN sys.schemas AS s ON s.schema_id = o.schema_id
WHERE o.type IN ('U', 'V') AND o.is_ms_shipped = 0`

// loadCatalog reads the names of the tables and views and caches them.
func (d *DB) loadCatalog(ctx context.Context) (*schema.Schema, error) {
	s := &schema.Schema{Engine: "sqlserver"}
	err := d.withSession(ctx, sessionOptions{}, func(conn *sql.Conn) error {
		rows, err := conn.QueryContext(ctx, catalogSQL)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var ns, name, typ string
			if err := rows.Scan(&ns, &name, &typ); err != nil {
				return err
			}
			s.Tables = append(s.Tables, schema.Table{Name: tableName(ns, name), Namespace: ns, Ident: name,
				View: strings.TrimSpace(typ) == "V", RowCount: -1})
		}
		return rows.Err()
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", fmt.Errorf("listing the tables of %s: %w", d.name, err))
	}
	d.setCatalog(s)
	return s, nil
}

func (d *DB) setCatalog(s *schema.Schema) {
	names := &schema.Schema{Engine: "sqlserver", Tables: make([]schema.Table, len(s.Tables))}
	for i, t := range s.Tables {
		names.Tables[i] = schema.Table{Name: t.Name, Namespace: t.Namespace, Ident: t.Ident, View: t.View, RowCount: t.RowCount}
	}
	d.mu.Lock()
	d.objects = names
	d.mu.Unlock()
}

// tableName is how querent names a table: bare in dbo, schema.name
// elsewhere.
func tableName(ns, name string) string {
	if strings.EqualFold(ns, defaultSchema) {
		return name
	}
	return ns + "." + name
}

// quoteIdent quotes a name for SQL Server: brackets, ']' doubled.
func quoteIdent(name string) string {
	return "[" + strings.ReplaceAll(name, "]", "]]") + "]"
}

// WritePermissions lists the database-level permissions of the login that
// go beyond reading (INSERT, UPDATE, DELETE, EXECUTE, ALTER, CONTROL, …),
// and "sysadmin" when the login is a sysadmin. querent's guard refuses
// writing statements either way, but the login documented in the package
// comment has none of these, so a non-empty list means one layer of the
// read-only promise is missing; `querent doctor` can say so.
func (d *DB) WritePermissions(ctx context.Context) ([]string, error) {
	var perms []string
	err := d.withSession(ctx, sessionOptions{}, func(conn *sql.Conn) error {
		rows, err := conn.QueryContext(ctx, `SELECT permission_name FROM fn_my_permissions(NULL, 'DATABASE')
WHERE permission_name NOT IN ('CONNECT', 'SELECT', 'SHOWPLAN', 'VIEW DEFINITION', 'VIEW DATABASE STATE',
  'VIEW DATABASE PERFORMANCE STATE', 'VIEW DATABASE SECURITY STATE', 'REFERENCES',
  'VIEW ANY COLUMN ENCRYPTION KEY DEFINITION', 'VIEW ANY COLUMN MASTER KEY DEFINITION',
  'VIEW SECURITY DEFINITION', 'VIEW PERFORMANCE DEFINITION', 'VIEW CRYPTOGRAPHICALLY SECURED DEFINITION')
UNION ALL SELECT 'sysadmin' WHERE IS_SRVROLEMEMBER('sysadmin') = 1
ORDER BY 1`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			perms = append(perms, p)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", err)
	}
	return perms, nil
}
