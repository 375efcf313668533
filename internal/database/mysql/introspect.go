package mysql

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	gomysql "github.com/go-sql-driver/mysql"

	"querent/internal/schema"
)

// Sampling of text columns.
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

// statsBudget is the statement timeout of each statistics query: one huge
// table or slow view must not stall introspection. What does not finish in
// time is reported as unknown (-1, no samples).
var statsBudget = 10 * time.Second

// Introspect reads the connected database's tables and views (sequences
// excluded) from information_schema: columns with their types, nullability
// and comments, primary keys, foreign keys (composite ones grouped; keys to
// other databases dropped, since queries cannot read them), table comments
// as descriptions, and for text columns the distinct count and sample
// values.
//
// Round trips: three catalogue queries for the whole database (tables,
// columns, keys); for each table or view with text columns two more, one
// scan for the row count and every text column's distinct count and one
// UNION ALL of every text column's values (all of them up to 64 distinct,
// else the five most frequent); and around them up to four for the session
// (statement timeouts, START TRANSACTION READ ONLY, ROLLBACK). The demo's
// eight tables take 21. Each statistics query runs under a 10-second
// statement timeout. RowCount is exact for tables that were scanned and the
// server's estimate (TABLE_ROWS) for the others; -1 for views not scanned.
func (d *DB) Introspect(ctx context.Context) (*schema.Schema, error) {
	s := &schema.Schema{Engine: "mysql"}
	err := d.run(ctx, 0, func(qctx context.Context, c *conn) error {
		tables, err := d.catalogue(qctx, c)
		if err != nil {
			return err
		}
		budget := statsBudget
		if dl, ok := qctx.Deadline(); ok && time.Until(dl) < budget {
			budget = time.Until(dl)
		}
		if err := d.setTimeout(qctx, c, budget); err != nil {
			return err
		}
		for i := range tables {
			if err := d.stats(qctx, c, &tables[i]); err != nil {
				return err
			}
		}
		s.Tables = tables
		return nil
	})
	if err != nil {
		return nil, d.queryError(ctx, "", err)
	}
	names := make(map[string]bool, len(s.Tables))
	for _, t := range s.Tables {
		names[t.Name] = true
	}
	d.mu.Lock()
	d.objects = names
	d.mu.Unlock()
	return s, nil
}

