package sqlserver

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	mssql "github.com/microsoft/go-mssqldb"

	"querent/internal/database"
	"querent/internal/guard"
)

func init() {
	database.RegisterWriter("sqlserver", func(ctx context.Context, dsn string) (database.WriteEngine, error) {
		w, err := OpenWrite(ctx, dsn)
		if err != nil {
			return nil, err
		}
		return w, nil
	})
}

// WriteStatement is a write CheckWrite accepted.
type WriteStatement struct {
	// SQL is the statement as sent to the server.
	SQL  string
	Kind database.WriteKind
	// Target is the table written, as the statement names it.
	Target TableRef
	// Tables are every table the statement names, the target first.
	Tables     []TableRef
	Unfiltered bool
}

// CheckWrite is the SQL Server write guard. Without a T-SQL parser it
// reads a closed grammar from the tokens and has the read guard ([Check])
// vet every expression, by rebuilding the statement's parts as SELECT
// queries over the target:
//
//	UPDATE table SET col = expr [, …] [WHERE cond]   → SELECT expr, … FROM table [WHERE cond]
//	DELETE [FROM] table [WHERE cond]                 → SELECT 1 FROM table [WHERE cond]
//	INSERT [INTO] table [(cols)] VALUES (…) [, (…)]  → SELECT …, … FROM table
//	INSERT [INTO] table [(cols)] SELECT …            → the SELECT, and SELECT 1 FROM table
//
// Every token outside the structural keywords, names and punctuation ends
// up in one of those queries, so the read guard's rules (no second
// statement hidden without ';', allowed built-ins only, no system catalogs,
// temporary tables, other databases or linked servers) apply to all of it.
// TOP, OUTPUT, UPDATE … FROM, DELETE … FROM … FROM, WITH (CTEs or table
// hints), DEFAULT VALUES and EXEC are refused.
func CheckWrite(sql string) (*WriteStatement, error) {
	if len(sql) > guard.MaxLength {
		return nil, database.Forbidden("the statement is %d bytes, over the %d-byte limit", len(sql), guard.MaxLength)
	}
	if !utf8.ValidString(sql) {
		return nil, database.Forbidden("the statement is not valid UTF-8 text")
	}
	if i := strings.IndexByte(sql, 0); i >= 0 {
		return nil, database.Forbidden("the statement contains a NUL byte at byte %d", i)
	}
	toks, err := lex(sql)
	if err != nil {
		return nil, err
	}
	for len(toks) > 0 && toks[len(toks)-1].kind == tokOp && toks[len(toks)-1].text == ";" {
		toks = toks[:len(toks)-1]
	}
	for len(toks) > 0 && toks[0].kind == tokOp && toks[0].text == ";" {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return nil, syntaxError("no SQL statement: the text is empty or holds only comments")
	}
	w := &writeParser{src: sql, toks: toks}
	if err := w.parse(); err != nil {
		return nil, err
	}
	return w.st, nil
}

type writeParser struct {
	src        string
	toks       []token
	depth      []int
	st         *WriteStatement
	targetText string
}

func (w *writeParser) word(i int, s string) bool {
	return i < len(w.toks) && w.toks[i].kind == tokWord && w.toks[i].text == s
}

func (w *writeParser) op(i int, s string) bool {
	return i < len(w.toks) && w.toks[i].kind == tokOp && w.toks[i].text == s
}

// text returns the source of tokens a..b-1.
func (w *writeParser) text(a, b int) string {
	if a >= b {
		return ""
	}
	return w.src[w.toks[a].start:w.toks[b-1].end]
}

func (w *writeParser) at(i int) string {
	if i >= len(w.toks) {
		return "the end of the statement"
	}
	return fmt.Sprintf("%s at byte %d", quoteClip(w.src[w.toks[i].start:w.toks[i].end]), w.toks[i].start)
}

