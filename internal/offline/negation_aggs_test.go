package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// storeSchema holds shops, the devices they stock through a link table,
// films with their studio and director, and dorms: small enough to see
// each reading of this round at work.
func storeSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("shop", []schema.Column{col("id", "INTEGER"), col("shop_name", "TEXT", "Alpha"), col("location", "TEXT", "Oslo")}),
		table("device", []schema.Column{col("id", "INTEGER"), col("carrier", "TEXT", "Telia")}),
		table("stock", []schema.Column{col("id", "INTEGER"), col("shop_id", "INTEGER"), col("device_id", "INTEGER"), col("quantity", "INTEGER")},
			fk("shop_id", "shop"), fk("device_id", "device")),
		table("film", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Alien"), complete(col("studio", "TEXT", "Paramount", "Universal")),
			complete(col("director", "TEXT", "Walter Hill", "Ridley Scott")), col("gross", "INTEGER"), col("year", "INTEGER")}),
		table("dorm", []schema.Column{col("id", "INTEGER"), col("dorm_name", "TEXT", "Smith Hall"), complete(col("gender", "TEXT", "M", "F")),
			col("student_capacity", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("age", "INTEGER"), complete(col("major", "TEXT", "Math", "Art"))}),
	}}
}

// TestNegatedSetAnswers: the negations this round reads. "X with no Y in
// Z" and "no Y Z" as the X no row of the link table Z refers to; a
// negated condition on X's own table as a set difference of the values
// listed; "X but never V" as "X but not V".
func TestNegatedSetAnswers(t *testing.T) {
	notStocked := `{"select":[{"expr":{"col":"shop.shop_name"}}],"from":{"table":"shop"},"where":{"op":"not_in","left":{"col":"shop.id"},"subquery":{"select":[{"expr":{"col":"stock.shop_id"}}],"from":{"table":"stock"},"where":{"op":"is_not_null","left":{"col":"stock.shop_id"}}}}}`
	notWithHill := `{"select":[{"expr":{"col":"film.studio"}}],"from":{"table":"film"},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"film.studio"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.director"},"right":{"value":"Walter Hill"}}}}}`
	runAnswers(t, storeSchema(), []answerCase{
		{"list the names of shops that have no devices in stock", notStocked},
		{"names of shops that do not have any devices in stock", notStocked},
		{"how many shops have no devices in stock", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"shop"},"where":{"op":"not_in","left":{"col":"shop.id"},"subquery":{"select":[{"expr":{"col":"stock.shop_id"}}],"from":{"table":"stock"},"where":{"op":"is_not_null","left":{"col":"stock.shop_id"}}}}}`},
		{"the studios that have never worked with director Walter Hill", notWithHill},
		{`Which studios have not produced films with director "Walter Hill"?`, notWithHill},
		// A condition before the negation limits the studios listed, not
		// the films taken away: any of his films counts.
		{"the studios of films with gross over 1000 that never had director Walter Hill", `{"select":[{"expr":{"col":"film.studio"}}],"from":{"table":"film"},"where":{"op":"\u003e","left":{"col":"film.gross"},"right":{"value":1000}},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"film.studio"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.director"},"right":{"value":"Walter Hill"}}}}}`},
	})
	runAnswers(t, sportSchema(), []answerCase{
		{"the names of players who played in league Premier but never in league Second", `{"select":[{"expr":{"col":"player.name"}}],"from":{"table":"player"},"joins":[{"table":"team","on":[{"left":"player.team_id","right":"team.id"}],"type":"inner"}],"where":{"op":"=","left":{"col":"team.league"},"right":{"value":"Premier"}},"set_op":{"op":"except","right":{"select":[{"expr":{"col":"player.name"}}],"from":{"table":"player"},"joins":[{"table":"team","on":[{"left":"player.team_id","right":"team.id"}],"type":"inner"}],"where":{"op":"=","left":{"col":"team.league"},"right":{"value":"Second"}}}}}`},
	})
}

// TestNegatedSetRefusals: negations whose difference the words do not pin
// down stay refused.
func TestNegatedSetRefusals(t *testing.T) {
	runRefusals(t, storeSchema(), []string{
		// The table after "no devices" refers to devices, the rows asked
		// about: no link between two tables.
		"the carriers of devices that have no devices in stock",
		// The condition is on the device, reached through the stock: the
		// verb may mean another path.
		`the quantities of stock that never had carrier "Telia"`,
		// Two values after the negation: which to deny is not one condition.
		"the studios that have never worked with director Walter Hill or Ridley Scott",
		// A difference of lists cannot be counted here.
		"how many studios have never worked with director Walter Hill",
	})
}

// TestSentenceAnswers: "Which X …? Give me the C." is one question, the
// rows the first sentence picks shown by the columns the second names.
func TestSentenceAnswers(t *testing.T) {
	runAnswers(t, storeSchema(), []answerCase{
		{"Which shops have no devices in stock? Give me the shop names.", `{"select":[{"expr":{"col":"shop.shop_name"}}],"from":{"table":"shop"},"where":{"op":"not_in","left":{"col":"shop.id"},"subquery":{"select":[{"expr":{"col":"stock.shop_id"}}],"from":{"table":"stock"},"where":{"op":"is_not_null","left":{"col":"stock.shop_id"}}}}}`},
		{"Which films have gross over 1000? List their titles.", `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"where":{"op":"\u003e","left":{"col":"film.gross"},"right":{"value":1000}}}`},
		{"Which films were directed by Ridley Scott? Show the titles of these films.", `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.director"},"right":{"value":"Ridley Scott"}}}`},
	})
	runRefusals(t, storeSchema(), []string{
		// The second sentence names rows the first did not pick.
		"Which films have gross over 1000? List the titles of these shops.",
	})
}

