package sqlgen

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"querent/internal/schema"
)

// Dialect spells SQL for one engine. The compiler decides what a Plan means;
// a Dialect decides how the engine writes it.
//
// Arguments named x, l, r, arg, args and pattern are SQL fragments the
// compiler has already rendered: safe to embed, fully parenthesised where
// precedence matters, and free to be repeated (the compiler numbers and binds
// parameters after rendering, so a repeated fragment stays correct even with
// positional ? placeholders).
type Dialect interface {
	// Name is the engine name [DialectFor] accepts.
	Name() string
	// QuoteIdent quotes one identifier part, doubling embedded quote
	// characters ("a""b", `a``b`, [a]]b]).
	QuoteIdent(name string) string
	// Placeholder is the text of the n-th (1-based) bound parameter.
	Placeholder(n int) string
	// Param decorates a parameter's placeholder p for a value like v where the
	// engine may not infer its type from context c, typically with a CAST.
	Param(p string, v any, c ParamContext) string
	// Caps reports what the engine can do.
	Caps() Caps
	// Limit renders row limiting. top goes right after SELECT [DISTINCT]
	// (SQL Server's TOP); tail goes after ORDER BY. ordered says whether the
	// query has an ORDER BY; a dialect whose OFFSET needs one supplies it at
	// the start of tail. Either pointer may be nil; both are non-negative.
	Limit(limit, offset *int64, ordered bool) (top, tail string)
	// Temporal converts x to the engine's timestamp type, for a date bucket
	// or extract over a value that is not already a date or timestamp.
	Temporal(x string) string
	// Bucket labels the date x with its period as text (see [plan.Expr]
	// Bucket). It returns an error for a period the engine cannot compute.
	Bucket(period, x string) (string, error)
	// Extract returns the numeric date part of x as an integer, dow counting
	// from 0 = Sunday. It returns an error for an unknown part.
	Extract(part, x string) (string, error)
	// Func spells a portable function of [plan.Funcs]; the compiler has
	// checked the argument count. It returns an error for an unknown name.
	Func(name string, args []string) (string, error)
	// Aggregate spells count, sum, avg, min or max over arg ("*" for
	// COUNT(*)); argKind is the kind of arg when known (KindOther if not).
	Aggregate(name, arg string, distinct bool, argKind schema.Kind) string
	// ILike matches x against pattern ignoring case.
	ILike(x, pattern string) string
	// Divide is real (not integer) division of l by r, NULL when r is zero.
	Divide(l, r string) string
}

// Caps are the capability flags the compiler consults.
type Caps struct {
	// RightJoin and FullJoin: the engine has RIGHT and FULL OUTER JOIN.
	RightJoin, FullJoin bool
	// NullsOrdering: ORDER BY accepts NULLS FIRST / NULLS LAST. Without it the
	// compiler puts a CASE WHEN x IS NULL key in front.
	NullsOrdering bool
	// IntersectExcept: INTERSECT and EXCEPT exist.
	IntersectExcept bool
	// Window: window functions exist.
	Window bool
	// NumberedParams: placeholders carry their number ($1, @p1), so a
	// parameter used twice is bound once; with positional ? each use binds
	// its own copy.
	NumberedParams bool
	// WindowOrderRequired: ranking, offset and value window functions need
	// ORDER BY in OVER; the compiler supplies ORDER BY (SELECT NULL).
	WindowOrderRequired bool
	// SubqueryOrderNeedsLimit: ORDER BY inside a subquery or CTE is legal only
	// with TOP or OFFSET; the compiler adds OFFSET 0 ROWS.
	SubqueryOrderNeedsLimit bool
	// GroupByPosition: GROUP BY 2 names the second select column. The
	// compiler uses it for a GROUP BY key that repeats a select item holding
	// a parameter on an engine with positional placeholders that checks
	// grouping (MySQL's ONLY_FULL_GROUP_BY does not consider two ? equal).
	GroupByPosition bool
	// LooseCompare: a text value and a number compare without a cast
	// (SQLite's type affinity, MySQL's implicit conversion). Elsewhere a
	// join pairing a text column with a numeric one, which the audit admits
	// only along a key whose values the data showed equal as text, casts
	// the number to text.
	LooseCompare bool
}

