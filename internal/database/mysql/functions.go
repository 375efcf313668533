package mysql

import "github.com/pingcap/tidb/pkg/parser/ast"

// The function policy is an allow-list: a call is accepted only when its
// name is listed here, unqualified. Anything else — a stored function, a
// plugin UDF such as sys_exec, a built-in with side effects, a built-in this
// list has not considered — is refused. Names are as the TiDB parser reports
// them, lower-cased: a few syntactic forms arrive under internal names
// (CHAR() as char_func, `x + INTERVAL 1 DAY` as date_add, `a->'$.x'` as
// json_extract, DATE '2024-01-01' as ast.DateLiteral).
//
// The list holds pure functions: they compute a value from their arguments
// (and the clock or a random source) and change nothing. Functions that
// return a modified copy of a JSON document (JSON_SET, JSON_REMOVE…) are
// pure too: they never touch stored data.

// allowedFunctions are the scalar built-ins a query may call.
var allowedFunctions = setOf(
	// Control flow and comparison.
	"if", "ifnull", "nullif", "coalesce", "greatest", "least", "interval", "isnull", "nvl", "nvl2",
	// Math.
	"abs", "acos", "asin", "atan", "atan2", "ceil", "ceiling", "conv", "cos", "cot", "crc32",
	"degrees", "exp", "floor", "ln", "log", "log2", "log10", "mod", "pi", "pow", "power",
	"radians", "rand", "round", "sign", "sin", "sqrt", "tan", "truncate", "bit_count",
	// Strings.
	"ascii", "bin", "bit_length", "char_func", "chr", "char_length", "character_length", "concat",
	"concat_ws", "elt", "export_set", "field", "find_in_set", "format", "from_base64", "hex",
	"instr", "lcase", "left", "length", "lengthb", "locate", "lower", "lpad", "ltrim", "make_set",
	"mid", "natural_sort_key", "oct", "octet_length", "ord", "position", "quote", "repeat",
	"replace", "reverse", "right", "rpad", "rtrim", "sformat", "soundex", "space", "strcmp",
	"substr", "substring", "substring_index", "to_base64", "trim", "ucase", "unhex", "upper",
	"convert", "charset", "collation", "coercibility",
	"regexp_like", "regexp_substr", "regexp_instr", "regexp_replace",
	"md5", "sha", "sha1", "sha2",
	"inet_aton", "inet_ntoa", "inet6_aton", "inet6_ntoa", "is_ipv4", "is_ipv4_compat",
	"is_ipv4_mapped", "is_ipv6",
	// Dates and times.
	"adddate", "addtime", "add_months", "convert_tz", "curdate", "current_date", "current_time",
	"current_timestamp", "curtime", "date", "date_add", "date_format", "date_sub", "datediff",
	"day", "dayname", "dayofmonth", "dayofweek", "dayofyear", "extract", "from_days",
	"from_unixtime", "get_format", "hour", "last_day", "localtime", "localtimestamp", "makedate",
	"maketime", "microsecond", "minute", "month", "monthname", "now", "period_add",
	"period_diff", "quarter", "sec_to_time", "second", "str_to_date", "subdate", "subtime",
	"sysdate", "time", "time_format", "time_to_sec", "timediff", "timestamp", "timestampadd",
	"timestampdiff", "to_char", "to_days", "to_seconds", "unix_timestamp", "utc_date",
	"utc_time", "utc_timestamp", "week", "weekday", "weekofyear", "year", "yearweek",
	ast.DateLiteral, ast.TimeLiteral, ast.TimestampLiteral,
	// JSON.
	"json_array", "json_array_append", "json_array_insert", "json_compact", "json_contains",
	"json_contains_path", "json_depth", "json_detailed", "json_equals", "json_exists",
	"json_extract", "json_insert", "json_keys", "json_length", "json_loose", "json_memberof",
	"json_merge", "json_merge_patch", "json_merge_preserve", "json_normalize", "json_object",
	"json_overlaps", "json_pretty", "json_query", "json_quote", "json_remove", "json_replace",
	"json_search", "json_set", "json_type", "json_unquote", "json_valid", "json_value",
	// Grouping helpers.
	"any_value", "grouping",
)

// aggregates are the aggregate functions a query may use, alone or as
// window functions.
var aggregates = setOf(
	"count", "sum", "avg", "min", "max", "group_concat", "bit_and", "bit_or", "bit_xor",
	"std", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp",
	"json_arrayagg", "json_objectagg",
)

// windowFunctions are the window-only functions a query may use.
var windowFunctions = setOf(
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lead", "lag",
	"first_value", "last_value", "nth_value", "median",
)

// refusedFunctions are built-ins and well-known plugin functions with side
// effects, refused with a reason. They would be refused anyway for not
// being allowed; naming them makes the refusal say why.
var refusedFunctions = map[string]string{
	"sleep":                             "makes the server thread wait",
	"benchmark":                         "evaluates an expression repeatedly to burn server time",
	"get_lock":                          "takes a user-level lock, which outlives the query",
	"release_lock":                      "releases user-level locks, which changes state shared with other sessions",
	"release_all_locks":                 "releases user-level locks, which changes state shared with other sessions",
	"is_free_lock":                      "inspects user-level locks held by other sessions",
	"is_used_lock":                      "inspects user-level locks held by other sessions",
	"load_file":                         "reads files on the database server",
	"sys_exec":                          "runs operating-system commands (lib_mysqludf_sys)",
	"sys_eval":                          "runs operating-system commands (lib_mysqludf_sys)",
	"sys_get":                           "reads the server's environment (lib_mysqludf_sys)",
	"sys_set":                           "changes the server's environment (lib_mysqludf_sys)",
	"master_pos_wait":                   "waits on replication",
	"source_pos_wait":                   "waits on replication",
	"master_gtid_wait":                  "waits on replication",
	"wait_for_executed_gtid_set":        "waits on replication",
	"wait_until_sql_thread_after_gtids": "waits on replication",
	"uuid_short":                        "advances a server-wide counter",
	"last_insert_id":                    "reads or sets per-session state",
	"nextval":                           "advances a sequence, which writes",
	"setval":                            "sets a sequence, which writes",
	"lastval":                           "reads per-session sequence state",
	"found_rows":                        "reads per-session state left by earlier statements",
	"row_count":                         "reads per-session state left by earlier statements",
	"connection_id":                     "reveals details of querent's own session",
	"user":                              "reveals querent's account",
	"current_user":                      "reveals querent's account",
	"session_user":                      "reveals querent's account",
	"system_user":                       "reveals querent's account",
	"current_role":                      "reveals querent's account",
	"password":                          "is account cryptography, which answering questions does not need",
	"old_password":                      "is account cryptography, which answering questions does not need",
	"encrypt":                           "is cryptography, which answering questions does not need",
	"des_encrypt":                       "is cryptography, which answering questions does not need",
	"des_decrypt":                       "is cryptography, which answering questions does not need",
	"aes_encrypt":                       "is cryptography, which answering questions does not need",
	"aes_decrypt":                       "is cryptography, which answering questions does not need",
	"encode":                            "is cryptography, which answering questions does not need",
	"decode":                            "is cryptography, which answering questions does not need",
	"random_bytes":                      "is cryptography, which answering questions does not need",
	"compress":                          "is compression, which answering questions does not need",
	"uncompress":                        "is compression, which answering questions does not need",
	"name_const":                        "is meant for stored routines",
	"setvar":                            "assigns a user variable, which changes session state",
	"getvar":                            "reads a user variable, which is session state",
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
