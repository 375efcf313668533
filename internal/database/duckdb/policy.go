//go:build cgo

package duckdb

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
)

// serializeSQL asks DuckDB's own parser for the syntax tree of a statement.
// json_serialize_sql only parses: it binds no names and reads no data. It
// serializes SELECT statements only and reports anything else as an error.
// It is called by its full name: a database file may define a macro called
// json_serialize_sql, and DuckDB would call that instead of the built-in.
const serializeSQL = "SELECT system.main.json_serialize_sql($1::VARCHAR)::VARCHAR"

// parse returns DuckDB's syntax tree of stmt, checked against the policy,
// and the tables it reads.
func (d *DB) parse(ctx context.Context, c *duckdb.Conn, stmt string) ([]string, error) {
	var tree string
	err := eachRow(ctx, c, serializeSQL, func(r []driver.Value) error {
		tree = text(r[0])
		return nil
	}, driver.NamedValue{Ordinal: 1, Value: stmt})
	if err != nil {
		return nil, fmt.Errorf("parsing the statement with DuckDB: %w", err)
	}
	return d.checkTree(tree)
}

// checkTree applies the policy to the JSON syntax tree json_serialize_sql
// returned, and returns the tables read, sorted, as the catalogue names them.
func (d *DB) checkTree(tree string) ([]string, error) {
	dec := json.NewDecoder(strings.NewReader(tree))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("internal error: reading DuckDB's syntax tree: %w", err)
	}
	if failed, _ := doc["error"].(bool); failed {
		msg, _ := doc["error_message"].(string)
		if kind, _ := doc["error_type"].(string); kind == "parser" {
			return nil, &database.Error{Code: database.CodeSyntax, Message: "DuckDB cannot parse the query: " + msg}
		}
		return nil, database.Forbidden("only a single SELECT query is allowed; DuckDB's parser does not read this as one (%s)", msg)
	}
	stmts, _ := doc["statements"].([]any)
	switch len(stmts) {
	case 0:
		return nil, &database.Error{Code: database.CodeSyntax, Message: "no SQL statement: the text is empty or holds only comments"}
	case 1:
	default:
		return nil, database.Forbidden("more than one statement: DuckDB's parser found %d; send a single SELECT", len(stmts))
	}
	st, _ := stmts[0].(map[string]any)
	node, _ := st["node"].(map[string]any)
	if typ, _ := node["type"].(string); typ != "SELECT_NODE" && typ != "SET_OPERATION_NODE" {
		return nil, database.Forbidden("only SELECT queries are allowed; DuckDB's parser reads this statement as %s", typ)
	}
	w := &walker{d: d, tables: map[string]bool{}}
	if err := w.visit(st, nil); err != nil {
		return nil, err
	}
	tables := make([]string, 0, len(w.tables))
	for t := range w.tables {
		tables = append(tables, t)
	}
	sort.Strings(tables)
	return tables, nil
}

// scope is the list of common table expressions visible at a point of the
// tree, innermost first.
type scope struct {
	name   string
	parent *scope
}

func (s *scope) with(name string) *scope { return &scope{name: name, parent: s} }

func (s *scope) has(name string) bool {
	for p := s; p != nil; p = p.parent {
		if strings.EqualFold(p.name, name) {
			return true
		}
	}
	return false
}

// walker checks every object of a syntax tree. Objects are told apart by
// their fields: expressions carry a "class", query nodes, table references
// and modifiers a string "type". Anything it does not recognise is refused,
// so constructs added by a future DuckDB fail closed until someone reviews
// them.
type walker struct {
	d      *DB
	tables map[string]bool
}

// Query nodes, table references and other typed objects the policy allows.
var (
	queryNodes = setOf("SELECT_NODE", "SET_OPERATION_NODE", "RECURSIVE_CTE_NODE", "CTE_NODE")
	plainTypes = setOf(
		// table references other than base tables and table functions
		"JOIN", "SUBQUERY", "EXPRESSION_LIST", "EMPTY",
		// result modifiers and their parts
		"ORDER_MODIFIER", "LIMIT_MODIFIER", "LIMIT_PERCENT_MODIFIER", "DISTINCT_MODIFIER",
		"ORDER_DEFAULT", "ASCENDING", "DESCENDING",
	)
	// exprClasses are the expression classes the parser produces for
	// queries; the binder's BOUND_* classes never appear in a parse tree.
	exprClasses = setOf("AGGREGATE", "CASE", "CAST", "COLUMN_REF", "COMPARISON", "CONJUNCTION", "CONSTANT",
		"FUNCTION", "OPERATOR", "STAR", "SUBQUERY", "WINDOW", "PARAMETER", "COLLATE", "LAMBDA",
		"POSITIONAL_REFERENCE", "BETWEEN", "LAMBDA_REF")
	// refusedRefs explain table references that are refused.
	refusedRefs = map[string]string{
		"SHOW_REF":    "DESCRIBE, SHOW and SUMMARIZE are not allowed: the schema is already known to querent",
		"PIVOT":       "PIVOT and UNPIVOT are not allowed: use GROUP BY with CASE expressions",
		"COLUMN_DATA": "reading client-supplied data is not allowed",
		"DELIM_GET":   "internal DuckDB table references are not allowed",
	}
)

