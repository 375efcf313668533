package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// prereqSchema: a prerequisite row refers to course twice, by the course
// that has the prerequisite (course_id, named after course) and by the
// course that is the prerequisite (prereq_id, named after prereq); a
// course's department is a key named for the department's name. A trip
// refers to station twice, by keys named after neither.
func prereqSchema() *schema.Schema {
	dept := table("department", []schema.Column{col("dept_name", "TEXT"), col("building", "TEXT")})
	dept.PrimaryKey = []string{"dept_name"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		dept,
		table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("dept_name", "TEXT"), col("credits", "INTEGER")},
			schema.ForeignKey{Columns: []string{"dept_name"}, RefTable: "department", RefColumns: []string{"dept_name"}}),
		table("prereq", []schema.Column{col("course_id", "INTEGER"), col("prereq_id", "INTEGER")},
			fk("course_id", "course"), fk("prereq_id", "course")),
		table("station", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("city", "TEXT")}),
		table("trip", []schema.Column{col("id", "INTEGER"), col("start_station_id", "INTEGER"), col("end_station_id", "INTEGER")},
			fk("start_station_id", "station"), fk("end_station_id", "station")),
	}}
}

// Of two keys from Y to X, the one named after X while the other is
// named after Y is the one "X without Y" denies; and "the names of
// courses" are their titles, not their department's name.
func TestWithoutOwnerKey(t *testing.T) {
	notIn := `"where":{"op":"not_in","left":{"col":"course.id"},"subquery":{"select":[{"expr":{"col":"prereq.course_id"}}],"from":{"table":"prereq"},"where":{"op":"is_not_null","left":{"col":"prereq.course_id"}}}}`
	runAnswers(t, prereqSchema(), []answerCase{
		{`How many courses do not have any prerequisite?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"course"},` + notIn + `}`},
		{`What are the titles of courses without prerequisites?`, `{"select":[{"expr":{"col":"course.title"}}],"from":{"table":"course"},` + notIn + `}`},
		{`What are the names of courses without prerequisites?`, `{"select":[{"expr":{"col":"course.title"}}],"from":{"table":"course"},` + notIn + `}`},
		{`What are the names of courses?`, `{"select":[{"expr":{"col":"course.title"}}],"from":{"table":"course"}}`},
	})
}

// Two keys named after neither table leave the role unsaid: which
// stations have never been in a trip (as its start or as its end) stays
// refused.
func TestWithoutOwnerKeyRefused(t *testing.T) {
	runRefusals(t, prereqSchema(), []string{
		`What are the names of stations without trips?`,
		`How many stations have never had any trip?`,
	})
}

// hometownSchema: a gymnast is a person (gymnast_id refers to people);
// hometowns are shared by people.
func hometownSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("people", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("hometown", "TEXT"), col("age", "INTEGER")}),
		table("gymnast", []schema.Column{col("id", "INTEGER"), col("gymnast_id", "INTEGER"), col("total_points", "REAL")},
			fk("gymnast_id", "people")),
	}}
}

// A column whose values rows share, before "X without Y", is a
// difference of values: the hometowns no gymnast has.
func TestWithoutValues(t *testing.T) {
	want := `{"distinct":true,"select":[{"expr":{"col":"people.hometown"}}],"from":{"table":"people"},"where":{"op":"not_in","left":{"col":"people.hometown"},"subquery":{"select":[{"expr":{"col":"people.hometown"}}],"from":{"table":"people"},"where":{"and":[{"op":"in","left":{"col":"people.id"},"subquery":{"select":[{"expr":{"col":"gymnast.gymnast_id"}}],"from":{"table":"gymnast"},"where":{"op":"is_not_null","left":{"col":"gymnast.gymnast_id"}}}},{"op":"is_not_null","left":{"col":"people.hometown"}}]}}}}`
	runAnswers(t, hometownSchema(), []answerCase{
		{`List the distinct hometowns that are not associated with any gymnast.`, want},
		{`From which hometowns did no gymnasts come from?`, want},
	})
	// Cities repeat across addresses: a city with a customer at one
	// address and none at another is not listed (negation2_test.go).
	cities := `{"distinct":true,"select":[{"expr":{"col":"address.city"}}],"from":{"table":"address"},"where":{"op":"not_in","left":{"col":"address.city"},"subquery":{"select":[{"expr":{"col":"address.city"}}],"from":{"table":"address"},"where":{"and":[{"op":"in","left":{"col":"address.id"},"subquery":{"select":[{"expr":{"col":"customer.address_id"}}],"from":{"table":"customer"},"where":{"op":"is_not_null","left":{"col":"customer.address_id"}}}},{"op":"is_not_null","left":{"col":"address.city"}}]}}}}`
	runAnswers(t, catalogSchema(), []answerCase{
		{"the cities that no customer lives in", cities},
		{"Show all cities without a customer.", cities},
	})
}

