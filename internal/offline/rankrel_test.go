package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// keyRankSchema keeps allergies in allergy_type, keyed by the allergy
// itself and with a column named as the table (AllergyType); has_allergy refers to it
// by that key. category is keyed by its code and has no column named as
// the table.
func keyRankSchema() *schema.Schema {
	keyed := func(t schema.Table, pk string) schema.Table {
		t.PrimaryKey = []string{pk}
		return t
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		keyed(table("allergy_type", []schema.Column{col("allergy", "VARCHAR(20)", "Eggs", "Nuts"), complete(col("AllergyType", "VARCHAR(20)", "food", "animal"))}), "allergy"),
		table("student", []schema.Column{col("id", "INTEGER"), col("fname", "TEXT")}),
		table("has_allergy", []schema.Column{col("stuid", "INTEGER"), col("allergy", "VARCHAR(20)")},
			fk("stuid", "student"),
			schema.ForeignKey{Columns: []string{"allergy"}, RefTable: "allergy_type", RefColumns: []string{"allergy"}}),
		keyed(table("category", []schema.Column{col("code", "TEXT", "A1", "B2"), col("label", "TEXT")}), "code"),
	}}
}

// TestKeyRankAnswers: "the most number of allergies" per allergy type,
// where the allergy is the key of the table named "allergy type", counts
// that table's rows per its AllergyType column.
func TestKeyRankAnswers(t *testing.T) {
	const most = `{"select":[{"expr":{"col":"allergy_type.AllergyType"}}],"from":{"table":"allergy_type"},"group_by":[{"col":"allergy_type.AllergyType"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`
	runAnswers(t, keyRankSchema(), []answerCase{
		{"Which allergy type has most number of allergies?", most},
		{"Which allergy type has the largest number of allergies?", most},
		{"Which allergy type has least number of allergies?", `{"select":[{"expr":{"col":"allergy_type.AllergyType"}}],"from":{"table":"allergy_type"},"group_by":[{"col":"allergy_type.AllergyType"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
}

// TestKeyRankRefusals: with no column named as the table, what the table's
// rows would be grouped by is not said.
func TestKeyRankRefusals(t *testing.T) {
	runRefusals(t, keyRankSchema(), []string{
		"Which category has the largest number of codes?",
	})
}
