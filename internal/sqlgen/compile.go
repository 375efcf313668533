package sqlgen

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"querent/internal/plan"
	"querent/internal/schema"
)

// ErrRawSQL is returned for a plan that carries raw_sql: raw SQL is not
// compiled but must pass the engine's guard (and tenant rewrite) instead.
var ErrRawSQL = errors.New("sqlgen: raw_sql is not compiled; it must go through the guard")

// Options adjust one compilation.
type Options struct {
	// Tenant, when set, scopes every reference to a table that has
	// Tenant.Column (in FROM, joins, subqueries and CTE bodies alike): the
	// table is replaced by (SELECT * FROM t WHERE t.col = ?) AS alias with
	// Tenant.Value bound, so no predicate of the plan can widen it.
	Tenant *Tenant
	// MaxRows, when positive, caps the rows of the outermost query: its limit
	// becomes the smaller of the plan's and MaxRows. An executor that wants
	// to report truncation passes its own cap plus one.
	MaxRows int64
}

// Tenant is the caller's tenant: Column (matched case-insensitively) and the
// Value every row read must have in it. The value comes from the
// authenticated caller, never from a request body or a plan.
type Tenant struct {
	Column string
	Value  any
}

// Query is compiled SQL ready to run with its arguments.
type Query struct {
	// SQL is one statement using the dialect's placeholders.
	SQL string
	// Args are bound in placeholder order ($n/@pn: by number).
	Args []any
	// Tables are the schema names ([schema.Table].Name) of every table the
	// statement reads, sorted, each once.
	Tables []string
}

// Compile turns p into SQL for dialect d, resolving every name against s.
// A plan that cannot be compiled returns a *[plan.DiagnosticsError] listing
// every problem found; a raw_sql plan returns [ErrRawSQL]. The same inputs
// always give byte-identical SQL.
func Compile(p *plan.Plan, s *schema.Schema, d Dialect, opt Options) (*Query, error) {
	switch {
	case p == nil:
		return nil, errors.New("sqlgen: nil plan")
	case s == nil:
		return nil, errors.New("sqlgen: nil schema")
	case d == nil:
		return nil, errors.New("sqlgen: nil dialect")
	case p.RawSQL != "":
		return nil, ErrRawSQL
	case opt.MaxRows < 0:
		return nil, fmt.Errorf("sqlgen: MaxRows %d is negative", opt.MaxRows)
	}
	if t := opt.Tenant; t != nil {
		if strings.TrimSpace(t.Column) == "" {
			return nil, errors.New("sqlgen: tenant column is empty")
		}
		if t.Value == nil {
			return nil, errors.New("sqlgen: tenant value is nil")
		}
		if err := checkValue(t.Value); err != nil {
			return nil, fmt.Errorf("sqlgen: tenant value: %w", err)
		}
	}
	c := &compiler{
		s:        s,
		d:        d,
		caps:     d.Caps(),
		opt:      opt,
		paramIdx: map[*plan.Expr]int{},
		tables:   map[string]bool{},
		tenantAt: -1,
	}
	body, _ := c.query(p, "", nil, nil, mode{maxRows: opt.MaxRows})
	if err := c.diags.Err(); err != nil {
		return nil, err
	}
	if len(c.ctes) > 0 {
		body = "WITH " + strings.Join(c.ctes, ", ") + " " + body
	}
	q := &Query{Tables: make([]string, 0, len(c.tables))}
	q.SQL, q.Args = c.bind(body)
	for t := range c.tables {
		q.Tables = append(q.Tables, t)
	}
	sort.Strings(q.Tables)
	return q, nil
}

