package postgres

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"querent/internal/database"
	"querent/internal/schema"
)

// Sampling of text columns, as in the SQLite engine.
const (
	// completeSamplesMax is the most distinct values a column may have for
	// Samples to list all of them (SamplesComplete).
	completeSamplesMax = 64
	// frequentSamples is how many of the most frequent values are kept for
	// other columns.
	frequentSamples = 5
	// maxSampleRunes skips long values: they are prose, not categories, and
	// would crowd the prompt.
	maxSampleRunes = 80
)

// catalogTimeout bounds each catalog query. They read only the catalogs,
// so they take milliseconds even with thousands of tables; the bound is
// for a server stuck behind a lock on them.
const catalogTimeout = 60 * time.Second

// minReload is how old the snapshot must be before an unknown table makes
// Guard read the catalog again, so a stream of queries naming a table that
// does not exist cannot turn into a stream of catalog reads.
const minReload = time.Second

// userObjects restricts a query over schemas to those not PostgreSQL's own:
// every schema whose name starts with pg_ (pg_catalog, pg_toast, temporary
// schemas) is reserved for the system.
const userObjects = `n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'`

// relationsCTE defines rel: the tables, partitioned tables, views,
// materialized views and foreign tables the connected role can read, in
// user schemas, with whether it may read every column (whole). Partitions
// are left out: queries read them through their parent. So are relations
// that belong to an extension, such as pg_stat_statements (other sessions'
// queries) or PostGIS's spatial_ref_sys: they are the extension's
// machinery, not the database's data. Both steps are MATERIALIZED so the
// privilege functions run once per candidate relation, not per joined row.
const relationsCTE = `WITH cand AS MATERIALIZED (
	SELECT c.oid, n.nspname, c.relname, c.relkind, c.reltuples
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
		AND ` + userObjects + ` AND has_schema_privilege(n.oid, 'USAGE')
), rel AS MATERIALIZED (
	SELECT cand.*, has_table_privilege(cand.oid, 'SELECT') AS whole FROM cand
	WHERE has_any_column_privilege(cand.oid, 'SELECT')
		AND NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = 'pg_class'::regclass AND e.objid = cand.oid AND e.deptype = 'e')
)
`

