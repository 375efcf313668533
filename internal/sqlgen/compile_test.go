package sqlgen_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
	"querent/internal/sqlgen"
)

// diagnostics compiles js for dialect and returns the diagnostics it fails
// with, failing the test when it compiles or fails otherwise.
func diagnostics(t *testing.T, dialect, js string) plan.Diagnostics {
	t.Helper()
	q, err := compile(t, dialect, js, sqlgen.Options{})
	if err == nil {
		t.Fatalf("compiled, want diagnostics:\n%s", q.SQL)
	}
	var de *plan.DiagnosticsError
	if !errors.As(err, &de) {
		t.Fatalf("error is %T (%v), want *plan.DiagnosticsError", err, err)
	}
	if q != nil {
		t.Errorf("a failed compile returned SQL %q", q.SQL)
	}
	return de.Diagnostics
}

// TestUnresolvedNames: a name the schema does not have is reported with its
// path, code and nearest real names, on every dialect, and never emitted.
func TestUnresolvedNames(t *testing.T) {
	tests := []struct {
		name, plan string
		code, path string
		suggest    []string // must all be among the suggestions
	}{
		{"unknown table", `{"from": {"table": "custmers"}}`,
			sqlgen.CodeUnknownTable, "from.table", []string{"customers"}},
		{"unknown joined table", `{"from": {"table": "orders"}, "joins": [{"table": "paymnts", "on": [{"left": "orders.id", "right": "paymnts.order_id"}]}]}`,
			sqlgen.CodeUnknownTable, "joins[0].table", []string{"payments"}},
		{"unknown column", `{"select": [{"expr": {"col": "orders.totl_amount"}}], "from": {"table": "orders"}}`,
			sqlgen.CodeUnknownColumn, "select[0].expr.col", []string{"orders.total_amount"}},
		{"unknown bare column", `{"select": [{"expr": {"col": "emial"}}], "from": {"table": "customers"}}`,
			sqlgen.CodeUnknownColumn, "select[0].expr.col", []string{"customers.email"}},
		{"unknown source in reference", `{"select": [{"expr": {"col": "ordrs.id"}}], "from": {"table": "orders"}}`,
			sqlgen.CodeUnknownTable, "select[0].expr.col", []string{"orders"}},
		{"table name after aliasing", `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders", "alias": "o"}}`,
			sqlgen.CodeUnknownTable, "select[0].expr.col", nil},
		{"ambiguous bare column", `{"select": [{"expr": {"col": "name"}}], "from": {"table": "customers"}, "joins": [{"table": "products", "on": [{"left": "customers.id", "right": "products.id"}]}]}`,
			sqlgen.CodeAmbiguousColumn, "select[0].expr.col", []string{"customers.name", "products.name"}},
		{"ambiguous across correlated scopes", `{"from": {"table": "customers"}, "where": {"op": "exists", "subquery": {"from": {"table": "products"}, "where": {"op": "=", "left": {"col": "name"}, "right": {"value": "x"}}}}}`,
			sqlgen.CodeAmbiguousColumn, "where.subquery.where.left.col", nil},
		{"unknown column of CTE", `{"with": [{"name": "t", "plan": {"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}}}], "select": [{"expr": {"col": "t.status"}}], "from": {"cte": "t"}}`,
			sqlgen.CodeUnknownColumn, "select[0].expr.col", nil},
		{"unnamed CTE column", `{"with": [{"name": "t", "plan": {"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}}}], "select": [{"expr": {"col": "t.count"}}], "from": {"cte": "t"}}`,
			sqlgen.CodeUnknownColumn, "select[0].expr.col", nil},
		{"unknown CTE", `{"with": [{"name": "recent", "plan": {"from": {"table": "orders"}}}], "from": {"cte": "recnt"}}`,
			sqlgen.CodeUnknownTable, "from.cte", []string{"recent"}},
		{"CTE out of scope", `{"from": {"table": "orders"}, "where": {"op": "exists", "subquery": {"with": [{"name": "x", "plan": {"from": {"table": "payments"}}}], "from": {"cte": "x"}}}, "joins": [{"cte": "x", "on": [{"left": "x.id", "right": "orders.id"}]}]}`,
			sqlgen.CodeUnknownTable, "joins[0].cte", nil},
		{"derived table cannot see siblings", `{"from": {"table": "orders", "alias": "o"}, "joins": [{"subquery": {"from": {"table": "payments"}, "where": {"op": "=", "left": {"col": "payments.order_id"}, "right": {"col": "o.id"}}}, "alias": "p", "on": [{"left": "p.order_id", "right": "o.id"}]}]}`,
			sqlgen.CodeUnknownTable, "joins[0].subquery.where.right.col", nil},
		{"join on refers to a later source", `{"from": {"table": "orders"}, "joins": [{"table": "customers", "on": [{"left": "payments.order_id", "right": "customers.id"}]}, {"table": "payments", "on": [{"left": "payments.order_id", "right": "orders.id"}]}]}`,
			sqlgen.CodeUnknownTable, "joins[0].on[0].left", nil},
		{"star of unknown source", `{"select": [{"expr": {"col": "x.*"}}], "from": {"table": "orders"}}`,
			sqlgen.CodeUnknownTable, "select[0].expr.col", nil},
		{"unknown alias", `{"select": [{"expr": {"agg": "count"}, "alias": "total"}], "from": {"table": "orders"}, "order_by": [{"expr": {"ref": "totl"}}]}`,
			sqlgen.CodeUnknownAlias, "order_by[0].expr.ref", []string{"total"}},
		{"unknown namespaced column", `{"select": [{"expr": {"col": "sales.regions.nme"}}], "from": {"table": "sales.regions"}}`,
			sqlgen.CodeUnknownColumn, "select[0].expr.col", []string{"sales.regions.name"}},
	}
	for _, tc := range tests {
		for _, d := range dialects {
			t.Run(tc.name+"/"+d, func(t *testing.T) {
				ds := diagnostics(t, d, tc.plan)
				var found *plan.Diagnostic
				for i := range ds {
					if ds[i].Path == tc.path && ds[i].Code == tc.code {
						found = &ds[i]
					}
				}
				if found == nil {
					t.Fatalf("no %s at %s; got %v", tc.code, tc.path, ds)
				}
				for _, s := range tc.suggest {
					if !slices.Contains(found.Suggestions, s) {
						t.Errorf("suggestions %v lack %q", found.Suggestions, s)
					}
				}
				if found.Severity != plan.SevError || found.Summary == "" {
					t.Errorf("diagnostic %+v: want an error with a summary", found)
				}
			})
		}
	}
}

