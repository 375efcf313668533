package postgres_test

import (
	"strings"

	"querent/internal/database"
	"querent/internal/database/postgres"
	"querent/internal/schema"
)

// testSchema mirrors the schema the compiler's golden files are written
// against (internal/sqlgen's testSchema), in PostgreSQL's terms: the default
// schema is public, and regions lives in the sales schema.
func testSchema() *schema.Schema {
	cols := func(defs ...string) []schema.Column {
		var out []schema.Column
		for _, d := range defs {
			name, typ, _ := strings.Cut(d, " ")
			out = append(out, schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Distinct: -1})
		}
		return out
	}
	table := func(ns, name string, c []schema.Column) schema.Table {
		full := name
		if ns != "public" {
			full = ns + "." + name
		}
		return schema.Table{Name: full, Namespace: ns, Ident: name, RowCount: -1, Columns: c}
	}
	return &schema.Schema{Engine: "postgres", Tables: []schema.Table{
		table("public", "customers", cols("id bigint", "name text", "email text", "country text", "city text",
			"client_id bigint", "created_at timestamp", "active boolean")),
		table("public", "orders", cols("id bigint", "customer_id bigint", "order_date date", "status text",
			"total_amount double precision", "quantity bigint", "discount double precision", "client_id bigint", "shipped_at timestamp")),
		table("public", "order details", cols("order_id bigint", "product_id bigint", "unit_price double precision", "quantity bigint", `we"ird text`)),
		table("public", "products", cols("id bigint", "name text", "category text", "price double precision")),
		table("public", "payments", cols("id bigint", "order_id bigint", "amount double precision", "paid_at timestamp", "method text")),
		table("public", "employees", cols("id bigint", "name text", "manager_id bigint", "region_id bigint", "hired_on date", "salary bigint")),
		table("sales", "regions", cols("id bigint", "name text", "manager text", "client_id bigint")),
	}}
}

// offlineDB is a DB that guards against testSchema without a server. Its
// user schemas define a function evil, a function evil_row of a row (so
// o.evil_row would call it), a function md5 that shadows the built-in, and
// operators === and && (the latter shadowing the built-in).
func offlineDB() *postgres.DB {
	return postgres.NewOffline(postgres.Offline{
		Schema:     testSchema(),
		SearchPath: []string{"public"},
		Catalog: []string{"pg_class", "pg_authid", "pg_shadow", "pg_user", "pg_roles", "pg_stat_activity",
			"pg_settings", "pg_proc", "pg_namespace", "pg_tables", "pg_user_mappings", "pg_user_mapping",
			"pg_largeobject", "pg_stat_statements", "pg_database"},
		Funcs:    map[string]string{"evil": "public", "evil_row": "public", "md5": "public", "my_proc": "public"},
		RowFuncs: map[string]string{"evil_row": "public"},
		Ops:      map[string]string{"===": "public", "&&": "public"},
	})
}

// refusal is an input that must be refused with code, and whose message
// must mention want (when set).
type refusal struct {
	sql  string
	code database.Code
	want string
}

func forbid(sql string, want ...string) refusal {
	r := refusal{sql: sql, code: database.CodeForbidden}
	if len(want) > 0 {
		r.want = want[0]
	}
	return r
}

func syntax(sql string) refusal { return refusal{sql: sql, code: database.CodeSyntax} }

