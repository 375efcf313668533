package postgres

import "strings"

// allowedFunctions are the functions caller SQL may call: PostgreSQL
// built-ins that compute a value from their arguments (and, for a few such
// as now() and random(), from the clock or a random source) without
// changing anything, taking locks that outlive the statement, reaching
// files or other servers, or running SQL given as text. Names are matched
// exactly as the parser folded them (unquoted names are lower-cased), so a
// quoted "Lower"() — which could only be a user's function — is refused.
//
// The list is deliberately an allow-list: a function PostgreSQL adds in a
// later version is refused until someone decides it is safe.
var allowedFunctions = setOf(
	// aggregates
	"count", "sum", "avg", "min", "max", "array_agg", "string_agg", "bool_and", "bool_or", "every",
	"bit_and", "bit_or", "bit_xor", "json_agg", "jsonb_agg", "json_agg_strict", "jsonb_agg_strict",
	"json_object_agg", "jsonb_object_agg", "json_object_agg_strict", "jsonb_object_agg_strict",
	"json_object_agg_unique", "jsonb_object_agg_unique", "json_object_agg_unique_strict",
	"jsonb_object_agg_unique_strict", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop",
	"var_samp", "corr", "covar_pop", "covar_samp", "regr_avgx", "regr_avgy", "regr_count",
	"regr_intercept", "regr_r2", "regr_slope", "regr_sxx", "regr_sxy", "regr_syy", "mode",
	"percentile_cont", "percentile_disc", "any_value", "range_agg", "range_intersect_agg",
	// window functions (rank, dense_rank, percent_rank and cume_dist are
	// also hypothetical-set aggregates)
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
	"first_value", "last_value", "nth_value",
	// math
	"abs", "cbrt", "ceil", "ceiling", "degrees", "div", "exp", "factorial", "floor", "gcd", "lcm", "ln",
	"log", "log10", "min_scale", "mod", "pi", "power", "pow", "radians", "round", "scale", "sign", "sqrt",
	"trim_scale", "trunc", "width_bucket", "random", "random_normal", "acos", "acosd", "asin", "asind",
	"atan", "atand", "atan2", "atan2d", "cos", "cosd", "cot", "cotd", "sin", "sind", "tan", "tand",
	"sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "gamma", "lgamma",
	// strings and binary strings
	"ascii", "bit_length", "btrim", "char_length", "character_length", "chr", "concat", "concat_ws",
	"format", "initcap", "left", "length", "lower", "lpad", "ltrim", "md5", "normalize", "is_normalized",
	"octet_length", "overlay", "position", "quote_ident", "quote_literal", "quote_nullable",
	"regexp_count", "regexp_instr", "regexp_like", "regexp_match", "regexp_matches", "regexp_replace",
	"regexp_split_to_array", "regexp_split_to_table", "regexp_substr", "repeat", "replace", "reverse",
	"right", "rpad", "rtrim", "split_part", "starts_with", "string_to_array", "string_to_table",
	"strpos", "substr", "substring", "to_ascii", "to_hex", "to_bin", "to_oct", "translate", "unistr",
	"upper", "casefold", "similar_to_escape", "similar_escape", "encode", "decode", "convert_from",
	"convert_to", "get_bit", "get_byte", "bit_count", "sha224", "sha256", "sha384", "sha512",
	"crc32", "crc32c", "pg_collation_for", "textlen",
	// date and time
	"age", "clock_timestamp", "date_add", "date_bin", "date_part", "date_subtract", "date_trunc",
	"extract", "isfinite", "justify_days", "justify_hours", "justify_interval", "make_date",
	"make_interval", "make_time", "make_timestamp", "make_timestamptz", "now", "statement_timestamp",
	"timeofday", "transaction_timestamp", "to_timestamp", "to_date", "to_char", "to_number", "timezone",
	"overlaps",
	// function-style casts to built-in types: int4(x), date(x), …
	"bool", "int2", "int4", "int8", "float4", "float8", "numeric", "text", "varchar", "bpchar", "date",
	"time", "timetz", "timestamp", "timestamptz", "interval",
	// conditionals and comparison helpers (COALESCE, NULLIF, GREATEST and
	// LEAST are syntax, not calls)
	"num_nulls", "num_nonnulls",
	// JSON
	"to_json", "to_jsonb", "array_to_json", "row_to_json", "json_build_array", "jsonb_build_array",
	"json_build_object", "jsonb_build_object", "json_object", "jsonb_object", "json_array_length",
	"jsonb_array_length", "json_each", "jsonb_each", "json_each_text", "jsonb_each_text",
	"json_extract_path", "jsonb_extract_path", "json_extract_path_text", "jsonb_extract_path_text",
	"json_object_keys", "jsonb_object_keys", "json_populate_record", "jsonb_populate_record",
	"json_populate_recordset", "jsonb_populate_recordset", "json_array_elements",
	"jsonb_array_elements", "json_array_elements_text", "jsonb_array_elements_text", "json_typeof",
	"jsonb_typeof", "json_to_record", "jsonb_to_record", "json_to_recordset", "jsonb_to_recordset",
	"json_strip_nulls", "jsonb_strip_nulls", "jsonb_set", "jsonb_set_lax", "jsonb_insert",
	"jsonb_pretty", "jsonb_path_exists", "jsonb_path_match", "jsonb_path_query",
	"jsonb_path_query_array", "jsonb_path_query_first", "jsonb_path_exists_tz", "jsonb_path_match_tz",
	"jsonb_path_query_tz", "jsonb_path_query_array_tz", "jsonb_path_query_first_tz",
	"jsonb_populate_record_valid",
	// arrays and set-returning helpers
	"array_append", "array_cat", "array_dims", "array_fill", "array_length", "array_lower",
	"array_ndims", "array_position", "array_positions", "array_prepend", "array_remove",
	"array_replace", "array_reverse", "array_sample", "array_shuffle", "array_sort", "array_to_string",
	"array_upper", "cardinality", "trim_array", "unnest", "generate_series", "generate_subscripts",
	// ranges
	"lower", "upper", "isempty", "lower_inc", "upper_inc", "lower_inf", "upper_inf", "range_merge",
	"int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange", "int4multirange",
	"int8multirange", "nummultirange", "tsmultirange", "tstzmultirange", "datemultirange", "multirange",
	// full-text search
	"to_tsvector", "to_tsquery", "plainto_tsquery", "phraseto_tsquery", "websearch_to_tsquery",
	"ts_rank", "ts_rank_cd", "ts_headline", "setweight", "strip", "numnode", "querytree",
	"array_to_tsvector", "tsvector_to_array",
	// UUIDs
	"gen_random_uuid", "uuidv4", "uuidv7", "uuid_extract_timestamp", "uuid_extract_version",
	// session information that reveals nothing beyond what the connection
	// already knows
	"current_setting", "current_database", "current_schema", "current_schemas", "version",
	"pg_typeof", "format_type",
)

