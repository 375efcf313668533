package sqlserver

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	mssql "github.com/microsoft/go-mssqldb"

	"querent/internal/database"
)

// DefaultMaxRows caps a result when Limits.MaxRows is zero or negative, so
// a caller that forgets the limit still cannot load a whole table.
const DefaultMaxRows = 10_000

// maxBinaryText is the largest binary value returned in full, as a 0x…
// literal; larger ones are summarised by their size.
const maxBinaryText = 1024

// Query runs one statement read-only and returns at most lim.MaxRows rows
// (DefaultMaxRows when unset). It applies Guard itself first, so it is safe
// without a prior Guard.
//
// SQL Server has no read-only transaction, so read-only execution rests on
// the login (db_datareader only: see the package comment) as well as on the
// guard. The statement runs in a READ COMMITTED transaction that is always
// rolled back, under lim.Timeout: on the deadline the driver sends an
// attention that stops the statement on the server. LOCK_TIMEOUT bounds
// each wait for a lock by the same deadline, and SET ROWCOUNT makes the
// server stop after MaxRows+1 rows, the one extra row telling Truncated
// apart from a result of exactly MaxRows.
//
// Values are nil, int64, float64 (decimal, numeric, money and float), bool
// (bit), or string: dates as "2006-01-02", datetime, datetime2 and
// smalldatetime as "2006-01-02 15:04:05" (with fractional seconds when there
// are any), datetimeoffset with its offset, time as "15:04:05",
// uniqueidentifier in its usual text form, and binary values as a 0x…
// literal, or "<binary: N bytes>" above 1 KiB. Columns without a name are
// called column1, column2, … by position. Large text values are cut at
// 1 MiB by SET TEXTSIZE.
func (d *DB) Query(ctx context.Context, text string, args []any, lim database.Limits) (*database.Result, error) {
	start := time.Now()
	st, _, err := d.guard(ctx, text)
	if err != nil {
		return nil, err
	}
	qctx, cancel, limit := withTimeout(ctx, lim.Timeout)
	defer cancel()
	maxRows := lim.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	opts := sessionOptions{rowCount: min(maxRows, math.MaxInt32-1) + 1, lockTimeout: remaining(qctx)}
	var res *database.Result
	err = d.withSession(qctx, opts, func(conn *sql.Conn) error {
		tx, err := conn.BeginTx(qctx, &sqlTxOptions)
		if err != nil {
			return fmt.Errorf("opening a read transaction: %w", err)
		}
		// Always rolled back: nothing the statement might have done
		// survives it, even under a login that can write.
		defer tx.Rollback()
		res, err = d.collect(qctx, tx, st.SQL, args, maxRows)
		return err
	})
	if err != nil {
		return nil, runError(ctx, qctx, limit, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

var sqlTxOptions = sql.TxOptions{Isolation: sql.LevelReadCommitted}

// withTimeout narrows ctx by the statement timeout, if any, and returns it
// as text for messages.
func withTimeout(ctx context.Context, timeout time.Duration) (context.Context, context.CancelFunc, string) {
	if timeout <= 0 {
		return ctx, func() {}, ""
	}
	qctx, cancel := context.WithTimeout(ctx, timeout)
	return qctx, cancel, timeout.String()
}

// remaining is the time left before ctx's deadline, or 0 without one.
func remaining(ctx context.Context) time.Duration {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	return max(time.Until(dl), time.Millisecond)
}

// queryer is a connection or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// collect runs stmt and reads up to maxRows rows.
func (d *DB) collect(ctx context.Context, q queryer, stmt string, args []any, maxRows int) (*database.Result, error) {
	rows, err := q.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, err
	}
	// Closing before reading to the end cancels the rest of the statement
	// on the server (the driver sends an attention).
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, err
	}
	res := &database.Result{Columns: make([]string, len(types)), Rows: [][]any{}}
	typeNames := make([]string, len(types))
	for i, ct := range types {
		res.Columns[i] = ct.Name()
		if res.Columns[i] == "" {
			res.Columns[i] = "column" + strconv.Itoa(i+1)
		}
		typeNames[i] = ct.DatabaseTypeName()
	}
	vals := make([]any, len(types))
	ptrs := make([]any, len(types))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	rc := database.NewRowCap(res, maxRows)
	for rows.Next() {
		if !rc.Admit() {
			return res, nil
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make([]any, len(vals))
		size := 0
		for i, v := range vals {
			var n int
			row[i], n = normalize(v, typeNames[i], d.guidConversion)
			size += n
		}
		rc.Add(row, size)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// normalize converts a driver value of a column of SQL Server type dbType
// (as go-mssqldb names it) to a JSON-friendly one, and returns its
// approximate size in bytes. guidConversion says the driver already put
// uniqueidentifier bytes in text order.
func normalize(v any, dbType string, guidConversion bool) (any, int) {
	switch v := v.(type) {
	case nil:
		return nil, 8
	case int64:
		return v, 8
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, 8 // SQL Server stores neither; never guess
		}
		return v, 8
	case float32:
		// Through its shortest text, so real 0.1 stays 0.1 and does not
		// become 0.10000000149011612.
		f, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
		return f, 8
	case bool:
		return v, 8
	case string:
		return v, len(v) + 16
	case []byte:
		switch dbType {
		case "DECIMAL", "NUMERIC", "MONEY", "SMALLMONEY":
			if f, err := strconv.ParseFloat(string(v), 64); err == nil {
				return f, 8
			}
			return string(v), len(v) + 16
		case "UNIQUEIDENTIFIER":
			if len(v) == 16 {
				return guidText(v, guidConversion), 52
			}
		}
		if len(v) > maxBinaryText {
			return "<binary: " + strconv.Itoa(len(v)) + " bytes>", 32
		}
		return "0x" + strings.ToUpper(hex.EncodeToString(v)), 2*len(v) + 18
	case time.Time:
		switch dbType {
		case "DATE":
			return v.Format(time.DateOnly), 26
		case "TIME":
			return v.Format("15:04:05.999999999"), 34
		case "DATETIMEOFFSET":
			return v.Format("2006-01-02 15:04:05.999999999-07:00"), 52
		}
		return v.Format("2006-01-02 15:04:05.999999999"), 46
	}
	s := fmt.Sprint(v)
	return s, len(s) + 16
}

// guidText formats a uniqueidentifier. On the wire its first three groups
// are little-endian; go-mssqldb reorders them only with "guid
// conversion=true".
func guidText(b []byte, converted bool) string {
	var u mssql.UniqueIdentifier
	if converted {
		copy(u[:], b)
	} else if err := u.Scan(b); err != nil {
		return "0x" + strings.ToUpper(hex.EncodeToString(b))
	}
	return u.String()
}

// Explain compiles the statement on the server without running it, which
// reports unknown tables and columns, ambiguous names and compile-time type
// errors (not failed conversions of values, which only running finds) with
// the same codes as Query. It applies Guard first.
//
// SQL Server has no EXPLAIN. Explain turns SET SHOWPLAN_XML ON on a
// connection it holds exclusively, sends the statement (which the server
// then plans but does not execute), and turns SHOWPLAN_XML OFF again before
// the connection goes back to the pool; if that fails, the connection is
// closed instead, so no later query can run under a session that only
// plans. SHOWPLAN_XML was chosen over SET NOEXEC ON because NOEXEC defers
// name resolution (an unknown table goes unreported) and does not compile
// the parameterised form the driver sends, and over SET PARSEONLY because
// that resolves no names at all. ROWCOUNT is set to 1 on this connection
// as well, so that even if the server ran the statement, it could return
// no more than a row.
//
// SHOWPLAN needs the SHOWPLAN permission (granted in the login script of
// the package comment). Without it Explain checks only the guard, and
// unknown names are reported by Query instead, with the same codes.
func (d *DB) Explain(ctx context.Context, text string, args []any) error {
	st, _, err := d.guard(ctx, text)
	if err != nil {
		return err
	}
	d.mu.Lock()
	skip := d.noShowplan
	d.mu.Unlock()
	if skip {
		return nil
	}
	err = d.withSession(ctx, sessionOptions{rowCount: 1, lockTimeout: remaining(ctx)}, func(conn *sql.Conn) error {
		if _, err := conn.ExecContext(ctx, "SET SHOWPLAN_XML ON"); err != nil {
			return err
		}
		planErr := drain(conn.QueryContext(ctx, st.SQL, args...))
		// Switched off even when ctx is done, on a short deadline of its own.
		octx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if _, err := conn.ExecContext(octx, "SET SHOWPLAN_XML OFF"); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn }) // close it, never reuse
		}
		return planErr
	})
	if err != nil && showplanDenied(err) {
		d.mu.Lock()
		d.noShowplan = true
		d.mu.Unlock()
		return nil
	}
	return runError(ctx, ctx, "", err)
}

// drain reads and discards every row of a result.
func drain(rows *sql.Rows, err error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		// The plan itself is not needed: compiling was the check.
	}
	return rows.Err()
}