// The catalog queries. Each reads every user schema at once: their number
// does not grow with the number of tables.
const (
	// catalogSetupSQL pins the search path for the engine's own queries (so
	// that format_type and friends are the built-ins) and bounds them.
	catalogSetupSQL = `SELECT set_config('search_path', 'pg_catalog', true), set_config('statement_timeout', $1, true)`

	sessionSQL = `SELECT coalesce(current_schema()::text, ''), current_schemas(false)::text[]`

	// relationsSQL lists relations with their comment and estimated row
	// count: reltuples is -1 until the table is first analyzed (PostgreSQL
	// 14 and later); a partitioned table's count is its leaves' sum.
	relationsSQL = relationsCTE + `SELECT rel.oid, rel.nspname::text, rel.relname::text, rel.relkind::text,
	CASE
		WHEN rel.relkind = 'v' THEN -1
		WHEN rel.relkind = 'p' AND rel.reltuples < 0 THEN coalesce((
			SELECT CASE WHEN min(l.reltuples) < 0 THEN -1 ELSE sum(l.reltuples) END
			FROM pg_partition_tree(rel.oid) pt JOIN pg_class l ON l.oid = pt.relid
			WHERE pt.isleaf), -1)
		WHEN rel.reltuples < 0 THEN -1
		ELSE rel.reltuples
	END::float8,
	coalesce(d.description, '')
FROM rel
LEFT JOIN pg_description d ON d.objoid = rel.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0`

	// columnsSQL lists the readable columns of those relations, with the
	// base type of domains and the type category, which tells arrays,
	// intervals and enums apart from the scalar types they are named like.
	// Column privileges are only looked at for relations the role may not
	// read whole.
	columnsSQL = relationsCTE + `SELECT a.attrelid, a.attnum, a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull,
	coalesce(d.description, ''),
	format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END, NULL),
	t.typcategory::text
FROM rel
JOIN pg_attribute a ON a.attrelid = rel.oid
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_description d ON d.objoid = a.attrelid AND d.classoid = 'pg_class'::regclass AND d.objsubid = a.attnum
WHERE a.attnum > 0 AND NOT a.attisdropped AND (rel.whole OR has_column_privilege(rel.oid, a.attnum, 'SELECT'))
ORDER BY a.attrelid, a.attnum`

	// constraintsSQL lists primary and foreign keys with their column
	// numbers in key order, which the columns read above name. Constraints
	// cloned onto partitions (conparentid set) are left out with the
	// partitions.
	constraintsSQL = relationsCTE + `SELECT con.conrelid, con.contype::text, con.confrelid, con.conkey, coalesce(con.confkey, '{}')
FROM rel JOIN pg_constraint con ON con.conrelid = rel.oid
WHERE con.contype IN ('p', 'f') AND con.conparentid = 0`

	// statsSQL reads the planner's statistics for string and enum columns:
	// the distinct count and the most common values with their
	// frequencies. pg_stats shows only columns the role may read, and
	// nothing before ANALYZE (or autovacuum) has run.
	statsSQL = relationsCTE + `SELECT rel.oid, s.attname::text, s.null_frac::float8, s.n_distinct::float8,
	s.most_common_vals::text::text[], s.most_common_freqs::float8[]
FROM rel
JOIN pg_stats s ON s.schemaname = rel.nspname AND s.tablename = rel.relname AND s.inherited = (rel.relkind = 'p')
JOIN pg_attribute a ON a.attrelid = rel.oid AND a.attname = s.attname
JOIN pg_type t ON t.oid = a.atttypid
WHERE t.typcategory IN ('S', 'E')`

	// catalogNamesSQL lists the relations of pg_catalog, which PostgreSQL
	// searches before any schema of the search path: an unqualified
	// pg_authid is the catalog whatever else exists.
	catalogNamesSQL = `SELECT c.relname::text FROM pg_class c
WHERE c.relnamespace = 'pg_catalog'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`

	// routinesSQL lists the functions and operators defined in user
	// schemas, whose names could shadow built-ins, and which one-argument
	// functions take a row, so that t.f would call f(t). Members of
	// installed extensions (citext's = and regexp_replace, pg_trgm's %) are
	// left out of the shadowing check: an administrator installed them and
	// they are as trusted as the built-ins they overload.
	routinesSQL = `SELECT 'f', p.proname::text, n.nspname::text,
	p.pronargs = 1 AND EXISTS (SELECT 1 FROM pg_type t WHERE t.oid = p.proargtypes[0] AND t.typtype IN ('c', 'p')),
	EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE ` + userObjects + `
UNION ALL
SELECT 'o', o.oprname::text, n.nspname::text, false,
	EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_operator'::regclass AND d.objid = o.oid AND d.deptype = 'e')
FROM pg_operator o JOIN pg_namespace n ON n.oid = o.oprnamespace
WHERE ` + userObjects
)

// snapshot is what Guard knows about the database: the tables, how
// unqualified names resolve, and the names user schemas give to functions
// and operators.
type snapshot struct {
	taken time.Time
	// searchPath is the session's effective search path without
	// pg_catalog and temporary schemas.
	searchPath []string
	// tables maps a relation to its schema.Table name.
	tables map[tableKey]string
	// catalog holds the relation names of pg_catalog.
	catalog map[string]bool
	// userFuncs and userOps map names defined in user schemas to one such
	// schema; rowFuncs are the one-argument functions taking a row.
	userFuncs, rowFuncs, userOps map[string]string
}

type tableKey struct{ namespace, name string }

// resolve returns the schema name of the table r refers to, as PostgreSQL
// would resolve it: pg_catalog first, then the search path.
func (s *snapshot) resolve(r tableRef) (string, error) {
	if strings.Contains(r.schema, ".") {
		return "", database.Forbidden("%s names another database; PostgreSQL queries read only the connected one", r)
	}
	if r.schema != "" {
		if isSystemSchema(r.schema) {
			return "", catalogRefusal(r)
		}
		if name, ok := s.tables[tableKey{r.schema, r.name}]; ok {
			return name, nil
		}
		return "", noTable(r)
	}
	if s.catalog[r.name] {
		return "", catalogRefusal(r)
	}
	for _, ns := range s.searchPath {
		if name, ok := s.tables[tableKey{ns, r.name}]; ok {
			return name, nil
		}
	}
	if strings.HasPrefix(r.name, "pg_") {
		// PostgreSQL reserves the prefix: an unknown pg_ name is a system
		// view of a version or extension this snapshot did not list.
		return "", catalogRefusal(r)
	}
	return "", noTable(r)
}

