package sqlserver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"querent/internal/database"
)

var _ database.Streamer = (*DB)(nil)

// Stream runs one statement like Query — the guard, a transaction that is
// always rolled back, the session settings and the timeout — but with no
// row cap (SET ROWCOUNT 0): rows are scanned one at a time, normalised as
// Query normalises them, and passed to fn without being kept. An error
// from fn stops the read (closing the rows cancels the rest on the server)
// and is returned unchanged.
func (d *DB) Stream(ctx context.Context, text string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	st, _, err := d.guard(ctx, text)
	if err != nil {
		return err
	}
	qctx, cancel, limit := withTimeout(ctx, timeout)
	defer cancel()
	opts := sessionOptions{rowCount: 0, lockTimeout: remaining(qctx)}
	var cbErr error
	err = d.withSession(qctx, opts, func(conn *sql.Conn) error {
		tx, err := conn.BeginTx(qctx, &sqlTxOptions)
		if err != nil {
			return fmt.Errorf("opening a read transaction: %w", err)
		}
		defer tx.Rollback()
		return d.stream(qctx, tx, st.SQL, args, func(cols []string, row []any) error {
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
	if err != nil {
		return runError(ctx, qctx, limit, err)
	}
	return nil
}

// errStop ends a stream the caller's callback stopped.
var errStop = errors.New("stream stopped by the caller")

// stream runs stmt and passes every row to fn.
func (d *DB) stream(ctx context.Context, q queryer, stmt string, args []any, fn func([]string, []any) error) error {
	rows, err := q.QueryContext(ctx, stmt, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return err
	}
	cols := make([]string, len(types))
	typeNames := make([]string, len(types))
	for i, ct := range types {
		cols[i] = ct.Name()
		if cols[i] == "" {
			cols[i] = "column" + strconv.Itoa(i+1)
		}
		typeNames[i] = ct.DatabaseTypeName()
	}
	vals := make([]any, len(types))
	ptrs := make([]any, len(types))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		row := make([]any, len(vals))
		for i, v := range vals {
			row[i], _ = normalize(v, typeNames[i], d.guidConversion)
		}
		if err := fn(cols, row); err != nil {
			return err
		}
	}
	return rows.Err()
}