// compiler is the state of one Compile call.
type compiler struct {
	s     *schema.Schema
	d     Dialect
	caps  Caps
	opt   Options
	diags plan.Diagnostics

	// values holds every bound value by parameter index. A literal node keeps
	// one index however often it is rendered (a ref expanded in ORDER BY, a
	// GROUP BY that repeats a select item), so on numbered dialects the
	// repeats share one placeholder and the engine sees equal expressions.
	values   []any
	paramIdx map[*plan.Expr]int
	tenantAt int // index of the tenant value, -1 until first used

	ctes      []string        // hoisted CTE definitions, in dependency order
	cteTaken  map[string]bool // lower-cased SQL names of hoisted CTEs
	tableIdxs map[string]bool // lower-cased table idents, which a CTE must not shadow
	tables    map[string]bool // schema names of the tables read
}

// Parameters are rendered as markers (NUL, index, NUL) and numbered only at
// the end by bind, in text order: fragments can then be built in any order
// and repeated freely. No identifier can contain NUL (q refuses it).
const marker = '\x00'

// param renders the literal e as a parameter.
func (c *compiler) param(e *plan.Expr, pc ParamContext) string {
	i, ok := c.paramIdx[e]
	if !ok {
		i = len(c.values)
		c.values = append(c.values, e.Value)
		c.paramIdx[e] = i
	}
	return c.d.Param(markerFor(i), e.Value, pc)
}

// tenantParam renders the tenant value's parameter.
func (c *compiler) tenantParam() string {
	if c.tenantAt < 0 {
		c.tenantAt = len(c.values)
		c.values = append(c.values, c.opt.Tenant.Value)
	}
	return c.d.Param(markerFor(c.tenantAt), c.opt.Tenant.Value, ParamInferred)
}

func markerFor(i int) string {
	return string(marker) + strconv.Itoa(i) + string(marker)
}

// bind replaces markers by placeholders and collects the arguments in
// placeholder order.
func (c *compiler) bind(sql string) (string, []any) {
	var b strings.Builder
	b.Grow(len(sql) + 16)
	var args []any
	number := map[int]int{} // value index → placeholder number, numbered dialects only
	for {
		i := strings.IndexByte(sql, marker)
		if i < 0 {
			b.WriteString(sql)
			break
		}
		b.WriteString(sql[:i])
		rest := sql[i+1:]
		j := strings.IndexByte(rest, marker)
		idx, _ := strconv.Atoi(rest[:j])
		sql = rest[j+1:]
		n, seen := number[idx]
		if !seen || !c.caps.NumberedParams {
			args = append(args, c.values[idx])
			n = len(args)
			number[idx] = n
		}
		b.WriteString(c.d.Placeholder(n))
	}
	return b.String(), args
}

// q quotes an identifier; a NUL byte, which no engine accepts and which
// would collide with parameter markers, is reported instead.
func (c *compiler) q(name string) string {
	if strings.IndexByte(name, marker) >= 0 {
		c.report("", CodeMalformed, nil, "identifier %q contains a NUL byte", name)
		return c.d.QuoteIdent(strings.ReplaceAll(name, "\x00", ""))
	}
	return c.d.QuoteIdent(name)
}

// checkName validates a name the plan chooses (alias, CTE name): any
// characters are fine since it is quoted, except NUL.
func (c *compiler) checkName(name, path string) {
	if strings.IndexByte(name, marker) >= 0 {
		c.report(path, CodeMalformed, nil, "name %q contains a NUL byte", name)
	}
}

// checkValue accepts the literal types a Plan produces (plan.Decode yields
// nil, bool, string, int64 and float64) and the other Go scalars a caller
// building a Plan in code might use.
func checkValue(v any) error {
	switch x := v.(type) {
	case nil, bool, string, int, int8, int16, int32, int64, uint8, uint16, uint32, time.Time:
		return nil
	case uint:
		if uint64(x) > math.MaxInt64 {
			return fmt.Errorf("%d is out of range", x)
		}
		return nil
	case uint64:
		if x > math.MaxInt64 {
			return fmt.Errorf("%d is out of range", x)
		}
		return nil
	case float32:
		return checkFloat(float64(x))
	case float64:
		return checkFloat(x)
	}
	return fmt.Errorf("a literal must be a string, number, boolean or null, not %T", v)
}

func checkFloat(f float64) error {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("%v is not a number SQL can hold", f)
	}
	return nil
}