// adversarial is the corpus every layer must refuse: writes and DDL,
// stacked statements hidden by comments and quoting, data-modifying CTEs,
// SELECT INTO, locking, side-effect functions, user-defined functions,
// operators and types, system catalogs, and inputs too long or deep to
// parse. Each is refused by Guard and by Query, and run live against a
// server none may change anything.
var adversarial = []refusal{
	// statements that are not queries
	forbid("DELETE FROM orders"),
	forbid("UPDATE orders SET status = 'x'"),
	forbid("INSERT INTO orders (id) VALUES (1)"),
	forbid("MERGE INTO orders o USING customers c ON o.id = c.id WHEN MATCHED THEN DELETE"),
	forbid("DROP TABLE orders"),
	forbid("TRUNCATE orders"),
	forbid("ALTER TABLE orders ADD COLUMN x int"),
	forbid("CREATE TABLE t (x int)"),
	forbid("CREATE TEMP TABLE t AS SELECT 1"),
	forbid("CREATE EXTENSION dblink"),
	forbid("CREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql"),
	forbid("GRANT ALL ON orders TO public"),
	forbid("REVOKE SELECT ON orders FROM public"),
	forbid("COPY orders TO '/tmp/querent-copy'"),
	forbid("COPY (SELECT 1) TO PROGRAM 'id'"),
	forbid("COPY orders FROM STDIN"),
	forbid("DO $$ BEGIN PERFORM 1; END $$"),
	forbid("CALL my_proc()"),
	forbid("EXPLAIN ANALYZE DELETE FROM orders"),
	forbid("EXPLAIN (ANALYZE) UPDATE orders SET id = id"),
	forbid("EXPLAIN ANALYZE SELECT 1"),
	forbid("LISTEN ch"),
	forbid("NOTIFY ch, 'x'"),
	forbid("UNLISTEN *"),
	forbid("PREPARE p AS SELECT 1"),
	forbid("EXECUTE p"),
	forbid("DEALLOCATE ALL"),
	forbid("SET search_path = evil"),
	forbid("SET ROLE postgres"),
	forbid("SET SESSION AUTHORIZATION postgres"),
	forbid("SET transaction_read_only = off"),
	forbid("RESET ALL"),
	forbid("LOCK TABLE orders IN ACCESS EXCLUSIVE MODE"),
	forbid("BEGIN"),
	forbid("COMMIT"),
	forbid("ROLLBACK"),
	forbid("START TRANSACTION READ WRITE"),
	forbid("SAVEPOINT s"),
	forbid("VACUUM orders"),
	forbid("ANALYZE orders"),
	forbid("CLUSTER orders"),
	forbid("REINDEX TABLE orders"),
	forbid("REFRESH MATERIALIZED VIEW mv"),
	forbid("DISCARD ALL"),
	forbid("CHECKPOINT"),
	forbid("LOAD 'plpgsql'"),
	forbid("COMMENT ON TABLE orders IS 'x'"),
	forbid("DECLARE c CURSOR FOR SELECT 1"),
	forbid("FETCH ALL FROM c"),
	forbid("CLOSE c"),
	forbid("SHOW ALL"),
	forbid("TABLE orders"),
	forbid("ALTER SYSTEM SET fsync = off"),
	forbid("IMPORT FOREIGN SCHEMA public FROM SERVER s INTO public"),

	// stacked statements, hidden from naive lexers by comments and quoting
	forbid("SELECT 1; DELETE FROM orders"),
	forbid("SELECT 1;DROP TABLE orders--"),
	forbid("SELECT 1; SELECT 2"),
	forbid("SELECT 1 -- x\n; DELETE FROM orders"),
	forbid("SELECT 1 -- x\r; DELETE FROM orders"),
	forbid("SELECT 1 /* ; */ ; DELETE FROM orders"),
	forbid("SELECT 1 /* /* */ */; DELETE FROM orders"),
	forbid("SELECT '1'';'; DELETE FROM orders"),
	forbid("SELECT $$;$$; DELETE FROM orders"),
	forbid("SELECT $tag$ ; $tag$; DELETE FROM orders"),
	forbid("SELECT $_$;$_$; DELETE FROM orders"),
	forbid(`SELECT E'\''; DELETE FROM orders; --'`),
	forbid(`SELECT E'\\'; DELETE FROM orders; --'`),
	// guard.Check reads e'' as a standard string, which leaves this one
	// unterminated: refused as a syntax error before PostgreSQL's lexer
	// would find the second statement.
	syntax(`SELECT e'\''; DELETE FROM orders`),
	forbid(`SELECT U&'\0027'; DELETE FROM orders`),
	forbid(`SELECT "a;" FROM orders; DELETE FROM orders`),
	forbid("SELECT * FROM orders WHERE status = 'x' OR 1=1; DROP TABLE orders"),
	forbid("SELECT 1 UNION SELECT 2; UPDATE orders SET id = 1"),
	forbid("SeLeCt 1; dElEtE FrOm orders"),
	forbid("VALUES (1); DELETE FROM orders"),
	forbid("(SELECT 1); DELETE FROM orders"),
	forbid("SELECT * FROM orders LIMIT 1; COMMIT; DROP TABLE orders"),
	forbid("SELECT current_user; SET ROLE admin"),

	// data-modifying CTEs, SELECT INTO, locking
	forbid("WITH x AS (DELETE FROM orders RETURNING *) SELECT * FROM x"),
	forbid("WITH x AS (UPDATE orders SET status = 'x' RETURNING *) SELECT 1"),
	forbid("WITH x AS (INSERT INTO orders (id) VALUES (1) RETURNING id) SELECT * FROM x"),
	forbid("WITH x AS (MERGE INTO orders o USING customers c ON o.id = c.id WHEN MATCHED THEN DELETE RETURNING o.id) SELECT 1"),
	forbid("WITH RECURSIVE x AS (SELECT 1 UNION ALL SELECT 1 FROM x), y AS (DELETE FROM orders) SELECT 1"),
	forbid("WITH t AS MATERIALIZED (DELETE FROM orders RETURNING 1) SELECT 1"),
	forbid("SELECT 1 WHERE EXISTS (WITH d AS (DELETE FROM orders RETURNING 1) SELECT 1 FROM d)"),
	forbid("SELECT * INTO new_table FROM orders"),
	forbid("SELECT * INTO TEMP t FROM orders"),
	forbid("SELECT * INTO UNLOGGED t FROM orders"),
	forbid("SELECT 1 INTO x"),
	forbid("SELECT * FROM orders FOR UPDATE", "UPDATE"),
	forbid("SELECT * FROM orders FOR SHARE", "locking clause"),
	forbid("SELECT * FROM orders FOR NO KEY UPDATE"),
	forbid("SELECT * FROM orders FOR KEY SHARE SKIP LOCKED", "locking clause"),
	forbid("SELECT * FROM orders FOR SHARE NOWAIT", "locking clause"),
	forbid("SELECT * FROM (SELECT * FROM orders FOR SHARE) s", "locking clause"),
	forbid("WITH x AS (SELECT * FROM orders FOR KEY SHARE) SELECT * FROM x", "locking clause"),
	forbid("SELECT * FROM orders WHERE id IN (SELECT id FROM orders FOR SHARE)", "locking clause"),

	// functions with side effects, by name
	forbid("SELECT set_config('transaction_read_only', 'off', false)", "set_config"),
	forbid("SELECT set_config('search_path', 'evil', false)", "changes a server setting"),
	forbid("SELECT pg_catalog.set_config('x.y', '1', false)", "set_config"),
	forbid("SELECT pg_advisory_lock(1)", "advisory lock"),
	forbid("SELECT pg_advisory_xact_lock(1)", "advisory lock"),
	forbid("SELECT pg_try_advisory_lock(42)", "advisory lock"),
	forbid("SELECT pg_advisory_lock_shared(1)", "advisory lock"),
	forbid("SELECT count(*) FILTER (WHERE pg_advisory_lock(1) IS NULL) FROM orders", "advisory lock"),
	forbid("SELECT nextval('orders_id_seq')", "sequence"),
	forbid("SELECT setval('orders_id_seq', 1)", "sequence"),
	forbid("SELECT currval('s')", "sequence"),
	forbid("SELECT sum(id) OVER (ORDER BY nextval('s')) FROM orders", "sequence"),
	forbid("SELECT 1 FROM orders WHERE id = ANY(ARRAY(SELECT nextval('s')))", "sequence"),
	forbid("SELECT dblink_exec('host=x', 'DELETE FROM orders')", "another database"),
	forbid("SELECT * FROM dblink('dbname=x', 'select 1') AS t(x int)", "another database"),
	forbid("SELECT dblink_connect('x')", "another database"),
	forbid("SELECT * FROM orders o JOIN LATERAL dblink('x', 'y') AS d(a int) ON true", "dblink"),
	forbid("SELECT lo_import('/etc/passwd')", "large objects"),
	forbid("SELECT lo_export(1, '/tmp/x')", "large objects"),
	forbid("SELECT lo_unlink(1)", "large objects"),
	forbid("SELECT lo_from_bytea(0, 'x')", "large objects"),
	forbid("SELECT ARRAY(SELECT lo_import('/etc/passwd'))", "lo_import"),
	forbid("SELECT pg_read_file('/etc/passwd')", "file"),
	forbid("SELECT (SELECT pg_read_file('/etc/passwd'))", "file"),
	forbid("SELECT pg_read_binary_file('/etc/passwd')", "file"),
	forbid("SELECT * FROM pg_ls_dir('/')", "directories"),
	forbid("SELECT pg_ls_logdir()", "directories"),
	forbid("SELECT pg_stat_file('/etc/passwd')", "file"),
	forbid("SELECT pg_file_write('x', 'y', false)", "files"),
	forbid("SELECT pg_sleep(10)", "pg_sleep"),
	forbid("SELECT pg_catalog.pg_sleep(1)", "pg_sleep"),
	forbid(`SELECT "pg_catalog"."pg_sleep"(1)`, "pg_sleep"),
	forbid("SELECT pg_sleep_for('1 hour')", "pg_sleep_for"),
	forbid("SELECT pg_sleep_until(now() + interval '1 hour')", "pg_sleep_until"),
	forbid("SELECT * FROM ROWS FROM (pg_sleep(1)) AS x", "pg_sleep"),
	forbid("SELECT * FROM generate_series(1, 10) g, LATERAL (SELECT pg_sleep(0.1)) s", "pg_sleep"),
	forbid("SELECT format('%s', pg_sleep(1))", "pg_sleep"),
	forbid("SELECT jsonb_path_query('{}', '$'), pg_sleep(1)", "pg_sleep"),
	forbid("SELECT '1'::regclass, pg_sleep(1)", "pg_sleep"),
	forbid("SELECT pg_terminate_backend(1)", "another session"),
	forbid("SELECT * FROM orders WHERE id = 1 OR pg_terminate_backend(pg_backend_pid())", "pg_terminate_backend"),
	forbid("SELECT pg_cancel_backend(1)", "another session"),
	forbid("SELECT pg_reload_conf()", "configuration"),
	forbid("SELECT txid_current()", "transaction id"),
	forbid("SELECT pg_current_xact_id()", "transaction id"),
	forbid("SELECT pg_notify('ch', 'x')", "notification"),
	forbid("SELECT query_to_xml('delete from orders', true, true, '')", "SQL given as text"),
	forbid("SELECT * FROM query_to_xml('select 1', true, true, '')", "SQL given as text"),
	forbid("SELECT pg_catalog.query_to_xml('select 1', true, true, '')", "SQL given as text"),
	forbid("SELECT table_to_xml('orders', true, true, '')", "whole table"),
	forbid("SELECT cursor_to_xml('c', 1, true, true, '')", "cursor"),
	forbid("SELECT pg_logical_emit_message(true, 'x', 'y')", "replication"),
	forbid("SELECT pg_create_restore_point('x')", "creates server objects"),
	forbid("SELECT pg_switch_wal()", "administers"),
	forbid("SELECT pg_stat_reset()", "statistics"),
	forbid("SELECT * FROM pg_stat_get_activity(NULL)", "sessions"),
	forbid("SELECT pg_export_snapshot()", "snapshot"),
	forbid("SELECT setseed(0.5)", "session state"),
	forbid("SELECT pg_input_is_valid('1', 'mydomain')", "input function"),
	forbid("SELECT CASE WHEN false THEN set_config('a.b', 'c', false) END", "set_config"),
	forbid("SELECT xmlparse(document '<a/>')", "XML"),
	forbid("SELECT xmlelement(name a, 'x')", "XML"),
	forbid("SELECT * FROM xmltable('/a' PASSING '<a/>' COLUMNS x int)", "XMLTABLE"),
	forbid("SELECT xpath('/a', '<a/>')", "XML"),

	// user-defined functions, operators, casts and attribute notation
	forbid("SELECT public.evil()", "outside pg_catalog"),
	forbid("SELECT evil()", "not on the list"),
	forbid(`SELECT "Lower"('x')`, "not on the list"),
	forbid("SELECT md5('x')", `also defined in schema "public"`),
	forbid("SELECT count(*) FROM orders WHERE evil_func(id)", "not on the list"),
	forbid("SELECT public.lower('x')", "outside pg_catalog"),
	forbid("SELECT otherdb.public.f()", "database name"),
	forbid(`SELECT U&"d\0065lete"()`, "not on the list"),
	forbid("SELECT 1 OPERATOR(public.===) 2", "OPERATOR(public.===)"),
	forbid("SELECT 1 === 2", "==="),
	forbid("SELECT ARRAY[1] && ARRAY[2]", `also defined in schema "public"`),
	forbid("SELECT 1 OPERATOR(public.=) ANY (SELECT 1)", "OPERATOR(public.=)"),
	forbid("SELECT * FROM orders ORDER BY id USING ===", "==="),
	forbid("SELECT '1'::mydomain", "mydomain"),
	forbid("SELECT CAST('1' AS public.mydomain)", "public.mydomain"),
	forbid(`SELECT '1'::"Text"`, "Text"),
	forbid("SELECT * FROM json_to_record('{}') AS x(a mydomain)", "mydomain"),
	forbid("SELECT o.evil_row FROM orders o", "evil_row"),
	forbid("SELECT (o).evil_row FROM orders o", "evil_row"),
	forbid("SELECT * FROM orders TABLESAMPLE evil_sampler (10)", "TABLESAMPLE"),

	// system catalogs
	forbid("SELECT * FROM pg_authid", "password hashes"),
	forbid("SELECT rolpassword FROM pg_catalog.pg_authid", "password hashes"),
	forbid(`SELECT * FROM "pg_authid"`, "password hashes"),
	forbid(`SELECT * FROM U&"pg\005fauthid"`, "password hashes"),
	forbid(`SELECT * FROM U&"pg\005fshadow"`, "password hashes"),
	forbid("SELECT * FROM pg_shadow", "password hashes"),
	forbid("SELECT (SELECT rolpassword FROM pg_authid LIMIT 1)", "password hashes"),
	forbid("WITH pg_authid AS (SELECT 1) SELECT * FROM pg_catalog.pg_authid", "password hashes"),
	forbid("SELECT * FROM pg_user_mappings", "credentials"),
	forbid("SELECT * FROM pg_catalog.pg_user_mapping", "credentials"),
	forbid("SELECT query FROM pg_stat_activity", "queries"),
	forbid("SELECT * FROM pg_stat_statements", "queries"),
	forbid("SELECT * FROM information_schema.tables", "system catalog"),
	forbid("SELECT * FROM pg_settings", "settings"),
	forbid("SELECT * FROM orders WHERE EXISTS (SELECT 1 FROM pg_roles)", "roles"),
	forbid("SELECT 1 FROM pg_catalog.pg_class", "system catalog"),
	forbid("SELECT relname FROM pg_class", "system catalog"),
	forbid("SELECT * FROM pg_toast.pg_toast_1234", "system catalog"),
	forbid("SELECT * FROM otherdb.public.orders", "another database"),

	// malformed, oversized and too deeply nested input
	syntax("SELECT FROM WHERE"),
	syntax("SELECT 'unterminated"),
	syntax("SELECT (1"),
	syntax("SELECT 1 +"),
	syntax(""),
	syntax("-- only a comment"),
	forbid("SELEC 1"),
	syntax("SELECT 1 \\g"),
	forbid("SELECT '"+strings.Repeat("x", 100_001)+"'", "limit"),
	forbid("SELECT 1"+strings.Repeat("+1", 45_000), "nests too deeply"),
	forbid("SELECT 1"+strings.Repeat("::int", 19_000), "nests too deeply"),
	forbid("SELECT 1"+strings.Repeat(" IS NULL", 12_000), "nests too deeply"),
	forbid("SELECT "+strings.Repeat("(", 5_000)+"1"+strings.Repeat(")", 5_000), "nests too deeply"),
	forbid("SELECT 1"+strings.Repeat(" UNION SELECT 1", 6_000), "nests too deeply"),
	forbid("SELECT 1 FROM orders"+strings.Repeat(" JOIN orders ON true", 4_000), "nests too deeply"),
	forbid("SELECT 1 FROM orders o"+strings.Repeat(" JOIN orders ON o.id = 1 AND true", 2_500), "nests too deeply"),
	forbid("SELECT 1\x00; DELETE FROM orders", "NUL"),
	forbid("SELECT '\xff\xfe'", "UTF-8"),
}

