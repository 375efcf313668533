package schema_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
)

// fakeProber answers containment from a table of "child.col>parent.col"
// entries; unlisted pairs are fully contained over 20 values.
type fakeProber struct {
	shares map[string]float64
	counts map[string]int64
	errs   map[string]error
	calls  []string
}

func (f *fakeProber) Containment(ctx context.Context, child, childCol, parent, parentCol string) (float64, int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	k := child + "." + childCol + ">" + parent + "." + parentCol
	f.calls = append(f.calls, k)
	if err := f.errs[k]; err != nil {
		return 0, 0, err
	}
	share, ok := f.shares[k]
	if !ok {
		share = 1
	}
	n, ok := f.counts[k]
	if !ok {
		n = 20
	}
	return share, n, nil
}

func col(name string, k schema.Kind) schema.Column {
	return schema.Column{Name: name, Kind: k, Distinct: -1}
}

func table(name string, pk []string, cols ...schema.Column) schema.Table {
	return schema.Table{Name: name, Ident: name, PrimaryKey: pk, Columns: cols, RowCount: 100}
}

const (
	i = schema.KindInteger
	x = schema.KindText
)

// shop is a store without declared keys, named in the ways real schemas
// name references.
func shop() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("customers", []string{"id"}, col("id", i), col("name", x), col("country", x), col("orders", i)),
		table("tbl_product", []string{"ProductID"}, col("ProductID", i), col("CategoryId", i), col("name", x)),
		table("categories", []string{"id"}, col("id", i), col("parent_id", i), col("name", x)),
		table("orders", []string{"id"}, col("id", i), col("cust_id", i), col("billing_customer_id", i), col("status", x), col("quantity", i)),
		table("order_items", nil, col("order_id", i), col("ProductID", i), col("qty", i)),
		table("employees", []string{"employee_id"}, col("employee_id", i), col("manager_id", i), col("name", x)),
		table("employee_badges", []string{"employee_id"}, col("employee_id", i), col("badge", x)),
		table("countries", []string{"code"}, col("code", x), col("name", x)),
		table("stores", []string{"id"}, col("id", i), col("country_code", x), col("head_id", i)),
	}}
}

type key struct{ From, To string }

func keysOf(ks []schema.InferredKey) []key {
	var out []key
	for _, k := range ks {
		out = append(out, key{k.Table + "." + k.Key.Columns[0], k.Key.RefTable + "." + k.Key.RefColumns[0]})
	}
	return out
}