// forbiddenFunctions name why well-known functions with effects are
// refused, so the refusal tells the caller (or the LLM) what the function
// would have done instead of only "not allowed". Everything not in
// allowedFunctions is refused whether it is listed here or not; a trailing
// '*' matches any suffix.
var forbiddenFunctions = []struct{ pattern, why string }{
	{"set_config", "changes a server setting (it can switch off the read-only transaction's guarantees for later statements)"},
	{"pg_advisory_*", "takes an advisory lock, which can outlive the query and block other sessions"},
	{"pg_try_advisory_*", "takes an advisory lock, which can outlive the query and block other sessions"},
	{"nextval", "advances a sequence"},
	{"setval", "changes a sequence"},
	{"currval", "reads session sequence state"},
	{"lastval", "reads session sequence state"},
	{"dblink*", "opens a connection to another database, outside the read-only transaction"},
	{"lo_*", "reads or writes large objects or server files"},
	{"loread", "reads large objects"},
	{"lowrite", "writes large objects"},
	{"pg_read_file", "reads a file on the database server"},
	{"pg_read_binary_file", "reads a file on the database server"},
	{"pg_ls_*", "lists directories on the database server"},
	{"pg_stat_file", "inspects a file on the database server"},
	{"pg_file_*", "writes files on the database server"},
	{"pg_sleep*", "holds a connection doing nothing"},
	{"pg_terminate_backend", "stops another session"},
	{"pg_cancel_backend", "cancels another session's query"},
	{"pg_reload_conf", "reloads the server configuration"},
	{"pg_rotate_logfile", "administers the server"},
	{"pg_switch_wal", "administers the server"},
	{"pg_promote", "administers the server"},
	{"pg_backup_*", "administers the server"},
	{"pg_create_*", "creates server objects (replication slots, restore points)"},
	{"pg_drop_*", "drops server objects"},
	{"pg_replication_*", "administers replication"},
	{"pg_logical_*", "writes to or reads from replication streams"},
	{"pg_stat_reset*", "resets server statistics"},
	{"pg_export_snapshot", "exports a snapshot to other sessions"},
	{"pg_log_*", "writes to the server log"},
	{"pg_notify", "sends a notification to other sessions"},
	{"txid_*", "reads or assigns transaction ids"},
	{"pg_current_xact_id*", "assigns a transaction id"},
	{"query_to_xml*", "runs SQL given as text, which nothing checks"},
	{"query_to_xmlschema", "runs SQL given as text, which nothing checks"},
	{"cursor_to_xml*", "reads a cursor by name"},
	{"table_to_xml*", "reads a whole table by name"},
	{"schema_to_xml*", "reads whole schemas by name"},
	{"database_to_xml*", "reads the whole database"},
	{"pg_stat_get_*", "reveals other sessions' activity and queries"},
	{"pg_input_is_valid", "runs a type's input function by name, which can be a user-defined check"},
	{"pg_input_error_info", "runs a type's input function by name, which can be a user-defined check"},
	{"setseed", "changes session state"},
	{"xpath*", "parses XML documents"},
	{"xml*", "parses or builds XML"},
}

