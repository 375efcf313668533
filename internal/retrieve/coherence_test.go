package retrieve_test

import (
	"context"
	"testing"

	"querent/internal/retrieve"
	"querent/internal/schema"
)

// area builds a table of a namespace with text columns.
func area(ns, ident string, cols ...string) schema.Table {
	t := schema.Table{Name: ns + "." + ident, Namespace: ns, Ident: ident, RowCount: -1}
	for _, c := range cols {
		t.Columns = append(t.Columns, col(c, schema.KindText))
	}
	return t
}

// TestNamespaceCoherence: two namespaces have the same customers table;
// the question also names products, which only the shop namespace holds,
// so its customers table is the one meant, although the crm one comes
// first in the schema (and wins a tie) and no foreign key links the shop's
// tables.
func TestNamespaceCoherence(t *testing.T) {
	s := &schema.Schema{Engine: "postgres", Tables: []schema.Table{
		area("crm", "customers", "name", "email"),
		area("crm", "contacts", "phone", "note"),
		area("shop", "customers", "name", "email"),
		area("shop", "products", "title", "price"),
	}}
	for i := 0; i < 12; i++ { // enough tables that the schema is not shown whole
		s.Tables = append(s.Tables, area("misc", "log"+string(rune('a'+i)), "message", "level"))
	}
	x := retrieve.New(s, retrieve.Options{TopK: 1})
	res := retrieveOK(t, x, "names of customers who bought products", retrieve.Query{BriefK: -1})
	if got := res.Names(); len(got) != 1 || got[0] != "shop.customers" {
		t.Fatalf("tables %v, want shop.customers: the question's products are the shop's", got)
	}
}

// TestColumnCoverage: a table whose columns match several words of the
// question outranks one whose single column matches one of them by name.
func TestColumnCoverage(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "depots", Columns: []schema.Column{col("population", schema.KindText)}},
		{Name: "towns", Columns: []schema.Column{col("mayor", schema.KindText), col("population", schema.KindInteger), col("elevation", schema.KindReal)}},
	}}
	for i := 0; i < 12; i++ {
		s.Tables = append(s.Tables, schema.Table{Name: "log" + string(rune('a'+i)), Columns: []schema.Column{col("message", schema.KindText)}})
	}
	x := retrieve.New(s, retrieve.Options{TopK: 1})
	res, err := x.Retrieve(context.Background(), "mayor, population and elevation", retrieve.Query{BriefK: -1})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Names(); len(got) == 0 || got[0] != "towns" {
		t.Fatalf("tables %v, want towns first", got)
	}
	if r := res.Tables[0].Reasons; len(r) == 0 {
		t.Errorf("towns has no reason, want the column match")
	}
}
