//go:build cgo

package duckdb

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
	"querent/internal/guard"
)

var _ database.Streamer = (*DB)(nil)

// Stream runs one statement read-only, like Query, but with no row cap:
// each row is normalised as Query does and passed to fn, and none is kept.
// It runs in a READ ONLY transaction that is always rolled back, under
// timeout (zero: none beyond ctx). An error from fn stops the read and is
// returned unchanged.
func (d *DB) Stream(ctx context.Context, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	stmt, err := guard.Check(sql)
	if err != nil {
		return err
	}
	qctx, cancel, limit := withLimit(ctx, database.Limits{Timeout: timeout})
	defer cancel()
	var (
		qerr      error
		discarded bool
	)
	err = d.withConn(qctx, func(c *duckdb.Conn) error {
		if _, err := d.parse(qctx, c, stmt); err != nil {
			return err
		}
		nargs, err := namedArgs(c, args)
		if err != nil {
			return err
		}
		if err := begin(qctx, c); err != nil {
			return err
		}
		qerr = scan(qctx, c, stmt, nargs, "", func(cols []string, row []any, _ int) (bool, error) {
			if err := fn(cols, row); err != nil {
				return false, &database.CallbackError{Err: err}
			}
			return true, nil
		}, func([]string) {})
		if rberr := rollback(c); rberr != nil {
			discarded = true
			return fmt.Errorf("rolling back the read transaction: %w: %w", rberr, driver.ErrBadConn)
		}
		return qerr
	})
	if discarded {
		err = qerr
	}
	if err == nil {
		return nil
	}
	var cb *database.CallbackError
	if errors.As(err, &cb) {
		return cb.Err
	}
	return runError(ctx, qctx, limit, err)
}
