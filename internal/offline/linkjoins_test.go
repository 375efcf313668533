package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// clinicSchema relates physicians and procedures twice: through the
// procedures they were trained in and through the ones they performed.
func clinicSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("physician", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "John Wen", "Ann Lee"))}),
		table("procedures", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Suture", "Scan")), col("cost", "REAL")}),
		table("patient", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Bo Ray"))}),
		table("trained_in", []schema.Column{col("physician_id", "INTEGER"), col("procedure_id", "INTEGER"), col("certified", "DATE")},
			fk("physician_id", "physician"), fk("procedure_id", "procedures")),
		table("undergoes", []schema.Column{col("patient_id", "INTEGER"), col("procedure_id", "INTEGER"), col("physician_id", "INTEGER")},
			fk("patient_id", "patient"), fk("procedure_id", "procedures"), fk("physician_id", "physician")),
	}}
}

// housingSchema pairs students with dorms through a link table, and
// members with parties both directly (an undeclared party_id) and through
// the events they lead.
func housingSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER")}),
		table("dorm", []schema.Column{col("id", "INTEGER"), col("dorm_name", "TEXT")}),
		table("lives_in", []schema.Column{col("student_id", "INTEGER"), col("dorm_id", "INTEGER"), col("room_number", "INTEGER")},
			fk("student_id", "student"), fk("dorm_id", "dorm")),
		table("member", []schema.Column{col("id", "INTEGER"), col("member_name", "TEXT"), col("party_id", "INTEGER")}),
		table("party", []schema.Column{col("id", "INTEGER"), col("party_name", "TEXT")}),
		table("party_events", []schema.Column{col("id", "INTEGER"), col("event_name", "TEXT"), col("party_id", "INTEGER"), col("member_in_charge_id", "INTEGER")},
			fk("party_id", "party"), fk("member_in_charge_id", "member")),
	}}
}

// airlineSchema pairs companies with airports through flights, which are
// events with columns of their own rather than bare pairs.
func airlineSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("airport", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("flight", []schema.Column{col("id", "INTEGER"), col("pilot", "TEXT"), col("velocity", "REAL"), col("altitude", "REAL"),
			col("airport_id", "INTEGER"), col("company_id", "INTEGER")},
			fk("airport_id", "airport"), fk("company_id", "company")),
	}}
}

// allergyKindSchema pairs students with allergies, whose label (the column
// named like the table) is a kind shared by several allergies.
func allergyKindSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER")}),
		table("allergy_type", []schema.Column{col("id", "INTEGER"),
			complete(col("allergy", "TEXT", "Eggs", "Nuts", "Cat", "Dog")), complete(col("allergy_type", "TEXT", "food", "animal"))}),
		table("has_allergy", []schema.Column{col("student_id", "INTEGER"), col("allergy_type_id", "INTEGER")},
			fk("student_id", "student"), fk("allergy_type_id", "allergy_type")),
	}}
}

// TestLinkJoinAnswers: a chain of joins through a link table, when the
// question names the link table among equally short chains, or groups
// the question's rows by the table at the link's other end.
func TestLinkJoinAnswers(t *testing.T) {
	runAnswers(t, clinicSchema(), []answerCase{
		// "trained in" names trained_in: undergoes is as short a chain,
		// but the question does not name it.
		{"average cost of procedures that physician John Wen was trained in", `{"select":[{"expr":{"agg":"avg","arg":{"col":"procedures.cost"}}}],"from":{"table":"procedures"},"joins":[{"type":"inner","table":"trained_in","on":[{"left":"procedures.id","right":"trained_in.procedure_id"}]},{"type":"inner","table":"physician","on":[{"left":"trained_in.physician_id","right":"physician.id"}]}],"where":{"op":"=","left":{"col":"physician.name"},"right":{"value":"John Wen"}}}`},
		{"names of procedures which physician John Wen was trained in", `{"select":[{"expr":{"col":"procedures.name"}}],"from":{"table":"procedures"},"where":{"op":"in","left":{"col":"procedures.id"},"subquery":{"select":[{"expr":{"col":"trained_in.procedure_id"}}],"from":{"table":"trained_in"},"joins":[{"type":"inner","table":"physician","on":[{"left":"trained_in.physician_id","right":"physician.id"}]}],"where":{"op":"=","left":{"col":"physician.name"},"right":{"value":"John Wen"}}}}}`},
	})
	runAnswers(t, housingSchema(), []answerCase{
		{"average age of students in each dorm", `{"select":[{"expr":{"col":"dorm.dorm_name"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"lives_in","on":[{"left":"student.id","right":"lives_in.student_id"}]},{"type":"inner","table":"dorm","on":[{"left":"lives_in.dorm_id","right":"dorm.id"}]}],"group_by":[{"col":"dorm.id"}]}`},
		// The group's own columns are shown ("the name of the dorm").
		{"the name of the dorm with the most students", `{"select":[{"expr":{"col":"dorm.dorm_name"}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"lives_in","on":[{"left":"student.id","right":"lives_in.student_id"}]},{"type":"inner","table":"dorm","on":[{"left":"lives_in.dorm_id","right":"dorm.id"}]}],"group_by":[{"col":"dorm.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"names of dorms with at least 2 students", `{"select":[{"expr":{"col":"dorm.dorm_name"}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"lives_in","on":[{"left":"student.id","right":"lives_in.student_id"}]},{"type":"inner","table":"dorm","on":[{"left":"lives_in.dorm_id","right":"dorm.id"}]}],"group_by":[{"col":"dorm.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		{"how many students live in each dorm", `{"select":[{"expr":{"col":"dorm.dorm_name"}},{"expr":{"agg":"count"}}],"from":{"table":"student"},"joins":[{"type":"inner","table":"lives_in","on":[{"left":"student.id","right":"lives_in.student_id"}]},{"type":"inner","table":"dorm","on":[{"left":"lives_in.dorm_id","right":"dorm.id"}]}],"group_by":[{"col":"dorm.id"}]}`},
	})
}

// TestLinkJoinRefusals: where the chain is not the one the words name, or
// grouping through a link table is doubtful, the question is refused.
func TestLinkJoinRefusals(t *testing.T) {
	runRefusals(t, clinicSchema(), []string{
		// Two equally short chains, neither named.
		"names of procedures of physician John Wen",
	})
	runRefusals(t, housingSchema(), []string{
		// A student paired twice with a dorm would count twice.
		"how many different students live in each dorm",
		// After "by", the table may name who did something ("papers
		// published by the institution").
		"number of students by dorm",
		// member.party_id is a reference the schema does not declare:
		// grouping through the events members lead is not what is meant.
		"how many members are in each party",
	})
	runRefusals(t, allergyKindSchema(), []string{
		// Each row of allergy_type, or each of its two kinds?
		"how many students are affected by each allergy type",
	})
	runRefusals(t, airlineSchema(), []string{
		// Through events, a count of companies would count flights.
		"how many companies are in each airport",
	})
}
