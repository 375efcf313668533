package database

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"
	"unicode/utf8"

	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// Probe bounds. A probe reads at most ProbeRows rows of the child and checks
// at most ProbeDistinct of their distinct values, so it costs about the same
// on a table of a thousand rows as on one of a billion.
const (
	DefaultProbeDistinct = 1000
	DefaultProbeRows     = 100_000
	DefaultProbeTimeout  = 5 * time.Second
)

// Prober measures value containment between columns of one engine, for
// [schema.InferForeignKeys]. Its queries are compiled by sqlgen for the
// engine's dialect (identifiers resolved against the schema and quoted, no
// literal in the SQL text), pass the engine's Guard, and run through
// Engine.Query with a row cap and a statement timeout, like any question.
type Prober struct {
	e Engine
	s *schema.Schema
	d sqlgen.Dialect
	// Distinct, Rows and Timeout bound each probe; NewProber sets the
	// defaults.
	Distinct int
	Rows     int
	Timeout  time.Duration
}

var _ schema.ContainmentProber = (*Prober)(nil)

// NewProber returns a prober for e, whose schema (as introspected) is s.
func NewProber(e Engine, s *schema.Schema) (*Prober, error) {
	if e == nil || s == nil {
		return nil, errors.New("new prober: engine and schema are required")
	}
	d, err := sqlgen.DialectFor(e.Name())
	if err != nil {
		return nil, fmt.Errorf("new prober: %w", err)
	}
	return &Prober{e: e, s: s, d: d, Distinct: DefaultProbeDistinct, Rows: DefaultProbeRows, Timeout: DefaultProbeTimeout}, nil
}

// Containment returns the share of distinct non-null values of
// child.childCol found in parent.parentCol, over a sample of at most
// p.Distinct distinct values taken from the first p.Rows non-null rows, and
// the number of distinct values checked. It runs one statement:
//
//	WITH sample AS (SELECT DISTINCT v FROM (SELECT childCol AS v FROM child
//	                WHERE childCol IS NOT NULL LIMIT rows) LIMIT distinct)
//	SELECT COUNT(*), SUM(CASE WHEN v IN (SELECT parentCol FROM parent) THEN 1 ELSE 0 END)
//	FROM sample
//
// Errors name the probe; an engine error (a type the engine cannot compare,
// a timeout) is wrapped as it came.
func (p *Prober) Containment(ctx context.Context, child, childCol, parent, parentCol string) (float64, int64, error) {
	return p.containment(ctx, child, childCol, parent, parentCol, false)
}

// TextContainment is [Prober.Containment] with both columns read as text
// (CAST … AS text on both sides), the comparison that runs on every engine
// when one column holds text and the other numbers.
func (p *Prober) TextContainment(ctx context.Context, child, childCol, parent, parentCol string) (float64, int64, error) {
	return p.containment(ctx, child, childCol, parent, parentCol, true)
}

func (p *Prober) containment(ctx context.Context, child, childCol, parent, parentCol string, asText bool) (float64, int64, error) {
	q, err := p.compile(child, childCol, parent, parentCol, asText)
	if err != nil {
		return 0, 0, err
	}
	what := fmt.Sprintf("probe %s.%s in %s.%s", child, childCol, parent, parentCol)
	if _, err := p.e.Guard(ctx, q.SQL); err != nil {
		return 0, 0, fmt.Errorf("%s: guard refused the probe: %w", what, err)
	}
	res, err := p.e.Query(ctx, q.SQL, q.Args, Limits{MaxRows: 1, Timeout: p.Timeout})
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", what, err)
	}
	if len(res.Rows) != 1 || len(res.Rows[0]) != 2 {
		return 0, 0, fmt.Errorf("%s: expected one row of two numbers, got %d rows", what, len(res.Rows))
	}
	n, err := count(res.Rows[0][0])
	if err != nil {
		return 0, 0, fmt.Errorf("%s: sampled count: %w", what, err)
	}
	found, err := count(res.Rows[0][1])
	if err != nil {
		return 0, 0, fmt.Errorf("%s: found count: %w", what, err)
	}
	if n == 0 {
		return 0, 0, nil
	}
	return float64(found) / float64(n), n, nil
}

