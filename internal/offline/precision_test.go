package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// precisionSchema has a parent keyed by a text code (department.code), a
// value column named after its values in questions (payment_method), a
// child reached "by" a person named in the question (lesson → staff), a
// child that fans a count out (broadcast), a table holding a count of its
// own noun (faculty.faculty), a details column, a table with no label, and
// a column (room.bed_type) whose values questions follow with its first
// word, which also names another column (beds).
func precisionSchema() *schema.Schema {
	dept := schema.Table{Name: "department", Ident: "department", PrimaryKey: []string{"code"}, RowCount: -1, Columns: []schema.Column{
		col("code", "TEXT", "ACCT", "BIOL"), col("name", "TEXT", "Accounting", "Biology")}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		dept,
		table("student", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("gpa", "REAL"), col("dept_code", "TEXT", "ACCT")},
			schema.ForeignKey{Columns: []string{"dept_code"}, RefTable: "department", RefColumns: []string{"code"}}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), complete(col("payment_method", "TEXT", "Cash", "Card"))}),
		table("staff", []schema.Column{col("id", "INTEGER"), complete(col("first_name", "TEXT", "Janessa", "Camylle")), complete(col("last_name", "TEXT", "Sawayn", "Weissnat")), col("advisor", "INTEGER")}),
		table("lesson", []schema.Column{col("id", "INTEGER"), col("price", "REAL"), col("staff_id", "INTEGER")}, fk("staff_id", "staff")),
		table("program", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Aniworld")}),
		table("broadcast", []schema.Column{col("id", "INTEGER"), col("program_id", "INTEGER"), complete(col("time_of_day", "TEXT", "Night", "Morning"))}, fk("program_id", "program")),
		table("campus", []schema.Column{col("id", "INTEGER"), col("campus", "TEXT", "Long Beach")}),
		table("faculty", []schema.Column{col("id", "INTEGER"), col("campus_id", "INTEGER"), col("year", "INTEGER"), col("faculty", "INTEGER")}, fk("campus_id", "campus")),
		table("orders", []schema.Column{col("id", "INTEGER"), col("order_details", "TEXT")}),
		table("invoice", []schema.Column{col("id", "INTEGER"), col("order_id", "INTEGER")}, fk("order_id", "orders")),
		table("room", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Abscond"), complete(col("bed_type", "TEXT", "King", "Queen")), col("beds", "INTEGER")}),
		table("purchase", []schema.Column{col("id", "INTEGER"), col("purchase_date", "DATE"), col("amount", "REAL")}),
	}}
}

// A group named by a parent the rows refer to by a text code is shown by
// that code when the aggregate is shown beside it; a question asking which
// group ranks first, or naming the parent's columns, still reads the
// parent.
func TestCodeGroups(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"how many students are in each department?", `{"from":{"table":"student"},"group_by":[{"col":"student.dept_code"}],"select":[{"expr":{"col":"student.dept_code"}},{"expr":{"agg":"count"}}]}`},
		{"what is the average gpa of students in each department?", `{"from":{"table":"student"},"group_by":[{"col":"student.dept_code"}],"select":[{"expr":{"col":"student.dept_code"}},{"expr":{"agg":"avg","arg":{"col":"student.gpa"}}}]}`},
		{"which department has the most students?", `{"from":{"table":"department"},"group_by":[{"col":"department.code"}],"joins":[{"on":[{"left":"department.code","right":"student.dept_code"}],"table":"student","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"agg":"count"}}],"select":[{"expr":{"col":"department.name"}}]}`},
		{"show the names of departments and the number of students in each", `{"from":{"table":"student"},"group_by":[{"col":"department.name"}],"joins":[{"on":[{"left":"student.dept_code","right":"department.code"}],"table":"department","type":"inner"}],"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"count"}}]}`},
	})
}

// A column named after a value with "as" or "for" is the value's column,
// and a column named only with a text pattern after the columns to show is
// not shown: neither restates the condition in the answer.
func TestConditionColumnsNotShown(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"which customers use Cash as payment method?", `{"from":{"table":"customer"},"select":[{"expr":{"col":"customer.name"}}],"where":{"left":{"col":"customer.payment_method"},"op":"=","right":{"value":"Cash"}}}`},
		{"what are the names of customers who do not use 'Cash' for payment method?", `{"from":{"table":"customer"},"select":[{"expr":{"col":"customer.name"}}],"where":{"left":{"col":"customer.payment_method"},"op":"!=","right":{"value":"Cash"}}}`},
		{"what are the gpa and department code of students with names containing 'a'?", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.gpa"}},{"expr":{"col":"student.dept_code"}}],"where":{"left":{"col":"student.name"},"op":"like","right":{"value":"%a%"}}}`},
		// The pattern's column alone is still what is shown.
		// "bed" after King and Queen names their column, bed_type, not beds.
		{"what are the names of rooms that have either king or queen bed?", `{"from":{"table":"room"},"select":[{"expr":{"col":"room.name"}}],"where":{"left":{"col":"room.bed_type"},"op":"in","values":[{"value":"King"},{"value":"Queen"}]}}`},
		{"how many rooms have a king bed?", `{"from":{"table":"room"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"room.bed_type"},"op":"=","right":{"value":"King"}}}`},
		{"what are the names of students with names containing 'a'?", `{"from":{"table":"student"},"select":[{"expr":{"col":"student.name"}}],"where":{"left":{"col":"student.name"},"op":"like","right":{"value":"%a%"}}}`},
	})
}

