//go:build cgo

package duckdb_test

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/duckdb"
)

// refusedFunctions are DuckDB built-ins deliberately left off the
// allow-list, by reason. TestFunctionsClassified keeps the two lists
// complete for the linked DuckDB: a new built-in must be placed in one.
var refusedFunctions = strings.Fields(`
	nextval currval setseed getvariable current_setting error sleep_ms pg_sleep write_log
	json_serialize_sql json_deserialize_sql json_serialize_plan

	current_query current_query_id current_connection_id current_transaction_id txid_current
	current_database current_schemas in_search_path get_block_size
	col_description obj_description shobj_description format_pg_type format_type map_to_pg_oid pg_typeof
	has_any_column_privilege has_column_privilege has_database_privilege has_foreign_data_wrapper_privilege
	has_function_privilege has_language_privilege has_schema_privilege has_sequence_privilege
	has_server_privilege has_table_privilege has_tablespace_privilege
	inet_client_addr inet_client_port inet_server_addr inet_server_port
	pg_collation_is_visible pg_conf_load_time pg_conversion_is_visible pg_function_is_visible
	pg_get_constraintdef pg_get_expr pg_get_viewdef pg_has_role pg_is_other_temp_schema pg_my_temp_schema
	pg_opclass_is_visible pg_operator_is_visible pg_opfamily_is_visible pg_postmaster_start_time
	pg_size_pretty pg_table_is_visible pg_ts_config_is_visible pg_ts_dict_is_visible
	pg_ts_parser_is_visible pg_ts_template_is_visible pg_type_is_visible

	aggregate list_aggr list_aggregate array_aggr array_aggregate

	finalize combine stats alias vector_type create_sort_key constant_or_null remap_struct replace_type
	cast_to_type get_type make_type can_cast_implicitly unpivot_list switch

	icu_sort_key timetz_byte_comparable parse_duckdb_log_message
	st_asbinary st_astext st_aswkb st_aswkt st_crs st_geomfromwkb st_intersects_extent st_setcrs
	variant_bytes_to_variant variant_extract variant_normalize variant_to_parquet_variant variant_typeof
`)

// refusedPrefixes cover families refused whole.
var refusedPrefixes = []string{"__internal_", "icu_collate_"}

