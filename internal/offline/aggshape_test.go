package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// aggShapeSchema has a parent keyed by a number that is not "id" and has no
// name column (invoice, keyed by invoice_number), its child (payment);
// plain tables listed row by row (department, mountain, staff, asset,
// investor, county);
// and a table grouped by its own values (address).
func aggShapeSchema() *schema.Schema {
	invoice := table("invoice", []schema.Column{col("invoice_number", "INTEGER"), col("invoice_date", "DATETIME"), col("order_id", "INTEGER")})
	invoice.PrimaryKey = []string{"invoice_number"}
	payment := table("payment", []schema.Column{col("id", "INTEGER"), col("invoice_number", "INTEGER"), col("amount", "REAL")})
	payment.ForeignKeys = []schema.ForeignKey{{Columns: []string{"invoice_number"}, RefTable: "invoice", RefColumns: []string{"invoice_number"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		invoice, payment,
		table("department", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("creation_year", "INTEGER"), col("budget", "REAL")}),
		table("mountain", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("height", "REAL"), col("range", "TEXT")}),
		table("staff", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("other_details", "TEXT")}),
		table("asset", []schema.Column{col("id", "INTEGER"), col("asset_make", "TEXT"), col("asset_details", "TEXT"), col("other_asset_details", "TEXT")}),
		table("investor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("money_requested", "REAL"), col("height", "REAL")}),
		table("county", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("crime_rate", "REAL"), col("police_officers", "INTEGER")}),
		table("address", []schema.Column{col("id", "INTEGER"), complete(col("state", "TEXT", "Ohio", "Utah")), col("city", "TEXT"), col("population", "INTEGER")}),
	}}
}

// TestAggShapeAnswers: a parent's column beside a count grouped by the key
// to it, "each" with nothing computed, groups built on "different", the
// same group named twice, and "highest" before a table with a height.
func TestAggShapeAnswers(t *testing.T) {
	runAnswers(t, aggShapeSchema(), []answerCase{
		// invoice_date is one value per invoice: the invoice is joined
		// and the payments stay grouped by its key.
		{"the invoice number and invoice date of the invoice with the most payments", `{"select":[{"expr":{"col":"payment.invoice_number"}},{"expr":{"col":"invoice.invoice_date"}}],"from":{"table":"invoice"},"joins":[{"type":"inner","table":"payment","on":[{"left":"invoice.invoice_number","right":"payment.invoice_number"}]}],"group_by":[{"col":"invoice.invoice_number"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// "of each department" with nothing computed lists every row.
		{"List the creation year, name and budget of each department.", `{"select":[{"expr":{"col":"department.creation_year"}},{"expr":{"col":"department.name"}},{"expr":{"col":"department.budget"}}],"from":{"table":"department"}}`},
		{"What is the budget for each department?", `{"select":[{"expr":{"col":"department.budget"}}],"from":{"table":"department"}}`},
		// "in different states" groups the count by state.
		{"Find the number of addresses in different states.", `{"select":[{"expr":{"col":"address.state"}},{"expr":{"agg":"count"}}],"from":{"table":"address"},"group_by":[{"col":"address.state"}]}`},
		{"What is the total population for the different states?", `{"select":[{"expr":{"col":"address.state"}},{"expr":{"agg":"sum","arg":{"col":"address.population"}}}],"from":{"table":"address"},"group_by":[{"col":"address.state"}]}`},
		// "the numbers of" counts as "the number of" does.
		{"What are the numbers of addresses for different states?", `{"select":[{"expr":{"col":"address.state"}},{"expr":{"agg":"count"}}],"from":{"table":"address"},"group_by":[{"col":"address.state"}]}`},
		// "each state … in each state" is one grouping.
		{"Show each state and the number of addresses in each state.", `{"select":[{"expr":{"col":"address.state"}},{"expr":{"agg":"count"}}],"from":{"table":"address"},"group_by":[{"col":"address.state"}]}`},
		// "highest" before a table with a height column ranks by it.
		{"What is the name of the highest mountain?", `{"select":[{"expr":{"col":"mountain.name"}}],"from":{"table":"mountain"},"order_by":[{"expr":{"col":"mountain.height"},"desc":true}],"limit":1}`},
		// "by investors" is the passive's agent: one figure over them.
		{"What is the average money requested by all investors?", `{"select":[{"expr":{"agg":"avg","arg":{"col":"investor.money_requested"}}}],"from":{"table":"investor"}}`},
		{"the total money requested by investors with height more than 1.85", `{"select":[{"expr":{"agg":"sum","arg":{"col":"investor.money_requested"}}}],"from":{"table":"investor"},"where":{"op":">","left":{"col":"investor.height"},"right":{"value":1.85}}}`},
		// "number of police officers" is a column's own number.
		{"Show the crime rates of counties in ascending order of number of police officers.", `{"select":[{"expr":{"col":"county.crime_rate"}}],"from":{"table":"county"},"order_by":[{"expr":{"col":"county.police_officers"}}]}`},
		{"List the names of counties ordered by the number of police officers", `{"select":[{"expr":{"col":"county.name"}}],"from":{"table":"county"},"order_by":[{"expr":{"col":"county.police_officers"}}]}`},
		// The first "each" introduces the column the later one groups by.
		{"Show each state, and the maximum and minimum population for each state.", `{"select":[{"expr":{"col":"address.state"}},{"expr":{"agg":"max","arg":{"col":"address.population"}}},{"expr":{"agg":"min","arg":{"col":"address.population"}}}],"from":{"table":"address"},"group_by":[{"col":"address.state"}]}`},
		{"the range of the lowest mountain", `{"select":[{"expr":{"col":"mountain.range"}}],"from":{"table":"mountain"},"order_by":[{"expr":{"col":"mountain.height"}}],"limit":1}`},
	})
}

// TestAggShapeRefusals: a child's column beside a count of the children
// per parent, "information" beside columns of a table with one
// details column (which of them is meant?) or with two, "highest" before
// a table with no height, and "each" before the question's own table with
// a figure asked.
func TestAggShapeRefusals(t *testing.T) {
	runRefusals(t, aggShapeSchema(), []string{
		"What is the name and information of each staff member?",
		"What is the name of the highest department?",
		// The payment's amount is not one value per invoice.
		"the invoice date and amount of the invoice with the most payments",
		// "information" listed as a thing of its own, where asset has
		// two details columns.
		"List the id, information and make for every asset.",
		// "each investor" before the question's own table: each one's
		// own money, or one total over them?
		"What is the total money requested for each investor?",
		// A lone "each" before a column: every row, or every value?
		"Find each county's crime rate.",
	})
}
