package mysql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"querent/internal/database"
)

// DefaultMaxRows caps a result when Limits.MaxRows is zero or negative, so
// a caller that forgets the limit still cannot load a whole table.
const DefaultMaxRows = 10_000

// maxBlobText is the largest binary value returned in full, as a hex blob
// literal; larger ones are summarised by their size.
const maxBlobText = 1024

// Query runs one statement read-only and returns at most lim.MaxRows rows
// (DefaultMaxRows when unset), reading only one row past the cap to report
// Truncated. It applies the whole guard policy itself (not the table
// resolution, which the server does), so it is safe without a prior Guard.
//
// Per query it makes four round trips on a pooled connection: set the
// session's statement timeout (skipped when unchanged), START TRANSACTION
// READ ONLY, the statement (prepare and execute when there are args), and
// ROLLBACK, which always runs. lim.Timeout becomes the server-side
// statement timeout, so the server stops a slow query itself; the context
// deadline, when sooner, does too. If the caller's context ends first, the
// driver drops the connection and the engine kills it on the server (KILL
// CONNECTION), which would otherwise run the statement on. A result cut at
// the cap stops the rest of the server's work with KILL QUERY.
//
// Values are nil, int64, float64 or string: DECIMAL becomes float64,
// DATE "2006-01-02", DATETIME and TIMESTAMP "2006-01-02 15:04:05" (with
// fractional seconds when the column has them), TIME "15:04:05", BIT an
// int64, JSON its text. Binary values holding text are returned as that
// text; other binary values become X'…' hex literals, or "<blob: N bytes>"
// above 1 KiB. BIGINT UNSIGNED values above the int64 range are returned as
// decimal text, which no float64 holds exactly.
func (d *DB) Query(ctx context.Context, sql string, args []any, lim database.Limits) (*database.Result, error) {
	start := time.Now()
	stmt, _, err := d.check(sql)
	if err != nil {
		return nil, err
	}
	maxRows := lim.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	limit := ""
	if lim.Timeout > 0 {
		limit = lim.Timeout.String()
	}
	var res *database.Result
	err = d.run(ctx, lim.Timeout, func(qctx context.Context, c *conn) error {
		var err error
		res, err = d.collect(qctx, c, stmt, args, maxRows)
		return err
	})
	if err != nil {
		return nil, d.queryError(ctx, limit, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// Explain asks the server to plan sql (EXPLAIN) inside the same read-only
// transaction as a query, which resolves every name and checks types
// without running the statement. Missing args are bound as NULL, which is
// enough to plan.
func (d *DB) Explain(ctx context.Context, sql string, args []any) error {
	stmt, _, err := d.check(sql)
	if err != nil {
		return err
	}
	err = d.run(ctx, 0, func(qctx context.Context, c *conn) error {
		rows, closeStmt, err := d.start(qctx, c, "EXPLAIN "+stmt, args, true)
		if err != nil {
			return err
		}
		defer closeStmt()
		defer rows.Close()
		dest := make([]driver.Value, len(rows.Columns()))
		for {
			if err := rows.Next(dest); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
		}
	})
	return d.queryError(ctx, "", err)
}

// queryError classifies an error from run, telling a stop by the caller
// from one by the time limit.
func (d *DB) queryError(ctx context.Context, limit string, err error) error {
	if err == nil {
		return nil
	}
	var re *runErr
	if errors.As(err, &re) {
		return runError(ctx, re.expired, limit, re.err)
	}
	return runError(ctx, false, limit, err)
}

// runErr is an error from run with whether the query's own deadline had
// passed when it happened, so its classification can tell the time limit
// from the caller's cancellation.
type runErr struct {
	expired bool
	err     error
}

func (e *runErr) Error() string { return e.err.Error() }
func (e *runErr) Unwrap() error { return e.err }

// run holds one connection for f inside a read-only transaction that is
// always rolled back, under the statement timeout t (0: none but the
// context's deadline).
func (d *DB) run(ctx context.Context, t time.Duration, f func(qctx context.Context, c *conn) error) error {
	// The server's own limit stops the statement; the client's deadline is
	// later, so the server's typed error arrives first and the connection
	// stays usable. The client deadline only matters if the server is
	// unresponsive.
	serverLimit := t
	if dl, ok := ctx.Deadline(); ok {
		if left := time.Until(dl); left <= 0 {
			return &runErr{true, context.DeadlineExceeded}
		} else if serverLimit == 0 || left < serverLimit {
			serverLimit = left
		}
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	if t > 0 {
		qctx, cancel = context.WithTimeout(ctx, t+time.Second+t/10)
	}
	defer cancel()
	discarded := false
	var ferr error
	err := d.withConn(qctx, func(c *conn) error {
		if err := d.setTimeout(qctx, c, serverLimit); err != nil {
			return err
		}
		if err := c.exec(qctx, "START TRANSACTION READ ONLY"); err != nil {
			return fmt.Errorf("starting a read-only transaction: %w", err)
		}
		// If the caller gives up, the driver closes the socket, but the
		// server would go on running the statement until it next writes to
		// the client. The connection is lost either way, so the whole
		// connection is killed: KILL QUERY could arrive before the server
		// starts the statement, and a statement's start clears it.
		killed := make(chan struct{})
		stop := context.AfterFunc(qctx, func() {
			defer close(killed)
			d.kill(c.id, true)
		})
		ferr = f(qctx, c)
		wasKilled := false
		if !stop() {
			<-killed // never release the connection with a KILL in flight
			wasKilled = true
		}
		rctx, rcancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer rcancel()
		if err := c.exec(rctx, "ROLLBACK"); err != nil || wasKilled {
			// The transaction's state is unknown (or a late KILL may still
			// hit this thread): drop the connection, which makes the server
			// roll back. The rows already read are still a valid answer.
			discarded = true
			return errDiscard
		}
		return ferr
	})
	if discarded {
		err = ferr
	}
	if err != nil {
		return &runErr{qctx.Err() != nil, err}
	}
	return nil
}

// start runs stmt on c and returns its rows and a function that closes the
// prepared statement, if one was needed. Statements without arguments go
// through the text protocol in one round trip; with arguments they are
// prepared, since the driver never interpolates values into SQL text. With
// padArgs, missing arguments are bound as NULL (for EXPLAIN).
func (d *DB) start(ctx context.Context, c *conn, stmt string, args []any, padArgs bool) (driver.Rows, func(), error) {
	nop := func() {}
	if len(args) == 0 && !(padArgs && strings.Contains(stmt, "?")) {
		rows, err := c.QueryContext(ctx, stmt, nil)
		return rows, nop, err
	}
	ps, err := c.PrepareContext(ctx, stmt)
	if err != nil {
		return nil, nop, err
	}
	closeStmt := func() { ps.Close() }
	n := ps.NumInput()
	if len(args) > n || len(args) < n && !padArgs {
		closeStmt()
		return nil, nop, &database.Error{Code: database.CodeInternal,
			Message: fmt.Sprintf("the statement has %d parameters but %d arguments were given", n, len(args))}
	}
	nargs := make([]driver.NamedValue, n)
	for i := range nargs {
		nargs[i].Ordinal = i + 1
		if i >= len(args) {
			continue
		}
		a := args[i]
		if _, ok := a.(sql.NamedArg); ok {
			closeStmt()
			return nil, nop, &database.Error{Code: database.CodeInternal,
				Message: fmt.Sprintf("argument %d is a named argument: MySQL binds parameters by position only (use ?)", i+1)}
		}
		nargs[i].Value = a
		if err := c.CheckNamedValue(&nargs[i]); err != nil {
			closeStmt()
			return nil, nop, &database.Error{Code: database.CodeInternal, Err: err,
				Message: fmt.Sprintf("argument %d (%T) cannot be bound: %v", i+1, a, err)}
		}
	}
	rows, err := ps.(driver.StmtQueryContext).QueryContext(ctx, nargs)
	if err != nil {
		closeStmt()
		return nil, nop, err
	}
	return rows, closeStmt, nil
}

// collect runs stmt and reads up to maxRows rows.
func (d *DB) collect(ctx context.Context, c *conn, stmt string, args []any, maxRows int) (*database.Result, error) {
	rows, closeStmt, err := d.start(ctx, c, stmt, args, false)
	if err != nil {
		return nil, err
	}
	defer closeStmt()
	cols := rows.Columns()
	types := make([]string, len(cols))
	if ct, ok := rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		for i := range cols {
			types[i] = ct.ColumnTypeDatabaseTypeName(i)
		}
	}
	res := &database.Result{Columns: append([]string(nil), cols...), Rows: [][]any{}}
	rc := database.NewRowCap(res, maxRows)
	dest := make([]driver.Value, len(cols))
	for {
		err := rows.Next(dest)
		if err == io.EOF {
			return res, rows.Close()
		}
		if err != nil {
			rows.Close()
			return nil, err
		}
		if !rc.Admit() {
			// Closing reads the rest of the result off the network, which
			// for a huge result means all of it: KILL QUERY first (the
			// statement is running: rows came from it), and closing reads
			// only up to the interruption. Its error (the interruption) is
			// expected; if the connection is left in a bad state, the
			// ROLLBACK that follows fails and it is dropped.
			d.kill(c.id, false)
			rows.Close()
			return res, nil
		}
		row := make([]any, len(dest))
		size := 0
		for i, v := range dest {
			var n int
			row[i], n = normalize(v, types[i])
			size += n
		}
		rc.Add(row, size)
	}
}

// normalize converts a driver value of a column of the given database type
// to a JSON-friendly one and returns its approximate size in bytes. Byte
// slices may point into the driver's buffer, so every kept value is copied.
func normalize(v driver.Value, typ string) (any, int) {
	switch v := v.(type) {
	case nil:
		return nil, 8
	case int64:
		return v, 8
	case uint64:
		if v > math.MaxInt64 {
			s := strconv.FormatUint(v, 10)
			return s, len(s) + 16
		}
		return int64(v), 8
	case float32:
		// Through its shortest decimal form, so FLOAT 0.1 is 0.1, not
		// 0.10000000149011612.
		f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
		return finite(f), 8
	case float64:
		return finite(v), 8
	case time.Time:
		return v.Format(time.DateTime), 24
	case []byte:
		return bytesValue(v, typ)
	case string:
		return v, len(v) + 16
	}
	s := fmt.Sprint(v)
	return s, len(s) + 16
}

// bytesValue converts a value the driver left as bytes, by column type.
func bytesValue(b []byte, typ string) (any, int) {
	switch typ {
	case "DECIMAL":
		if f, err := strconv.ParseFloat(string(b), 64); err == nil {
			return finite(f), 8
		}
	case "BIT":
		if len(b) <= 8 {
			var n uint64
			for _, c := range b {
				n = n<<8 | uint64(c)
			}
			if n <= math.MaxInt64 {
				return int64(n), 8
			}
		}
	case "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB", "BINARY", "VARBINARY", "GEOMETRY":
		if isText(b) {
			return string(b), len(b) + 16
		}
		if len(b) > maxBlobText {
			return "<blob: " + strconv.Itoa(len(b)) + " bytes>", 32
		}
		return "X'" + strings.ToUpper(hex.EncodeToString(b)) + "'", 2*len(b) + 19
	}
	return string(b), len(b) + 16
}

// finite maps ±Inf to text, which JSON cannot carry as numbers, and NaN to
// nil; MySQL itself produces neither, but a FLOAT column can hold them.
func finite(f float64) any {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return nil
	}
	return f
}

// isText reports whether binary data is really text: valid UTF-8 without
// control characters other than tab and line breaks.
func isText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return utf8.Valid(b)
}

// each runs one of the engine's own queries (no arguments) on c and calls
// fn per row with the values copied out of the driver's buffer.
func (c *conn) each(ctx context.Context, query string, fn func(row []any) error) error {
	rows, err := c.QueryContext(ctx, query, nil)
	if err != nil {
		return err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	row := make([]any, len(dest))
	for {
		if err := rows.Next(dest); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		for i, v := range dest {
			if b, ok := v.([]byte); ok {
				row[i] = string(b)
			} else {
				row[i] = v
			}
		}
		if err := fn(row); err != nil {
			return err
		}
	}
}