// forbiddenReason returns why a function is refused, or "" when it has no
// specific reason beyond not being on the allow-list.
func forbiddenReason(name string) string {
	for _, f := range forbiddenFunctions {
		if p, prefix := strings.CutSuffix(f.pattern, "*"); prefix && strings.HasPrefix(name, p) || name == f.pattern {
			return f.why
		}
	}
	return ""
}

// allowedTypes are the type names a cast may target: PostgreSQL's built-in
// types. A cast runs the target type's input function and, for a domain,
// its CHECK constraints, which may call any user-defined function; so
// casts to types outside this list (user types, domains, extension types)
// are refused. The parser spells SQL-standard names in pg_catalog form
// (INTEGER is pg_catalog.int4); both forms are listed.
var allowedTypes = setOf(
	"bool", "boolean", "int2", "int4", "int8", "smallint", "integer", "int", "bigint", "float4", "float8",
	"real", "numeric", "decimal", "money", "text", "varchar", "bpchar", "char", "name",
	"date", "time", "timetz", "timestamp", "timestamptz", "interval", "uuid", "json", "jsonb", "jsonpath",
	"bytea", "inet", "cidr", "macaddr", "macaddr8", "bit", "varbit", "tsvector", "tsquery", "oid",
	"regclass", "regtype", "record",
	"int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange",
	"int4multirange", "int8multirange", "nummultirange", "tsmultirange", "tstzmultirange", "datemultirange",
)

// allowedOperators are the operator symbols caller SQL may use: those of
// PostgreSQL's built-in types (comparison, arithmetic, string matching,
// JSON, arrays, ranges, full-text search, network addresses). A user
// could define a new operator backed by any function, so other symbols are
// refused; a built-in symbol that a user schema also defines is refused
// too (see snapshot.userOperators).
var allowedOperators = setOf(
	"=", "<>", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "%", "^", "|/", "||/", "@", "&", "|", "#",
	"~", "<<", ">>", "||", "~~", "!~~", "~~*", "!~~*", "~*", "!~", "!~*", "@>", "<@", "&&", "->", "->>",
	"#>", "#>>", "?", "?|", "?&", "@?", "@@", "#-", "-|-", "&<", "&>", "<<=", ">>=", "<->",
	// A_Expr names for BETWEEN and its variants
	"BETWEEN", "NOT BETWEEN", "BETWEEN SYMMETRIC", "NOT BETWEEN SYMMETRIC",
)

