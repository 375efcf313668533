package mysql

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	gomysql "github.com/go-sql-driver/mysql"
	"github.com/pingcap/tidb/pkg/parser"
	"github.com/pingcap/tidb/pkg/parser/ast"

	"querent/internal/database"
	"querent/internal/write"
)

func init() {
	open := func(ctx context.Context, dsn string) (database.WriteEngine, error) {
		w, err := OpenWrite(ctx, dsn)
		if err != nil {
			return nil, err
		}
		return w, nil
	}
	for _, scheme := range []string{"mysql", "mariadb"} {
		database.RegisterWriter(scheme, open)
	}
}

// Writer is a writable connection to one MySQL or MariaDB database,
// separate from the read engine. It keeps its own read-only DB for the
// guard (name resolution, KILL) and one writable connection whose session
// has the same pinned sql_mode.
type Writer struct {
	check *DB
	db    *sql.DB
	mu    sync.Mutex
}

var _ database.WriteEngine = (*Writer)(nil)

// OpenWrite opens dsn for guarded writes.
func OpenWrite(ctx context.Context, dsn string) (*Writer, error) {
	check, err := Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	cfg, err := parseDSN(dsn)
	if err != nil {
		check.Close()
		return nil, err
	}
	if !validMode(check.srv.sqlMode) {
		check.Close()
		return nil, fmt.Errorf("the server's sql_mode %q has unexpected characters", check.srv.sqlMode)
	}
	// The parser reads statements under this sql_mode, so the server must
	// too; the writer's session is otherwise an ordinary one.
	cfg.Params = map[string]string{"sql_mode": "'" + check.srv.sqlMode + "'"}
	base, err := gomysql.NewConnector(cfg)
	if err != nil {
		check.Close()
		return nil, fmt.Errorf("opening %s for writing: %w", database.Redact(dsn), err)
	}
	db := sql.OpenDB(base)
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		check.Close()
		return nil, fmt.Errorf("connecting to %s for writing: %w", database.Redact(dsn), Classify(err))
	}
	return &Writer{check: check, db: db}, nil
}

// Name returns "mysql".
func (w *Writer) Name() string { return "mysql" }

// Close closes both connections.
func (w *Writer) Close() error {
	err := w.db.Close()
	if cerr := w.check.Close(); err == nil {
		err = cerr
	}
	return err
}

// GuardWrite checks sql with the TiDB parser: exactly one INSERT (VALUES,
// SET or SELECT), UPDATE or DELETE of a single known table of the connected
// database, whose every expression, subquery and CTE passes the read
// guard's node and function allow-lists. REPLACE, ON DUPLICATE KEY UPDATE,
// multi-table UPDATE and DELETE, partitions and hints are refused.
func (w *Writer) GuardWrite(ctx context.Context, sql string) (database.WriteInfo, error) {
	info, _, err := w.check.checkWrite(ctx, sql)
	return info, err
}

// checkWrite applies GuardWrite's checks and returns the statement to run.
func (d *DB) checkWrite(ctx context.Context, sql string) (database.WriteInfo, string, error) {
	var info database.WriteInfo
	st, err := write.CheckText(sql, "INSERT", "UPDATE", "DELETE", "WITH")
	if err != nil {
		return info, "", err
	}
	if i := strings.Index(st.SQL, "/*+"); i >= 0 {
		return info, "", database.Forbidden("an optimizer hint /*+ … */ was found at byte %d: hints can change session settings; remove it", i)
	}
	p := parsers.Get().(*parser.Parser)
	defer parsers.Put(p)
	p.SetSQLMode(parserMode(d.srv.sqlMode))
	stmts, _, err := p.ParseSQL(st.SQL)
	if err != nil {
		return info, "", &database.Error{Code: database.CodeSyntax, Err: err, Message: "MySQL syntax error: " + clip(err.Error(), 200)}
	}
	if len(stmts) != 1 {
		return info, "", database.Forbidden("the MySQL parser found %d statements: a write must be a single INSERT, UPDATE or DELETE", len(stmts))
	}
	var refs *ast.TableRefsClause
	switch n := stmts[0].(type) {
	case *ast.InsertStmt:
		switch {
		case n.IsReplace:
			return info, "", database.Forbidden("REPLACE is not allowed: it deletes conflicting rows silently; use INSERT or UPDATE")
		case len(n.OnDuplicate) > 0:
			return info, "", database.Forbidden("INSERT … ON DUPLICATE KEY UPDATE is not supported: write a plain INSERT, or an UPDATE")
		case len(n.PartitionNames) > 0:
			return info, "", database.Forbidden("writing to named partitions is not allowed: name the table only")
		}
		info.Kind, refs = database.WriteInsert, n.Table
	case *ast.UpdateStmt:
		if n.MultipleTable {
			return info, "", database.Forbidden("a multi-table UPDATE is not allowed: update one table, selecting the rows with a subquery")
		}
		info.Kind, refs, info.Unfiltered = database.WriteUpdate, n.TableRefs, n.Where == nil
	case *ast.DeleteStmt:
		if n.IsMultiTable {
			return info, "", database.Forbidden("a multi-table DELETE is not allowed: delete from one table, selecting the rows with a subquery")
		}
		info.Kind, refs, info.Unfiltered = database.WriteDelete, n.TableRefs, n.Where == nil
	default:
		return info, "", database.Forbidden("the statement is %s: a write must be a single INSERT, UPDATE or DELETE", statementName(n))
	}
	target, err := singleTable(refs)
	if err != nil {
		return info, "", err
	}
	if s := target.Schema.O; s != "" && !(s == d.srv.database || d.srv.foldCase && strings.EqualFold(s, d.srv.database)) {
		if why, ok := systemSchemas[strings.ToLower(s)]; ok {
			return info, "", database.Forbidden("writing %s.%s is not allowed: the %s schema %s", s, target.Name.O, strings.ToLower(s), why)
		}
		return info, "", database.Forbidden("%s.%s is in another database; writes go only to %s", s, target.Name.O, d.srv.database)
	}
	wk := &dmlWalker{walker: &walker{srv: &d.srv, pending: map[*ast.SubqueryExpr]cteScope{}}, root: stmts[0]}
	stmts[0].Accept(wk)
	if wk.err != nil {
		return info, "", wk.err
	}
	for _, r := range wk.tables {
		if _, err := d.resolve(ctx, r); err != nil {
			return info, "", err
		}
	}
	if info.Table, err = d.resolve(ctx, target.Name.O); err != nil {
		return info, "", err
	}
	return info, st.SQL, nil
}

