package offline_test

import (
	"querent/internal/schema"
)

// col builds a column; kind follows the declared type as introspection does.
func col(name, typ string, samples ...string) schema.Column {
	return schema.Column{Name: name, Type: typ, Kind: schema.KindOf(typ), Nullable: true, Samples: samples, Distinct: -1}
}

// complete marks a column's samples as all of its values.
func complete(c schema.Column) schema.Column {
	c.SamplesComplete = true
	c.Distinct = int64(len(c.Samples))
	return c
}

func fk(col, table string) schema.ForeignKey {
	return schema.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{"id"}}
}

func table(name string, cols []schema.Column, fks ...schema.ForeignKey) schema.Table {
	return schema.Table{Name: name, Ident: name, Columns: cols, PrimaryKey: []string{"id"}, ForeignKeys: fks, RowCount: -1}
}

// demoSchema is the schema of querent's demo store, as the SQLite engine
// introspects it: declared keys, kinds, and complete samples for the
// low-cardinality text columns.
func demoSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("clients", []schema.Column{
			col("id", "INTEGER"),
			complete(col("name", "TEXT", "Acme Outfitters", "Nordwind Handel", "Sakura Goods")),
			complete(col("country", "TEXT", "Germany", "USA", "United Kingdom")),
		}),
		table("customers", []schema.Column{
			col("id", "INTEGER"), col("client_id", "INTEGER"),
			col("first_name", "TEXT", "Anna", "Ben", "Chloe", "Diego"),
			col("last_name", "TEXT", "Smith", "Müller", "Dubois", "Rossi"),
			col("email", "TEXT", "anna.smith@example.com"),
			complete(col("city", "TEXT", "Berlin", "Munich", "Paris", "Lyon", "New York", "London", "Madrid",
				"Rome", "Toronto", "São Paulo", "Tokyo", "Sydney")),
			complete(col("country", "TEXT", "Germany", "France", "USA", "United Kingdom", "Spain", "Italy",
				"Canada", "Brazil", "Japan", "Australia")),
			col("created_at", "DATETIME"),
		}, fk("client_id", "clients")),
		table("categories", []schema.Column{
			col("id", "INTEGER"),
			complete(col("name", "TEXT", "Electronics", "Books", "Home & Kitchen", "Toys", "Sports")),
		}),
		table("products", []schema.Column{
			col("id", "INTEGER"), col("client_id", "INTEGER"), col("category_id", "INTEGER"),
			col("name", "TEXT", "Desk Lamp", "Coffee Mug", "Trail Backpack"),
			col("unit_price", "REAL"),
		}, fk("client_id", "clients"), fk("category_id", "categories")),
		table("orders", []schema.Column{
			col("id", "INTEGER"), col("client_id", "INTEGER"), col("customer_id", "INTEGER"),
			col("order_date", "DATE"),
			complete(col("status", "TEXT", "shipped", "delivered", "cancelled", "pending", "returned")),
			col("total_amount", "REAL"),
		}, fk("client_id", "clients"), fk("customer_id", "customers")),
		table("order_items", []schema.Column{
			col("id", "INTEGER"), col("order_id", "INTEGER"), col("product_id", "INTEGER"),
			col("quantity", "INTEGER"), col("unit_price", "REAL"),
		}, fk("order_id", "orders"), fk("product_id", "products")),
		table("payments", []schema.Column{
			col("id", "INTEGER"), col("order_id", "INTEGER"), col("paid_at", "DATETIME"),
			col("amount", "REAL"),
			complete(col("method", "TEXT", "card", "paypal", "bank_transfer", "gift_card")),
		}, fk("order_id", "orders")),
		table("employees", []schema.Column{
			col("id", "INTEGER"), col("client_id", "INTEGER"), col("first_name", "TEXT", "Maria", "John"),
			col("last_name", "TEXT", "Garcia", "Lee"), col("title", "TEXT", "Sales Manager", "Support Agent"),
			col("hire_date", "DATE"), col("manager_id", "INTEGER"), col("salary", "REAL"),
		}, fk("client_id", "clients"), schema.ForeignKey{Columns: []string{"manager_id"}, RefTable: "employees", RefColumns: []string{"id"}}),
	}}
}

// librarySchema is unrelated to the demo store, to show that nothing in the
// planner is keyed to it. Two columns share the same language values, so a
// bare "French" is ambiguous.
func librarySchema() *schema.Schema {
	langs := []string{"English", "French", "German", "Spanish"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("authors", []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Ursula K. Le Guin", "Italo Calvino"),
			complete(col("country", "TEXT", "USA", "Italy", "France", "Nigeria", "Japan")),
		}),
		table("books", []schema.Column{
			col("id", "INTEGER"), col("title", "TEXT", "The Dispossessed", "Invisible Cities"),
			col("author_id", "INTEGER"), col("published_year", "INTEGER"), col("pages", "INTEGER"),
			complete(col("language", "TEXT", langs...)), complete(col("original_language", "TEXT", langs...)),
		}, fk("author_id", "authors")),
	}}
}

// crmSchema spells identifiers in CamelCase with abbreviations (Qty, Amt,
// DOB) and keys named after their tables, as many real databases do. It
// has a column called Total (a word that is also a question word) and a
// view repeating a table's columns.
func crmSchema() *schema.Schema {
	key := func(col, table, ref string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "Person", Ident: "Person", PrimaryKey: []string{"PersonID"}, RowCount: -1, Columns: []schema.Column{
			col("PersonID", "INTEGER"), col("FullName", "VARCHAR(80)", "Homer Simpson"), col("DOB", "DATE"),
			complete(col("HomeTown", "VARCHAR(40)", "Springfield", "Shelbyville", "Ogdenville")),
		}},
		{Name: "SalesOrder", Ident: "SalesOrder", PrimaryKey: []string{"SalesOrderID"}, RowCount: -1, Columns: []schema.Column{
			col("SalesOrderID", "INTEGER"), col("PersonID", "INTEGER"), col("OrderDate", "DATE"),
			col("TotalAmt", "DECIMAL(10,2)"), col("Qty", "INT"),
			complete(col("ShipCountry", "VARCHAR(40)", "Canada", "Mexico", "USA")),
		}, ForeignKeys: []schema.ForeignKey{key("PersonID", "Person", "PersonID")}},
		{Name: "Invoice", Ident: "Invoice", PrimaryKey: []string{"InvoiceID"}, RowCount: -1, Columns: []schema.Column{
			col("InvoiceID", "INTEGER"), col("Total", "NUMERIC(10,2)"),
			complete(col("BillingCountry", "VARCHAR(40)", "Canada", "Mexico", "USA")),
		}},
		{Name: "RecentOrders", Ident: "RecentOrders", View: true, RowCount: -1, Columns: []schema.Column{
			col("SalesOrderID", "INTEGER"), col("OrderDate", "DATE"), col("TotalAmt", "DECIMAL(10,2)"),
		}},
	}}
}
