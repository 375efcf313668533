package sqlserver

// This file holds the word lists the guard applies. They are allow-lists
// where that is possible (functions, hints, system variables) and a
// deny-list only for keywords, whose danger is that they start a second
// statement or change something.

// deniedWords are unquoted words refused anywhere in a query, mapped to what
// they would do. Most start a statement: T-SQL needs no ';' between
// statements, so "SELECT 1 DROP TABLE t" is two of them, and refusing the
// word wherever it appears is what makes that safe without a full parser.
// The rest lock rows, reach outside the database or change state. A column
// with one of these names must be written in brackets ([open]), which the
// compiler always does.
var deniedWords = map[string]string{
	// Data and schema changes (internal/guard refuses most of them too).
	"INSERT": "inserts rows", "UPDATE": "changes rows", "DELETE": "deletes rows", "MERGE": "changes rows",
	"TRUNCATE": "deletes rows", "BULK": "loads data (BULK INSERT, OPENROWSET(BULK …))",
	"DROP": "drops objects", "CREATE": "creates objects", "ALTER": "changes objects or settings",
	"INTO": "writes rows (SELECT … INTO creates a table)", "WRITETEXT": "writes text data",
	"UPDATETEXT": "writes text data", "READTEXT": "reads text data by pointer, as its own statement",
	"RENAME": "renames objects", "ADD": "adds signatures or members",
	// Procedures and dynamic SQL.
	"EXEC": "runs a procedure or dynamic SQL", "EXECUTE": "runs a procedure or dynamic SQL",
	"SP_EXECUTESQL": "runs dynamic SQL", "PROC": "names a procedure", "PROCEDURE": "names a procedure",
	"TRIGGER": "names a trigger",
	// Session, batch and control flow.
	"DECLARE": "declares variables or cursors", "SET": "changes settings or variables",
	"USE": "switches database", "GO": "separates batches in client tools",
	"IF": "branches (control flow)", "ELSEIF": "branches (control flow)", "WHILE": "loops (control flow)",
	"BREAK": "leaves a loop", "CONTINUE": "restarts a loop", "GOTO": "jumps to a label",
	"RETURN": "leaves a batch or procedure", "WAITFOR": "waits (WAITFOR DELAY) or receives messages",
	"PRINT": "sends a message", "RAISERROR": "raises an error", "THROW": "raises an error",
	"EXIT": "ends a batch",
	// Transactions.
	"BEGIN": "starts a transaction or a block", "COMMIT": "commits a transaction",
	"ROLLBACK": "rolls back a transaction", "SAVE": "sets a savepoint",
	"TRAN": "controls a transaction", "TRANSACTION": "controls a transaction",
	// Cursors.
	"OPEN": "opens a cursor or a key", "CLOSE": "closes a cursor or a key",
	"DEALLOCATE": "frees a cursor", "CURSOR": "declares a cursor",
	// Security and identity.
	"GRANT": "changes permissions", "REVOKE": "changes permissions", "DENY": "changes permissions",
	"REVERT": "switches the security context", "SETUSER": "impersonates a user",
	// Server administration.
	"BACKUP": "writes a backup", "RESTORE": "restores a backup", "DUMP": "writes a backup",
	"LOAD": "restores a backup", "DBCC": "runs a database console command",
	"KILL": "ends sessions", "SHUTDOWN": "stops the server", "RECONFIGURE": "changes server settings",
	"CHECKPOINT": "writes dirty pages", "ENABLE": "enables triggers", "DISABLE": "disables triggers",
	"LINENO": "changes line numbering", "EXPLAIN": "is not a T-SQL query",
	// Service Broker: receiving a message removes it from its queue.
	"RECEIVE": "removes messages from a queue", "SEND": "sends a message",
	"GET": "locks a conversation group", "MOVE": "moves a conversation",
	"CONVERSATION": "controls a conversation",
	// Reaching outside the database.
	"OPENROWSET":     "reads files or other servers",
	"OPENDATASOURCE": "connects to another server",
	"OPENQUERY":      "runs a query on a linked server",
	"OPENXML":        "reads a document prepared by a stored procedure",
	"XMLNAMESPACES":  "declares XML namespaces (not supported)",
	// Locking hints and isolation levels that take or hold locks others
	// wait on.
	"HOLDLOCK": "holds locks to the end of the transaction", "UPDLOCK": "takes update locks",
	"XLOCK": "takes exclusive locks", "TABLOCK": "locks the whole table", "TABLOCKX": "locks the whole table exclusively",
	"PAGLOCK": "takes page locks", "ROWLOCK": "takes row locks", "SERIALIZABLE": "holds range locks",
	"REPEATABLEREAD": "holds read locks", "READPAST": "skips locked rows", "BROWSE": "is browse mode (FOR BROWSE)",
}

