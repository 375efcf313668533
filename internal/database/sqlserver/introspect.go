package sqlserver

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"querent/internal/schema"
)

// Sampling of text columns, as in the other engines.
const (
	// completeSamplesMax is the most distinct values a column may have for
	// Samples to list all of them (SamplesComplete).
	completeSamplesMax = 64
	// frequentSamples is how many of the most frequent values are kept for
	// columns with more distinct values than that.
	frequentSamples = 5
	// maxSampleRunes skips long values: they are prose, not categories, and
	// would crowd the prompt.
	maxSampleRunes = 80
)

// statsBudget bounds the distinct counts and samples of one table or view:
// one huge table or slow view must not stall introspection. What does not
// finish in time is reported as unknown (-1, no samples).
var statsBudget = 10 * time.Second

// statsLockTimeout bounds lock waits of the statistics queries, which read
// without shared locks but still wait for schema locks.
const statsLockTimeout = 2 * time.Second

// objectsSQL lists the tables and views of every user schema with their
// descriptions and estimated row counts. sys.partitions is readable with
// plain metadata visibility, unlike sys.dm_db_partition_stats, which needs
// VIEW DATABASE STATE.
const objectsSQL = `SELECT o.object_id, s.name, o.name, o.type, CAST(ep.value AS nvarchar(4000)),
  (SELECT SUM(p.rows) FROM sys.partitions AS p WHERE p.object_id = o.object_id AND p.index_id IN (0, 1))
FROM sys.objects AS o
JOIN sys.schemas AS s ON s.schema_id = o.schema_id
LEFT JOIN sys.extended_properties AS ep
  ON ep.class = 1 AND ep.major_id = o.object_id AND ep.minor_id = 0 AND ep.name = 'MS_Description'
WHERE o.type IN ('U', 'V') AND o.is_ms_shipped = 0
ORDER BY s.name, o.name`

// columnsSQL lists the columns of those objects. Alias types report their
// base type, which is what decides a column's kind; CLR types (geography,
// hierarchyid) keep their own name.
const columnsSQL = `SELECT c.object_id, c.name,
  CASE WHEN t.is_user_defined = 1 AND t.is_assembly_type = 0 THEN TYPE_NAME(c.system_type_id) ELSE t.name END,
  c.max_length, c.precision, c.scale, c.is_nullable, CAST(ep.value AS nvarchar(4000))
FROM sys.columns AS c
JOIN sys.objects AS o ON o.object_id = c.object_id
JOIN sys.types AS t ON t.user_type_id = c.user_type_id
LEFT JOIN sys.extended_properties AS ep
  ON ep.class = 1 AND ep.major_id = c.object_id AND ep.minor_id = c.column_id AND ep.name = 'MS_Description'
WHERE o.type IN ('U', 'V') AND o.is_ms_shipped = 0
ORDER BY c.object_id, c.column_id`

// primaryKeysSQL lists primary-key columns in key order.
const primaryKeysSQL = `SELECT i.object_id, c.name
FROM sys.indexes AS i
JOIN sys.index_columns AS ic ON ic.object_id = i.object_id AND ic.index_id = i.index_id
JOIN sys.columns AS c ON c.object_id = ic.object_id AND c.column_id = ic.column_id
WHERE i.is_primary_key = 1 AND ic.key_ordinal > 0
ORDER BY i.object_id, ic.key_ordinal`

// foreignKeysSQL lists foreign-key column pairs, a composite key's pairs in
// order under one constraint.
const foreignKeysSQL = `SELECT fk.object_id, fk.parent_object_id, fk.referenced_object_id, pc.name, rc.name
FROM sys.foreign_keys AS fk
JOIN sys.foreign_key_columns AS fkc ON fkc.constraint_object_id = fk.object_id
JOIN sys.columns AS pc ON pc.object_id = fkc.parent_object_id AND pc.column_id = fkc.parent_column_id
JOIN sys.columns AS rc ON rc.object_id = fkc.referenced_object_id AND rc.column_id = fkc.referenced_column_id
ORDER BY fk.object_id, fkc.constraint_column_id`

