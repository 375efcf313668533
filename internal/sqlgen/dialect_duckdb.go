package sqlgen

import (
	"strings"

	"querent/internal/schema"
)

// duckdbDialect targets DuckDB 1.0 or later.
type duckdbDialect struct{}

var _ Dialect = duckdbDialect{}

func (duckdbDialect) Name() string                  { return "duckdb" }
func (duckdbDialect) QuoteIdent(name string) string { return quoteWith(name, '"', '"') }
func (duckdbDialect) Placeholder(n int) string      { return "$" + itoa(int64(n)) }

var duckdbParamTypes = map[string]string{
	"int": "BIGINT", "integer": "INTEGER", "float": "DOUBLE", "bool": "BOOLEAN",
	"string": "VARCHAR", "time": "TIMESTAMP",
}

// Param casts a parameter that nothing else types, as for PostgreSQL:
// DuckDB's binder also needs a type for SELECT ? and CONCAT(?).
func (duckdbDialect) Param(p string, v any, c ParamContext) string {
	return typedParam(p, v, c, duckdbParamTypes)
}

func (duckdbDialect) Caps() Caps {
	return Caps{RightJoin: true, FullJoin: true, NullsOrdering: true, IntersectExcept: true, Window: true, NumberedParams: true}
}

func (duckdbDialect) Limit(limit, offset *int64, _ bool) (string, string) {
	return "", limitOffset(limit, offset, "")
}

func (duckdbDialect) Temporal(x string) string { return cast(x, "TIMESTAMP") }

// Bucket joins label parts with || so a NULL date stays NULL (DuckDB's
// concat would skip it).
func (duckdbDialect) Bucket(period, x string) (string, error) {
	f := map[string]string{
		"year": "%Y", "month": "%Y-%m", "week": "%G-W%V", // %G-%V: ISO year and week
		"day": "%Y-%m-%d", "hour": "%Y-%m-%d %H",
	}
	if period == "quarter" {
		return "(strftime(" + x + ", '%Y-Q') || CAST(quarter(" + x + ") AS VARCHAR))", nil
	}
	if spec, ok := f[period]; ok {
		return "strftime(" + x + ", '" + spec + "')", nil
	}
	return "", errUnknown("date bucket", period)
}

func (duckdbDialect) Extract(part, x string) (string, error) {
	switch part {
	case "year", "quarter", "month", "day", "hour":
		return call(part, x), nil
	case "dow":
		return call("dayofweek", x), nil // 0 = Sunday
	}
	return "", errUnknown("date part", part)
}

func (duckdbDialect) Func(name string, args []string) (string, error) {
	if s, ok := funcCommon(name, args); ok {
		return s, nil
	}
	switch name {
	case "length", "trim", "round", "substr":
		return call(strings.ToUpper(name), args...), nil
	case "concat":
		return call("CONCAT", args...), nil
	case "cast_int":
		return cast(args[0], "BIGINT"), nil
	case "cast_real":
		return cast(args[0], "DOUBLE"), nil
	case "cast_text":
		return cast(args[0], "VARCHAR"), nil
	case "current_date":
		return "CURRENT_DATE", nil
	}
	return "", errUnknown("function", name)
}

func (duckdbDialect) Aggregate(name, arg string, distinct bool, _ schema.Kind) string {
	return aggregate(name, arg, distinct)
}

func (duckdbDialect) ILike(x, pattern string) string { return x + " ILIKE " + pattern }

func (duckdbDialect) Divide(l, r string) string {
	return "(" + cast(l, "DOUBLE") + " / NULLIF(" + r + ", 0))"
}