// allowedFunctions are the built-in functions a query may call: aggregates,
// window functions, and math, string, date, conversion, logical and JSON
// functions that compute values without touching anything outside the
// query. An unqualified scalar call in T-SQL can only name a built-in
// (user-defined functions must be schema-qualified, which is refused), so
// the list decides which built-ins: metadata and security functions
// (OBJECT_ID, USER_NAME, SESSION_CONTEXT, …) are left out because an answer
// about the data never needs them. The type names at the end appear with
// arguments in CAST and CONVERT (varchar(10)) and OPENJSON schemas.
var allowedFunctions = setOf(
	// aggregate
	"AVG", "CHECKSUM_AGG", "COUNT", "COUNT_BIG", "GROUPING", "GROUPING_ID", "MAX", "MIN", "STDEV", "STDEVP",
	"STRING_AGG", "SUM", "VAR", "VARP", "APPROX_COUNT_DISTINCT", "APPROX_PERCENTILE_CONT", "APPROX_PERCENTILE_DISC",
	// window
	"ROW_NUMBER", "RANK", "DENSE_RANK", "NTILE", "LAG", "LEAD", "FIRST_VALUE", "LAST_VALUE", "CUME_DIST",
	"PERCENT_RANK", "PERCENTILE_CONT", "PERCENTILE_DISC",
	// math
	"ABS", "ACOS", "ASIN", "ATAN", "ATN2", "CEILING", "COS", "COT", "DEGREES", "EXP", "FLOOR", "LOG", "LOG10",
	"PI", "POWER", "RADIANS", "RAND", "ROUND", "SIGN", "SIN", "SQRT", "SQUARE", "TAN", "GREATEST", "LEAST",
	// string
	"ASCII", "CHAR", "CHARINDEX", "CONCAT", "CONCAT_WS", "DATALENGTH", "DIFFERENCE", "FORMAT", "LEFT", "LEN",
	"LOWER", "LTRIM", "NCHAR", "PATINDEX", "QUOTENAME", "REPLACE", "REPLICATE", "REVERSE", "RIGHT", "RTRIM",
	"SOUNDEX", "SPACE", "STR", "STRING_ESCAPE", "STUFF", "SUBSTRING", "TRANSLATE", "TRIM", "UNICODE", "UPPER",
	// date and time
	"DATEADD", "DATEDIFF", "DATEDIFF_BIG", "DATEFROMPARTS", "DATENAME", "DATEPART", "DATETIME2FROMPARTS",
	"DATETIMEFROMPARTS", "DATETIMEOFFSETFROMPARTS", "DATE_BUCKET", "DATETRUNC", "DAY", "EOMONTH", "GETDATE",
	"GETUTCDATE", "ISDATE", "MONTH", "SMALLDATETIMEFROMPARTS", "SWITCHOFFSET", "SYSDATETIME",
	"SYSDATETIMEOFFSET", "SYSUTCDATETIME", "TIMEFROMPARTS", "TODATETIMEOFFSET", "YEAR",
	// conversion
	"CAST", "CONVERT", "PARSE", "TRY_CAST", "TRY_CONVERT", "TRY_PARSE",
	// logical and nulls
	"CHOOSE", "COALESCE", "IIF", "ISNULL", "NULLIF", "ISNUMERIC",
	// JSON (JSON_MODIFY returns a modified copy of a value; nothing stored changes)
	"ISJSON", "JSON_VALUE", "JSON_QUERY", "JSON_MODIFY", "JSON_OBJECT", "JSON_ARRAY", "JSON_PATH_EXISTS",
	"JSON_OBJECTAGG", "JSON_ARRAYAGG",
	// hashing, identifiers, full-text predicates
	"NEWID", "CHECKSUM", "BINARY_CHECKSUM", "HASHBYTES", "COMPRESS", "DECOMPRESS", "CONTAINS", "FREETEXT",
	// type names with arguments
	"BINARY", "VARBINARY", "VARCHAR", "NVARCHAR", "DECIMAL", "NUMERIC", "FLOAT", "DATETIME2",
	"DATETIMEOFFSET", "TIME",
)

// tableFunctions are the table-valued functions a FROM clause may call. An
// unqualified call there could also reach a user-defined table-valued
// function in the default schema, so this list is all that is allowed.
var tableFunctions = setOf("OPENJSON", "STRING_SPLIT", "GENERATE_SERIES")

