package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"querent/internal/schema"
)

// Offline describes a database to a DB that guards without a server.
type Offline struct {
	// Schema supplies the tables; Namespace and Ident must be set.
	Schema *schema.Schema
	// SearchPath is the session's search path (pg_catalog excluded).
	SearchPath []string
	// Catalog lists relation names of pg_catalog.
	Catalog []string
	// Funcs, RowFuncs and Ops map names defined in user schemas to a schema.
	Funcs, RowFuncs, Ops map[string]string
}

// NewOffline returns a DB whose Guard works from o alone: the parser is
// local, so guard tests need no server. Query, Explain and Introspect fail.
func NewOffline(o Offline) *DB {
	s := &snapshot{taken: time.Now(), searchPath: o.SearchPath, tables: map[tableKey]string{},
		catalog: map[string]bool{}, userFuncs: o.Funcs, rowFuncs: o.RowFuncs, userOps: o.Ops}
	for _, t := range o.Schema.Tables {
		s.tables[tableKey{t.Namespace, t.Ident}] = t.Name
	}
	for _, c := range o.Catalog {
		s.catalog[c] = true
	}
	for _, m := range []*map[string]string{&s.userFuncs, &s.rowFuncs, &s.userOps} {
		if *m == nil {
			*m = map[string]string{}
		}
	}
	d := &DB{count: &counter{}}
	d.snap.Store(s)
	return d
}

// RoundTrips returns how many statements the engine has sent and how many
// network round trips they took, counted by its pgx tracer.
func (d *DB) RoundTrips() (statements, roundTrips int64) {
	return d.count.statements.Load(), d.count.roundTrips.Load()
}

// QueryUnchecked runs sql in the engine's read-only transaction, under the
// same session settings as Query, with neither guard.Check nor the parser
// checks: tests use it to show what the transaction and the extended
// protocol refuse by themselves.
func (d *DB) QueryUnchecked(ctx context.Context, sql string) error {
	snap, err := d.snapshot(ctx)
	if err != nil {
		return err
	}
	opts := txOptions{setup: true, timeout: 5 * time.Second, snap: snap}
	return Classify(d.inTx(ctx, opts, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, sql, pgx.QueryExecModeExec)
		if err != nil {
			return err
		}
		for rows.Next() {
		}
		rows.Close()
		return rows.Err()
	}))
}

// Nesting exposes the nesting estimate.
var Nesting = nesting

// MaxNesting is the nesting limit.
const MaxNesting = maxNesting