// ParamContext says what the surroundings of a bound parameter tell the
// engine about its type.
type ParamContext int

const (
	// ParamInferred: a sibling operand (usually a column) gives the type, as
	// in col = ?; the placeholder must stay bare so a text value can be
	// compared with a date or numeric column.
	ParamInferred ParamContext = iota
	// ParamUntyped: nothing around the parameter fixes its type (a select
	// item, CASE branches of literals, CONCAT arguments).
	ParamUntyped
	// ParamInteger: the position needs an integer (round digits, substr
	// start and length, ntile, lag/lead offsets).
	ParamInteger
)

// DialectFor returns the dialect for an engine name as reported by
// database.Engine.Name, matched case-insensitively.
func DialectFor(name string) (Dialect, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "sqlite":
		return sqliteDialect{}, nil
	case "postgres":
		return postgresDialect{}, nil
	case "mysql":
		return mysqlDialect{}, nil
	case "sqlserver":
		return sqlserverDialect{}, nil
	case "duckdb":
		return duckdbDialect{}, nil
	}
	return nil, fmt.Errorf("sqlgen: unknown dialect %q: use one of %s", name, strings.Join(DialectNames(), ", "))
}

// DialectNames lists the names DialectFor accepts, sorted.
func DialectNames() []string {
	return []string{"duckdb", "mysql", "postgres", "sqlite", "sqlserver"}
}

// quoteWith wraps name in open/close, doubling every close character inside.
func quoteWith(name string, open, close byte) string {
	var b strings.Builder
	b.Grow(len(name) + 2)
	b.WriteByte(open)
	for i := 0; i < len(name); i++ {
		if name[i] == close {
			b.WriteByte(close)
		}
		b.WriteByte(name[i])
	}
	b.WriteByte(close)
	return b.String()
}

// limitOffset is the LIMIT n [OFFSET m] form; noLimit is what the engine
// needs in front of an OFFSET without a LIMIT ("" when OFFSET may stand alone).
func limitOffset(limit, offset *int64, noLimit string) string {
	switch {
	case limit != nil && offset != nil:
		return "LIMIT " + itoa(*limit) + " OFFSET " + itoa(*offset)
	case limit != nil:
		return "LIMIT " + itoa(*limit)
	case offset != nil && noLimit != "":
		return "LIMIT " + noLimit + " OFFSET " + itoa(*offset)
	case offset != nil:
		return "OFFSET " + itoa(*offset)
	}
	return ""
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// aggregate is the standard spelling NAME([DISTINCT ]arg).
func aggregate(name, arg string, distinct bool) string {
	if distinct {
		arg = "DISTINCT " + arg
	}
	return strings.ToUpper(name) + "(" + arg + ")"
}

func call(name string, args ...string) string {
	return name + "(" + strings.Join(args, ", ") + ")"
}

func cast(x, typ string) string { return "CAST(" + x + " AS " + typ + ")" }

// typedParam casts p to the SQL type named for v's Go type, for engines that
// cannot always infer a parameter's type; types maps "int", "integer",
// "float", "bool", "string" and "time" to the engine's type names.
func typedParam(p string, v any, c ParamContext, types map[string]string) string {
	if c == ParamInferred || v == nil {
		return p
	}
	if c == ParamInteger {
		return cast(p, types["integer"])
	}
	if k := goKind(v); k != "" {
		return cast(p, types[k])
	}
	return p
}

// goKind classifies a literal's Go type; "" for nil and anything unknown.
func goKind(v any) string {
	switch v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "int"
	case float32, float64:
		return "float"
	case bool:
		return "bool"
	case string:
		return "string"
	case time.Time:
		return "time"
	}
	return ""
}

// errUnknown is the error a dialect returns for a name it does not know.
func errUnknown(what, name string) error {
	return fmt.Errorf("no %s %q", what, name)
}

// funcCommon spells the functions whose SQL is the same on every engine, and
// reports false for the rest.
func funcCommon(name string, args []string) (string, bool) {
	switch name {
	case "lower", "upper", "abs", "nullif":
		return call(strings.ToUpper(name), args...), true
	case "coalesce":
		if len(args) == 1 {
			return args[0], true // SQLite and SQL Server require two arguments
		}
		return call("COALESCE", args...), true
	}
	return "", false
}