// accepted are analytic queries Guard must accept, with one of the tables
// they read (or "" for none).
var accepted = []struct{ sql, table string }{
	{"SELECT count(*) FROM orders", "orders"},
	{"SELECT c.country, sum(o.total_amount) AS revenue FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.country ORDER BY revenue DESC LIMIT 5", "customers"},
	{"SELECT date_trunc('month', order_date) AS m, count(*) FROM orders GROUP BY 1 ORDER BY 1", "orders"},
	{"SELECT to_char(order_date, 'YYYY-MM') AS m, avg(total_amount) FROM orders GROUP BY m", "orders"},
	{"SELECT extract(year FROM order_date)::int AS y, count(*) FROM orders GROUP BY y", "orders"},
	{"WITH t AS (SELECT customer_id, sum(total_amount) AS s FROM orders GROUP BY 1) SELECT c.name, t.s FROM t JOIN customers c ON c.id = t.customer_id ORDER BY t.s DESC", "customers"},
	{"WITH RECURSIVE chain AS (SELECT id, manager_id, 1 AS depth FROM employees WHERE manager_id IS NULL UNION ALL SELECT e.id, e.manager_id, c.depth + 1 FROM employees e JOIN chain c ON e.manager_id = c.id) SELECT * FROM chain", "employees"},
	{"SELECT name, rank() OVER (PARTITION BY country ORDER BY created_at) FROM customers", "customers"},
	{"SELECT status, count(*) FILTER (WHERE total_amount > 100) FROM orders GROUP BY status", "orders"},
	{"SELECT coalesce(city, 'unknown'), nullif(country, ''), greatest(1, 2), least(3, 4) FROM customers", "customers"},
	{"SELECT * FROM orders WHERE order_date BETWEEN '2024-01-01' AND '2024-12-31' AND status IN ('shipped', 'delivered')", "orders"},
	{"SELECT name FROM customers WHERE email ILIKE '%@example.com' OR name LIKE 'A%' OR name SIMILAR TO 'B%'", "customers"},
	{"SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY total_amount) FROM orders", "orders"},
	{"SELECT o.id, o.total_amount - lag(o.total_amount) OVER (ORDER BY o.order_date) FROM orders o", "orders"},
	{"SELECT country, string_agg(name, ', ' ORDER BY name) FROM customers GROUP BY country", "customers"},
	{`SELECT * FROM "order details" d JOIN products p ON p.id = d.product_id`, "order details"},
	{"SELECT r.name FROM sales.regions r", "sales.regions"},
	{"SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 2 EXCEPT SELECT 3", ""},
	{"VALUES (1, 'a'), (2, 'b')", ""},
	{"SELECT g FROM generate_series(1, 10) g", ""},
	{"SELECT x FROM unnest(ARRAY[1, 2, 3]) AS x", ""},
	{`SELECT jsonb_build_object('a', 1) ->> 'a', '{"a": 1}'::jsonb -> 'a', '{"a": [1]}'::jsonb @> '{"a": [1]}'`, ""},
	{"SELECT now(), current_date, current_timestamp, age(now(), created_at), make_date(2024, 1, 1) FROM customers", "customers"},
	{"SELECT count(*) FROM orders WHERE customer_id = $1 AND order_date >= $2::date", "orders"},
	{"SELECT id FROM orders WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id)", "payments"},
	{"SELECT CASE WHEN total_amount > 100 THEN 'big' ELSE 'small' END AS size, count(*) FROM orders GROUP BY 1", "orders"},
	{"SELECT regexp_replace(email, '@.*', '') FROM customers", "customers"},
	{"SELECT round(avg(total_amount)::numeric, 2) FROM orders", "orders"},
	{"SELECT country, count(*) FROM customers GROUP BY ROLLUP (country)", "customers"},
	{"SELECT * FROM orders ORDER BY order_date DESC NULLS LAST LIMIT 10 OFFSET 5", "orders"},
	{"SELECT DISTINCT ON (customer_id) customer_id, order_date FROM orders ORDER BY customer_id, order_date DESC", "orders"},
	{"SELECT pg_catalog.md5('x'), 2 OPERATOR(pg_catalog.+) 2, ARRAY[1] OPERATOR(pg_catalog.&&) ARRAY[2]", ""},
	{"SELECT current_setting('TimeZone'), version(), current_database()", ""},
	{"SELECT * FROM orders o WHERE o.status = ANY ($1::text[])", "orders"},
	{`SELECT "order details".quantity FROM "order details"`, "order details"},
	{"SELECT * FROM customers TABLESAMPLE SYSTEM (10)", "customers"},
	{`SELECT x.* FROM jsonb_to_record('{"a": 1}') AS x(a int, b text)`, ""},
	{"SELECT 1 -- trailing comment", ""},
	{"/* leading */ SELECT 1", ""},
	{"SELECT 1;", ""},
	{`SELECT E'a\nb', U&'\0041', 'it''s', U&"d\0061te"('2024-01-01')`, ""},
	{"SELECT o.id, p.method FROM orders o LEFT JOIN payments p ON p.order_id = o.id WHERE p.id IS NULL", "orders"},
	{"SELECT customer_id, sum(total_amount) FROM orders GROUP BY customer_id HAVING sum(total_amount) > 1000", "orders"},
	{"SELECT o.order_date + interval '1 day', o.order_date::timestamp AT TIME ZONE 'UTC' FROM orders o", "orders"},
	{"SELECT count(*) FROM orders WHERE status IS DISTINCT FROM 'cancelled' AND discount IS NOT NULL", "orders"},
	{"SELECT ntile(4) OVER w, avg(total_amount) OVER w FROM orders WINDOW w AS (ORDER BY total_amount)", "orders"},
	{"SELECT substring(name FROM 1 FOR 3), position('a' IN name), trim(BOTH ' ' FROM name), upper(name) FROM customers", "customers"},
}
