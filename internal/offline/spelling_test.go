package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// officeSchema has departments in cities and employees paid a salary, with
// papers counted by their citations ("cites") and monuments by their
// statues: names one letter from common English words.
func officeSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("department", []schema.Column{col("id", "INTEGER"), col("department_name", "TEXT", "Sales"), col("budget", "REAL"),
			complete(col("location", "TEXT", "Beijing", "Boston", "Berlin")), col("county", "TEXT", "Kent")}),
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("salary", "REAL"), col("fault", "TEXT", "none"),
			col("department_id", "INTEGER")}, fk("department_id", "department")),
		table("paper", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "On Graphs"), col("cites", "INTEGER")}),
		table("monument", []schema.Column{col("id", "INTEGER"), col("monument_name", "TEXT", "Arch"), col("statues", "INTEGER")}),
		table("stall", []schema.Column{col("id", "INTEGER"), col("medal", "TEXT", "gold"), col("metal", "TEXT", "iron")}),
	}}
}

// A word that links to nothing and lies one slip from one word of the
// database (two for a long word) is read as that word: a schema name, a
// keyword, or a value held by one column.
func TestMisspeltWords(t *testing.T) {
	runAnswers(t, officeSchema(), []answerCase{
		{`What is the average salaray of employees?`, `{"from":{"table":"employee"},"select":[{"expr":{"agg":"avg","arg":{"col":"employee.salary"}}}]}`},
		{`How many deparments are there?`, `{"from":{"table":"department"},"select":[{"expr":{"agg":"count"}}]}`},
		{`What is the mininum salary of employees?`, `{"from":{"table":"employee"},"select":[{"expr":{"agg":"min","arg":{"col":"employee.salary"}}}]}`},
		{`How many departments are located in Bejing?`, `{"from":{"table":"department"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"department.location"},"op":"=","right":{"value":"Beijing"}}}`},
		{`List the locaton of all departments.`, `{"from":{"table":"department"},"select":[{"expr":{"col":"department.location"}}]}`},
		{`List the names of employees whose salery is above 5000.`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.name"}}],"where":{"left":{"col":"employee.salary"},"op":">","right":{"value":5000}}}`},
	})
}

// A common English word means itself even one letter from a name
// ("cities" is no "cites", "states" no "statues", "country" no "county");
// names written with a capital, two candidates at one distance ("mepal":
// medal or metal) and a word that only lengthens a name ("faulty") are
// never corrected; nor is a word near only a synonym of a name ("vennue"
// for venue, a synonym of location), a guess upon a guess.
func TestMisspeltWordsRefused(t *testing.T) {
	runRefusals(t, officeSchema(), []string{
		`What are the cities of all papers?`,
		`Which monuments have more than 3 states?`,
		`List the country of all departments.`,
		`List the mepal of all stalls.`,
		`What is the department of the employee Salery?`,
		`How many faulty employees are there?`,
		`List the vennue of all departments.`,
	})
}

// hungarianSchema writes its column names in Hungarian notation, a type
// mark before each (vcName, iAge, dtBirth, strTitle); the person table's
// fName and lName are first and last names, not marked names.
func hungarianSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("singer", []schema.Column{col("id", "INTEGER"), col("vcName", "TEXT", "Ann"), col("iAge", "INTEGER"),
			complete(col("vcCountry", "TEXT", "France", "Peru")), col("dtBirth", "DATE")}),
		table("book", []schema.Column{col("id", "INTEGER"), col("strTitle", "TEXT", "Dune"), col("iYear", "INTEGER"),
			complete(col("vcAuthor", "TEXT", "Ann", "Bo"))}),
		table("person", []schema.Column{col("id", "INTEGER"), col("fName", "TEXT", "Bo"), col("lName", "TEXT", "Li"), col("iAge", "INTEGER")}),
	}}
}

// A column name's type mark is read as no word, a date mark as "date":
// strTitle is a book's title, shown for the book, and dtBirth the birth
// date. A letter that makes a known abbreviation with the word (fName)
// stays part of it.
func TestTypeMarkedNames(t *testing.T) {
	runAnswers(t, hungarianSchema(), []answerCase{
		{`Which books were written by Ann?`, `{"from":{"table":"book"},"select":[{"expr":{"col":"book.strTitle"}}],"where":{"left":{"col":"book.vcAuthor"},"op":"=","right":{"value":"Ann"}}}`},
		{`List the books published after 2000.`, `{"from":{"table":"book"},"select":[{"expr":{"col":"book.strTitle"}}],"where":{"left":{"col":"book.iYear"},"op":">","right":{"value":2000}}}`},
		{`List the birth dates of all singers.`, `{"from":{"table":"singer"},"select":[{"expr":{"col":"singer.dtBirth"}}]}`},
		{`What are the first names of people older than 30?`, `{"from":{"table":"person"},"select":[{"expr":{"col":"person.fName"}}],"where":{"left":{"col":"person.iAge"},"op":">","right":{"value":30}}}`},
	})
}

// joinedSchema writes generic last words joined to the word before them
// (EMP_HIREDATE, releasedate), and has a candidate, one English word.
func joinedSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("EMP_LNAME", "TEXT", "Li"), col("EMP_HIREDATE", "DATE")}),
		table("album", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Blue"), col("releasedate", "DATE")}),
		table("election", []schema.Column{col("id", "INTEGER"), col("candidate", "TEXT", "Ann"), col("votes", "INTEGER")}),
	}}
}

// A generic last word joined to the word before it is read as two words:
// EMP_HIREDATE is the hire date, also for "hired", and releasedate the
// release date. An English word that merely ends so (candidate) is one.
func TestJoinedSuffixNames(t *testing.T) {
	runAnswers(t, joinedSchema(), []answerCase{
		{`List the last names of employees ordered by hire date.`, `{"from":{"table":"employee"},"order_by":[{"expr":{"col":"employee.EMP_HIREDATE"}}],"select":[{"expr":{"col":"employee.EMP_LNAME"}}]}`},
		{`Which employees were hired after 2010?`, `{"from":{"table":"employee"},"select":[{"expr":{"col":"employee.EMP_LNAME"}}],"where":{"left":{"col":"employee.EMP_HIREDATE"},"op":">=","right":{"value":"2011-01-01"}}}`},
		{`List the titles and release dates of all albums.`, `{"from":{"table":"album"},"select":[{"expr":{"col":"album.title"}},{"expr":{"col":"album.releasedate"}}]}`},
	})
	runRefusals(t, joinedSchema(), []string{
		`List the dates of all elections.`,
	})
}
