package mysql

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"time"

	"querent/internal/database"
)

var _ database.Streamer = (*DB)(nil)

// Stream runs one statement like Query — the guard, a read-only
// transaction that is always rolled back, the server-side statement
// timeout and KILL on cancellation — but with no row cap: rows are read off
// the network one at a time, normalised as Query normalises them, and
// passed to fn without being kept. An error from fn stops the read (the
// server's work is stopped with KILL QUERY) and is returned unchanged.
func (d *DB) Stream(ctx context.Context, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	stmt, _, err := d.check(sql)
	if err != nil {
		return err
	}
	limit := ""
	if timeout > 0 {
		limit = timeout.String()
	}
	var cbErr error
	err = d.run(ctx, timeout, func(qctx context.Context, c *conn) error {
		return d.stream(qctx, c, stmt, args, func(cols []string, row []any) error {
			if err := fn(cols, row); err != nil {
				cbErr = err
				return errStop
			}
			return nil
		})
	})
	if cbErr != nil && errors.Is(err, errStop) {
		return cbErr
	}
	return d.queryError(ctx, limit, err)
}

// errStop ends a stream the caller's callback stopped.
var errStop = errors.New("stream stopped by the caller")

// stream runs stmt and passes every row to fn.
func (d *DB) stream(ctx context.Context, c *conn, stmt string, args []any, fn func([]string, []any) error) error {
	rows, closeStmt, err := d.start(ctx, c, stmt, args, false)
	if err != nil {
		return err
	}
	defer closeStmt()
	cols := append([]string(nil), rows.Columns()...)
	types := make([]string, len(cols))
	if ct, ok := rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		for i := range cols {
			types[i] = ct.ColumnTypeDatabaseTypeName(i)
		}
	}
	dest := make([]driver.Value, len(cols))
	for {
		err := rows.Next(dest)
		if err == io.EOF {
			return rows.Close()
		}
		if err != nil {
			rows.Close()
			return err
		}
		row := make([]any, len(dest))
		for i, v := range dest {
			row[i], _ = normalize(v, types[i])
		}
		if err := fn(cols, row); err != nil {
			// As when Query reaches its cap: stop the server's work before
			// closing, which would otherwise read the rest of the result.
			d.kill(c.id, false)
			rows.Close()
			return err
		}
	}
}