// catalogue reads tables, columns and keys in three queries.
func (d *DB) catalogue(ctx context.Context, c *conn) ([]schema.Table, error) {
	var tables []schema.Table
	index := map[string]int{}
	err := c.each(ctx, `SELECT TABLE_NAME, TABLE_TYPE, TABLE_COMMENT, TABLE_ROWS
		FROM information_schema.TABLES
		WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE <> 'SEQUENCE'
		ORDER BY TABLE_NAME`, func(row []any) error {
		t := schema.Table{Name: text(row[0]), Ident: text(row[0]), RowCount: -1}
		t.View = text(row[1]) == "VIEW"
		if !t.View {
			t.Description = text(row[2])
			if row[3] != nil {
				t.RowCount = integer(row[3])
			}
		}
		index[t.Name] = len(tables)
		tables = append(tables, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	err = c.each(ctx, `SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, IS_NULLABLE, COLUMN_COMMENT
		FROM information_schema.COLUMNS
		WHERE TABLE_SCHEMA = DATABASE()
		ORDER BY TABLE_NAME, ORDINAL_POSITION`, func(row []any) error {
		i, ok := index[text(row[0])]
		if !ok {
			return nil // a sequence's columns
		}
		col := schema.Column{
			Name:        text(row[1]),
			Type:        text(row[2]),
			Kind:        kindOf(text(row[3]), text(row[2])),
			Nullable:    text(row[4]) == "YES",
			Description: text(row[5]),
			Distinct:    -1,
		}
		tables[i].Columns = append(tables[i].Columns, col)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing columns: %w", err)
	}
	// Primary keys and foreign keys share KEY_COLUMN_USAGE; rows of one
	// constraint are consecutive and in column order.
	type fkKey struct{ table, name string }
	fks := map[fkKey]int{}
	err = c.each(ctx, `SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
		FROM information_schema.KEY_COLUMN_USAGE
		WHERE TABLE_SCHEMA = DATABASE()
		  AND (CONSTRAINT_NAME = 'PRIMARY' OR (REFERENCED_TABLE_NAME IS NOT NULL AND REFERENCED_TABLE_SCHEMA = DATABASE()))
		ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`, func(row []any) error {
		i, ok := index[text(row[0])]
		if !ok {
			return nil
		}
		t := &tables[i]
		constraint, column := text(row[1]), text(row[2])
		if row[3] == nil {
			t.PrimaryKey = append(t.PrimaryKey, column)
			return nil
		}
		k := fkKey{t.Name, constraint}
		j, ok := fks[k]
		if !ok {
			j = len(t.ForeignKeys)
			fks[k] = j
			t.ForeignKeys = append(t.ForeignKeys, schema.ForeignKey{RefTable: text(row[3])})
		}
		fk := &t.ForeignKeys[j]
		fk.Columns = append(fk.Columns, column)
		fk.RefColumns = append(fk.RefColumns, text(row[4]))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing keys: %w", err)
	}
	// information_schema sorts by its own collation; byte order is stable.
	sort.Slice(tables, func(a, b int) bool { return tables[a].Name < tables[b].Name })
	// A view over a dropped table has no columns the server can describe;
	// no query could use it either.
	kept := tables[:0]
	for _, t := range tables {
		if len(t.Columns) > 0 {
			kept = append(kept, t)
		}
	}
	tables = kept
	for i := range tables {
		t := &tables[i]
		// Constraint names are arbitrary; order keys by what they link.
		sort.SliceStable(t.ForeignKeys, func(a, b int) bool {
			x, y := t.ForeignKeys[a], t.ForeignKeys[b]
			if x.RefTable != y.RefTable {
				return x.RefTable < y.RefTable
			}
			return strings.Join(x.Columns, "\x00") < strings.Join(y.Columns, "\x00")
		})
		// A primary-key column is NOT NULL in MySQL, whatever the DDL says.
		for _, pk := range t.PrimaryKey {
			for j := range t.Columns {
				if t.Columns[j].Name == pk {
					t.Columns[j].Nullable = false
				}
			}
		}
	}
	return tables, nil
}

// kindOf classifies a column by its DATA_TYPE, with COLUMN_TYPE telling
// tinyint(1) (MySQL's BOOLEAN) and bit(1) apart from other integers.
func kindOf(dataType, columnType string) schema.Kind {
	switch strings.ToLower(dataType) {
	case "tinyint":
		if strings.HasPrefix(strings.ToLower(columnType), "tinyint(1)") {
			return schema.KindBool
		}
		return schema.KindInteger
	case "smallint", "mediumint", "int", "integer", "bigint", "year":
		return schema.KindInteger
	case "bit":
		if strings.ToLower(columnType) == "bit(1)" {
			return schema.KindBool
		}
		return schema.KindInteger
	case "decimal", "numeric", "float", "double", "real":
		return schema.KindReal
	case "date":
		return schema.KindDate
	case "datetime", "timestamp":
		return schema.KindDateTime
	case "char", "varchar", "tinytext", "text", "mediumtext", "longtext", "enum", "set", "json",
		"uuid", "inet4", "inet6":
		return schema.KindText
	case "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob":
		return schema.KindBlob
	}
	// TIME (a duration), geometry types and anything newer.
	return schema.KindOther
}

// stats fills in the row count, distinct counts and samples of a table's
// text columns. A statement timeout leaves them unknown; only the caller's
// cancellation stops introspection.
func (d *DB) stats(ctx context.Context, c *conn, t *schema.Table) error {
	var texts []int
	for i, col := range t.Columns {
		if col.Kind == schema.KindText {
			texts = append(texts, i)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	from := " FROM " + quoteIdent(t.Name)
	var q strings.Builder
	q.WriteString("SELECT COUNT(*)")
	for _, i := range texts {
		q.WriteString(", COUNT(DISTINCT " + quoteIdent(t.Columns[i].Name) + ")")
	}
	q.WriteString(from)
	err := c.each(ctx, q.String(), func(row []any) error {
		t.RowCount = integer(row[0])
		for k, i := range texts {
			t.Columns[i].Distinct = integer(row[k+1])
		}
		return nil
	})
	if err != nil {
		return statsError(ctx, err)
	}

	// Values of every text column in one UNION ALL: each part is the column
	// index, the value as text in the connection's character set (so the
	// parts share one type and collation), and its frequency.
	var parts []string
	for _, i := range texts {
		col := &t.Columns[i]
		if col.Distinct == 0 {
			col.SamplesComplete = true // every value (none) is listed
			continue
		}
		name := quoteIdent(col.Name)
		part := fmt.Sprintf("(SELECT %d, CAST(%s AS CHAR), COUNT(*)%s WHERE %s IS NOT NULL", i, name, from, name)
		if col.Distinct > completeSamplesMax {
			part += fmt.Sprintf(" AND CHAR_LENGTH(%s) <= %d GROUP BY %s ORDER BY COUNT(*) DESC, %s LIMIT %d)",
				name, maxSampleRunes, name, name, frequentSamples)
		} else {
			part += " GROUP BY " + name + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return nil
	}
	type sample struct {
		v string
		n int64
	}
	found := map[int][]sample{}
	long := map[int]bool{}
	err = c.each(ctx, strings.Join(parts, " UNION ALL "), func(row []any) error {
		i := int(integer(row[0]))
		v, ok := row[1].(string)
		if !ok || !utf8.ValidString(v) || utf8.RuneCountInString(v) > maxSampleRunes {
			long[i] = true
			return nil
		}
		found[i] = append(found[i], sample{v, integer(row[2])})
		return nil
	})
	if err != nil {
		return statsError(ctx, err)
	}
	for _, i := range texts {
		col := &t.Columns[i]
		if col.Distinct == 0 {
			continue
		}
		ss := found[i]
		complete := col.Distinct <= completeSamplesMax
		if complete {
			sort.Slice(ss, func(a, b int) bool { return ss[a].v < ss[b].v })
		} else {
			sort.Slice(ss, func(a, b int) bool {
				if ss[a].n != ss[b].n {
					return ss[a].n > ss[b].n
				}
				return ss[a].v < ss[b].v
			})
		}
		col.Samples = nil
		for _, s := range ss {
			col.Samples = append(col.Samples, s.v)
		}
		col.SamplesComplete = complete && !long[i]
	}
	return nil
}

// statsError decides whether a failed statistics query stops
// introspection. The server refusing or timing out one statement (a slow
// view, a view over a dropped table) leaves that table's numbers unknown;
// a lost connection or the caller's cancellation stops everything.
func statsError(ctx context.Context, err error) error {
	var me *gomysql.MySQLError
	if ctx.Err() == nil && errors.As(err, &me) {
		return nil
	}
	return err
}

// quoteIdent quotes a name for MySQL: backticks, embedded ones doubled.
func quoteIdent(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}
