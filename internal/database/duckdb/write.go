//go:build cgo

package duckdb

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
	"querent/internal/write"
)

func init() {
	database.RegisterWriter("duckdb", func(ctx context.Context, dsn string) (database.WriteEngine, error) {
		path := PathFromDSN(dsn)
		if !isDatabaseFile(path) && IsDataPath(path) {
			return nil, database.Forbidden("%q is CSV or Parquet data, which querent loads into an in-memory copy: there is nowhere to write changes to; edit the files themselves", path)
		}
		w, err := OpenWrite(ctx, path)
		if err != nil {
			return nil, err
		}
		return w, nil
	})
}

// Writer is a writable connection to one DuckDB file, separate from the
// read engine, under the same lockdown (no external access, no extension
// loading, configuration locked). DuckDB lets one process open a file
// read-write only when no read-only engine of that process holds it, so
// close the read engine first.
type Writer struct {
	d *DB
}

var _ database.WriteEngine = (*Writer)(nil)

// OpenWrite opens the existing DuckDB file at path for guarded writes.
func OpenWrite(ctx context.Context, path string) (*Writer, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("resolving database path %q: %w", path, err)
	}
	if err := checkDriverPath(path, abs); err != nil {
		return nil, err
	}
	dsn := abs + "?access_mode=READ_WRITE&" + strings.Join(lockdown, "&")
	d := &DB{}
	sealed := &atomic.Bool{}
	sealed.Store(true)
	if err := d.connect(dsn, sealed, "read_write"); err != nil {
		return nil, fmt.Errorf("opening DuckDB database %q for writing: %w", path, classifyOpen(err))
	}
	d.db.SetMaxOpenConns(1)
	if err := d.load(ctx); err != nil {
		d.db.Close()
		return nil, fmt.Errorf("opening DuckDB database %q for writing: %w", path, classifyOpen(err))
	}
	return &Writer{d: d}, nil
}

// Name returns "duckdb".
func (w *Writer) Name() string { return "duckdb" }

// Close closes the connection and, with it, the file.
func (w *Writer) Close() error { return w.d.Close() }

// GuardWrite checks that sql is one INSERT, UPDATE or DELETE of a table of
// the database. DuckDB's json_serialize_sql parses SELECT only, so the
// check is: the lexical layer (one statement, starting with INSERT, UPDATE,
// DELETE or WITH); the target named after INSERT INTO, UPDATE or DELETE
// FROM resolved against the catalogue (other catalogs, system schemas,
// views and file paths refused); every name followed by '(' either a
// keyword, the target, a CTE, or a function on the read guard's allow-list
// (so no sequence, setting, file or query function); and DuckDB's own
// prepare, which must classify the statement as that same kind. The
// connection's lockdown stays in force underneath.
func (w *Writer) GuardWrite(ctx context.Context, sql string) (database.WriteInfo, error) {
	var info database.WriteInfo
	err := w.d.withConn(ctx, func(c *duckdb.Conn) error {
		var err error
		info, _, _, err = w.guard(c, sql)
		return err
	})
	if err != nil {
		return info, runError(ctx, ctx, "", err)
	}
	return info, nil
}

var writeTypes = map[database.WriteKind]duckdb.StmtType{
	database.WriteInsert: duckdb.STATEMENT_TYPE_INSERT,
	database.WriteUpdate: duckdb.STATEMENT_TYPE_UPDATE,
	database.WriteDelete: duckdb.STATEMENT_TYPE_DELETE,
}

func (w *Writer) guard(c *duckdb.Conn, sql string) (info database.WriteInfo, stmt string, returning bool, err error) {
	st, err := write.CheckText(sql, "INSERT", "UPDATE", "DELETE", "WITH")
	if err != nil {
		return info, "", false, err
	}
	toks := writeTokens(st.SQL)
	kind, target, ctes, err := writeTarget(toks)
	if err != nil {
		return info, "", false, err
	}
	info.Kind = kind
	for _, t := range toks {
		returning = returning || t.depth == 0 && t.is("RETURNING")
	}
	info.Unfiltered = kind != database.WriteInsert && !st.TopLevelWhere
	parts := target.parts
	var catalog, schemaName, name string
	switch len(parts) {
	case 1:
		name = parts[0]
	case 2:
		schemaName, name = parts[0], parts[1]
	case 3:
		catalog, schemaName, name = parts[0], parts[1], parts[2]
	}
	if strings.EqualFold(schemaName, "information_schema") || strings.EqualFold(schemaName, "pg_catalog") || strings.EqualFold(catalog, "system") || strings.EqualFold(catalog, "temp") {
		return info, "", false, database.Forbidden("writing %s is not allowed: querent writes only the database's own tables, never system catalogs", strings.Join(parts, "."))
	}
	if info.Table, err = w.d.resolve(catalog, schemaName, name); err != nil {
		return info, "", false, err
	}
	if err := checkCalls(toks, target.last, ctes); err != nil {
		return info, "", false, err
	}
	ds, err := c.Prepare(st.SQL)
	if err != nil {
		if strings.Contains(err.Error(), "multi-statement") {
			return info, "", false, database.Forbidden("more than one statement: DuckDB found more SQL after the first statement")
		}
		return info, "", false, err
	}
	defer ds.Close()
	s, ok := ds.(*duckdb.Stmt)
	if !ok {
		return info, "", false, fmt.Errorf("internal error: prepared statement is %T", ds)
	}
	typ, err := s.StatementType()
	if err != nil {
		return info, "", false, err
	}
	if typ != writeTypes[kind] {
		return info, "", false, database.Forbidden("DuckDB reads this as a statement of type %d, not the %s its text starts with", typ, strings.ToUpper(string(kind)))
	}
	return info, st.SQL, returning, nil
}