// formatCalls are the parenthesised options of FOR XML and FOR JSON:
// PATH('row'), ROOT('rows'), RAW('r'), XMLSCHEMA('urn:x').
var formatCalls = setOf("PATH", "ROOT", "RAW", "XMLSCHEMA")

// notCalls are keywords that may be followed by '(' without being a
// function call.
var notCalls = setOf(
	"IN", "EXISTS", "OVER", "AS", "VALUES", "WITH", "OPTION", "FROM", "JOIN", "APPLY", "ON", "WHERE", "AND",
	"OR", "NOT", "SELECT", "BY", "HAVING", "WHEN", "THEN", "ELSE", "CASE", "BETWEEN", "LIKE", "ANY", "SOME",
	"ALL", "UNION", "INTERSECT", "EXCEPT", "DISTINCT", "TOP", "SETS", "ROLLUP", "CUBE", "GROUP", "PIVOT",
	"UNPIVOT", "TABLESAMPLE", "OFFSET", "NEXT", "FIRST", "IS", "ESCAPE", "END",
)

// tableHints are the table hints a query may give in WITH (…): ones that
// read with fewer locks or steer the plan. Hints that take or hold locks
// (UPDLOCK, HOLDLOCK, TABLOCK, …) are refused.
var tableHints = setOf("NOLOCK", "READUNCOMMITTED", "READCOMMITTED", "NOWAIT", "NOEXPAND", "FORCESCAN", "FORCESEEK")

// queryHintWords are the words OPTION (…) may hold: MAXDOP n, MAXRECURSION
// n, RECOMPILE, FAST n, FORCE ORDER, {HASH|ORDER} GROUP, {CONCAT|HASH}
// UNION, {LOOP|HASH} JOIN, OPTIMIZE FOR UNKNOWN, KEEP PLAN, KEEPFIXED PLAN,
// EXPAND VIEWS, ROBUST PLAN, NO_PERFORMANCE_SPOOL. Hints that change
// permissions-sensitive behaviour (QUERYTRACEON, USE HINT, TABLE HINT) or
// name plans (USE PLAN) are not among them.
var queryHintWords = setOf("MAXDOP", "MAXRECURSION", "RECOMPILE", "FAST", "FORCE", "ORDER", "HASH", "GROUP",
	"CONCAT", "UNION", "LOOP", "JOIN", "OPTIMIZE", "FOR", "UNKNOWN", "KEEP", "KEEPFIXED", "PLAN", "EXPAND",
	"VIEWS", "ROBUST", "NO_PERFORMANCE_SPOOL")

// systemVariables are the @@ functions a query may read: the ones compiled
// date arithmetic needs. The others report server or session state.
var systemVariables = setOf("@@DATEFIRST", "@@LANGUAGE", "@@LANGID")

// subqueryOpeners are the tokens after which a parenthesised SELECT at the
// top level of a statement continues it (as an operand, a derived table or
// a set operation). After anything else — a value, a name, ')' or '*' —
// it could be a second statement, which T-SQL allows without ';'.
var subqueryOpeners = setOf(
	"(", ",", "=", "<>", "!=", "<", ">", "<=", ">=", "!<", "!>", "+", "-", "/", "%", "&", "|", "^", "~",
	"IN", "EXISTS", "ANY", "SOME", "ALL", "FROM", "JOIN", "APPLY", "UNION", "INTERSECT", "EXCEPT", "AS",
	"SELECT", "DISTINCT", "WHERE", "AND", "OR", "NOT", "ON", "HAVING", "WHEN", "THEN", "ELSE", "CASE",
	"BETWEEN", "LIKE", "BY", "TOP",
)

// assignmentOK are the tokens after which "@p = …" is a comparison: the
// start of a predicate or an arithmetic operand. Anywhere else, such as
// first in a select list, it assigns to a variable.
var assignmentOK = setOf("WHERE", "AND", "OR", "NOT", "ON", "HAVING", "WHEN", "(", "+", "-", "/", "%", "&", "|", "^", "~")

// clauseEnds end a FROM clause at the depth where they appear.
var clauseEnds = setOf("WHERE", "GROUP", "HAVING", "ORDER", "UNION", "INTERSECT", "EXCEPT", "OPTION", "SELECT", "WINDOW")

// systemSchemas hold catalog views; querent answers from data tables only.
var systemSchemas = setOf("SYS", "INFORMATION_SCHEMA")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
