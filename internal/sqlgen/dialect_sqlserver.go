package sqlgen

import "querent/internal/schema"

// sqlserverDialect targets SQL Server 2012 or later (OFFSET/FETCH,
// ISO_WEEK, CONCAT). Weekday arithmetic goes through @@DATEFIRST so results
// do not depend on the session's SET DATEFIRST.
type sqlserverDialect struct{}

var _ Dialect = sqlserverDialect{}

func (sqlserverDialect) Name() string                  { return "sqlserver" }
func (sqlserverDialect) QuoteIdent(name string) string { return quoteWith(name, '[', ']') }
func (sqlserverDialect) Placeholder(n int) string      { return "@p" + itoa(int64(n)) }

// Param leaves placeholders bare: the driver declares each parameter's type.
func (sqlserverDialect) Param(p string, _ any, _ ParamContext) string { return p }

func (sqlserverDialect) Caps() Caps {
	return Caps{
		RightJoin: true, FullJoin: true, IntersectExcept: true, Window: true, NumberedParams: true,
		WindowOrderRequired: true, SubqueryOrderNeedsLimit: true,
	}
}

// Limit uses TOP when there is no offset, else OFFSET … ROWS FETCH NEXT …
// ROWS ONLY, which needs an ORDER BY: (SELECT NULL) when the plan has none.
// FETCH NEXT 0 is an error, and TOP 0 is empty whatever the offset.
func (sqlserverDialect) Limit(limit, offset *int64, ordered bool) (string, string) {
	if limit != nil && (offset == nil || *limit == 0) {
		return "TOP " + itoa(*limit), ""
	}
	if offset == nil {
		return "", ""
	}
	tail := "OFFSET " + itoa(*offset) + " ROWS"
	if limit != nil {
		tail += " FETCH NEXT " + itoa(*limit) + " ROWS ONLY"
	}
	if !ordered {
		tail = "ORDER BY (SELECT NULL) " + tail
	}
	return "", tail
}

func (sqlserverDialect) Temporal(x string) string { return cast(x, "datetime2") }

// Bucket builds labels with + rather than CONCAT so a NULL date gives NULL,
// as on the other engines. CONVERT style 126 is ISO 8601 (yyyy-mm-ddThh…),
// style 120 is yyyy-mm-dd hh:mi:ss; truncating the char type keeps the prefix.
func (sqlserverDialect) Bucket(period, x string) (string, error) {
	switch period {
	case "year":
		return "CONVERT(char(4), " + x + ", 126)", nil
	case "quarter":
		return "(CONVERT(char(4), " + x + ", 126) + '-Q' + CAST(DATEPART(quarter, " + x + ") AS char(1)))", nil
	case "month":
		return "CONVERT(char(7), " + x + ", 126)", nil
	case "week":
		// The ISO year is the year of the Thursday of x's Monday-based week;
		// (DATEPART(weekday, x) + @@DATEFIRST - 2) % 7 is 0 on Monday.
		thu := "DATEADD(day, 3 - (DATEPART(weekday, " + x + ") + @@DATEFIRST - 2) % 7, " + x + ")"
		return "(CAST(YEAR(" + thu + ") AS char(4)) + '-W' + RIGHT('0' + CAST(DATEPART(iso_week, " + x + ") AS varchar(2)), 2))", nil
	case "day":
		return "CONVERT(char(10), " + x + ", 126)", nil
	case "hour":
		return "CONVERT(char(13), " + x + ", 120)", nil
	}
	return "", errUnknown("date bucket", period)
}

func (sqlserverDialect) Extract(part, x string) (string, error) {
	switch part {
	case "year", "quarter", "month", "day", "hour":
		return "DATEPART(" + part + ", " + x + ")", nil
	case "dow":
		return "((DATEPART(weekday, " + x + ") + @@DATEFIRST - 1) % 7)", nil
	}
	return "", errUnknown("date part", part)
}

func (sqlserverDialect) Func(name string, args []string) (string, error) {
	if s, ok := funcCommon(name, args); ok {
		return s, nil
	}
	switch name {
	case "length":
		return call("LEN", args...), nil // ignores trailing spaces
	case "trim":
		return "LTRIM(RTRIM(" + args[0] + "))", nil // TRIM needs SQL Server 2017
	case "round":
		if len(args) == 1 {
			return call("ROUND", args[0], "0"), nil // ROUND needs the length
		}
		return call("ROUND", args...), nil
	case "substr":
		if len(args) == 2 {
			return call("SUBSTRING", args[0], args[1], "2147483647"), nil // SUBSTRING needs the length
		}
		return call("SUBSTRING", args...), nil
	case "concat":
		if len(args) == 1 {
			return call("CONCAT", args[0], "''"), nil // CONCAT needs two arguments
		}
		return call("CONCAT", args...), nil
	case "cast_int":
		return cast(args[0], "bigint"), nil
	case "cast_real":
		return cast(args[0], "float"), nil
	case "cast_text":
		return cast(args[0], "nvarchar(max)"), nil
	case "current_date":
		return "CAST(GETDATE() AS date)", nil
	}
	return "", errUnknown("function", name)
}

// Aggregate averages as float, since AVG of an integer column truncates, and
// sums integers as bigint, since SUM of int overflows at 2^31.
func (sqlserverDialect) Aggregate(name, arg string, distinct bool, k schema.Kind) string {
	switch {
	case name == "avg" && k != schema.KindReal:
		arg = cast(arg, "float")
	case name == "sum" && (k == schema.KindInteger || k == schema.KindBool):
		arg = cast(arg, "bigint")
	}
	return aggregate(name, arg, distinct)
}

func (sqlserverDialect) ILike(x, pattern string) string {
	return "LOWER(" + x + ") LIKE LOWER(" + pattern + ")"
}

func (sqlserverDialect) Divide(l, r string) string {
	return "(" + cast(l, "float") + " / NULLIF(" + r + ", 0))"
}
