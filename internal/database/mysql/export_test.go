package mysql

import (
	"context"
	"time"

	"querent/internal/database"
)

// NewOffline returns a DB that guards statements without a server: its
// connected database is name, on a MariaDB server with the default
// sql_mode that compares table names case-sensitively, and its tables and
// views are objects. Only Guard may be called on it.
func NewOffline(name string, objects ...string) *DB {
	set := map[string]bool{}
	for _, o := range objects {
		set[o] = true
	}
	return &DB{
		srv: server{
			version:  "10.11.0-MariaDB",
			mariaDB:  true,
			database: name,
			sqlMode:  "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION",
		},
		loadObjects: func(context.Context) (map[string]bool, error) { return set, nil },
	}
}

// WithSQLMode returns a copy of an offline DB whose server runs with the
// given sql_mode.
func (d *DB) WithSQLMode(mode string) *DB {
	cp := &DB{srv: d.srv, loadObjects: d.loadObjects}
	cp.srv.sqlMode = pinnedMode(mode)
	return cp
}

// DriverDSN returns the go-sql-driver DSN a querent DSN becomes. It
// contains the password: tests only.
func DriverDSN(dsn string) (string, error) {
	cfg, err := parseDSN(dsn)
	if err != nil {
		return "", err
	}
	return cfg.FormatDSN(), nil
}

// QueryUnchecked runs sql like Query but skips guard.Check and the parser,
// so tests can show that the server-side layers (read-only session and
// transaction, one statement per call, statement timeout) hold on their
// own.
func (d *DB) QueryUnchecked(ctx context.Context, sql string, lim database.Limits) (*database.Result, error) {
	maxRows := lim.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	var res *database.Result
	err := d.run(ctx, lim.Timeout, func(qctx context.Context, c *conn) error {
		var err error
		res, err = d.collect(qctx, c, sql, nil, maxRows)
		return err
	})
	if err != nil {
		return nil, d.queryError(ctx, lim.Timeout.String(), err)
	}
	return res, nil
}

// SetStatsBudget changes the per-statement introspection budget until the
// returned function restores it.
func SetStatsBudget(d time.Duration) (restore func()) {
	old := statsBudget
	statsBudget = d
	return func() { statsBudget = old }
}
