//go:build cgo

package duckdb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
	"querent/internal/guard"
)

// DefaultMaxRows caps a result when Limits.MaxRows is zero or negative, so
// a caller that forgets the limit still cannot load a whole table.
const DefaultMaxRows = 10_000

// maxBlobText is the largest binary value returned in full, as a hex blob
// literal; larger ones are summarised by their size.
const maxBlobText = 1024

// Guard checks that sql is one read-only query and returns the tables and
// views it reads, sorted, as Introspect names them (bare in the main schema,
// "schema.name" elsewhere). Common table expressions, table functions such
// as range() and information_schema views are not listed.
//
// It applies guard.Check, then the policy on DuckDB's own syntax tree (see
// the package comment), then prepares the statement, which resolves every
// name and type without running anything. A refusal is a *database.Error
// with CodeForbidden, or CodeSyntax when DuckDB cannot parse the text;
// an unknown table is CodeNoTable and an unknown column CodeNoColumn.
func (d *DB) Guard(ctx context.Context, sql string) ([]string, error) {
	stmt, err := guard.Check(sql)
	if err != nil {
		return nil, err
	}
	var tables []string
	err = d.withConn(ctx, func(c *duckdb.Conn) error {
		read, err := d.parse(ctx, c, stmt)
		if err != nil {
			return err
		}
		tables = read
		s, err := prepare(c, stmt)
		if err != nil {
			return err
		}
		return s.Close()
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", err)
	}
	return tables, nil
}

// prepare compiles one statement, which DuckDB must classify as a SELECT.
// The driver's Prepare refuses text holding more than one statement
// without running any of it (its Query and Exec would run every statement
// but the last first).
func prepare(c *duckdb.Conn, stmt string) (*duckdb.Stmt, error) {
	ds, err := c.Prepare(stmt)
	if err != nil {
		if strings.Contains(err.Error(), "multi-statement") {
			return nil, database.Forbidden("more than one statement: DuckDB found more SQL after the first statement; send a single SELECT")
		}
		return nil, err
	}
	s, ok := ds.(*duckdb.Stmt)
	if !ok {
		ds.Close()
		return nil, fmt.Errorf("internal error: prepared statement is %T", ds)
	}
	typ, err := s.StatementType()
	if err != nil {
		s.Close()
		return nil, err
	}
	if typ != duckdb.STATEMENT_TYPE_SELECT {
		s.Close()
		return nil, database.Forbidden("DuckDB reports that this is not a SELECT statement (type %d); only read-only queries are allowed", typ)
	}
	return s, nil
}

// Query runs one statement read-only and returns at most lim.MaxRows rows
// (DefaultMaxRows when unset), with Truncated set when more existed. It
// applies guard.Check and the syntax-tree policy itself, so it is safe
// without a prior Guard. The statement runs inside a READ ONLY transaction
// that is always rolled back, under lim.Timeout: the deadline interrupts
// DuckDB, as does cancelling ctx. Planning is not interruptible, but
// guard.MaxLength bounds it: the largest statements it admits (a
// 5,000-branch UNION, say) take DuckDB about two seconds to plan.
//
// Memory stays bounded because DuckDB never produces more than
// MaxRows+1 rows: the statement runs as the subquery of an outer LIMIT,
// which keeps its order. Column names are the statement's own, except that
// duplicates come back made unique (id, id_1) when DuckDB cannot type the
// result before binding the arguments. Values are nil, int64, float64,
// bool or string: HUGEINT beyond int64 and UBIGINT beyond it become decimal
// text, DECIMAL becomes float64, DATE "2006-01-02", TIMESTAMP
// "2006-01-02 15:04:05" (with fractional seconds when present),
// TIMESTAMPTZ the same in UTC with a "Z", TIME "15:04:05", UUID its
// canonical text, BLOB an X'…' hex literal (a size note above 1 KiB),
// INTERVAL DuckDB's text form, and LIST, STRUCT, MAP, UNION and JSON values
// JSON text. ±Inf become "Infinity" and "-Infinity" and NaN nil, which
// JSON cannot carry as numbers.
func (d *DB) Query(ctx context.Context, sql string, args []any, lim database.Limits) (*database.Result, error) {
	start := time.Now()
	stmt, err := guard.Check(sql)
	if err != nil {
		return nil, err
	}
	qctx, cancel, limit := withLimit(ctx, lim)
	defer cancel()
	var (
		res       *database.Result
		qerr      error
		discarded bool
	)
	err = d.withConn(qctx, func(c *duckdb.Conn) error {
		if _, err := d.parse(qctx, c, stmt); err != nil {
			return err
		}
		var rberr error
		res, qerr, rberr = run(qctx, c, stmt, args, lim.MaxRows)
		if rberr != nil {
			// The transaction may still be open on this connection, so
			// database/sql must discard it; the rows already read are
			// still a valid answer.
			discarded = true
			return fmt.Errorf("rolling back the read transaction: %w: %w", rberr, driver.ErrBadConn)
		}
		return qerr
	})
	if discarded {
		err = qerr
	}
	if err != nil {
		return nil, runError(ctx, qctx, limit, err)
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// withLimit narrows ctx by the statement timeout, if any, and returns the
// timeout's text for messages.
func withLimit(ctx context.Context, lim database.Limits) (context.Context, context.CancelFunc, string) {
	if lim.Timeout <= 0 {
		return ctx, func() {}, ""
	}
	qctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	return qctx, cancel, lim.Timeout.String()
}

// run executes stmt in a read-only transaction on c and collects the rows.
// It returns the query's error and, separately, the rollback's: a
// connection whose rollback failed must not be reused.
func run(ctx context.Context, c *duckdb.Conn, stmt string, args []any, maxRows int) (res *database.Result, queryErr, rollbackErr error) {
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	nargs, err := namedArgs(c, args)
	if err != nil {
		return nil, err, nil
	}
	if err := begin(ctx, c); err != nil {
		return nil, err, nil
	}
	res, queryErr = collect(ctx, c, stmt, nargs, maxRows)
	return res, queryErr, rollback(c)
}

// begin opens the read-only transaction every query runs in: DuckDB refuses
// any write to the database inside it, whatever the statement.
func begin(ctx context.Context, c *duckdb.Conn) error {
	if _, err := c.ExecContext(ctx, "BEGIN TRANSACTION READ ONLY", nil); err != nil {
		return fmt.Errorf("opening a read-only transaction: %w", err)
	}
	return nil
}

// rollback ends the transaction begin opened. It ignores the caller's
// context: a timed-out query must still be rolled back. DuckDB may already
// have ended it (a failed statement can), which is not an error.
func rollback(c *duckdb.Conn) error {
	_, err := c.ExecContext(context.Background(), "ROLLBACK", nil)
	if err != nil && strings.Contains(err.Error(), "no transaction is active") {
		return nil
	}
	return err
}

// collect runs stmt, capped at maxRows+1 rows by an outer LIMIT, and reads
// the rows under the byte budget.
func collect(ctx context.Context, c *duckdb.Conn, stmt string, args []driver.NamedValue, maxRows int) (*database.Result, error) {
	res := &database.Result{Rows: [][]any{}}
	rc := database.NewRowCap(res, maxRows)
	err := scan(ctx, c, stmt, args, " LIMIT "+strconv.Itoa(maxRows+1), func(cols []string, row []any, size int) (bool, error) {
		if !rc.Admit() {
			return false, nil
		}
		rc.Add(row, size)
		return true, nil
	}, func(cols []string) { res.Columns = cols })
	if err != nil {
		return nil, err
	}
	return res, nil
}

// scan runs stmt as the subquery of an outer SELECT (with suffix, such as a
// LIMIT, after it), announces the column names to start, and passes each
// normalised row with its approximate size to fn until fn returns false or
// an error.
func scan(ctx context.Context, c *duckdb.Conn, stmt string, args []driver.NamedValue, suffix string, fn func(cols []string, row []any, size int) (bool, error), start func(cols []string)) error {
	// The statement is prepared on its own first: to check it alone, and
	// for its column names, which the wrapper makes unique (a, a_1).
	s, err := prepare(c, stmt)
	if err != nil {
		return err
	}
	names, nparams, err := describeStmt(s)
	s.Close()
	if err != nil {
		return err
	}
	if nparams != len(args) {
		return &database.Error{Code: database.CodeInternal,
			Message: fmt.Sprintf("the statement has %d parameters but %d arguments were given", nparams, len(args))}
	}
	// The newline before the closing parenthesis keeps a trailing line
	// comment inside; DuckDB keeps the subquery's order under a LIMIT.
	wrapped := "SELECT * FROM (\n" + stmt + "\n) AS querent_result" + suffix
	s, err = prepare(c, wrapped)
	if err != nil {
		return err
	}
	defer s.Close()
	rows, err := s.QueryContext(ctx, args)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols := append([]string(nil), rows.Columns()...)
	if len(names) == len(cols) {
		cols = names
	}
	start(cols)
	types := make([]string, len(cols))
	if tr, ok := rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		for i := range types {
			types[i] = tr.ColumnTypeDatabaseTypeName(i)
		}
	}
	dest := make([]driver.Value, len(rows.Columns()))
	for {
		err := rows.Next(dest)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		row := make([]any, len(dest))
		size := 0
		for i, v := range dest {
			var n int
			row[i], n = normalize(v, types[i])
			size += n
		}
		more, err := fn(cols, row, size)
		if err != nil || !more {
			return err
		}
	}
}

// describeStmt returns a prepared statement's column names and the number of
// distinct parameters it takes. The names are nil when DuckDB cannot type
// the result before the parameters are bound (a parameter whose type only
// the bound value decides): the caller then takes the names of the wrapped
// statement's result, in which duplicate names are made unique.
func describeStmt(s *duckdb.Stmt) ([]string, int, error) {
	n, err := s.ColumnCount()
	if err != nil {
		return nil, 0, err
	}
	if n == 1 {
		if typ, err := s.ColumnType(0); err != nil || typ == duckdb.TYPE_INVALID {
			return nil, s.NumInput(), err
		}
	}
	cols := make([]string, n)
	for i := range cols {
		if cols[i], err = s.ColumnName(i); err != nil {
			return nil, 0, err
		}
	}
	return cols, s.NumInput(), nil
}

// namedArgs converts query arguments the way database/sql would: the
// driver's own checker first (it binds lists, maps and its own types), then
// driver Valuers and widened Go kinds; sql.NamedArg binds by name.
func namedArgs(c *duckdb.Conn, args []any) ([]driver.NamedValue, error) {
	out := make([]driver.NamedValue, len(args))
	for i, a := range args {
		nv := driver.NamedValue{Ordinal: i + 1}
		if na, ok := a.(sql.NamedArg); ok {
			nv.Name = na.Name
			a = na.Value
		}
		nv.Value = a
		if err := c.CheckNamedValue(&nv); err != nil {
			v, err := driver.DefaultParameterConverter.ConvertValue(a)
			if err != nil {
				return nil, &database.Error{Code: database.CodeInternal, Err: err,
					Message: fmt.Sprintf("argument %d (%T) cannot be bound: %v", i+1, a, err)}
			}
			nv.Value = v
		}
		out[i] = nv
	}
	return out, nil
}

// normalize converts a driver value of a column of DuckDB type typ to a
// JSON-friendly one and returns its approximate size in bytes.
func normalize(v driver.Value, typ string) (any, int) {
	switch v := v.(type) {
	case nil:
		return nil, 8
	case int64:
		return v, 8
	case int8:
		return int64(v), 8
	case int16:
		return int64(v), 8
	case int32:
		return int64(v), 8
	case int:
		return int64(v), 8
	case uint8:
		return int64(v), 8
	case uint16:
		return int64(v), 8
	case uint32:
		return int64(v), 8
	case uint64:
		if v <= math.MaxInt64 {
			return int64(v), 8
		}
		s := strconv.FormatUint(v, 10)
		return s, len(s) + 16
	case *big.Int:
		if v.IsInt64() {
			return v.Int64(), 8
		}
		s := v.String()
		return s, len(s) + 16
	case float32:
		return float(float64(v)), 8
	case float64:
		return float(v), 8
	case duckdb.Decimal:
		return float(v.Float64()), 8
	case bool:
		return v, 8
	case string:
		return v, len(v) + 16
	case []byte:
		if typ == "UUID" && len(v) == 16 {
			var u duckdb.UUID
			copy(u[:], v)
			return u.String(), 52
		}
		if len(v) > maxBlobText {
			return "<blob: " + strconv.Itoa(len(v)) + " bytes>", 32
		}
		return "X'" + strings.ToUpper(hex.EncodeToString(v)) + "'", 2*len(v) + 19
	case time.Time:
		return timeText(v, typ), 40
	case duckdb.Interval:
		s := intervalText(v)
		return s, len(s) + 16
	case duckdb.UUID:
		return v.String(), 52
	}
	s := jsonText(v)
	return s, len(s) + 16
}

// float maps the floats JSON cannot carry to text (infinities) or nil (NaN).
func float(f float64) any {
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

// timeText formats a date or time value by its column type. The driver
// returns every temporal type as time.Time in UTC.
func timeText(t time.Time, typ string) string {
	switch {
	case typ == "DATE":
		return t.Format(time.DateOnly)
	case strings.HasPrefix(typ, "TIMESTAMP") && (strings.HasSuffix(typ, "TZ") || strings.Contains(typ, "TIME ZONE")):
		return t.UTC().Format("2006-01-02 15:04:05.999999Z07:00")
	case strings.HasPrefix(typ, "TIME"):
		if strings.HasPrefix(typ, "TIMESTAMP") {
			return t.Format("2006-01-02 15:04:05.999999999")
		}
		return t.Format("15:04:05.999999")
	}
	return t.Format("2006-01-02 15:04:05.999999999")
}

// intervalText renders an interval as DuckDB prints it: "1 year 2 months 3
// days 04:05:06.5", leaving out zero parts.
func intervalText(iv duckdb.Interval) string {
	var parts []string
	plural := func(n int64, unit string) {
		if n == 0 {
			return
		}
		if n == 1 || n == -1 {
			parts = append(parts, fmt.Sprintf("%d %s", n, unit))
			return
		}
		parts = append(parts, fmt.Sprintf("%d %ss", n, unit))
	}
	plural(int64(iv.Months/12), "year")
	plural(int64(iv.Months%12), "month")
	plural(int64(iv.Days), "day")
	if iv.Micros != 0 || len(parts) == 0 {
		us := iv.Micros
		sign := ""
		if us < 0 {
			sign, us = "-", -us
		}
		clock := fmt.Sprintf("%s%02d:%02d:%02d", sign, us/3_600_000_000, us/60_000_000%60, us/1_000_000%60)
		if frac := us % 1_000_000; frac != 0 {
			clock += strings.TrimRight(fmt.Sprintf(".%06d", frac), "0")
		}
		parts = append(parts, clock)
	}
	return strings.Join(parts, " ")
}

// jsonText renders a nested value (list, struct, map, union, JSON) as JSON
// text, its leaves normalised as top-level values are.
func jsonText(v any) string {
	b, err := json.Marshal(jsonable(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func jsonable(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = jsonable(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = jsonable(e)
		}
		return out
	case duckdb.Map:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[fmt.Sprint(jsonable(k))] = jsonable(e)
		}
		return out
	case duckdb.OrderedMap:
		// Keys of any type, in order: a list of {"key", "value"} pairs.
		keys, vals := v.Keys(), v.Values()
		out := make([]any, len(keys))
		for i := range keys {
			out[i] = map[string]any{"key": jsonable(keys[i]), "value": jsonable(vals[i])}
		}
		return out
	case duckdb.Union:
		return map[string]any{v.Tag: jsonable(v.Value)}
	case time.Time:
		return v.Format("2006-01-02 15:04:05.999999999")
	case []byte, duckdb.Decimal, duckdb.Interval, duckdb.UUID, *big.Int, uint64, float32, float64:
		n, _ := normalize(v, "")
		return n
	}
	return v
}

// Explain asks DuckDB to plan sql (EXPLAIN), which resolves every name and
// type without running the query. Without args the statement is only
// prepared, since a plan with unbound parameters cannot be produced.
func (d *DB) Explain(ctx context.Context, sql string, args []any) error {
	stmt, err := guard.Check(sql)
	if err != nil {
		return err
	}
	err = d.withConn(ctx, func(c *duckdb.Conn) error {
		if _, err := d.parse(ctx, c, stmt); err != nil {
			return err
		}
		s, err := prepare(c, stmt)
		if err != nil {
			return err
		}
		s.Close()
		nargs, err := namedArgs(c, args)
		if err != nil {
			return err
		}
		if err := begin(ctx, c); err != nil {
			return err
		}
		err = explain(ctx, c, stmt, nargs)
		if rerr := rollback(c); rerr != nil {
			return errors.Join(err, fmt.Errorf("rolling back the read transaction: %w: %w", rerr, driver.ErrBadConn))
		}
		return err
	})
	return runError(ctx, ctx, "", err)
}

// explain prepares EXPLAIN of stmt and, unless it has parameters and no
// arguments were given (then preparing is as far as DuckDB can plan), runs
// it and reads the plan.
func explain(ctx context.Context, c *duckdb.Conn, stmt string, args []driver.NamedValue) error {
	ds, err := c.Prepare("EXPLAIN " + stmt)
	if err != nil {
		return err
	}
	defer ds.Close()
	if ds.NumInput() > 0 && len(args) == 0 {
		return nil
	}
	s, ok := ds.(driver.StmtQueryContext)
	if !ok {
		return fmt.Errorf("internal error: prepared statement is %T", ds)
	}
	rows, err := s.QueryContext(ctx, args)
	if err != nil {
		return err
	}
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
}