// parse reads the statement and checks its parts.
func (w *writeParser) parse() error {
	w.depth = make([]int, len(w.toks))
	d := 0
	for i, t := range w.toks {
		if t.kind == tokOp && t.text == ")" {
			d--
		}
		if d < 0 {
			return syntaxError("the ')' at byte %d closes nothing: check the parentheses", t.start)
		}
		w.depth[i] = d
		if t.kind == tokOp && t.text == "(" {
			d++
		}
		if t.kind == tokOp && t.text == ";" {
			return database.Forbidden("more than one statement: a ';' at byte %d separates another; a write must be a single INSERT, UPDATE or DELETE", t.start)
		}
	}
	if d != 0 {
		return syntaxError("a '(' is never closed: check the parentheses")
	}
	// Top-level words the grammar below never accepts.
	for i, t := range w.toks {
		if w.depth[i] != 0 || t.kind != tokWord {
			continue
		}
		switch t.text {
		case "TOP", "OUTPUT", "OPTION", "WITH", "EXEC", "EXECUTE", "MERGE", "OPENROWSET", "OPENQUERY", "OPENDATASOURCE":
			return database.Forbidden("%s is not allowed in a write: use a single plain INSERT, UPDATE or DELETE", w.at(i))
		}
	}
	w.st = &WriteStatement{}
	var queries []string
	switch {
	case w.word(0, "UPDATE"):
		w.st.Kind = database.WriteUpdate
		target, i, err := w.target(1)
		if err != nil {
			return err
		}
		if !w.word(i, "SET") {
			return database.Forbidden("UPDATE %s must be followed by SET; found %s", target, w.at(i))
		}
		var exprs []string
		i++
		for {
			if !(w.isName(i) && w.op(i+1, "=")) {
				return database.Forbidden("SET must assign columns (column = value, …); found %s", w.at(i))
			}
			start := i + 2
			end := start
			for end < len(w.toks) && !(w.depth[end] == 0 && (w.op(end, ",") || w.word(end, "WHERE") || w.word(end, "FROM"))) {
				end++
			}
			if end == start {
				return database.Forbidden("the assignment to %s has no value", w.at(i))
			}
			exprs = append(exprs, w.text(start, end))
			i = end
			if !w.op(i, ",") {
				break
			}
			i++
		}
		if w.word(i, "FROM") {
			return database.Forbidden("UPDATE … FROM is not supported: select the rows with a WHERE … IN (SELECT …) instead")
		}
		where, err := w.where(i)
		if err != nil {
			return err
		}
		queries = append(queries, "SELECT "+strings.Join(exprs, ", ")+" FROM "+target+where)
		w.st.Unfiltered = where == ""
	case w.word(0, "DELETE"):
		w.st.Kind = database.WriteDelete
		i := 1
		if w.word(i, "FROM") {
			i++
		}
		target, i, err := w.target(i)
		if err != nil {
			return err
		}
		where, err := w.where(i)
		if err != nil {
			return err
		}
		queries = append(queries, "SELECT 1 FROM "+target+where)
		w.st.Unfiltered = where == ""
	case w.word(0, "INSERT"):
		w.st.Kind = database.WriteInsert
		i := 1
		if w.word(i, "INTO") {
			i++
		}
		target, i, err := w.target(i)
		if err != nil {
			return err
		}
		if w.op(i, "(") {
			i++
			for {
				if !w.isName(i) {
					return database.Forbidden("the column list must hold column names; found %s", w.at(i))
				}
				i++
				if w.op(i, ")") {
					i++
					break
				}
				if !w.op(i, ",") {
					return database.Forbidden("the column list must hold column names separated by commas; found %s", w.at(i))
				}
				i++
			}
		}
		switch {
		case w.word(i, "VALUES"):
			var rows []string
			i++
			for {
				if !w.op(i, "(") {
					return database.Forbidden("VALUES must be followed by rows in parentheses; found %s", w.at(i))
				}
				end := i + 1
				for !(w.depth[end] == 0 && w.op(end, ")")) {
					end++
				}
				if end == i+1 {
					return database.Forbidden("an empty row in VALUES at %s", w.at(i))
				}
				rows = append(rows, w.text(i+1, end))
				i = end + 1
				if !w.op(i, ",") {
					break
				}
				i++
			}
			if i < len(w.toks) {
				return database.Forbidden("unexpected %s after the VALUES rows", w.at(i))
			}
			queries = append(queries, "SELECT "+strings.Join(rows, ", ")+" FROM "+target)
		case w.word(i, "SELECT") || w.op(i, "("):
			queries = append(queries, w.text(i, len(w.toks)), "SELECT 1 FROM "+target)
		default:
			return database.Forbidden("INSERT needs VALUES (…) or a SELECT after the table; found %s", w.at(i))
		}
	default:
		return database.Forbidden("the statement starts with %s: a write must be a single INSERT, UPDATE or DELETE (schema changes, MERGE and procedure calls are never allowed)", w.at(0))
	}
	targetCheck, err := Check("SELECT 1 FROM " + w.targetText)
	if err != nil || len(targetCheck.Tables) != 1 {
		if err == nil {
			err = database.Forbidden("the write must name exactly one table")
		}
		return err
	}
	w.st.Target = targetCheck.Tables[0]
	w.st.Tables = []TableRef{w.st.Target}
	seen := map[TableRef]bool{w.st.Target: true}
	for _, q := range queries {
		c, err := Check(q)
		if err != nil {
			return fmt.Errorf("in the write: %w", err)
		}
		for _, r := range c.Tables {
			if !seen[r] {
				seen[r] = true
				w.st.Tables = append(w.st.Tables, r)
			}
		}
	}
	w.st.SQL = w.text(0, len(w.toks))
	return nil
}

func (w *writeParser) isName(i int) bool {
	return i < len(w.toks) && (w.toks[i].kind == tokWord && deniedWords[w.toks[i].text] == "" || w.toks[i].kind == tokQuoted)
}