func (w *walker) visit(v any, sc *scope) error {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if err := w.visit(e, sc); err != nil {
				return err
			}
		}
	case map[string]any:
		return w.object(x, sc)
	}
	return nil
}

// fields visits every field of o except those named in skip, in key order
// so the first refusal reported does not depend on map order.
func (w *walker) fields(o map[string]any, sc *scope, skip ...string) error {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
next:
	for _, k := range keys {
		for _, s := range skip {
			if k == s {
				continue next
			}
		}
		if err := w.visit(o[k], sc); err != nil {
			return err
		}
	}
	return nil
}

func (w *walker) object(o map[string]any, sc *scope) error {
	if class, ok := o["class"].(string); ok {
		return w.expression(class, o, sc)
	}
	typ, ok := o["type"].(string)
	switch {
	case !ok:
		// Plain data: lists of entries, type descriptions ({"id": …}),
		// sample and window-frame options.
		return w.fields(o, sc)
	case queryNodes[typ]:
		return w.queryNode(o, sc)
	case typ == "BASE_TABLE":
		return w.baseTable(o, sc)
	case typ == "TABLE_FUNCTION":
		return w.tableFunction(o, sc)
	case plainTypes[typ], strings.HasSuffix(typ, "_TYPE_INFO"):
		return w.fields(o, sc)
	}
	if why, ok := refusedRefs[typ]; ok {
		return database.Forbidden("%s", why)
	}
	return database.Forbidden("the query uses a construct querent does not allow (%s); write a plain SELECT over the tables", typ)
}

// queryNode makes the node's common table expressions visible: each to the
// ones after it and to the rest of the node, a recursive one to itself too.
func (w *walker) queryNode(o map[string]any, sc *scope) error {
	inner := sc
	if cm, ok := o["cte_map"].(map[string]any); ok {
		entries, _ := cm["map"].([]any)
		for _, e := range entries {
			entry, _ := e.(map[string]any)
			name, _ := entry["key"].(string)
			if err := w.visit(entry["value"], inner); err != nil {
				return err
			}
			inner = inner.with(name)
		}
	}
	// A recursive CTE's node carries its own name, which its body reads.
	if name, ok := o["cte_name"].(string); ok {
		inner = inner.with(name)
	}
	return w.fields(o, inner, "cte_map")
}

func (w *walker) baseTable(o map[string]any, sc *scope) error {
	if at, ok := o["at_clause"]; ok && at != nil {
		return database.Forbidden("time travel (AT ...) is not allowed: query the tables as they are")
	}
	catalog, _ := o["catalog_name"].(string)
	schemaName, _ := o["schema_name"].(string)
	name, _ := o["table_name"].(string)
	if catalog == "" && schemaName == "" && sc.has(name) && !pathLike(name) {
		return w.fields(o, sc)
	}
	table, err := w.d.resolve(catalog, schemaName, name)
	if err != nil {
		return err
	}
	if table != "" {
		w.tables[table] = true
	}
	return w.fields(o, sc)
}

func (w *walker) tableFunction(o map[string]any, sc *scope) error {
	fn, _ := o["function"].(map[string]any)
	name, _ := fn["function_name"].(string)
	if err := w.builtin(fn, name); err != nil {
		return err
	}
	if !tableFunctions[strings.ToLower(name)] {
		if !w.d.knowsFunction(name) {
			return &database.Error{Code: database.CodeSyntax, Message: fmt.Sprintf("DuckDB has no table function %s(); read this database's tables instead", name)}
		}
		return database.Forbidden("the table function %s() is not allowed: queries may read this database's tables, range(), generate_series(), unnest() and json_each()/json_tree(), but not files, settings or other databases", name)
	}
	if err := w.fields(fn, sc, "class", "type", "function_name"); err != nil {
		return err
	}
	return w.fields(o, sc, "function")
}

