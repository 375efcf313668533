package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"querent/internal/database"
)

// DefaultMaxRows caps a result when Limits.MaxRows is zero or negative, so
// a caller that forgets the limit still cannot load a whole table.
const DefaultMaxRows = 10_000

// maxBlobText is the largest bytea value returned in full, as PostgreSQL's
// hex text ("\x0aff…"); larger ones are summarised by their size.
const maxBlobText = 1024

// fetchBatch is the most rows one FETCH asks for: enough to keep round
// trips few, small enough that a result cut short never reads far past
// the cap.
const fetchBatch = 1000

// cursorName is the cursor each query is read through.
const cursorName = "querent_rows"

// clientGrace is how long past Limits.Timeout the client waits before
// cancelling from its side: the server's statement_timeout should fire
// first, which leaves the connection reusable.
const clientGrace = 2 * time.Second

// explainTimeout bounds planning in Explain.
const explainTimeout = 30 * time.Second

// rollbackTimeout bounds the rollback that ends every transaction, which
// runs even when the caller's context is done.
const rollbackTimeout = 5 * time.Second

// Query runs one statement in a READ ONLY transaction that is always
// rolled back, and returns at most lim.MaxRows rows (DefaultMaxRows when
// unset), with Truncated set when more existed. It applies every check of
// Guard itself, so it is safe without a prior Guard. lim.Timeout becomes
// the transaction's statement_timeout; the caller's context is honoured
// too.
//
// The statement is read through a cursor (DECLARE … CURSOR FOR stmt, then
// FETCH in batches): a query that would return millions of rows stops after
// lim.MaxRows+1 of them, and memory stays bounded. args bind to $1, $2, …
// by the extended protocol.
//
// Values are nil, int64, float64, string or bool: integers as int64;
// double precision and real as float64; numeric as int64 when it has no
// fractional digits and fits, else float64 (rounded to double precision),
// or its exact text when beyond float64's range; dates as "2006-01-02",
// timestamps as "2006-01-02 15:04:05[.ffffff]" (the same text the SQLite
// demo stores), timestamptz with its offset; bytea as PostgreSQL's hex
// text "\x…", or "<bytea: N bytes>" above 1 KiB; json, uuid, intervals,
// arrays and every other type as PostgreSQL's text output. NaN is nil and
// ±Infinity the strings "Infinity" and "-Infinity", which JSON cannot carry
// as numbers.
func (d *DB) Query(ctx context.Context, sql string, args []any, lim database.Limits) (*database.Result, error) {
	start := time.Now()
	c, err := d.check(ctx, sql)
	if err != nil {
		return nil, err
	}
	if err := checkArgs(args); err != nil {
		return nil, err
	}
	maxRows := lim.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	if lim.Timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, lim.Timeout+clientGrace)
	}
	defer cancel()
	var res *database.Result
	opts := txOptions{setup: true, timeout: lim.Timeout, snap: d.snap.Load()}
	err = d.inTx(qctx, opts, func(tx pgx.Tx) error {
		var err error
		res, err = fetch(qctx, tx, c.stmt, args, maxRows)
		return err
	})
	if err != nil {
		return nil, runError(ctx, qctx, lim.Timeout, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// Explain plans the statement with EXPLAIN (without ANALYZE: nothing runs)
// in a READ ONLY transaction that is rolled back, after every check of
// Guard. Planning resolves every name and type, so unknown columns and
// type errors surface as classified errors. When the statement has
// parameters but args is empty, it is prepared instead of planned, which
// checks the same names and types (PostgreSQL cannot plan a statement
// without its parameter values before version 16).
func (d *DB) Explain(ctx context.Context, sql string, args []any) error {
	c, err := d.check(ctx, sql)
	if err != nil {
		return err
	}
	if err := checkArgs(args); err != nil {
		return err
	}
	opts := txOptions{setup: true, timeout: explainTimeout, snap: d.snap.Load()}
	err = d.inTx(ctx, opts, func(tx pgx.Tx) error {
		if len(args) == 0 && c.params > 0 {
			_, err := tx.Conn().PgConn().Prepare(ctx, "", c.stmt, nil)
			return err
		}
		rows, err := tx.Query(ctx, "EXPLAIN "+c.stmt, withMode(args)...)
		if err != nil {
			return err
		}
		for rows.Next() {
		}
		rows.Close()
		return rows.Err()
	})
	return runError(ctx, ctx, 0, err)
}

// checkArgs refuses arguments PostgreSQL cannot bind.
func checkArgs(args []any) error {
	for i, a := range args {
		if na, ok := a.(sql.NamedArg); ok {
			return &database.Error{Code: database.CodeInternal,
				Message: fmt.Sprintf("argument %d is named (%q), but PostgreSQL binds parameters by position ($1, $2, …)", i+1, na.Name)}
		}
	}
	return nil
}

// withMode prefixes args with the protocol mode to run them with: a
// statement with arguments is described first, so the server decides
// their types (an ISO date string binds to a date parameter); one without
// runs in a single round trip. Both are the extended protocol, which
// accepts one statement only; pgx's simple protocol is never used for
// caller SQL.
func withMode(args []any) []any {
	if len(args) == 0 {
		return []any{pgx.QueryExecModeExec}
	}
	return append([]any{pgx.QueryExecModeDescribeExec}, args...)
}

// txOptions configure one read-only transaction.
type txOptions struct {
	iso pgx.TxIsoLevel
	// setup applies the session settings caller SQL runs under, with
	// timeout as statement_timeout (none when zero) and the search path of
	// snap behind pg_catalog.
	setup   bool
	timeout time.Duration
	snap    *snapshot
}

// inTx runs f in a READ ONLY transaction on one connection and always
// rolls it back. A connection whose rollback fails is closed, never reused.
func (d *DB) inTx(ctx context.Context, opts txOptions, f func(tx pgx.Tx) error) error {
	if d.pool == nil {
		return &database.Error{Code: database.CodeInternal, Message: "internal error: the engine has no connection pool"}
	}
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: opts.iso, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
		defer cancel()
		if err := tx.Rollback(rctx); err != nil && !errors.Is(err, pgx.ErrTxClosed) {
			// Whatever was read is still a valid answer; the connection's
			// state is not, so Release must destroy it.
			conn.Conn().Close(rctx)
		}
	}()
	if opts.setup {
		if err := setup(ctx, tx, opts); err != nil {
			return err
		}
	}
	return f(tx)
}

// setup applies, for this transaction only: statement_timeout; an
// idle-in-transaction timeout, so a client that vanishes mid-read frees its
// connection; a search path with pg_catalog first, so no user schema can
// shadow a built-in function, operator or type, and temporary schemas
// last; and the output styles that decoding relies on. It also releases any
// session advisory lock left on the connection: Guard refuses the functions
// that take them, and this makes sure none survives into another query.
func setup(ctx context.Context, tx pgx.Tx, opts txOptions) error {
	q := `SELECT pg_advisory_unlock_all(), set_config('search_path', $1, true),
	set_config('idle_in_transaction_session_timeout', $2, true),
	set_config('DateStyle', 'ISO', true), set_config('IntervalStyle', 'postgres', true),
	set_config('bytea_output', 'hex', true), set_config('extra_float_digits', '1', true)`
	idle := opts.timeout + 30*time.Second
	args := []any{pgx.QueryExecModeExec, searchPath(opts.snap), ms(idle)}
	if opts.timeout > 0 {
		q += `, set_config('statement_timeout', $3, true)`
		args = append(args, ms(opts.timeout))
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}

// ms renders a duration as a PostgreSQL time setting in milliseconds,
// rounding up so that a sub-millisecond limit is not "0" (no limit).
func ms(d time.Duration) string {
	return strconv.FormatInt(int64(math.Ceil(float64(d)/float64(time.Millisecond))), 10) + "ms"
}

// searchPath is the search_path value caller SQL runs under: pg_catalog,
// then the session's own search path, then temporary schemas.
func searchPath(s *snapshot) string {
	parts := []string{"pg_catalog"}
	if s != nil {
		for _, ns := range s.searchPath {
			parts = append(parts, pgx.Identifier{ns}.Sanitize())
		}
	}
	return strings.Join(append(parts, "pg_temp"), ", ")
}

// fetch declares a cursor for stmt and reads it in batches until it ends
// or maxRows+1 rows (or database.MaxResultBytes) show that the result is
// truncated.
func fetch(ctx context.Context, tx pgx.Tx, stmt string, args []any, maxRows int) (*database.Result, error) {
	declare := "DECLARE " + cursorName + " NO SCROLL CURSOR FOR " + stmt
	rows, err := tx.Query(ctx, declare, withMode(args)...)
	if err != nil {
		return nil, err
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	res := &database.Result{Rows: [][]any{}}
	var oids []uint32
	rc := database.NewRowCap(res, maxRows)
	for {
		want := min(maxRows+1-len(res.Rows), fetchBatch)
		// Results come as text: decode reads PostgreSQL's own output, so
		// every type, including ones pgx has no codec for, has a value.
		rows, err := tx.Query(ctx, "FETCH FORWARD "+strconv.Itoa(want)+" FROM "+cursorName,
			pgx.QueryExecModeExec, pgx.QueryResultFormats{pgx.TextFormatCode})
		if err != nil {
			return nil, err
		}
		if res.Columns == nil {
			for _, fd := range rows.FieldDescriptions() {
				res.Columns = append(res.Columns, fd.Name)
				oids = append(oids, fd.DataTypeOID)
			}
			if res.Columns == nil {
				res.Columns = []string{}
			}
		}
		got := 0
		for rows.Next() {
			got++
			if !rc.Admit() {
				break
			}
			raw := rows.RawValues()
			row := make([]any, len(raw))
			size := 0
			for i, v := range raw {
				var n int
				row[i], n = decode(oids[i], v)
				size += n
			}
			rc.Add(row, size)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if res.Truncated || got < want {
			return res, nil
		}
	}
}

// decode converts one text-format value to a JSON-friendly one and
// returns its approximate size in bytes.
func decode(oid uint32, raw []byte) (any, int) {
	if raw == nil {
		return nil, 8
	}
	s := string(raw)
	switch oid {
	case pgtype.BoolOID:
		return s == "t", 8
	case pgtype.Int2OID, pgtype.Int4OID, pgtype.Int8OID, pgtype.OIDOID:
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n, 8
		}
	case pgtype.Float4OID, pgtype.Float8OID:
		return float(s), 8
	case pgtype.NumericOID:
		return numeric(s), 8
	case pgtype.ByteaOID:
		if len(s) > 2+2*maxBlobText {
			return "<bytea: " + strconv.Itoa((len(s)-2)/2) + " bytes>", 32
		}
	}
	return s, len(s) + 16
}

// float decodes a real or double precision value.
func float(s string) any {
	switch s {
	case "NaN":
		return nil
	case "Infinity", "-Infinity":
		return s
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	return s
}

// numeric decodes a numeric value: int64 without fractional digits when it
// fits, float64 when it is within double precision's range, its exact text
// otherwise.
func numeric(s string) any {
	switch s {
	case "NaN":
		return nil
	case "Infinity", "-Infinity":
		return s
	}
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) {
		return f
	}
	return s
}