func noTable(r tableRef) error {
	return &database.Error{Code: database.CodeNoTable, Name: r.String(),
		Message: "no such table: " + r.String() + " (or the database role may not read it)"}
}

// snapshot returns the current snapshot, reading the catalog the first
// time.
func (d *DB) snapshot(ctx context.Context) (*snapshot, error) {
	if s := d.snap.Load(); s != nil {
		return s, nil
	}
	return d.reload(ctx, nil)
}

// stale reports whether s may be replaced by reading the catalog again.
func (d *DB) stale(s *snapshot) bool {
	return d.pool != nil && time.Since(s.taken) >= minReload
}

// reload reads the catalog unless another caller already replaced old.
func (d *DB) reload(ctx context.Context, old *snapshot) (*snapshot, error) {
	d.loadMu.Lock()
	defer d.loadMu.Unlock()
	if s := d.snap.Load(); s != nil && s != old {
		return s, nil
	}
	if d.pool == nil {
		return nil, &database.Error{Code: database.CodeInternal, Message: "internal error: no connection to read the catalog with"}
	}
	_, s, err := d.load(ctx, false)
	if err != nil {
		return nil, err
	}
	d.snap.Store(s)
	return s, nil
}

// Introspect reads every table, partitioned table, view, materialized view
// and foreign table the role can read in every user schema (all but
// pg_catalog, information_schema and PostgreSQL's pg_* schemas; partitions
// are read through their parent): readable columns with declared types and
// kinds (domains by their base type, arrays, intervals and other
// non-scalar types as KindOther, enums as KindText), nullability, comments
// as descriptions, primary keys, foreign keys (composite ones in key
// order), row counts estimated by the planner (-1 before the first
// ANALYZE), and for string and enum columns the distinct count and sample
// values from pg_stats. Without statistics a column has Distinct -1 and no
// samples: run ANALYZE for better grounding of question literals.
//
// Tables of the default schema (the first schema of the search path that
// exists, normally public) are named by their bare name, others
// "schema.name"; Namespace and Ident are always set.
//
// It sends one pipelined batch of eight statements (session, settings,
// relations, columns, keys, statistics, catalog names, user routines)
// inside a REPEATABLE READ, READ ONLY transaction, whatever the number of
// tables: three round trips with BEGIN and ROLLBACK, all from one
// consistent snapshot of the catalog.
func (d *DB) Introspect(ctx context.Context) (*schema.Schema, error) {
	s, snap, err := d.load(ctx, true)
	if err != nil {
		return nil, err
	}
	d.snap.Store(snap)
	return s, nil
}

