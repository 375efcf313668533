package plan_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
	"querent/internal/schema"
)

// wantDiag is the part of a diagnostic the tests pin down: summaries and
// details are prose and may be reworded, codes, paths and suggestions may not.
type wantDiag struct {
	Severity    plan.Severity
	Code        string
	Path        string
	Suggestions []string
}

func errAt(code, path string, sugg ...string) wantDiag {
	return wantDiag{plan.SevError, code, path, sugg}
}

func warnAt(code, path string, sugg ...string) wantDiag {
	return wantDiag{plan.SevWarning, code, path, sugg}
}

func fixAt(code, path string) wantDiag { return wantDiag{plan.SevWarning, code, path, nil} }

// typical is a well-formed three-table plan: revenue per country.
const typical = `{
  "select": [{"expr": {"col": "c.country"}},
             {"expr": {"agg": "sum", "arg": {"arith": "*", "left": {"col": "oi.quantity"}, "right": {"col": "oi.unit_price"}}}, "alias": "revenue"}],
  "from": {"table": "orders", "alias": "o"},
  "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]},
            {"table": "order_items", "alias": "oi", "on": [{"left": "oi.order_id", "right": "o.id"}]}],
  "where": {"and": [{"op": ">=", "left": {"col": "o.order_date"}, "right": {"value": "2024-01-01"}},
                    {"op": "in", "left": {"col": "o.status"}, "values": [{"value": "shipped"}, {"value": "delivered"}]}]},
  "group_by": [{"col": "c.country"}],
  "order_by": [{"expr": {"ref": "revenue"}, "desc": true}],
  "limit": 10
}`

type auditCase struct {
	name string
	plan string
	want []wantDiag
	// fixed is the expected corrected plan; empty means unchanged.
	fixed string
	// mention, when set, must appear in some diagnostic's text.
	mention string
}

