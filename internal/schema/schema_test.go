package schema_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
)

func TestKindOf(t *testing.T) {
	tests := map[string]schema.Kind{
		"INTEGER": schema.KindInteger, "bigint": schema.KindInteger, "int4": schema.KindInteger,
		"VARCHAR(40)": schema.KindText, "text": schema.KindText, "uuid": schema.KindText, "nvarchar(max)": schema.KindText,
		"REAL": schema.KindReal, "double precision": schema.KindReal, "NUMERIC(10,2)": schema.KindReal, "decimal": schema.KindReal, "money": schema.KindReal,
		"DATE": schema.KindDate, "DATETIME": schema.KindDateTime, "timestamp with time zone": schema.KindDateTime, "time": schema.KindDateTime,
		"BOOLEAN": schema.KindBool, "bit": schema.KindBool, "BLOB": schema.KindBlob, "bytea": schema.KindBlob, "": schema.KindOther,
	}
	for in, want := range tests {
		if got := schema.KindOf(in); got != want {
			t.Errorf("KindOf(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestNearest(t *testing.T) {
	cands := []string{"customer_id", "customers", "country", "city", "total_amount", "order_date"}
	tests := []struct {
		name string
		want []string
	}{
		{"custmer_id", []string{"customer_id"}},
		{"amount", []string{"total_amount"}},
		{"contry", []string{"country"}},
		{"zzzzzzzz", nil},
	}
	for _, tt := range tests {
		got := schema.Nearest(tt.name, cands, 1)
		if len(got) == 0 {
			got = nil
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Nearest(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func testSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "customers", Ident: "customers", RowCount: 3, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			{Name: "id", Kind: schema.KindInteger},
			{Name: "country", Kind: schema.KindText, Samples: []string{"France", "Germany"}, SamplesComplete: true},
		}},
		{Name: "orders", Ident: "orders", RowCount: -1, Columns: []schema.Column{
			{Name: "id", Kind: schema.KindInteger}, {Name: "customer_id", Kind: schema.KindInteger},
		}, ForeignKeys: []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
		{Name: "sales.regions", Namespace: "sales", Ident: "regions", Columns: []schema.Column{{Name: "id"}}},
	}}
}

func TestTableLookup(t *testing.T) {
	s := testSchema()
	for _, name := range []string{"customers", "CUSTOMERS", "sales.regions", "regions"} {
		if _, ok := s.Table(name); !ok {
			t.Errorf("Table(%q) not found", name)
		}
	}
	if _, ok := s.Table("nope"); ok {
		t.Error("Table(nope) found")
	}
	// Appending a table must be seen: the index is rebuilt.
	s.Tables = append(s.Tables, schema.Table{Name: "late", Ident: "late"})
	if _, ok := s.Table("late"); !ok {
		t.Error("a table appended after the first lookup is not found")
	}
	if !s.EdgeBetween("orders", "customer_id", "customers", "id") || !s.EdgeBetween("customers", "id", "orders", "customer_id") {
		t.Error("EdgeBetween misses the declared key in one direction")
	}
	if s.EdgeBetween("orders", "id", "customers", "id") {
		t.Error("EdgeBetween reports a key that does not exist")
	}
}

// TestConcurrentLookups is meaningful under -race: a schema is shared by
// concurrent requests.
func TestConcurrentLookups(t *testing.T) {
	s := testSchema()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if _, ok := s.Table("orders"); !ok {
					t.Error("orders not found")
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestRender(t *testing.T) {
	got := testSchema().Subset([]string{"orders", "customers"}).Render()
	want := `customers (3 rows):
  id integer PK
  country text ["France", "Germany"]
orders:
  id integer
  customer_id integer → customers.id
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Render (-want +got):\n%s", diff)
	}
	if strings.Contains(got, "regions") {
		t.Error("Subset kept a table it was not asked for")
	}
}
