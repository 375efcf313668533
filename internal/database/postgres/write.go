package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	pg_query "github.com/pganalyze/pg_query_go/v6"

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
	for _, scheme := range []string{"postgres", "postgresql"} {
		database.RegisterWriter(scheme, open)
	}
}

// Writer is a writable connection to one PostgreSQL database, separate from
// the read engine. It keeps its own read-only DB for the catalog snapshot
// its guard resolves names against, and one writable connection.
type Writer struct {
	check *DB
	mu    sync.Mutex // conn is not safe for concurrent use
	conn  *pgx.Conn
}

var _ database.WriteEngine = (*Writer)(nil)

// OpenWrite opens dsn for guarded writes.
func OpenWrite(ctx context.Context, dsn string) (*Writer, error) {
	check, err := Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		check.Close()
		return nil, fmt.Errorf("invalid PostgreSQL DSN %s: %s", scrub(database.Redact(dsn), dsn), scrub(err.Error(), dsn))
	}
	cfg.DefaultQueryExecMode = pgx.QueryExecModeExec
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	cfg.RuntimeParams["application_name"] = "querent-write"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		check.Close()
		return nil, connectError(err, cfg, dsn)
	}
	return &Writer{check: check, conn: conn}, nil
}

// Name returns "postgres".
func (w *Writer) Name() string { return "postgres" }

// Close closes both connections.
func (w *Writer) Close() error {
	w.check.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), rollbackTimeout)
	defer cancel()
	return w.conn.Close(ctx)
}

// GuardWrite checks sql with PostgreSQL's own parser: exactly one INSERT
// (VALUES or SELECT), UPDATE or DELETE whose target resolves to a table of
// the database (system catalogs refused), whose every expression, CTE,
// subquery and RETURNING item passes the read guard's node, function and
// operator allow-lists (so no data-modifying CTE, no side-effect function),
// and without ON CONFLICT.
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
	tree, err := parse(st.SQL)
	if err != nil {
		return info, "", err
	}
	if len(tree.Stmts) != 1 {
		return info, "", database.Forbidden("PostgreSQL parsed %d statements; a write must be a single INSERT, UPDATE or DELETE", len(tree.Stmts))
	}
	snap, err := d.snapshot(ctx)
	if err != nil {
		return info, "", err
	}
	wk := &walker{snap: snap}
	var (
		target *pg_query.RangeVar
		with   *pg_query.WithClause
		parts  []*pg_query.Node
	)
	node := tree.Stmts[0].GetStmt()
	switch {
	case node.GetInsertStmt() != nil:
		n := node.GetInsertStmt()
		if n.OnConflictClause != nil {
			return info, "", database.Forbidden("INSERT … ON CONFLICT is not supported: write a plain INSERT, or an UPDATE")
		}
		if n.Override != pg_query.OverridingKind_OVERRIDING_NOT_SET {
			return info, "", database.Forbidden("INSERT … OVERRIDING is not allowed: let the table generate its identity values")
		}
		info.Kind, target, with = database.WriteInsert, n.Relation, n.WithClause
		parts = append(append(parts, n.Cols...), n.ReturningList...)
		if n.SelectStmt != nil {
			parts = append(parts, n.SelectStmt)
		}
	case node.GetUpdateStmt() != nil:
		n := node.GetUpdateStmt()
		info.Kind, target, with = database.WriteUpdate, n.Relation, n.WithClause
		info.Unfiltered = n.WhereClause == nil
		parts = append(append(append(parts, n.TargetList...), n.FromClause...), n.ReturningList...)
		if n.WhereClause != nil {
			parts = append(parts, n.WhereClause)
		}
	case node.GetDeleteStmt() != nil:
		n := node.GetDeleteStmt()
		info.Kind, target, with = database.WriteDelete, n.Relation, n.WithClause
		info.Unfiltered = n.WhereClause == nil
		parts = append(append(parts, n.UsingClause...), n.ReturningList...)
		if n.WhereClause != nil {
			parts = append(parts, n.WhereClause)
		}
	default:
		return info, "", database.Forbidden("the statement is %s: a write must be a single INSERT, UPDATE or DELETE", describeNode(node))
	}
	if target == nil {
		return info, "", database.Forbidden("the statement names no table to write")
	}
	if target.Catalogname != "" {
		return info, "", database.Forbidden("%s.%s.%s names another database; writes go only to the connected one", target.Catalogname, target.Schemaname, target.Relname)
	}
	if !target.Inh {
		return info, "", database.Forbidden("ONLY is not supported in writes: name the table plainly")
	}
	if with != nil {
		if err := wk.with(with); err != nil {
			return info, "", err
		}
		wk.scopes = append(wk.scopes, cteNames(with))
	}
	for _, p := range parts {
		if err := wk.walk(p.ProtoReflect()); err != nil {
			return info, "", err
		}
	}
	ref := tableRef{schema: target.Schemaname, name: target.Relname}
	wk.refs = append(wk.refs, ref)
	resolveAll := func(s *snapshot) (string, error) {
		if _, err := wk.resolve(s); err != nil {
			return "", err
		}
		return s.resolve(ref)
	}
	name, err := resolveAll(snap)
	if err != nil && database.CodeOf(err) == database.CodeNoTable && d.stale(snap) {
		if snap, err = d.reload(ctx, snap); err != nil {
			return info, "", err
		}
		name, err = resolveAll(snap)
	}
	if err != nil {
		if database.CodeOf(err) == database.CodeForbidden {
			return info, "", database.Forbidden("writing %s is not allowed: querent writes only the database's own tables, never system catalogs", ref)
		}
		return info, "", err
	}
	info.Table = name
	return info, st.SQL, nil
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