// compile builds the probe as a Plan, so the dialect quotes identifiers and
// spells LIMIT (TOP on SQL Server) and no name reaches SQL unresolved.
func (p *Prober) compile(child, childCol, parent, parentCol string, asText bool) (*sqlgen.Query, error) {
	if p.Distinct <= 0 || p.Rows <= 0 {
		return nil, fmt.Errorf("probe: Distinct (%d) and Rows (%d) must be positive", p.Distinct, p.Rows)
	}
	rows, distinct := int64(p.Rows), int64(p.Distinct)
	cc := child + "." + childCol
	value := func(col string) plan.Expr {
		if asText {
			return plan.Expr{Func: "cast_text", Args: []plan.Expr{{Col: col}}}
		}
		return plan.Expr{Col: col}
	}
	pl := &plan.Plan{
		With: []plan.CTE{{Name: "sample", Plan: &plan.Plan{
			Distinct: true,
			Select:   []plan.SelectItem{{Expr: plan.Expr{Col: "r.v"}, Alias: "v"}},
			From: plan.Source{Alias: "r", Subquery: &plan.Plan{
				Select: []plan.SelectItem{{Expr: value(cc), Alias: "v"}},
				From:   plan.Source{Table: child},
				Where:  &plan.Cond{Op: "is_not_null", Left: &plan.Expr{Col: cc}},
				Limit:  &rows,
			}},
			Limit: &distinct,
		}}},
		Select: []plan.SelectItem{
			{Expr: plan.Expr{Agg: "count"}, Alias: "sampled"},
			{Expr: plan.Expr{Agg: "sum", Arg: &plan.Expr{
				Case: []plan.When{{
					If: plan.Cond{Op: "in", Left: &plan.Expr{Col: "sample.v"}, Subquery: &plan.Plan{
						Select: []plan.SelectItem{{Expr: value(parent + "." + parentCol)}},
						From:   plan.Source{Table: parent},
					}},
					Then: plan.Expr{Value: int64(1), ValueSet: true},
				}},
				Else: &plan.Expr{Value: int64(0), ValueSet: true},
			}}, Alias: "found"},
		},
		From: plan.Source{CTE: "sample"},
	}
	q, err := sqlgen.Compile(pl, p.s, p.d, sqlgen.Options{})
	if err != nil {
		return nil, fmt.Errorf("probe %s.%s in %s.%s: %w", child, childCol, parent, parentCol, err)
	}
	return q, nil
}

// count reads a COUNT or SUM result; SUM over no rows is NULL.
func count(v any) (int64, error) {
	switch x := v.(type) {
	case nil:
		return 0, nil
	case int64:
		return x, nil
	case float64:
		return int64(x), nil
	case string:
		// Some drivers return NUMERIC sums as text.
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number", x)
		}
		return int64(f), nil
	}
	return 0, fmt.Errorf("unexpected %T", v)
}

// Value sampling bounds for [LoadValues].
const (
	// MaxValueRunes skips long values: they are prose, not categories.
	MaxValueRunes = 80
	// DefaultValueTimeout bounds the query of one column.
	DefaultValueTimeout = 5 * time.Second
)

