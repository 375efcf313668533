package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// schoolSchema is a small Spider-like schema: abbreviated camel-case
// names (LName), a table named by its one text column (Major.major), keys
// named after their tables, and an age column.
func schoolSchema() *schema.Schema {
	key := func(col, table, ref string) schema.ForeignKey {
		return schema.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "Student", Ident: "Student", PrimaryKey: []string{"StuID"}, RowCount: -1, Columns: []schema.Column{
			col("student_id", "INTEGER"), col("LName", "VARCHAR(12)", "Smith"), col("Fname", "VARCHAR(12)", "Linda"),
			col("Age", "INTEGER"), complete(col("Sex", "VARCHAR(1)", "F", "M")), col("advisor", "INTEGER"),
			col("major_id", "INTEGER"),
		}, ForeignKeys: []schema.ForeignKey{key("major_id", "Major", "id")}},
		{Name: "Major", Ident: "Major", PrimaryKey: []string{"id"}, RowCount: -1, Columns: []schema.Column{
			col("id", "INTEGER"), complete(col("major", "TEXT", "Physics", "History")), col("budget", "REAL"),
		}},
		// A lookup table with a conventional prefix, and a link table
		// whose name ends the same way.
		{Name: "Ref_Clubs", Ident: "Ref_Clubs", PrimaryKey: []string{"club_id"}, RowCount: -1, Columns: []schema.Column{
			col("club_id", "INTEGER"), col("club_name", "TEXT", "Chess"),
		}},
		{Name: "Student_Clubs", Ident: "Student_Clubs", RowCount: -1, Columns: []schema.Column{
			col("student_id", "INTEGER"), col("club_id", "INTEGER"),
		}, ForeignKeys: []schema.ForeignKey{key("club_id", "Ref_Clubs", "club_id"), key("student_id", "Student", "student_id")}},
	}}
}

