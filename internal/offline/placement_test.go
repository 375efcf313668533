package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// peopleSchema keeps names as first and last name columns: authors write
// papers through authorship; students share a first name with an author.
func peopleSchema(namesComplete bool) *schema.Schema {
	names := func(c schema.Column) schema.Column {
		if namesComplete {
			return complete(c)
		}
		return c
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("author", []schema.Column{col("id", "INTEGER"), names(col("fname", "TEXT", "Jeremy", "Mark")), names(col("lname", "TEXT", "Gibbons", "Giuliano"))}),
		table("paper", []schema.Column{col("id", "INTEGER"), col("title", "TEXT")}),
		table("authorship", []schema.Column{col("author_id", "INTEGER"), col("paper_id", "INTEGER")},
			fk("author_id", "author"), fk("paper_id", "paper")),
		table("student", []schema.Column{col("id", "INTEGER"), names(col("fname", "TEXT", "Mark", "Ann")), names(col("lname", "TEXT", "Lee", "Smith")), col("age", "INTEGER")}),
	}}
}

// twinSchema has two tables whose name columns both hold "Ann Lee".
func twinSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("first_name", "TEXT", "Ann")), complete(col("last_name", "TEXT", "Lee")), col("age", "INTEGER")}),
		table("teacher", []schema.Column{col("id", "INTEGER"), complete(col("first_name", "TEXT", "Ann")), complete(col("last_name", "TEXT", "Lee")), col("age", "INTEGER")}),
	}}
}

// TestFullNameAnswers: a person named by first and last name, quoted or
// not, is a value of each of the two name columns of the one table that
// holds the pair.
func TestFullNameAnswers(t *testing.T) {
	runAnswers(t, peopleSchema(true), []answerCase{
		// Quoted: no column holds "Jeremy Gibbons" whole.
		{`titles of papers written by "Jeremy Gibbons"`, `{"from":{"table":"paper"},"select":[{"expr":{"col":"paper.title"}}],"where":{"left":{"col":"paper.id"},"op":"in","subquery":{"from":{"table":"authorship"},"joins":[{"on":[{"left":"authorship.author_id","right":"author.id"}],"table":"author","type":"inner"}],"select":[{"expr":{"col":"authorship.paper_id"}}],"where":{"and":[{"left":{"col":"author.fname"},"op":"=","right":{"value":"Jeremy"}},{"left":{"col":"author.lname"},"op":"=","right":{"value":"Gibbons"}}]}}}}`},
		// Side by side: "Mark" is a student's first name too, but only an
		// author is Mark Giuliano.
		{`what is the id of Mark Giuliano`, `{"distinct":true,"from":{"table":"author"},"select":[{"expr":{"col":"author.id"}}],"where":{"and":[{"left":{"col":"author.fname"},"op":"=","right":{"value":"Mark"}},{"left":{"col":"author.lname"},"op":"=","right":{"value":"Giuliano"}}]}}`},
	})
}

// TestFullNameRefusals: two tables holding the pair, samples that may miss
// other holders, or a phrase that is not two words stay refused.
func TestFullNameRefusals(t *testing.T) {
	runRefusals(t, twinSchema(), []string{
		`how old is "Ann Lee"`,
	})
	// Names of places and teams are not parts of a person's name.
	runRefusals(t, &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("team", []schema.Column{col("id", "INTEGER"), complete(col("city_name", "TEXT", "Boston")), complete(col("team_name", "TEXT", "Celtics"))}),
	}}, []string{
		`what is the id of "Boston Celtics"`,
	})
	runRefusals(t, peopleSchema(false), []string{
		`titles of papers written by "Jeremy Gibbons"`,
	})
	runRefusals(t, peopleSchema(true), []string{
		`titles of papers written by "Jeremy Gibbons Jr"`,
		// Mark is a first name of both tables; written alone, it stays
		// ambiguous.
		`what is the id of Mark`,
	})
}

// majorSchema has a numeric column that is not a year.
func majorSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("major", "INTEGER"), col("age", "INTEGER")}),
	}}
}

