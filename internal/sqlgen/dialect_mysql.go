package sqlgen

import (
	"strings"

	"querent/internal/schema"
)

// mysqlDialect targets MySQL 8.0.31 or later and MariaDB 10.6 or later (both
// have window functions, CTEs, INTERSECT and EXCEPT). Neither has FULL JOIN
// or NULLS FIRST/LAST.
type mysqlDialect struct{}

var _ Dialect = mysqlDialect{}

func (mysqlDialect) Name() string                  { return "mysql" }
func (mysqlDialect) QuoteIdent(name string) string { return quoteWith(name, '`', '`') }
func (mysqlDialect) Placeholder(int) string        { return "?" }

// Param leaves placeholders bare: MySQL types parameters from the values sent.
func (mysqlDialect) Param(p string, _ any, _ ParamContext) string { return p }

func (mysqlDialect) Caps() Caps {
	return Caps{RightJoin: true, IntersectExcept: true, Window: true, GroupByPosition: true, LooseCompare: true}
}

// Limit uses the largest BIGINT UNSIGNED for "no limit" in front of a lone
// OFFSET, the form the MySQL manual gives.
func (mysqlDialect) Limit(limit, offset *int64, _ bool) (string, string) {
	return "", limitOffset(limit, offset, "18446744073709551615")
}

func (mysqlDialect) Temporal(x string) string { return cast(x, "DATETIME") }

func (mysqlDialect) Bucket(period, x string) (string, error) {
	f := map[string]string{
		"year": "%Y", "month": "%Y-%m", "week": "%x-W%v", // %x-%v: ISO year and week
		"day": "%Y-%m-%d", "hour": "%Y-%m-%d %H",
	}
	if period == "quarter" {
		return "CONCAT(DATE_FORMAT(" + x + ", '%Y'), '-Q', QUARTER(" + x + "))", nil
	}
	if spec, ok := f[period]; ok {
		return "DATE_FORMAT(" + x + ", '" + spec + "')", nil
	}
	return "", errUnknown("date bucket", period)
}

func (mysqlDialect) Extract(part, x string) (string, error) {
	switch part {
	case "year", "quarter", "month", "day", "hour":
		return call(strings.ToUpper(part), x), nil
	case "dow":
		return "(DAYOFWEEK(" + x + ") - 1)", nil // DAYOFWEEK counts 1 = Sunday
	}
	return "", errUnknown("date part", part)
}

func (mysqlDialect) Func(name string, args []string) (string, error) {
	if s, ok := funcCommon(name, args); ok {
		return s, nil
	}
	switch name {
	case "length":
		return call("CHAR_LENGTH", args...), nil // LENGTH counts bytes
	case "trim", "round":
		return call(strings.ToUpper(name), args...), nil
	case "substr":
		return call("SUBSTRING", args...), nil
	case "concat":
		// MySQL's CONCAT is NULL when any argument is; CONCAT_WS skips NULLs.
		return call("CONCAT_WS", append([]string{"''"}, args...)...), nil
	case "cast_int":
		return cast(args[0], "SIGNED"), nil
	case "cast_real":
		return cast(args[0], "DOUBLE"), nil
	case "cast_text":
		return cast(args[0], "CHAR"), nil
	case "current_date":
		return "CURRENT_DATE", nil
	}
	return "", errUnknown("function", name)
}

// Aggregate averages non-float columns as DOUBLE: MySQL's AVG of integers
// (or decimals) is a DECIMAL rounded to div_precision_increment (4) digits,
// which the conformance suite caught differing from every other engine.
func (mysqlDialect) Aggregate(name, arg string, distinct bool, k schema.Kind) string {
	if name == "avg" && k != schema.KindReal {
		arg = cast(arg, "DOUBLE")
	}
	return aggregate(name, arg, distinct)
}

func (mysqlDialect) ILike(x, pattern string) string {
	return "LOWER(" + x + ") LIKE LOWER(" + pattern + ")"
}

// Divide casts to DOUBLE: MySQL's integer / integer is a DECIMAL rounded to
// div_precision_increment (4) digits.
func (mysqlDialect) Divide(l, r string) string {
	return "(" + cast(l, "DOUBLE") + " / NULLIF(" + r + ", 0))"
}
