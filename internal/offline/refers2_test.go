package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// refers2Schema has people with an age, a birth date, a salary and a
// city; movies with a title, a year, a rating and a language, each made by
// one director; and directors with a name.
func refers2Schema() *schema.Schema {
	person := table("person", []schema.Column{col("person_id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER"), col("birth_date", "DATE"), col("salary", "REAL"), col("city", "TEXT")})
	person.PrimaryKey = []string{"person_id"}
	movie := table("movie", []schema.Column{col("movie_id", "INTEGER"), col("title", "TEXT"), col("year", "INTEGER"), col("rating", "REAL"), complete(col("language", "TEXT", "English", "French")), col("director_id", "INTEGER")})
	movie.PrimaryKey = []string{"movie_id"}
	movie.ForeignKeys = []schema.ForeignKey{{Columns: []string{"director_id"}, RefTable: "director", RefColumns: []string{"director_id"}}}
	director := table("director", []schema.Column{col("director_id", "INTEGER"), col("name", "TEXT")})
	director.PrimaryKey = []string{"director_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{person, movie, director}}
}

// TestRefers2Answers: sorts by several keys in the order written, an
// alphabetical order keyed by the one text column shown (also for groups
// kept by a count), a direction naming a measure ("from oldest to
// youngest"), "with the largest X first", "by different X" grouping an
// aggregate, and "for every" before a value keeping every row it names.
// The common English ordering forms are listed too, so that none of them
// drifts.
func TestRefers2Answers(t *testing.T) {
	const (
		byAgeDesc  = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.age"},"desc":true}]}`
		byAge      = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.age"}}]}`
		byName     = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.name"}}]}`
		bySalary   = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"}}]}`
		bySalaryDn = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"},"desc":true}]}`
		byAgeName  = `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.age"}},{"expr":{"col":"person.name"}}]}`
	)
	runAnswers(t, refers2Schema(), []answerCase{
		// Common ordering forms (read before this round; kept here).
		{"List the names of people sorted by age in descending order.", byAgeDesc},
		{"List the names of people in alphabetical order.", byName},
		{"List the names of people alphabetically by name.", byName},
		{"List the names of people in order of salary.", bySalary},
		{"List the names of people from highest to lowest salary.", bySalaryDn},
		{"List the names of people arranged by age.", byAge},
		{"List the names of people and rank them by salary.", bySalary},
		{"List the names of people by descending age.", byAgeDesc},
		{"Show the titles of movies ordered by ascending rating.", `{"select":[{"expr":{"col":"movie.title"}}],"from":{"table":"movie"},"order_by":[{"expr":{"col":"movie.rating"}}]}`},
		{"List the cities and the number of people, order the results by the number of people.", `{"select":[{"expr":{"col":"person.city"}},{"expr":{"agg":"count"}}],"from":{"table":"person"},"group_by":[{"col":"person.city"}],"order_by":[{"expr":{"agg":"count"}}]}`},
		// A direction naming a measure: the one age column, no limit.
		{"List the names of people ordered from oldest to youngest.", byAgeDesc},
		{"List the names of people from youngest to oldest.", byAge},
		// Several keys, in the order written, each ascending.
		{"List the names of people by age then name.", byAgeName},
		{"List the names and ages of people sorted by age, then by name.", `{"select":[{"expr":{"col":"person.name"}},{"expr":{"col":"person.age"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.age"}},{"expr":{"col":"person.name"}}]}`},
		{"List the titles of movies ordered by their year and rating.", `{"select":[{"expr":{"col":"movie.title"}}],"from":{"table":"movie"},"order_by":[{"expr":{"col":"movie.year"}},{"expr":{"col":"movie.rating"}}]}`},
		{"Sort the movies by year and then by title.", `{"select":[{"expr":{"col":"movie.title"}}],"from":{"table":"movie"},"order_by":[{"expr":{"col":"movie.year"}},{"expr":{"col":"movie.title"}}]}`},
		// A closing "first" makes the superlative a sort direction.
		{"List the names of people with the largest salary first.", bySalaryDn},
		{"List the names of people with the lowest age first.", byAge},
		// Without "first" it is still the top row.
		{"List the names of people with the highest salary.", `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.salary"},"desc":true}],"limit":1}`},
		// Alphabetical order: the one text column shown, not the key or
		// the number beside it; also for groups kept by a count.
		{"List the name and id of directors in alphabetical order.", `{"select":[{"expr":{"col":"director.name"}},{"expr":{"col":"director.director_id"}}],"from":{"table":"director"},"order_by":[{"expr":{"col":"director.name"}}]}`},
		{"List the title and year of movies in alphabetical order.", `{"select":[{"expr":{"col":"movie.title"}},{"expr":{"col":"movie.year"}}],"from":{"table":"movie"},"order_by":[{"expr":{"col":"movie.title"}}]}`},
		{"List the names of directors that have at least 2 movies in alphabetical order.", `{"select":[{"expr":{"col":"director.name"}}],"from":{"table":"director"},"joins":[{"type":"inner","table":"movie","on":[{"left":"director.director_id","right":"movie.director_id"}]}],"group_by":[{"col":"director.director_id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}},"order_by":[{"expr":{"col":"director.name"}}]}`},
		// "by different X" groups the aggregate asked for.
		{"Find the total salary of people by different city.", `{"select":[{"expr":{"col":"person.city"}},{"expr":{"agg":"sum","arg":{"col":"person.salary"}}}],"from":{"table":"person"},"group_by":[{"col":"person.city"}]}`},
		// "by it"/"by them": the agent is the table named before.
		{"What is the name of each director and the number of movies directed by it? Order the result by the count of movies.", `{"select":[{"expr":{"col":"director.name"}},{"expr":{"agg":"count"}}],"from":{"table":"movie"},"joins":[{"type":"inner","table":"director","on":[{"left":"movie.director_id","right":"director.director_id"}]}],"group_by":[{"col":"movie.director_id"},{"col":"director.name"}],"order_by":[{"expr":{"agg":"count"}}]}`},
		{"Show the names of directors and the titles of movies directed by them.", `{"select":[{"expr":{"col":"director.name"}},{"expr":{"col":"movie.title"}}],"from":{"table":"director"},"joins":[{"type":"inner","table":"movie","on":[{"left":"director.director_id","right":"movie.director_id"}]}]}`},
		// "for every" before a value: every row the value keeps.
		{"What is the title and rating for every English movie?", `{"select":[{"expr":{"col":"movie.title"}},{"expr":{"col":"movie.rating"}}],"from":{"table":"movie"},"where":{"op":"=","left":{"col":"movie.language"},"right":{"value":"English"}}}`},
		{"What is the title and year for every French movie, ordered by rating?", `{"select":[{"expr":{"col":"movie.title"}},{"expr":{"col":"movie.year"}}],"from":{"table":"movie"},"where":{"op":"=","left":{"col":"movie.language"},"right":{"value":"French"}},"order_by":[{"expr":{"col":"movie.rating"}}]}`},
	})
}

// TestRefers2GradeOrder: with no age column, old to young orders by the
// one birth date, the youngest first being the latest born.
func TestRefers2GradeOrder(t *testing.T) {
	runAnswers(t, gradeSchema(), []answerCase{
		{"List the names of people from the youngest to the oldest.", `{"select":[{"expr":{"col":"person.name"}}],"from":{"table":"person"},"order_by":[{"expr":{"col":"person.date_of_birth"},"desc":true}]}`},
	})
}

// TestRefers2Refusals: the readings above stay refused when the words
// leave more than one answer.
func TestRefers2Refusals(t *testing.T) {
	runRefusals(t, refers2Schema(), []string{
		// One direction for two keys: the last key, or both?
		"List the names of people sorted by age and salary in descending order.",
		// No second key after "and": a condition follows.
		"List the names of people sorted by age and with salary over 100.",
		// Two text columns shown: which is in alphabetical order?
		"List the title and language of movies in alphabetical order.",
		// Nothing aggregated: "by different city" computes nothing per city.
		"List the names of people by different city.",
		// A direction naming a measure beside a count per city.
		"List the cities and number of people from oldest to youngest.",
		// "them" points back to nothing named before.
		"List the titles of movies directed by them.",
		"How many movies are directed by it?",
		// More follows the superlative's column than a closing "first".
		"List the names of people with the highest salary first joined.",
		// One end of a direction only: a sort, not the one newest movie.
		"Show the titles of movies from the most recent.",
		"List the names and cities of people from the oldest, and their ages.",
	})
	p := offline.New(refers2Schema(), offline.Options{Today: today})
	if _, tr := p.PlanWithTrace("Show the titles of movies from the most recent."); !strings.Contains(tr.Reason, `"from the most recent" asks to sort the rows`) {
		t.Errorf("one end of a direction should be refused naming it, got %q", tr.Reason)
	}
}