// wtoken is one token of a write's text: a word (quoted or not) or a
// single punctuation character.
type wtoken struct {
	text   string
	quoted bool
	punct  byte
	depth  int
}

func (t wtoken) is(word string) bool {
	return !t.quoted && t.punct == 0 && strings.EqualFold(t.text, word)
}

// writeTokens splits text (already checked by write.CheckText, so its
// literals and comments are closed) into words and punctuation, dropping
// literals, numbers and comments, and records each token's parenthesis
// depth.
func writeTokens(s string) []wtoken {
	var out []wtoken
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '-' && strings.HasPrefix(s[i:], "--"):
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case c == '/' && strings.HasPrefix(s[i:], "/*"):
			if j := strings.Index(s[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(s)
			}
		case c == '\'':
			j := i + 1
			for j < len(s) && (s[j] != '\'' || j+1 < len(s) && s[j+1] == '\'') {
				if s[j] == '\'' {
					j++
				}
				j++
			}
			out = append(out, wtoken{text: "'", punct: '\'', depth: depth})
			i = j + 1
		case c == '"':
			var b strings.Builder
			j := i + 1
			for j < len(s) {
				if s[j] == '"' {
					if j+1 < len(s) && s[j+1] == '"' {
						b.WriteByte('"')
						j += 2
						continue
					}
					break
				}
				b.WriteByte(s[j])
				j++
			}
			out = append(out, wtoken{text: b.String(), quoted: true, depth: depth})
			i = j + 1
		case c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] == '$' || s[j] >= 0x80 || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, wtoken{text: s[i:j], depth: depth})
			i = j
		case c >= '0' && c <= '9':
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == '_' || s[i] == 'e' || s[i] == 'E') {
				i++
			}
			out = append(out, wtoken{text: "0", punct: '0', depth: depth})
		default:
			if c == ')' {
				depth--
			}
			out = append(out, wtoken{text: string(c), punct: c, depth: depth})
			if c == '(' {
				depth++
			}
			i++
		}
	}
	return out
}

// targetRef is the written table's name parts and the index of its last
// token (which a column list may follow).
type targetRef struct {
	parts []string
	last  int
}

// writeTarget finds the statement's kind and target after any WITH
// clause, and the CTE names the WITH clause defines.
func writeTarget(toks []wtoken) (database.WriteKind, targetRef, map[string]bool, error) {
	ctes := map[string]bool{}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.depth != 0 {
			continue
		}
		// A CTE name: a word at depth 0 followed by AS or a column list
		// before the body.
		if i > 0 && (toks[i-1].is("WITH") || toks[i-1].is("RECURSIVE") || toks[i-1].punct == ',') && t.punct == 0 {
			ctes[strings.ToLower(t.text)] = true
			continue
		}
		var kind database.WriteKind
		next := i + 1
		switch {
		case t.is("INSERT"):
			if next < len(toks) && toks[next].is("OR") {
				return "", targetRef{}, nil, database.Forbidden("INSERT OR REPLACE / OR IGNORE is not supported: write a plain INSERT, or an UPDATE")
			}
			if next >= len(toks) || !toks[next].is("INTO") {
				return "", targetRef{}, nil, database.Forbidden("INSERT must be followed by INTO and a table")
			}
			kind, next = database.WriteInsert, next+1
		case t.is("UPDATE"):
			kind = database.WriteUpdate
		case t.is("DELETE"):
			if next >= len(toks) || !toks[next].is("FROM") {
				return "", targetRef{}, nil, database.Forbidden("DELETE must be followed by FROM and a table")
			}
			kind, next = database.WriteDelete, next+1
		default:
			continue
		}
		ref := targetRef{}
		for j := next; j < len(toks); j += 2 {
			if toks[j].punct != 0 {
				break
			}
			ref.parts, ref.last = append(ref.parts, toks[j].text), j
			if j+1 >= len(toks) || toks[j+1].punct != '.' {
				break
			}
		}
		if len(ref.parts) == 0 || len(ref.parts) > 3 {
			return "", targetRef{}, nil, database.Forbidden("cannot tell which table the %s writes: name it as table, schema.table or database.schema.table", strings.ToUpper(string(kind)))
		}
		for _, t := range toks {
			if t.depth == 0 && t.is("CONFLICT") {
				return "", targetRef{}, nil, database.Forbidden("INSERT … ON CONFLICT is not supported: write a plain INSERT, or an UPDATE")
			}
		}
		return kind, ref, ctes, nil
	}
	return "", targetRef{}, nil, database.Forbidden("found no INSERT, UPDATE or DELETE at the top level of the statement")
}