// TestFunctionsClassified checks the allow-lists against the functions of
// the DuckDB this binary links: every allowed name must exist (a typo would
// silently allow nothing, or a future function of that name), and every
// built-in must be either allowed or deliberately refused.
func TestFunctionsClassified(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT DISTINCT lower(function_name), function_type FROM duckdb_functions() WHERE internal")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	scalar, table := map[string]bool{}, map[string]bool{}
	for rows.Next() {
		var name, kind string
		if err := rows.Scan(&name, &kind); err != nil {
			t.Fatal(err)
		}
		switch kind {
		case "table", "table_macro":
			table[name] = true
		case "pragma":
		default:
			scalar[name] = true
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	refused := map[string]bool{}
	for _, n := range refusedFunctions {
		refused[n] = true
	}
	var unknown, overlap, unclassified []string
	for n := range duckdb.AllowedFunctions {
		if !scalar[n] && !table[n] { // unnest is a table function DuckDB also reads in a select list
			unknown = append(unknown, n)
		}
		if refused[n] {
			overlap = append(overlap, n)
		}
	}
	for n := range duckdb.TableFunctions {
		if !table[n] {
			unknown = append(unknown, n+" (table)")
		}
	}
next:
	for n := range scalar {
		if duckdb.AllowedFunctions[n] || refused[n] {
			continue
		}
		for _, p := range refusedPrefixes {
			if strings.HasPrefix(n, p) {
				continue next
			}
		}
		unclassified = append(unclassified, n)
	}
	sort.Strings(unknown)
	sort.Strings(overlap)
	sort.Strings(unclassified)
	if len(unknown) > 0 {
		t.Errorf("allowed functions DuckDB does not have: %v", unknown)
	}
	if len(overlap) > 0 {
		t.Errorf("functions both allowed and refused: %v", overlap)
	}
	if len(unclassified) > 0 {
		t.Errorf("DuckDB functions in neither list (decide, then add each to allowedFunctions or refusedFunctions): %v", unclassified)
	}
}

// TestRefusedFunctions calls a sample of refused functions, and table
// functions that read files or settings, in otherwise plain queries.
func TestRefusedFunctions(t *testing.T) {
	db := open(t, demoFile(t))
	for _, q := range []string{
		"SELECT nextval('s')", "SELECT current_setting('threads')", "SELECT getvariable('x')",
		"SELECT sleep_ms(1)", "SELECT pg_sleep(1)", "SELECT list_aggregate([1], 'sum')",
		"SELECT json_serialize_sql('SELECT 1')", "SELECT error('x')", "SELECT write_log('x')",
		"SELECT current_database()", "SELECT txid_current()",
		"SELECT * FROM read_csv('x.csv')", "SELECT * FROM duckdb_settings()", "SELECT * FROM query('SELECT 1')",
		"SELECT * FROM glob('*')", "SELECT * FROM test_all_types()", "SELECT * FROM checkpoint()",
	} {
		_, err := db.Guard(context.Background(), q)
		if database.CodeOf(err) != database.CodeForbidden || !strings.Contains(err.Error(), "not allowed") {
			t.Errorf("Guard(%q) = %v; want a forbidden refusal naming the function", q, err)
		}
	}
}

// TestShadowingMacros opens a database whose macros carry the names of
// built-ins. DuckDB resolves an unqualified call to the database's macro
// first, so the engine's own SQL must not be fooled (introspection, the
// settings check, the parser call), and queries may not call those names.
func TestShadowingMacros(t *testing.T) {
	secret := writeFile(t, t.TempDir(), "secret.csv", "k,v\nkey,hunter2\n")
	dir := t.TempDir()
	path := makeDB(t, dir, "macros.duckdb", `
		CREATE TABLE t AS SELECT 'A' AS a;
		CREATE MACRO lower(x) AS (SELECT max(v) FROM read_csv('`+secret+`'));
		CREATE MACRO json_serialize_sql(x) AS '{"error": false, "statements": [{"node": {"type": "SELECT_NODE"}}]}';
		CREATE MACRO current_setting(x) AS 'fake';
		CREATE MACRO current_database() AS 'fake';
		CREATE MACRO count(x) AS 42;
		CREATE MACRO length(x) AS 0;
		CREATE MACRO duckdb_tables() AS TABLE SELECT 'fake' AS schema_name, '/etc/passwd' AS table_name;`)
	before := dirState(t, dir)
	db := open(t, path)
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tb, ok := s.Table("t"); len(s.Tables) != 1 || !ok || tb.RowCount != 1 || tb.Columns[0].Distinct != 1 {
		t.Errorf("introspection fooled by the macros: %+v", s.Tables)
	}
	for q, want := range map[string]string{
		"SELECT lower(a) FROM t":                   "defines its own lower()",
		"SELECT count(a) FROM t":                   "defines its own count()",
		"SELECT * FROM duckdb_tables()":            "defines its own duckdb_tables()",
		"SELECT * FROM '/etc/passwd'":              "reading files is not allowed",
		"SELECT * FROM read_csv('" + secret + "')": "read_csv() is not allowed",
	} {
		if _, err := db.Guard(ctx, q); database.CodeOf(err) != database.CodeForbidden || !strings.Contains(err.Error(), want) {
			t.Errorf("Guard(%q) = %v; want forbidden, mentioning %q", q, err, want)
		}
	}
	res, err := db.Query(ctx, "SELECT system.main.lower(max(a)) AS l, count(*) AS n FROM t", nil, database.Limits{MaxRows: 1})
	if err != nil || !cmp.Equal(res.Rows, [][]any{{"a", int64(1)}}) {
		t.Errorf("calling the built-ins by full name: %+v, %v", res, err)
	}
	// With querent's checks skipped, the macro runs, and the lockdown
	// keeps the file out of reach.
	if err := db.QueryUnchecked(ctx, "SELECT lower(a) FROM t"); database.CodeOf(duckdb.Classify(err)) != database.CodeForbidden {
		t.Errorf("the file-reading macro with checks skipped: %v, want forbidden", err)
	}
	db.Close()
	if after := dirState(t, dir); after != before {
		t.Errorf("the directory changed:\n%s\n→\n%s", before, after)
	}
}