func TestInferForeignKeys(t *testing.T) {
	p := &fakeProber{shares: map[string]float64{
		// A count of orders is no reference: its values are mostly not ids.
		"customers.orders>orders.id": 0.1,
		// The head of a store is no store.
		"stores.head_id>stores.id": 0.3,
		// Country names are not country codes.
		"customers.country>countries.code": 0,
	}}
	got, err := schema.InferForeignKeys(context.Background(), shop(), p, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []key{
		{"categories.parent_id", "categories.id"},                // self-reference by role
		{"employee_badges.employee_id", "employees.employee_id"}, // same-named keys: child → the table the name names
		{"employees.manager_id", "employees.employee_id"},
		{"order_items.ProductID", "tbl_product.ProductID"}, // a key's name; table prefix stripped
		{"order_items.order_id", "orders.id"},
		{"orders.billing_customer_id", "customers.id"}, // a role, then the table
		{"orders.cust_id", "customers.id"},             // abbreviation
		{"stores.country_code", "countries.code"},      // text key
		{"tbl_product.CategoryId", "categories.id"},    // camel case
	}
	if diff := cmp.Diff(want, keysOf(got)); diff != "" {
		t.Errorf("inferred keys (-want +got):\n%s", diff)
	}
	for _, k := range got {
		if !k.Key.Inferred || k.Key.Confidence <= 0 || k.Key.Confidence > 1 {
			t.Errorf("%s → %s: Inferred %v, Confidence %v; want true and (0,1]", k.Table, k.Key.RefTable, k.Key.Inferred, k.Key.Confidence)
		}
	}
}

func TestInferForeignKeysConfidenceOrder(t *testing.T) {
	got, err := schema.InferForeignKeys(context.Background(), shop(), &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	conf := map[string]float64{}
	for _, k := range got {
		conf[k.Table+"."+k.Key.Columns[0]] = k.Key.Confidence
	}
	// Exact names beat roles, roles beat abbreviations and self-references.
	order := []string{"order_items.order_id", "orders.billing_customer_id", "orders.cust_id"}
	for j := 1; j < len(order); j++ {
		if conf[order[j-1]] <= conf[order[j]] {
			t.Errorf("confidence of %s (%.3f) should exceed %s (%.3f)", order[j-1], conf[order[j-1]], order[j], conf[order[j]])
		}
	}
}

func TestInferForeignKeysDataDecides(t *testing.T) {
	s := shop()
	p := &fakeProber{shares: map[string]float64{
		"order_items.order_id>orders.id":             0.3, // dangling values: rejected even for a strong name
		"orders.cust_id>customers.id":                0.95,
		"employees.manager_id>employees.employee_id": 0.9, // self-references need (almost) all values
	}, counts: map[string]int64{
		"categories.parent_id>categories.id": 1, // one value proves nothing
	}}
	got, err := schema.InferForeignKeys(context.Background(), s, p, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, k := range keysOf(got) {
		have[k.From] = true
	}
	for _, c := range []string{"order_items.order_id", "orders.cust_id", "employees.manager_id", "categories.parent_id"} {
		if have[c] {
			t.Errorf("%s was inferred against the data", c)
		}
	}
	if !have["orders.billing_customer_id"] {
		t.Error("orders.billing_customer_id was lost")
	}
}

func TestInferForeignKeysWithoutData(t *testing.T) {
	withData, err := schema.InferForeignKeys(context.Background(), shop(), &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	names, err := schema.InferForeignKeys(context.Background(), shop(), nil, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	conf := map[key]float64{}
	for j, k := range keysOf(withData) {
		conf[k] = withData[j].Key.Confidence
	}
	for j, k := range keysOf(names) {
		if strings.HasSuffix(k.From, "manager_id") || strings.HasSuffix(k.From, "parent_id") || strings.HasSuffix(k.From, "cust_id") {
			t.Errorf("%s → %s inferred from its name alone; self-references and abbreviations need data", k.From, k.To)
		}
		if c, ok := conf[k]; !ok || names[j].Key.Confidence >= c {
			t.Errorf("%s → %s: confidence without data %.3f, with %.3f; want lower without", k.From, k.To, names[j].Key.Confidence, c)
		}
	}
	if len(names) == 0 {
		t.Error("names alone found nothing")
	}
}

func TestInferForeignKeysProbeErrors(t *testing.T) {
	p := &fakeProber{errs: map[string]error{"orders.cust_id>customers.id": errors.New("operator does not exist")}}
	var reported []string
	got, err := schema.InferForeignKeys(context.Background(), shop(), p, schema.InferOptions{
		OnProbeError: func(child, childCol, parent, parentCol string, err error) {
			reported = append(reported, fmt.Sprintf("%s.%s %v", child, childCol, err))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"orders.cust_id operator does not exist"}, reported); diff != "" {
		t.Errorf("reported probe errors (-want +got):\n%s", diff)
	}
	for _, k := range keysOf(got) {
		if k.From == "orders.cust_id" {
			t.Error("an abbreviation whose probe failed was inferred")
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := schema.InferForeignKeys(ctx, shop(), &fakeProber{}, schema.InferOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
	if _, err := schema.InferForeignKeys(context.Background(), nil, nil, schema.InferOptions{}); err == nil {
		t.Error("nil schema accepted")
	}
}

func TestInferForeignKeysRespectsDeclared(t *testing.T) {
	s := shop()
	orders, _ := s.Table("orders")
	orders.ForeignKeys = []schema.ForeignKey{{Columns: []string{"cust_id"}, RefTable: "customers", RefColumns: []string{"id"}}}
	// Declared from the parent's side: the reverse must not be inferred.
	badges, _ := s.Table("employees")
	badges.ForeignKeys = []schema.ForeignKey{{Columns: []string{"employee_id"}, RefTable: "employee_badges", RefColumns: []string{"employee_id"}}}
	got, err := schema.InferForeignKeys(context.Background(), s, &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keysOf(got) {
		switch k.From {
		case "orders.cust_id", "employee_badges.employee_id", "employees.employee_id":
			t.Errorf("%s → %s repeats a declared relation", k.From, k.To)
		}
	}
}

func TestInferForeignKeysOneDirection(t *testing.T) {
	// Two tables keyed by the same name, neither named by it: one relation,
	// from the smaller table to the larger.
	s := &schema.Schema{Tables: []schema.Table{
		table("staff", []string{"person_id"}, col("person_id", i)),
		table("payroll", []string{"person_id"}, col("person_id", i)),
	}}
	s.Tables[0].RowCount = 500
	s.Tables[1].RowCount = 50
	got, err := schema.InferForeignKeys(context.Background(), s, &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]key{{"payroll.person_id", "staff.person_id"}}, keysOf(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestInferForeignKeysKinds(t *testing.T) {
	s := &schema.Schema{Tables: []schema.Table{
		table("customers", []string{"id"}, col("id", i)),
		table("notes", nil, col("customer_id", schema.KindDate), col("customer", x)),
	}}
	p := &fakeProber{}
	got, err := schema.InferForeignKeys(context.Background(), s, p, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// A date never refers to an integer key; text may (SQLite stores
	// numbers in text columns) but only on the data's word.
	if diff := cmp.Diff([]key{{"notes.customer", "customers.id"}}, keysOf(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"notes.customer>customers.id"}, p.calls); diff != "" {
		t.Errorf("probes (-want +got):\n%s", diff)
	}
	if got, _ := schema.InferForeignKeys(context.Background(), s, nil, schema.InferOptions{}); len(got) != 0 {
		t.Errorf("text → integer without data: %v; want nothing", keysOf(got))
	}
}

func TestWithInferredKeys(t *testing.T) {
	s := shop()
	keys, err := schema.InferForeignKeys(context.Background(), s, &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bogus := schema.InferredKey{Table: "orders", Key: schema.ForeignKey{Columns: []string{"nope"}, RefTable: "customers", RefColumns: []string{"id"}, Inferred: true}}
	withKeys := s.WithInferredKeys(append(keys, keys[0], bogus))
	if len(s.Edges()) != 0 {
		t.Error("WithInferredKeys modified its receiver")
	}
	edges := withKeys.Edges()
	if len(edges) != len(keys) {
		t.Errorf("%d edges, want %d (duplicates and unknown columns skipped)", len(edges), len(keys))
	}
	for _, e := range edges {
		if !e.Inferred {
			t.Errorf("edge %s → %s not marked inferred", e.From, e.To)
		}
	}
	if !withKeys.EdgeBetween("customers", "id", "orders", "billing_customer_id") {
		t.Error("an inferred key is not usable as a join edge")
	}
	if n := len(withKeys.WithoutInferredKeys().Edges()); n != 0 {
		t.Errorf("WithoutInferredKeys left %d edges", n)
	}
}

func TestSingular(t *testing.T) {
	tests := map[string]string{
		"customers": "customer", "categories": "category", "addresses": "address", "boxes": "box",
		"people": "person", "status": "status", "analysis": "analysis", "class": "class", "bus": "bus", "day": "day",
	}
	for in, want := range tests {
		if got := schema.Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

// synthetic builds n tables in the shape of a large warehouse: each has an
// id, a few attributes, and references to up to three earlier tables.
func synthetic(n int) *schema.Schema {
	s := &schema.Schema{Engine: "postgres"}
	for k := 0; k < n; k++ {
		name := fmt.Sprintf("entity%04d_records", k)
		t := table(name, []string{"id"}, col("id", i), col("label", x), col("amount", schema.KindReal), col("created_at", schema.KindDateTime))
		for r := 1; r <= 3 && k-r*7 >= 0; r++ {
			t.Columns = append(t.Columns, col(fmt.Sprintf("entity%04d_record_id", k-r*7), i))
		}
		s.Tables = append(s.Tables, t)
	}
	return s
}

func TestInferForeignKeysSynthetic(t *testing.T) {
	s := synthetic(200)
	got, err := schema.InferForeignKeys(context.Background(), s, &fakeProber{}, schema.InferOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, tb := range s.Tables {
		want += len(tb.Columns) - 4
	}
	if len(got) != want {
		t.Errorf("%d keys inferred, want %d", len(got), want)
	}
}

func BenchmarkInferForeignKeys1000Tables(b *testing.B) {
	s := synthetic(1000)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := schema.InferForeignKeys(ctx, s, &fakeProber{}, schema.InferOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
