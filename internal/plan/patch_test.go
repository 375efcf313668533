package plan_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	_ "github.com/mattn/go-sqlite3"

	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// shopSchema is a four-table shop with declared foreign keys: orders →
// customers, order_items → orders and products.
func shopSchema() *schema.Schema {
	cols := func(defs ...string) []schema.Column {
		var out []schema.Column
		for _, d := range defs {
			name, typ, _ := strings.Cut(d, " ")
			out = append(out, schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Distinct: -1})
		}
		return out
	}
	fk := func(c, table string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{c}, RefTable: table, RefColumns: []string{"id"}}
	}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "customers", Ident: "customers", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "email TEXT", "country TEXT")},
		{Name: "orders", Ident: "orders", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns:     cols("id INTEGER", "customer_id INTEGER", "order_date DATE", "status TEXT", "total REAL"),
			ForeignKeys: []schema.ForeignKey{fk("customer_id", "customers")}},
		{Name: "order_items", Ident: "order_items", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns:     cols("id INTEGER", "order_id INTEGER", "product_id INTEGER", "quantity INTEGER", "unit_price REAL"),
			ForeignKeys: []schema.ForeignKey{fk("order_id", "orders"), fk("product_id", "products")}},
		{Name: "products", Ident: "products", PrimaryKey: []string{"id"}, RowCount: -1,
			Columns: cols("id INTEGER", "name TEXT", "category TEXT", "price REAL")},
	}}
	// Status and country hold a few known values: dimensions.
	s.Tables[0].Columns[3].SamplesComplete = true
	s.Tables[1].Columns[3].SamplesComplete = true
	return s
}

var shopRows = map[string][]string{
	"customers": {
		`1, 'Ada', 'ada@x.com', 'Germany'`, `2, 'Bob', 'bob@x.com', 'France'`,
		`3, 'Cyd', NULL, 'Germany'`, `4, 'Dee', 'dee@x.com', 'Italy'`,
	},
	"orders": {
		`1, 1, '2023-03-05', 'shipped', 100`, `2, 1, '2024-01-15', 'shipped', 250`,
		`3, 2, '2024-02-20', 'cancelled', 80`, `4, 2, '2024-06-01', 'shipped', 40`,
		`5, 3, '2023-11-30', 'cancelled', 60`, `6, 3, '2024-12-31', 'pending', 300`,
		`7, 4, '2025-01-01', 'shipped', 20`, `8, 1, '2024-07-04', 'cancelled', 15`,
	},
	"order_items": {
		`1, 1, 1, 4, 2.5`, `2, 1, 3, 1, 90`, `3, 2, 2, 2, 30`, `4, 3, 1, 10, 2.5`,
		`5, 4, 2, 1, 30`, `6, 6, 3, 2, 120`, `7, 7, 1, 8, 2.5`,
	},
	"products": {`1, 'Pen', 'office', 2.5`, `2, 'Lamp', 'home', 30`, `3, 'Desk', 'office', 120`},
}

// shopDB is the shop in an in-memory SQLite database.
func shopDB(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1) // one :memory: database
	for _, tb := range shopSchema().Tables {
		var defs []string
		for _, c := range tb.Columns {
			defs = append(defs, c.Name+" "+c.Type)
		}
		stmts := []string{"CREATE TABLE " + tb.Name + " (" + strings.Join(defs, ", ") + ")"}
		for _, r := range shopRows[tb.Name] {
			stmts = append(stmts, "INSERT INTO "+tb.Name+" VALUES ("+r+")")
		}
		for _, st := range stmts {
			if _, err := db.Exec(st); err != nil {
				t.Fatalf("%s: %v", st, err)
			}
		}
	}
	return db
}

