package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
)

// A column of a table whose primary key is grouped needs no GROUP BY of
// its own on engines that accept it (SQLite, PostgreSQL, MySQL); SQL
// Server and DuckDB do not, and an incomplete key or another table's
// column is grouped as before.
func TestAuditKeyDependentColumns(t *testing.T) {
	const byKey = `{"select": [{"expr": {"col": "customers.first_name"}}, {"expr": {"col": "customers.last_name"}}],
	        "from": {"table": "customers"}, "joins": [{"type": "inner", "table": "orders", "on": [{"left": "customers.id", "right": "orders.customer_id"}]}],
	        "group_by": [{"col": "customers.id"}], "order_by": [{"expr": {"agg": "count"}, "desc": true}], "limit": 1}`
	const filled = `{"select": [{"expr": {"col": "customers.first_name"}}, {"expr": {"col": "customers.last_name"}}],
	        "from": {"table": "customers"}, "joins": [{"type": "inner", "table": "orders", "on": [{"left": "customers.id", "right": "orders.customer_id"}]}],
	        "group_by": [{"col": "customers.id"}, {"col": "customers.first_name"}, {"col": "customers.last_name"}],
	        "order_by": [{"expr": {"agg": "count"}, "desc": true}], "limit": 1}`
	// Grouped by the child's foreign key, the parent's columns still need grouping.
	const byForeignKey = `{"select": [{"expr": {"col": "customers.first_name"}}, {"expr": {"agg": "count"}}],
	        "from": {"table": "orders"}, "joins": [{"type": "inner", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}],
	        "group_by": [{"col": "orders.customer_id"}]}`
	const byForeignKeyFilled = `{"select": [{"expr": {"col": "customers.first_name"}}, {"expr": {"agg": "count"}}],
	        "from": {"table": "orders"}, "joins": [{"type": "inner", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}],
	        "group_by": [{"col": "orders.customer_id"}, {"col": "customers.first_name"}]}`
	cases := []struct {
		name, engine, plan, want string
		fixes                    int
	}{
		{"sqlite by key", "sqlite", byKey, byKey, 0},
		{"postgres by key", "postgres", byKey, byKey, 0},
		{"mysql by key", "mysql", byKey, byKey, 0},
		{"sqlserver by key", "sqlserver", byKey, filled, 2},
		{"duckdb by key", "duckdb", byKey, filled, 2},
		{"unknown engine by key", "", byKey, filled, 2},
		{"sqlite by foreign key", "sqlite", byForeignKey, byForeignKeyFilled, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := testSchema()
			s.Engine = tc.engine
			got, ds := plan.Audit(mustDecode(t, tc.plan), s)
			fixes := 0
			for _, d := range ds {
				if d.Code == plan.CodeFixedGroupBy {
					fixes++
				}
				if d.Severity == plan.SevError {
					t.Errorf("unexpected error: %+v", d)
				}
			}
			if fixes != tc.fixes {
				t.Errorf("group_by fixes = %d, want %d:\n%s", fixes, tc.fixes, describe(ds))
			}
			if diff := cmp.Diff(render(t, mustDecode(t, tc.want)), render(t, got)); diff != "" {
				t.Errorf("audited plan (-want +got):\n%s", diff)
			}
		})
	}
}
