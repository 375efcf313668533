package sqlgen

import (
	"strings"

	"querent/internal/schema"
)

// postgresDialect targets PostgreSQL 12 or later.
type postgresDialect struct{}

var _ Dialect = postgresDialect{}

func (postgresDialect) Name() string                  { return "postgres" }
func (postgresDialect) QuoteIdent(name string) string { return quoteWith(name, '"', '"') }
func (postgresDialect) Placeholder(n int) string      { return "$" + itoa(int64(n)) }

var postgresParamTypes = map[string]string{
	"int": "bigint", "integer": "integer", "float": "numeric", "bool": "boolean",
	"string": "text", "time": "timestamptz",
}

// Param casts a parameter that nothing else types: PostgreSQL fails with
// "could not determine data type of parameter" on SELECT $1 and CONCAT($1),
// and a driver cannot send an integer where the server guessed text.
func (postgresDialect) Param(p string, v any, c ParamContext) string {
	return typedParam(p, v, c, postgresParamTypes)
}

func (postgresDialect) Caps() Caps {
	return Caps{RightJoin: true, FullJoin: true, NullsOrdering: true, IntersectExcept: true, Window: true, NumberedParams: true}
}

func (postgresDialect) Limit(limit, offset *int64, _ bool) (string, string) {
	return "", limitOffset(limit, offset, "")
}

// Temporal casts to timestamp, which accepts date and timestamp values as
// well as ISO text.
func (postgresDialect) Temporal(x string) string { return cast(x, "timestamp") }

func (postgresDialect) Bucket(period, x string) (string, error) {
	f := map[string]string{
		"year": "YYYY", "quarter": `YYYY-"Q"Q`, "month": "YYYY-MM", "week": `IYYY-"W"IW`,
		"day": "YYYY-MM-DD", "hour": "YYYY-MM-DD HH24",
	}
	if spec, ok := f[period]; ok {
		return "to_char(" + x + ", '" + spec + "')", nil
	}
	return "", errUnknown("date bucket", period)
}

func (postgresDialect) Extract(part, x string) (string, error) {
	switch part {
	case "year", "quarter", "month", "day", "dow", "hour":
		// EXTRACT returns numeric (double before 14); the Plan promises integers.
		return cast("EXTRACT("+strings.ToUpper(part)+" FROM "+x+")", "integer"), nil
	}
	return "", errUnknown("date part", part)
}

func (postgresDialect) Func(name string, args []string) (string, error) {
	if s, ok := funcCommon(name, args); ok {
		return s, nil
	}
	switch name {
	case "length", "trim", "substr":
		return call(strings.ToUpper(name), args...), nil
	case "round":
		if len(args) == 2 {
			// round(x, n) exists only for numeric, not double precision.
			return call("ROUND", cast(args[0], "numeric"), args[1]), nil
		}
		return call("ROUND", args...), nil
	case "concat":
		return call("CONCAT", args...), nil
	case "cast_int":
		return cast(args[0], "bigint"), nil
	case "cast_real":
		return cast(args[0], "double precision"), nil
	case "cast_text":
		return cast(args[0], "text"), nil
	case "current_date":
		return "CURRENT_DATE", nil
	}
	return "", errUnknown("function", name)
}

func (postgresDialect) Aggregate(name, arg string, distinct bool, _ schema.Kind) string {
	return aggregate(name, arg, distinct)
}

func (postgresDialect) ILike(x, pattern string) string { return x + " ILIKE " + pattern }

func (postgresDialect) Divide(l, r string) string {
	return "(" + cast(l, "double precision") + " / NULLIF(" + r + ", 0))"
}
