package offline_test

import (
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// generalWordSchema names its things in the words a schema uses, where a
// question written without seeing it may say another general word: a
// team it calls a group, a phone a mobile, a population the residents,
// an operating system the OS, an open year the start year, a section a
// part or a chapter, a release date a publish date, a hire cost a rent,
// a height how tall, a planned date a scheduled one, a departure a
// leaving, an institution an organization, and a complaint what one
// complains of.
func generalWordSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("technician", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("team", "TEXT", "NYY")}),
		table("city", []schema.Column{col("id", "INTEGER"), col("official_name", "TEXT", "Lund"), col("population", "INTEGER")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT", "Smith"), col("phone", "TEXT", "555-1234")}),
		table("accelerator", []schema.Column{col("id", "INTEGER"), col("label", "TEXT", "CACHEbox"), col("operating_system", "TEXT", "Linux")}),
		table("shop", []schema.Column{col("id", "INTEGER"), col("shop_name", "TEXT", "Apple"), col("open_year", "INTEGER")}),
		table("manual", []schema.Column{col("id", "INTEGER"), col("section_title", "TEXT", "Intro")}),
		table("artist", []schema.Column{col("id", "INTEGER"), col("artist_name", "TEXT", "Bo"), col("famous_release_date", "TEXT", "2009")}),
		table("tool", []schema.Column{col("id", "INTEGER"), col("tool_name", "TEXT", "Saw"), col("daily_hire_cost", "REAL")}),
		table("complaint", []schema.Column{col("id", "INTEGER"), col("complaint_status_code", "TEXT", "Open")}),
		table("booking", []schema.Column{col("id", "INTEGER"), col("planned_delivery_date", "TEXT", "2020-01-01")}),
		table("flight", []schema.Column{col("flno", "INTEGER"), col("departure_date", "TEXT", "2020-01-01"), col("arrival_date", "TEXT", "2020-01-02")}),
		table("player", []schema.Column{col("id", "INTEGER"), col("player_name", "TEXT", "Yao"), col("height", "REAL")}),
		table("institution", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "MIT")}),
	}}
}

// A general word a question may use for the schema's own.
func TestGeneralWordsOfParaphrases(t *testing.T) {
	runAnswers(t, generalWordSchema(), []answerCase{
		{`what is the group of each technician?`, `{"select":[{"expr":{"col":"technician.team"}}],"from":{"table":"technician"}}`},
		{`list the official names of cities ordered by residents`, `{"from":{"table":"city"},"order_by":[{"expr":{"col":"city.population"}}],"select":[{"expr":{"col":"city.official_name"}}]}`},
		{`what are the mobile numbers of all employees?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.phone"}}]}`},
		{`show the os of every accelerator`, `{"from":{"table":"accelerator"},"select":[{"expr":{"col":"accelerator.operating_system"}}]}`},
		{`what is the start year of the shop named Apple?`, `{"distinct":true,"from":{"table":"shop"},"select":[{"expr":{"col":"shop.open_year"}}],"where":{"left":{"col":"shop.shop_name"},"op":"=","right":{"value":"Apple"}}}`},
		{`list the part titles of all manuals`, `{"from":{"table":"manual"},"select":[{"expr":{"col":"manual.section_title"}}]}`},
		{`show all chapter titles`, `{"distinct":true,"from":{"table":"manual"},"select":[{"expr":{"col":"manual.section_title"}}]}`},
		{`give the famous publish dates of all artists`, `{"from":{"table":"artist"},"select":[{"expr":{"col":"artist.famous_release_date"}}]}`},
		{`what is the daily rent cost of each tool?`, `{"from":{"table":"tool"},"select":[{"expr":{"col":"tool.daily_hire_cost"}}]}`},
		{`count the different complain status codes`, `{"from":{"table":"complaint"},"select":[{"expr":{"agg":"count_distinct","arg":{"col":"complaint.complaint_status_code"}}}]}`},
		{`show the scheduled delivery dates of all bookings`, `{"from":{"table":"booking"},"select":[{"expr":{"col":"booking.planned_delivery_date"}}]}`},
		{`show the leaving date and arriving date of all flights`, `{"from":{"table":"flight"},"select":[{"expr":{"col":"flight.departure_date"}},{"expr":{"col":"flight.arrival_date"}}]}`},
		{`how tall is the player named Yao?`, `{"distinct":true,"select":[{"expr":{"col":"player.height"}}],"from":{"table":"player"},"where":{"op":"=","left":{"col":"player.player_name"},"right":{"value":"Yao"}}}`},
		{`how many organizations are there?`, `{"from":{"table":"institution"},"select":[{"expr":{"agg":"count"}}]}`},
	})
}

// The groups are one way where the question's word has other senses: a
// schema's group is not what a question calls a team, nor its start what
// it calls an opening. The schema's own word wins over a synonym, and a
// synonym that reaches two columns of one table is ambiguous, not a
// guess: "mobile" beside a home and a work phone.
func TestGeneralWordsOfParaphrasesStayNarrow(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("club", []schema.Column{col("id", "INTEGER"), col("club_name", "TEXT", "Ajax"), col("group_name", "TEXT", "A")}),
		table("contact", []schema.Column{col("id", "INTEGER"), col("contact_name", "TEXT", "Ann"), col("home_phone", "TEXT", "555-1"), col("work_phone", "TEXT", "555-2")}),
	}}
	runRefusals(t, s, []string{
		`list the team of every club`,
		`what is the mobile of the contact named Ann?`,
	})
	for _, c := range []struct {
		question string
		want     offline.RefusalKind
	}{
		{`list the team of every club`, offline.RefusedUnlinked},
		{`what is the mobile of the contact named Ann?`, offline.RefusedAmbiguous},
	} {
		if _, tr := offline.New(s, offline.Options{Today: today}).PlanWithTrace(c.question); tr.Refusal != c.want {
			t.Errorf("%q: refusal %q, want %q\n%s", c.question, tr.Refusal, c.want, tr)
		}
	}
	// A woman is a female, a man a male, where a sex column stores them.
	people := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("person_name", "TEXT", "Ann"), complete(col("gender", "TEXT", "female", "male"))}),
	}}
	runAnswers(t, people, []answerCase{
		{`how many women are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.gender"},"right":{"value":"female"}}}`},
		{`list the names of all men`, `{"distinct":true,"select":[{"expr":{"col":"person.person_name"}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.gender"},"right":{"value":"male"}}}`},
	})
	own := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("person_name", "TEXT", "Ann"), col("phone", "TEXT", "555-1"), col("mobile", "TEXT", "555-2")}),
	}}
	runAnswers(t, own, []answerCase{
		{`what is the mobile of the person named Ann?`, `{"distinct":true,"select":[{"expr":{"col":"person.mobile"}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.person_name"},"right":{"value":"Ann"}}}`},
	})
}
