//go:build cgo

package duckdb

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
	"sync/atomic"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
)

func init() {
	database.Register("duckdb", func(ctx context.Context, dsn string) (database.Engine, error) {
		path := PathFromDSN(dsn)
		if !isDatabaseFile(path) && IsDataPath(path) {
			// "duckdb:sales.csv" means the same as "sales.csv".
			return engine(OpenFiles(ctx, SplitDataPaths(path)...))
		}
		return engine(Open(ctx, path))
	}, IsPath)
	openFiles := func(ctx context.Context, dsn string) (database.Engine, error) {
		return engine(OpenFiles(ctx, SplitDataPaths(stripScheme(dsn, "csv", "parquet"))...))
	}
	database.Register("csv", openFiles, IsDataPath)
	database.Register("parquet", openFiles, nil)
	database.RegisterAdmin("duckdb", OpenAdmin)
}

// engine returns db as an Engine, or a nil Engine (not a nil *DB inside a
// non-nil interface) on error.
func engine(db *DB, err error) (database.Engine, error) {
	if err != nil {
		return nil, err
	}
	return db, nil
}

// maxConns bounds the pool: DuckDB runs each query on all cores already, so a
// few connections serve the agent and an HTTP server's parallel requests.
const maxConns = 4

// DB is an open DuckDB engine, read-only. It is safe for concurrent use.
type DB struct {
	db *sql.DB
	// catalog is DuckDB's name for the database ("demo" for demo.duckdb,
	// "memory" for loaded files), which queries may use as a qualifier.
	catalog string

	mu sync.Mutex
	// objects is the catalogue Guard resolves table references against.
	objects *catalogue
}

var _ database.Engine = (*DB)(nil)

// duckdbMagic is what every DuckDB database file holds at byte 8, after the
// header checksum.
const duckdbMagic = "DUCK"

// lockdown are the settings every engine database starts with (see the
// package comment). lock_configuration comes last: once it is on, nothing
// can be changed. Databases of loaded files start without the last two and
// get them from seal once loading is done.
var lockdown = []string{
	"autoinstall_known_extensions=false",
	"autoload_known_extensions=false",
	"max_temp_directory_size=0B",
	"enable_external_access=false",
	"lock_configuration=true",
}

// Open opens the DuckDB database file at path read-only. The file must exist
// and be a DuckDB database; Open never creates one.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("resolving database path %q: %w", path, err)
	}
	if err := checkDriverPath(path, abs); err != nil {
		return nil, err
	}
	dsn := abs + "?access_mode=READ_ONLY&" + strings.Join(lockdown, "&")
	d := &DB{}
	sealed := &atomic.Bool{}
	sealed.Store(true)
	if err := d.connect(dsn, sealed, "read_only"); err != nil {
		return nil, fmt.Errorf("opening DuckDB database %q: %w", path, classifyOpen(err))
	}
	if err := d.load(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("opening DuckDB database %q: %w", path, err)
	}
	return d, nil
}

// checkFile refuses paths that are missing, not regular files, or not
// DuckDB databases, with messages that say what to do.
func checkFile(path string) error {
	if strings.TrimSpace(path) == "" {
		return errors.New("no DuckDB database path given: use duckdb:PATH or a path ending in .duckdb")
	}
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no such DuckDB database file %q; create the demo one with `querent demo --db duckdb:%s`", path, path)
	}
	if err != nil {
		return fmt.Errorf("checking database file: %w", err)
	}
	if fi.IsDir() {
		return fmt.Errorf("%q is a directory, not a DuckDB database file (for a folder of CSV or Parquet files, pass the folder with csv:%s)", path, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("opening database file: %w", err)
	}
	defer f.Close()
	head := make([]byte, 8+len(duckdbMagic))
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head[8:], []byte(duckdbMagic)) {
		return fmt.Errorf("%q is not a DuckDB database (it lacks the DuckDB file header)", path)
	}
	return nil
}

// checkDriverPath refuses paths the driver would misread: it takes settings
// from a URL query after the path, so '?' or '#' in the path could cut it
// short and drop access_mode, and '%' makes the URL invalid. Refusing is
// safer than escaping rules the driver does not document (checkSettings
// would catch a dropped setting as well).
func checkDriverPath(path, abs string) error {
	if strings.ContainsAny(abs, "?#%") {
		return fmt.Errorf("the DuckDB driver cannot open %q: its path contains '?', '#' or '%%'; rename the file or its directory", path)
	}
	return nil
}

// connect opens the pool. Every connection made once sealed is true checks
// the lockdown settings before use; access, when not empty, is the
// access_mode it must report.
func (d *DB) connect(dsn string, sealed *atomic.Bool, access string) error {
	connector, err := duckdb.NewConnector(dsn, func(ex driver.ExecerContext) error {
		if !sealed.Load() {
			return nil
		}
		return checkSettings(ex, access)
	})
	if err != nil {
		return err
	}
	d.db = sql.OpenDB(connector)
	d.db.SetMaxOpenConns(maxConns)
	d.db.SetMaxIdleConns(maxConns)
	return nil
}