// load reads the catalog in one batch; full adds columns, keys and
// statistics, which only Introspect needs.
func (d *DB) load(ctx context.Context, full bool) (*schema.Schema, *snapshot, error) {
	s := &schema.Schema{Engine: "postgres"}
	snap := &snapshot{taken: time.Now(), tables: map[tableKey]string{}, catalog: map[string]bool{},
		userFuncs: map[string]string{}, rowFuncs: map[string]string{}, userOps: map[string]string{}}
	opts := txOptions{iso: pgx.RepeatableRead}
	err := d.inTx(ctx, opts, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		// The session's search path first: the setup then replaces it.
		b.Queue(sessionSQL)
		b.Queue(catalogSetupSQL, ms(catalogTimeout))
		b.Queue(relationsSQL)
		b.Queue(catalogNamesSQL)
		b.Queue(routinesSQL)
		if full {
			b.Queue(columnsSQL)
			b.Queue(constraintsSQL)
			b.Queue(statsSQL)
		}
		br := tx.SendBatch(ctx, b)
		defer br.Close()
		r := &catalogReader{br: br, s: s, snap: snap, byOID: map[uint32]int{}, attnames: map[attKey]string{}}
		setup := func() error { _, err := br.Exec(); return err }
		steps := []func() error{r.session, setup, r.relations, r.catalogNames, r.routines}
		if full {
			steps = append(steps, r.columns, r.constraints, r.stats)
		}
		for _, step := range steps {
			if err := step(); err != nil {
				return err
			}
		}
		return br.Close()
	})
	if err != nil {
		return nil, nil, runError(ctx, ctx, 0, fmt.Errorf("reading the catalog: %w", err))
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		if t.ForeignKeys != nil {
			sort.SliceStable(t.ForeignKeys, func(a, b int) bool {
				x, y := t.ForeignKeys[a], t.ForeignKeys[b]
				if x.RefTable != y.RefTable {
					return x.RefTable < y.RefTable
				}
				return strings.Join(x.Columns, "\x00") < strings.Join(y.Columns, "\x00")
			})
		}
	}
	sort.SliceStable(s.Tables, func(i, j int) bool { return s.Tables[i].Name < s.Tables[j].Name })
	return s, snap, nil
}

// catalogReader reads the results of the catalog batch in order.
type catalogReader struct {
	br        pgx.BatchResults
	s         *schema.Schema
	snap      *snapshot
	defaultNS string
	// byOID maps a relation's oid to its position in s.Tables.
	byOID map[uint32]int
	// attnames names the columns read, by relation and column number.
	attnames map[attKey]string
}

type attKey struct {
	rel uint32
	num int16
}