// Counted, ranked or further shown or restricted values are not read as
// that difference.
func TestWithoutValuesRefused(t *testing.T) {
	runRefusals(t, hometownSchema(), []string{
		`How many hometowns are not associated with any gymnast?`,
		`List the hometowns and ages that are not associated with any gymnast.`,
		`List the hometowns with age over 30 that are not associated with any gymnast.`,
	})
}

// participationSchema: participates_in holds the students' activities,
// faculty_participates_in the faculty's.
func participationSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("activity", []schema.Column{col("id", "INTEGER"), col("activity_name", "TEXT")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("lname", "TEXT")}),
		table("faculty", []schema.Column{col("id", "INTEGER"), col("lname", "TEXT")}),
		table("participates_in", []schema.Column{col("stu_id", "INTEGER"), col("act_id", "INTEGER")},
			fk("stu_id", "student"), fk("act_id", "activity")),
		table("faculty_participates_in", []schema.Column{col("fac_id", "INTEGER"), col("act_id", "INTEGER")},
			fk("fac_id", "faculty"), fk("act_id", "activity")),
	}}
}

// A verb naming a table that does not refer to X reads as the one table
// named by X's words and the verb's together.
func TestWithoutOwnCompound(t *testing.T) {
	runAnswers(t, participationSchema(), []answerCase{
		{`Show the ids of the faculty who don't participate in any activity.`, `{"select":[{"expr":{"col":"faculty.id"}}],"from":{"table":"faculty"},"where":{"op":"not_in","left":{"col":"faculty.id"},"subquery":{"select":[{"expr":{"col":"faculty_participates_in.fac_id"}}],"from":{"table":"faculty_participates_in"},"where":{"op":"is_not_null","left":{"col":"faculty_participates_in.fac_id"}}}}}`},
		{`Show the ids of the students who don't participate in any activity.`, `{"select":[{"expr":{"col":"student.id"}}],"from":{"table":"student"},"where":{"op":"not_in","left":{"col":"student.id"},"subquery":{"select":[{"expr":{"col":"participates_in.stu_id"}}],"from":{"table":"participates_in"},"where":{"op":"is_not_null","left":{"col":"participates_in.stu_id"}}}}}`},
	})
	// A second table named by both leaves it unsaid which one is meant.
	s := participationSchema()
	s.Tables = append(s.Tables, table("faculty_participates_in_plan", []schema.Column{col("fac_id", "INTEGER"), col("act_id", "INTEGER")},
		fk("fac_id", "faculty"), fk("act_id", "activity")))
	runRefusals(t, s, []string{`Show the ids of the faculty who don't participate in any activity.`})
}

// certificateSchema: a certificate is an employee's for an aircraft; an
// order is a client's at a store, and clients and stores both have
// places (a client's country holds Germany, as a store's location does).
func certificateSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("employee", []schema.Column{col("id", "INTEGER"), col("name", "TEXT")}),
		table("aircraft", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "Boeing 737-800", "Airbus A320"))}),
		table("certificate", []schema.Column{col("id", "INTEGER"), col("employee_id", "INTEGER"), col("aircraft_id", "INTEGER")},
			fk("employee_id", "employee"), fk("aircraft_id", "aircraft")),
		table("client", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("country", "TEXT", "Germany", "France")), col("location", "TEXT", "Paris")}),
		table("store", []schema.Column{col("id", "INTEGER"), complete(col("location", "TEXT", "Germany", "Spain"))}),
		table("orders", []schema.Column{col("id", "INTEGER"), col("client_id", "INTEGER"), col("store_id", "INTEGER"), col("amount", "REAL")},
			fk("client_id", "client"), fk("store_id", "store")),
	}}
}

// A condition after Y on one parent of Y selects the rows of Y that
// count; a value the question's own table may hold as well ("Germany",
// a client's country or a store's location) stays refused.
func TestWithoutParentCondition(t *testing.T) {
	runAnswers(t, certificateSchema(), []answerCase{
		{`Show names for all employees who do not have certificate of Boeing 737-800.`, `{"select":[{"expr":{"col":"employee.name"}}],"from":{"table":"employee"},"where":{"op":"not_in","left":{"col":"employee.id"},"subquery":{"select":[{"expr":{"col":"certificate.employee_id"}}],"from":{"table":"certificate"},"joins":[{"type":"inner","table":"aircraft","on":[{"left":"certificate.aircraft_id","right":"aircraft.id"}]}],"where":{"and":[{"op":"=","left":{"col":"aircraft.name"},"right":{"value":"Boeing 737-800"}},{"op":"is_not_null","left":{"col":"certificate.employee_id"}}]}}}}`},
	})
	runRefusals(t, certificateSchema(), []string{
		`Show the names of clients without orders in Germany.`,
		`Show the names of clients without orders with location Germany.`,
	})
}
