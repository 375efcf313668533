package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// valueOfSchema has what settles a value's column without its name: NUMBER
// types (flights, divisions), a place in an origin and a destination
// column, a department name copied into students by a foreign key, course
// names beside descriptions that may repeat them, and people with an age.
func valueOfSchema() *schema.Schema {
	cities := []string{"Chicago", "Honolulu", "Los Angeles"}
	depts := []string{"History", "Math"}
	student := table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"),
		complete(col("dept_name", "varchar(20)", depts...)), col("major", "INTEGER"), col("age", "INTEGER")})
	student.ForeignKeys = []schema.ForeignKey{{Columns: []string{"dept_name"}, RefTable: "department", RefColumns: []string{"dept_name"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("flight", []schema.Column{col("id", "number(9,0)"), complete(col("origin", "varchar2(20)", cities...)),
			complete(col("destination", "varchar2(20)", cities...)), col("distance", "number(6,0)"), col("price", "number(7,2)")}),
		table("division", []schema.Column{col("id", "decimal(4,0)"), col("title", "TEXT")}),
		table("worker", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("division_id", "decimal(4,0)")}, fk("division_id", "division")),
		table("department", []schema.Column{col("id", "INTEGER"), complete(col("dept_name", "varchar(20)", depts...)), col("budget", "REAL")}),
		student,
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("dept_name", "varchar(20)", depts...))},
			schema.ForeignKey{Columns: []string{"dept_name"}, RefTable: "department", RefColumns: []string{"dept_name"}}),
		table("advisor", []schema.Column{col("id", "INTEGER"), col("student_id", "INTEGER"), col("instructor_id", "INTEGER")},
			fk("student_id", "student"), fk("instructor_id", "instructor")),
		table("course", []schema.Column{col("id", "INTEGER"), complete(col("course_name", "TEXT", "Spanish", "Databases")),
			complete(col("course_description", "TEXT", "Spanish", "Relational databases"))}),
		table("enrollment", []schema.Column{col("id", "INTEGER"), col("student_id", "INTEGER"), col("department_id", "INTEGER"), col("grade", "TEXT")},
			fk("student_id", "student"), fk("department_id", "department")),
		table("loan", []schema.Column{col("id", "INTEGER"), col("borrower", "TEXT"), col("amount", "INTEGER")}),
		table("person", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("age", "INTEGER"), complete(col("gender", "TEXT", "female", "male"))}),
		table("minister", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("took_office", "TEXT", "1957", "1959", "1961"))}),
		table("host", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("age", "TEXT", "9", "45", "61"))}),
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("director", "TEXT"), col("year", "INTEGER")}),
		table("product", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("price", "REAL"), col("stock", "INTEGER")}),
	}}
}

