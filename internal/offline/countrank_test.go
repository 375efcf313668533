package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// activitySchema pairs students with activities through participates_in, a
// bare link table, and dorms with amenities through has_amenity. Student
// names are sampled completely and each repeats (fewer last names than
// cities), as people's do; the two together still name a student.
func activitySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"),
			complete(col("first_name", "TEXT", "Ann", "Bo", "Cy")), complete(col("last_name", "TEXT", "Smith", "Lee")),
			complete(col("city", "TEXT", "Rome", "Oslo", "Lima", "Pune"))}),
		table("activity", []schema.Column{col("id", "INTEGER"), col("activity_name", "TEXT")}),
		table("participates_in", []schema.Column{col("student_id", "INTEGER"), col("activity_id", "INTEGER")},
			fk("student_id", "student"), fk("activity_id", "activity")),
		table("dorm", []schema.Column{col("id", "INTEGER"), col("dorm_name", "TEXT"), col("capacity", "INTEGER")}),
		table("amenity", []schema.Column{col("id", "INTEGER"), col("amenity_name", "TEXT")}),
		table("has_amenity", []schema.Column{col("dorm_id", "INTEGER"), col("amenity_id", "INTEGER")},
			fk("dorm_id", "dorm"), fk("amenity_id", "amenity")),
	}}
}

// TestCountRankAnswers: rankings by a count of related rows show the
// grouped row's own columns, reached through a link table or directly,
// grouped by its primary key alone so that the engine picks among tied
// groups as it does by key.
func TestCountRankAnswers(t *testing.T) {
	runAnswers(t, activitySchema(), []answerCase{
		// "participating in" names the link table: the verb between the
		// student and what is counted.
		{"the first and last name of the student participating in the most activities", `{"select":[{"expr":{"col":"student.first_name"}},{"expr":{"col":"student.last_name"}}],"from":{"table":"activity"},"joins":[{"type":"inner","table":"participates_in","on":[{"left":"activity.id","right":"participates_in.activity_id"}]},{"type":"inner","table":"student","on":[{"left":"participates_in.student_id","right":"student.id"}]}],"group_by":[{"col":"student.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// The dorm's capacity is shown beside its labels: one value per
		// dorm, grouped by the dorm's key.
		{"the capacity and name of the dorm with the most amenities", `{"select":[{"expr":{"col":"dorm.capacity"}},{"expr":{"col":"dorm.dorm_name"}}],"from":{"table":"amenity"},"joins":[{"type":"inner","table":"has_amenity","on":[{"left":"amenity.id","right":"has_amenity.amenity_id"}]},{"type":"inner","table":"dorm","on":[{"left":"has_amenity.dorm_id","right":"dorm.id"}]}],"group_by":[{"col":"dorm.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
	runAnswers(t, aggSchema(), []answerCase{
		// "top 3" waits for its key, which the count gives.
		{"the top 3 accounts that have the most transfers", `{"select":[{"expr":{"col":"account.account_name"}}],"from":{"table":"account"},"joins":[{"type":"inner","table":"transfer","on":[{"left":"account.id","right":"transfer.account_id"}]}],"group_by":[{"col":"account.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":3}`},
		// "id" is the account's, not the transfer's: only it has one
		// value per group.
		{"the id and account name of the account with the most transfers", `{"select":[{"expr":{"col":"account.id"}},{"expr":{"col":"account.account_name"}}],"from":{"table":"account"},"joins":[{"type":"inner","table":"transfer","on":[{"left":"account.id","right":"transfer.account_id"}]}],"group_by":[{"col":"account.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
}

// TestCountRankRefusals: a column the question gives a table of its own
// is not moved to the grouped table to be shown.
func TestCountRankRefusals(t *testing.T) {
	runRefusals(t, activitySchema(), []string{
		"the name of the amenity that is most common in all dorms",
	})
}