// singleTable returns the one table a write names.
func singleTable(refs *ast.TableRefsClause) (*ast.TableName, error) {
	if refs == nil || refs.TableRefs == nil || refs.TableRefs.Right != nil {
		return nil, database.Forbidden("a write must name exactly one table")
	}
	ts, ok := refs.TableRefs.Left.(*ast.TableSource)
	if !ok {
		return nil, database.Forbidden("a write must name exactly one table")
	}
	tn, ok := ts.Source.(*ast.TableName)
	if !ok {
		return nil, database.Forbidden("a write must name a table, not a subquery")
	}
	return tn, nil
}

// dmlWalker applies the read guard's walker to a write: the statement node
// itself and its assignments are let through (with the statement's CTEs in
// scope), everything under them goes to the walker.
type dmlWalker struct {
	*walker
	root ast.Node
}

// Enter checks one node.
func (d *dmlWalker) Enter(n ast.Node) (ast.Node, bool) {
	if d.err != nil {
		return n, true
	}
	switch s := n.(type) {
	case *ast.InsertStmt, *ast.UpdateStmt, *ast.DeleteStmt:
		if n != d.root {
			d.fail("a nested INSERT, UPDATE or DELETE is not allowed")
			return n, true
		}
		switch s := s.(type) {
		case *ast.UpdateStmt:
			d.with(n, s.With)
		case *ast.DeleteStmt:
			d.with(n, s.With)
		}
		return n, false
	case *ast.Assignment:
		return n, false
	}
	return d.walker.Enter(n)
}

// Preview runs sql in a transaction that is always rolled back and returns
// the rows it would change (for UPDATE, the rows whose values change).
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
// rolls back. MySQL's max_execution_time covers SELECT only, so the
// timeout is enforced by a KILL QUERY when the deadline passes.
func (w *Writer) run(ctx context.Context, sql string, args []any, timeout time.Duration, check func(int64) error, commit bool) (int64, error) {
	_, stmt, err := w.check.checkWrite(ctx, sql)
	if err != nil {
		return 0, err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	limit := ""
	if timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, timeout)
		limit = timeout.String()
	}
	defer cancel()
	w.mu.Lock()
	defer w.mu.Unlock()
	conn, err := w.db.Conn(ctx)
	if err != nil {
		return 0, Classify(err)
	}
	defer conn.Close()
	var id uint64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		return 0, Classify(err)
	}
	// The statement runs under ctx (not qctx): the deadline stops it with
	// KILL QUERY, which leaves the connection able to roll back, where a
	// cancelled context would drop it mid-statement.
	stop := context.AfterFunc(qctx, func() { w.check.kill(id, false) })
	defer func() {
		if !stop() {
			// A KILL QUERY was sent and might reach the next statement
			// instead: never reuse this connection.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	var rows int64
	err = func() error {
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		res, err := tx.ExecContext(ctx, stmt, args...)
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
		return 0, runError(ctx, qctx.Err() != nil, limit, err)
	}
	return rows, nil
}
