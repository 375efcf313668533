package sqlgen_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// dialects are the dialect names in golden-file order.
var dialects = []string{"sqlite", "postgres", "mysql", "sqlserver", "duckdb"}

// testSchema is a small shop database with the awkward corners the compiler
// must handle: a table name with a space, a column name with a double quote,
// a table in a non-default namespace, and a tenant column on some tables.
func testSchema() *schema.Schema {
	cols := func(defs ...string) []schema.Column {
		var out []schema.Column
		for _, d := range defs {
			name, typ, _ := strings.Cut(d, " ")
			out = append(out, schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Distinct: -1})
		}
		return out
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "customers", Ident: "customers", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "email TEXT", "country TEXT", "city TEXT",
				"client_id INTEGER", "created_at DATETIME", "active BOOLEAN")},
		{Name: "orders", Ident: "orders", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "customer_id INTEGER", "order_date DATE", "status TEXT",
				"total_amount REAL", "quantity INTEGER", "discount REAL", "client_id INTEGER", "shipped_at DATETIME"),
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
		{Name: "order details", Ident: "order details", RowCount: -1,
			Columns: cols("order_id INTEGER", "product_id INTEGER", "unit_price REAL", "quantity INTEGER", `we"ird TEXT`)},
		{Name: "products", Ident: "products", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "category TEXT", "price REAL")},
		{Name: "payments", Ident: "payments", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "order_id INTEGER", "amount REAL", "paid_at DATETIME", "method TEXT")},
		{Name: "employees", Ident: "employees", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "manager_id INTEGER", "region_id INTEGER", "hired_on DATE", "salary INTEGER")},
		{Name: "sales.regions", Namespace: "sales", Ident: "regions", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "manager TEXT", "client_id INTEGER")},
	}}
}

// testRows fills the SQLite copy of the test schema: two tenants
// (client_id 1 and 2), NULLs in nullable places, dates as ISO text.
var testRows = map[string][]string{
	"customers": {
		`1, 'Ada', 'ada@example.com', 'Germany', 'Berlin', 1, '2023-01-05 09:30:00', 1`,
		`2, 'Bob', NULL, 'France', 'Paris', 1, '2023-02-11 14:00:00', 0`,
		`3, 'Cyd', 'cyd@example.com', 'Germany', NULL, 2, '2023-03-20 08:15:00', 1`,
		`4, 'Dee', 'dee@example.com', NULL, 'Rome', 2, '2024-01-01 00:00:00', 1`,
	},
	"orders": {
		`1, 1, '2024-01-15', 'shipped', 120.5, 3, 0.1, 1, '2024-01-16 10:00:00'`,
		`2, 1, '2024-02-29', 'delivered', 80, 1, NULL, 1, '2024-03-01 12:30:00'`,
		`3, 2, '2024-03-31', 'cancelled', 15.25, 2, 0, 1, NULL`,
		`4, 3, '2024-12-30', 'shipped', 300, 5, 0.2, 2, '2024-12-31 23:59:00'`,
		`5, 4, '2025-01-01', 'pending', NULL, 1, NULL, 2, NULL`,
	},
	"order details": {
		`1, 1, 10.5, 2, 'x"y'`, `1, 2, 99.5, 1, NULL`, `2, 2, 80, 1, 'z'`, `4, 3, 60, 5, NULL`,
	},
	"products": {
		`1, 'Pen', 'office', 10.5`, `2, 'Lamp', 'home', 99.5`, `3, 'Desk', 'office', 60`,
	},
	"payments": {
		`1, 1, 120.5, '2024-01-15 11:00:00', 'card'`, `2, 2, 80, '2024-03-01 09:00:00', 'cash'`,
		`3, 4, 150, '2024-12-31 08:00:00', 'card'`,
	},
	"employees": {
		`1, 'Eve', NULL, 1, '2019-05-01', 9000`, `2, 'Fay', 1, 1, '2021-07-15', 5000`,
		`3, 'Gus', 1, 2, '2022-11-30', 4800`, `4, 'Hal', 2, NULL, '2024-02-01', 3000`,
	},
	"sales.regions": {
		`1, 'North', 'Eve', 1`, `2, 'South', 'Gus', 2`,
	},
}

// openSQLite creates the test schema with its rows in an in-memory SQLite
// database; the namespaced table lives in an attached database.
func openSQLite(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1) // every connection would get its own empty :memory: database
	d, _ := sqlgen.DialectFor("sqlite")
	exec := func(stmt string) {
		t.Helper()
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	for _, tb := range testSchema().Tables {
		ref := d.QuoteIdent(tb.Ident)
		if tb.Namespace != "" {
			exec("ATTACH DATABASE ':memory:' AS " + d.QuoteIdent(tb.Namespace))
			ref = d.QuoteIdent(tb.Namespace) + "." + ref
		}
		var defs []string
		for _, c := range tb.Columns {
			defs = append(defs, d.QuoteIdent(c.Name)+" "+c.Type)
		}
		exec("CREATE TABLE " + ref + " (" + strings.Join(defs, ", ") + ")")
		for _, row := range testRows[tb.Name] {
			exec("INSERT INTO " + ref + " VALUES (" + row + ")")
		}
	}
	return db
}

// query runs sql on db and returns its rows, failing the test on error.
func query(t testing.TB, db *sql.DB, sqlText string, args ...any) [][]any {
	t.Helper()
	rows, err := db.Query(sqlText, args...)
	if err != nil {
		t.Fatalf("query: %v\n%s\nargs: %v", err, sqlText, args)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = string(b)
			}
		}
		out = append(out, vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("rows: %v\n%s", err, sqlText)
	}
	return out
}

// mustDecode parses a plan written in a test, failing on error.
func mustDecode(t testing.TB, js string) *plan.Plan {
	t.Helper()
	p, err := plan.Decode([]byte(js))
	if err != nil {
		t.Fatalf("decode plan: %v\n%s", err, js)
	}
	return p
}

// compile compiles js for the named dialect with opt.
func compile(t testing.TB, dialect, js string, opt sqlgen.Options) (*sqlgen.Query, error) {
	t.Helper()
	d, err := sqlgen.DialectFor(dialect)
	if err != nil {
		t.Fatal(err)
	}
	return sqlgen.Compile(mustDecode(t, js), testSchema(), d, opt)
}

// mustCompile compiles js, failing the test on error.
func mustCompile(t testing.TB, dialect, js string, opt sqlgen.Options) *sqlgen.Query {
	t.Helper()
	q, err := compile(t, dialect, js, opt)
	if err != nil {
		t.Fatalf("%s: %v", dialect, err)
	}
	return q
}

// decodeArgs parses a golden "-- args:" list, integers as int64 so SQLite
// binds them as it would the compiler's own values.
func decodeArgs(s string) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var raw []any
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	for i, v := range raw {
		raw[i] = fromJSONNumber(v)
	}
	return raw, nil
}

func fromJSONNumber(v any) any {
	n, ok := v.(json.Number)
	if !ok {
		return v
	}
	if i, err := n.Int64(); err == nil {
		return i
	}
	f, err := n.Float64()
	if err != nil {
		panic(fmt.Sprintf("bad number %s", n))
	}
	return f
}