// TestSpelledBoundsAnswers: comparisons written out at length, a second
// comparison after "or", and a number after "in" that cannot be a year.
func TestSpelledBoundsAnswers(t *testing.T) {
	runAnswers(t, aggSchema(), []answerCase{
		{`names of persons with height greater than or equal to 180`, `{"from":{"table":"person"},"select":[{"expr":{"col":"person.name"}}],"where":{"left":{"col":"person.height"},"op":">=","right":{"value":180}}}`},
		{`names of persons with weight less than or equal 70`, `{"from":{"table":"person"},"select":[{"expr":{"col":"person.name"}}],"where":{"left":{"col":"person.weight"},"op":"<=","right":{"value":70}}}`},
		// "or under 150" starts a second comparison, not "190 or under".
		{`names of persons with height over 190 or under 150`, `{"from":{"table":"person"},"select":[{"expr":{"col":"person.name"}}],"where":{"or":[{"left":{"col":"person.height"},"op":">","right":{"value":190}},{"left":{"col":"person.height"},"op":"<","right":{"value":150}}]}}`},
		// A bound after its number still closes it.
		{`names of persons with height 150 or under`, `{"from":{"table":"person"},"select":[{"expr":{"col":"person.name"}}],"where":{"left":{"col":"person.height"},"op":"<=","right":{"value":150}}}`},
	})
	runAnswers(t, majorSchema(), []answerCase{
		{`names of students who majored in 600`, `{"from":{"table":"student"},"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"student.major"},"op":"=","right":{"value":600}}}`},
	})
}

// TestSpelledBoundsRefusals: "in" before a possible year, or before a
// number with no column named, is still not read as a value.
func TestSpelledBoundsRefusals(t *testing.T) {
	runRefusals(t, majorSchema(), []string{
		`names of students who majored in 2008`,
		`names of students in 600`,
	})
}

// TestBesideCountAnswers: a column word shown beside a count of related
// rows is the grouped parent's, when only the parent's can be shown.
func TestBesideCountAnswers(t *testing.T) {
	runAnswers(t, aggSchema(), []answerCase{
		// "id" may be the transfer's or the account's; only the account
		// has one per group.
		{`the account name, id and the number of transfers for each account`, `{"from":{"table":"transfer"},"group_by":[{"col":"transfer.account_id"},{"col":"account.account_name"},{"col":"account.id"}],"joins":[{"on":[{"left":"transfer.account_id","right":"account.id"}],"table":"account","type":"inner"}],"select":[{"expr":{"col":"account.account_name"}},{"expr":{"col":"account.id"}},{"expr":{"agg":"count"}}]}`},
		{`the id and account name of accounts with at least 3 transfers`, `{"from":{"table":"account"},"group_by":[{"col":"account.id"}],"having":{"left":{"agg":"count"},"op":">=","right":{"value":3}},"joins":[{"on":[{"left":"account.id","right":"transfer.account_id"}],"table":"transfer","type":"inner"}],"select":[{"expr":{"col":"account.id"}},{"expr":{"col":"account.account_name"}}]}`},
	})
}

// TestBesideCountRefusals: for a column only the counted rows have, the
// question is still refused.
func TestBesideCountRefusals(t *testing.T) {
	runRefusals(t, aggSchema(), []string{
		`the amount and number of transfers for each account`,
	})
}

// TestQuotedColumnAnswers: a quoted phrase that no column holds as a value
// but that is one column's full name is that column.
func TestQuotedColumnAnswers(t *testing.T) {
	runAnswers(t, aggSchema(), []answerCase{
		{`list the "account name" of every account`, `{"from":{"table":"account"},"select":[{"expr":{"col":"account.account_name"}}]}`},
	})
}

// TestQuotedColumnRefusals: a phrase naming several columns, or only part
// of one, or nothing, is still a value no column is known to hold.
func TestQuotedColumnRefusals(t *testing.T) {
	runRefusals(t, aggSchema(), []string{
		`list the "name" of every account`,
		`list the "opened date" of every account`,
		`list the "Main Street" of every account`,
	})
}