// TestMalformedPlans: shapes the compiler refuses, each with its code and path.
func TestMalformedPlans(t *testing.T) {
	tests := []struct {
		name, plan, code, path string
	}{
		{"no variant", `{"select": [{"expr": {}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr"},
		{"two variants", `{"select": [{"expr": {"col": "orders.id", "value": 1}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr"},
		{"unused modifier", `{"select": [{"expr": {"col": "orders.id", "arg": {"col": "orders.id"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.arg"},
		{"args on agg", `{"select": [{"expr": {"agg": "sum", "args": [{"col": "orders.id"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.args"},
		{"distinct on window", `{"select": [{"expr": {"window": "sum", "args": [{"col": "orders.id"}], "distinct": true}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.distinct"},
		{"empty case", `{"select": [{"expr": {"case": []}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.case"},
		{"unknown aggregate", `{"select": [{"expr": {"agg": "median", "arg": {"col": "orders.id"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.agg"},
		{"sum without arg", `{"select": [{"expr": {"agg": "sum"}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.arg"},
		{"count distinct without arg", `{"select": [{"expr": {"agg": "count", "distinct": true}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.distinct"},
		{"aggregate in aggregate", `{"select": [{"expr": {"agg": "max", "arg": {"agg": "count"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMisplaced, "select[0].expr.arg.agg"},
		{"aggregate in where", `{"from": {"table": "orders"}, "where": {"op": ">", "left": {"agg": "count"}, "right": {"value": 1}}}`, sqlgen.CodeMisplaced, "where.left.agg"},
		{"aggregate in group by", `{"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}, "group_by": [{"agg": "count"}]}`, sqlgen.CodeMisplaced, "group_by[0]"},
		{"ref to aggregate in where", `{"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "orders"}, "where": {"op": ">", "left": {"ref": "n"}, "right": {"value": 1}}}`, sqlgen.CodeMisplaced, "where.left.ref"},
		{"window in where", `{"from": {"table": "orders"}, "where": {"op": "=", "left": {"window": "row_number"}, "right": {"value": 1}}}`, sqlgen.CodeMisplaced, "where.left.window"},
		{"window in having", `{"from": {"table": "orders"}, "having": {"op": "=", "left": {"window": "rank"}, "right": {"value": 1}}}`, sqlgen.CodeMisplaced, "having.left.window"},
		{"window in group by", `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "group_by": [{"window": "rank"}]}`, sqlgen.CodeMisplaced, "group_by[0]"},
		{"window in window", `{"select": [{"expr": {"window": "sum", "args": [{"window": "rank"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeMisplaced, "select[0].expr.args[0].window"},
		{"window in aggregate", `{"select": [{"expr": {"agg": "sum", "arg": {"window": "rank"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMisplaced, "select[0].expr.arg.window"},
		{"unknown window", `{"select": [{"expr": {"window": "percent_rank"}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.window"},
		{"window arg count", `{"select": [{"expr": {"window": "lag", "args": [{"col": "orders.id"}, {"value": 1}, {"value": 0}, {"value": 9}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"row_number takes no args", `{"select": [{"expr": {"window": "row_number", "args": [{"col": "orders.id"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"nullif one arg", `{"select": [{"expr": {"func": "nullif", "args": [{"col": "orders.id"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"round three args", `{"select": [{"expr": {"func": "round", "args": [{"col": "orders.id"}, {"value": 1}, {"value": 2}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"substr one arg", `{"select": [{"expr": {"func": "substr", "args": [{"col": "orders.status"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"concat no args", `{"select": [{"expr": {"func": "concat", "args": []}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"current_date with arg", `{"select": [{"expr": {"func": "current_date", "args": [{"value": 1}]}}], "from": {"table": "orders"}}`, sqlgen.CodeArgCount, "select[0].expr.args"},
		{"unknown function", `{"select": [{"expr": {"func": "lowr", "args": [{"col": "orders.status"}]}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.func"},
		{"unknown bucket", `{"select": [{"expr": {"bucket": "decade", "arg": {"col": "orders.order_date"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.bucket"},
		{"bucket without arg", `{"select": [{"expr": {"bucket": "month"}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.arg"},
		{"unknown extract", `{"select": [{"expr": {"extract": "week", "arg": {"col": "orders.order_date"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.extract"},
		{"unknown arith", `{"select": [{"expr": {"arith": "%", "left": {"col": "orders.id"}, "right": {"value": 2}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.arith"},
		{"arith without right", `{"select": [{"expr": {"arith": "+", "left": {"col": "orders.id"}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr"},
		{"star in where", `{"from": {"table": "orders"}, "where": {"op": "is_null", "left": {"col": "*"}}}`, sqlgen.CodeMisplaced, "where.left.col"},
		{"star with alias", `{"select": [{"expr": {"col": "*"}, "alias": "everything"}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].alias"},
		{"scalar subquery of two columns", `{"select": [{"expr": {"subquery": {"select": [{"expr": {"col": "payments.id"}}, {"expr": {"col": "payments.amount"}}], "from": {"table": "payments"}}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.subquery"},
		{"in subquery of two columns", `{"from": {"table": "orders"}, "where": {"op": "in", "left": {"col": "orders.id"}, "subquery": {"from": {"table": "payments"}}}}`, sqlgen.CodeMalformed, "where.subquery"},
		{"in without values", `{"from": {"table": "orders"}, "where": {"op": "in", "left": {"col": "orders.id"}, "values": []}}`, sqlgen.CodeMalformed, "where.values"},
		{"in with values and subquery", `{"from": {"table": "orders"}, "where": {"op": "in", "left": {"col": "orders.id"}, "values": [{"value": 1}], "subquery": {"select": [{"expr": {"col": "payments.order_id"}}], "from": {"table": "payments"}}}}`, sqlgen.CodeMalformed, "where"},
		{"exists without subquery", `{"from": {"table": "orders"}, "where": {"op": "exists"}}`, sqlgen.CodeMalformed, "where.subquery"},
		{"between without high", `{"from": {"table": "orders"}, "where": {"op": "between", "left": {"col": "orders.id"}, "low": {"value": 1}}}`, sqlgen.CodeMalformed, "where.high"},
		{"unused predicate field", `{"from": {"table": "orders"}, "where": {"op": "=", "left": {"col": "orders.id"}, "right": {"value": 1}, "low": {"value": 0}}}`, sqlgen.CodeMalformed, "where.low"},
		{"predicate without op", `{"from": {"table": "orders"}, "where": {"left": {"col": "orders.id"}, "right": {"value": 1}}}`, sqlgen.CodeMalformed, "where.op"},
		{"unknown op", `{"from": {"table": "orders"}, "where": {"op": "==", "left": {"col": "orders.id"}, "right": {"value": 1}}}`, sqlgen.CodeMalformed, "where.op"},
		{"two condition forms", `{"from": {"table": "orders"}, "where": {"and": [{"op": "is_null", "left": {"col": "orders.id"}}], "not": {"op": "is_null", "left": {"col": "orders.id"}}}}`, sqlgen.CodeMalformed, "where"},
		{"empty and", `{"from": {"table": "orders"}, "where": {"and": []}}`, sqlgen.CodeMalformed, "where.and"},
		{"bad nulls", `{"from": {"table": "orders"}, "order_by": [{"expr": {"col": "orders.id"}, "nulls": "middle"}]}`, sqlgen.CodeMalformed, "order_by[0].nulls"},
		{"literal order key", `{"from": {"table": "orders"}, "order_by": [{"expr": {"value": 1}}]}`, sqlgen.CodeMalformed, "order_by[0].expr"},
		{"literal group key", `{"select": [{"expr": {"agg": "count"}}], "from": {"table": "orders"}, "group_by": [{"value": 1}]}`, sqlgen.CodeMalformed, "group_by[0]"},
		{"literal partition key", `{"select": [{"expr": {"window": "rank", "over": {"partition_by": [{"value": "x"}]}}}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[0].expr.over.partition_by[0]"},
		{"negative limit", `{"from": {"table": "orders"}, "limit": -1}`, sqlgen.CodeMalformed, "limit"},
		{"negative offset", `{"from": {"table": "orders"}, "offset": -5}`, sqlgen.CodeMalformed, "offset"},
		{"source with two kinds", `{"from": {"table": "orders", "cte": "x"}}`, sqlgen.CodeMalformed, "from"},
		{"subquery source without alias", `{"from": {"subquery": {"from": {"table": "orders"}}}}`, sqlgen.CodeMalformed, "from"},
		{"duplicate source", `{"from": {"table": "orders"}, "joins": [{"table": "orders", "on": [{"left": "orders.id", "right": "orders.id"}]}]}`, sqlgen.CodeDuplicateName, "joins[0]"},
		{"duplicate CTE", `{"with": [{"name": "a", "plan": {"from": {"table": "orders"}}}, {"name": "A", "plan": {"from": {"table": "orders"}}}], "from": {"cte": "a"}}`, sqlgen.CodeDuplicateName, "with[1].name"},
		{"duplicate derived column", `{"from": {"subquery": {"select": [{"expr": {"col": "orders.id"}}, {"expr": {"col": "customers.id"}}], "from": {"table": "orders"}, "joins": [{"table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}, "alias": "t"}}`, sqlgen.CodeDuplicateName, "from.subquery.select[1]"},
		{"unknown join type", `{"from": {"table": "orders"}, "joins": [{"type": "outer", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`, sqlgen.CodeMalformed, "joins[0].type"},
		{"join without on", `{"from": {"table": "orders"}, "joins": [{"table": "customers"}]}`, sqlgen.CodeMalformed, "joins[0].on"},
		{"cross join with on", `{"from": {"table": "orders"}, "joins": [{"type": "cross", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`, sqlgen.CodeMalformed, "joins[0].on"},
		{"unknown set op", `{"select": [{"expr": {"col": "orders.id"}}], "from": {"table": "orders"}, "set_op": {"op": "minus", "right": {"select": [{"expr": {"col": "payments.id"}}], "from": {"table": "payments"}}}}`, sqlgen.CodeMalformed, "set_op.op"},
		{"set op without right", `{"from": {"table": "orders"}, "set_op": {"op": "union"}}`, sqlgen.CodeMalformed, "set_op.right"},
		{"ref cycle", `{"select": [{"expr": {"ref": "b"}, "alias": "a"}, {"expr": {"ref": "a"}, "alias": "b"}], "from": {"table": "orders"}}`, sqlgen.CodeMalformed, "select[1].expr.ref"},
		{"ambiguous alias", `{"select": [{"expr": {"col": "orders.id"}, "alias": "x"}, {"expr": {"col": "orders.status"}, "alias": "x"}], "from": {"table": "orders"}, "order_by": [{"expr": {"ref": "x"}}]}`, sqlgen.CodeAmbiguousColumn, "order_by[0].expr.ref"},
		{"nested raw sql", `{"from": {"subquery": {"raw_sql": "SELECT 1", "from": {}}, "alias": "t"}}`, sqlgen.CodeUnsupported, "from.subquery.raw_sql"},
		{"missing CTE plan", `{"with": [{"name": "x"}], "from": {"cte": "x"}}`, sqlgen.CodeMalformed, "with[0].plan"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ds := diagnostics(t, "postgres", tc.plan)
			for _, d := range ds {
				if d.Code == tc.code && d.Path == tc.path {
					return
				}
			}
			t.Errorf("no %s at %s; got:\n%v", tc.code, tc.path, ds)
		})
	}
}

// TestBadLiteralsFromGo: a Plan built in Go can hold values JSON cannot; the
// compiler refuses them rather than binding something a driver mangles.
func TestBadLiteralsFromGo(t *testing.T) {
	d, _ := sqlgen.DialectFor("sqlite")
	for _, v := range []any{math.NaN(), math.Inf(1), struct{}{}, []int{1}, uint64(math.MaxUint64)} {
		p := &plan.Plan{From: plan.Source{Table: "orders"}, Where: &plan.Cond{Op: "=", Left: &plan.Expr{Col: "orders.id"}, Right: &plan.Expr{Value: v, ValueSet: true}}}
		_, err := sqlgen.Compile(p, testSchema(), d, sqlgen.Options{})
		var de *plan.DiagnosticsError
		if !errors.As(err, &de) || de.Diagnostics[0].Path != "where.right.value" {
			t.Errorf("value %#v: err = %v, want a diagnostic at where.right.value", v, err)
		}
	}
}

// TestUnsupportedByDialect: what a dialect cannot run is refused there only.
func TestUnsupportedByDialect(t *testing.T) {
	full := `{"from": {"table": "orders"}, "joins": [{"type": "full", "table": "customers", "on": [{"left": "orders.customer_id", "right": "customers.id"}]}]}`
	for _, d := range dialects {
		_, err := compile(t, d, full, sqlgen.Options{})
		if d == "mysql" {
			ds := diagnostics(t, d, full)
			if ds[0].Code != sqlgen.CodeUnsupported || ds[0].Path != "joins[0].type" {
				t.Errorf("mysql full join: %v", ds)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s full join: %v", d, err)
		}
	}
}

func TestRawSQLGoesThroughTheGuard(t *testing.T) {
	for _, d := range dialects {
		_, err := compile(t, d, `{"raw_sql": "SELECT * FROM orders", "from": {}}`, sqlgen.Options{})
		if !errors.Is(err, sqlgen.ErrRawSQL) {
			t.Errorf("%s: err = %v, want ErrRawSQL", d, err)
		}
		if err != nil && !strings.Contains(err.Error(), "guard") {
			t.Errorf("%s: error %q does not say where raw SQL must go", d, err)
		}
	}
}

func TestCompileArguments(t *testing.T) {
	d, _ := sqlgen.DialectFor("sqlite")
	p := &plan.Plan{From: plan.Source{Table: "orders"}}
	s := testSchema()
	for name, call := range map[string]func() error{
		"nil plan":     func() error { _, err := sqlgen.Compile(nil, s, d, sqlgen.Options{}); return err },
		"nil schema":   func() error { _, err := sqlgen.Compile(p, nil, d, sqlgen.Options{}); return err },
		"nil dialect":  func() error { _, err := sqlgen.Compile(p, s, nil, sqlgen.Options{}); return err },
		"negative cap": func() error { _, err := sqlgen.Compile(p, s, d, sqlgen.Options{MaxRows: -1}); return err },
		"tenant without column": func() error {
			_, err := sqlgen.Compile(p, s, d, sqlgen.Options{Tenant: &sqlgen.Tenant{Value: 1}})
			return err
		},
		"tenant without value": func() error {
			_, err := sqlgen.Compile(p, s, d, sqlgen.Options{Tenant: &sqlgen.Tenant{Column: "client_id"}})
			return err
		},
	} {
		if err := call(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestValuesAreAlwaysBound: literals, however hostile, reach the engine only
// as arguments; the SQL text is the same whatever the values are.
func TestValuesAreAlwaysBound(t *testing.T) {
	hostile := []string{`'; DROP TABLE orders; --`, `" OR 1=1 --`, "`x`", "]]; SELECT 1", `$1`, `@p1`, `?`, "\x00", "naïve ✓"}
	for _, d := range dialects {
		var first string
		for i, h := range hostile {
			v, _ := json.Marshal(h)
			js := strings.ReplaceAll(`{"select": [{"expr": {"col": "customers.name"}}, {"expr": {"value": V}, "alias": "v"}],
				"from": {"table": "customers"},
				"where": {"or": [{"op": "=", "left": {"col": "customers.name"}, "right": {"value": V}},
				                 {"op": "like", "left": {"col": "customers.email"}, "right": {"value": V}},
				                 {"op": "in", "left": {"col": "customers.city"}, "values": [{"value": V}, {"value": true}]}]},
				"order_by": [{"expr": {"func": "coalesce", "args": [{"col": "customers.city"}, {"value": V}]}}]}`, "V", string(v))
			q := mustCompile(t, d, js, sqlgen.Options{})
			if i == 0 {
				first = q.SQL
			} else if q.SQL != first {
				t.Errorf("%s: SQL depends on a value:\n%s\n%s", d, first, q.SQL)
			}
			if h != "?" && h != "$1" && h != "@p1" && strings.Contains(q.SQL, h) {
				t.Errorf("%s: value %q appears in SQL %s", d, h, q.SQL)
			}
			if !slices.Contains(q.Args, any(h)) {
				t.Errorf("%s: value %q is not among the args %v", d, h, q.Args)
			}
		}
	}
}

// placeholders matches every placeholder form the dialects use.
var placeholders = regexp.MustCompile(`\?|\$\d+|@p\d+`)

// TestPlaceholdersMatchArgs: for every golden plan and dialect, positional
// placeholders number exactly the arguments, and numbered ones use each of
// 1..len(args) at least once and nothing else.
func TestPlaceholdersMatchArgs(t *testing.T) {
	for _, file := range goldenFiles(t) {
		js := goldenPlan(t, file)
		for _, d := range dialects {
			q, err := compile(t, d, js, goldenOpts(t, file))
			if err != nil {
				continue
			}
			found := placeholders.FindAllString(q.SQL, -1)
			dl, _ := sqlgen.DialectFor(d)
			if !dl.Caps().NumberedParams {
				if len(found) != len(q.Args) {
					t.Errorf("%s/%s: %d placeholders, %d args", file, d, len(found), len(q.Args))
				}
				continue
			}
			used := map[string]bool{}
			for _, f := range found {
				used[f] = true
			}
			for i := 1; i <= len(q.Args); i++ {
				if !used[dl.Placeholder(i)] {
					t.Errorf("%s/%s: arg %d is never referenced", file, d, i)
				}
				delete(used, dl.Placeholder(i))
			}
			if len(used) > 0 {
				t.Errorf("%s/%s: placeholders %v have no args", file, d, used)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, file := range goldenFiles(t) {
		js := goldenPlan(t, file)
		for _, d := range dialects {
			a, errA := compile(t, d, js, goldenOpts(t, file))
			for range 5 {
				b, errB := compile(t, d, js, goldenOpts(t, file))
				if fmt.Sprint(errA) != fmt.Sprint(errB) {
					t.Fatalf("%s/%s: errors differ: %v / %v", file, d, errA, errB)
				}
				if errA == nil && (a.SQL != b.SQL || !cmp.Equal(a.Args, b.Args) || !cmp.Equal(a.Tables, b.Tables)) {
					t.Fatalf("%s/%s: output differs between runs", file, d)
				}
			}
		}
	}
}

func TestTablesRead(t *testing.T) {
	q := mustCompile(t, "postgres", `{
		"with": [{"name": "p", "plan": {"from": {"table": "payments"}}}],
		"select": [{"expr": {"col": "o.id"}}],
		"from": {"table": "orders", "alias": "o"},
		"joins": [{"cte": "p", "on": [{"left": "p.order_id", "right": "o.id"}]},
		          {"table": "orders", "alias": "o2", "on": [{"left": "o2.id", "right": "o.id"}]}],
		"where": {"op": "in", "left": {"col": "o.customer_id"}, "subquery": {"select": [{"expr": {"col": "regions.id"}}], "from": {"table": "sales.regions"}}}
	}`, sqlgen.Options{})
	want := []string{"orders", "payments", "sales.regions"}
	if diff := cmp.Diff(want, q.Tables); diff != "" {
		t.Errorf("Tables (-want +got):\n%s", diff)
	}
}

func TestMaxRows(t *testing.T) {
	tests := []struct {
		limit string
		max   int64
		want  string
	}{
		{`, "limit": 10`, 50, "LIMIT 10"},
		{`, "limit": 100`, 50, "LIMIT 50"},
		{``, 50, "LIMIT 50"},
		{`, "limit": 7`, 0, "LIMIT 7"},
	}
	for _, tc := range tests {
		q := mustCompile(t, "sqlite", `{"from": {"table": "orders"}`+tc.limit+`}`, sqlgen.Options{MaxRows: tc.max})
		if !strings.HasSuffix(q.SQL, tc.want) {
			t.Errorf("limit%s MaxRows %d: %s, want it to end with %s", tc.limit, tc.max, q.SQL, tc.want)
		}
	}
}

// TestEveryPlanNameCompiles: every operator, aggregate, function, bucket,
// extract, window function, join type and set operation a Plan can name
// compiles on every dialect (MySQL's FULL JOIN aside).
func TestEveryPlanNameCompiles(t *testing.T) {
	args := map[string]string{
		"lower": `[{"col": "c.name"}]`, "upper": `[{"col": "c.name"}]`, "length": `[{"col": "c.name"}]`,
		"trim": `[{"col": "c.name"}]`, "abs": `[{"col": "c.id"}]`, "round": `[{"col": "c.id"}, {"value": 1}]`,
		"coalesce": `[{"col": "c.city"}, {"col": "c.country"}]`, "concat": `[{"col": "c.name"}, {"value": "!"}]`,
		"substr": `[{"col": "c.name"}, {"value": 1}, {"value": 2}]`, "nullif": `[{"col": "c.city"}, {"value": ""}]`,
		"cast_int": `[{"col": "c.id"}]`, "cast_real": `[{"col": "c.id"}]`, "cast_text": `[{"col": "c.id"}]`,
		"current_date": `[]`,
	}
	var exprs []string
	funcs := make([]string, 0, len(plan.Funcs))
	for f := range plan.Funcs {
		funcs = append(funcs, f)
	}
	slices.Sort(funcs)
	for _, f := range funcs {
		a, ok := args[f]
		if !ok {
			t.Fatalf("plan.Funcs has %q, which this test does not know", f)
		}
		exprs = append(exprs, fmt.Sprintf(`{"func": %q, "args": %s}`, f, a))
	}
	for _, b := range plan.Buckets {
		exprs = append(exprs, fmt.Sprintf(`{"bucket": %q, "arg": {"col": "c.created_at"}}`, b))
	}
	for _, x := range plan.Extracts {
		exprs = append(exprs, fmt.Sprintf(`{"extract": %q, "arg": {"col": "c.created_at"}}`, x))
	}
	for _, a := range plan.Aggs {
		exprs = append(exprs, fmt.Sprintf(`{"agg": %q, "arg": {"col": "c.id"}}`, a))
	}
	for _, w := range append(slices.Clone(plan.WindowFuncs), "count", "sum", "avg", "min", "max") {
		a := `[{"col": "c.id"}]`
		switch w {
		case "row_number", "rank", "dense_rank":
			a = `[]`
		case "ntile":
			a = `[{"value": 3}]`
		}
		exprs = append(exprs, fmt.Sprintf(`{"window": %q, "args": %s, "over": {"order_by": [{"expr": {"col": "c.id"}}]}}`, w, a))
	}
	var conds []string
	for _, op := range plan.Ops {
		switch op {
		case "in", "not_in":
			conds = append(conds, fmt.Sprintf(`{"op": %q, "left": {"col": "c.id"}, "values": [{"value": 1}]}`, op),
				fmt.Sprintf(`{"op": %q, "left": {"col": "c.id"}, "subquery": {"select": [{"expr": {"col": "orders.customer_id"}}], "from": {"table": "orders"}}}`, op))
		case "between", "not_between":
			conds = append(conds, fmt.Sprintf(`{"op": %q, "left": {"col": "c.id"}, "low": {"value": 1}, "high": {"value": 2}}`, op))
		case "is_null", "is_not_null":
			conds = append(conds, fmt.Sprintf(`{"op": %q, "left": {"col": "c.id"}}`, op))
		case "exists", "not_exists":
			conds = append(conds, fmt.Sprintf(`{"op": %q, "subquery": {"from": {"table": "orders"}}}`, op))
		default:
			conds = append(conds, fmt.Sprintf(`{"op": %q, "left": {"col": "c.name"}, "right": {"value": "x"}}`, op))
		}
	}
	var items []string
	for _, e := range exprs {
		items = append(items, `{"expr": `+e+`}`)
	}
	js := `{"select": [` + strings.Join(items, ", ") + `], "from": {"table": "customers", "alias": "c"}, "where": {"and": [` + strings.Join(conds, ", ") + `]}}`
	db := openSQLite(t)
	for _, d := range dialects {
		q := mustCompile(t, d, js, sqlgen.Options{})
		if d == "sqlite" {
			query(t, db, q.SQL, q.Args...)
		}
		for _, jt := range []plan.JoinType{plan.JoinInner, plan.JoinLeft, plan.JoinRight, plan.JoinFull, plan.JoinCross} {
			on := `, "on": [{"left": "o.customer_id", "right": "c.id"}]`
			if jt == plan.JoinCross {
				on = ""
			}
			_, err := compile(t, d, fmt.Sprintf(`{"from": {"table": "customers", "alias": "c"}, "joins": [{"type": %q, "table": "orders", "alias": "o"%s}]}`, jt, on), sqlgen.Options{})
			if (err != nil) != (d == "mysql" && jt == plan.JoinFull) {
				t.Errorf("%s %s join: %v", d, jt, err)
			}
		}
		for _, op := range plan.SetOps {
			mustCompile(t, d, fmt.Sprintf(`{"select": [{"expr": {"col": "c.id"}}], "from": {"table": "customers", "alias": "c"}, "set_op": {"op": %q, "right": {"select": [{"expr": {"col": "o.id"}}], "from": {"table": "orders", "alias": "o"}}}}`, op), sqlgen.Options{})
		}
	}
}

func TestSelfAliasedUnknownColumn(t *testing.T) {
	ds := diagnostics(t, "sqlite", `{"select": [{"expr": {"col": "revenue"}, "alias": "revenue"}], "from": {"table": "orders"}}`)
	if len(ds) != 1 || ds[0].Code != sqlgen.CodeUnknownColumn || ds[0].Path != "select[0].expr.col" {
		t.Errorf("got %v, want one unknown_column at select[0].expr.col", ds)
	}
}
