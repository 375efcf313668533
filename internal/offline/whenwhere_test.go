package offline_test

import (
	"slices"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// whereSchema has a table with one place column (department.building),
// one whose place column is named with a prefix (club.clublocation), one
// with two place columns (employee: address and city), one with an
// address (member) and a dated table
// whose day is written month first (reading.day_date).
func whereSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("department", []schema.Column{col("id", "INTEGER"), col("dept_name", "TEXT", "History", "Physics"), col("building", "TEXT", "DRE 102", "KLR 211"), col("budget", "REAL", "1200.5")}),
		table("club", []schema.Column{col("id", "INTEGER"), col("clubname", "TEXT", "Tennis Club", "Chess Club"), col("clublocation", "TEXT", "AKW", "HHH")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee", "Bo Chan"), col("address", "TEXT", "1 Main St"), col("city", "TEXT", "Boston", "Austin")}),
		table("member", []schema.Column{col("id", "INTEGER"), complete(col("member_name", "TEXT", "Kim", "Ola")), col("address", "TEXT", "2 Elm St")}),
		table("reading", []schema.Column{col("id", "INTEGER"), col("day_date", "TEXT", "8/21/2015", "12/1/2014"), col("max_temperature", "INTEGER", "80", "91"), col("zip_code", "INTEGER", "94107")}),
	}}
}

// A relative "when" after a noun of time is "on which": the noun names
// the column, the clause the rows, each listed once per row since the
// clause describes occasions.
func TestRelativeWhen(t *testing.T) {
	runAnswers(t, whereSchema(), []answerCase{
		{`Give me the dates when the max temperature was higher than 85.`, `{"from":{"table":"reading"},"select":[{"expr":{"col":"reading.day_date"}}],"where":{"left":{"col":"reading.max_temperature"},"op":">","right":{"value":85}}}`},
		{`List the days when the max temperature was above 90.`, `{"from":{"table":"reading"},"select":[{"expr":{"col":"reading.day_date"}}],"where":{"left":{"col":"reading.max_temperature"},"op":">","right":{"value":90}}}`},
	})
	// "when" after a noun that is not of time keeps its question meaning.
	runRefusals(t, whereSchema(), []string{
		`List the zip codes when the max temperature was higher than 85.`,
	})
}

// A leading "where" asks for the one place column of the rows named; a
// later name meaning only a place column is that column; two place
// columns leave the question open and it is refused.
func TestWhereAsksPlace(t *testing.T) {
	runAnswers(t, whereSchema(), []answerCase{
		{`Where is the department named "History"?`, `{"distinct":true,"from":{"table":"department"},"select":[{"expr":{"col":"department.building"}}],"where":{"left":{"col":"department.dept_name"},"op":"=","right":{"value":"History"}}}`},
		{`Where is the club named "Tennis Club"?`, `{"distinct":true,"from":{"table":"club"},"select":[{"expr":{"col":"club.clublocation"}}],"where":{"left":{"col":"club.clubname"},"op":"=","right":{"value":"Tennis Club"}}}`},
		{`Where does the member "Kim" live?`, `{"from":{"table":"member"},"select":[{"expr":{"col":"member.address"}}],"where":{"left":{"col":"member.member_name"},"op":"=","right":{"value":"Kim"}}}`},
		{`Where is the city of the employee named "Ann Lee"?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.city"}}],"where":{"left":{"col":"employee.name"},"op":"=","right":{"value":"Ann Lee"}}}`},
	})
	runRefusals(t, whereSchema(), []string{
		`Where does the employee named "Ann Lee" live?`,
		`Where is the reading with zip code 94107?`,
	})
}