// target reads a table name at i and returns its text and the index
// after it; the read guard later decides whether the name is allowed.
func (w *writeParser) target(i int) (string, int, error) {
	start := i
	if !w.isName(i) {
		return "", i, database.Forbidden("expected the table to write at %s", w.at(i))
	}
	i++
	for w.op(i, ".") {
		if !w.isName(i + 1) {
			return "", i, database.Forbidden("expected a name after '.' at %s", w.at(i+1))
		}
		i += 2
	}
	w.targetText = w.text(start, i)
	return w.targetText, i, nil
}

// where returns " WHERE …" for a WHERE clause that runs to the end of the
// statement at i, or "" when the statement ends at i.
func (w *writeParser) where(i int) (string, error) {
	if i >= len(w.toks) {
		return "", nil
	}
	if !w.word(i, "WHERE") || i+1 >= len(w.toks) {
		return "", database.Forbidden("unexpected %s: only a WHERE clause may follow", w.at(i))
	}
	return " WHERE " + w.text(i+1, len(w.toks)), nil
}

// Writer is a writable connection to one SQL Server database, separate
// from the read engine; it keeps a read engine of its own to resolve names.
type Writer struct {
	check *DB
	db    *sql.DB
}

var _ database.WriteEngine = (*Writer)(nil)

// OpenWrite opens dsn for guarded writes.
func OpenWrite(ctx context.Context, dsn string) (*Writer, error) {
	check, err := Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	_, cfg, err := config(dsn)
	if err != nil {
		check.Close()
		return nil, err
	}
	db := sql.OpenDB(mssql.NewConnectorConfig(cfg))
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		check.Close()
		return nil, fmt.Errorf("connecting to SQL Server %s for writing: %w", redact(dsn), Classify(err))
	}
	return &Writer{check: check, db: db}, nil
}

// Name returns "sqlserver".
func (w *Writer) Name() string { return "sqlserver" }

// Close closes both connection pools.
func (w *Writer) Close() error {
	err := w.db.Close()
	if cerr := w.check.Close(); err == nil {
		err = cerr
	}
	return err
}

// GuardWrite applies CheckWrite and resolves every table it names against
// the database's tables; the target must be a table, not a view.
func (w *Writer) GuardWrite(ctx context.Context, sql string) (database.WriteInfo, error) {
	info, _, err := w.guard(ctx, sql)
	return info, err
}

func (w *Writer) guard(ctx context.Context, sql string) (database.WriteInfo, string, error) {
	st, err := CheckWrite(sql)
	if err != nil {
		return database.WriteInfo{}, "", err
	}
	s := w.check.catalog()
	var names []string
	if s != nil {
		names, err = Resolve(s, st.Tables)
	}
	if s == nil || err != nil {
		if s, err = w.check.loadCatalog(ctx); err != nil {
			return database.WriteInfo{}, "", err
		}
		if names, err = Resolve(s, st.Tables); err != nil {
			return database.WriteInfo{}, "", err
		}
	}
	if t, ok := s.Table(names[0]); ok && t.View {
		return database.WriteInfo{}, "", database.Forbidden("%s is a view: write to the table it reads instead", names[0])
	}
	return database.WriteInfo{Kind: st.Kind, Table: names[0], Unfiltered: st.Unfiltered}, st.SQL, nil
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

// writeSetup is the session batch of a write: the read path's settings
// (XACT_ABORT, QUOTED_IDENTIFIER, no row cap), except that NOCOUNT is off,
// since the driver learns the rows changed from the counts it suppresses.
func writeSetup(lockTimeout time.Duration) string {
	return strings.Replace(sessionOptions{lockTimeout: lockTimeout}.setup(), "SET NOCOUNT ON", "SET NOCOUNT OFF", 1)
}

func (w *Writer) run(ctx context.Context, sql string, args []any, timeout time.Duration, check func(int64) error, commit bool) (int64, error) {
	_, stmt, err := w.guard(ctx, sql)
	if err != nil {
		return 0, err
	}
	qctx, cancel, limit := withTimeout(ctx, timeout)
	defer cancel()
	var rows int64
	err = func() error {
		conn, err := w.db.Conn(qctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		if _, err := conn.ExecContext(qctx, writeSetup(remaining(qctx))); err != nil {
			return err
		}
		tx, err := conn.BeginTx(qctx, &sqlTxOptions)
		if err != nil {
			return fmt.Errorf("opening a write transaction: %w", err)
		}
		defer tx.Rollback()
		res, err := tx.ExecContext(qctx, stmt, args...)
		if err != nil {
			return err
		}
		if rows, err = res.RowsAffected(); err != nil {
			return err
		}
		if check != nil {
			if err := check(rows); err != nil {
				return err
			}
		}
		if commit {
			return tx.Commit()
		}
		return nil
	}()
	if err != nil {
		var cb *database.CallbackError
		if errors.As(err, &cb) {
			return 0, cb.Err
		}
		return 0, runError(ctx, qctx, limit, err)
	}
	return rows, nil
}
