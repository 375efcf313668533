package sqlite

import (
	"context"
	"database/sql/driver"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

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

// object is a table or view found in the catalogue.
type object struct {
	name string
	view bool
}

// Introspect reads every table and view of the main database (SQLite's
// internal tables and virtual-table shadow tables excluded): columns with
// declared types and kinds, primary keys, foreign keys (composite ones
// grouped, references to an implicit primary key resolved), exact row
// counts, and for text columns the distinct count and sample values.
// Columns declared without a type get their Kind from the first non-null
// value. Objects SQLite cannot describe under the read-only authorizer are
// skipped, since no query could use them either: a view over a dropped
// table, a virtual table whose module is not built in, or one whose module
// prepares writes to its shadow tables on connect (R*Tree).
func (d *DB) Introspect(ctx context.Context) (*schema.Schema, error) {
	s := &schema.Schema{Engine: "sqlite"}
	err := d.withConn(ctx, func(c *roConn) error {
		objs, err := c.objects(ctx)
		if err != nil {
			return fmt.Errorf("listing tables: %w", err)
		}
		for _, o := range objs {
			t, err := c.describe(ctx, o)
			if err != nil {
				if ctx.Err() != nil {
					return err
				}
				continue
			}
			s.Tables = append(s.Tables, t)
		}
		resolveForeignKeys(s)
		for i := range s.Tables {
			if err := c.stats(ctx, &s.Tables[i]); err != nil {
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

// each runs the engine's own query in modeIntrospect and calls fn per row.
// The row slice is reused between calls.
func (c *roConn) each(ctx context.Context, query string, args []any, fn func(row []driver.Value) error) error {
	nargs, err := namedArgs(args)
	if err != nil {
		return err
	}
	p, err := c.prepare(query, modeIntrospect)
	if err != nil {
		return err
	}
	rows, err := p.run(ctx, nargs, true)
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
		if err := fn(dest); err != nil {
			return err
		}
	}
}

// objects lists the tables and views, sorted by name. PRAGMA table_list
// (SQLite 3.37+) tells shadow tables apart; older libraries fall back to
// sqlite_schema.
func (c *roConn) objects(ctx context.Context) ([]object, error) {
	var objs []object
	collect := func(row []driver.Value) error {
		objs = append(objs, object{name: text(row[0]), view: text(row[1]) == "view"})
		return nil
	}
	err := c.each(ctx, `SELECT name, type FROM pragma_table_list
		WHERE schema = 'main' AND type IN ('table', 'view', 'virtual') AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
		ORDER BY name`, nil, collect)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		objs = nil
		err = c.each(ctx, `SELECT name, type FROM sqlite_schema
			WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
			ORDER BY name`, nil, collect)
	}
	return objs, err
}

// describe reads one object's columns, primary key and foreign keys.
func (c *roConn) describe(ctx context.Context, o object) (schema.Table, error) {
	t := schema.Table{Name: o.name, Ident: o.name, View: o.view, RowCount: -1}
	type pkCol struct {
		name string
		pos  int64
	}
	var pk []pkCol
	err := c.each(ctx, `SELECT name, type, "notnull", pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid`,
		[]any{o.name}, func(row []driver.Value) error {
			if integer(row[4]) == 1 { // a virtual table's hidden column
				return nil
			}
			col := schema.Column{
				Name: text(row[0]),
				Type: text(row[1]),
				// A primary-key column is treated as not null: SQLite allows
				// NULL there only through a legacy quirk nobody relies on.
				Nullable: integer(row[2]) == 0 && integer(row[3]) == 0,
				Distinct: -1,
			}
			col.Kind = schema.KindOf(col.Type)
			t.Columns = append(t.Columns, col)
			if p := integer(row[3]); p > 0 {
				pk = append(pk, pkCol{col.Name, p})
			}
			return nil
		})
	if err != nil {
		return t, err
	}
	if len(t.Columns) == 0 {
		return t, fmt.Errorf("%s has no columns SQLite can describe", o.name)
	}
	sort.Slice(pk, func(i, j int) bool { return pk[i].pos < pk[j].pos })
	for _, p := range pk {
		t.PrimaryKey = append(t.PrimaryKey, p.name)
	}
	if o.view {
		return t, nil
	}
	// Rows of a composite key share an id and are ordered by seq. A NULL
	// "to" means the parent's primary key, resolved once every table is
	// known.
	byID := map[int64]int{}
	err = c.each(ctx, `SELECT id, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq`,
		[]any{o.name}, func(row []driver.Value) error {
			id := integer(row[0])
			i, ok := byID[id]
			if !ok {
				i = len(t.ForeignKeys)
				byID[id] = i
				t.ForeignKeys = append(t.ForeignKeys, schema.ForeignKey{RefTable: text(row[1])})
			}
			fk := &t.ForeignKeys[i]
			fk.Columns = append(fk.Columns, text(row[2]))
			fk.RefColumns = append(fk.RefColumns, text(row[3]))
			return nil
		})
	// SQLite numbers keys in no documented order; sort for stable output.
	sort.SliceStable(t.ForeignKeys, func(i, j int) bool {
		a, b := t.ForeignKeys[i], t.ForeignKeys[j]
		if a.RefTable != b.RefTable {
			return a.RefTable < b.RefTable
		}
		return strings.Join(a.Columns, "\x00") < strings.Join(b.Columns, "\x00")
	})
	return t, err
}

// resolveForeignKeys points each foreign key at its parent table's real
// name and fills in columns left implicit (REFERENCES parent without a
// column list means the parent's primary key). Keys whose parent does not
// exist or whose columns cannot be matched are dropped: no join could use
// them.
func resolveForeignKeys(s *schema.Schema) {
	for i := range s.Tables {
		t := &s.Tables[i]
		kept := t.ForeignKeys[:0]
		for _, fk := range t.ForeignKeys {
			parent, ok := s.Table(fk.RefTable)
			if !ok {
				continue
			}
			fk.RefTable = parent.Name
			implicit := false
			for _, rc := range fk.RefColumns {
				if rc == "" {
					implicit = true
				}
			}
			if implicit {
				if len(parent.PrimaryKey) != len(fk.Columns) {
					continue
				}
				fk.RefColumns = append([]string(nil), parent.PrimaryKey...)
			}
			kept = append(kept, fk)
		}
		t.ForeignKeys = kept
		if len(kept) == 0 {
			t.ForeignKeys = nil
		}
	}
}

// stats fills in the row count, the kinds of untyped columns, and the
// distinct counts and samples of text columns, within statsBudget. A
// timeout, or an object SQLite cannot scan, leaves the numbers unknown; only
// the caller's cancellation stops introspection.
func (c *roConn) stats(ctx context.Context, t *schema.Table) error {
	bctx, cancel := context.WithTimeout(ctx, statsBudget)
	defer cancel()
	if err := c.tableStats(bctx, t); err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

func (c *roConn) tableStats(ctx context.Context, t *schema.Table) error {
	from := " FROM " + quoteIdent(t.Name)

	// Kinds of untyped columns, from one value each.
	var untyped []int
	for i, col := range t.Columns {
		if strings.TrimSpace(col.Type) == "" {
			untyped = append(untyped, i)
		}
	}
	if len(untyped) > 0 {
		var q strings.Builder
		q.WriteString("SELECT ")
		for k, i := range untyped {
			if k > 0 {
				q.WriteString(", ")
			}
			col := quoteIdent(t.Columns[i].Name)
			fmt.Fprintf(&q, "(SELECT typeof(%s)%s WHERE %s IS NOT NULL LIMIT 1)", col, from, col)
		}
		err := c.each(ctx, q.String(), nil, func(row []driver.Value) error {
			for k, i := range untyped {
				t.Columns[i].Kind = kindOfStorage(text(row[k]))
			}
			return nil
		})
		if err != nil {
			return err
		}
	}

	// Row count and the distinct counts of text columns in one scan.
	var texts []int
	q := "SELECT count(*)"
	for i, col := range t.Columns {
		if col.Kind == schema.KindText {
			texts = append(texts, i)
			q += ", count(DISTINCT " + quoteIdent(col.Name) + ")"
		}
	}
	err := c.each(ctx, q+from, nil, func(row []driver.Value) error {
		t.RowCount = integer(row[0])
		for k, i := range texts {
			t.Columns[i].Distinct = integer(row[k+1])
		}
		return nil
	})
	if err != nil {
		return err
	}

	for _, i := range texts {
		if err := c.samples(ctx, t.Name, &t.Columns[i]); err != nil {
			return err
		}
	}
	return nil
}

// samples lists every distinct value of a low-cardinality column, sorted,
// or else its most frequent values, most frequent first.
func (c *roConn) samples(ctx context.Context, table string, col *schema.Column) error {
	name, from := quoteIdent(col.Name), " FROM "+quoteIdent(table)
	if col.Distinct == 0 {
		col.SamplesComplete = true // every value (none) is listed
		return nil
	}
	var vals []string
	complete := col.Distinct <= completeSamplesMax
	// Unary plus drops the declared type, so values come back as stored.
	q := "SELECT DISTINCT +" + name + from + " WHERE " + name + " IS NOT NULL"
	if !complete {
		q = fmt.Sprintf("SELECT +%s%s WHERE %s IS NOT NULL AND length(%s) <= %d GROUP BY %s ORDER BY count(*) DESC, %s LIMIT %d",
			name, from, name, name, maxSampleRunes, name, name, frequentSamples)
	}
	err := c.each(ctx, q, nil, func(row []driver.Value) error {
		v, ok := sampleText(row[0])
		if !ok || utf8.RuneCountInString(v) > maxSampleRunes {
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

// sampleText renders a stored value as sample text; binary values that are
// not UTF-8 have no useful text form.
func sampleText(v driver.Value) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case []byte:
		return string(v), utf8.Valid(v)
	case int64:
		return strconv.FormatInt(v, 10), true
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), true
	}
	return "", false
}

// kindOfStorage maps SQLite's typeof() of a value to a Kind.
func kindOfStorage(storage string) schema.Kind {
	switch storage {
	case "integer":
		return schema.KindInteger
	case "real":
		return schema.KindReal
	case "text":
		return schema.KindText
	case "blob":
		return schema.KindBlob
	}
	return schema.KindOther
}

// quoteIdent quotes a name for SQLite: double quotes, embedded ones doubled.
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// text reads a catalogue value as a string ("" for NULL).
func text(v driver.Value) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// integer reads a catalogue value as an integer (0 for NULL or non-numbers).
func integer(v driver.Value) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	case bool:
		if v {
			return 1
		}
	}
	return 0
}
