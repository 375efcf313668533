package dbtest

import (
	"context"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// DialectPlans exercise what differs between SQL dialects: date buckets and
// parts, case-insensitive matching, booleans, division, integer averages,
// LIMIT/OFFSET (TOP, OFFSET … FETCH), NULL ordering and quoting of odd
// aliases. Each is compiled for the engine and must give SQLite's result.
var DialectPlans = map[string]string{
	"bucket month": `{"select": [{"expr": {"bucket": "month", "arg": {"col": "orders.order_date"}}, "alias": "m"}, {"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"table": "orders"}, "group_by": [{"ref": "m"}], "order_by": [{"expr": {"ref": "m"}}]}`,
	"bucket quarter and year": `{"select": [{"expr": {"bucket": "quarter", "arg": {"col": "orders.order_date"}}, "alias": "q"}, {"expr": {"bucket": "year", "arg": {"col": "orders.order_date"}}, "alias": "y"}, {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "total"}],
		"from": {"table": "orders"}, "group_by": [{"ref": "q"}, {"ref": "y"}]}`,
	"bucket week and day": `{"select": [{"expr": {"bucket": "week", "arg": {"col": "orders.order_date"}}, "alias": "w"}, {"expr": {"bucket": "day", "arg": {"col": "orders.order_date"}}, "alias": "d"}],
		"from": {"table": "orders"}, "where": {"op": "<", "left": {"col": "orders.id"}, "right": {"value": 200}}}`,
	"bucket hour": `{"select": [{"expr": {"bucket": "hour", "arg": {"col": "payments.paid_at"}}, "alias": "h"}, {"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"table": "payments"}, "group_by": [{"ref": "h"}], "order_by": [{"expr": {"ref": "n"}, "desc": true}, {"expr": {"ref": "h"}}], "limit": 10}`,
	"extract parts": `{"select": [{"expr": {"extract": "dow", "arg": {"col": "orders.order_date"}}, "alias": "dow"}, {"expr": {"extract": "month", "arg": {"col": "orders.order_date"}}, "alias": "mon"}, {"expr": {"extract": "quarter", "arg": {"col": "orders.order_date"}}, "alias": "q"}, {"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"table": "orders"}, "group_by": [{"ref": "dow"}, {"ref": "mon"}, {"ref": "q"}]}`,
	"extract day and hour": `{"select": [{"expr": {"extract": "day", "arg": {"col": "payments.paid_at"}}, "alias": "d"}, {"expr": {"extract": "hour", "arg": {"col": "payments.paid_at"}}, "alias": "h"}],
		"from": {"table": "payments"}, "where": {"op": "<", "left": {"col": "payments.id"}, "right": {"value": 100}}}`,
	"ilike": `{"select": [{"expr": {"col": "customers.city"}}, {"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"table": "customers"}, "where": {"op": "ilike", "left": {"col": "customers.city"}, "right": {"value": "%AR%"}}, "group_by": [{"col": "customers.city"}]}`,
	"case-insensitive equality": `{"select": [{"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"table": "orders"}, "where": {"op": "=", "left": {"func": "lower", "args": [{"col": "orders.status"}]}, "right": {"func": "lower", "args": [{"value": "SHIPPED"}]}}}`,
	"division is real": `{"select": [{"expr": {"arith": "/", "left": {"col": "order_items.quantity"}, "right": {"value": 4}}, "alias": "quarter_qty"}],
		"from": {"table": "order_items"}, "order_by": [{"expr": {"col": "order_items.id"}}], "limit": 20}`,
	"average of integers": `{"select": [{"expr": {"agg": "avg", "arg": {"col": "order_items.quantity"}}, "alias": "a"}], "from": {"table": "order_items"}}`,
	// Ordered by a number: text order follows each engine's collation
	// (MySQL's general_ci puts "_" after letters), which no compiler can
	// make portable without losing indexes.
	"limit offset": `{"select": [{"expr": {"col": "customers.id"}}, {"expr": {"col": "customers.email"}}],
		"from": {"table": "customers"}, "order_by": [{"expr": {"col": "customers.id"}, "desc": true}], "limit": 5, "offset": 10}`,
	"limit without order is a count": `{"select": [{"expr": {"agg": "count"}, "alias": "n"}],
		"from": {"subquery": {"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "order_by": [{"expr": {"col": "orders.id"}}], "limit": 7}, "alias": "t"}}`,
	"nulls last": `{"select": [{"expr": {"col": "employees.id"}}, {"expr": {"col": "employees.manager_id"}}],
		"from": {"table": "employees"}, "order_by": [{"expr": {"col": "employees.manager_id"}, "nulls": "last"}, {"expr": {"col": "employees.id"}}]}`,
	"odd alias":      `{"select": [{"expr": {"agg": "count"}, "alias": "the \"count\" of it"}], "from": {"table": "categories"}}`,
	"distinct count": `{"select": [{"expr": {"agg": "count_distinct", "arg": {"col": "customers.country"}}, "alias": "n"}], "from": {"table": "customers"}}`,
	"boolean literal": `{"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "orders"},
		"where": {"op": "=", "left": {"case": [{"if": {"op": "=", "left": {"col": "orders.status"}, "right": {"value": "cancelled"}}, "then": {"value": 1}}], "else": {"value": 0}}, "right": {"value": 1}}}`,
	"concat and substr": `{"select": [{"expr": {"func": "concat", "args": [{"func": "substr", "args": [{"col": "customers.first_name"}, {"value": 1}, {"value": 1}]}, {"value": ". "}, {"col": "customers.last_name"}]}, "alias": "n"}],
		"from": {"table": "customers"}, "order_by": [{"expr": {"col": "customers.id"}}], "limit": 10}`,
	"window rank": `{"select": [{"expr": {"col": "employees.id"}}, {"expr": {"window": "rank", "over": {"partition_by": [{"col": "employees.client_id"}], "order_by": [{"expr": {"col": "employees.salary"}, "desc": true}, {"expr": {"col": "employees.id"}}]}}, "alias": "r"}],
		"from": {"table": "employees"}}`,
	"cte and join": `{"with": [{"name": "big", "plan": {"select": [{"expr": {"col": "orders.customer_id"}}, {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "spent"}], "from": {"table": "orders"}, "group_by": [{"col": "orders.customer_id"}]}}],
		"select": [{"expr": {"col": "customers.country"}}, {"expr": {"agg": "max", "arg": {"col": "big.spent"}}, "alias": "top"}],
		"from": {"cte": "big"}, "joins": [{"table": "customers", "on": [{"left": "big.customer_id", "right": "customers.id"}]}], "group_by": [{"col": "customers.country"}]}`,
	"except": `{"select": [{"expr": {"col": "customers.id"}}], "from": {"table": "customers"},
		"set_op": {"op": "except", "right": {"select": [{"expr": {"col": "orders.customer_id"}}], "from": {"table": "orders"}}}}`,
}

// checkDialect compiles every DialectPlans entry for db's dialect and for
// SQLite, runs both, and compares.
func checkDialect(t *testing.T, db database.Engine, s *schema.Schema) {
	ref := reference(t)
	refSchema, err := ref.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for name, js := range DialectPlans {
		t.Run(name, func(t *testing.T) {
			p, err := plan.Decode([]byte(js))
			if err != nil {
				t.Fatalf("plan: %v", err)
			}
			want, wantSQL := run(t, ref, refSchema, p)
			got, gotSQL := run(t, db, s, p)
			ordered := len(p.OrderBy) > 0
			if diff := CompareRows(want.Rows, got.Rows, ordered); diff != "" {
				t.Errorf("%s differs from SQLite: %s\nSQLite: %s\n%s: %s", db.Name(), diff, wantSQL, db.Name(), gotSQL)
			}
		})
	}
}

// run compiles p for db's dialect, guards it and runs it.
func run(t *testing.T, db database.Engine, s *schema.Schema, p *plan.Plan) (*database.Result, string) {
	t.Helper()
	d, err := sqlgen.DialectFor(db.Name())
	if err != nil {
		t.Fatal(err)
	}
	fixed, diags := plan.Audit(p, s)
	if diags.HasErrors() {
		t.Fatalf("%s audit: %v", db.Name(), diags.Err())
	}
	q, err := sqlgen.Compile(fixed, s, d, sqlgen.Options{})
	if err != nil {
		t.Fatalf("%s compile: %v", db.Name(), err)
	}
	ctx := context.Background()
	if _, err := db.Guard(ctx, q.SQL); err != nil {
		t.Fatalf("%s guard refused compiled SQL: %v\n%s", db.Name(), err, q.SQL)
	}
	res, err := db.Query(ctx, q.SQL, q.Args, database.Limits{MaxRows: 10000, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatalf("%s: %v\n%s", db.Name(), err, q.SQL)
	}
	return res, q.SQL
}
