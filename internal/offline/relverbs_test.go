package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// summitSchema has climbers and the mountain each climbed, a dorm with a
// capacity and its students, and no word for ascending, scaling,
// conquering, tackling, sheltering, accommodating or coming.
func summitSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("mountain", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Kilimanjaro"), col("height", "REAL")}),
		table("climber", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"),
			complete(col("country", "TEXT", "West Germany", "Italy")), col("points", "REAL"), col("mountain_id", "INTEGER")},
			fk("mountain_id", "mountain")),
		table("dorm", []schema.Column{col("id", "INTEGER"), col("dorm_name", "TEXT", "Smith Hall"), col("student_capacity", "INTEGER")}),
		table("student", []schema.Column{col("id", "INTEGER"), col("last_name", "TEXT", "Lee"), col("dorm_id", "INTEGER")},
			fk("dorm_id", "dorm")),
	}}
}

// A verb the schema has no word for, standing between two things the
// question names, only says how they relate: the foreign key says it
// already. Past and -ing forms, an -s form after a relative pronoun and a
// modal's base form before a name are set aside.
func TestRelationVerbs(t *testing.T) {
	westGermany := `{"from":{"table":"mountain"},"select":[{"expr":{"col":"mountain.name"}}],"where":{"left":{"col":"mountain.id"},"op":"in","subquery":{"from":{"table":"climber"},"select":[{"expr":{"col":"climber.mountain_id"}}],"where":{"left":{"col":"climber.country"},"op":"=","right":{"value":"West Germany"}}}}}`
	lee := `{"from":{"table":"dorm"},"select":[{"expr":{"col":"dorm.dorm_name"}}],"where":{"left":{"col":"dorm.id"},"op":"in","subquery":{"from":{"table":"student"},"select":[{"expr":{"col":"student.dorm_id"}}],"where":{"left":{"col":"student.last_name"},"op":"=","right":{"value":"Lee"}}}}}`
	mostPoints := func(show string) string {
		return `{"from":{"table":"mountain"},"joins":[{"on":[{"left":"mountain.id","right":"climber.mountain_id"}],"table":"climber","type":"inner"}],"limit":1,"order_by":[{"desc":true,"expr":{"col":"climber.points"}}],"select":[{"expr":{"col":"mountain.` + show + `"}}]}`
	}
	higher := func(sel string) string {
		return `{"from":{"table":"climber"},"joins":[{"on":[{"left":"climber.mountain_id","right":"mountain.id"}],"table":"mountain","type":"inner"}],"select":[` + sel + `],"where":{"left":{"col":"mountain.height"},"op":">","right":{"value":5000}}}`
	}
	runAnswers(t, summitSchema(), []answerCase{
		{`What are the names of mountains ascended by climbers from West Germany?`, westGermany},
		{`Which mountains were ascended by climbers from West Germany?`, westGermany},
		{`What is the height of the mountain scaled by the climber who had the most points?`, mostPoints("height")},
		{`Which mountain was conquered by the climber with the most points?`, mostPoints("name")},
		{`How many climbers have scaled a mountain higher than 5000?`, higher(`{"expr":{"agg":"count"}}`)},
		{`What are the names of climbers that can tackle a mountain higher than 5000?`, higher(`{"expr":{"col":"climber.name"}}`)},
		{`What is the name of the dorm which shelters the student with last name Lee?`, lee},
		{`What is the total height scaled across all mountains?`, `{"from":{"table":"mountain"},"select":[{"expr":{"agg":"sum","arg":{"col":"mountain.height"}}}]}`},
		{`What are the names of climbers coming from Italy?`, `{"from":{"table":"climber"},"select":[{"expr":{"col":"climber.name"}}],"where":{"left":{"col":"climber.country"},"op":"=","right":{"value":"Italy"}}}`},
	})
}

// lessonSchema has courses and the classes that teach them, in rooms.
func lessonSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("course", []schema.Column{col("id", "INTEGER"), col("course_code", "TEXT", "ACCT-211")}),
		table("class", []schema.Column{col("id", "INTEGER"), col("course_id", "INTEGER"), complete(col("class_room", "TEXT", "KLR209", "BUS252"))},
			fk("course_id", "course")),
	}}
}

