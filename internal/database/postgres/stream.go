package postgres

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"querent/internal/database"
)

var _ database.Streamer = (*DB)(nil)

// Stream runs one statement like Query — every check of Guard, a READ ONLY
// transaction that is always rolled back, timeout as statement_timeout and
// on the client side — but with no row cap: the cursor is fetched in
// batches of fetchBatch rows and each row, decoded as Query decodes it, is
// passed to fn and not kept. An error from fn stops the read and is
// returned unchanged.
func (d *DB) Stream(ctx context.Context, sql string, args []any, timeout time.Duration, fn func(columns []string, row []any) error) error {
	c, err := d.check(ctx, sql)
	if err != nil {
		return err
	}
	if err := checkArgs(args); err != nil {
		return err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, timeout+clientGrace)
	}
	defer cancel()
	opts := txOptions{setup: true, timeout: timeout, snap: d.snap.Load()}
	var cbErr error
	err = d.inTx(qctx, opts, func(tx pgx.Tx) error {
		return stream(qctx, tx, c.stmt, args, func(cols []string, row []any) error {
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
	return runError(ctx, qctx, timeout, err)
}

// errStop ends a stream the caller's callback stopped.
var errStop = errors.New("stream stopped by the caller")

// stream declares a cursor for stmt and fetches it to the end in batches.
func stream(ctx context.Context, tx pgx.Tx, stmt string, args []any, fn func([]string, []any) error) error {
	declare := "DECLARE " + cursorName + " NO SCROLL CURSOR FOR " + stmt
	rows, err := tx.Query(ctx, declare, withMode(args)...)
	if err != nil {
		return err
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var (
		cols []string
		oids []uint32
	)
	for {
		rows, err := tx.Query(ctx, "FETCH FORWARD "+strconv.Itoa(fetchBatch)+" FROM "+cursorName,
			pgx.QueryExecModeExec, pgx.QueryResultFormats{pgx.TextFormatCode})
		if err != nil {
			return err
		}
		if cols == nil {
			cols = []string{}
			for _, fd := range rows.FieldDescriptions() {
				cols = append(cols, fd.Name)
				oids = append(oids, fd.DataTypeOID)
			}
		}
		got := 0
		for rows.Next() {
			got++
			raw := rows.RawValues()
			row := make([]any, len(raw))
			for i, v := range raw {
				row[i], _ = decode(oids[i], v)
			}
			if err := fn(cols, row); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if got < fetchBatch {
			return nil
		}
	}
}