func (w *walker) expression(class string, o map[string]any, sc *scope) error {
	if !exprClasses[class] {
		return database.Forbidden("the expression kind %s is not allowed in a query", class)
	}
	if class == "FUNCTION" || class == "WINDOW" {
		name, _ := o["function_name"].(string)
		if err := w.builtin(o, name); err != nil {
			return err
		}
		if !allowedFunctions[strings.ToLower(name)] {
			if !w.d.knowsFunction(name) {
				return &database.Error{Code: database.CodeSyntax, Message: fmt.Sprintf("DuckDB has no function %s(); use its built-in aggregate, date, text and math functions", name)}
			}
			return database.Forbidden("the function %s() is not allowed: queries may call DuckDB's built-in functions that compute values (aggregates, window, math, text, date, list, struct, JSON) but not ones that reach files, settings, sequences, variables or the session", name)
		}
	}
	return w.fields(o, sc)
}

// builtin refuses a call that would not reach one of DuckDB's built-ins: one
// qualified with a schema or catalog other than where DuckDB keeps them (the
// parser itself writes main for some, such as list_value for [1, 2]), or an
// unqualified one to a name the database defines a macro for, which DuckDB
// resolves before the built-in. Only system.main.name reaches the built-in
// whatever the database defines.
func (w *walker) builtin(fn map[string]any, name string) error {
	schemaName, _ := fn["schema"].(string)
	catalog, _ := fn["catalog"].(string)
	if !(schemaName == "" || strings.EqualFold(schemaName, "main")) || !(catalog == "" || strings.EqualFold(catalog, "system")) {
		return database.Forbidden("the function %s.%s() is not allowed: call built-in functions by their plain name", schemaName, name)
	}
	if !strings.EqualFold(catalog, "system") && w.d.defines(name) {
		return database.Forbidden("the database defines its own %s() (a macro), which querent does not run: only DuckDB's built-in functions are allowed", name)
	}
	return nil
}

// pathLike reports whether a table name that is not a table of the database
// looks like a file path, glob or URL, which DuckDB would read as a file
// ("replacement scan").
func pathLike(name string) bool {
	return strings.ContainsAny(name, "./\\:*?~$[{")
}

// resolve finds the table a reference names, as the catalogue names it.
// information_schema views may be read but are not listed (""). A reference
// to another catalog, a system schema or a file path is refused; an unknown
// table is CodeNoTable.
func (d *DB) resolve(catalog, schemaName, name string) (string, error) {
	d.mu.Lock()
	cat := d.objects
	d.mu.Unlock()
	if catalog != "" && !strings.EqualFold(catalog, d.catalog) {
		if strings.EqualFold(catalog, "system") && strings.EqualFold(schemaName, "information_schema") {
			return "", nil
		}
		return "", database.Forbidden("the query reads from the catalog %q: only the tables of this database (%s) can be queried", catalog, d.catalog)
	}
	// "demo.orders" names a table of the catalog demo, unless a schema of
	// that name exists: DuckDB resolves the same way.
	if catalog == "" && schemaName != "" && strings.EqualFold(schemaName, d.catalog) && !cat.schemas[strings.ToLower(schemaName)] {
		schemaName = ""
	}
	switch strings.ToLower(schemaName) {
	case "":
		schemaName = "main"
	case "information_schema":
		return "", nil
	case "pg_catalog":
		return "", database.Forbidden("the pg_catalog views are not available to queries; information_schema is")
	}
	if t, ok := cat.tables[strings.ToLower(schemaName)+"."+strings.ToLower(name)]; ok {
		return t, nil
	}
	if pathLike(name) {
		return "", database.Forbidden("reading files is not allowed: %q looks like a file path, pattern or URL; query the tables of this database instead", name)
	}
	ref := name
	if !strings.EqualFold(schemaName, "main") {
		ref = schemaName + "." + name
	}
	return "", &database.Error{Code: database.CodeNoTable, Name: name, Message: "no such table: " + ref}
}

// catalogue is what Guard resolves names against: every table and view of
// the database, keyed by lower-case "schema.name", its schemas, the names of
// every function DuckDB knows (to tell a misspelt function, which the caller
// can fix, from a refused one), and the functions the database itself
// defines (macros), lower-cased.
type catalogue struct {
	tables    map[string]string
	schemas   map[string]bool
	functions map[string]bool
	defined   map[string]bool
}

