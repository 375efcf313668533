package plan_test

import "querent/internal/schema"

// testSchema is the demo store: eight tables with declared foreign keys and
// kinds, built in Go so the tests need no database.
func testSchema() *schema.Schema {
	col := func(name string, k schema.Kind) schema.Column { return schema.Column{Name: name, Kind: k} }
	id := func() schema.Column { return col("id", schema.KindInteger) }
	integer := func(name string) schema.Column { return col(name, schema.KindInteger) }
	text := func(name string) schema.Column { return col(name, schema.KindText) }
	real := func(name string) schema.Column { return col(name, schema.KindReal) }
	fk := func(c, table string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{c}, RefTable: table, RefColumns: []string{"id"}}
	}
	table := func(name string, fks []schema.ForeignKey, cols ...schema.Column) schema.Table {
		return schema.Table{Name: name, Ident: name, Columns: cols, PrimaryKey: []string{"id"}, ForeignKeys: fks, RowCount: -1}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("clients", nil, id(), text("name")),
		table("customers", []schema.ForeignKey{fk("client_id", "clients")},
			id(), integer("client_id"), text("first_name"), text("last_name"), text("email"), text("city"), text("country"),
			col("created_at", schema.KindDateTime)),
		table("categories", nil, id(), text("name")),
		table("products", []schema.ForeignKey{fk("client_id", "clients"), fk("category_id", "categories")},
			id(), integer("client_id"), integer("category_id"), text("name"), real("unit_price")),
		table("orders", []schema.ForeignKey{fk("client_id", "clients"), fk("customer_id", "customers")},
			id(), integer("client_id"), integer("customer_id"), col("order_date", schema.KindDate), text("status"), real("total_amount")),
		table("order_items", []schema.ForeignKey{fk("order_id", "orders"), fk("product_id", "products")},
			id(), integer("order_id"), integer("product_id"), integer("quantity"), real("unit_price")),
		table("payments", []schema.ForeignKey{fk("order_id", "orders")},
			id(), integer("order_id"), col("paid_at", schema.KindDateTime), real("amount"), text("method")),
		table("employees", []schema.ForeignKey{fk("client_id", "clients"), fk("manager_id", "employees")},
			id(), integer("client_id"), text("first_name"), text("last_name"), text("title"), col("hire_date", schema.KindDate),
			integer("manager_id"), real("salary")),
	}}
}