// callKeywords are words that may stand right before '(' without being a
// function call.
var callKeywords = setOf("in", "values", "exists", "as", "any", "all", "some", "over", "filter", "within",
	"on", "using", "and", "or", "not", "where", "set", "select", "from", "join", "then", "else", "when",
	"case", "returning", "by", "into", "cast", "try_cast", "is", "like", "ilike", "between", "union",
	"except", "intersect", "lateral", "recursive", "materialized", "distinct", "having", "limit",
	"offset", "with", "end", "row", "default", "interval", "array", "struct", "list", "map")

// checkCalls refuses any name followed by '(' that is not a keyword, the
// target (its column list), a CTE, or an allowed function.
func checkCalls(toks []wtoken, target int, ctes map[string]bool) error {
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		if t.punct != 0 || toks[i+1].punct != '(' {
			continue
		}
		name := strings.ToLower(t.text)
		switch {
		case i == target: // the target's column list
		case !t.quoted && callKeywords[name]:
		case ctes[name]:
		case !t.quoted && (allowedFunctions[name] || tableFunctions[name]):
		default:
			return database.Forbidden("%s( is not allowed in a write: only DuckDB's built-in functions that compute values may be called (not sequences, settings, files or queries); a table alias with a column list is not supported either", t.text)
		}
	}
	return nil
}

// Preview runs sql in a transaction that is always rolled back and returns
// the rows it would change.
func (w *Writer) Preview(ctx context.Context, sql string, args []any, timeout time.Duration) (int64, error) {
	return w.run(ctx, sql, args, timeout, nil, false)
}

// Apply runs sql in a transaction and commits unless it changed more than
// opts.MaxRows rows or opts.BeforeCommit fails.
func (w *Writer) Apply(ctx context.Context, sql string, args []any, opts database.ApplyOptions) (int64, error) {
	check, err := database.ApplyCheck(opts)
	if err != nil {
		return 0, err
	}
	return w.run(ctx, sql, args, opts.Timeout, check, true)
}

// run guards and executes sql in a transaction, calls check with the rows
// changed, and commits when commit is set and check passes; otherwise it
// rolls back.
func (w *Writer) run(ctx context.Context, sql string, args []any, timeout time.Duration, check func(int64) error, commit bool) (int64, error) {
	qctx, cancel, limit := withLimit(ctx, database.Limits{Timeout: timeout})
	defer cancel()
	var rows int64
	err := w.d.withConn(qctx, func(c *duckdb.Conn) error {
		_, stmt, returning, err := w.guard(c, sql)
		if err != nil {
			return err
		}
		nargs, err := namedArgs(c, args)
		if err != nil {
			return err
		}
		if _, err := c.ExecContext(qctx, "BEGIN TRANSACTION", nil); err != nil {
			return fmt.Errorf("opening a write transaction: %w", err)
		}
		err = func() error {
			if rows, err = execCount(qctx, c, stmt, nargs, returning); err != nil {
				return err
			}
			if check != nil {
				if err := check(rows); err != nil {
					return err
				}
			}
			if commit {
				_, err := c.ExecContext(qctx, "COMMIT", nil)
				return err
			}
			return nil
		}()
		if rberr := rollback(c); rberr != nil {
			return errors.Join(err, fmt.Errorf("rolling back the write transaction: %w: %w", rberr, driver.ErrBadConn))
		}
		return err
	})
	if err != nil {
		var cb *database.CallbackError
		if errors.As(err, &cb) {
			return 0, cb.Err
		}
		return 0, runError(ctx, qctx, limit, err)
	}
	return rows, nil
}

// execCount runs stmt and returns the rows it changed. DuckDB reports no
// affected rows for a statement with RETURNING, which returns one row per
// changed row instead: those are counted (and dropped).
func execCount(ctx context.Context, c *duckdb.Conn, stmt string, args []driver.NamedValue, returning bool) (int64, error) {
	if !returning {
		res, err := c.ExecContext(ctx, stmt, args)
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}
	rows, err := c.QueryContext(ctx, stmt, args)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	var n int64
	for {
		if err := rows.Next(dest); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return 0, err
		}
		n++
	}
}