// TestShapes covers the shapes read beyond a single list or aggregate:
// names shown for rows, alphabetical order, rankings of groups by a count,
// several aggregates of one column, a column listed with a count, ages.
func TestShapes(t *testing.T) {
	runAnswers(t, schoolSchema(), []answerCase{
		// A question about rows that names no column shows what they are called.
		{"list all majors", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"}}`},
		{"which major has the largest budget", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"order_by":[{"expr":{"col":"Major.budget"},"desc":true}],"limit":1}`},
		// Abbreviated names split in camel case ("LName").
		{"first name and last name of all students", `{"select":[{"expr":{"col":"Student.Fname"}},{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"}}`},
		// A head noun shared by two modifiers.
		{"first and last names of students", `{"select":[{"expr":{"col":"Student.Fname"}},{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"}}`},
		// "full name" is the first and last name together.
		{"full names of all students", `{"select":[{"expr":{"col":"Student.LName"}},{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"}}`},
		// "female" and "male" name the codes of a sex column.
		{"how many female students", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Student"},"where":{"op":"=","left":{"col":"Student.Sex"},"right":{"value":"F"}}}`},
		// "older than" compares the age column.
		{"students older than 20", `{"select":[{"expr":{"col":"Student.LName"}},{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"},"where":{"op":">","left":{"col":"Student.Age"},"right":{"value":20}}}`},
		{"last names of students younger than 19", `{"select":[{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"},"where":{"op":"<","left":{"col":"Student.Age"},"right":{"value":19}}}`},
		// A column named like its table is the rows' name.
		{"names of all majors", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"}}`},
		// A conventional prefix names nothing: "clubs" is Ref_Clubs.
		{"how many clubs", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Ref_Clubs"}}`},
		// A column only a parent holds is read from it.
		{"show club name for all student clubs", `{"select":[{"expr":{"col":"Ref_Clubs.club_name"}}],"from":{"table":"Student_Clubs"},"joins":[{"type":"inner","table":"Ref_Clubs","on":[{"left":"Student_Clubs.club_id","right":"Ref_Clubs.club_id"}]}]}`},
		{"club names of all student clubs", `{"select":[{"expr":{"col":"Ref_Clubs.club_name"}}],"from":{"table":"Student_Clubs"},"joins":[{"type":"inner","table":"Ref_Clubs","on":[{"left":"Student_Clubs.club_id","right":"Ref_Clubs.club_id"}]}]}`},
		// A table's own key is its "id".
		{"ids of students with age over 20", `{"select":[{"expr":{"col":"Student.student_id"}}],"from":{"table":"Student"},"where":{"op":">","left":{"col":"Student.Age"},"right":{"value":20}}}`},
		// Alphabetical order sorts the one text column shown.
		{"the last names of students in alphabetical order", `{"select":[{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"},"order_by":[{"expr":{"col":"Student.LName"}}]}`},
		{"list the majors alphabetically", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"order_by":[{"expr":{"col":"Major.major"}}]}`},
		// Sorted by the count computed per group, or by a column with a direction.
		{"show all ages and the number of students sorted by the number of students", `{"select":[{"expr":{"col":"Student.Age"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}],"order_by":[{"expr":{"agg":"count"}}]}`},
		{"last names of students ordered by descending age", `{"select":[{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"},"order_by":[{"expr":{"col":"Student.Age"},"desc":true}]}`},
		// Rankings of groups by a count.
		{"which advisor has the most students", `{"select":[{"expr":{"col":"Student.advisor"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.advisor"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"which major has the fewest students", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"joins":[{"type":"inner","table":"Student","on":[{"left":"Major.id","right":"Student.major_id"}]}],"group_by":[{"col":"Major.id"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
		// Conditions on a count of related rows.
		{"majors with at least 2 students", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"joins":[{"type":"inner","table":"Student","on":[{"left":"Major.id","right":"Student.major_id"}]}],"group_by":[{"col":"Major.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		{"advisors that have more than 3 students", `{"select":[{"expr":{"col":"Student.advisor"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.advisor"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":3}}}`},
		// A column compared with its average, a subquery.
		{"students with age above the average", `{"select":[{"expr":{"col":"Student.LName"}},{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"},"where":{"op":">","left":{"col":"Student.Age"},"right":{"subquery":{"select":[{"expr":{"agg":"avg","arg":{"col":"Student.Age"}}}],"from":{"table":"Student"}}}}}`},
		{"last names of students whose age is higher than the average age", `{"select":[{"expr":{"col":"Student.LName"}}],"from":{"table":"Student"},"where":{"op":">","left":{"col":"Student.Age"},"right":{"subquery":{"select":[{"expr":{"agg":"avg","arg":{"col":"Student.Age"}}}],"from":{"table":"Student"}}}}}`},
		// Numerals after a comparison are numbers.
		{"majors with at least two students", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"joins":[{"type":"inner","table":"Student","on":[{"left":"Major.id","right":"Student.major_id"}]}],"group_by":[{"col":"Major.id"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":2}}}`},
		// Between includes both ends.
		{"how many students have age between 18 and 21", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Student"},"where":{"op":"between","left":{"col":"Student.Age"},"low":{"value":18},"high":{"value":21}}}`},
		// The value with the most rows.
		{"the most common age of students", `{"select":[{"expr":{"col":"Student.Age"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"the least common major across all students", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"joins":[{"type":"inner","table":"Student","on":[{"left":"Major.id","right":"Student.major_id"}]}],"group_by":[{"col":"Major.id"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
		{"what are the 2 least common ages", `{"select":[{"expr":{"col":"Student.Age"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}],"order_by":[{"expr":{"agg":"count"}}],"limit":2}`},
		// Several aggregates of one column.
		{"average and maximum age of students", `{"select":[{"expr":{"agg":"avg","arg":{"col":"Student.Age"}}},{"expr":{"agg":"max","arg":{"col":"Student.Age"}}}],"from":{"table":"Student"}}`},
		{"the minimum, average, and maximum age of all students", `{"select":[{"expr":{"agg":"min","arg":{"col":"Student.Age"}}},{"expr":{"agg":"avg","arg":{"col":"Student.Age"}}},{"expr":{"agg":"max","arg":{"col":"Student.Age"}}}],"from":{"table":"Student"}}`},
		// A column listed with a count is counted per value.
		{"show all ages and the number of students", `{"select":[{"expr":{"col":"Student.Age"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}]}`},
		{"count the number of students", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"Student"}}`},
		// A ranking or condition on counts that also shows the count.
		{"which advisor has the most students? list the advisor and the number of students", `{"select":[{"expr":{"col":"Student.advisor"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.advisor"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		{"advisors with at least 3 students and the number of students", `{"select":[{"expr":{"col":"Student.advisor"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.advisor"}],"having":{"op":">=","left":{"agg":"count"},"right":{"value":3}}}`},
		{"the most common age and how many", `{"select":[{"expr":{"col":"Student.Age"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":1}`},
		// Negative numbers.
		{"students with age above -5", `{"select":[{"expr":{"col":"Student.LName"}},{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"},"where":{"op":">","left":{"col":"Student.Age"},"right":{"value":-5}}}`},
		// A final "each" refers back to the column listed.
		{"what are the different ages, and how many students have each", `{"select":[{"expr":{"col":"Student.Age"}},{"expr":{"agg":"count"}}],"from":{"table":"Student"},"group_by":[{"col":"Student.Age"}]}`},
		// Oldest and youngest rank by age.
		{"the oldest student", `{"select":[{"expr":{"col":"Student.LName"}},{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"},"order_by":[{"expr":{"col":"Student.Age"},"desc":true}],"limit":1}`},
		{"first name of the youngest student", `{"select":[{"expr":{"col":"Student.Fname"}}],"from":{"table":"Student"},"order_by":[{"expr":{"col":"Student.Age"}}],"limit":1}`},
	})
}

func TestShapeRefusals(t *testing.T) {
	runRefusals(t, schoolSchema(), []string{
		// "most" after a name with no relative word is no count ranking.
		"name of the most students",
		// Alphabetical order needs one text column to sort.
		"ages of students in alphabetical order",
		// Several aggregates of a text column.
		"average and maximum last name of students",
		// Two columns listed beside a count: which one groups is unsaid.
		"show all ages and sexes and the number of students",
		// A table with no age column.
		"majors older than 20",
		// Sorting by a count the question does not compute per group.
		"last names of students sorted by the number of majors",
		// A final "each" with no column listed before the count.
		"how many students are there for each",
		// Between needs a column and two numbers.
		"students between 18 and 21",
		"students with last name between 18 and 21",
		// The average of another column.
		"students with age above the average budget",
		// A count condition with nothing named to group by.
		"with more than 3 students",
		// A count ranking combined with another order.
		"which advisor has the most students sorted by age",
	})
}

// TestGroupByKeyEngines: only engines that accept columns functionally
// dependent on a grouped primary key get the short GROUP BY; the others
// group by the shown columns too.
func TestGroupByKeyEngines(t *testing.T) {
	s := schoolSchema()
	s.Engine = "sqlserver"
	runAnswers(t, s, []answerCase{
		{"which major has the fewest students", `{"select":[{"expr":{"col":"Major.major"}}],"from":{"table":"Major"},"joins":[{"type":"inner","table":"Student","on":[{"left":"Major.id","right":"Student.major_id"}]}],"group_by":[{"col":"Major.id"},{"col":"Major.major"}],"order_by":[{"expr":{"agg":"count"}}],"limit":1}`},
	})
}

// TestSynonyms: common nouns a paraphrase uses for the schema's own link
// as synonyms, and abbreviation variants reach longer names.
func TestSynonyms(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("products", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Lamp"), col("price", "REAL")}),
		table("customers", []schema.Column{col("id", "INTEGER"), col("customer_first_name", "TEXT", "Ann")}),
	}}
	runAnswers(t, s, []answerCase{
		{"how many goods", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"products"}}`},
		{"forenames of all clients", `{"select":[{"expr":{"col":"customers.customer_first_name"}}],"from":{"table":"customers"}}`},
	})
}

// TestMismatchedKeys: a foreign key declared from a text column to a
// number key is not joined along; the audit would refuse the join.
func TestMismatchedKeys(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("party", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Progress")}),
		table("member", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("party_id", "TEXT")},
			fk("party_id", "party")),
	}}
	runRefusals(t, s, []string{"how many members per party", "which party has the most members"})
}
