// Package demo generates querent's demo dataset: an invented, multi-tenant
// online store (clients, customers, categories, products, orders, order items,
// payments and employees) that is identical for the same seed on every run and
// every machine, and writes it into a new database file.
//
// The data is built in memory first as a [Dataset] that knows nothing about
// any engine, so each writer ([WriteSQLite] today) only has to map the
// portable column types and insert the rows. All names, places and products
// come from the small lists in this package; nothing is copied from elsewhere.
package demo

// DefaultSeed is the seed the CLI uses unless told otherwise. Documentation,
// examples and evaluation questions are written against the data it produces,
// so changing it (or the generator) changes their expected answers.
const DefaultSeed int64 = 2024

// Portable column types. Writers map each to their engine's nearest declared
// type; dates travel as ISO-8601 text so every engine can load them as is.
const (
	TypeInteger  = "integer"
	TypeText     = "text"
	TypeReal     = "real"
	TypeDate     = "date"     // text 'YYYY-MM-DD'
	TypeDateTime = "datetime" // text 'YYYY-MM-DD HH:MM:SS', no time zone
)

// Dataset is the demo data, independent of any engine. Tables are in
// dependency order: a table only references tables before it (or itself), so
// writers can create and fill them front to back with foreign keys enforced.
type Dataset struct {
	Tables []Table
}

// Table is one table's definition and rows.
type Table struct {
	Name    string
	Columns []Column
	// Rows hold one value per column, in column order: int64, float64,
	// string or nil.
	Rows [][]any
	// Indexes are secondary indexes worth creating for typical demo queries.
	Indexes []Index
}

// Column describes one column.
type Column struct {
	Name string
	// Type is one of TypeInteger, TypeText, TypeReal, TypeDate, TypeDateTime.
	Type       string
	PrimaryKey bool
	NotNull    bool
	// References is "table.column" for a foreign key, else "".
	References string
}

// Index is a non-unique secondary index over Columns of its table.
type Index struct {
	Name    string
	Columns []string
}

// Table returns the table called name, or nil if there is none.
func (ds *Dataset) Table(name string) *Table {
	for i := range ds.Tables {
		if ds.Tables[i].Name == name {
			return &ds.Tables[i]
		}
	}
	return nil
}

// ColumnIndex returns the position of the column called name, or -1.
func (t *Table) ColumnIndex(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}