// "Take place" is one verb: courses that take place in a room are the
// courses with a class there.
func TestRelationVerbTakePlace(t *testing.T) {
	runAnswers(t, lessonSchema(), []answerCase{
		{`List the codes of all courses that take place in room KLR209.`, `{"from":{"table":"course"},"select":[{"expr":{"col":"course.course_code"}}],"where":{"left":{"col":"course.id"},"op":"in","subquery":{"from":{"table":"class"},"select":[{"expr":{"col":"class.course_id"}}],"where":{"left":{"col":"class.class_room"},"op":"=","right":{"value":"KLR209"}}}}}`},
	})
	runRefusals(t, lessonSchema(), []string{
		`How many courses never take place in room KLR209?`,
		`How many courses took place?`,
	})
}

// degreeSchema has a table named like one of its own columns: "degrees"
// may be the rows or the count each holds.
func degreeSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("campus", []schema.Column{col("id", "INTEGER"), complete(col("campus_name", "TEXT", "Long Beach", "Fresno"))}),
		table("degrees", []schema.Column{col("id", "INTEGER"), col("year", "INTEGER"), col("campus_id", "INTEGER"), col("degrees", "INTEGER")},
			fk("campus_id", "campus")),
	}}
}

// A verb stays unknown, and the question refused, when it may be more
// than the link: negated ("not", "never", "did not"), a capability before
// a number ("can accommodate more than 300 students" is a capacity,
// answered in appliesto2_test.go), the only thing said of its subject ("have fallen", "they have conquered"),
// a word no form marks as a verb ("conquers" with no relative pronoun, a
// base form after a noun), in a yes/no question, with a subject that may
// be a table or its column ("degrees conferred"), or where "the numbers
// of" leaves the question's own reading open.
func TestRelationVerbsRefused(t *testing.T) {
	runRefusals(t, summitSchema(), []string{
		`What are the names of mountains not ascended by climbers from West Germany?`,
		`What are the names of mountains never ascended by climbers from West Germany?`,
		`Which climbers did not tackle a mountain higher than 5000?`,
		`How many climbers have fallen?`,
		`Show the names of climbers and the heights of the mountains they have conquered.`,
		`Which climber conquers the mountain with the greatest height?`,
		`Were any mountains ascended by climbers from Italy?`,
		`What are the numbers of climbers coming from Italy?`,
		`Which mountains were ascended by all climbers from Italy?`,
	})
	runRefusals(t, degreeSchema(), []string{
		`What degrees were conferred in Long Beach in 2001?`,
	})
}

// The verb set aside is named: the trace lists it as ignored and the
// plan's reason says it was read as adding no condition.
func TestRelationVerbsShown(t *testing.T) {
	p := offline.New(summitSchema(), offline.Options{Today: today})
	r, tr := p.PlanWithTrace("Which mountains were ascended by climbers from Italy?")
	if r.Plan == nil {
		t.Fatalf("no plan:\n%s", tr)
	}
	if got := ignoredWords(tr); got != "ascended" {
		t.Errorf("ignored links %q, want ascended\n%s", got, tr)
	}
	if !strings.Contains(r.Plan.Reason, `ignored "ascended"`) {
		t.Errorf("reason %q does not name the verb set aside", r.Plan.Reason)
	}
}

// "All columns" and "all fields" of rows ask for whole rows, as "all the
// information" does, not for what the rows are called.
func TestAllColumnsAsked(t *testing.T) {
	runAnswers(t, summitSchema(), []answerCase{
		{`Return all columns of the mountains with height above 5000.`, `{"from":{"table":"mountain"},"where":{"left":{"col":"mountain.height"},"op":">","right":{"value":5000}}}`},
		{`Show all fields of the climbers from Italy.`, `{"from":{"table":"climber"},"where":{"left":{"col":"climber.country"},"op":"=","right":{"value":"Italy"}}}`},
	})
}
