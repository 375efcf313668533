//go:build cgo

package duckdb

import (
	"context"
	"database/sql/driver"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	duckdb "github.com/duckdb/duckdb-go/v2"

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

// statsBudget bounds the row count, distinct counts and samples of one table
// or view: one huge table or slow view must not stall introspection. What
// does not finish in time is reported as unknown (-1, no samples).
var statsBudget = 10 * time.Second

// Introspect reads every table and view of the database (DuckDB's internal
// and temporary objects excluded) in four catalogue queries: tables and
// views with their comments as descriptions, columns with DuckDB's type
// names, kinds and nullability, primary keys and foreign keys (composite
// ones kept together). Tables outside the main schema are named
// "schema.table". Then, per table, one scan gives the exact row count and
// the distinct counts of text columns, and one query per text column its
// samples: every value when there are at most 64, else the 5 most frequent.
func (d *DB) Introspect(ctx context.Context) (*schema.Schema, error) {
	s := &schema.Schema{Engine: "duckdb"}
	err := d.withConn(ctx, func(c *duckdb.Conn) error {
		if err := describeAll(ctx, c, s); err != nil {
			return err
		}
		for i := range s.Tables {
			if err := stats(ctx, c, &s.Tables[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, runError(ctx, ctx, "", err)
	}
	return s, nil
}

// Catalogue queries. Comments are descriptions; data_type is DuckDB's type
// name ("BIGINT", "DECIMAL(18,3)", "VARCHAR[]"). Built-ins are called by
// their full name (see settingsQuery), here and in the statistics queries.
const (
	objectsSQL = `SELECT schema_name, table_name, false, comment FROM system.main.duckdb_tables()
		WHERE database_name = system.main.current_database() AND NOT internal AND NOT temporary
		UNION ALL
		SELECT schema_name, view_name, true, comment FROM system.main.duckdb_views()
		WHERE database_name = system.main.current_database() AND NOT internal AND NOT temporary
		ORDER BY 1, 2`
	columnsSQL = `SELECT schema_name, table_name, column_name, data_type, is_nullable, comment FROM system.main.duckdb_columns()
		WHERE database_name = system.main.current_database() AND NOT internal
		ORDER BY schema_name, table_name, column_index`
	keysSQL = `SELECT schema_name, table_name, constraint_type, constraint_column_names,
			referenced_table, referenced_column_names
		FROM system.main.duckdb_constraints()
		WHERE database_name = system.main.current_database() AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
		ORDER BY schema_name, table_name, constraint_index`
)

// describeAll fills s.Tables with every object's columns and keys.
func describeAll(ctx context.Context, c *duckdb.Conn, s *schema.Schema) error {
	index := map[string]int{}
	key := func(schemaName, table string) string {
		return strings.ToLower(schemaName) + "." + strings.ToLower(table)
	}
	err := eachRow(ctx, c, objectsSQL, func(r []driver.Value) error {
		schemaName, name := text(r[0]), text(r[1])
		t := schema.Table{Name: tableKey(schemaName, name), Ident: name, View: r[2] == true,
			Description: text(r[3]), RowCount: -1}
		if !strings.EqualFold(schemaName, "main") {
			t.Namespace = schemaName
		}
		index[key(schemaName, name)] = len(s.Tables)
		s.Tables = append(s.Tables, t)
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing tables: %w", err)
	}
	err = eachRow(ctx, c, columnsSQL, func(r []driver.Value) error {
		i, ok := index[key(text(r[0]), text(r[1]))]
		if !ok {
			return nil
		}
		col := schema.Column{Name: text(r[2]), Type: text(r[3]), Nullable: r[4] == true,
			Description: text(r[5]), Distinct: -1}
		col.Kind = kindOf(col.Type)
		s.Tables[i].Columns = append(s.Tables[i].Columns, col)
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing columns: %w", err)
	}
	err = eachRow(ctx, c, keysSQL, func(r []driver.Value) error {
		schemaName := text(r[0])
		i, ok := index[key(schemaName, text(r[1]))]
		if !ok {
			return nil
		}
		t := &s.Tables[i]
		cols := texts(r[3])
		if text(r[2]) == "PRIMARY KEY" {
			t.PrimaryKey = cols
			return nil
		}
		// DuckDB keeps a foreign key within its schema.
		parent, ok := index[key(schemaName, text(r[4]))]
		refCols := texts(r[5])
		if !ok || len(refCols) != len(cols) {
			return nil
		}
		t.ForeignKeys = append(t.ForeignKeys, schema.ForeignKey{Columns: cols, RefTable: s.Tables[parent].Name, RefColumns: refCols})
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing keys: %w", err)
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

// texts reads a VARCHAR[] catalogue value.
func texts(v driver.Value) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		out = append(out, text(e))
	}
	return out
}

// kindOf classifies a DuckDB type name. schema.KindOf reads names by
// substring, which misreads some of DuckDB's: INTERVAL and INTEGER[] hold
// "int", BIT is a bit string rather than a boolean, TIME is a time of day
// rather than a timestamp, and nested types are none of the simple kinds.
func kindOf(typ string) schema.Kind {
	t := strings.ToUpper(strings.TrimSpace(typ))
	switch {
	case strings.HasPrefix(t, "ENUM("):
		return schema.KindText
	case strings.HasSuffix(t, "]"), strings.HasPrefix(t, "STRUCT"), strings.HasPrefix(t, "MAP"),
		strings.HasPrefix(t, "UNION"), strings.HasPrefix(t, "INTERVAL"), t == "BIT", t == "BITSTRING",
		t == "TIME", strings.HasPrefix(t, "TIME WITH"), t == "TIMETZ", t == "VARIANT":
		return schema.KindOther
	}
	return schema.KindOf(typ)
}

// stats fills in the row count, and the distinct counts and samples of text
// columns, within statsBudget. A timeout or an object DuckDB cannot scan (a
// view over a file, now that external access is off) leaves the numbers
// unknown; only the caller's cancellation stops introspection.
func stats(ctx context.Context, c *duckdb.Conn, t *schema.Table) error {
	bctx, cancel := context.WithTimeout(ctx, statsBudget)
	defer cancel()
	if err := tableStats(bctx, c, t); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// Whatever was filled in before the failure may be partial.
		t.RowCount = -1
		for i := range t.Columns {
			t.Columns[i].Distinct, t.Columns[i].Samples, t.Columns[i].SamplesComplete = -1, nil, false
		}
	}
	return nil
}

func tableStats(ctx context.Context, c *duckdb.Conn, t *schema.Table) error {
	from := " FROM " + quoteIdent(t.Ident)
	if t.Namespace != "" {
		from = " FROM " + quoteIdent(t.Namespace) + "." + quoteIdent(t.Ident)
	}
	var texts []int
	q := "SELECT system.main.count(*)"
	for i, col := range t.Columns {
		if col.Kind == schema.KindText {
			texts = append(texts, i)
			q += ", system.main.count(DISTINCT " + quoteIdent(col.Name) + ")"
		}
	}
	err := eachRow(ctx, c, q+from, func(r []driver.Value) error {
		t.RowCount = integer(r[0])
		for k, i := range texts {
			t.Columns[i].Distinct = integer(r[k+1])
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, i := range texts {
		if err := samples(ctx, c, from, &t.Columns[i]); err != nil {
			return err
		}
	}
	return nil
}

// samples lists every distinct value of a low-cardinality column, sorted,
// or else its most frequent values, most frequent first.
func samples(ctx context.Context, c *duckdb.Conn, from string, col *schema.Column) error {
	if col.Distinct == 0 {
		col.SamplesComplete = true // every value (none) is listed
		return nil
	}
	name := quoteIdent(col.Name)
	complete := col.Distinct <= completeSamplesMax
	q := "SELECT DISTINCT CAST(" + name + " AS VARCHAR) AS v" + from + " WHERE " + name + " IS NOT NULL"
	if !complete {
		q = fmt.Sprintf("SELECT CAST(%s AS VARCHAR) AS v%s WHERE %s IS NOT NULL AND system.main.length(CAST(%s AS VARCHAR)) <= %d GROUP BY v ORDER BY system.main.count(*) DESC, v LIMIT %d",
			name, from, name, name, maxSampleRunes, frequentSamples)
	}
	var vals []string
	err := eachRow(ctx, c, q, func(r []driver.Value) error {
		v := text(r[0])
		if utf8.RuneCountInString(v) > maxSampleRunes {
			complete = false
			return nil
		}
		vals = append(vals, v)
		return nil
	})
	if err != nil {
		return err
	}
	if col.Distinct <= completeSamplesMax {
		sort.Strings(vals)
	}
	col.Samples, col.SamplesComplete = vals, complete
	return nil
}

// integer reads a catalogue count (0 for NULL or non-numbers).
func integer(v driver.Value) int64 {
	n, _ := normalize(v, "")
	switch n := n.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}