// settingsQuery reads back the lockdown settings. Like all of the engine's
// own SQL, it calls built-ins by their full name (system.main.…): a database
// file may define macros named like built-ins, and DuckDB resolves an
// unqualified name to the database's macro first.
const settingsQuery = `SELECT system.main.current_setting('enable_external_access')::BOOLEAN,
	system.main.current_setting('lock_configuration')::BOOLEAN,
	system.main.current_setting('autoload_known_extensions')::BOOLEAN,
	system.main.current_setting('autoinstall_known_extensions')::BOOLEAN,
	system.main.current_setting('access_mode')::VARCHAR`

// checkSettings fails a connection on which the lockdown is not in force, so
// a driver change that silently drops a setting cannot go unnoticed.
func checkSettings(ex driver.ExecerContext, access string) error {
	q, ok := ex.(driver.QueryerContext)
	if !ok {
		return fmt.Errorf("internal error: DuckDB connection %T cannot run queries", ex)
	}
	var row []driver.Value
	err := eachRow(context.Background(), q, settingsQuery, func(r []driver.Value) error {
		row = append([]driver.Value(nil), r...)
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading the connection's settings: %w", err)
	}
	if len(row) != 5 || row[0] != false || row[1] != true || row[2] != false || row[3] != false ||
		(access != "" && !strings.EqualFold(fmt.Sprint(row[4]), access)) {
		return fmt.Errorf("refusing a DuckDB connection that is not locked down (external access %v, configuration locked %v, extension autoload %v, autoinstall %v, access mode %v)",
			at(row, 0), at(row, 1), at(row, 2), at(row, 3), at(row, 4))
	}
	return nil
}

func at(row []driver.Value, i int) driver.Value {
	if i < len(row) {
		return row[i]
	}
	return nil
}

// eachRow runs the engine's own query on a raw connection and calls fn per
// row; the row slice is reused between calls.
func eachRow(ctx context.Context, q driver.QueryerContext, query string, fn func([]driver.Value) error, args ...driver.NamedValue) error {
	rows, err := q.QueryContext(ctx, query, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	for {
		if err := rows.Next(dest); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err := fn(dest); err != nil {
			return err
		}
	}
}

// load reads the catalogue name and the tables Guard resolves against, which
// also proves the database can be read.
func (d *DB) load(ctx context.Context) error {
	return d.withConn(ctx, func(c *duckdb.Conn) error {
		err := eachRow(ctx, c, "SELECT system.main.current_database()", func(r []driver.Value) error {
			d.catalog = text(r[0])
			return nil
		})
		if err != nil {
			return classify(err)
		}
		cat, err := readCatalogue(ctx, c)
		if err != nil {
			return classify(err)
		}
		d.mu.Lock()
		d.objects = cat
		d.mu.Unlock()
		return nil
	})
}

// classifyOpen explains the driver's errors for a file that cannot be opened.
func classifyOpen(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "different configuration"):
		return fmt.Errorf("%w (this process already has the file open read-write, for instance to load the demo: close that first)", err)
	case strings.Contains(msg, "Could not set lock"), strings.Contains(msg, "Conflicting lock"):
		return fmt.Errorf("%w (another process has the file open for writing; DuckDB allows readers only when no writer holds it)", err)
	}
	return err
}

// Name returns "duckdb".
func (d *DB) Name() string { return "duckdb" }

// Close closes every connection and, with the last engine on a file, the
// database.
func (d *DB) Close() error { return d.db.Close() }

// withConn runs f on one connection held exclusively. An error wrapping
// driver.ErrBadConn makes database/sql discard the connection instead of
// reusing it.
func (d *DB) withConn(ctx context.Context, f func(c *duckdb.Conn) error) error {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*duckdb.Conn)
		if !ok {
			return fmt.Errorf("internal error: connection is %T, not a DuckDB connection", dc)
		}
		return f(c)
	})
}

// OpenAdmin opens "duckdb:PATH" read-write, creating the file if needed. It
// exists only so `querent demo --db duckdb:PATH` can load the demo dataset
// (demo.LoadSQL with demo.Targets["duckdb"]); nothing that answers questions
// uses it. Close it before opening the same file with the engine: DuckDB
// refuses to open a file twice in one process with different settings.
func OpenAdmin(ctx context.Context, dsn string) (*sql.DB, error) {
	path := PathFromDSN(dsn)
	if strings.TrimSpace(path) == "" || path == ":memory:" {
		return nil, errors.New("no DuckDB database path given: use duckdb:PATH, for example duckdb:demo.duckdb")
	}
	if IsDataPath(path) && !isDatabaseFile(path) {
		return nil, fmt.Errorf("%q names CSV or Parquet data, which querent reads but never writes; give a database file such as duckdb:demo.duckdb", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("resolving database path %q: %w", path, err)
	}
	if err := checkDriverPath(path, abs); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%q is a directory, not a DuckDB database file", path)
	}
	db, err := sql.Open("duckdb", abs)
	if err != nil {
		return nil, fmt.Errorf("opening DuckDB database %q for writing: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening DuckDB database %q for writing: %w", path, classifyOpen(err))
	}
	return db, nil
}
