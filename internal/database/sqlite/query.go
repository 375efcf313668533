package sqlite

import (
	"context"
	"database/sql/driver"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"querent/internal/database"
	"querent/internal/guard"
)

// DefaultMaxRows caps a result when Limits.MaxRows is zero or negative, so
// a caller that forgets the limit still cannot load a whole table.
const DefaultMaxRows = 10_000

// maxBlobText is the largest binary value returned in full, as a hex blob
// literal; larger ones are summarised by their size.
const maxBlobText = 1024

// internalPrefix marks names SQLite reserves for itself.
const internalPrefix = "sqlite_"

// Guard checks that sql is one read-only statement SQLite accepts under the
// authorizer, and returns the tables and views it reads, sorted, as SQLite
// spells them. A view is listed with the tables it reads, since SQLite
// authorizes both. SQLite's internal tables (sqlite_schema, …) may be read
// but are not listed, nor are CTEs and table-valued functions such as
// json_each, which SQLite also reports as read.
func (d *DB) Guard(ctx context.Context, sql string) ([]string, error) {
	stmt, err := guard.Check(sql)
	if err != nil {
		return nil, err
	}
	var tables []string
	err = d.withConn(ctx, func(c *roConn) error {
		p, err := c.prepare(stmt, modeUser)
		if err != nil {
			return err
		}
		p.stmt.Close()
		for t := range p.reads {
			if strings.HasPrefix(strings.ToLower(t), internalPrefix) {
				continue
			}
			known, err := d.isObject(ctx, c, t)
			if err != nil {
				return err
			}
			if known {
				tables = append(tables, t)
			}
		}
		return nil
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", err)
	}
	sort.Strings(tables)
	return tables, nil
}

// isObject reports whether name is a table or view of the database. The
// names are cached; a miss (a CTE, a table-valued function, or a table
// created since) reloads them once.
func (d *DB) isObject(ctx context.Context, c *roConn, name string) (bool, error) {
	d.mu.Lock()
	known := d.objects[name]
	d.mu.Unlock()
	if known {
		return true, nil
	}
	names := map[string]bool{}
	err := c.each(ctx, "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')", nil, func(row []driver.Value) error {
		names[text(row[0])] = true
		return nil
	})
	if err != nil {
		return false, err
	}
	d.mu.Lock()
	d.objects = names
	d.mu.Unlock()
	return names[name], nil
}

// Query runs one statement read-only and returns at most lim.MaxRows rows
// (DefaultMaxRows when unset), reading only one row past the cap to report
// Truncated. It applies guard.Check and every connection-level check itself,
// so it is safe without a prior Guard. The statement runs inside a
// transaction that is always rolled back, under lim.Timeout: SQLite has no
// server-side timeout, so the deadline interrupts the statement.
//
// Values are nil, int64, float64 or string. SQLite stores dates as text or
// numbers; they are returned as stored, not reparsed (see rawValuesSQL).
// Blobs holding text are returned as that text; other blobs become X'…' hex
// literals (which SQL accepts back), or "<blob: N bytes>" above 1 KiB. ±Inf
// become "Infinity" and "-Infinity", which JSON cannot carry as numbers.
func (d *DB) Query(ctx context.Context, sql string, args []any, lim database.Limits) (*database.Result, error) {
	start := time.Now()
	stmt, err := guard.Check(sql)
	if err != nil {
		return nil, err
	}
	nargs, err := namedArgs(args)
	if err != nil {
		return nil, err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	limit := ""
	if lim.Timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, lim.Timeout)
		limit = lim.Timeout.String()
	}
	defer cancel()
	maxRows := lim.MaxRows
	if maxRows <= 0 {
		maxRows = DefaultMaxRows
	}
	var (
		res       *database.Result
		qerr      error
		discarded bool
	)
	err = d.withConn(qctx, func(c *roConn) error {
		if err := c.begin(); err != nil {
			return err
		}
		res, qerr = c.collect(qctx, stmt, nargs, maxRows)
		if err := c.rollback(); err != nil {
			// The transaction is still open on this connection, so it must
			// not be reused; the rows already read are still a valid answer.
			discarded = true
			return fmt.Errorf("rolling back the read transaction: %w: %w", err, errDiscard)
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

// errDiscard makes database/sql close a connection whose state is unknown.
var errDiscard = driver.ErrBadConn

// begin opens the read transaction every query runs in.
func (c *roConn) begin() error {
	c.st.reset(modeTx)
	_, err := c.sc.Exec("BEGIN", nil)
	c.st.reset(modeUser)
	if err != nil {
		return fmt.Errorf("opening a read transaction: %w", err)
	}
	return nil
}

// rollback ends the transaction begin opened. SQLite may already have
// ended it (an interrupted statement can), which is not an error.
func (c *roConn) rollback() error {
	c.st.reset(modeTx)
	_, err := c.sc.Exec("ROLLBACK", nil)
	c.st.reset(modeUser)
	if err != nil && !c.sc.AutoCommit() {
		return err
	}
	return nil
}

// collect runs stmt and reads up to maxRows rows.
func (c *roConn) collect(ctx context.Context, stmt string, args []driver.NamedValue, maxRows int) (*database.Result, error) {
	rows, cols, err := c.start(ctx, stmt, args)
	if err != nil {
		return nil, err
	}
	defer rows.Close()

	res := &database.Result{Columns: cols, Rows: [][]any{}}
	rc := database.NewRowCap(res, maxRows)
	dest := make([]driver.Value, len(cols))
	for {
		err := rows.Next(dest)
		if err == io.EOF {
			return res, nil
		}
		if err != nil {
			return nil, err
		}
		if !rc.Admit() {
			return res, nil
		}
		row := make([]any, len(dest))
		size := 0
		for i, v := range dest {
			var n int
			row[i], n = normalize(v)
			size += n
		}
		rc.Add(row, size)
	}
}

// start prepares and starts stmt, returning its rows and column names.
// Columns whose declared type would make the driver rewrite values are read
// through rawValuesSQL instead, so values arrive as SQLite stored them.
func (c *roConn) start(ctx context.Context, stmt string, args []driver.NamedValue) (*rowsCloser, []string, error) {
	p, err := c.prepare(stmt, modeUser)
	if err != nil {
		return nil, nil, err
	}
	rows, err := p.run(ctx, args, true)
	if err != nil {
		return nil, nil, err
	}
	cols := append([]string(nil), rows.Columns()...)
	if needsRawValues(rows.DeclTypes()) {
		// Only the first step has run; start again on the wrapped form.
		rows.Close()
		if p, err = c.prepare(rawValuesSQL(stmt, len(cols)), modeUser); err != nil {
			return nil, nil, err
		}
		if rows, err = p.run(ctx, args, true); err != nil {
			return nil, nil, err
		}
	}
	return rows, cols, nil
}

// convertedDeclTypes are the declared types for which mattn/go-sqlite3
// rewrites values: text and integers in DATE, DATETIME and TIMESTAMP columns
// become time.Time — text it cannot parse silently becomes year 1, and an
// integer like 20240115 a 1970 timestamp — and integers in BOOLEAN columns
// become bool. None of that is what the SQL saw.
var convertedDeclTypes = setOf("date", "datetime", "timestamp", "boolean")

func needsRawValues(declTypes []string) bool {
	for _, t := range declTypes {
		if convertedDeclTypes[t] {
			return true
		}
	}
	return false
}

// rawValuesSQL wraps stmt so its result columns have no declared type, by
// renaming them positionally in a CTE and applying unary plus, which SQLite
// defines as a no-op on every value but which drops the declared type. Row
// order is kept: the CTE is scanned once, in its own order. The newline
// before the closing parenthesis keeps a trailing line comment inside.
func rawValuesSQL(stmt string, ncols int) string {
	var b strings.Builder
	b.WriteString(`WITH "querent_raw"(`)
	for i := range ncols {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "c%d", i+1)
	}
	b.WriteString(") AS (\n")
	b.WriteString(stmt)
	b.WriteString("\n) SELECT ")
	for i := range ncols {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "+c%d", i+1)
	}
	b.WriteString(` FROM "querent_raw"`)
	return b.String()
}

// normalize converts a driver value to a JSON-friendly one and returns its
// approximate size in bytes.
func normalize(v driver.Value) (any, int) {
	switch v := v.(type) {
	case nil:
		return nil, 8
	case int64:
		return v, 8
	case float64:
		switch {
		case math.IsInf(v, 1):
			return "Infinity", 8
		case math.IsInf(v, -1):
			return "-Infinity", 9
		case math.IsNaN(v):
			return nil, 8
		}
		return v, 8
	case bool:
		return v, 8
	case string:
		return v, len(v) + 16
	case []byte:
		if isText(v) {
			return string(v), len(v) + 16
		}
		if len(v) > maxBlobText {
			return "<blob: " + strconv.Itoa(len(v)) + " bytes>", 32
		}
		return "X'" + strings.ToUpper(hex.EncodeToString(v)) + "'", 2*len(v) + 19
	case time.Time:
		return v.Format(time.RFC3339Nano), 40
	}
	s := fmt.Sprint(v)
	return s, len(s) + 16
}

// isText reports whether a blob is really text (some programs store text
// as blobs): valid UTF-8 without control characters other than tab and
// line breaks. zeroblob() output is valid UTF-8 but not text.
func isText(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return utf8.Valid(b)
}

// Explain asks SQLite for the query plan of sql (EXPLAIN QUERY PLAN), which
// resolves every name and checks the statement under the authorizer without
// running it.
func (d *DB) Explain(ctx context.Context, sql string, args []any) error {
	stmt, err := guard.Check(sql)
	if err != nil {
		return err
	}
	nargs, err := namedArgs(args)
	if err != nil {
		return err
	}
	err = d.withConn(ctx, func(c *roConn) error {
		p, err := c.prepare("EXPLAIN QUERY PLAN "+stmt, modeUser)
		if err != nil {
			return err
		}
		// Planning needs no values: unbound parameters plan as NULL.
		rows, err := p.run(ctx, nargs, len(nargs) > 0)
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
	})
	return runError(ctx, ctx, "", err)
}
