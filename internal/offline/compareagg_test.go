package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// compareAggSchema: instructors with a department and a salary, people
// with a job and an age, trips with a duration and a zip code.
func compareAggSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"),
			complete(col("dept_name", "TEXT", "Physics", "Biology", "History")), col("salary", "REAL")}),
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"),
			complete(col("job", "TEXT", "engineer", "doctor", "student")), col("age", "INTEGER")}),
		table("trip", []schema.Column{col("id", "INTEGER"), col("duration", "INTEGER"), col("zip_code", "INTEGER")}),
		table("race", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"),
			complete(col("start_time", "TEXT", "", "09:00:00", "12:00:00", "14:30:00"))}),
		table("session", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"),
			complete(col("slot", "TEXT", "10:00", "morning"))}),
	}}
}

// TestCompareAggAnswers: a column compared with an aggregate of the rows
// the words after the comparison keep, or with the one row a key picks.
func TestCompareAggAnswers(t *testing.T) {
	const physicsAvg = `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003c","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"avg","arg":{"col":"instructor.salary"}}}],"where":{"left":{"col":"instructor.dept_name"},"op":"=","right":{"value":"Physics"}}}}}}`
	const biologyMax = `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003e","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"max","arg":{"col":"instructor.salary"}}}],"where":{"left":{"col":"instructor.dept_name"},"op":"=","right":{"value":"Biology"}}}}}}`
	runAnswers(t, compareAggSchema(), []answerCase{
		// An average over the rows the trailing condition keeps.
		{"What are the names of instructors whose salary is less than the average salary of instructors in the Physics department?", physicsAvg},
		// A maximum over the whole table.
		{"Find the distinct salaries of instructors that are less than the largest salary.", `{"distinct":true,"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.salary"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003c","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"max","arg":{"col":"instructor.salary"}}}]}}}}`},
		// Above every row is above their maximum; "all" the same.
		{"Find the names of instructors whose salary is greater than the salary of all instructors in the Biology department.", biologyMax},
		// A verb of pay names the salary compared.
		{"Find the names of instructors who earn more than every instructor in the Biology department.", biologyMax},
		{"How many people are older than every engineer?", `{"from":{"table":"person"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"person.age"},"op":"\u003e","right":{"subquery":{"from":{"table":"person"},"select":[{"expr":{"agg":"max","arg":{"col":"person.age"}}}],"where":{"left":{"col":"person.job"},"op":"=","right":{"value":"engineer"}}}}}}`},
		// Above some row is above their minimum, below some below their maximum.
		{"Find the names of instructors whose salary is higher than the salary of some instructors in the Biology department.", `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003e","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"min","arg":{"col":"instructor.salary"}}}],"where":{"left":{"col":"instructor.dept_name"},"op":"=","right":{"value":"Biology"}}}}}}`},
		{"How many people are younger than some engineer?", `{"from":{"table":"person"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"person.age"},"op":"\u003c","right":{"subquery":{"from":{"table":"person"},"select":[{"expr":{"agg":"max","arg":{"col":"person.age"}}}],"where":{"left":{"col":"person.job"},"op":"=","right":{"value":"engineer"}}}}}}`},
		// One row, picked by the key.
		{"Show the names of instructors whose salary is more than the instructor with id 7.", `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003e","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.salary"}}],"where":{"left":{"col":"instructor.id"},"op":"=","right":{"value":7}}}}}}`},
		// "at least as long as": the adjective only says how duration is measured.
		{"List the ids of trips with a duration at least as long as the average duration of trips in zip code 94103.", `{"from":{"table":"trip"},"select":[{"expr":{"col":"trip.id"}}],"where":{"left":{"col":"trip.duration"},"op":"\u003e=","right":{"subquery":{"from":{"table":"trip"},"select":[{"expr":{"agg":"avg","arg":{"col":"trip.duration"}}}],"where":{"left":{"col":"trip.zip_code"},"op":"=","right":{"value":94103}}}}}}`},
		// No column before the comparison: the one after "average", or
		// the one the comparative grades.
		{"Give the names of instructors with greater than average salary.", `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003e","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"avg","arg":{"col":"instructor.salary"}}}]}}}}`},
		{"How many people are younger than average?", `{"from":{"table":"person"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"person.age"},"op":"\u003c","right":{"subquery":{"from":{"table":"person"},"select":[{"expr":{"agg":"avg","arg":{"col":"person.age"}}}]}}}}`},
		// The whole table's average is read as before.
		{"What are the names of instructors whose salary is more than the average salary?", `{"from":{"table":"instructor"},"select":[{"expr":{"col":"instructor.name"}}],"where":{"left":{"col":"instructor.salary"},"op":"\u003e","right":{"subquery":{"from":{"table":"instructor"},"select":[{"expr":{"agg":"avg","arg":{"col":"instructor.salary"}}}]}}}}`},
	})
}

// TestClockTimeAnswers: a time of day compared with a text column of
// times, as text, which orders them as times.
func TestClockTimeAnswers(t *testing.T) {
	runAnswers(t, compareAggSchema(), []answerCase{
		{"What are the names of races held after 12:00:00 or before 09:00:00?", `{"from":{"table":"race"},"select":[{"expr":{"col":"race.name"}}],"where":{"or":[{"left":{"col":"race.start_time"},"op":"\u003e","right":{"value":"12:00:00"}},{"left":{"col":"race.start_time"},"op":"\u003c","right":{"value":"09:00:00"}}]}}`},
		{"names of races that start after 09:00:00", `{"from":{"table":"race"},"select":[{"expr":{"col":"race.name"}}],"where":{"left":{"col":"race.start_time"},"op":"\u003e","right":{"value":"09:00:00"}}}`},
	})
}

// TestCompareAggRefusals: "than any" reads either way, a row not named by
// a key is not one row, and another column after the aggregate is not the
// compared one.
func TestCompareAggRefusals(t *testing.T) {
	runRefusals(t, compareAggSchema(), []string{
		"How many people are older than any engineer?",
		"Find the names of instructors whose salary is greater than the salary of any instructor in the Biology department.",
		"Show the names of instructors whose salary is more than the instructor with salary 7.",
		"Which people have an age greater than the average salary of instructors in the Physics department?",
		// The relative clause may restrict the people counted, not the
		// average.
		"How many people are older than average who work as engineer?",
		// A column holding other text beside times is not compared as times.
		"titles of sessions after 10:00",
	})
}
