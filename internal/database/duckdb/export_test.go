//go:build cgo

package duckdb

import (
	"context"
	"errors"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// QueryUnchecked runs sql like Query but skips guard.Check and the
// syntax-tree policy, so tests can show what the remaining layers (single
// statement prepare, SELECT-only statement type, read-only transaction and
// the database lockdown) refuse on their own.
func (d *DB) QueryUnchecked(ctx context.Context, sql string) error {
	return d.withConn(ctx, func(c *duckdb.Conn) error {
		_, err, rberr := run(ctx, c, sql, nil, 10)
		return errors.Join(err, rberr)
	})
}

// ExecRaw runs sql on one of the engine's connections with no check at
// all, as a driver user would, so tests can show that the database
// lockdown (read-only file, external access off, configuration locked)
// holds by itself.
func (d *DB) ExecRaw(ctx context.Context, sql string) error {
	return d.withConn(ctx, func(c *duckdb.Conn) error {
		_, err := c.ExecContext(ctx, sql, nil)
		return err
	})
}

// SetStatsBudget changes the per-table introspection budget until the
// returned function restores it.
func SetStatsBudget(d time.Duration) (restore func()) {
	old := statsBudget
	statsBudget = d
	return func() { statsBudget = old }
}

// AllowedFunctions and TableFunctions expose the allow-lists to tests.
var (
	AllowedFunctions = allowedFunctions
	TableFunctions   = tableFunctions
)
