package sqlgen

import (
	"strings"

	"querent/internal/schema"
)

// sqliteDialect targets SQLite 3.39 or later. Dates are ISO-8601 text, which
// strftime and date() read directly, so nothing is cast to a date type.
type sqliteDialect struct{}

var _ Dialect = sqliteDialect{}

func (sqliteDialect) Name() string                  { return "sqlite" }
func (sqliteDialect) QuoteIdent(name string) string { return quoteWith(name, '"', '"') }
func (sqliteDialect) Placeholder(int) string        { return "?" }

// Param leaves every placeholder bare: SQLite's values carry their own type.
func (sqliteDialect) Param(p string, _ any, _ ParamContext) string { return p }

func (sqliteDialect) Caps() Caps {
	return Caps{RightJoin: true, FullJoin: true, NullsOrdering: true, IntersectExcept: true, Window: true, LooseCompare: true}
}

// Limit uses LIMIT -1 for "no limit" in front of a lone OFFSET, which SQLite
// requires.
func (sqliteDialect) Limit(limit, offset *int64, _ bool) (string, string) {
	return "", limitOffset(limit, offset, "-1")
}

func (sqliteDialect) Temporal(x string) string { return x }

func (sqliteDialect) Bucket(period, x string) (string, error) {
	switch period {
	case "year":
		return "strftime('%Y', " + x + ")", nil
	case "quarter":
		return "(strftime('%Y', " + x + ") || '-Q' || ((CAST(strftime('%m', " + x + ") AS INTEGER) + 2) / 3))", nil
	case "month":
		return "strftime('%Y-%m', " + x + ")", nil
	case "week":
		// The ISO year and week are those of the Thursday of x's Monday-based
		// week: date(x, '-3 days', 'weekday 4') moves to it, and its day of
		// the year gives the week. strftime('%G-W%V') would do the same but
		// needs SQLite 3.46; %Y-W%W is not ISO.
		thu := "date(" + x + ", '-3 days', 'weekday 4')"
		return "(strftime('%Y', " + thu + ") || '-W' || printf('%02d', (CAST(strftime('%j', " + thu + ") AS INTEGER) - 1) / 7 + 1))", nil
	case "day":
		return "strftime('%Y-%m-%d', " + x + ")", nil
	case "hour":
		return "strftime('%Y-%m-%d %H', " + x + ")", nil
	}
	return "", errUnknown("date bucket", period)
}

func (sqliteDialect) Extract(part, x string) (string, error) {
	f := map[string]string{"year": "%Y", "month": "%m", "day": "%d", "dow": "%w", "hour": "%H"}
	if part == "quarter" {
		return "((CAST(strftime('%m', " + x + ") AS INTEGER) + 2) / 3)", nil
	}
	if spec, ok := f[part]; ok {
		return "CAST(strftime('" + spec + "', " + x + ") AS INTEGER)", nil
	}
	return "", errUnknown("date part", part)
}

func (sqliteDialect) Func(name string, args []string) (string, error) {
	if s, ok := funcCommon(name, args); ok {
		return s, nil
	}
	switch name {
	case "length", "trim", "round", "substr":
		return call(strings.ToUpper(name), args...), nil
	case "concat":
		return concatPipes(args), nil
	case "cast_int":
		return cast(args[0], "INTEGER"), nil
	case "cast_real":
		return cast(args[0], "REAL"), nil
	case "cast_text":
		return cast(args[0], "TEXT"), nil
	case "current_date":
		return "CURRENT_DATE", nil // UTC, as 'YYYY-MM-DD' text
	}
	return "", errUnknown("function", name)
}

// concatPipes joins with || and treats NULL as empty, as the other engines'
// CONCAT does (SQLite's own concat() needs 3.44).
func concatPipes(args []string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = "COALESCE(" + a + ", '')"
	}
	return "(" + strings.Join(parts, " || ") + ")"
}

func (sqliteDialect) Aggregate(name, arg string, distinct bool, _ schema.Kind) string {
	return aggregate(name, arg, distinct)
}

// ILike lowers both sides although SQLite's LIKE already ignores ASCII case:
// LOWER keeps the SQL the same shape as MySQL's and SQL Server's.
func (sqliteDialect) ILike(x, pattern string) string {
	return "LOWER(" + x + ") LIKE LOWER(" + pattern + ")"
}

func (sqliteDialect) Divide(l, r string) string {
	return "(" + cast(l, "REAL") + " / NULLIF(" + r + ", 0))"
}
