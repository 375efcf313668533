package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// negationSchema has link tables named after what they link (teaches,
// employment), a child that refers to its parent by a key a verb names
// (hosted: host_city_id), and a child holding a column named like a
// thing (has_allergy.allergy).
func negationSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann Lee")}),
		table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Algebra")}),
		table("teaches", []schema.Column{
			col("instructor_id", "INTEGER"), col("course_id", "INTEGER"), complete(col("semester", "TEXT", "Spring", "Fall")),
		}, fk("instructor_id", "instructor"), fk("course_id", "course")),
		table("people", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo Chen")}),
		table("company", []schema.Column{col("id", "INTEGER"), col("company_name", "TEXT", "Acme")}),
		table("employment", []schema.Column{col("people_id", "INTEGER"), col("company_id", "INTEGER"), col("year_started", "INTEGER")},
			fk("people_id", "people"), fk("company_id", "company")),
		table("city", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Aston", "Brill"))}),
		table("competition", []schema.Column{
			col("id", "INTEGER"), col("host_city_id", "INTEGER"), col("hosts", "TEXT", "Mayor Kim"), col("theme", "TEXT", "Carnival"),
		}, fk("host_city_id", "city")),
		table("match", []schema.Column{col("id", "INTEGER"), col("home_city_id", "INTEGER"), col("away_city_id", "INTEGER")},
			fk("home_city_id", "city"), fk("away_city_id", "city")),
		table("channel", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "One"), complete(col("owner", "TEXT", "CCTV", "HBS"))}),
		table("show", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "News"), col("channel_id", "INTEGER")}, fk("channel_id", "channel")),
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Cy Dunn")}),
		table("has_allergy", []schema.Column{col("student_id", "INTEGER"), complete(col("allergy", "TEXT", "Milk", "Cat"))}, fk("student_id", "student")),
		table("allergy_type", []schema.Column{complete(col("allergy", "TEXT", "Milk", "Cat")), complete(col("allergy_kind", "TEXT", "food", "animal"))}),
	}}
}

// Negations read as the rows no row of another table refers to: past a
// verb naming the key ("have not hosted"), through a link table a verb
// names ("did not teach any courses") or that "by" implies ("not employed
// by any company"), or a column held by a child ("any allergies"); and a
// value negated past "by" on the question's own table.
func TestNegationAnswers(t *testing.T) {
	runAnswers(t, negationSchema(), []answerCase{
		{"names of instructors who did not teach any courses", `{"select":[{"expr":{"col":"instructor.name"}}],"from":{"table":"instructor"},"where":{"op":"not_in","left":{"col":"instructor.id"},"subquery":{"select":[{"expr":{"col":"teaches.instructor_id"}}],"from":{"table":"teaches"},"where":{"op":"is_not_null","left":{"col":"teaches.instructor_id"}}}}}`},
		{"names of people not employed by any company", `{"select":[{"expr":{"col":"people.name"}}],"from":{"table":"people"},"where":{"op":"not_in","left":{"col":"people.id"},"subquery":{"select":[{"expr":{"col":"employment.people_id"}}],"from":{"table":"employment"},"where":{"op":"is_not_null","left":{"col":"employment.people_id"}}}}}`},
		{"names of cities that have not hosted a competition", `{"select":[{"expr":{"col":"city.name"}}],"from":{"table":"city"},"where":{"op":"not_in","left":{"col":"city.id"},"subquery":{"select":[{"expr":{"col":"competition.host_city_id"}}],"from":{"table":"competition"},"where":{"op":"is_not_null","left":{"col":"competition.host_city_id"}}}}}`},
		{"names of channels not owned by CCTV", `{"select":[{"expr":{"col":"channel.name"}}],"from":{"table":"channel"},"where":{"op":"!=","left":{"col":"channel.owner"},"right":{"value":"CCTV"}}}`},
		{"names of students who do not have any allergies", `{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},"where":{"op":"not_in","left":{"col":"student.id"},"subquery":{"select":[{"expr":{"col":"has_allergy.student_id"}}],"from":{"table":"has_allergy"},"where":{"op":"is_not_null","left":{"col":"has_allergy.student_id"}}}}}`},
		{"names of instructors who did not teach any courses in Spring", `{"select":[{"expr":{"col":"instructor.name"}}],"from":{"table":"instructor"},"where":{"op":"not_in","left":{"col":"instructor.id"},"subquery":{"select":[{"expr":{"col":"teaches.instructor_id"}}],"from":{"table":"teaches"},"where":{"and":[{"op":"=","left":{"col":"teaches.semester"},"right":{"value":"Spring"}},{"op":"is_not_null","left":{"col":"teaches.instructor_id"}}]}}}}`},
	})
}