// allowedSampleMethods are the TABLESAMPLE methods caller SQL may use.
var allowedSampleMethods = setOf("system", "bernoulli", "system_rows", "system_time")

// systemCatalogs name why reading some catalog relations is refused with a
// specific reason; every relation in pg_catalog and information_schema is
// refused (see Guard), these only get a better message.
var systemCatalogs = map[string]string{
	"pg_authid":              "holds password hashes",
	"pg_shadow":              "holds password hashes",
	"pg_user_mapping":        "holds credentials for foreign servers",
	"pg_user_mappings":       "holds credentials for foreign servers",
	"pg_stat_activity":       "shows other sessions' queries, which may contain secrets",
	"pg_settings":            "shows server settings",
	"pg_file_settings":       "shows server configuration files",
	"pg_hba_file_rules":      "shows server authentication rules",
	"pg_roles":               "lists database roles",
	"pg_largeobject":         "holds large objects",
	"pg_stat_statements":     "shows other sessions' queries, which may contain secrets",
	"pg_subscription":        "holds replication connection strings",
	"pg_foreign_server":      "holds foreign server options",
	"pg_ident_file_mappings": "shows server authentication rules",
}

// allowedNodes are the parse-tree node types a read-only query may contain,
// by their pg_query message names. Guard walks the whole tree and refuses
// any other node: statements other than SELECT (including the INSERT,
// UPDATE, DELETE and MERGE that a CTE may hold), SELECT INTO, locking
// clauses, XML functions, and whatever a later PostgreSQL grammar adds.
var allowedNodes = setOf(
	"ParseResult", "RawStmt", "Node", "List", "String", "Integer", "Float", "Boolean", "BitString",
	"A_Const", "A_Star", "ColumnRef", "ParamRef", "A_Expr", "TypeCast", "CollateClause", "FuncCall",
	"NamedArgExpr", "A_Indices", "A_Indirection", "A_ArrayExpr", "ResTarget", "SortBy", "WindowDef",
	"RangeSubselect", "RangeFunction", "RangeTableSample", "TypeName", "ColumnDef", "Alias", "RangeVar",
	"JoinExpr", "SelectStmt", "WithClause", "CommonTableExpr", "CTESearchClause", "CTECycleClause",
	"GroupingSet", "GroupingFunc", "SubLink", "BoolExpr", "NullTest", "BooleanTest", "CaseExpr",
	"CaseWhen", "CoalesceExpr", "MinMaxExpr", "SQLValueFunction", "RowExpr",
	// SQL/JSON syntax (JSON_VALUE, JSON_TABLE, JSON_OBJECT, IS JSON, …)
	"JsonFormat", "JsonReturning", "JsonValueExpr", "JsonBehavior", "JsonFuncExpr", "JsonTablePathSpec",
	"JsonTable", "JsonTableColumn", "JsonKeyValue", "JsonParseExpr", "JsonScalarExpr",
	"JsonSerializeExpr", "JsonObjectConstructor", "JsonArrayConstructor", "JsonArrayQueryConstructor",
	"JsonAggConstructor", "JsonObjectAgg", "JsonArrayAgg", "JsonOutput", "JsonArgument", "JsonIsPredicate",
)

// nodeRefusals name what some refused node types are, for the message.
var nodeRefusals = map[string]string{
	"InsertStmt":     "an INSERT (a data-modifying statement inside the query, such as in a WITH clause)",
	"UpdateStmt":     "an UPDATE (a data-modifying statement inside the query, such as in a WITH clause)",
	"DeleteStmt":     "a DELETE (a data-modifying statement inside the query, such as in a WITH clause)",
	"MergeStmt":      "a MERGE (a data-modifying statement inside the query, such as in a WITH clause)",
	"IntoClause":     "SELECT INTO, which creates a table",
	"LockingClause":  "a locking clause (FOR UPDATE, FOR SHARE, …), which takes row locks",
	"XmlExpr":        "an XML function",
	"XmlSerialize":   "XMLSERIALIZE",
	"RangeTableFunc": "XMLTABLE",
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
