package sqlgen_test

import (
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// These tests run compiled SQL on SQLite and check the answers a user would
// see, against values computed in Go.

// TestSQLiteDatesMatchGo compares every date bucket and extract, over every
// day of 2015–2030 at 14:05, with Go's calendar (time.ISOWeek for weeks).
func TestSQLiteDatesMatchGo(t *testing.T) {
	s := &schema.Schema{Tables: []schema.Table{{Name: "days", Ident: "days", Columns: []schema.Column{
		{Name: "d", Type: "DATE", Kind: schema.KindDate},
		{Name: "ts", Type: "DATETIME", Kind: schema.KindDateTime},
	}}}}
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE days (d TEXT, ts TEXT)`); err != nil {
		t.Fatal(err)
	}
	tx, _ := db.Begin()
	start, end := time.Date(2015, 1, 1, 14, 5, 0, 0, time.UTC), time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	for day := start; day.Before(end); day = day.AddDate(0, 0, 1) {
		if _, err := tx.Exec(`INSERT INTO days VALUES (?, ?)`, day.Format(time.DateOnly), day.Format(time.DateTime)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, b := range plan.Buckets {
		items = append(items, fmt.Sprintf(`{"expr": {"bucket": %q, "arg": {"col": "days.ts"}}}`, b))
	}
	for _, x := range plan.Extracts {
		items = append(items, fmt.Sprintf(`{"expr": {"extract": %q, "arg": {"col": "days.ts"}}}`, x))
	}
	items = append(items, `{"expr": {"bucket": "week", "arg": {"col": "days.d"}}}`)
	p := mustDecode(t, `{"select": [{"expr": {"col": "days.ts"}}, `+strings.Join(items, ", ")+`], "from": {"table": "days"}, "order_by": [{"expr": {"col": "days.ts"}}]}`)
	d, _ := sqlgen.DialectFor("sqlite")
	q, err := sqlgen.Compile(p, s, d, sqlgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := query(t, db, q.SQL, q.Args...)
	if len(rows) < 5000 {
		t.Fatalf("only %d days", len(rows))
	}
	for _, r := range rows {
		ts, err := time.Parse(time.DateTime, r[0].(string))
		if err != nil {
			t.Fatal(err)
		}
		y, w := ts.ISOWeek()
		want := []any{
			ts.Format("2006"), fmt.Sprintf("%d-Q%d", ts.Year(), (int(ts.Month())+2)/3), ts.Format("2006-01"),
			fmt.Sprintf("%04d-W%02d", y, w), ts.Format(time.DateOnly), ts.Format("2006-01-02 15"),
			int64(ts.Year()), int64((int(ts.Month()) + 2) / 3), int64(ts.Month()), int64(ts.Day()), int64(ts.Weekday()), int64(ts.Hour()),
			fmt.Sprintf("%04d-W%02d", y, w),
		}
		if diff := cmp.Diff(want, r[1:]); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", ts, diff)
		}
	}
}

// TestSQLiteSemantics checks the portable meaning of division, concat,
// ilike, NULLS ordering and last_value on a real engine.
func TestSQLiteSemantics(t *testing.T) {
	db := openSQLite(t)
	tests := []struct {
		name, plan string
		want       [][]any
	}{
		{"division is real and NULL on zero",
			`{"select": [{"expr": {"arith": "/", "left": {"col": "orders.quantity"}, "right": {"value": 2}}}, {"expr": {"arith": "/", "left": {"col": "orders.quantity"}, "right": {"value": 0}}}], "from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.id"}, "right": {"value": 1}}}`,
			[][]any{{1.5, nil}}},
		{"concat skips NULL",
			`{"select": [{"expr": {"func": "concat", "args": [{"col": "customers.name"}, {"value": ":"}, {"col": "customers.email"}]}}], "from": {"table": "customers"}, "order_by": [{"expr": {"col": "customers.id"}}], "limit": 2}`,
			[][]any{{"Ada:ada@example.com"}, {"Bob:"}}},
		{"ilike ignores case",
			`{"select": [{"expr": {"col": "customers.name"}}], "from": {"table": "customers"}, "where": {"op": "ilike", "left": {"col": "customers.city"}, "right": {"value": "BER%"}}}`,
			[][]any{{"Ada"}}},
		{"nulls first and last",
			`{"select": [{"expr": {"col": "customers.city"}}], "from": {"table": "customers"}, "order_by": [{"expr": {"col": "customers.city"}, "desc": true, "nulls": "first"}]}`,
			[][]any{{nil}, {"Rome"}, {"Paris"}, {"Berlin"}}},
		{"last_value sees the whole partition",
			`{"select": [{"expr": {"col": "orders.id"}}, {"expr": {"window": "last_value", "args": [{"col": "orders.status"}], "over": {"partition_by": [{"col": "orders.customer_id"}], "order_by": [{"expr": {"col": "orders.order_date"}}]}}}], "from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.customer_id"}, "right": {"value": 1}}, "order_by": [{"expr": {"col": "orders.id"}}]}`,
			[][]any{{int64(1), "delivered"}, {int64(2), "delivered"}}},
		{"avg does not truncate",
			`{"select": [{"expr": {"agg": "avg", "arg": {"col": "orders.quantity"}}}], "from": {"table": "orders"}}`,
			[][]any{{2.4}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := mustCompile(t, "sqlite", tc.plan, sqlgen.Options{})
			if diff := cmp.Diff(tc.want, query(t, db, q.SQL, q.Args...)); diff != "" {
				t.Errorf("(-want +got):\n%s\n%s", diff, q.SQL)
			}
		})
	}
}

// TestTenantCannotBeEscaped runs plans that try every way out of the tenant
// scope (their own client_id filter, OR-ing it away, subqueries, CTEs, set
// operations, joins) and checks every row read belongs to the tenant.
func TestTenantCannotBeEscaped(t *testing.T) {
	db := openSQLite(t)
	escapes := []string{
		// Asks for the other tenant explicitly.
		`{"select": [{"expr": {"col": "orders.client_id"}}], "from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.client_id"}, "right": {"value": 2}}}`,
		// Filters that are always true.
		`{"select": [{"expr": {"col": "orders.client_id"}}], "from": {"table": "orders"}, "where": {"or": [{"op": "=", "left": {"col": "orders.client_id"}, "right": {"value": 2}}, {"op": "!=", "left": {"col": "orders.client_id"}, "right": {"value": 2}}, {"op": "is_null", "left": {"col": "orders.client_id"}}]}}`,
		// Through a join, a CTE and a derived table.
		`{"with": [{"name": "all_orders", "plan": {"from": {"table": "orders"}}}], "select": [{"expr": {"col": "a.client_id"}}, {"expr": {"col": "c.client_id"}}, {"expr": {"col": "d.client_id"}}], "from": {"cte": "all_orders", "alias": "a"}, "joins": [{"type": "right", "table": "customers", "alias": "c", "on": [{"left": "a.customer_id", "right": "c.id"}]}, {"type": "full", "subquery": {"from": {"table": "sales.regions"}}, "alias": "d", "on": [{"left": "d.client_id", "right": "c.client_id"}]}]}`,
		// Through a set operation and scalar subqueries.
		`{"select": [{"expr": {"col": "customers.client_id"}}, {"expr": {"subquery": {"select": [{"expr": {"agg": "max", "arg": {"col": "orders.client_id"}}}], "from": {"table": "orders"}}}}], "from": {"table": "customers"}, "set_op": {"op": "union_all", "right": {"select": [{"expr": {"col": "sales.regions.client_id"}}, {"expr": {"col": "sales.regions.client_id"}}], "from": {"table": "sales.regions"}}}}`,
		// Through IN and EXISTS subqueries that would only match tenant 2.
		`{"select": [{"expr": {"agg": "count"}}], "from": {"table": "payments"}, "where": {"or": [{"op": "in", "left": {"col": "payments.order_id"}, "subquery": {"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.client_id"}, "right": {"value": 2}}}}, {"op": "exists", "subquery": {"from": {"table": "orders"}, "where": {"and": [{"op": "=", "left": {"col": "orders.id"}, "right": {"col": "payments.order_id"}}, {"op": "=", "left": {"col": "orders.client_id"}, "right": {"value": 2}}]}}}]}}`,
	}
	tenant := sqlgen.Options{Tenant: &sqlgen.Tenant{Column: "CLIENT_ID", Value: int64(1)}}
	for i, js := range escapes {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			open := mustCompile(t, "sqlite", js, sqlgen.Options{})
			scoped := mustCompile(t, "sqlite", js, tenant)
			if i < 4 && !leaks(query(t, db, open.SQL, open.Args...)) {
				t.Fatalf("without a tenant the plan should see tenant 2's rows; the test proves nothing\n%s", open.SQL)
			}
			rows := query(t, db, scoped.SQL, scoped.Args...)
			if i < 4 && leaks(rows) {
				t.Errorf("rows of another tenant leaked: %v\n%s", rows, scoped.SQL)
			}
			if i == 4 && rows[0][0] != int64(0) {
				t.Errorf("payments matched tenant 2's orders: %v\n%s", rows, scoped.SQL)
			}
			// Every reference to a tenant table is a scoped derived table.
			for _, ref := range []string{`"orders"`, `"customers"`, `"sales"."regions"`} {
				refs := regexp.MustCompile(`(?:FROM|JOIN) `+regexp.QuoteMeta(ref)+`(?:[ )]|$)`).FindAllString(open.SQL, -1)
				scopedRefs := strings.Count(scoped.SQL, `(SELECT * FROM `+ref+` WHERE `+ref+`."client_id" = ?)`)
				if len(refs) != scopedRefs {
					t.Errorf("%s: %d references, %d scoped\n%s", ref, len(refs), scopedRefs, scoped.SQL)
				}
			}
		})
	}
}

// leaks reports whether any client_id in rows is not tenant 1.
func leaks(rows [][]any) bool {
	for _, r := range rows {
		for _, v := range r {
			if v != nil && v != int64(1) {
				return true
			}
		}
	}
	return false
}

// TestTenantBoundOnce: on numbered dialects the tenant value is one
// parameter however many tables it scopes.
func TestTenantBoundOnce(t *testing.T) {
	js := `{"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"}, "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}], "where": {"op": "=", "left": {"col": "c.name"}, "right": {"value": "Ada"}}}`
	opt := sqlgen.Options{Tenant: &sqlgen.Tenant{Column: "client_id", Value: "acme"}}
	for d, want := range map[string][]any{
		"postgres":  {"acme", "Ada"},
		"sqlserver": {"acme", "Ada"},
		"duckdb":    {"acme", "Ada"},
		"sqlite":    {"acme", "acme", "Ada"},
		"mysql":     {"acme", "acme", "Ada"},
	} {
		q := mustCompile(t, d, js, opt)
		if diff := cmp.Diff(want, q.Args); diff != "" {
			t.Errorf("%s args (-want +got):\n%s\n%s", d, diff, q.SQL)
		}
	}
}