// LoadValues refreshes the samples of the text columns of s from e: a column
// with at most perColumn distinct non-null values (each at most
// MaxValueRunes long) gets all of them, sorted, with SamplesComplete set;
// other columns keep what they had. Each column costs one bounded query
// (SELECT DISTINCT col … LIMIT perColumn+1) under DefaultValueTimeout, run
// read-only like any question. A column whose query fails is left as it was
// and named in the returned error, which joins every such failure; the
// caller may treat it as a warning. Cancelling ctx stops at once.
func LoadValues(ctx context.Context, e Engine, s *schema.Schema, perColumn int) error {
	if e == nil || s == nil {
		return errors.New("load values: engine and schema are required")
	}
	if perColumn <= 0 {
		return fmt.Errorf("load values: perColumn is %d; pass the most distinct values a column may have to be listed, such as 64", perColumn)
	}
	d, err := sqlgen.DialectFor(e.Name())
	if err != nil {
		return fmt.Errorf("load values: %w", err)
	}
	var errs []error
	for ti := range s.Tables {
		t := &s.Tables[ti]
		for ci := range t.Columns {
			c := &t.Columns[ci]
			if c.Kind != schema.KindText {
				continue
			}
			if err := loadColumn(ctx, e, s, d, t, c, perColumn); err != nil {
				if ctx.Err() != nil {
					return fmt.Errorf("load values: %w", ctx.Err())
				}
				errs = append(errs, fmt.Errorf("%s.%s: %w", t.Name, c.Name, err))
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("load values: %d columns kept their old samples: %w", len(errs), errors.Join(errs...))
	}
	return nil
}

func loadColumn(ctx context.Context, e Engine, s *schema.Schema, d sqlgen.Dialect, t *schema.Table, c *schema.Column, perColumn int) error {
	limit := int64(perColumn) + 1
	col := t.Name + "." + c.Name
	pl := &plan.Plan{
		Distinct: true,
		Select:   []plan.SelectItem{{Expr: plan.Expr{Col: col}, Alias: "v"}},
		From:     plan.Source{Table: t.Name},
		Where:    &plan.Cond{Op: "is_not_null", Left: &plan.Expr{Col: col}},
		Limit:    &limit,
	}
	q, err := sqlgen.Compile(pl, s, d, sqlgen.Options{})
	if err != nil {
		return err
	}
	if _, err := e.Guard(ctx, q.SQL); err != nil {
		return err
	}
	res, err := e.Query(ctx, q.SQL, q.Args, Limits{MaxRows: int(limit), Timeout: DefaultValueTimeout})
	if err != nil {
		return err
	}
	if len(res.Rows) > perColumn || res.Truncated {
		return nil // not a low-cardinality column: its samples stay
	}
	vals := make([]string, 0, len(res.Rows))
	for _, row := range res.Rows {
		v, ok := row[0].(string)
		if !ok || utf8.RuneCountInString(v) > MaxValueRunes {
			return nil // values that are not short text are not categories
		}
		vals = append(vals, v)
	}
	sort.Strings(vals)
	c.Samples, c.SamplesComplete = vals, true
	c.Distinct = int64(len(vals))
	return nil
}

// catalogQueries read an engine's catalog cheaply: names, types and keys
// only, no table is scanned.
var catalogQueries = map[string][]string{
	"sqlite": {`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name`},
	"postgres": {
		`SELECT table_schema, table_name, column_name, data_type, is_nullable FROM information_schema.columns
		 WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2, ordinal_position`,
		`SELECT table_schema, table_name, constraint_name, column_name FROM information_schema.key_column_usage
		 WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2, 3, ordinal_position`,
	},
	"mysql": {
		`SELECT table_name, column_name, column_type, is_nullable FROM information_schema.columns
		 WHERE table_schema = DATABASE() ORDER BY 1, ordinal_position`,
		`SELECT table_name, constraint_name, column_name, referenced_table_name FROM information_schema.key_column_usage
		 WHERE table_schema = DATABASE() ORDER BY 1, 2, ordinal_position`,
	},
	"sqlserver": {
		`SELECT table_schema, table_name, column_name, data_type, is_nullable FROM INFORMATION_SCHEMA.COLUMNS
		 ORDER BY 1, 2, ordinal_position`,
		`SELECT table_schema, table_name, constraint_name, column_name FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE
		 ORDER BY 1, 2, 3, ordinal_position`,
	},
	"duckdb": {
		`SELECT table_schema, table_name, column_name, data_type, is_nullable FROM information_schema.columns
		 ORDER BY 1, 2, ordinal_position`,
		`SELECT table_name, constraint_text FROM duckdb_constraints() ORDER BY 1, 2`,
	},
}

// catalogRows bounds a catalog read; a bigger catalog is not cheap to check.
const catalogRows = 200_000

// ErrNoCatalogToken is returned by [CatalogToken] for an engine without a
// cheap catalog check; callers fall back on a time-to-live.
var ErrNoCatalogToken = errors.New("no cheap catalog check for this engine")

// CatalogToken returns a hash of e's catalog (tables, columns, types, keys)
// that changes when the structure changes, read without scanning any table.
// The schema cache uses it to tell whether a cached schema is still true.
// It returns ErrNoCatalogToken (wrapped) for an unknown engine or a catalog
// larger than 200,000 rows, and the engine's error when the catalog cannot
// be read (a login without access to information_schema, say).
func CatalogToken(ctx context.Context, e Engine) (string, error) {
	qs, ok := catalogQueries[e.Name()]
	if !ok {
		return "", fmt.Errorf("catalog token for %s: %w", e.Name(), ErrNoCatalogToken)
	}
	h := sha256.New()
	for _, q := range qs {
		res, err := e.Query(ctx, q, nil, Limits{MaxRows: catalogRows, Timeout: DefaultProbeTimeout})
		if err != nil {
			return "", fmt.Errorf("catalog token for %s: %w", e.Name(), err)
		}
		if res.Truncated {
			return "", fmt.Errorf("catalog token for %s: more than %d catalog rows: %w", e.Name(), catalogRows, ErrNoCatalogToken)
		}
		for _, row := range res.Rows {
			for _, v := range row {
				s := fmt.Sprint(v)
				fmt.Fprintf(h, "%d:%s", len(s), s)
			}
			h.Write([]byte{'\n'})
		}
		h.Write([]byte{0})
	}
	return e.Name() + ":" + hex.EncodeToString(h.Sum(nil)), nil
}