func TestNegationRefusals(t *testing.T) {
	runRefusals(t, negationSchema(), []string{
		"titles of shows not owned by CCTV",            // the owner is the channel's: a set difference
		"names of cities without a match",              // two keys from match to city, none named
		"names of cities that have not hosted a match", // hosted names no key of match
		"names of students who do not have any names",  // a column of the students themselves
	})
}

// aggSchema has one table with several numeric columns and a text column
// whose values repeat.
func aggSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{
			col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("height", "REAL"), col("weight", "REAL"),
			complete(col("sex", "TEXT", "M", "F")),
		}),
		table("account", []schema.Column{col("id", "INTEGER"), col("account_name", "TEXT", "Main"), col("opened", "DATE")}),
		table("transfer", []schema.Column{col("id", "INTEGER"), col("account_id", "INTEGER"), col("amount", "REAL")}, fk("account_id", "account")),
		table("publication", []schema.Column{
			col("id", "INTEGER"), complete(col("publisher", "TEXT", "Wiley", "Person")), col("price", "REAL"),
		}),
	}}
}

// A column listed right after an aggregated one takes the same aggregate;
// a column listed before an aggregate, after "and" or "with", groups it.
func TestAggregateListAnswers(t *testing.T) {
	runAnswers(t, aggSchema(), []answerCase{
		{"average height and weight of persons", `{"select":[{"expr":{"agg":"avg","arg":{"col":"person.height"}}},{"expr":{"agg":"avg","arg":{"col":"person.weight"}}}],"from":{"table":"person"}}`},
		{"the average height, weight of persons with sex M", `{"select":[{"expr":{"agg":"avg","arg":{"col":"person.height"}}},{"expr":{"agg":"avg","arg":{"col":"person.weight"}}}],"from":{"table":"person"},"where":{"op":"=","left":{"col":"person.sex"},"right":{"value":"M"}}}`},
		{"publishers together with the number of publications", `{"select":[{"expr":{"col":"publication.publisher"}},{"expr":{"agg":"count"}}],"from":{"table":"publication"},"group_by":[{"col":"publication.publisher"}]}`},
		{"show the publishers and the total price", `{"select":[{"expr":{"col":"publication.publisher"}},{"expr":{"agg":"sum","arg":{"col":"publication.price"}}}],"from":{"table":"publication"},"group_by":[{"col":"publication.publisher"}]}`},
	})
}

func TestAggregateListRefusals(t *testing.T) {
	runRefusals(t, aggSchema(), []string{
		"maximum height and name of persons", // a name has no maximum
		"average height of persons and name", // the name is not listed before the aggregate
	})
}

// Beside a count grouped by a parent, the parent's own columns and the key
// that refers to it can be shown, in the order the question names them.
func TestGroupedParentColumns(t *testing.T) {
	runAnswers(t, aggSchema(), []answerCase{
		{"show the account id and the number of transfers for each account", `{"select":[{"expr":{"col":"transfer.account_id"}},{"expr":{"agg":"count"}}],"from":{"table":"transfer"},"joins":[{"type":"inner","table":"account","on":[{"left":"transfer.account_id","right":"account.id"}]}],"group_by":[{"col":"transfer.account_id"}]}`},
		{"the opened and account name of the account with the most transfers", `{"select":[{"expr":{"col":"account.opened"}},{"expr":{"col":"account.account_name"}}],"from":{"table":"account"},"joins":[{"type":"inner","table":"transfer","on":[{"left":"account.id","right":"transfer.account_id"}]}],"group_by":[{"col":"account.id"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"the account name, opened and number of transfers for each account", `{"select":[{"expr":{"col":"account.account_name"}},{"expr":{"col":"account.opened"}},{"expr":{"agg":"count"}}],"from":{"table":"transfer"},"joins":[{"type":"inner","table":"account","on":[{"left":"transfer.account_id","right":"account.id"}]}],"group_by":[{"col":"transfer.account_id"},{"col":"account.account_name"},{"col":"account.opened"}]}`},
	})
	runRefusals(t, aggSchema(), []string{
		"the amount and number of transfers for each account", // many amounts per account
	})
}
