package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// linkRankSchema pairs faculty with activities through
// faculty_participates_in, whose name begins with the faculty's, and part
// faults with skills through skills_required_to_fix; engineers are linked
// to neither.
func linkRankSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("faculty", []schema.Column{col("id", "INTEGER"), complete(col("fname", "TEXT", "Ann", "Bo")), complete(col("lname", "TEXT", "Smith", "Lee"))}),
		table("activity", []schema.Column{col("id", "INTEGER"), col("activity_name", "TEXT")}),
		table("faculty_participates_in", []schema.Column{col("facid", "INTEGER"), col("actid", "INTEGER")},
			fk("facid", "faculty"), fk("actid", "activity")),
		table("part_faults", []schema.Column{col("id", "INTEGER"), col("fault_short_name", "TEXT")}),
		table("skills", []schema.Column{col("id", "INTEGER"), col("skill_description", "TEXT")}),
		table("skills_required_to_fix", []schema.Column{col("part_fault_id", "INTEGER"), col("skill_id", "INTEGER")},
			fk("part_fault_id", "part_faults"), fk("skill_id", "skills")),
		table("engineer", []schema.Column{col("id", "INTEGER"), col("first_name", "TEXT")}),
		table("flight", []schema.Column{col("id", "INTEGER"), col("flight_number", "INTEGER"), col("distance", "INTEGER"), col("price", "REAL")}),
		table("party", []schema.Column{col("id", "INTEGER"), col("party_name", "TEXT", "Liberal", "Labour")}),
		table("election", []schema.Column{col("id", "INTEGER"), col("delegate", "TEXT", "Bates, Gail H."), col("votes", "INTEGER"), col("party_id", "INTEGER")},
			fk("party_id", "party")),
		table("maker", []schema.Column{col("id", "INTEGER"), col("maker_name", "TEXT")}),
		table("camera", []schema.Column{col("id", "INTEGER"), col("camera_name", "TEXT"), col("maker_id", "INTEGER")}, fk("maker_id", "maker")),
		table("mountain", []schema.Column{col("id", "INTEGER"), col("mountain_name", "TEXT")}),
		table("photo", []schema.Column{col("id", "INTEGER"), col("camera_id", "INTEGER"), col("mountain_id", "INTEGER")},
			fk("camera_id", "camera"), fk("mountain_id", "mountain")),
	}}
}

// TestLinkNamedRankAnswers: a count ranking whose verb is the name of the
// link table pairing X with what is counted goes through that table, and
// a link named after X ("faculty participating in") stands for X; "the
// one with the maximum" picks a row; "the largest number of delegates",
// a text column of a table referring to X, counts that table's rows.
func TestLinkNamedRankAnswers(t *testing.T) {
	runAnswers(t, linkRankSchema(), []answerCase{
		{"the first and last name of the faculty participating in the most activities", `{"select":[{"expr":{"col":"faculty.fname"}},{"expr":{"col":"faculty.lname"}}],"from":{"table":"activity"},"joins":[{"type":"inner","table":"faculty_participates_in","on":[{"left":"activity.id","right":"faculty_participates_in.actid"}]},{"type":"inner","table":"faculty","on":[{"left":"faculty_participates_in.facid","right":"faculty.id"}]}],"group_by":[{"col":"faculty.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"what is the flight number and its distance for the one with the maximum price?", `{"select":[{"expr":{"col":"flight.flight_number"}},{"expr":{"col":"flight.distance"}}],"from":{"table":"flight"},"order_by":[{"expr":{"col":"flight.price"},"desc":true}],"limit":1}`},
		{"which party has the largest number of delegates?", `{"select":[{"expr":{"col":"party.party_name"}}],"from":{"table":"party"},"joins":[{"type":"inner","table":"election","on":[{"left":"party.id","right":"election.party_id"}]}],"group_by":[{"col":"party.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"which part fault is it that requires the most skills?", `{"select":[{"expr":{"col":"part_faults.fault_short_name"}}],"from":{"table":"skills"},"joins":[{"type":"inner","table":"skills_required_to_fix","on":[{"left":"skills.id","right":"skills_required_to_fix.skill_id"}]},{"type":"inner","table":"part_faults","on":[{"left":"skills_required_to_fix.part_fault_id","right":"part_faults.id"}]}],"group_by":[{"col":"part_faults.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
	})
}

// TestLinkNamedRankRefusals: a link table that does not pair the two
// tables named, or whose name does not begin with X's, gives no ranking.
func TestLinkNamedRankRefusals(t *testing.T) {
	runRefusals(t, linkRankSchema(), []string{
		"which engineer is it that requires the most skills?",
		// With no relative word, the verb's subject is not certain.
		"which part fault requires the most skills?",
		// A camera belongs to its maker: the question may be about the
		// maker through it.
		"which camera is it that took photos of the most mountains?",
		"the name of the engineer participating in the most activities",
		// Delegates are counted per party, the table elections refer
		// to, not per engineer, which nothing links them to.
		"which engineer has the largest number of delegates?",
	})
}