// TestValueOfAnswers: values whose column the schema settles without its
// name.
func TestValueOfAnswers(t *testing.T) {
	runAnswers(t, valueOfSchema(), []answerCase{
		// NUMBER(7,2) holds numbers: compared, averaged.
		{"Show ids of flights with price higher than 300.", `{"from":{"table":"flight"},"select":[{"expr":{"col":"flight.id"}}],"where":{"left":{"col":"flight.price"},"op":">","right":{"value":300}}}`},
		// "top three lowest" ranks up from the lowest
		{"Show the ids of flights with top three lowest prices.", `{"from":{"table":"flight"},"limit":3,"order_by":[{"expr":{"col":"flight.price"}}],"select":[{"expr":{"col":"flight.id"}}]}`},
		// the numeric column after "top N" ranks the rows
		{"Show the ids of flights with the top 3 distances.", `{"from":{"table":"flight"},"limit":3,"order_by":[{"desc":true,"expr":{"col":"flight.distance"}}],"select":[{"expr":{"col":"flight.id"}}]}`},
		{"What is the average price of flights?", `{"from":{"table":"flight"},"select":[{"expr":{"agg":"avg","arg":{"col":"flight.price"}}}]}`},
		// DECIMAL(4,0) is a whole-number key: "division 80" is its row.
		{"Show the names of workers in division 80.", `{"from":{"table":"worker"},"joins":[{"on":[{"left":"worker.division_id","right":"division.id"}],"table":"division","type":"inner"}],"select":[{"expr":{"col":"worker.name"}}],"where":{"left":{"col":"division.id"},"op":"=","right":{"value":80}}}`},
		// "from" the origin, "to" the destination.
		{"Show the flights from Los Angeles to Honolulu.", `{"from":{"table":"flight"},"where":{"and":[{"left":{"col":"flight.origin"},"op":"=","right":{"value":"Los Angeles"}},{"left":{"col":"flight.destination"},"op":"=","right":{"value":"Honolulu"}}]}}`},
		{"Show the flights to Chicago.", `{"from":{"table":"flight"},"where":{"left":{"col":"flight.destination"},"op":"=","right":{"value":"Chicago"}}}`},
		// a quoted number compared with a numeric column is the number
		{"Which students have major '600'?", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"student.major"},"op":"=","right":{"value":600}}}`},
		{"Which students major in '600'?", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"student.major"},"op":"=","right":{"value":600}}}`},
		// the value beside the table's name is its label, not the
		// description that mentions it too
		{"What is the id of the 'Spanish' course?", `{"from":{"table":"course"},"select":[{"expr":{"col":"course.id"}}],"where":{"left":{"col":"course.course_name"},"op":"=","right":{"value":"Spanish"}}}`},
		// "N in <column>"
		{"Show the borrowers of loans of more than 3000 in amount.", `{"from":{"table":"loan"},"select":[{"expr":{"col":"loan.borrower"}}],"where":{"left":{"col":"loan.amount"},"op":">","right":{"value":3000}}}`},
		// a bare "under N" of rows with an age
		{"How many people are under 40 for each gender?", `{"from":{"table":"person"},"group_by":[{"col":"person.gender"}],"select":[{"expr":{"col":"person.gender"}},{"expr":{"agg":"count"}}],"where":{"left":{"col":"person.age"},"op":"<","right":{"value":40}}}`},
		// years stored as text, all four digits, order as their numbers
		{"Which ministers took office after 1959?", `{"from":{"table":"minister"},"select":[{"expr":{"col":"minister.name"}}],"where":{"left":{"col":"minister.took_office"},"op":">","right":{"value":"1959"}}}`},
		// a year after "or" is the other year of the condition
		{"Which directors had a film in either 1999 or 2000?", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.director"}}],"where":{"or":[{"left":{"col":"film.year"},"op":"=","right":{"value":1999}},{"left":{"col":"film.year"},"op":"=","right":{"value":2000}}]}}`},
		{"Which directors had a film in 1999 or 2000?", `{"from":{"table":"film"},"select":[{"expr":{"col":"film.director"}}],"where":{"or":[{"left":{"col":"film.year"},"op":"=","right":{"value":1999}},{"left":{"col":"film.year"},"op":"=","right":{"value":2000}}]}}`},
		// text "in their names"
		{"Find the names of people that have 'a' in their names.", `{"from":{"table":"person"},"select":[{"expr":{"col":"person.name"}}],"where":{"left":{"col":"person.name"},"op":"like","right":{"value":"%a%"}}}`},
	})
}

// TestValueOfRefusals: where two readings stay, the question is refused.
func TestValueOfRefusals(t *testing.T) {
	runRefusals(t, valueOfSchema(), []string{
		// no preposition says which end
		"Show the flights with Chicago.",
		// a singular column before another word names no measure
		"Show the flights with the top 3 price flights.",
		// no one could be 200
		"How many people are over 200?",
		// products have no age: a price? a stock?
		"Which products are over 100?",
		// a number word counts more often than it compares
		"Which people are over forty?",
		// "at least a age of 30" is now read: TestBoundBeforeColumnOfAnswers.
		// "9" > "40" as text: digits of several widths are not compared
		"Which hosts have age above 40?",
		// a pattern is looked for in text, not in a number
		"Find the people that have '4' in their age.",
	})
}