// each scans every row of the next result with dest.
func (r *catalogReader) each(fn func() error, dest ...any) error {
	rows, err := r.br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if err := fn(); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (r *catalogReader) session() error {
	var path []string
	err := r.each(func() error { return nil }, &r.defaultNS, &path)
	for _, ns := range path {
		if ns != "pg_catalog" && !strings.HasPrefix(ns, "pg_temp") {
			r.snap.searchPath = append(r.snap.searchPath, ns)
		}
	}
	return err
}

func (r *catalogReader) relations() error {
	var (
		oid                  uint32
		ns, name, kind, desc string
		rows                 float64
	)
	return r.each(func() error {
		full := name
		if ns != r.defaultNS {
			full = ns + "." + name
		}
		r.byOID[oid] = len(r.s.Tables)
		r.s.Tables = append(r.s.Tables, schema.Table{Name: full, Namespace: ns, Ident: name,
			View: kind == "v" || kind == "m", Description: desc, RowCount: int64(math.Round(rows))})
		r.snap.tables[tableKey{ns, name}] = full
		return nil
	}, &oid, &ns, &name, &kind, &rows, &desc)
}

func (r *catalogReader) catalogNames() error {
	var name string
	return r.each(func() error { r.snap.catalog[name] = true; return nil }, &name)
}

func (r *catalogReader) routines() error {
	var (
		kind, name, ns      string
		rowArg, inExtension bool
	)
	return r.each(func() error {
		if rowArg {
			r.snap.rowFuncs[name] = ns
		}
		if inExtension {
			return nil
		}
		m := r.snap.userFuncs
		if kind == "o" {
			m = r.snap.userOps
		}
		if _, ok := m[name]; !ok {
			m[name] = ns
		}
		return nil
	}, &kind, &name, &ns, &rowArg, &inExtension)
}

func (r *catalogReader) columns() error {
	var (
		oid                          uint32
		num                          int16
		name, typ, desc, base, categ string
		notNull                      bool
	)
	return r.each(func() error {
		i, ok := r.byOID[oid]
		if !ok {
			return nil
		}
		r.attnames[attKey{oid, num}] = name
		r.s.Tables[i].Columns = append(r.s.Tables[i].Columns, schema.Column{Name: name, Type: typ,
			Kind: kindOf(base, categ), Nullable: !notNull, Description: desc, Distinct: -1})
		return nil
	}, &oid, &num, &name, &typ, &notNull, &desc, &base, &categ)
}

// kindOf classifies a column by its (base) type name and PostgreSQL type
// category: schema.KindOf reads names, and some PostgreSQL names mislead
// it (interval and point contain "int", bit strings are not booleans,
// integer[] is an array).
func kindOf(base, category string) schema.Kind {
	switch category {
	case "S", "E": // strings (including name and citext), enums
		return schema.KindText
	case "B":
		return schema.KindBool
	case "A", "C", "G", "I", "P", "R", "T", "V", "X", "Z":
		// arrays, composites, geometry, network, pseudo, ranges, intervals,
		// bit strings, unknown, internal
		return schema.KindOther
	}
	return schema.KindOf(base)
}

func (r *catalogReader) constraints() error {
	var (
		rel, ref      uint32
		kind          string
		keys, refKeys []int16
	)
	// names names key columns; a column the role cannot read makes the key
	// useless to queries, so it is dropped.
	names := func(rel uint32, nums []int16) ([]string, bool) {
		out := make([]string, len(nums))
		for i, n := range nums {
			name, ok := r.attnames[attKey{rel, n}]
			if !ok {
				return nil, false
			}
			out[i] = name
		}
		return out, len(out) > 0
	}
	return r.each(func() error {
		i, ok := r.byOID[rel]
		if !ok {
			return nil
		}
		t := &r.s.Tables[i]
		cols, ok := names(rel, keys)
		if !ok {
			return nil
		}
		switch kind {
		case "p":
			t.PrimaryKey = cols
		case "f":
			j, ok := r.byOID[ref]
			if !ok {
				return nil // a parent the role cannot read: no join can use it
			}
			refCols, ok := names(ref, refKeys)
			if !ok || len(refCols) != len(cols) {
				return nil
			}
			t.ForeignKeys = append(t.ForeignKeys, schema.ForeignKey{Columns: cols, RefTable: r.s.Tables[j].Name, RefColumns: refCols})
		}
		return nil
	}, &rel, &kind, &ref, &keys, &refKeys)
}

func (r *catalogReader) stats() error {
	var (
		oid                 uint32
		name                string
		nullFrac, nDistinct float64
		values              []string
		freqs               []float64
	)
	return r.each(func() error {
		i, ok := r.byOID[oid]
		if !ok {
			return nil
		}
		t := &r.s.Tables[i]
		for c := range t.Columns {
			if col := &t.Columns[c]; col.Name == name && col.Kind == schema.KindText {
				applyStats(col, t.RowCount, nullFrac, nDistinct, values, freqs)
			}
		}
		values, freqs = nil, nil
		return nil
	}, &oid, &name, &nullFrac, &nDistinct, &values, &freqs)
}

// applyStats sets a text column's distinct count and samples from its
// pg_stats row. n_distinct is a count when positive and minus a fraction of
// the rows when negative; 0 means unknown, except for a column that is
// all NULL. The samples are complete when the most common values are as
// many as the distinct values and, with the NULLs, cover every row
// ANALYZE sampled (all rows of tables up to 30,000 rows at the default
// statistics target) — as of the last ANALYZE, like every statistic here.
func applyStats(col *schema.Column, rows int64, nullFrac, nDistinct float64, values []string, freqs []float64) {
	switch {
	case nullFrac >= 1:
		col.Distinct, col.SamplesComplete = 0, true
		return
	case nDistinct > 0:
		col.Distinct = int64(math.Round(nDistinct))
	case nDistinct < 0 && rows >= 0:
		col.Distinct = max(1, int64(math.Round(-nDistinct*float64(rows))))
	}
	covered := nullFrac
	for _, f := range freqs {
		covered += f
	}
	complete := len(values) > 0 && int64(len(values)) == col.Distinct && len(values) <= completeSamplesMax && covered >= 0.999
	var samples []string
	for _, v := range values {
		if utf8.RuneCountInString(v) > maxSampleRunes {
			complete = false
			continue
		}
		samples = append(samples, v)
	}
	if complete {
		sort.Strings(samples)
	} else if len(samples) > frequentSamples {
		// pg_stats lists the most common values most frequent first.
		samples = samples[:frequentSamples]
	}
	col.Samples, col.SamplesComplete = samples, complete
}