var auditCases = []auditCase{
	{name: "clean plan", plan: typical},
	{
		name: "raw sql is left to the guard",
		plan: `{"raw_sql": "SELECT 1", "from": {"table": "nope"}}`,
	},
	{
		name: "correlated subquery sees the outer query",
		plan: `{"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"},
		        "where": {"op": "exists", "subquery": {"select": [{"expr": {"value": 1}}], "from": {"table": "payments", "alias": "p"},
		                  "where": {"op": "=", "left": {"col": "p.order_id"}, "right": {"col": "o.id"}}}}}`,
	},
	{
		name: "derived table exposes its aliases",
		plan: `{"select": [{"expr": {"col": "s.total"}}, {"expr": {"col": "s.nope"}}],
		        "from": {"alias": "s", "subquery": {"select": [{"expr": {"col": "orders.customer_id"}}, {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "total"}],
		                 "from": {"table": "orders"}, "group_by": [{"col": "orders.customer_id"}]}}}`,
		want: []wantDiag{errAt(plan.CodeUnknownColumn, "select[1].expr")},
		// The unnamed-column hint does not apply: both outputs have names.
		mention: "columns of s: customer_id, total",
	},

	// Errors.
	{
		name: "unknown table",
		plan: `{"select": [{"expr": {"col": "custmers.email"}}], "from": {"table": "custmers"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownTable, "from.table", "customers")},
	},
	{
		name: "unknown column, nearest name",
		plan: `{"select": [{"expr": {"col": "orders.totl_amount"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownColumn, "select[0].expr", "orders.total_amount")},
	},
	{
		name:    "unknown column, another table has it",
		plan:    `{"select": [{"expr": {"col": "o.email"}}], "from": {"table": "orders", "alias": "o"}}`,
		want:    []wantDiag{errAt(plan.CodeUnknownColumn, "select[0].expr", "customers.email")},
		mention: "customers has email",
	},
	{
		name: "unknown column, a joined source has it",
		plan: `{"select": [{"expr": {"col": "o.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
		want:    []wantDiag{errAt(plan.CodeUnknownColumn, "select[0].expr", "c.email"), warnAt(plan.CodeUnusedJoin, "joins[0]", "remove joins[0]")},
		mention: "c (customers) has email",
	},
	{
		name: "unknown bare column",
		plan: `{"select": [{"expr": {"col": "emial"}}], "from": {"table": "customers"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownColumn, "select[0].expr", "customers.email")},
	},
	{
		name: "unknown source",
		plan: `{"select": [{"expr": {"col": "x.status"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownSource, "select[0].expr", "orders.status")},
	},
	{
		name: "unjoined CTE is an unknown source",
		plan: `{"with": [{"name": "recent", "plan": {"from": {"table": "orders"}}}],
		        "select": [{"expr": {"col": "recent.id"}}], "from": {"table": "customers"}}`,
		want: []wantDiag{
			errAt(plan.CodeUnknownSource, "select[0].expr", "customers.id"),
			warnAt(plan.CodeUnusedCTE, "with[0]", `remove it, or read it with {"cte": "recent"} in from or joins`),
		},
		mention: "recent is a CTE",
	},
	{
		name: "ambiguous bare column",
		plan: `{"select": [{"expr": {"col": "id"}}, {"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeAmbiguousColumn, "select[0].expr", "o.id", "c.id")},
	},
	{
		name: "table joined twice is ambiguous by table name",
		plan: `{"select": [{"expr": {"col": "employees.first_name"}}], "from": {"table": "employees", "alias": "e"},
		        "joins": [{"table": "employees", "alias": "m", "on": [{"left": "e.manager_id", "right": "m.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeAmbiguousColumn, "select[0].expr", "e.first_name", "m.first_name")},
	},
	{
		name: "expression with two variants",
		plan: `{"select": [{"expr": {"agg": "sum", "col": "orders.total_amount"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr", `{"agg": "sum", "arg": {"col": "orders.total_amount"}}`)},
	},
	{
		name: "empty expression",
		plan: `{"select": [{"expr": {}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr")},
	},
	{
		name: "aggregate without arg",
		plan: `{"select": [{"expr": {"agg": "avg"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr", `{"agg": "avg", "arg": {"col": "table.column"}}`)},
	},
	{
		name: "aggregate with args instead of arg",
		plan: `{"select": [{"expr": {"agg": "sum", "args": [{"col": "orders.total_amount"}]}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.args", `agg takes its single input in "arg", not "args"`)},
	},
	{
		name: "bucket without arg",
		plan: `{"select": [{"expr": {"bucket": "month"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr", `{"bucket": "month", "arg": {"col": "table.date_column"}}`)},
	},
	{
		name: "extract with unknown part",
		plan: `{"select": [{"expr": {"extract": "weekday", "arg": {"col": "orders.order_date"}}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.extract", "day")},
	},
	{
		name: "function with wrong arity",
		plan: `{"select": [{"expr": {"func": "nullif", "args": [{"col": "orders.status"}]}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.args")},
	},
	{
		name: "unknown function",
		plan: `{"select": [{"expr": {"func": "lowercase", "args": [{"col": "orders.status"}]}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.func", "lower")},
	},
	{
		name: "unknown window function",
		plan: `{"select": [{"expr": {"window": "percentile", "over": {}}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.window", "ntile")},
	},
	{
		name: "window function with wrong arity",
		plan: `{"select": [{"expr": {"window": "ntile", "over": {"order_by": [{"expr": {"col": "orders.total_amount"}}]}}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.args")},
	},
	{
		name: "scalar subquery with two columns",
		plan: `{"select": [{"expr": {"subquery": {"select": [{"expr": {"col": "customers.id"}}, {"expr": {"col": "customers.email"}}], "from": {"table": "customers"}}}}],
		        "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedExpr, "select[0].expr.subquery")},
	},
	{
		name: "condition without a form",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where")},
	},
	{
		name: "condition with two forms",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "=", "left": {"col": "orders.status"}, "right": {"value": "x"}, "or": [{"op": "is_null", "left": {"col": "orders.status"}}]}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where")},
	},
	{
		name: "comparison without right",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.status"}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where")},
	},
	{
		name: "in without values",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "in", "left": {"col": "orders.status"}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where")},
	},
	{
		name: "in with right instead of values",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "in", "left": {"col": "orders.status"}, "right": "shipped"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where.right", `{"op": "in", "left": ..., "values": [{"value":"shipped"}]}`)},
	},
	{
		name: "between without high",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "between", "left": {"col": "orders.total_amount"}, "low": 1}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where")},
	},
	{
		name: "exists with a left operand",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "exists", "left": {"col": "orders.id"}, "subquery": {"select": [{"expr": {"value": 1}}], "from": {"table": "payments"}}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where.left")},
	},
	{
		name: "unknown operator",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "where": {"op": "contains", "left": {"col": "orders.status"}, "right": "x"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where.op", "in", "not_in")},
	},
	{
		name: "in subquery with two columns",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "in", "left": {"col": "orders.customer_id"}, "subquery": {"select": [{"expr": {"col": "customers.id"}}, {"expr": {"col": "customers.email"}}], "from": {"table": "customers"}}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCond, "where.subquery")},
	},
	{
		name: "nested aggregate",
		plan: `{"select": [{"expr": {"agg": "avg", "arg": {"agg": "count"}}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeNestedAggregate, "select[0].expr.arg")},
	},
	{
		name: "window inside an aggregate",
		plan: `{"select": [{"expr": {"agg": "max", "arg": {"window": "row_number", "over": {}}}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeNestedAggregate, "select[0].expr.arg")},
	},
	{
		name: "aggregate in where of an ungrouped query",
		plan: `{"select": [{"expr": {"col": "orders.status"}}], "from": {"table": "orders"},
		        "where": {"op": ">", "left": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "right": 100}}`,
		want: []wantDiag{errAt(plan.CodeAggregateInWhere, "where.left")},
	},
	{
		name: "aggregate in group_by",
		plan: `{"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}, "group_by": [{"agg": "count"}]}`,
		want: []wantDiag{errAt(plan.CodeAggregateInGroupBy, "group_by[0]", "remove it from group_by")},
	},
	{
		name: "aggregated alias inside an aggregate",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "revenue"}],
		        "from": {"table": "orders"}, "group_by": [{"col": "orders.status"}],
		        "having": {"op": ">", "left": {"agg": "avg", "arg": {"col": "revenue"}}, "right": 10}}`,
		want: []wantDiag{errAt(plan.CodeNestedAggregate, "having.left.arg")},
	},
	{
		name: "window in where",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "<=", "left": {"window": "row_number", "over": {"order_by": [{"expr": {"col": "orders.order_date"}}]}}, "right": 3}}`,
		want: []wantDiag{errAt(plan.CodeWindowInWhere, "where.left")},
	},
	{
		name: "window in having",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		        "group_by": [{"col": "orders.status"}], "having": {"op": ">", "left": {"window": "rank", "over": {}}, "right": 1}}`,
		want: []wantDiag{errAt(plan.CodeMisplacedWindow, "having.left")},
	},
	{
		name: "unknown ref",
		plan: `{"select": [{"expr": {"agg": "count"}, "alias": "revenue"}], "from": {"table": "orders"}, "order_by": [{"expr": {"ref": "revnue"}}]}`,
		want: []wantDiag{errAt(plan.CodeUnknownRef, "order_by[0].expr", "revenue")},
	},
	{
		name: "ref in select",
		plan: `{"select": [{"expr": {"col": "orders.status"}, "alias": "s"}, {"expr": {"ref": "s"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMisplacedRef, "select[1].expr", `{"col":"orders.status"}`)},
	},
	{
		name: "ungrouped column in order_by",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		        "group_by": [{"col": "orders.status"}], "order_by": [{"expr": {"col": "orders.order_date"}}]}`,
		want: []wantDiag{errAt(plan.CodeUngroupedColumn, "order_by[0].expr",
			`add {"col": "orders.order_date"} to group_by`, `{"agg": "max", "arg": {"col": "orders.order_date"}}`)},
	},
	{
		name: "ungrouped column beside an aggregate",
		plan: `{"select": [{"expr": {"arith": "/", "left": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "right": {"col": "orders.id"}}}],
		        "from": {"table": "orders"}, "group_by": [{"col": "orders.status"}]}`,
		want: []wantDiag{errAt(plan.CodeUngroupedColumn, "select[0].expr.right",
			`add {"col": "orders.id"} to group_by`, `{"agg": "max", "arg": {"col": "orders.id"}}`)},
	},
	{
		name: "ungrouped column in having",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		        "group_by": [{"col": "orders.status"}],
		        "having": {"or": [{"op": ">", "left": {"agg": "count"}, "right": 5}, {"op": "=", "left": {"col": "orders.client_id"}, "right": 1}]}}`,
		want: []wantDiag{errAt(plan.CodeUngroupedColumn, "having.or[1].left",
			`add {"col": "orders.client_id"} to group_by`, `{"agg": "max", "arg": {"col": "orders.client_id"}}`)},
	},
	{
		name: "join on columns of different kinds",
		plan: `{"select": [{"expr": {"col": "o.id"}}, {"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.status", "right": "c.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeTypeMismatchJoin, "joins[0].on[0]", `{"left": "o.customer_id", "right": "c.id"}`)},
	},
	{
		name: "missing from",
		plan: `{"select": [{"expr": {"col": "customers.email"}}]}`,
		want: []wantDiag{errAt(plan.CodeMissingFrom, "from", `{"table": "customers"}`)},
	},
	{
		name: "set operation arity",
		plan: `{"select": [{"expr": {"col": "customers.city"}}, {"expr": {"col": "customers.country"}}], "from": {"table": "customers"},
		        "set_op": {"op": "union", "right": {"select": [{"expr": {"col": "employees.title"}}], "from": {"table": "employees"}}}}`,
		want: []wantDiag{errAt(plan.CodeSetOpArity, "set_op.right.select")},
	},
	{
		name: "set operation arity with star expansion",
		plan: `{"from": {"table": "categories"}, "set_op": {"op": "except", "right": {"select": [{"expr": {"col": "clients.*"}}, {"expr": {"value": 1}}], "from": {"table": "clients"}}}}`,
		want: []wantDiag{errAt(plan.CodeSetOpArity, "set_op.right.select")},
	},
	{
		name: "unknown set operation",
		plan: `{"select": [{"expr": {"col": "customers.city"}}], "from": {"table": "customers"},
		        "set_op": {"op": "merge", "right": {"select": [{"expr": {"col": "employees.title"}}], "from": {"table": "employees"}}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedSetOp, "set_op.op")},
	},
	{
		name: "cross join with on",
		plan: `{"select": [{"expr": {"col": "o.id"}}, {"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"type": "cross", "table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedJoin, "joins[0].on", `"type": "inner"`)},
	},
	{
		name: "inner join without on",
		plan: `{"select": [{"expr": {"col": "o.id"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "payments", "alias": "p"}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedJoin, "joins[0]", `"on": [{"left": "o.id", "right": "p.order_id"}]`)},
	},
	{
		name: "on refers to a later join",
		plan: `{"select": [{"expr": {"col": "c.email"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "p.order_id", "right": "c.id"}]},
		                  {"table": "payments", "alias": "p", "on": [{"left": "p.order_id", "right": "o.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedJoin, "joins[0].on[0].left")},
	},
	{
		name: "on pair that does not involve the joined source",
		plan: `{"select": [{"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "o.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedJoin, "joins[0].on[0]", `"on": [{"left": "o.customer_id", "right": "c.id"}]`)},
	},
	{
		name: "unknown join type",
		plan: `{"select": [{"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"type": "outer", "table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedJoin, "joins[0].type", "left")},
	},
	{
		name: "source with table and cte",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "joins": [{"table": "customers", "cte": "x", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedSource, "joins[0]")},
	},
	{
		name: "subquery source without alias",
		plan: `{"from": {"subquery": {"from": {"table": "orders"}}}}`,
		want: []wantDiag{errAt(plan.CodeMalformedSource, "from", `"alias": "sub"`)},
	},
	{
		name: "source named twice",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "joins": [{"table": "orders", "on": [{"left": "orders.id", "right": "orders.id"}]}]}`,
		want: []wantDiag{errAt(plan.CodeDuplicateSource, "joins[0]", `"alias": "orders2"`)},
	},
	{
		name: "CTE defined twice",
		plan: `{"with": [{"name": "t", "plan": {"from": {"table": "orders"}}}, {"name": "T", "plan": {"from": {"table": "customers"}}}],
		        "select": [{"expr": {"col": "t.id"}}], "from": {"cte": "t"}}`,
		want: []wantDiag{errAt(plan.CodeMalformedCTE, "with[1].name")},
	},
	{
		name: "unknown CTE",
		plan: `{"with": [{"name": "recent", "plan": {"from": {"table": "orders"}}}], "select": [{"expr": {"col": "r.id"}}], "from": {"cte": "recnt", "alias": "r"}}`,
		want: []wantDiag{
			errAt(plan.CodeUnknownCTE, "from.cte", "recent"),
			warnAt(plan.CodeUnusedCTE, "with[0]", `remove it, or read it with {"cte": "recent"} in from or joins`),
		},
	},
	{
		name: "bad nulls placement",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "order_by": [{"expr": {"col": "orders.id"}, "nulls": "middle"}]}`,
		want: []wantDiag{errAt(plan.CodeMalformedOrder, "order_by[0].nulls", "first", "last")},
	},
	{
		name: "orphan table with two equally short paths",
		plan: `{"select": [{"expr": {"col": "clients.name"}}, {"expr": {"col": "order_items.quantity"}}], "from": {"table": "order_items"}}`,
		want: []wantDiag{errAt(plan.CodeOrphanSource, "select[0].expr",
			"join products on order_items.product_id = products.id, then join clients on products.client_id = clients.id",
			"join orders on order_items.order_id = orders.id, then join clients on orders.client_id = clients.id")},
	},
	{
		name: "orphan table with no path",
		plan: `{"with": [{"name": "x", "plan": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "orders"}}}],
		        "select": [{"expr": {"col": "x.n"}}], "from": {"cte": "x"},
		        "where": {"op": "=", "left": {"col": "customers.country"}, "right": "DE"}}`,
		want: []wantDiag{errAt(plan.CodeOrphanSource, "where.left",
			`{"table": "customers", "on": [{"left": "source.column", "right": "customers.column"}]}`)},
	},
	{
		name: "misspelt from table does not make other tables orphans",
		plan: `{"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customer"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownTable, "from.table", "customers")},
	},

	// Warnings.
	{
		name: "join pair that is not a foreign key",
		plan: `{"select": [{"expr": {"col": "o.id"}}, {"expr": {"col": "c.email"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.client_id", "right": "c.id"}]}]}`,
		want: []wantDiag{warnAt(plan.CodeJoinNotFK, "joins[0].on[0]", `{"left": "o.customer_id", "right": "c.id"}`)},
	},
	{
		name: "table joined twice along the same key",
		plan: `{"select": [{"expr": {"col": "c1.email"}}, {"expr": {"col": "c2.city"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c1", "on": [{"left": "o.customer_id", "right": "c1.id"}]},
		                  {"table": "customers", "alias": "c2", "on": [{"left": "c2.id", "right": "o.customer_id"}]}]}`,
		want: []wantDiag{warnAt(plan.CodeDuplicateJoin, "joins[1]", "remove joins[1]")},
	},
	{
		name: "self join along the manager key is no duplicate",
		plan: `{"select": [{"expr": {"col": "e.first_name"}}, {"expr": {"col": "m.first_name"}, "alias": "manager"}], "from": {"table": "employees", "alias": "e"},
		        "joins": [{"type": "left", "table": "employees", "alias": "m", "on": [{"left": "e.manager_id", "right": "m.id"}]}]}`,
	},
	{
		name: "unused join",
		plan: `{"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"type": "left", "table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
		want: []wantDiag{warnAt(plan.CodeUnusedJoin, "joins[0]", "remove joins[0]")},
	},
	{
		name: "a bridge join is used by the next join",
		plan: `{"select": [{"expr": {"col": "c.email"}}], "from": {"table": "order_items", "alias": "oi"},
		        "joins": [{"table": "orders", "alias": "o", "on": [{"left": "oi.order_id", "right": "o.id"}]},
		                  {"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
	},
	{
		name: "literal that looks like a column of an unjoined table",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "=", "left": {"col": "orders.status"}, "right": "customers.country"}}`,
		want: []wantDiag{warnAt(plan.CodeLiteralLooksLikeColumn, "where.right", `{"col": "customers.country"}`)},
	},
	{
		name: "literal that is prose is left alone",
		plan: `{"select": [{"expr": {"col": "customers.id"}}], "from": {"table": "customers"},
		        "where": {"op": "like", "left": {"col": "customers.email"}, "right": "%.com"}}`,
	},

	// Fixes.
	{
		name: "letter case",
		plan: `{"select": [{"expr": {"col": "O.Status"}}, {"expr": {"agg": "COUNT"}}], "from": {"table": "Orders", "alias": "o"},
		        "joins": [{"type": "INNER", "table": "Customers", "alias": "c", "on": [{"left": "o.Customer_ID", "right": "c.id"}]}],
		        "where": {"op": "IN", "left": {"col": "c.Country"}, "values": ["DE"]},
		        "group_by": [{"col": "o.status"}], "order_by": [{"expr": {"col": "o.status"}, "nulls": "LAST"}]}`,
		want: []wantDiag{
			fixAt(plan.CodeFixedCase, "from.table"),
			fixAt(plan.CodeFixedCase, "joins[0].table"),
			fixAt(plan.CodeFixedCase, "joins[0].type"),
			fixAt(plan.CodeFixedCase, "joins[0].on[0].left"),
			fixAt(plan.CodeFixedCase, "select[0].expr"),
			fixAt(plan.CodeFixedCase, "select[1].expr.agg"),
			fixAt(plan.CodeFixedCase, "where.op"),
			fixAt(plan.CodeFixedCase, "where.left"),
			fixAt(plan.CodeFixedCase, "order_by[0].nulls"),
		},
		fixed: `{"select": [{"expr": {"col": "o.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders", "alias": "o"},
		         "joins": [{"type": "inner", "table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}],
		         "where": {"op": "in", "left": {"col": "c.country"}, "values": [{"value": "DE"}]},
		         "group_by": [{"col": "o.status"}], "order_by": [{"expr": {"col": "o.status"}, "nulls": "last"}]}`,
	},
	{
		name: "bare columns are qualified",
		plan: `{"select": [{"expr": {"col": "email"}}, {"expr": {"col": "status"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "customer_id", "right": "c.id"}]}]}`,
		want: []wantDiag{
			fixAt(plan.CodeFixedQualify, "joins[0].on[0].left"),
			fixAt(plan.CodeFixedQualify, "select[0].expr"),
			fixAt(plan.CodeFixedQualify, "select[1].expr"),
		},
		fixed: `{"select": [{"expr": {"col": "c.email"}}, {"expr": {"col": "o.status"}}], "from": {"table": "orders", "alias": "o"},
		         "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
	},
	{
		name: "table names of aliased tables become the alias",
		plan: `{"select": [{"expr": {"col": "customers.email"}}, {"expr": {"col": "orders.*"}}], "from": {"table": "orders", "alias": "o"},
		        "joins": [{"table": "customers", "alias": "c", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`,
		want: []wantDiag{
			fixAt(plan.CodeFixedQualify, "joins[0].on[0].left"),
			fixAt(plan.CodeFixedQualify, "joins[0].on[0].right"),
			fixAt(plan.CodeFixedQualify, "select[0].expr"),
			fixAt(plan.CodeFixedQualify, "select[1].expr"),
		},
		fixed: `{"select": [{"expr": {"col": "c.email"}}, {"expr": {"col": "o.*"}}], "from": {"table": "orders", "alias": "o"},
		         "joins": [{"table": "customers", "alias": "c", "on": [{"left": "o.customer_id", "right": "c.id"}]}]}`,
	},
	{
		name: "correlated bare column is qualified with the outer source",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "where": {"op": "exists", "subquery": {"select": [{"expr": {"value": 1}}], "from": {"table": "payments"},
		                  "where": {"op": "=", "left": {"col": "payments.order_id"}, "right": {"col": "customer_id"}}}}}`,
		want: []wantDiag{fixAt(plan.CodeFixedQualify, "where.subquery.where.right")},
		fixed: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		         "where": {"op": "exists", "subquery": {"select": [{"expr": {"value": 1}}], "from": {"table": "payments"},
		                   "where": {"op": "=", "left": {"col": "payments.order_id"}, "right": {"col": "orders.customer_id"}}}}}`,
	},
	{
		name: "select aliases used as columns",
		plan: `{"select": [{"expr": {"bucket": "month", "arg": {"col": "orders.order_date"}}, "alias": "month"},
		                  {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "revenue"}],
		        "from": {"table": "orders"},
		        "where": {"op": ">=", "left": {"ref": "month"}, "right": "2024-01"},
		        "group_by": [{"col": "month"}],
		        "having": {"op": ">", "left": {"col": "revenue"}, "right": 1000},
		        "order_by": [{"expr": {"col": "Revenue"}, "desc": true}]}`,
		want: []wantDiag{
			fixAt(plan.CodeFixedAliasRef, "where.left"),
			fixAt(plan.CodeFixedAliasRef, "group_by[0]"),
			fixAt(plan.CodeFixedAliasRef, "having.left"),
			fixAt(plan.CodeFixedAliasRef, "order_by[0].expr"),
		},
		fixed: `{"select": [{"expr": {"bucket": "month", "arg": {"col": "orders.order_date"}}, "alias": "month"},
		                   {"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "revenue"}],
		         "from": {"table": "orders"},
		         "where": {"op": ">=", "left": {"bucket": "month", "arg": {"col": "orders.order_date"}}, "right": {"value": "2024-01"}},
		         "group_by": [{"bucket": "month", "arg": {"col": "orders.order_date"}}],
		         "having": {"op": ">", "left": {"ref": "revenue"}, "right": {"value": 1000}},
		         "order_by": [{"expr": {"ref": "revenue"}, "desc": true}]}`,
	},
	{
		name: "a real column wins over a select alias",
		plan: `{"select": [{"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "status"}, {"expr": {"col": "orders.customer_id"}}],
		        "from": {"table": "orders"}, "group_by": [{"col": "orders.customer_id"}], "order_by": [{"expr": {"col": "status"}}]}`,
		want: []wantDiag{
			fixAt(plan.CodeFixedQualify, "order_by[0].expr"),
			errAt(plan.CodeUngroupedColumn, "order_by[0].expr", `add {"col": "orders.status"} to group_by`, `{"agg": "max", "arg": {"col": "orders.status"}}`),
		},
		fixed: `{"select": [{"expr": {"agg": "sum", "arg": {"col": "orders.total_amount"}}, "alias": "status"}, {"expr": {"col": "orders.customer_id"}}],
		         "from": {"table": "orders"}, "group_by": [{"col": "orders.customer_id"}], "order_by": [{"expr": {"col": "orders.status"}}]}`,
	},
	{
		name: "group_by gaps are closed in select order",
		plan: `{"select": [{"expr": {"col": "c.country"}}, {"expr": {"col": "c.city"}}, {"expr": {"value": "x"}},
		                  {"expr": {"func": "upper", "args": [{"col": "c.country"}]}},
		                  {"expr": {"agg": "count"}, "alias": "n"}, {"expr": {"func": "lower", "args": [{"col": "c.email"}]}}],
		        "from": {"table": "customers", "alias": "c"}, "group_by": [{"col": "c.country"}]}`,
		want: []wantDiag{fixAt(plan.CodeFixedGroupBy, "select[1].expr"), fixAt(plan.CodeFixedGroupBy, "select[5].expr")},
		fixed: `{"select": [{"expr": {"col": "c.country"}}, {"expr": {"col": "c.city"}}, {"expr": {"value": "x"}},
		                   {"expr": {"func": "upper", "args": [{"col": "c.country"}]}},
		                   {"expr": {"agg": "count"}, "alias": "n"}, {"expr": {"func": "lower", "args": [{"col": "c.email"}]}}],
		         "from": {"table": "customers", "alias": "c"},
		         "group_by": [{"col": "c.country"}, {"col": "c.city"}, {"func": "lower", "args": [{"col": "c.email"}]}]}`,
	},
	{
		name: "aggregates without group_by get one",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedGroupBy, "select[0].expr")},
		fixed: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		         "group_by": [{"col": "orders.status"}]}`,
	},
	{
		name: "having branch without aggregate moves to where",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		        "where": {"op": ">=", "left": {"col": "orders.order_date"}, "right": "2024-01-01"},
		        "group_by": [{"col": "orders.status"}],
		        "having": {"and": [{"op": ">", "left": {"agg": "count"}, "right": 5}, {"op": "!=", "left": {"col": "orders.status"}, "right": "cancelled"}]}}`,
		want: []wantDiag{fixAt(plan.CodeFixedHavingToWhere, "having.and[1]")},
		fixed: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		         "where": {"and": [{"op": ">=", "left": {"col": "orders.order_date"}, "right": {"value": "2024-01-01"}},
		                           {"op": "!=", "left": {"col": "orders.status"}, "right": {"value": "cancelled"}}]},
		         "group_by": [{"col": "orders.status"}],
		         "having": {"and": [{"op": ">", "left": {"agg": "count"}, "right": {"value": 5}}]}}`,
	},
	{
		name: "having of an ungrouped query moves to where",
		plan: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		        "having": {"op": "=", "left": {"col": "orders.status"}, "right": "shipped"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedHavingToWhere, "having")},
		fixed: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"},
		         "where": {"op": "=", "left": {"col": "orders.status"}, "right": {"value": "shipped"}}}`,
	},
	{
		name: "where branch with aggregate moves to having",
		plan: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		        "where": {"and": [{"op": ">=", "left": {"col": "orders.order_date"}, "right": "2024-01-01"},
		                          {"op": ">", "left": {"agg": "count"}, "right": 5}]},
		        "group_by": [{"col": "orders.status"}]}`,
		want: []wantDiag{fixAt(plan.CodeFixedWhereToHaving, "where.and[1]")},
		fixed: `{"select": [{"expr": {"col": "orders.status"}}, {"expr": {"agg": "count"}}], "from": {"table": "orders"},
		         "where": {"and": [{"op": ">=", "left": {"col": "orders.order_date"}, "right": {"value": "2024-01-01"}}]},
		         "group_by": [{"col": "orders.status"}],
		         "having": {"op": ">", "left": {"agg": "count"}, "right": {"value": 5}}}`,
	},
	{
		name: "orphan table joined along its foreign key",
		plan: `{"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"},
		        "where": {"op": "=", "left": {"col": "customers.country"}, "right": "DE"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedOrphanJoin, "where.left")},
		fixed: `{"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"},
		         "joins": [{"type": "inner", "table": "customers", "on": [{"left": "o.customer_id", "right": "customers.id"}]}],
		         "where": {"op": "=", "left": {"col": "customers.country"}, "right": {"value": "DE"}}}`,
	},
	{
		name: "orphan table two joins away",
		plan: `{"select": [{"expr": {"col": "order_items.quantity"}}, {"expr": {"col": "Customers.email"}}], "from": {"table": "order_items"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedOrphanJoin, "select[1].expr"), fixAt(plan.CodeFixedCase, "select[1].expr")},
		fixed: `{"select": [{"expr": {"col": "order_items.quantity"}}, {"expr": {"col": "customers.email"}}], "from": {"table": "order_items"},
		         "joins": [{"type": "inner", "table": "orders", "on": [{"left": "order_items.order_id", "right": "orders.id"}]},
		                   {"type": "inner", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`,
	},
	{
		// order_items is ambiguous from employees alone (via orders or via
		// products) but one hop from products, which the other reference
		// joins: the outcome must not depend on the order of references.
		name: "orphans are resolved to a fixpoint",
		plan: `{"select": [{"expr": {"col": "order_items.unit_price"}}, {"expr": {"col": "products.name"}}], "from": {"table": "employees", "alias": "e"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedOrphanJoin, "select[1].expr"), fixAt(plan.CodeFixedOrphanJoin, "select[0].expr")},
		fixed: `{"select": [{"expr": {"col": "order_items.unit_price"}}, {"expr": {"col": "products.name"}}], "from": {"table": "employees", "alias": "e"},
		         "joins": [{"type": "inner", "table": "clients", "on": [{"left": "e.client_id", "right": "clients.id"}]},
		                   {"type": "inner", "table": "products", "on": [{"left": "clients.id", "right": "products.client_id"}]},
		                   {"type": "inner", "table": "order_items", "on": [{"left": "products.id", "right": "order_items.product_id"}]}]}`,
	},
	{
		// a2 names another alias, which select cannot see: an error, and not
		// copied into group_by, where the same name would mean the alias.
		name: "unresolved select items are not copied into group_by",
		plan: `{"select": [{"expr": {"col": "orders.status"}, "alias": "a1"}, {"expr": {"col": "a1"}, "alias": "a2"}, {"expr": {"agg": "count"}}],
		        "from": {"table": "orders"}}`,
		want: []wantDiag{errAt(plan.CodeMisplacedRef, "select[1].expr", `{"col":"orders.status"}`), fixAt(plan.CodeFixedGroupBy, "select[0].expr")},
		fixed: `{"select": [{"expr": {"col": "orders.status"}, "alias": "a1"}, {"expr": {"col": "a1"}, "alias": "a2"}, {"expr": {"agg": "count"}}],
		         "from": {"table": "orders"}, "group_by": [{"col": "orders.status"}]}`,
	},
	{
		name: "table source naming a CTE",
		plan: `{"with": [{"name": "recent", "plan": {"select": [{"expr": {"col": "orders.customer_id"}}], "from": {"table": "orders"}}}],
		        "select": [{"expr": {"col": "r.customer_id"}}], "from": {"table": "recent", "alias": "r"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedSourceKind, "from.table")},
		fixed: `{"with": [{"name": "recent", "plan": {"select": [{"expr": {"col": "orders.customer_id"}}], "from": {"table": "orders"}}}],
		         "select": [{"expr": {"col": "r.customer_id"}}], "from": {"cte": "recent", "alias": "r"}}`,
	},
	{
		name:  "CTE source naming a table",
		plan:  `{"select": [{"expr": {"col": "orders.id"}}], "from": {"cte": "orders"}}`,
		want:  []wantDiag{fixAt(plan.CodeFixedSourceKind, "from.cte")},
		fixed: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}}`,
	},
	{
		name: "string literal naming a column of the query",
		plan: `{"select": [{"expr": "orders.status"}], "from": {"table": "orders"},
		        "where": {"op": "=", "left": {"col": "orders.status"}, "right": "shipped"}}`,
		want: []wantDiag{fixAt(plan.CodeFixedLiteralColumn, "select[0].expr")},
		fixed: `{"select": [{"expr": {"col": "orders.status"}}], "from": {"table": "orders"},
		         "where": {"op": "=", "left": {"col": "orders.status"}, "right": {"value": "shipped"}}}`,
	},
	{
		name:  "count of star",
		plan:  `{"select": [{"expr": {"agg": "count", "arg": {"col": "*"}}}], "from": {"table": "orders"}}`,
		want:  []wantDiag{fixAt(plan.CodeFixedCountStar, "select[0].expr.arg")},
		fixed: `{"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}}`,
	},
	{
		name:  "limit of zero and negative offset",
		plan:  `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "limit": 0, "offset": -3}`,
		want:  []wantDiag{fixAt(plan.CodeFixedLimit, "limit"), fixAt(plan.CodeFixedLimit, "offset")},
		fixed: `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}}`,
	},

	// Paths into nested plans.
	{
		name: "error inside a CTE body",
		plan: `{"with": [{"name": "t", "plan": {"select": [{"expr": {"col": "orders.total"}}], "from": {"table": "orders"}}}],
		        "from": {"cte": "t"}}`,
		want: []wantDiag{errAt(plan.CodeUnknownColumn, "with[0].plan.select[0].expr", "orders.total_amount")},
	},
	{
		name: "CTE body sees earlier CTEs",
		plan: `{"with": [{"name": "a", "plan": {"select": [{"expr": {"col": "orders.id"}, "alias": "oid"}], "from": {"table": "orders"}}},
		                 {"name": "b", "plan": {"select": [{"expr": {"col": "a.oid"}}], "from": {"cte": "a"}}}],
		        "select": [{"expr": {"col": "b.oid"}}], "from": {"cte": "b"}}`,
	},
	{
		name: "error inside a set operation",
		plan: `{"select": [{"expr": {"col": "customers.city"}}], "from": {"table": "customers"},
		        "set_op": {"op": "union", "right": {"select": [{"expr": {"col": "employees.title"}}], "from": {"table": "employes"}}}}`,
		want: []wantDiag{errAt(plan.CodeUnknownTable, "set_op.right.from.table", "employees")},
	},
	{
		name:  "fix inside a derived table and a join subquery",
		plan:  `{"select": [{"expr": {"col": "s.n"}}], "from": {"alias": "s", "subquery": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "Orders"}}}}`,
		want:  []wantDiag{fixAt(plan.CodeFixedCase, "from.subquery.from.table")},
		fixed: `{"select": [{"expr": {"col": "s.n"}}], "from": {"alias": "s", "subquery": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "orders"}}}}`,
	},
}

func TestAudit(t *testing.T) {
	s := testSchema()
	for _, tc := range auditCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustDecode(t, tc.plan)
			got, ds := plan.Audit(p, s)
			if diff := cmp.Diff(tc.want, project(ds)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s\nall:\n%s", diff, describe(ds))
			}
			for _, d := range ds {
				if d.Summary == "" || d.Path == "" {
					t.Errorf("diagnostic without summary or path: %+v", d)
				}
			}
			if tc.mention != "" && !strings.Contains(describe(ds), tc.mention) {
				t.Errorf("no diagnostic mentions %q:\n%s", tc.mention, describe(ds))
			}
			want := tc.fixed
			if want == "" {
				want = tc.plan
			}
			if diff := cmp.Diff(render(t, mustDecode(t, want)), render(t, got)); diff != "" {
				t.Errorf("fixed plan (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuditDoesNotMutate checks that Audit works on a copy: the plan a caller
// holds (and may show or patch) is never changed behind its back.
func TestAuditDoesNotMutate(t *testing.T) {
	s := testSchema()
	for _, tc := range auditCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustDecode(t, tc.plan)
			before := render(t, p)
			got, _ := plan.Audit(p, s)
			if diff := cmp.Diff(before, render(t, p)); diff != "" {
				t.Errorf("Audit changed its input (-before +after):\n%s", diff)
			}
			if got == p {
				t.Error("Audit returned its input instead of a copy")
			}
		})
	}
}

// TestAuditorReused checks that one Auditor, whose schema lookups are built
// once, audits every case as a fresh Audit call does, the fixed plan and the
// diagnostics alike, whatever it audited before.
func TestAuditorReused(t *testing.T) {
	s := testSchema()
	au := plan.NewAuditor(s)
	for range 2 {
		for _, tc := range auditCases {
			wantPlan, wantDiags := plan.Audit(mustDecode(t, tc.plan), s)
			gotPlan, gotDiags := au.Audit(mustDecode(t, tc.plan))
			if diff := cmp.Diff(describe(wantDiags), describe(gotDiags)); diff != "" {
				t.Errorf("%s: diagnostics (-Audit +Auditor):\n%s", tc.name, diff)
			}
			if diff := cmp.Diff(render(t, wantPlan), render(t, gotPlan)); diff != "" {
				t.Errorf("%s: fixed plan (-Audit +Auditor):\n%s", tc.name, diff)
			}
		}
	}
}

// TestAuditIdempotent checks that one pass makes every fix it can: auditing
// the output again changes nothing and reports no fixes, and the findings
// that remain are the same.
func TestAuditIdempotent(t *testing.T) {
	s := testSchema()
	for _, tc := range auditCases {
		t.Run(tc.name, func(t *testing.T) {
			once, ds1 := plan.Audit(mustDecode(t, tc.plan), s)
			twice, ds2 := plan.Audit(once, s)
			for _, d := range ds2 {
				if d.IsFix() {
					t.Errorf("second pass fixed more: %s", d)
				}
			}
			if diff := cmp.Diff(render(t, once), render(t, twice)); diff != "" {
				t.Errorf("second pass changed the plan (-first +second):\n%s", diff)
			}
			var codes1, codes2 []string
			for _, d := range ds1 {
				if !d.IsFix() {
					codes1 = append(codes1, d.Code)
				}
			}
			for _, d := range ds2 {
				codes2 = append(codes2, d.Code)
			}
			if diff := cmp.Diff(codes1, codes2); diff != "" {
				t.Errorf("second pass reported different findings (-first +second):\n%s", diff)
			}
		})
	}
}

func TestAuditDiagnosticsReadWell(t *testing.T) {
	p := mustDecode(t, `{"select": [{"expr": {"col": "o.email"}}], "from": {"table": "orders", "alias": "o"}}`)
	_, ds := plan.Audit(p, testSchema())
	if !ds.HasErrors() {
		t.Fatal("unknown column not reported as an error")
	}
	want := `error at select[0].expr: o (orders) has no column "email" (customers has email); did you mean customers.email?`
	if got := ds[0].String(); got != want {
		t.Errorf("String() = %q\nwant       %q", got, want)
	}
	if err := ds.Err(); err == nil || !strings.Contains(err.Error(), "customers.email") {
		t.Errorf("Err() = %v, want it to carry the suggestion", err)
	}
}

func TestAuditNilInputs(t *testing.T) {
	got, ds := plan.Audit(nil, testSchema())
	if got != nil || !ds.HasErrors() {
		t.Errorf("Audit(nil) = %v, %v; want nil and an error", got, ds)
	}
	// Without a schema every table is unknown, which is an error, not a panic.
	_, ds = plan.Audit(mustDecode(t, typical), nil)
	if len(ds) == 0 || ds[0].Code != plan.CodeUnknownTable {
		t.Errorf("Audit without schema = %v, want unknown_table first", ds)
	}
}

// TestAuditOrphanPrefersDeclaredKeys checks the key preference of the
// orphan join: an inferred key is used only when no declared path exists,
// and a shorter inferred path does not beat a declared one.
func TestAuditOrphanPrefersDeclaredKeys(t *testing.T) {
	s := testSchema()
	for i := range s.Tables {
		if s.Tables[i].Name == "payments" {
			// An inferred shortcut payments.client_id → clients.id.
			s.Tables[i].Columns = append(s.Tables[i].Columns, schema.Column{Name: "client_id", Kind: schema.KindInteger})
			s.Tables[i].ForeignKeys = append(s.Tables[i].ForeignKeys, schema.ForeignKey{
				Columns: []string{"client_id"}, RefTable: "clients", RefColumns: []string{"id"}, Inferred: true, Confidence: 0.9})
		}
	}
	s.Tables = append(s.Tables, schema.Table{Name: "notes", Ident: "notes", Columns: []schema.Column{
		{Name: "id", Kind: schema.KindInteger}, {Name: "payment_id", Kind: schema.KindInteger}, {Name: "body", Kind: schema.KindText}},
		ForeignKeys: []schema.ForeignKey{{Columns: []string{"payment_id"}, RefTable: "payments", RefColumns: []string{"id"}, Inferred: true}}})
	tests := []struct{ name, plan, fixed string }{
		{
			name: "declared path over a shorter inferred one",
			plan: `{"select": [{"expr": {"col": "clients.name"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "payments", "alias": "p"}}`,
			fixed: `{"select": [{"expr": {"col": "clients.name"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "payments", "alias": "p"},
			         "joins": [{"type": "inner", "table": "orders", "on": [{"left": "p.order_id", "right": "orders.id"}]},
			                   {"type": "inner", "table": "clients", "on": [{"left": "orders.client_id", "right": "clients.id"}]}]}`,
		},
		{
			name: "inferred path when nothing is declared",
			plan: `{"select": [{"expr": {"col": "notes.body"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "payments", "alias": "p"}}`,
			fixed: `{"select": [{"expr": {"col": "notes.body"}}, {"expr": {"col": "p.amount"}}], "from": {"table": "payments", "alias": "p"},
			         "joins": [{"type": "inner", "table": "notes", "on": [{"left": "p.id", "right": "notes.payment_id"}]}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ds := plan.Audit(mustDecode(t, tt.plan), s)
			if diff := cmp.Diff([]wantDiag{fixAt(plan.CodeFixedOrphanJoin, "select[0].expr")}, project(ds)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(render(t, mustDecode(t, tt.fixed)), render(t, got)); diff != "" {
				t.Errorf("fixed plan (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuditCodesCovered keeps the case table honest: every code Audit can
// report has a case that produces it.
func TestAuditCodesCovered(t *testing.T) {
	all := []string{
		plan.CodeUnknownTable, plan.CodeUnknownCTE, plan.CodeUnknownColumn, plan.CodeUnknownSource, plan.CodeOrphanSource,
		plan.CodeAmbiguousColumn, plan.CodeUnknownRef, plan.CodeMisplacedRef, plan.CodeMalformedExpr, plan.CodeMalformedCond,
		plan.CodeMalformedSource, plan.CodeMalformedJoin, plan.CodeMalformedCTE, plan.CodeMalformedSetOp, plan.CodeMalformedOrder,
		plan.CodeDuplicateSource, plan.CodeNestedAggregate, plan.CodeAggregateInWhere, plan.CodeAggregateInGroupBy,
		plan.CodeWindowInWhere, plan.CodeMisplacedWindow, plan.CodeUngroupedColumn, plan.CodeTypeMismatchJoin,
		plan.CodeMissingFrom, plan.CodeSetOpArity,
		plan.CodeJoinNotFK, plan.CodeDuplicateJoin, plan.CodeUnusedJoin, plan.CodeUnusedCTE, plan.CodeLiteralLooksLikeColumn,
		plan.CodeFixedCase, plan.CodeFixedQualify, plan.CodeFixedAliasRef, plan.CodeFixedGroupBy, plan.CodeFixedHavingToWhere,
		plan.CodeFixedWhereToHaving, plan.CodeFixedOrphanJoin, plan.CodeFixedSourceKind, plan.CodeFixedLiteralColumn,
		plan.CodeFixedCountStar, plan.CodeFixedLimit,
	}
	seen := map[string]bool{}
	for _, tc := range auditCases {
		for _, d := range tc.want {
			seen[d.Code] = true
		}
	}
	for _, c := range all {
		if !seen[c] {
			t.Errorf("no test case reports %s", c)
		}
	}
}

func mustDecode(t testing.TB, s string) *plan.Plan {
	t.Helper()
	p, err := plan.Decode([]byte(s))
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return p
}

// render is the plan's indented JSON, so cmp.Diff shows a readable line diff.
func render(t testing.TB, p *plan.Plan) string {
	t.Helper()
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func project(ds plan.Diagnostics) []wantDiag {
	var out []wantDiag
	for _, d := range ds {
		out = append(out, wantDiag{d.Severity, d.Code, d.Path, d.Suggestions})
	}
	return out
}

func describe(ds plan.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Code + " " + d.String() + "\n")
	}
	return b.String()
}
