package plan_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
	"querent/internal/schema"
)

// measureSchema is a small shop, with one table in a non-default namespace
// and one with a space in its name, for quoted and qualified references.
func measureSchema() *schema.Schema {
	cols := func(names ...string) []schema.Column {
		out := make([]schema.Column, len(names))
		for i, n := range names {
			out[i] = schema.Column{Name: n, Kind: schema.KindText}
		}
		return out
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "orders", Ident: "orders", Columns: cols("id", "customer_id", "status", "total_amount", "order_date")},
		{Name: "order_items", Ident: "order_items", Columns: cols("id", "order_id", "quantity", "unit_price")},
		{Name: "customers", Ident: "customers", Columns: cols("id", "country")},
		{Name: "sales.regions", Namespace: "sales", Ident: "regions", Columns: cols("id", "name")},
		{Name: "odd table", Ident: "odd table", Columns: cols("unit price")},
	}}
}

// measureJSON is the parsed measure as compact JSON, the form the tests pin.
func measureJSON(t *testing.T, m plan.Measure) string {
	t.Helper()
	m.Name = ""
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(b.String())
}

func TestParseMeasure(t *testing.T) {
	const (
		qty   = `{"col":"order_items.quantity"}`
		price = `{"col":"order_items.unit_price"}`
		total = `{"col":"orders.total_amount"}`
	)
	tests := []struct {
		def, want string
	}{
		{"count(*)", `{"name":"","expr":{"agg":"count"}}`},
		{"COUNT( * )", `{"name":"","expr":{"agg":"count"}}`},
		{"sum(orders.total_amount)", `{"name":"","expr":{"agg":"sum","arg":` + total + `}}`},
		{"count(distinct orders.customer_id)", `{"name":"","expr":{"agg":"count_distinct","arg":{"col":"orders.customer_id"}}}`},
		{"count_distinct(orders.customer_id)", `{"name":"","expr":{"agg":"count_distinct","arg":{"col":"orders.customer_id"}}}`},
		{"sum(distinct orders.total_amount)", `{"name":"","expr":{"agg":"sum","arg":` + total + `,"distinct":true}}`},
		// Names are resolved to the schema's spelling.
		{"AVG(Orders.Total_Amount)", `{"name":"","expr":{"agg":"avg","arg":` + total + `}}`},
		// * binds tighter than +, and both associate to the left.
		{"sum(order_items.quantity * order_items.unit_price)",
			`{"name":"","expr":{"agg":"sum","arg":{"arith":"*","left":` + qty + `,"right":` + price + `}}}`},
		{"sum(order_items.quantity + order_items.unit_price * 2)",
			`{"name":"","expr":{"agg":"sum","arg":{"arith":"+","left":` + qty + `,"right":{"arith":"*","left":` + price + `,"right":{"value":2}}}}}`},
		{"sum((order_items.quantity + 1) * 2)",
			`{"name":"","expr":{"agg":"sum","arg":{"arith":"*","left":{"arith":"+","left":` + qty + `,"right":{"value":1}},"right":{"value":2}}}}`},
		{"sum(orders.total_amount) - sum(orders.total_amount) / 2",
			`{"name":"","expr":{"arith":"-","left":{"agg":"sum","arg":` + total + `},"right":{"arith":"/","left":{"agg":"sum","arg":` + total + `},"right":{"value":2}}}}`},
		{"max(orders.total_amount) - 1 - 2",
			`{"name":"","expr":{"arith":"-","left":{"arith":"-","left":{"agg":"max","arg":` + total + `},"right":{"value":1}},"right":{"value":2}}}`},
		// Ratios of aggregates are measures too: the average order value.
		{"sum(orders.total_amount) / count(distinct orders.id)",
			`{"name":"","expr":{"arith":"/","left":{"agg":"sum","arg":` + total + `},"right":{"agg":"count_distinct","arg":{"col":"orders.id"}}}}`},
		// A minus before a number is a negative literal; before anything else, 0 - x.
		{"sum(orders.total_amount * -1.5)", `{"name":"","expr":{"agg":"sum","arg":{"arith":"*","left":` + total + `,"right":{"value":-1.5}}}}`},
		{"-sum(orders.total_amount)", `{"name":"","expr":{"arith":"-","left":{"value":0},"right":{"agg":"sum","arg":` + total + `}}}`},
		{"sum(coalesce(orders.total_amount, 0))", `{"name":"","expr":{"agg":"sum","arg":{"func":"coalesce","args":[` + total + `,{"value":0}]}}}`},
		{"min(orders.total_amount * 1e3)", `{"name":"","expr":{"agg":"min","arg":{"arith":"*","left":` + total + `,"right":{"value":1000}}}}`},
		// Qualified and quoted names.
		{"count(distinct sales.regions.name)", `{"name":"","expr":{"agg":"count_distinct","arg":{"col":"sales.regions.name"}}}`},
		{`sum("odd table"."unit price")`, `{"name":"","expr":{"agg":"sum","arg":{"col":"odd table.unit price"}}}`},
		// The where part.
		{"sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'",
			`{"name":"","expr":{"agg":"sum","arg":{"arith":"*","left":` + qty + `,"right":` + price + `}},"where":{"op":"!=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`},
		{"count(*) where orders.status <> 'it''s'",
			`{"name":"","expr":{"agg":"count"},"where":{"op":"!=","left":{"col":"orders.status"},"right":{"value":"it's"}}}`},
		{"count(*) WHERE orders.status IN ('shipped', 'delivered') AND orders.total_amount >= 10",
			`{"name":"","expr":{"agg":"count"},"where":{"and":[{"op":"in","left":{"col":"orders.status"},"values":[{"value":"shipped"},{"value":"delivered"}]},{"op":">=","left":` + total + `,"right":{"value":10}}]}}`},
		// and binds tighter than or; not binds tighter than and.
		{"count(*) where orders.id = 1 or orders.id = 2 and not orders.id = 3",
			`{"name":"","expr":{"agg":"count"},"where":{"or":[{"op":"=","left":{"col":"orders.id"},"right":{"value":1}},{"and":[{"op":"=","left":{"col":"orders.id"},"right":{"value":2}},{"not":{"op":"=","left":{"col":"orders.id"},"right":{"value":3}}}]}]}}`},
		{"count(*) where (orders.id = 1 or orders.id = 2) and orders.status is not null",
			`{"name":"","expr":{"agg":"count"},"where":{"and":[{"or":[{"op":"=","left":{"col":"orders.id"},"right":{"value":1}},{"op":"=","left":{"col":"orders.id"},"right":{"value":2}}]},{"op":"is_not_null","left":{"col":"orders.status"}}]}}`},
		// A parenthesis may open an arithmetic operand, not a condition.
		{"count(*) where (orders.total_amount + 1) * 2 > 10",
			`{"name":"","expr":{"agg":"count"},"where":{"op":">","left":{"arith":"*","left":{"arith":"+","left":` + total + `,"right":{"value":1}},"right":{"value":2}},"right":{"value":10}}}`},
		{"count(*) where ((orders.status is null))",
			`{"name":"","expr":{"agg":"count"},"where":{"op":"is_null","left":{"col":"orders.status"}}}`},
		{"count(*) where orders.status not in ('a') and orders.id not between 1 and 5 and orders.status not like 'x%'",
			`{"name":"","expr":{"agg":"count"},"where":{"and":[{"op":"not_in","left":{"col":"orders.status"},"values":[{"value":"a"}]},{"op":"not_between","left":{"col":"orders.id"},"low":{"value":1},"high":{"value":5}},{"op":"not_like","left":{"col":"orders.status"},"right":{"value":"x%"}}]}}`},
		{"count(*) where orders.id between 1 and 5 or orders.status like 'p%'",
			`{"name":"","expr":{"agg":"count"},"where":{"or":[{"op":"between","left":{"col":"orders.id"},"low":{"value":1},"high":{"value":5}},{"op":"like","left":{"col":"orders.status"},"right":{"value":"p%"}}]}}`},
		{"count(*) where orders.status = null or orders.id = true",
			`{"name":"","expr":{"agg":"count"},"where":{"or":[{"op":"=","left":{"col":"orders.status"},"right":{"value":null}},{"op":"=","left":{"col":"orders.id"},"right":{"value":true}}]}}`},
	}
	s := measureSchema()
	for _, tt := range tests {
		t.Run(tt.def, func(t *testing.T) {
			m, err := plan.ParseMeasure("m", tt.def, s)
			if err != nil {
				t.Fatalf("ParseMeasure: %v", err)
			}
			if m.Name != "m" {
				t.Errorf("Name = %q, want m", m.Name)
			}
			if diff := cmp.Diff(tt.want, measureJSON(t, m)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseMeasureAudits: a parsed measure used in a plan passes the audit
// as the planners will use it, Where ANDed into the plan's filters.
func TestParseMeasureAudits(t *testing.T) {
	s := measureSchema()
	m, err := plan.ParseMeasure("revenue", "sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'", s)
	if err != nil {
		t.Fatal(err)
	}
	p := &plan.Plan{
		Select: []plan.SelectItem{{Expr: m.Expr, Alias: "revenue"}},
		From:   plan.Source{Table: "orders"},
		Joins:  []plan.Join{{Source: plan.Source{Table: "order_items"}, On: []plan.JoinOn{{Left: "order_items.order_id", Right: "orders.id"}}}},
		Where:  m.Where,
	}
	if _, diags := plan.Audit(p, s); diags.HasErrors() {
		t.Fatalf("audit: %v", diags)
	}
}

func TestParseMeasureErrors(t *testing.T) {
	tests := []struct {
		def string
		pos int
		msg string // a part of the message
		sug []string
	}{
		{"", 1, "empty", nil},
		{"   ", 1, "empty", nil},
		{"orders.total_amount", 1, "must aggregate", nil},
		{"42", 1, "must aggregate", nil},
		{"sum(orders.total_amount) + orders.id", 1, "outside an aggregate", nil},
		{"sum(orders.totl_amount)", 12, `no column "totl_amount"`, []string{"orders.total_amount"}},
		{"sum(ordrs.total_amount)", 5, `unknown table "ordrs"`, []string{"orders"}},
		{"sum(total_amount)", 5, "needs its table", []string{"orders.total_amount"}},
		{"count(id)", 7, "needs its table", []string{"orders.id", "order_items.id", "customers.id", "sales.regions.id"}},
		{"sum(orders.total_amount", 24, `expected ")" after the argument of sum, found the end`, nil},
		{"sum()", 5, "expected the argument of sum", nil},
		{"count(*", 8, `expected ")" after count(*`, nil},
		{"total(orders.total_amount)", 1, `unknown function "total"`, nil},
		{"sum(sum(orders.total_amount))", 5, "cannot be nested", nil},
		{"sum(orders.total_amount) where", 31, "expected a column", nil},
		{"sum(orders.total_amount) where orders.status", 45, "expected a comparison", nil},
		{"sum(orders.total_amount) where orders.status = 'x' or", 54, "expected a column", nil},
		{"sum(orders.total_amount) where count(*) > 1", 32, "aggregate and the where part filters single rows", nil},
		{"sum(orders.total_amount) where orders.status in ()", 50, "at least one value", nil},
		{"sum(orders.total_amount) where orders.status in ('a' 'b')", 54, `expected "," or ")"`, nil},
		{"sum(orders.total_amount) where orders.status in 'a'", 49, `expected "(" to open the list`, nil},
		{"sum(orders.total_amount) where orders.status is 'x'", 49, `expected "null" after "is"`, nil},
		{"sum(orders.total_amount) where orders.status not = 'x'", 50, `after "not"`, nil},
		{"sum(orders.total_amount) where orders.id between 1 or 2", 52, `expected "and" between the bounds`, nil},
		{"sum(orders.total_amount) where (orders.id = 1", 46, `expected ")" to close`, nil},
		{"sum(orders.total_amount) orders", 26, `expected an operator or "where"`, nil},
		{"sum(orders.total_amount) where orders.id = 1 )", 46, `expected "and", "or" or an operator`, nil},
		{"sum(orders.total_amount) where orders.status = 'open", 48, "string is not closed", nil},
		{`sum("orders.total_amount)`, 5, "quoted name is not closed", nil},
		{`sum(""."x")`, 5, "quoted name cannot be empty", nil},
		{"sum(orders.total_amount) ; drop table orders", 26, `unexpected character ';'`, nil},
		{"sum(orders.total_amount * 1e999)", 27, "out of range", nil},
		{"sum(orders.)", 12, "expected a column name after", nil},
		{"sum(-'x')", 5, "minus sign", nil},
		{"coalesce(orders.id)", 1, "must aggregate", nil},
		{"sum(nullif(orders.id))", 5, "nullif takes 2 argument(s), got 1", nil},
		// Positions count characters, not bytes.
		{"sum(orders.total_amount) where orders.status = 'é' §", 52, "unexpected character", nil},
	}
	s := measureSchema()
	for _, tt := range tests {
		t.Run(tt.def, func(t *testing.T) {
			_, err := plan.ParseMeasure("revenue", tt.def, s)
			var me *plan.MeasureError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMeasure(%q) = %v, want a *MeasureError", tt.def, err)
			}
			if me.Pos != tt.pos || !strings.Contains(me.Msg, tt.msg) {
				t.Errorf("error at %d %q, want at %d containing %q", me.Pos, me.Msg, tt.pos, tt.msg)
			}
			if diff := cmp.Diff(tt.sug, me.Suggestions); diff != "" {
				t.Errorf("suggestions (-want +got):\n%s", diff)
			}
			if !strings.HasPrefix(err.Error(), `measure "revenue": at character `) {
				t.Errorf("error %q does not name the measure and position", err)
			}
		})
	}
}

// TestParseMeasureDepth: hostile nesting is an error, not a stack overflow.
func TestParseMeasureDepth(t *testing.T) {
	def := "sum(" + strings.Repeat("(", 5000) + "orders.id" + strings.Repeat(")", 5000) + ")"
	if _, err := plan.ParseMeasure("deep", def, measureSchema()); err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("err = %v, want a nesting error", err)
	}
	where := "count(*) where " + strings.Repeat("not (", 3000) + "orders.id = 1" + strings.Repeat(")", 3000)
	if _, err := plan.ParseMeasure("deep", where, measureSchema()); err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("err = %v, want a nesting error", err)
	}
}

// FuzzParseMeasure: any input either parses into a measure whose columns
// are all real and which round-trips through the Plan's JSON, or fails with a
// *MeasureError pointing inside the text; it never panics.
func FuzzParseMeasure(f *testing.F) {
	for _, seed := range []string{
		"count(*)", "sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'",
		"count(distinct orders.customer_id) where orders.status in ('a', 'b') and not (orders.id > 3 or orders.id is null)",
		"sum((orders.total_amount + 1) * -2) / count(*) where (orders.id + 1) * 2 between 1 and 9",
		`sum("odd table"."unit price") where sales.regions.name like 'n%'`, "max(coalesce(orders.total_amount, 0))",
		"sum(", "count(*) where ((", "'", `"`, ".5", "-", "sum(orders.id) where orders.id = -9223372036854775808",
	} {
		f.Add(seed)
	}
	s := measureSchema()
	f.Fuzz(func(t *testing.T, def string) {
		m, err := plan.ParseMeasure("m", def, s)
		if err != nil {
			var me *plan.MeasureError
			if !errors.As(err, &me) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if me.Pos < 1 || me.Pos > len([]rune(def))+1 {
				t.Fatalf("position %d outside the %d-character definition: %v", me.Pos, len([]rune(def)), err)
			}
			return
		}
		if !m.Expr.IsAggregate() {
			t.Fatalf("accepted a measure that does not aggregate: %q", def)
		}
		check := func(e *plan.Expr) bool {
			if e.Col == "" {
				return true
			}
			i := strings.LastIndex(e.Col, ".")
			tbl, ok := s.Table(e.Col[:i])
			if !ok {
				t.Fatalf("unknown table in %q from %q", e.Col, def)
			}
			if _, ok := tbl.Column(e.Col[i+1:]); !ok {
				t.Fatalf("unknown column %q from %q", e.Col, def)
			}
			return true
		}
		m.Expr.Walk(check)
		m.Where.WalkExprs(check)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		var back plan.Measure
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("the measure's JSON does not decode: %v\n%s", err, b)
		}
	})
}
