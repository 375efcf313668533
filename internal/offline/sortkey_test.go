package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// buildingSchema holds buildings with a height, a number of stories and a
// status sampled completely, and the companies housed in them.
func buildingSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("buildings", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("height", "INTEGER"),
			col("stories", "INTEGER"), complete(col("status", "TEXT", "on-hold", "built"))}),
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("founded", "INTEGER")}),
	}}
}

// TestSortKeyAnswers: "in descending order of building height" sorts by
// the column the table name before it qualifies.
func TestSortKeyAnswers(t *testing.T) {
	runAnswers(t, buildingSchema(), []answerCase{
		{"List the names of buildings in descending order of building height.", `{"select":[{"expr":{"col":"buildings.name"}}],"from":{"table":"buildings"},"order_by":[{"expr":{"col":"buildings.height"},"desc":true}]}`},
		{`Find the names of the buildings in "on-hold" status, and sort them in ascending order of building stories.`, `{"select":[{"expr":{"col":"buildings.name"}}],"from":{"table":"buildings"},"where":{"op":"=","left":{"col":"buildings.status"},"right":{"value":"on-hold"}},"order_by":[{"expr":{"col":"buildings.stories"}}]}`},
	})
}

// TestSortKeyRefusals: a table name before a column of another table does
// not qualify it.
func TestSortKeyRefusals(t *testing.T) {
	runRefusals(t, buildingSchema(), []string{
		"List the names of buildings in descending order of company stories.",
	})
}
