// Package sqlgen compiles a [plan.Plan] into one SQL statement and its bound
// parameters for SQLite, PostgreSQL, MySQL/MariaDB, SQL Server and DuckDB.
//
// The compiler is where the product's safety promise is kept, so it is strict:
//
//   - Every table and column is resolved against the introspected
//     [schema.Schema] (or against the output columns of a CTE or subquery)
//     before anything is written, and the SQL names the engine's real,
//     quoted identifiers. A name that does not resolve is a diagnostic, never
//     SQL: Compile returns a *[plan.DiagnosticsError] listing every problem
//     with its path in the plan and "did you mean" suggestions.
//   - Every literal becomes a bound parameter. Only LIMIT and OFFSET counts,
//     which the Plan types as integers, are written as numbers. A literal
//     keeps one parameter however often it is rendered (a ref expanded in
//     ORDER BY, a GROUP BY repeating a select item): on the numbered
//     dialects (PostgreSQL $n, SQL Server @pn, DuckDB $n) it is bound once;
//     with SQLite's and MySQL's positional ? it is bound at each use.
//   - On PostgreSQL and DuckDB a literal whose type nothing around it fixes
//     (a select item, CONCAT arguments, CASE branches of literals) is cast
//     by its Go type (text, bigint, numeric, boolean), since the server
//     cannot type SELECT $1; next to a column it stays bare so '2024-01-01'
//     still compares with a date column.
//   - A construct an engine cannot run is an "unsupported" diagnostic for that
//     dialect (MySQL has no FULL JOIN), never best-effort SQL.
//
// Choices callers and readers should know, made so that the same Plan gives
// the same answer on every engine:
//
//   - Common table expressions of nested plans are hoisted into the one WITH
//     clause at the top of the statement (SQL Server allows WITH nowhere
//     else), renamed when two share a name or a CTE would shadow a table.
//     CTE bodies therefore cannot reference columns of an enclosing query.
//   - A source's SQL qualifier is its alias, or the table's or CTE's name,
//     suffixed (_2, _3) when an enclosing query already uses that qualifier,
//     so a correlated reference can never bind to the wrong table.
//   - "/" is real division everywhere (the left operand is cast to a floating
//     type) and division by zero yields NULL (the divisor goes through
//     NULLIF(…, 0)) instead of failing on some engines.
//   - concat skips NULL arguments on every engine (SQL Server's and
//     PostgreSQL's CONCAT semantics); coalesce with one argument is the
//     argument itself.
//   - like compiles to LIKE, whose case sensitivity is the engine's: SQLite
//     ignores ASCII case, PostgreSQL and DuckDB are case-sensitive, MySQL and
//     SQL Server follow the column collation (case-insensitive by default).
//     SQL Server also reads [ ] in a pattern as a character class.
//     ilike is case-insensitive everywhere: ILIKE on PostgreSQL and DuckDB,
//     LOWER(x) LIKE LOWER(pattern) elsewhere.
//   - Date buckets are text labels identical on every engine ("2024",
//     "2024-Q1", "2024-03", ISO week "2024-W09", "2024-03-01",
//     "2024-03-01 14"); extracted parts are integers with dow 0 = Sunday.
//     Server engines cast a value that is not already a date or timestamp
//     column, so dates stored as ISO text work too. SQLite reads ISO text.
//   - avg never truncates (SQL Server averages integers as float) and sum of
//     integers does not overflow 32 bits on SQL Server.
//   - last_value looks at the whole partition (an explicit full frame), not
//     at the default frame that ends at the current row.
//   - A set operation or a SELECT DISTINCT whose NULLS ordering must be
//     emulated is wrapped as SELECT * FROM (…) AS "_q" before ORDER BY and
//     LIMIT apply, and its ORDER BY may only name output columns. A set
//     operation member that has its own ORDER BY, LIMIT or set operation is
//     wrapped the same way, so members never need parentheses (SQLite allows
//     none).
//   - Inside a derived table or CTE, an expression column without an alias is
//     named col_N (its 1-based position), since SQL Server and MySQL require
//     every derived column to have a unique name.
//   - A GROUP BY key equal to a select item is written as that item's
//     expression (same parameters), or on MySQL, when the item holds a
//     parameter, as its position: ONLY_FULL_GROUP_BY never considers two ?
//     placeholders equal.
//   - A bare column name that no source in scope has but a select item is
//     aliased is read as a ref to that alias; planners often write
//     {"col": "revenue"} for {"ref": "revenue"}.
//   - current_date is the engine's: UTC on SQLite, the session's time zone
//     elsewhere.
//
// The SQLite baseline is 3.39 (RIGHT and FULL JOIN); ISO weeks and concat are
// written without the newer strftime('%V') and concat() so older libraries
// give the same labels.
package sqlgen