// dinerSchema records visits of students to restaurants in a table keyed
// to both (visit, one timestamp), and a company with one founding year
// and a shop with two dates.
func dinerSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("fname", "TEXT", "Linda", "Tracy")), complete(col("lname", "TEXT", "Smith", "Kim"))}),
		table("restaurant", []schema.Column{col("id", "INTEGER"), complete(col("resname", "TEXT", "Subway", "Honeygrow"))}),
		table("visits_restaurant", []schema.Column{col("stuid", "INTEGER"), col("resid", "INTEGER"), col("time", "TIMESTAMP", "2017-10-09 18:15:00"), col("spent", "REAL", "6.53")},
			fk("stuid", "student"), fk("resid", "restaurant")),
		table("company", []schema.Column{col("id", "INTEGER"), col("company_name", "TEXT", "Acme", "Initech"), col("start_date", "DATE", "1999-01-02")}),
		table("shop", []schema.Column{col("id", "INTEGER"), col("shop_name", "TEXT", "Corner", "Plaza"), col("open_date", "DATE", "2001-02-03"), col("close_date", "DATE", "2011-02-03")}),
	}}
}

// A leading "when" no later word answers asks for the one date column of
// the rows named, or of the table keyed to both when the rows named are
// undated; two date columns leave it open and it is refused.
func TestWhenAsksOneDate(t *testing.T) {
	runAnswers(t, dinerSchema(), []answerCase{
		{`When did Linda Smith visit Subway?`, `{"distinct":true,"from":{"table":"visits_restaurant"},"joins":[{"on":[{"left":"visits_restaurant.stuid","right":"student.id"}],"table":"student","type":"inner"},{"on":[{"left":"visits_restaurant.resid","right":"restaurant.id"}],"table":"restaurant","type":"inner"}],"select":[{"expr":{"col":"visits_restaurant.time"}}],"where":{"and":[{"left":{"col":"student.fname"},"op":"=","right":{"value":"Linda"}},{"left":{"col":"student.lname"},"op":"=","right":{"value":"Smith"}},{"left":{"col":"restaurant.resname"},"op":"=","right":{"value":"Subway"}}]}}`},
		{`When was the company "Acme" started?`, `{"from":{"table":"company"},"select":[{"expr":{"col":"company.start_date"}}],"where":{"left":{"col":"company.company_name"},"op":"=","right":{"value":"Acme"}}}`},
		{`When was the company "Acme" founded?`, `{"from":{"table":"company"},"select":[{"expr":{"col":"company.start_date"}}],"where":{"left":{"col":"company.company_name"},"op":"=","right":{"value":"Acme"}}}`},
	})
	runRefusals(t, dinerSchema(), []string{
		`When was the shop "Corner" visited?`,
		`When did Linda Smith spend 6.53?`,
	})
}

// On the demo store the orders' one date answers "when", and the latest
// order is the one ranked first by it. Customers have two place columns
// (city and country) and employees none: "where" stays refused.
func TestWhenWhereDemo(t *testing.T) {
	runAnswers(t, demoSchema(), []answerCase{
		{`when was the last order placed`, `{"select":[{"expr":{"col":"orders.order_date"}}],"from":{"table":"orders"},"order_by":[{"expr":{"col":"orders.order_date"},"desc":true}],"limit":1}`},
	})
	runRefusals(t, demoSchema(), []string{
		`where do customers live`,
		`where do employees live`,
	})
}

// Two columns that could answer "when" or "where" are named in the
// clarification asked instead.
func TestWhenWhereNamesBoth(t *testing.T) {
	cases := []struct {
		s        *schema.Schema
		question string
		want     []string
	}{
		{whereSchema(), `Where is the employee named "Ann Lee"?`, []string{"employee.address", "employee.city"}},
		{dinerSchema(), `When was the shop "Corner" visited?`, []string{"shop.close_date", "shop.open_date"}},
	}
	for _, c := range cases {
		r, _ := offline.New(c.s, offline.Options{Today: today}).PlanWithTrace(c.question)
		if r.Clarification == nil || len(r.Clarification.Questions) != 1 {
			t.Errorf("%s: want a clarification, got %s", c.question, describeReply(r))
			continue
		}
		if got := r.Clarification.Questions[0].Choices; !slices.Equal(got, c.want) {
			t.Errorf("%s: choices %v, want %v", c.question, got, c.want)
		}
	}
}