// "by" before a table whose row the question names is a verb's
// preposition, not a group per row of that table.
func TestByNamedRow(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"what is the average lesson price taught by staff with first name Janessa and last name Sawayn?", `{"from":{"table":"staff"},"joins":[{"on":[{"left":"staff.id","right":"lesson.staff_id"}],"table":"lesson","type":"inner"}],"select":[{"expr":{"agg":"avg","arg":{"col":"lesson.price"}}}],"where":{"and":[{"left":{"col":"staff.first_name"},"op":"=","right":{"value":"Janessa"}},{"left":{"col":"staff.last_name"},"op":"=","right":{"value":"Sawayn"}}]}}`},
		// With no row named, "by staff" still groups.
		{"what is the average lesson price by staff?", `{"from":{"table":"lesson"},"group_by":[{"col":"lesson.staff_id"},{"col":"staff.first_name"},{"col":"staff.last_name"}],"joins":[{"on":[{"left":"lesson.staff_id","right":"staff.id"}],"table":"staff","type":"inner"}],"select":[{"expr":{"col":"staff.first_name"}},{"expr":{"col":"staff.last_name"}},{"expr":{"agg":"avg","arg":{"col":"lesson.price"}}}]}`},
	})
}

// Counting rows joined down to a child counts each row once; a count a
// table holds as a column, or details beside an aggregate, or a row with
// nothing to name it asked about with "which"/"who", are refused.
func TestCountsAndShownColumns(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"how many distinct programs are broadcast at Night time?", `{"from":{"table":"program"},"joins":[{"on":[{"left":"program.id","right":"broadcast.program_id"}],"table":"broadcast","type":"inner"}],"select":[{"expr":{"agg":"count_distinct","arg":{"col":"program.id"}}}],"where":{"left":{"col":"broadcast.time_of_day"},"op":"=","right":{"value":"Night"}}}`},
		{"how many programs are there?", `{"from":{"table":"program"},"select":[{"expr":{"agg":"count"}}]}`},
		{"list the purchase dates of purchases with the largest amount", `{"from":{"table":"purchase"},"limit":1,"order_by":[{"desc":true,"expr":{"col":"purchase.amount"}}],"select":[{"expr":{"col":"purchase.purchase_date"}}]}`},
	})
	runRefusals(t, precisionSchema(), []string{
		"how many faculty are there in 2002?",                                       // rows of faculty, or the sum of faculty.faculty
		"which campus has the most faculty?",                                        // likewise, per campus
		"return the order ids and information for orders with two or more invoices", // which columns is not said (details: besideagg2_test.go)
		"who made the latest purchase?",                                             // a purchase has no name to show
	})
}

// categorySchema has tables whose row counts are known: resident.city
// repeats across ten rows, gadget.description has one value per row.
func categorySchema() *schema.Schema {
	resident := table("resident", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), complete(col("city", "TEXT", "Boston", "Denver", "Austin"))})
	resident.RowCount = 10
	gadget := table("gadget", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Hammer"), complete(col("description", "TEXT", "small", "large", "heavy", "light"))})
	gadget.RowCount = 4
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{resident, gadget}}
}

// A column whose values repeat like categories, listed alone, is listed
// once per value; a column with a value per row, or a row's name, is not.
func TestCategoryListedOnce(t *testing.T) {
	runAnswers(t, categorySchema(), []answerCase{
		{"what cities do residents live in?", `{"distinct":true,"from":{"table":"resident"},"select":[{"expr":{"col":"resident.city"}}]}`},
		{"list the descriptions of all gadgets", `{"from":{"table":"gadget"},"select":[{"expr":{"col":"gadget.description"}}]}`},
		{"list the names of all residents", `{"from":{"table":"resident"},"select":[{"expr":{"col":"resident.name"}}]}`},
		{"list the cities of residents named Ann", `{"from":{"table":"resident"},"select":[{"expr":{"col":"resident.city"}}],"where":{"left":{"col":"resident.name"},"op":"=","right":{"value":"Ann"}}}`},
	})
}

// A column shown whose one value the question gives without naming the
// column is another row's ("the first name and last name of Janessa
// Sawayn's advisor"): refused. Named beside its value, it is an echo people
// ask for, and answered.
func TestShownColumnGivenByValue(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"what are the first name and advisor of the staff with first name Janessa?", `{"from":{"table":"staff"},"select":[{"expr":{"col":"staff.first_name"}},{"expr":{"col":"staff.advisor"}}],"where":{"left":{"col":"staff.first_name"},"op":"=","right":{"value":"Janessa"}}}`},
		{"what is the advisor of Janessa Sawayn?", `{"distinct":true,"from":{"table":"staff"},"select":[{"expr":{"col":"staff.advisor"}}],"where":{"and":[{"left":{"col":"staff.first_name"},"op":"=","right":{"value":"Janessa"}},{"left":{"col":"staff.last_name"},"op":"=","right":{"value":"Sawayn"}}]}}`},
	})
	runRefusals(t, precisionSchema(), []string{
		"what are the first name and last name of Janessa Sawayn's advisor?",
	})
}

// An aggregate "for" values joined by "and" is one figure per value; with
// "or" it is one over them all.
func TestAggregateForEachValue(t *testing.T) {
	runAnswers(t, precisionSchema(), []answerCase{
		{"how many broadcasts are there for Night and Morning?", `{"from":{"table":"broadcast"},"group_by":[{"col":"broadcast.time_of_day"}],"select":[{"expr":{"col":"broadcast.time_of_day"}},{"expr":{"agg":"count"}}],"where":{"left":{"col":"broadcast.time_of_day"},"op":"in","values":[{"value":"Night"},{"value":"Morning"}]}}`},
		{"how many broadcasts are there for Night or Morning?", `{"from":{"table":"broadcast"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"broadcast.time_of_day"},"op":"in","values":[{"value":"Night"},{"value":"Morning"}]}}`},
	})
}
