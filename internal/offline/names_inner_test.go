package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// innerNamesSchema names things inside longer names, where a question
// may use a synonym of the inner word (a supervisor for the manager of
// manager_name, a firm for the company of company_name), or of both
// words of a two-word name at once (begin days for start_date, a
// hypersensitivity category for allergy_type).
func innerNamesSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("shop", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Alpha"), col("manager_name", "TEXT", "Kim"), col("open_year", "INTEGER")}),
		table("booking", []schema.Column{col("id", "INTEGER"), col("start_date", "TEXT", "2020-01-02"), col("end_date", "TEXT", "2020-01-09"), col("guest", "TEXT", "Lee")}),
		table("patient", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("allergy_type", "TEXT", "animal")}),
		table("apartment", []schema.Column{col("id", "INTEGER"), col("bedroom_count", "INTEGER"), col("city", "TEXT", "Oslo")}),
	}}
}

// Synonyms reach the words inside a name, and both words of a two-word
// name together.
func TestInnerNameSynonyms(t *testing.T) {
	runAnswers(t, innerNamesSchema(), []answerCase{
		{`who is the supervisor of the shop named Alpha?`, `{"select":[{"expr":{"col":"shop.manager_name"}}],"from":{"table":"shop"},"where":{"op":"=","left":{"col":"shop.name"},"right":{"value":"Alpha"}}}`},
		{`show the begin days and end days of all bookings`, `{"select":[{"expr":{"col":"booking.start_date"}},{"expr":{"col":"booking.end_date"}}],"from":{"table":"booking"}}`},
		{`what are the different hypersensitivity categories of patients?`, `{"distinct":true,"select":[{"expr":{"col":"patient.allergy_type"}}],"from":{"table":"patient"}}`},
		{`what is the average number of bedchambers of all apartments?`, `{"select":[{"expr":{"agg":"avg","arg":{"col":"apartment.bedroom_count"}}}],"from":{"table":"apartment"}}`},
	})
}

// A synonym of an inner word is weaker than the word as spelled, and one
// reaching two columns of the question's table is ambiguous.
func TestInnerNameSynonymsRank(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("shop", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Alpha"), col("manager_name", "TEXT", "Kim"),
			col("supervisor_name", "TEXT", "Ola")}),
		table("store", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Beta"), col("manager_name", "TEXT", "Kim"),
			col("manager_phone", "TEXT", "555")}),
	}}
	runAnswers(t, s, []answerCase{
		// "supervisor" is inside supervisor_name as spelled: the manager
		// it is a synonym of does not compete.
		{`who is the supervisor of the shop named Alpha?`, `{"select":[{"expr":{"col":"shop.supervisor_name"}}],"from":{"table":"shop"},"where":{"op":"=","left":{"col":"shop.name"},"right":{"value":"Alpha"}}}`},
	})
	// A two-word name the question spells outranks one it reaches
	// through two synonyms.
	s3 := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("booking", []schema.Column{col("id", "INTEGER"), col("start_date", "TEXT", "2020-01-02"), col("begin_day", "TEXT", "Monday")}),
	}}
	runAnswers(t, s3, []answerCase{
		{`show the begin days of all bookings`, `{"select":[{"expr":{"col":"booking.begin_day"}}],"from":{"table":"booking"}}`},
	})
	s2 := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{s.Tables[1]}}
	runRefusals(t, s2, []string{
		// manager_name or manager_phone: a guess either way.
		`what is the supervisor of the store titled Beta?`,
	})
}