// knowsFunction reports whether DuckDB has a function called name.
func (d *DB) knowsFunction(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.objects.functions[strings.ToLower(name)]
}

// defines reports whether the database defines a function (a macro) called
// name, which an unqualified call would reach instead of a built-in.
func (d *DB) defines(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.objects.defined[strings.ToLower(name)]
}

// tableKey is how a table is named in schemas and plans: bare in the main
// schema, "schema.name" elsewhere.
func tableKey(schemaName, name string) string {
	if strings.EqualFold(schemaName, "main") {
		return name
	}
	return schemaName + "." + name
}

// catalogueSQL lists the tables and views of the database (not the
// temporary or internal ones), and separately its schemas.
const (
	catalogueSQL = `SELECT schema_name, table_name FROM system.main.duckdb_tables()
		WHERE database_name = system.main.current_database() AND NOT internal AND NOT temporary
		UNION ALL
		SELECT schema_name, view_name FROM system.main.duckdb_views()
		WHERE database_name = system.main.current_database() AND NOT internal AND NOT temporary`
	schemasSQL = `SELECT schema_name FROM system.main.duckdb_schemas()
		WHERE database_name = system.main.current_database()`
	functionsSQL = `SELECT DISTINCT function_name, internal FROM system.main.duckdb_functions()`
)