// TestSeveralAggregates: a count beside aggregates of the counted rows'
// columns, either order; a list of aggregates each before its own column;
// a count said twice or said again without its object.
func TestSeveralAggregates(t *testing.T) {
	runAnswers(t, storeSchema(), []answerCase{
		{"the number of dorms and total student capacity for each gender", `{"select":[{"expr":{"col":"dorm.gender"}},{"expr":{"agg":"count"}},{"expr":{"agg":"sum","arg":{"col":"dorm.student_capacity"}}}],"from":{"table":"dorm"},"group_by":[{"col":"dorm.gender"}]}`},
		{"the average student capacity and number of dorms per gender", `{"select":[{"expr":{"col":"dorm.gender"}},{"expr":{"agg":"avg","arg":{"col":"dorm.student_capacity"}}},{"expr":{"agg":"count"}}],"from":{"table":"dorm"},"group_by":[{"col":"dorm.gender"}]}`},
		{"the highest gross, lowest gross and average gross of films", `{"select":[{"expr":{"agg":"max","arg":{"col":"film.gross"}}},{"expr":{"agg":"min","arg":{"col":"film.gross"}}},{"expr":{"agg":"avg","arg":{"col":"film.gross"}}}],"from":{"table":"film"}}`},
		{"count the total number of films", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"film"}}`},
		{"count the number of total films", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"film"}}`},
		{"the average and oldest age of students for each major", `{"select":[{"expr":{"col":"student.major"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}},{"expr":{"agg":"max","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.major"}]}`},
		{"the average and youngest age of students", `{"select":[{"expr":{"agg":"avg","arg":{"col":"student.age"}}},{"expr":{"agg":"min","arg":{"col":"student.age"}}}],"from":{"table":"student"}}`},
		// "distinct" and "of the different" after "for each" add nothing.
		{"the average, minimum and maximum age for each of the different majors", `{"select":[{"expr":{"col":"student.major"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}},{"expr":{"agg":"min","arg":{"col":"student.age"}}},{"expr":{"agg":"max","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.major"}]}`},
		{"for each distinct major, show the average age", `{"select":[{"expr":{"col":"student.major"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.major"}]}`},
		{"how many dorms are there for each gender? list the gender and the count", `{"select":[{"expr":{"col":"dorm.gender"}},{"expr":{"agg":"count"}}],"from":{"table":"dorm"},"group_by":[{"col":"dorm.gender"}]}`},
	})
	runRefusals(t, storeSchema(), []string{
		// The quantity is the stock's: summed per shop it is not a column
		// of the rows counted.
		"the number of shops and total quantity per location",
		"the average quantity and number of shops",
		// "records" does not say which rows are counted.
		"list the shop names and the number of records they have",
	})
}

// TestComparisonPlacement: a bound before the numeric column it bounds,
// and "under" naming what rows belong to rather than a bound.
func TestComparisonPlacement(t *testing.T) {
	runAnswers(t, storeSchema(), []answerCase{
		{"how many films were made after the year 2000", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"film"},"where":{"op":"\u003e","left":{"col":"film.year"},"right":{"value":2000}}}`},
		{"the titles of films under studio Paramount", `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"where":{"op":"=","left":{"col":"film.studio"},"right":{"value":"Paramount"}}}`},
		// With a number after it, "under" is still a bound.
		{"the titles of films under 2000 gross", `{"select":[{"expr":{"col":"film.title"}}],"from":{"table":"film"},"where":{"op":"\u003c","left":{"col":"film.gross"},"right":{"value":2000}}}`},
	})
	runRefusals(t, storeSchema(), []string{
		// Nothing to compare the average with.
		"the titles of films under the average gross",
	})
}

// sportSchema has players in teams of a league, for "but never".
func sportSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("team", []schema.Column{col("id", "INTEGER"), col("team_name", "TEXT", "Reds"), complete(col("league", "TEXT", "Premier", "Second"))}),
		table("player", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("team_id", "INTEGER")}, fk("team_id", "team")),
	}}
}

// TestAndWhat: "and what is X" after a question about the same rows asks
// for X beside its answer.
func TestAndWhat(t *testing.T) {
	runAnswers(t, storeSchema(), []answerCase{
		{"How many dorms are there and what is the total student capacity for each gender?", `{"select":[{"expr":{"col":"dorm.gender"}},{"expr":{"agg":"count"}},{"expr":{"agg":"sum","arg":{"col":"dorm.student_capacity"}}}],"from":{"table":"dorm"},"group_by":[{"col":"dorm.gender"}]}`},
		{"What is the average age for each major and what are those majors?", `{"select":[{"expr":{"col":"student.major"}},{"expr":{"agg":"avg","arg":{"col":"student.age"}}}],"from":{"table":"student"},"group_by":[{"col":"student.major"}]}`},
		// The aggregate a ranking is by, asked again, is shown.
		{"Which gender has the highest average student capacity, and what is the average student capacity?", `{"select":[{"expr":{"col":"dorm.gender"}},{"expr":{"agg":"avg","arg":{"col":"dorm.student_capacity"}}}],"from":{"table":"dorm"},"group_by":[{"col":"dorm.gender"}],"order_by":[{"expr":{"agg":"avg","arg":{"col":"dorm.student_capacity"}},"desc":true}],"limit":1}`},
	})
	runRefusals(t, storeSchema(), []string{
		// The second question is about other rows.
		"How many dorms are there and what is the average age of students?",
	})
}
