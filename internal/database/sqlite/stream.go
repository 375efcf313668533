package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"time"

	"querent/internal/database"
	"querent/internal/guard"
)

var _ database.Streamer = (*DB)(nil)

// Stream runs one statement read-only, like Query, but with no row cap: each
// row is normalised as Query does and passed to fn, and none is kept. The
// statement runs in a read transaction that is always rolled back, under
// timeout (zero: none beyond ctx). An error from fn stops the read and is
// returned unchanged.
func (d *DB) Stream(ctx context.Context, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	stmt, err := guard.Check(sql)
	if err != nil {
		return err
	}
	nargs, err := namedArgs(args)
	if err != nil {
		return err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	limit := ""
	if timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, timeout)
		limit = timeout.String()
	}
	defer cancel()
	var (
		qerr      error
		discarded bool
	)
	err = d.withConn(qctx, func(c *roConn) error {
		if err := c.begin(); err != nil {
			return err
		}
		qerr = c.stream(qctx, stmt, nargs, fn)
		if err := c.rollback(); err != nil {
			discarded = true
			return fmt.Errorf("rolling back the read transaction: %w: %w", err, errDiscard)
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

// stream runs stmt and hands each row to fn.
func (c *roConn) stream(ctx context.Context, stmt string, args []driver.NamedValue, fn func([]string, []any) error) error {
	rows, cols, err := c.start(ctx, stmt, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(cols))
	for {
		err := rows.Next(dest)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		row := make([]any, len(dest))
		for i, v := range dest {
			row[i], _ = normalize(v)
		}
		if err := fn(cols, row); err != nil {
			return &database.CallbackError{Err: err}
		}
	}
}
