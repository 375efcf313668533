package plan

// The scope rules are unexported, so unlike the rest of the audit tests
// these sit inside the package.

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
)

func scopeFixture() (outer, inner *scope) {
	orders := &schema.Table{Name: "orders", Ident: "orders", Columns: []schema.Column{
		{Name: "id", Kind: schema.KindInteger}, {Name: "customer_id", Kind: schema.KindInteger}, {Name: "Status", Kind: schema.KindText}}}
	customers := &schema.Table{Name: "sales.customers", Ident: "customers", Columns: []schema.Column{
		{Name: "id", Kind: schema.KindInteger}, {Name: "email", Kind: schema.KindText}}}
	payments := &schema.Table{Name: "payments", Ident: "payments", Columns: []schema.Column{
		{Name: "id", Kind: schema.KindInteger}, {Name: "order_id", Kind: schema.KindInteger}}}
	outer = &scope{sources: []*source{
		{name: "o", table: orders, cols: tableCols(orders)},
		{name: "sales.customers", table: customers, cols: tableCols(customers)},
		{name: "recent", cols: []column{{name: "spent", kind: schema.KindReal}, {name: ""}}},
	}}
	inner = &scope{parent: outer, sources: []*source{
		{name: "p", table: payments, cols: tableCols(payments)},
		{name: "o2", table: orders, cols: tableCols(orders)},
	}}
	return outer, inner
}

func TestFindSource(t *testing.T) {
	outer, inner := scopeFixture()
	tests := []struct {
		name  string
		sc    *scope
		q     string
		want  []string
		match match
	}{
		{"alias", outer, "o", []string{"o"}, matchExact},
		{"alias in other case", outer, "O", []string{"o"}, matchFold},
		{"table name of an aliased table", outer, "orders", []string{"o"}, matchTable},
		{"namespaced name", outer, "sales.customers", []string{"sales.customers"}, matchExact},
		{"unqualified ident of a namespaced table", outer, "customers", []string{"sales.customers"}, matchTable},
		{"CTE by name", outer, "RECENT", []string{"recent"}, matchFold},
		{"outer source from a subquery", inner, "recent", []string{"recent"}, matchExact},
		// o2 aliases orders inside, but the outer alias o is a name: names win
		// at every level before table names are tried.
		{"outer alias beats inner table name", inner, "o", []string{"o"}, matchExact},
		// orders is aliased at both levels; the innermost level decides.
		{"inner table name shadows outer", inner, "orders", []string{"o2"}, matchTable},
		{"unknown", inner, "products", nil, matchNone},
		{"empty", inner, "", nil, matchNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcs, m := tt.sc.findSource(tt.q)
			var got []string
			for _, s := range srcs {
				got = append(got, s.name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" || m != tt.match {
				t.Errorf("findSource(%q) = %v, %v; want %v, %v (-want +got):\n%s", tt.q, got, m, tt.want, tt.match, diff)
			}
		})
	}
}

func TestFindColumn(t *testing.T) {
	outer, inner := scopeFixture()
	opaque := &scope{parent: outer, sources: []*source{{name: "x", opaque: true}}}
	tests := []struct {
		name       string
		sc         *scope
		col        string
		want       []string
		wantOpaque bool
	}{
		{"in one source", outer, "email", []string{"sales.customers"}, false},
		{"in several sources", outer, "id", []string{"o", "sales.customers"}, false},
		{"other letter case", outer, "status", []string{"o"}, false},
		{"CTE output", outer, "spent", []string{"recent"}, false},
		{"unnamed CTE output is not referenceable", outer, "", nil, false},
		{"innermost level decides", inner, "id", []string{"p", "o2"}, false},
		{"correlated: only the outer level has it", inner, "email", []string{"sales.customers"}, false},
		{"opaque level stops the search", opaque, "email", nil, true},
		{"nowhere", inner, "nope", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, op := tt.sc.findColumn(tt.col)
			var got []string
			for _, s := range hits {
				got = append(got, s.name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" || op != tt.wantOpaque {
				t.Errorf("findColumn(%q) = %v, opaque %v; want %v, %v", tt.col, got, op, tt.want, tt.wantOpaque)
			}
		})
	}
}

func TestResolveAndKinds(t *testing.T) {
	_, inner := scopeFixture()
	tests := []struct {
		expr Expr
		want schema.Kind
	}{
		{Col("o.status"), schema.KindText},
		{Col("customer_id"), schema.KindInteger}, // correlated, bare
		{Col("id"), ""},                          // ambiguous: unknown
		{Expr{Agg: "count"}, schema.KindInteger},
		{Expr{Agg: "sum", Arg: &Expr{Col: "recent.spent"}}, schema.KindReal},
		{Expr{Bucket: "month", Arg: &Expr{Col: "o.id"}}, schema.KindText},
		{Expr{Arith: "+", Left: &Expr{Col: "p.id"}, Right: &Expr{Value: int64(1), ValueSet: true}}, schema.KindInteger},
		{Expr{Arith: "/", Left: &Expr{Col: "p.id"}, Right: &Expr{Col: "p.order_id"}}, schema.KindReal},
		{Expr{Window: "lag", Args: []Expr{Col("o.status")}}, schema.KindText},
		{Expr{Func: "coalesce", Args: []Expr{Col("recent.spent"), Val(0)}}, schema.KindReal},
		{Val("x"), schema.KindText},
	}
	for _, tt := range tests {
		if got := kindOf(&tt.expr, inner); got != tt.want {
			t.Errorf("kindOf(%s) = %q, want %q", exprString(&tt.expr), got, tt.want)
		}
	}
}

func TestCompatibleKinds(t *testing.T) {
	tests := []struct {
		a, b schema.Kind
		want bool
	}{
		{schema.KindInteger, schema.KindReal, true},
		{schema.KindText, schema.KindInteger, false},
		{schema.KindDate, schema.KindDateTime, true},
		{schema.KindText, schema.KindDate, true}, // dates stored as text
		{schema.KindDate, schema.KindInteger, false},
		{schema.KindOther, schema.KindInteger, true},
		{"", schema.KindBlob, true},
		{schema.KindBool, schema.KindInteger, true},
		{schema.KindBool, schema.KindText, false},
	}
	for _, tt := range tests {
		if got := compatible(tt.a, tt.b); got != tt.want {
			t.Errorf("compatible(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSplitRef(t *testing.T) {
	tests := []struct {
		ref, q, c string
		ok        bool
	}{
		{"o.id", "o", "id", true},
		{"sales.orders.id", "sales.orders", "id", true},
		{"id", "", "id", true},
		{"o.", "o", "", false},
		{".id", "", "id", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		q, c, ok := splitRef(tt.ref)
		if q != tt.q || c != tt.c || ok != tt.ok {
			t.Errorf("splitRef(%q) = %q, %q, %v; want %q, %q, %v", tt.ref, q, c, ok, tt.q, tt.c, tt.ok)
		}
	}
}
