package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// contractedSchema writes its names with the vowels dropped (stu_hrs,
// src_ap, qty, mgr), the way many real schemas do.
func contractedSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("stu_name", "TEXT", "Ann"), col("stu_hrs", "INTEGER")}),
		table("route", []schema.Column{col("id", "INTEGER"), col("src_ap", "TEXT", "OSL"), col("dst_ap", "TEXT", "LHR")}),
		table("stock", []schema.Column{col("id", "INTEGER"), col("item", "TEXT", "Bolt"), col("qty", "INTEGER"), col("mgr", "TEXT", "Bo")}),
	}}
}

func TestContractedNames(t *testing.T) {
	runAnswers(t, contractedSchema(), []answerCase{
		{`the total hours of all students`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"student.stu_hrs"}}}],"from":{"table":"student"}}`},
		{`the highest quantity of any stock`, `{"select":[{"expr":{"agg":"max","arg":{"col":"stock.qty"}}}],"from":{"table":"stock"}}`},
		{`the number of routes for each source airport`, `{"select":[{"expr":{"col":"route.src_ap"}},{"expr":{"agg":"count"}}],"from":{"table":"route"},"group_by":[{"col":"route.src_ap"}]}`},
		{`the manager of the stock with the highest quantity`, `{"select":[{"expr":{"col":"stock.mgr"}}],"from":{"table":"stock"},"order_by":[{"expr":{"col":"stock.qty"},"desc":true}],"limit":1}`},
	})
}

// Two-letter name words ("ap") are read only beside a longer
// contraction, and a contraction must keep the full word's first letter
// and order: "airport" alone, "shrubs" and "quietly" link nothing.
func TestContractedNamesRefused(t *testing.T) {
	runRefusals(t, contractedSchema(), []string{
		`the number of routes for each airport`,
		`the total shrubs of all students`,
		`the highest quietly of any stock`,
	})
}

// A contraction must end where its word ends: "lng" (longitude) is not
// "longish", whose ending it leaves unread.
func TestContractionEnds(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("station", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Alpha"), col("lng", "REAL")}),
	}}
	runRefusals(t, s, []string{`the highest longish of all stations`})
}
