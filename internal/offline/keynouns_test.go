package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// advisingSchema: each student's advisor is a faculty member, by a key
// named for the role only.
func advisingSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("faculty", []schema.Column{col("id", "INTEGER"), col("lname", "TEXT", "Smith"), col("fname", "TEXT", "Jo"),
			complete(col("rank", "TEXT", "Professor", "Instructor")), col("age", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Ann", "Bo")), col("major", "TEXT", "History"), col("advisor", "INTEGER")},
			fk("advisor", "faculty")),
	}}
}

// partySchema: a party's host is a person, by a key with an id word.
func partySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dan"), col("age", "INTEGER")}),
		table("party", []schema.Column{col("id", "INTEGER"), col("theme", "TEXT", "Spring"), col("year", "INTEGER"), col("host_id", "INTEGER")},
			fk("host_id", "person")),
	}}
}

// matchSchema: a match refers to its players twice, in two roles.
func matchSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("player", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Ann", "Bo")), col("age", "INTEGER")}),
		table("match", []schema.Column{col("id", "INTEGER"), col("year", "INTEGER"), complete(col("tournament", "TEXT", "Open")),
			col("winner_id", "INTEGER"), col("loser_id", "INTEGER")},
			fk("winner_id", "player"), fk("loser_id", "player")),
	}}
}

// selfKeySchema: an employee's manager is another employee.
func selfKeySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("manager", "INTEGER")},
			fk("manager", "employee")),
	}}
}

// A word that names a key column only stands for the rows the key refers
// to, joined through that key: their columns are shown ("names of the
// hosts"), compared ("whose advisors are professors", "an advisor older
// than 50", "the advisor with last name Smith"), and a key shown beside
// its rows' columns is left out ("the last name of the advisor"). Where a
// table refers to another twice, the word picks the key ("winners" is
// winner_id, "losers" loser_id).
func TestKeyNouns(t *testing.T) {
	const advisorJoin = `"from":{"table":"student"},"joins":[{"on":[{"left":"student.advisor","right":"faculty.id"}],"table":"faculty","type":"inner"}]`
	runAnswers(t, advisingSchema(), []answerCase{
		{`What are the names of the students whose advisors are professors?`,
			`{` + advisorJoin + `,"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"faculty.rank"},"op":"=","right":{"value":"Professor"}}}`},
		{`What is the last name of the advisor of the student named Ann?`,
			`{` + advisorJoin + `,"select":[{"expr":{"col":"faculty.lname"}}],"where":{"left":{"col":"student.name"},"op":"=","right":{"value":"Ann"}}}`},
		{`Show the name of each student and the last name of their advisor.`,
			`{` + advisorJoin + `,"select":[{"expr":{"col":"student.name"}},{"expr":{"col":"faculty.lname"}}]}`},
		{`How many students have an advisor older than 50?`,
			`{` + advisorJoin + `,"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"faculty.age"},"op":">","right":{"value":50}}}`},
		{`Which students have the advisor with last name Smith?`,
			`{` + advisorJoin + `,"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"faculty.lname"},"op":"=","right":{"value":"Smith"}}}`},
	})
	const hostJoin = `"from":{"table":"party"},"joins":[{"on":[{"left":"party.host_id","right":"person.id"}],"table":"person","type":"inner"}]`
	runAnswers(t, partySchema(), []answerCase{
		{`What are the themes of parties whose hosts are older than 30?`,
			`{` + hostJoin + `,"select":[{"expr":{"col":"party.theme"}}],"where":{"left":{"col":"person.age"},"op":">","right":{"value":30}}}`},
		{`What are the names of the hosts of parties in 2020?`,
			`{` + hostJoin + `,"select":[{"expr":{"col":"person.name"}}],"where":{"left":{"col":"party.year"},"op":"=","right":{"value":2020}}}`},
	})
	runAnswers(t, matchSchema(), []answerCase{
		{`Show the names of the losers of matches of the tournament Open.`,
			`{"from":{"table":"player"},"select":[{"expr":{"col":"player.name"}}],"where":{"left":{"col":"player.id"},"op":"in","subquery":{"from":{"table":"match"},"select":[{"expr":{"col":"match.loser_id"}}],"where":{"left":{"col":"match.tournament"},"op":"=","right":{"value":"Open"}}}}}`},
		{`Show the names of the winners of matches of the tournament Open.`,
			`{"from":{"table":"player"},"select":[{"expr":{"col":"player.name"}}],"where":{"left":{"col":"player.id"},"op":"in","subquery":{"from":{"table":"match"},"select":[{"expr":{"col":"match.winner_id"}}],"where":{"left":{"col":"match.tournament"},"op":"=","right":{"value":"Open"}}}}}`},
		{`What is the tournament of the matches whose winners are older than 30?`,
			`{"from":{"table":"match"},"joins":[{"on":[{"left":"match.winner_id","right":"player.id"}],"table":"player","type":"inner"}],"select":[{"expr":{"col":"match.tournament"}}],"where":{"left":{"col":"player.age"},"op":">","right":{"value":30}}}`},
	})
}

// What the key-noun reading leaves refused: a value of the referred
// table where it is referred to twice (Ann may be the other player), a
// key from a table to itself, and a key word with nothing of its table
// named.
func TestKeyNounsRefused(t *testing.T) {
	runRefusals(t, matchSchema(), []string{
		`Show the years of matches whose losers are named Ann.`,
		`Who are the winners of the matches lost by Ann?`,
		`What is the average age of the winners?`,
	})
	runRefusals(t, selfKeySchema(), []string{
		`What is the name of each employee's manager?`,
	})
	runRefusals(t, advisingSchema(), []string{
		`How many students have advisors?`,
	})
}