// compileSQLite compiles p for SQLite against the shop schema.
func compileSQLite(t testing.TB, p *plan.Plan) *sqlgen.Query {
	t.Helper()
	d, err := sqlgen.DialectFor("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	q, err := sqlgen.Compile(p, shopSchema(), d, sqlgen.Options{})
	if err != nil {
		t.Fatalf("compile: %v\n%s", err, p)
	}
	return q
}

// runPlan compiles and runs p, returning each row as "a|b|c".
func runPlan(t testing.TB, db *sql.DB, p *plan.Plan) []string {
	t.Helper()
	q := compileSQLite(t, p)
	rows, err := db.Query(q.SQL, q.Args...)
	if err != nil {
		t.Fatalf("query: %v\n%s\nargs: %v", err, q.SQL, q.Args)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			switch x := v.(type) {
			case nil:
				parts[i] = "NULL"
			case []byte:
				parts[i] = string(x)
			case time.Time: // the driver parses DATE columns
				parts[i] = x.Format(time.DateOnly)
			default:
				parts[i] = fmt.Sprint(x)
			}
		}
		out = append(out, strings.Join(parts, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func decodePlan(t testing.TB, js string) *plan.Plan {
	t.Helper()
	p, err := plan.Decode([]byte(js))
	if err != nil {
		t.Fatalf("decode plan: %v\n%s", err, js)
	}
	return p
}

func decodeOps(t testing.TB, js string) []plan.PatchOp {
	t.Helper()
	ops, err := plan.DecodePatchOps([]byte(js))
	if err != nil {
		t.Fatalf("decode ops: %v\n%s", err, js)
	}
	return ops
}

// The plans the patches start from.
const (
	// listPlan: every order, by id.
	listPlan = `{"select": [{"expr": {"col": "orders.id"}}, {"expr": {"col": "orders.status"}}, {"expr": {"col": "orders.total"}}],
		"from": {"table": "orders"}, "order_by": [{"expr": {"col": "orders.id"}}]}`
	// countryPlan: orders and revenue per customer country.
	countryPlan = `{"select": [{"expr": {"col": "customers.country"}}, {"expr": {"agg": "count"}},
			{"expr": {"agg": "sum", "arg": {"col": "orders.total"}}, "alias": "revenue"}],
		"from": {"table": "orders"},
		"joins": [{"table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}],
		"group_by": [{"col": "customers.country"}],
		"order_by": [{"expr": {"col": "customers.country"}}]}`
	// categoryPlan: units sold per product category in shipped orders, three tables.
	categoryPlan = `{"select": [{"expr": {"col": "products.category"}}, {"expr": {"agg": "sum", "arg": {"col": "order_items.quantity"}}, "alias": "units"}],
		"from": {"table": "order_items"},
		"joins": [{"table": "orders", "on": [{"left": "order_items.order_id", "right": "orders.id"}]},
			{"table": "products", "on": [{"left": "order_items.product_id", "right": "products.id"}]}],
		"where": {"op": "=", "left": {"col": "orders.status"}, "right": {"value": "shipped"}},
		"group_by": [{"col": "products.category"}],
		"order_by": [{"expr": {"col": "products.category"}}]}`
)

// TestApplyPatchResults runs patched plans on SQLite and checks what a user
// would see.
func TestApplyPatchResults(t *testing.T) {
	db := shopDB(t)
	tests := []struct {
		name, plan, ops string
		want            []string
	}{
		{"limit 3 returns 3 rows", listPlan, `{"op":"modify_limit","limit":3}`,
			[]string{"1|shipped|100", "2|shipped|250", "3|cancelled|80"}},
		{"limit null removes the limit", listPlan, `[{"op":"modify_limit","limit":2},{"op":"modify_limit","limit":null}]`,
			[]string{"1|shipped|100", "2|shipped|250", "3|cancelled|80", "4|shipped|40", "5|cancelled|60", "6|pending|300", "7|shipped|20", "8|cancelled|15"}},
		{"add a column one foreign key away joins its table", listPlan, `[{"op":"add_column","column":"customers.email"},{"op":"modify_limit","limit":6}]`,
			[]string{"1|shipped|100|ada@x.com", "2|shipped|250|ada@x.com", "3|cancelled|80|bob@x.com", "4|shipped|40|bob@x.com", "5|cancelled|60|NULL", "6|pending|300|NULL"}},
		{"add a bare column name", listPlan, `[{"op":"add_column","column":"order_date"},{"op":"modify_limit","limit":1}]`,
			[]string{"1|shipped|100|2023-03-05"}},
		{"add a selected column changes nothing", listPlan, `[{"op":"add_column","column":"Orders.Status"},{"op":"modify_limit","limit":1}]`,
			[]string{"1|shipped|100"}},
		{"year filter keeps one year", listPlan, `{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024}`,
			[]string{"2|shipped|250", "3|cancelled|80", "4|shipped|40", "6|pending|300", "8|cancelled|15"}},
		{"a second year replaces the first", listPlan, `[{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
			{"op":"add_filter","column":"orders.order_date","operator":"year","value":"2023"}]`,
			[]string{"1|shipped|100", "5|cancelled|60"}},
		{"a second equality replaces the first", listPlan, `[{"op":"add_filter","column":"orders.status","operator":"=","value":"cancelled"},
			{"op":"add_filter","column":"status","operator":"=","value":"shipped"}]`,
			[]string{"1|shipped|100", "2|shipped|250", "4|shipped|40", "7|shipped|20"}},
		{"exclusions accumulate", listPlan, `[{"op":"add_filter","column":"orders.status","operator":"!=","value":"cancelled"},
			{"op":"add_filter","column":"orders.status","operator":"!=","value":"pending"}]`,
			[]string{"1|shipped|100", "2|shipped|250", "4|shipped|40", "7|shipped|20"}},
		{"filters on different columns are ANDed", listPlan, `[{"op":"add_filter","column":"orders.status","operator":"=","value":"shipped"},
			{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024}]`,
			[]string{"2|shipped|250", "4|shipped|40"}},
		{"in", listPlan, `{"op":"add_filter","column":"orders.status","operator":"in","values":["pending","cancelled"]}`,
			[]string{"3|cancelled|80", "5|cancelled|60", "6|pending|300", "8|cancelled|15"}},
		{"between", listPlan, `{"op":"add_filter","column":"orders.total","operator":"between","low":40,"high":100}`,
			[]string{"1|shipped|100", "3|cancelled|80", "4|shipped|40", "5|cancelled|60"}},
		{"a filter on a joined table", listPlan, `{"op":"add_filter","column":"customers.country","operator":"=","value":"Germany"}`,
			[]string{"1|shipped|100", "2|shipped|250", "5|cancelled|60", "6|pending|300", "8|cancelled|15"}},
		{"filter in full", listPlan, `{"op":"add_filter","filter":{"op":">","left":{"col":"orders.total"},"right":{"value":100}}}`,
			[]string{"2|shipped|250", "6|pending|300"}},
		{"is_null on a joined column", listPlan, `{"op":"add_filter","column":"customers.email","operator":"is_null"}`,
			[]string{"5|cancelled|60", "6|pending|300"}},
		{"remove_column keeps its filter", listPlan, `[{"op":"add_filter","column":"orders.status","operator":"=","value":"cancelled"},
			{"op":"remove_column","column":"orders.status"}]`,
			[]string{"3|80", "5|60", "8|15"}},
		{"remove_filter drops every predicate on the column", listPlan, `[{"op":"add_filter","column":"orders.status","operator":"!=","value":"cancelled"},
			{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
			{"op":"add_filter","column":"orders.status","operator":"!=","value":"pending"},
			{"op":"remove_filter","column":"orders.status"}]`,
			[]string{"2|shipped|250", "3|cancelled|80", "4|shipped|40", "6|pending|300", "8|cancelled|15"}},
		{"order by a column descending", listPlan, `[{"op":"modify_order_by","order_by":[{"column":"orders.total","desc":true}]},{"op":"modify_limit","limit":2}]`,
			[]string{"6|pending|300", "2|shipped|250"}},
		{"grouped: as planned", countryPlan, `{"op":"modify_limit","limit":10}`,
			[]string{"France|2|120", "Germany|5|725", "Italy|1|20"}},
		{"grouped: order by an aggregate output", countryPlan, `{"op":"modify_order_by","order_by":[{"column":"revenue","desc":true}]}`,
			[]string{"Germany|5|725", "France|2|120", "Italy|1|20"}},
		{"grouped: order by a computed output name", countryPlan, `{"op":"modify_order_by","order_by":[{"column":"count"},{"column":"country"}]}`,
			[]string{"Italy|1|20", "France|2|120", "Germany|5|725"}},
		{"grouped: a filter on an aggregate goes to having", countryPlan, `{"op":"add_filter","column":"count","operator":">","value":1}`,
			[]string{"France|2|120", "Germany|5|725"}},
		{"grouped: a filter on an aliased aggregate", countryPlan, `{"op":"add_filter","column":"revenue","operator":">=","value":200}`,
			[]string{"Germany|5|725"}},
		{"filter and unfilter by a column's alias", `{"select":[{"expr":{"col":"orders.id"}},{"expr":{"col":"orders.status"},"alias":"state"}],"from":{"table":"orders"},"order_by":[{"expr":{"col":"orders.id"}}]}`,
			`[{"op":"add_filter","column":"orders.total","operator":"<","value":50},{"op":"add_filter","column":"state","operator":"=","value":"pending"},
			{"op":"remove_filter","column":"state"},{"op":"modify_order_by","order_by":[{"column":"state"},{"column":"orders.id"}]}]`,
			[]string{"8|cancelled", "4|shipped", "7|shipped"}},
		{"grouped: a row filter stays in where", countryPlan, `{"op":"add_filter","column":"orders.status","operator":"=","value":"shipped"}`,
			[]string{"France|1|40", "Germany|2|350", "Italy|1|20"}},
		{"grouped: add_column groups by it too", countryPlan, `[{"op":"add_column","column":"orders.status"},
			{"op":"modify_order_by","order_by":[{"column":"country"},{"column":"status"}]}]`,
			[]string{"France|1|80|cancelled", "France|1|40|shipped", "Germany|2|75|cancelled", "Germany|1|300|pending", "Germany|2|350|shipped", "Italy|1|20|shipped"}},
		{"grouped: remove the dimension aggregates over everything", countryPlan, `{"op":"remove_column","column":"customers.country"}`,
			[]string{"8|865"}},
		{"change grouping to another column", countryPlan, `[{"op":"change_grouping","group_by":["orders.status"]},{"op":"modify_order_by","order_by":[{"column":"status"}]}]`,
			[]string{"cancelled|3|155", "pending|1|300", "shipped|4|410"}},
		{"change grouping to a date bucket", countryPlan, `[{"op":"change_grouping","group_by":[{"column":"orders.order_date","bucket":"year"}]},
			{"op":"modify_order_by","order_by":[{"column":"year"}]}]`,
			[]string{"2023|2|160", "2024|5|685", "2025|1|20"}},
		{"change grouping to nothing", countryPlan, `{"op":"change_grouping","group_by":[]}`,
			[]string{"8|865"}},
		{"change grouping to a column one key away", categoryPlan, `[{"op":"change_grouping","group_by":["customers.country"]},
			{"op":"modify_order_by","order_by":[{"column":"units","desc":true}]}]`,
			[]string{"Italy|8", "Germany|7", "France|1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := decodePlan(t, tt.plan)
			got, err := plan.ApplyPatch(p, shopSchema(), decodeOps(t, tt.ops)...)
			if err != nil {
				t.Fatalf("ApplyPatch: %v", err)
			}
			if diff := cmp.Diff(tt.want, runPlan(t, db, got)); diff != "" {
				t.Errorf("rows (-want +got):\n%s\nplan: %s", diff, got)
			}
		})
	}
}

// TestYearFilterIsARange checks the year filter's SQL: a half-open range on
// the column, which an index can serve, as the offline planner writes it.
func TestYearFilterIsARange(t *testing.T) {
	p, err := plan.ApplyPatch(decodePlan(t, listPlan), shopSchema(),
		decodeOps(t, `[{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
			{"op":"add_filter","column":"orders.order_date","operator":"year","value":2025}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	q := compileSQLite(t, p)
	if !strings.Contains(q.SQL, `"orders"."order_date" >= ?`) || !strings.Contains(q.SQL, `"orders"."order_date" < ?`) {
		t.Errorf("SQL is not a range on order_date:\n%s", q.SQL)
	}
	if diff := cmp.Diff([]any{"2025-01-01", "2026-01-01"}, q.Args); diff != "" {
		t.Errorf("args (-want +got):\n%s\n%s", diff, q.SQL)
	}
}

func TestApplyPatchPlanShape(t *testing.T) {
	s := shopSchema()
	// add_column on a grouped plan adds the group key once.
	p, err := plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `{"op":"add_column","column":"orders.status"}`)...)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(p.GroupBy); got != 2 || p.GroupBy[1].Col != "orders.status" {
		t.Errorf("group_by = %s, want customers.country and orders.status", mustJSON(t, p.GroupBy))
	}
	// remove_column drops the ordering on the removed output and its group key.
	p, err = plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `{"op":"remove_column","column":"country"}`)...)
	if err != nil {
		t.Fatal(err)
	}
	if p.GroupBy != nil || p.OrderBy != nil {
		t.Errorf("group_by %s and order_by %s survived removing their only column", mustJSON(t, p.GroupBy), mustJSON(t, p.OrderBy))
	}
	// The join added for a column is an inner join along the foreign key.
	p, err = plan.ApplyPatch(decodePlan(t, listPlan), s, decodeOps(t, `{"op":"add_column","column":"customers.email"}`)...)
	if err != nil {
		t.Fatal(err)
	}
	want := []plan.Join{{Type: plan.JoinInner, Source: plan.Source{Table: "customers"}, On: []plan.JoinOn{{Left: "customers.id", Right: "orders.customer_id"}}}}
	if diff := cmp.Diff(want, p.Joins); diff != "" {
		t.Errorf("joins (-want +got):\n%s", diff)
	}
	// Replacing a filter keeps the others in place.
	p, err = plan.ApplyPatch(decodePlan(t, listPlan), s, decodeOps(t, `[
		{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
		{"op":"add_filter","column":"orders.status","operator":"=","value":"shipped"},
		{"op":"add_filter","column":"orders.order_date","operator":"year","value":2023}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustJSON(t, p.Where), `{"and":[{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2023-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"=","left":{"col":"orders.status"},"right":{"value":"shipped"}}]}`; got != want {
		t.Errorf("where = %s\nwant   %s", got, want)
	}
	// A year column holding numbers is compared for equality.
	ys := shopSchema()
	ys.Tables[1].Columns = append(ys.Tables[1].Columns, schema.Column{Name: "fiscal_year", Type: "INTEGER", Kind: schema.KindInteger})
	p, err = plan.ApplyPatch(decodePlan(t, listPlan), ys, decodeOps(t, `{"op":"add_filter","column":"orders.fiscal_year","operator":"year","value":2024}`)...)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustJSON(t, p.Where), `{"op":"=","left":{"col":"orders.fiscal_year"},"right":{"value":2024}}`; got != want {
		t.Errorf("where = %s, want %s", got, want)
	}
}

// TestApplyPatchSetOp checks what a combined result still accepts: its
// limit and an ordering by output alias apply to the whole result.
func TestApplyPatchSetOp(t *testing.T) {
	union := `{"select":[{"expr":{"col":"orders.status"},"alias":"word"}],"from":{"table":"orders"},
		"set_op":{"op":"union","right":{"select":[{"expr":{"col":"customers.country"}}],"from":{"table":"customers"}}}}`
	p, err := plan.ApplyPatch(decodePlan(t, union), shopSchema(), decodeOps(t, `[{"op":"modify_order_by","order_by":[{"column":"word","desc":true}]},{"op":"modify_limit","limit":2}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"shipped", "pending"}, runPlan(t, shopDB(t), p)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	_, err = plan.ApplyPatch(decodePlan(t, union), shopSchema(), decodeOps(t, `{"op":"modify_order_by","order_by":[{"column":"orders.id"}]}`)...)
	if err == nil || !strings.Contains(err.Error(), "not an output alias") {
		t.Errorf("ordering a union by a column of one side: %v", err)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}

// TestApplyPatchErrors checks that every refusal names the operation and
// says what to do.
func TestApplyPatchErrors(t *testing.T) {
	tests := []struct {
		name, plan, ops string
		want            []string
	}{
		{"misspelt column gives nearest names", listPlan, `{"op":"add_column","column":"customers.emial"}`,
			[]string{"patch operation 0", "customers has no column \"emial\"", "did you mean customers.email"}},
		{"misspelt bare column", listPlan, `{"op":"add_column","column":"totl"}`,
			[]string{"no table of the plan", "did you mean orders.total"}},
		{"unknown table", listPlan, `{"op":"add_column","column":"custmers.email"}`,
			[]string{"no table \"custmers\"", "did you mean customers"}},
		{"table two keys away", listPlan, `{"op":"add_column","column":"products.name"}`,
			[]string{"products is not in the plan", "it can be reached from order_items"}},
		{"ambiguous bare column", countryPlan, `{"op":"add_filter","column":"id","operator":"=","value":1}`,
			[]string{"ambiguous", "orders.id", "customers.id"}},
		{"second op fails", listPlan, `[{"op":"modify_limit","limit":3},{"op":"remove_column","column":"nope"}]`,
			[]string{"patch operation 1", "remove_column", "not a column of the result", "id, status, total"}},
		{"remove the last column", `{"select":[{"expr":{"col":"orders.id"}}],"from":{"table":"orders"}}`, `{"op":"remove_column","column":"orders.id"}`,
			[]string{"only column", "add another first"}},
		{"order a grouped result by a plain column", countryPlan, `{"op":"modify_order_by","order_by":[{"column":"orders.total"}]}`,
			[]string{"not one of its group keys", "count, revenue"}},
		{"order by a column not yet joined", listPlan, `{"op":"modify_order_by","order_by":[{"column":"customers.name"}]}`,
			[]string{"add it with add_column"}},
		{"negative limit", listPlan, `{"op":"modify_limit","limit":-1}`, []string{"negative", "null to remove"}},
		{"zero limit", listPlan, `{"op":"modify_limit","limit":0}`, []string{"returns no rows"}},
		{"unknown operator", listPlan, `{"op":"add_filter","column":"orders.status","operator":"equals","value":"x"}`,
			[]string{"unknown filter operator \"equals\""}},
		{"missing value", listPlan, `{"op":"add_filter","column":"orders.status","operator":"="}`,
			[]string{"operator = needs \"value\""}},
		{"stray values", listPlan, `{"op":"add_filter","column":"orders.status","operator":"=","value":"a","values":["b"]}`,
			[]string{"does not take \"values\""}},
		{"year on a number", listPlan, `{"op":"add_filter","column":"orders.total","operator":"year","value":2024}`,
			[]string{"needs a date column"}},
		{"year that is not a year", listPlan, `{"op":"add_filter","column":"orders.order_date","operator":"year","value":"last"}`,
			[]string{"needs a year such as 2024"}},
		{"remove a filter that is not there", listPlan, `[{"op":"add_filter","column":"orders.total","operator":">","value":1},{"op":"remove_filter","column":"orders.status"}]`,
			[]string{"no filter uses \"orders.status\"", "filters are on orders.total"}},
		{"remove a filter from an unfiltered plan", listPlan, `{"op":"remove_filter","column":"orders.status"}`,
			[]string{"no filter to remove"}},
		{"bucket a number", countryPlan, `{"op":"change_grouping","group_by":[{"column":"orders.total","bucket":"month"}]}`,
			[]string{"needs a date column"}},
		{"unknown bucket", countryPlan, `{"op":"change_grouping","group_by":[{"column":"orders.order_date","bucket":"fortnight"}]}`,
			[]string{"unknown bucket \"fortnight\""}},
		{"group a plan without aggregates", listPlan, `{"op":"change_grouping","group_by":["orders.status"]}`,
			[]string{"no aggregate"}},
		{"patch a set operation", `{"select":[{"expr":{"col":"orders.status"}}],"from":{"table":"orders"},
			"set_op":{"op":"union","right":{"select":[{"expr":{"col":"customers.country"}}],"from":{"table":"customers"}}}}`,
			`{"op":"add_column","column":"orders.id"}`, []string{"combines two queries with union", "choose one"}},
		{"patch raw SQL", `{"raw_sql":"SELECT 1"}`, `{"op":"modify_limit","limit":3}`, []string{"raw SQL", "ask the question again"}},
		{"a filter the audit rejects", listPlan, `{"op":"add_filter","filter":{"op":"=","left":{"col":"orders.total"},"right":{"col":"orders.nope"}}}`,
			[]string{"orders has no column \"nope\""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := plan.ApplyPatch(decodePlan(t, tt.plan), shopSchema(), decodeOps(t, tt.ops)...)
			if err == nil {
				t.Fatal("ApplyPatch accepted it")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestApplyPatchErrorTypes(t *testing.T) {
	_, err := plan.ApplyPatch(decodePlan(t, listPlan), shopSchema(), decodeOps(t, `[{"op":"modify_limit","limit":1},{"op":"add_column","column":"x.y"}]`)...)
	var pe *plan.PatchError
	if !errors.As(err, &pe) || pe.Index != 1 || pe.Op.Op != plan.PatchAddColumn {
		t.Errorf("error %v is not a *PatchError for operation 1", err)
	}
	// A plan broken before the patch fails the audit with its diagnostics.
	_, err = plan.ApplyPatch(decodePlan(t, `{"select":[{"expr":{"col":"orders.nope"}}],"from":{"table":"orders"}}`), shopSchema(),
		plan.PatchOp{Op: plan.PatchModifyLimit, Limit: plan.Int(2)})
	var de *plan.DiagnosticsError
	if !errors.As(err, &de) || de.Diagnostics[0].Code != plan.CodeUnknownColumn {
		t.Errorf("error %v does not carry the audit's unknown_column", err)
	}
}

func TestApplyPatchDoesNotMutate(t *testing.T) {
	p := decodePlan(t, countryPlan)
	before := p.String()
	_, err := plan.ApplyPatch(p, shopSchema(), decodeOps(t, `[{"op":"add_column","column":"orders.status"},
		{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
		{"op":"modify_order_by","order_by":[{"column":"revenue","desc":true}]},
		{"op":"change_grouping","group_by":["customers.name"]},
		{"op":"modify_limit","limit":2}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	if after := p.String(); after != before {
		t.Errorf("ApplyPatch changed its input:\n%s", after)
	}
}

// TestApplyPatchOtherDialects compiles patched plans for every engine: a
// patch must not produce a plan only SQLite accepts.
func TestApplyPatchOtherDialects(t *testing.T) {
	p, err := plan.ApplyPatch(decodePlan(t, categoryPlan), shopSchema(), decodeOps(t, `[
		{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},
		{"op":"add_filter","column":"units","operator":">","value":1},
		{"op":"modify_order_by","order_by":[{"column":"units","desc":true}]},
		{"op":"modify_limit","limit":3}]`)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sqlite", "postgres", "mysql", "sqlserver", "duckdb"} {
		d, err := sqlgen.DialectFor(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sqlgen.Compile(p, shopSchema(), d, sqlgen.Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestDecodePatchOps(t *testing.T) {
	tests := []struct {
		name, in string
		want     []plan.PatchOp
	}{
		{"one object", `{"op":"add_column","column":"customers.email"}`,
			[]plan.PatchOp{{Op: "add_column", Column: "customers.email"}}},
		{"a list", `[{"op":"modify_limit","limit":3},{"op":"modify_limit","limit":null}]`,
			[]plan.PatchOp{{Op: "modify_limit", Limit: plan.Int(3)}, {Op: "modify_limit"}}},
		{"year stays an integer", `{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024}`,
			[]plan.PatchOp{{Op: "add_filter", Column: "orders.order_date", Operator: "year", Value: int64(2024)}}},
		{"values and bounds", `{"op":"add_filter","column":"t.c","operator":"in","values":["a",1.5,true]}`,
			[]plan.PatchOp{{Op: "add_filter", Column: "t.c", Operator: "in", Values: []any{"a", 1.5, true}}}},
		{"group keys both ways", `{"op":"change_grouping","group_by":["customers.country",{"column":"orders.order_date","bucket":"month"}]}`,
			[]plan.PatchOp{{Op: "change_grouping", GroupBy: []plan.GroupKey{{Column: "customers.country"}, {Column: "orders.order_date", Bucket: "month"}}}}},
		{"empty order clears", `{"op":"modify_order_by","order_by":[]}`,
			[]plan.PatchOp{{Op: "modify_order_by", OrderBy: []plan.PatchOrder{}}}},
		{"filter form", `{"op":"add_filter","filter":{"op":"is_null","left":{"col":"t.c"}}}`,
			[]plan.PatchOp{{Op: "add_filter", Filter: &plan.Cond{Op: "is_null", Left: &plan.Expr{Col: "t.c"}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := plan.DecodePatchOps([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ops (-want +got):\n%s", diff)
			}
			// The JSON form reads back to the same operations.
			again, err := plan.DecodePatchOps([]byte(mustJSON(t, got)))
			if err != nil {
				t.Fatalf("re-decode %s: %v", mustJSON(t, got), err)
			}
			if diff := cmp.Diff(normalise(got), normalise(again)); diff != "" {
				t.Errorf("round trip (-first +second):\n%s", diff)
			}
		})
	}
}

// normalise makes nil and empty lists equal: an empty list is written as [].
func normalise(ops []plan.PatchOp) []plan.PatchOp {
	out := make([]plan.PatchOp, len(ops))
	for i, op := range ops {
		if len(op.OrderBy) == 0 {
			op.OrderBy = nil
		}
		if len(op.GroupBy) == 0 {
			op.GroupBy = nil
		}
		out[i] = op
	}
	return out
}

func TestDecodePatchOpsErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", ``, "no operation"},
		{"empty list", `[]`, "list of operations is empty"},
		{"not json", `{"op":`, "decode patch"},
		{"unknown field", `{"op":"add_column","column":"a.b","colour":"red"}`, `unknown field "colour"`},
		{"field of another op", `{"op":"add_column","column":"a.b","limit":3}`, `add_column does not take "limit"`},
		{"unknown op", `{"op":"add_colum","column":"a.b"}`, `did you mean add_column`},
		{"missing op", `{"column":"a.b"}`, `needs "op"`},
		{"missing limit", `{"op":"modify_limit"}`, `modify_limit needs "limit"`},
		{"fractional limit", `{"op":"modify_limit","limit":2.5}`, "whole number"},
		{"missing order_by", `{"op":"modify_order_by"}`, `needs "order_by"`},
		{"unknown order field", `{"op":"modify_order_by","order_by":[{"column":"a","descending":true}]}`, `descending`},
		{"column and filter", `{"op":"add_filter","column":"a.b","operator":"=","value":1,"filter":{"op":"is_null","left":{"col":"a.b"}}}`, "not both"},
		{"missing operator", `{"op":"add_filter","column":"a.b","value":1}`, `needs "operator"`},
		{"object value", `{"op":"add_filter","column":"a.b","operator":"=","value":{"x":1}}`, "string, number, boolean or null"},
		{"second op bad", `[{"op":"modify_limit","limit":1},{"op":"nope"}]`, "operation 1"},
		{"trailing data", `{"op":"modify_limit","limit":1} {}`, "unexpected data"},
		{"bad group key", `{"op":"change_grouping","group_by":[{"col":"a.b"}]}`, `"col"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := plan.DecodePatchOps([]byte(tt.in))
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

// FuzzApplyPatch feeds arbitrary operations to the decoder and the patcher:
// neither may panic, and whatever is accepted must compile.
func FuzzApplyPatch(f *testing.F) {
	for _, seed := range []string{
		`{"op":"add_column","column":"customers.email"}`,
		`{"op":"remove_column","column":"revenue"}`,
		`{"op":"modify_order_by","order_by":[{"column":"count","desc":true,"nulls":"last"}]}`,
		`{"op":"modify_limit","limit":null}`,
		`[{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024},{"op":"add_filter","column":"orders.order_date","operator":"year","value":2023}]`,
		`{"op":"add_filter","column":"orders.status","operator":"not_in","values":["a"]}`,
		`{"op":"add_filter","filter":{"or":[{"op":"=","left":{"col":"status"},"right":"x"},{"op":">","left":{"agg":"count"},"right":2}]}}`,
		`{"op":"remove_filter","column":"orders.status"}`,
		`{"op":"change_grouping","group_by":[{"column":"order_date","bucket":"week"},"products.category"]}`,
		`{"op":"change_grouping","group_by":[]}`,
	} {
		f.Add([]byte(seed), uint8(0))
		f.Add([]byte(seed), uint8(1))
		f.Add([]byte(seed), uint8(2))
	}
	s := shopSchema()
	bases := []*plan.Plan{decodePlan(f, listPlan), decodePlan(f, countryPlan), decodePlan(f, categoryPlan)}
	d, _ := sqlgen.DialectFor("sqlite")
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		ops, err := plan.DecodePatchOps(data)
		if err != nil {
			return
		}
		base := bases[int(which)%len(bases)]
		before := base.String()
		p, err := plan.ApplyPatch(base, s, ops...)
		if base.String() != before {
			t.Fatalf("ApplyPatch changed its input")
		}
		if err != nil {
			return
		}
		if _, err := sqlgen.Compile(p, s, d, sqlgen.Options{}); err != nil {
			t.Fatalf("patched plan passes the audit but does not compile: %v\n%s", err, p)
		}
	})
}