func readCatalogue(ctx context.Context, c *duckdb.Conn) (*catalogue, error) {
	cat := &catalogue{tables: map[string]string{}, schemas: map[string]bool{}, functions: map[string]bool{}, defined: map[string]bool{}}
	err := eachRow(ctx, c, catalogueSQL, func(r []driver.Value) error {
		s, n := text(r[0]), text(r[1])
		cat.tables[strings.ToLower(s)+"."+strings.ToLower(n)] = tableKey(s, n)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, c, schemasSQL, func(r []driver.Value) error {
		cat.schemas[strings.ToLower(text(r[0]))] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, c, functionsSQL, func(r []driver.Value) error {
		name := strings.ToLower(text(r[0]))
		cat.functions[name] = true
		if r[1] != true {
			cat.defined[name] = true
		}
		return nil
	})
	return cat, err
}

// tableFunctions are the table functions queries may read from: generators
// and unnesting, which compute rows from their arguments, and the catalogue
// functions that describe this database's own tables (what Introspect
// reports anyway). Everything that reads files (read_csv, read_parquet,
// read_json, read_text, read_blob, glob, sniff_csv, parquet_*), runs SQL
// (query, query_table), reveals or changes settings, secrets, extensions,
// memory, logs or attached databases, or checkpoints is left out.
var tableFunctions = setOf(
	"range", "generate_series", "unnest", "json_each", "json_tree", "repeat", "repeat_row",
	"duckdb_tables", "duckdb_columns", "duckdb_views", "duckdb_constraints", "duckdb_schemas",
	"duckdb_indexes", "duckdb_types",
)

// allowedFunctions are the scalar, aggregate, window and macro functions
// (and operators, which the parser writes as functions) queries may call:
// DuckDB built-ins that compute a value from their arguments and the data.
//
// Left out on purpose: nextval and currval (sequences), setseed,
// getvariable, current_setting, error, sleep_ms and pg_sleep, write_log,
// json_serialize_sql, json_deserialize_sql and json_serialize_plan (they
// parse or plan arbitrary SQL), functions that reveal the session, its
// connection, transaction or query (current_query, txid_current,
// current_database, has_*_privilege, pg_* and inet_* compatibility
// functions),
// aggregate-by-name helpers (aggregate, list_aggregate and their aliases:
// their argument names a function this list cannot check), DuckDB's
// internal helpers (__internal_*, finalize, combine, stats, alias,
// vector_type, create_sort_key, constant_or_null, remap_struct,
// replace_type, cast_to_type, get_type, make_type, can_cast_implicitly,
// unpivot_list), and functions no question needs (icu_collate_*,
// icu_sort_key, st_* geometry, variant_*, parse_duckdb_log_message,
// timetz_byte_comparable, in_search_path). TestFunctionsClassified fails
// when the linked DuckDB has a function in neither list.
var allowedFunctions = setOf(
	// operators
	"+", "-", "*", "/", "//", "%", "**", "^", "&", "|", "<<", ">>", "~", "!__postfix", "||",
	"~~", "!~~", "~~*", "!~~*", "~~~", "^@", "@", "->>", "<->", "<=>", "<@", "@>", "&&", "xor",
	"add", "subtract", "multiply", "divide", "mod",
	// aggregates
	"any_value", "approx_count_distinct", "approx_quantile", "approx_top_k", "arbitrary",
	"arg_max", "arg_max_null", "arg_max_nulls_last", "arg_min", "arg_min_null", "arg_min_nulls_last",
	"argmax", "argmin", "array_agg", "avg", "bit_and", "bit_or", "bit_xor", "bitstring_agg",
	"bool_and", "bool_or", "corr", "count", "count_if", "count_star", "countif", "covar_pop",
	"covar_samp", "entropy", "favg", "first", "fsum", "geomean", "geometric_mean", "group_concat",
	"histogram", "histogram_exact", "kahan_sum", "kurtosis", "kurtosis_pop", "last", "list",
	"listagg", "mad", "max", "max_by", "mean", "median", "min", "min_by", "mode", "product",
	"quantile", "quantile_cont", "quantile_disc", "regr_avgx", "regr_avgy", "regr_count",
	"regr_intercept", "regr_r2", "regr_slope", "regr_sxx", "regr_sxy", "regr_syy",
	"reservoir_quantile", "sem", "skewness", "stddev", "stddev_pop", "stddev_samp", "string_agg",
	"sum", "sum_no_overflow", "sumkahan", "var_pop", "var_samp", "variance", "wavg", "weighted_avg",
	"json_group_array", "json_group_object", "json_group_structure",
	// window
	"row_number", "rank", "rank_dense", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag",
	"lead", "first_value", "last_value", "nth_value", "fill",
	// math
	"abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "bit_count", "cbrt", "ceil",
	"ceiling", "cos", "cosh", "cot", "degrees", "even", "exp", "factorial", "fdiv", "floor", "fmod",
	"gamma", "gcd", "greatest", "greatest_common_divisor", "isfinite", "isinf", "isnan", "lcm",
	"least", "least_common_multiple", "lgamma", "ln", "log", "log10", "log2", "nextafter", "pi",
	"pow", "power", "radians", "random", "round", "round_even", "roundbankers", "sign", "signbit",
	"sin", "sinh", "sqrt", "tan", "tanh", "trunc", "equi_width_bins", "is_histogram_other_bin",
	"bar",
	// text
	"ascii", "bit_length", "char_length", "character_length", "chr", "concat", "concat_ws",
	"contains", "damerau_levenshtein", "editdist3", "ends_with", "format", "formatreadabledecimalsize",
	"formatreadablesize", "format_bytes", "hamming", "ilike_escape", "instr", "jaccard",
	"jaro_similarity", "jaro_winkler_similarity", "lcase", "left", "left_grapheme", "len", "length",
	"length_grapheme", "levenshtein", "like_escape", "lower", "lpad", "ltrim", "md5", "md5_number",
	"md5_number_lower", "md5_number_upper", "mismatches", "nfc_normalize", "not_ilike_escape",
	"not_like_escape", "octet_length", "ord", "parse_dirname", "parse_dirpath", "parse_filename",
	"parse_formatted_bytes", "parse_path", "position", "prefix", "printf", "regexp_escape",
	"regexp_extract", "regexp_extract_all", "regexp_full_match", "regexp_matches", "regexp_replace",
	"regexp_split_to_array", "regexp_split_to_table", "repeat", "replace", "reverse", "right",
	"right_grapheme", "rpad", "rtrim", "sha1", "sha256", "split", "split_part", "starts_with",
	"str_split", "str_split_regex", "string_split", "string_split_regex", "string_to_array",
	"strip_accents", "strlen", "strpos", "substr", "substring", "substring_grapheme", "suffix",
	"translate", "trim", "ucase", "unicode", "upper", "url_decode", "url_encode", "hash",
	// binary and encodings
	"base64", "bin", "bit_position", "bitstring", "decode", "encode", "from_base64", "from_binary",
	"from_hex", "get_bit", "hex", "set_bit", "to_base", "to_base64", "to_binary", "to_hex", "unbin",
	"unhex",
	// date and time
	"age", "ago", "century", "current_date", "current_localtime", "current_localtimestamp",
	"date_add", "date_diff", "date_part", "date_sub", "date_trunc", "datediff", "datepart",
	"datesub", "datetrunc", "day", "dayname", "dayofmonth", "dayofweek", "dayofyear",
	"days_in_month", "decade", "epoch", "epoch_ms", "epoch_ns", "epoch_us", "era",
	"get_current_time", "get_current_timestamp", "hour", "isodow", "isoyear", "julian", "last_day",
	"make_date", "make_time", "make_timestamp", "make_timestamp_ms", "make_timestamp_ns",
	"make_timestamptz", "microsecond", "millennium", "millisecond", "minute", "month", "monthname",
	"nanosecond", "normalized_interval", "now", "quarter", "second", "strftime", "strptime",
	"time_bucket", "timezone", "timezone_hour", "timezone_minute", "to_centuries", "to_days",
	"to_decades", "to_hours", "to_microseconds", "to_millennia", "to_milliseconds", "to_minutes",
	"to_months", "to_quarters", "to_seconds", "to_timestamp", "to_weeks", "to_years", "today",
	"transaction_timestamp", "try_strptime", "week", "weekday", "weekofyear", "year", "yearweek",
	// lists and arrays
	"apply", "array_append", "array_apply", "array_cat", "array_concat", "array_contains",
	"array_cosine_distance", "array_cosine_similarity", "array_cross_product", "array_distance",
	"array_distinct", "array_dot_product", "array_extract", "array_filter", "array_grade_up",
	"array_has", "array_has_all", "array_has_any", "array_indexof", "array_inner_product",
	"array_intersect", "array_length", "array_negative_dot_product", "array_negative_inner_product",
	"array_pop_back", "array_pop_front", "array_position", "array_prepend", "array_push_back",
	"array_push_front", "array_reduce", "array_resize", "array_reverse", "array_reverse_sort",
	"array_select", "array_slice", "array_sort", "array_to_json", "array_to_string",
	"array_to_string_comma_default", "array_transform", "array_unique", "array_value", "array_where",
	"array_zip", "cardinality", "element_at", "filter", "flatten", "generate_series",
	"generate_subscripts", "grade_up", "list_any_value", "list_append", "list_apply",
	"list_approx_count_distinct", "list_avg", "list_bit_and", "list_bit_or", "list_bit_xor",
	"list_bool_and", "list_bool_or", "list_cat", "list_concat", "list_contains",
	"list_cosine_distance", "list_cosine_similarity", "list_count", "list_distance",
	"list_distinct", "list_dot_product", "list_element", "list_entropy", "list_extract",
	"list_filter", "list_first", "list_grade_up", "list_has", "list_has_all", "list_has_any",
	"list_histogram", "list_indexof", "list_inner_product", "list_intersect", "list_kurtosis",
	"list_kurtosis_pop", "list_last", "list_mad", "list_max", "list_median", "list_min", "list_mode",
	"list_negative_dot_product", "list_negative_inner_product", "list_pack", "list_position",
	"list_prepend", "list_product", "list_reduce", "list_resize", "list_reverse",
	"list_reverse_sort", "list_select", "list_sem", "list_skewness", "list_slice", "list_sort",
	"list_stddev_pop", "list_stddev_samp", "list_string_agg", "list_sum", "list_transform",
	"list_unique", "list_value", "list_var_pop", "list_var_samp", "list_where", "list_zip", "range",
	"reduce", "unnest",
	// structs, maps and unions
	"map", "map_concat", "map_contains", "map_contains_entry", "map_contains_value", "map_entries",
	"map_extract", "map_extract_value", "map_from_entries", "map_keys", "map_values", "row",
	"row_to_json", "struct_concat", "struct_contains", "struct_extract", "struct_extract_at",
	"struct_has", "struct_indexof", "struct_insert", "struct_keys", "struct_pack",
	"struct_position", "struct_update", "struct_values", "union_extract", "union_tag",
	"union_value",
	// enums
	"enum_code", "enum_first", "enum_last", "enum_range", "enum_range_boundary",
	// JSON
	"json", "json_array", "json_array_length", "json_contains", "json_exists", "json_extract",
	"json_extract_path", "json_extract_path_text", "json_extract_string", "json_keys",
	"json_merge_patch", "json_object", "json_pretty", "json_quote", "json_structure",
	"json_transform", "json_transform_strict", "json_type", "json_valid", "json_value",
	"from_json", "from_json_strict", "to_json",
	// SQL value functions: DuckDB's binder also reaches these from a bare
	// name such as user or current_user when no column has that name, so
	// refusing the call by name would not stop them; they return fixed
	// names ("duckdb", the schema), nothing about the data or the host.
	"current_catalog", "current_schema", "current_role", "current_user", "session_user", "user",
	// conditionals, types and identifiers
	"nullif", "typeof", "gen_random_uuid", "uuid", "uuidv4", "uuidv7", "uuid_extract_timestamp",
	"uuid_extract_version", "version",
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
