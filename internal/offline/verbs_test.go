package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// verbSchema names nothing for the verbs its questions use: campuses have
// a plain year, products reach orders through order lines. The extra
// tables may name a verb's family (a track's year_opened).
func verbSchema(extra ...schema.Table) *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: append([]schema.Table{
		table("campus", []schema.Column{col("id", "INTEGER"), col("campus_name", "TEXT", "Fresno"), col("county", "TEXT", "Kern"), col("year", "INTEGER")}),
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT", "Bolt")}),
		table("orders", []schema.Column{col("id", "INTEGER"), col("order_date", "DATE")}),
		table("order_item", []schema.Column{col("id", "INTEGER"), col("order_id", "INTEGER"), col("product_id", "INTEGER")},
			fk("order_id", "orders"), fk("product_id", "product")),
	}, extra...)}
}

// trackTable names its opening year for the verb.
func trackTable() schema.Table {
	return table("track", []schema.Column{col("id", "INTEGER"), col("track_name", "TEXT", "Daytona"), col("year_opened", "INTEGER")})
}

// A verb whose family the schema does not name is read as a stop word:
// the year after "opened" is the table's one plain year, the rows a
// product was "included" in are those its foreign keys reach. Where the
// schema names the family (year_opened), the verb is that column.
func TestJoinVerbs(t *testing.T) {
	runAnswers(t, verbSchema(), []answerCase{
		{`Find all the campuses opened in 1958.`, `{"from":{"table":"campus"},"select":[{"expr":{"col":"campus.campus_name"}}],"where":{"left":{"col":"campus.year"},"op":"=","right":{"value":1958}}}`},
		{`What campuses opened before 1800?`, `{"from":{"table":"campus"},"select":[{"expr":{"col":"campus.campus_name"}}],"where":{"left":{"col":"campus.year"},"op":"<","right":{"value":1800}}}`},
		{`Which campus was opened between 1935 and 1939?`, `{"from":{"table":"campus"},"select":[{"expr":{"col":"campus.campus_name"}}],"where":{"high":{"value":1939},"left":{"col":"campus.year"},"low":{"value":1935},"op":"between"}}`},
		{`How many products were not included in any order?`, `{"from":{"table":"product"},"select":[{"expr":{"agg":"count"}}],"where":{"left":{"col":"product.id"},"op":"not_in","subquery":{"from":{"table":"order_item"},"select":[{"expr":{"col":"order_item.product_id"}}],"where":{"left":{"col":"order_item.product_id"},"op":"is_not_null"}}}}`},
	})
	runAnswers(t, verbSchema(trackTable()), []answerCase{
		{`Which tracks opened after 2000?`, `{"from":{"table":"track"},"select":[{"expr":{"col":"track.track_name"}}],"where":{"left":{"col":"track.year_opened"},"op":">","right":{"value":2000}}}`},
	})
}

// Where the schema names the verb's family on another table, "opened" is
// that column, which the campus cannot reach: the question is refused
// rather than read as the campus's year. Adjectives spelled like a verb
// ("open", "lead") are no stop words.
func TestJoinVerbsClaimed(t *testing.T) {
	runRefusals(t, verbSchema(trackTable()), []string{
		`Find all the campuses opened in 1958.`,
	})
	runRefusals(t, verbSchema(), []string{
		`Which campuses are open in 1958?`,
		`List the lead products of each order.`,
	})
}

// departmentTables relate students to departments by a key named for
// the department only.
func departmentTables() []schema.Table {
	return []schema.Table{
		table("department", []schema.Column{col("id", "INTEGER"), col("dept_name", "TEXT", "Surgery")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("student_name", "TEXT", "Ann"), col("department_id", "INTEGER")}, fk("department_id", "department")),
	}
}

// "Affiliated with" says only how students and departments relate, which
// their one foreign key already says.
func TestAffiliatedVerb(t *testing.T) {
	runAnswers(t, verbSchema(departmentTables()...), []answerCase{
		{`How many students are affiliated with each department?`, `{"from":{"table":"student"},"group_by":[{"col":"student.department_id"},{"col":"department.dept_name"}],"joins":[{"on":[{"left":"student.department_id","right":"department.id"}],"table":"department","type":"inner"}],"select":[{"expr":{"col":"department.dept_name"}},{"expr":{"agg":"count"}}]}`},
	})
}

// "Reached N" is "at least N"; before anything but a number the verb
// links to nothing and the question is refused.
func TestReachedBound(t *testing.T) {
	s := verbSchema(append(departmentTables(), weatherTable())...)
	runAnswers(t, s, []answerCase{
		{`How many days has the max wind speed reached 25?`, `{"from":{"table":"weather"},"select":[{"expr":{"agg":"count_distinct","arg":{"col":"weather.day"}}}],"where":{"left":{"col":"weather.max_wind_speed"},"op":">=","right":{"value":25}}}`},
	})
	runRefusals(t, s, []string{
		`Which students reached Surgery?`,
	})
}

// weatherTable holds a day's highest wind speed.
func weatherTable() schema.Table {
	return table("weather", []schema.Column{col("id", "INTEGER"), col("day", "DATE", "2015-08-01"), col("max_wind_speed", "INTEGER")})
}
