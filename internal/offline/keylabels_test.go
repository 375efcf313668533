package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// labelAdvisorSchema: a student's advisor is an instructor, by a key named
// for the role only; both tables have a name.
func labelAdvisorSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Katz"), col("salary", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("gpa", "REAL"), col("advisor", "INTEGER")},
			fk("advisor", "instructor")),
	}}
}

// labelManagerSchema: an employee's manager is another employee, by a
// key with an id word and by one without.
func labelManagerSchema(key string) *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("salary", "INTEGER"), col(key, "INTEGER")},
			fk(key, "employee")),
	}}
}

// labelMatchSchema: a match refers to its players twice, in two roles,
// by keys named winner and loser (with the id words of ids, when given).
func labelMatchSchema(id string) *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("age", "INTEGER")}),
		table("match", []schema.Column{col("id", "INTEGER"), col("year", "INTEGER"), col("tournament", "TEXT", "Open"),
			col("winner"+id, "INTEGER"), col("loser"+id, "INTEGER")},
			fk("winner"+id, "player"), fk("loser"+id, "player")),
	}}
}

// A column word asked of a key noun is a column of the rows the key
// refers to, reached through it: a plan showing the referring table's
// column beside the key is refused, and the reading of keynouns.go (the
// key noun replaced by its table, joined through the key) answers where
// it can.
func TestKeyLabels(t *testing.T) {
	runAnswers(t, labelAdvisorSchema(), []answerCase{
		{`What is the name of the advisor of the student named Ann?`,
			`{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.id"},"op":"in","subquery":{"from":{"table":"student"},"select":[{"expr":{"col":"student.advisor"}}],"where":{"left":{"col":"student.name"},"op":"=","right":{"value":"Ann"}}}}}`},
		// A plan that reads the key and shows the referred column
		// is kept.
		{`Show the name of each student and the salary of their advisor.`,
			`{"from":{"table":"student"},"joins":[{"on":[{"left":"student.advisor","right":"instructor.id"}],"table":"instructor","type":"inner"}],"select":[{"expr":{"col":"student.name"}},{"expr":{"col":"instructor.salary"}}]}`},
	})
	runAnswers(t, labelMatchSchema(""), []answerCase{
		{`What are the names of the losers of matches of the tournament Open?`,
			`{"from":{"table":"player"},"select":[{"expr":{"col":"player.name"}}],"where":{"left":{"col":"player.id"},"op":"in","subquery":{"from":{"table":"match"},"select":[{"expr":{"col":"match.loser"}}],"where":{"left":{"col":"match.tournament"},"op":"=","right":{"value":"Open"}}}}}`},
	})
}

// What stays refused rather than show the referring table's column: all
// the key's rows with nothing to say which or how often, a condition on
// many referring rows (each instructor once, or once per student?), a
// key from a table to itself, and one of two keys to one table with no
// referring row named.
func TestKeyLabelsRefused(t *testing.T) {
	runRefusals(t, labelAdvisorSchema(), []string{
		`What are the names of all advisors?`,
		`List the names of the advisors of students whose gpa is above 3.`,
		`What are the names and salaries of the advisors?`,
	})
	for _, key := range []string{"manager", "manager_id"} {
		runRefusals(t, labelManagerSchema(key), []string{
			`What is the name of the manager of the employee named Ann?`,
			`What are the names of the managers?`,
			`What are the names of the managers of employees with salary above 100?`,
		})
	}
	for _, id := range []string{"", "_id"} {
		runRefusals(t, labelMatchSchema(id), []string{
			`What are the names of the winners?`,
		})
	}
	// With the key named by the word itself, "the name of the winner of
	// the match in 2020" is read through the winner key since round
	// thirty-four (keyroles_test.go); by a word of its name only, not.
	runRefusals(t, labelMatchSchema("_id"), []string{
		`What is the name of the winner of the match in 2020?`,
	})
}