// Introspect reads every table and view of the user schemas in four
// catalog queries: names (bare in dbo, schema.name elsewhere), MS_Description
// extended properties as descriptions, columns with their types and
// nullability, primary keys, and foreign keys (composite ones grouped).
// Row counts of tables are the server's estimate from sys.partitions; views
// get an exact count. For text columns it then reads, per table and within
// a time budget, the distinct counts in one query and the sample values in
// another. Only objects the login may see are listed, which for
// db_datareader is every table and view.
func (d *DB) Introspect(ctx context.Context) (*schema.Schema, error) {
	s := &schema.Schema{Engine: "sqlserver"}
	err := d.withSession(ctx, sessionOptions{lockTimeout: statsLockTimeout}, func(conn *sql.Conn) error {
		return readCatalog(ctx, conn, s)
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", fmt.Errorf("reading the catalog of %s: %w", d.name, err))
	}
	for i := range s.Tables {
		if err := d.stats(ctx, &s.Tables[i]); err != nil {
			return nil, runError(ctx, ctx, "", err)
		}
	}
	d.setCatalog(s)
	return s, nil
}

// readCatalog fills s from the four catalog queries.
func readCatalog(ctx context.Context, conn *sql.Conn, s *schema.Schema) error {
	byID := map[int64]int{}
	err := each(ctx, conn, objectsSQL, func(rows *sql.Rows) error {
		var (
			id          int64
			ns, name    string
			typ         string
			description sql.NullString
			count       sql.NullInt64
		)
		if err := rows.Scan(&id, &ns, &name, &typ, &description, &count); err != nil {
			return err
		}
		t := schema.Table{Name: tableName(ns, name), Namespace: ns, Ident: name, View: strings.TrimSpace(typ) == "V",
			Description: description.String, RowCount: -1}
		if count.Valid && !t.View {
			t.RowCount = count.Int64
		}
		byID[id] = len(s.Tables)
		s.Tables = append(s.Tables, t)
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing tables: %w", err)
	}
	err = each(ctx, conn, columnsSQL, func(rows *sql.Rows) error {
		var (
			id                  int64
			name, typ           string
			maxLen, prec, scale int64
			nullable            sql.NullBool
			description         sql.NullString
		)
		if err := rows.Scan(&id, &name, &typ, &maxLen, &prec, &scale, &nullable, &description); err != nil {
			return err
		}
		i, ok := byID[id]
		if !ok {
			return nil
		}
		s.Tables[i].Columns = append(s.Tables[i].Columns, schema.Column{
			Name: name, Type: typeText(typ, maxLen, prec, scale), Kind: kindOf(typ), Nullable: nullable.Bool,
			Description: description.String, Distinct: -1,
		})
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing columns: %w", err)
	}
	err = each(ctx, conn, primaryKeysSQL, func(rows *sql.Rows) error {
		var (
			id   int64
			name string
		)
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		if i, ok := byID[id]; ok {
			s.Tables[i].PrimaryKey = append(s.Tables[i].PrimaryKey, name)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing primary keys: %w", err)
	}
	keyOf := map[int64]*schema.ForeignKey{}
	type owned struct {
		table int
		key   *schema.ForeignKey
	}
	var keys []owned
	err = each(ctx, conn, foreignKeysSQL, func(rows *sql.Rows) error {
		var (
			id, parent, ref int64
			col, refCol     string
		)
		if err := rows.Scan(&id, &parent, &ref, &col, &refCol); err != nil {
			return err
		}
		pi, ok1 := byID[parent]
		ri, ok2 := byID[ref]
		if !ok1 || !ok2 {
			return nil // a table the login cannot see: no join could use it
		}
		fk := keyOf[id]
		if fk == nil {
			fk = &schema.ForeignKey{RefTable: s.Tables[ri].Name}
			keyOf[id] = fk
			keys = append(keys, owned{pi, fk})
		}
		fk.Columns = append(fk.Columns, col)
		fk.RefColumns = append(fk.RefColumns, refCol)
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing foreign keys: %w", err)
	}
	for _, k := range keys {
		s.Tables[k.table].ForeignKeys = append(s.Tables[k.table].ForeignKeys, *k.key)
	}
	for i := range s.Tables {
		fks := s.Tables[i].ForeignKeys
		sort.SliceStable(fks, func(a, b int) bool {
			if fks[a].RefTable != fks[b].RefTable {
				return fks[a].RefTable < fks[b].RefTable
			}
			return strings.Join(fks[a].Columns, "\x00") < strings.Join(fks[b].Columns, "\x00")
		})
	}
	return nil
}

// each runs one of the engine's own queries and calls fn per row.
func each(ctx context.Context, q queryer, query string, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// typeText renders a column type as it would be declared: nvarchar(255),
// varchar(max), decimal(10,2), datetime2(7).
func typeText(name string, maxLen, prec, scale int64) string {
	switch name {
	case "varchar", "char", "varbinary", "binary":
		if maxLen < 0 {
			return name + "(max)"
		}
		return name + "(" + strconv.FormatInt(maxLen, 10) + ")"
	case "nvarchar", "nchar":
		if maxLen < 0 {
			return name + "(max)"
		}
		return name + "(" + strconv.FormatInt(maxLen/2, 10) + ")"
	case "decimal", "numeric":
		return name + "(" + strconv.FormatInt(prec, 10) + "," + strconv.FormatInt(scale, 10) + ")"
	case "datetime2", "time", "datetimeoffset":
		return name + "(" + strconv.FormatInt(scale, 10) + ")"
	}
	return name
}

// kindOf classifies a SQL Server base type. schema.KindOf would take time
// for a datetime and miss uniqueidentifier, money and xml.
func kindOf(name string) schema.Kind {
	switch strings.ToLower(name) {
	case "bigint", "int", "smallint", "tinyint":
		return schema.KindInteger
	case "bit":
		return schema.KindBool
	case "decimal", "numeric", "money", "smallmoney", "float", "real":
		return schema.KindReal
	case "date":
		return schema.KindDate
	case "datetime", "datetime2", "smalldatetime", "datetimeoffset":
		return schema.KindDateTime
	case "char", "varchar", "nchar", "nvarchar", "text", "ntext", "uniqueidentifier", "xml", "sysname":
		return schema.KindText
	case "binary", "varbinary", "image", "timestamp", "rowversion":
		return schema.KindBlob
	}
	return schema.KindOther
}

// sampled reports whether a column's values are worth counting and
// sampling: character types, which SQL Server can group (text, ntext and
// xml cannot be compared; identifiers are never categories).
func sampled(typ string) bool {
	for _, p := range []string{"char(", "varchar(", "nchar(", "nvarchar("} {
		if strings.HasPrefix(typ, p) {
			return true
		}
	}
	return false
}

// stats fills in the distinct counts and samples of t's text columns, and
// the exact row count of a view, within statsBudget. A timeout or an
// object the login cannot scan leaves them unknown; only the caller's
// cancellation stops introspection.
func (d *DB) stats(ctx context.Context, t *schema.Table) error {
	bctx, cancel := context.WithTimeout(ctx, statsBudget)
	defer cancel()
	opts := sessionOptions{lockTimeout: statsLockTimeout, dirtyReads: true}
	err := d.withSession(bctx, opts, func(conn *sql.Conn) error { return tableStats(bctx, conn, t) })
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

func tableStats(ctx context.Context, conn *sql.Conn, t *schema.Table) error {
	from := " FROM " + quoteIdent(t.Namespace) + "." + quoteIdent(t.Ident)
	var texts []int
	var q strings.Builder
	q.WriteString("SELECT COUNT_BIG(*)")
	for i, col := range t.Columns {
		if sampled(col.Type) {
			texts = append(texts, i)
			q.WriteString(", COUNT_BIG(DISTINCT " + quoteIdent(col.Name) + ")")
		}
	}
	if len(texts) == 0 && !t.View {
		return nil
	}
	counts := make([]int64, len(texts)+1)
	ptrs := make([]any, len(counts))
	for i := range counts {
		ptrs[i] = &counts[i]
	}
	if err := conn.QueryRowContext(ctx, q.String()+from).Scan(ptrs...); err != nil {
		return err
	}
	if t.View {
		t.RowCount = counts[0]
	}
	var union []string
	for k, i := range texts {
		col := &t.Columns[i]
		col.Distinct = counts[k+1]
		if col.Distinct == 0 {
			col.SamplesComplete = true // every value (none) is listed
			continue
		}
		name := quoteIdent(col.Name)
		top, where := completeSamplesMax+1, name+" IS NOT NULL"
		if col.Distinct > completeSamplesMax {
			top, where = frequentSamples, where+" AND LEN("+name+") <= "+strconv.Itoa(maxSampleRunes)
		}
		union = append(union, fmt.Sprintf("SELECT %d AS k, v, n FROM (SELECT TOP (%d) CAST(%s AS nvarchar(4000)) AS v, COUNT_BIG(*) AS n%s WHERE %s GROUP BY %s ORDER BY COUNT_BIG(*) DESC) AS q%d",
			k, top, name, from, where, name, k))
	}
	if len(union) == 0 {
		return nil
	}
	type sample struct {
		v string
		n int64
	}
	found := make([][]sample, len(texts))
	long := make([]bool, len(texts))
	err := each(ctx, conn, strings.Join(union, "\nUNION ALL\n"), func(rows *sql.Rows) error {
		var (
			k int
			v string
			n int64
		)
		if err := rows.Scan(&k, &v, &n); err != nil {
			return err
		}
		// char(n) pads with spaces, and SQL Server ignores trailing spaces
		// when it compares text, so they carry no meaning.
		v = strings.TrimRight(v, " ")
		if utf8.RuneCountInString(v) > maxSampleRunes {
			long[k] = true
			return nil
		}
		found[k] = append(found[k], sample{v, n})
		return nil
	})
	if err != nil {
		return err
	}
	for k, i := range texts {
		col := &t.Columns[i]
		if col.Distinct == 0 {
			continue
		}
		complete := col.Distinct <= completeSamplesMax && !long[k]
		ss := found[k]
		sort.Slice(ss, func(a, b int) bool {
			if complete || ss[a].n == ss[b].n {
				return ss[a].v < ss[b].v
			}
			return ss[a].n > ss[b].n
		})
		col.Samples = make([]string, len(ss))
		for j, s := range ss {
			col.Samples[j] = s.v
		}
		col.SamplesComplete = complete
	}
	return nil
}