// run guards and executes sql in a read-write transaction with the read
// path's session settings (statement_timeout, pg_catalog first on the
// search path), calls check with the rows changed, and commits when commit
// is set and check passes; otherwise it rolls back.
func (w *Writer) run(ctx context.Context, sql string, args []any, timeout time.Duration, check func(int64) error, commit bool) (int64, error) {
	_, stmt, err := w.check.checkWrite(ctx, sql)
	if err != nil {
		return 0, err
	}
	if err := checkArgs(args); err != nil {
		return 0, err
	}
	qctx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		qctx, cancel = context.WithTimeout(ctx, timeout+clientGrace)
	}
	defer cancel()
	w.mu.Lock()
	defer w.mu.Unlock()
	var rows int64
	err = func() error {
		tx, err := w.conn.BeginTx(qctx, pgx.TxOptions{AccessMode: pgx.ReadWrite})
		if err != nil {
			return err
		}
		defer func() {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
			defer cancel()
			if err := tx.Rollback(rctx); err != nil && !errors.Is(err, pgx.ErrTxClosed) {
				w.conn.Close(rctx)
			}
		}()
		if err := setup(qctx, tx, txOptions{setup: true, timeout: timeout, snap: w.check.snap.Load()}); err != nil {
			return err
		}
		// Query, not Exec: pgx's Exec without arguments would use the
		// simple protocol, which runs several statements; the extended
		// protocol runs exactly one. RETURNING rows are read and dropped.
		r, err := tx.Query(qctx, stmt, withMode(args)...)
		if err != nil {
			return err
		}
		for r.Next() {
		}
		r.Close()
		if err := r.Err(); err != nil {
			return err
		}
		rows = r.CommandTag().RowsAffected()
		if check != nil {
			if err := check(rows); err != nil {
				return err
			}
		}
		if commit {
			return tx.Commit(qctx)
		}
		return nil
	}()
	if err != nil {
		var cb *database.CallbackError
		if errors.As(err, &cb) {
			return 0, cb.Err
		}
		if w.conn.IsClosed() {
			// A failed rollback closed the connection: this writer is done
			// (writers are opened per command, so none is reconnected).
			return 0, &database.Error{Code: database.CodeUnavailable, Message: "the write connection was lost; open the writer again", Err: err}
		}
		return 0, runError(ctx, qctx, timeout, err)
	}
	return rows, nil
}
