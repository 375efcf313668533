package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// hallSchema has halls with a column whose name already holds an extreme,
// a status whose values include a function word, and bookings linked to
// halls, with a second table holding a column named like a status value.
func hallSchema() *schema.Schema {
	hall := table("hall", []schema.Column{col("id", "INTEGER"), col("hall_name", "TEXT", "Aula"),
		col("max_capacity", "INTEGER"), col("min_fee", "REAL"), col("line_1", "TEXT", "1 Main St"), col("line_2", "TEXT", "Floor 2"),
		complete(col("status_code", "TEXT", "open", "done", "closed")), complete(col("tier", "TEXT", "X", "Y"))})
	booking := table("booking", []schema.Column{col("id", "INTEGER"), col("hall_id", "INTEGER"), col("quantity", "INTEGER"),
		col("y", "REAL")}, fk("hall_id", "hall"))
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{hall, booking}}
}

func TestColumnValue(t *testing.T) {
	s := hallSchema()
	runAnswers(t, s, []answerCase{
		// A column whose own name opens with a superlative ranks by it.
		{`Find the name of the hall with the maximum capacity.`,
			`{"select":[{"expr":{"col":"hall.hall_name"}}],"from":{"table":"hall"},"order_by":[{"expr":{"col":"hall.max_capacity"},"desc":true}],"limit":1}`},
		{`Which hall has the minimum fee? Give its name.`,
			`{"select":[{"expr":{"col":"hall.hall_name"}}],"from":{"table":"hall"},"order_by":[{"expr":{"col":"hall.min_fee"}}],"limit":1}`},
		// A function word right after its column, among its values.
		{`How many halls have the status code done?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"hall"},"where":{"op":"=","left":{"col":"hall.status_code"},"right":{"value":"done"}}}`},
		// "<column> is X": X is the column's value, not another table's
		// column named X.
		{`How many halls whose tier is Y?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"hall"},"where":{"op":"=","left":{"col":"hall.tier"},"right":{"value":"Y"}}}`},
		// A bare number is a value, not line_1 by its last word.
		{`How many bookings have quantity 1?`,
			`{"select":[{"expr":{"agg":"count"}}],"from":{"table":"booking"},"where":{"op":"=","left":{"col":"booking.quantity"},"right":{"value":1}}}`},
		// …unless it continues a list of such columns.
		{`Show the line 1 and 2 of the hall named "Aula".`,
			`{"distinct":true,"select":[{"expr":{"col":"hall.line_1"}},{"expr":{"col":"hall.line_2"}}],"from":{"table":"hall"},"where":{"op":"=","left":{"col":"hall.hall_name"},"right":{"value":"Aula"}}}`},
	})
	runRefusals(t, s, []string{
		// A value follows, or another ranking is asked: not a ranking by
		// the column's own extreme.
		`Which halls have the maximum capacity and the most bookings?`,
		// A column whose name holds no superlative still needs a value.
		`Which halls have the status code?`,
		// A function word the column does not hold is no value of it.
		`How many halls have the status code was?`,
	})
}
