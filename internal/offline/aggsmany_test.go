package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// aggsManySchema has departments, each with a budget, and their courses,
// each with a title, a number of credits and a foreign key to the
// department.
func aggsManySchema() *schema.Schema {
	dept := table("department", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), col("budget", "REAL")})
	dept.PrimaryKey = []string{"id"}
	course := table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT"), col("credits", "INTEGER"), col("dept_id", "INTEGER")})
	course.PrimaryKey = []string{"id"}
	course.ForeignKeys = []schema.ForeignKey{{Columns: []string{"dept_id"}, RefTable: "department", RefColumns: []string{"id"}}}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{dept, course}}
}

// TestAggsManyAnswers: a counting word that introduces a sum, and a sort
// by a count said as a table and "count".
func TestAggsManyAnswers(t *testing.T) {
	runAnswers(t, aggsManySchema(), []answerCase{
		// "how many total credits" is the sum of the credits column.
		{"How many total credits are offered by each department?", `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"sum","arg":{"col":"course.credits"}}}],"from":{"table":"course"},"joins":[{"type":"inner","table":"department","on":[{"left":"course.dept_id","right":"department.id"}]}],"group_by":[{"col":"course.dept_id"},{"col":"department.name"}]}`},
		{"How many total credits are there?", `{"select":[{"expr":{"agg":"sum","arg":{"col":"course.credits"}}}],"from":{"table":"course"}}`},
		// A table after "total" is still counted.
		{"How many total courses are there?", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"course"}}`},
		// "the course counts" is the number of courses per department.
		{"List each department name and its number of courses in descending order of the course counts.", `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"count"}}],"from":{"table":"course"},"joins":[{"type":"inner","table":"department","on":[{"left":"course.dept_id","right":"department.id"}]}],"group_by":[{"col":"department.name"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`},
		// "the count and …": the rows counted are those whose column the
		// other aggregate reads.
		{"the count and total credits of courses", `{"select":[{"expr":{"agg":"count"}},{"expr":{"agg":"sum","arg":{"col":"course.credits"}}}],"from":{"table":"course"}}`},
		{"Show the count and the maximum budget of departments.", `{"select":[{"expr":{"agg":"count"}},{"expr":{"agg":"max","arg":{"col":"department.budget"}}}],"from":{"table":"department"}}`},
		{"the count and average credits of courses for each department", `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"count"}},{"expr":{"agg":"avg","arg":{"col":"course.credits"}}}],"from":{"table":"course"},"joins":[{"type":"inner","table":"department","on":[{"left":"course.dept_id","right":"department.id"}]}],"group_by":[{"col":"course.dept_id"},{"col":"department.name"}]}`},
		// The common lists of aggregates, each of its own column or rows.
		{"the minimum, maximum and average credits", `{"select":[{"expr":{"agg":"min","arg":{"col":"course.credits"}}},{"expr":{"agg":"max","arg":{"col":"course.credits"}}},{"expr":{"agg":"avg","arg":{"col":"course.credits"}}}],"from":{"table":"course"}}`},
		{"the average and total credits per department", `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"avg","arg":{"col":"course.credits"}}},{"expr":{"agg":"sum","arg":{"col":"course.credits"}}}],"from":{"table":"course"},"joins":[{"type":"inner","table":"department","on":[{"left":"course.dept_id","right":"department.id"}]}],"group_by":[{"col":"course.dept_id"},{"col":"department.name"}]}`},
		{"the number of courses and the average credits for each department", `{"select":[{"expr":{"col":"department.name"}},{"expr":{"agg":"count"}},{"expr":{"agg":"avg","arg":{"col":"course.credits"}}}],"from":{"table":"course"},"joins":[{"type":"inner","table":"department","on":[{"left":"course.dept_id","right":"department.id"}]}],"group_by":[{"col":"course.dept_id"},{"col":"department.name"}]}`},
	})
}

// TestAggsManyRefusals: readings these mechanisms leave alone.
func TestAggsManyRefusals(t *testing.T) {
	runRefusals(t, aggsManySchema(), []string{
		// A text column has no total.
		"How many total titles are there?",
		// No count is computed per group for the sort to use.
		"List each department name sorted by the course count.",
		// The departments counted beside an average of their courses'
		// credits: of which rows?
		"the count and the average credits of departments",
		// A department's budget summed once per course repeats it.
		"the count and the sum of budget of courses",
		// No table named: whose rows are counted is not said.
		"the count and the sum of credits",
		// Two counts of different tables, with nothing grouping them.
		"how many courses and how many departments",
	})
}
