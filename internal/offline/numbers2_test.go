package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// termSchema: courses, their sections by semester and year, and ratings
// of courses in stars.
func termSchema() *schema.Schema {
	course := table("course", []schema.Column{col("course_id", "TEXT"), col("title", "TEXT")})
	course.PrimaryKey = []string{"course_id"}
	section := table("section", []schema.Column{col("sec_id", "INTEGER"), col("course_id", "TEXT"),
		complete(col("semester", "TEXT", "Fall", "Spring")), col("year", "INTEGER")}, keyTo("course_id", "course"))
	section.PrimaryKey = []string{"sec_id"}
	rating := table("rating", []schema.Column{col("rating_id", "INTEGER"), col("course_id", "TEXT"), col("stars", "INTEGER")}, keyTo("course_id", "course"))
	rating.PrimaryKey = []string{"rating_id"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{course, section, rating}}
}

// TestNumbersOrColAnswers: "N or M col" gives both numbers to the column
// after the second, joined by "or".
func TestNumbersOrColAnswers(t *testing.T) {
	runAnswers(t, termSchema(), []answerCase{
		{"ratings with 3 or 4 stars", `{"from":{"table":"rating"},"where":{"or":[{"op":"=","left":{"col":"rating.stars"},"right":{"value":3}},{"op":"=","left":{"col":"rating.stars"},"right":{"value":4}}]}}`},
	})
}

// TestYearOfValueAnswers: a year right after a value ("Fall 2009", "the
// Spring of 2010") is the year column of the value's own table, and
// parallel groups of the two either side of "or" are each one side.
func TestYearOfValueAnswers(t *testing.T) {
	runAnswers(t, termSchema(), []answerCase{
		{"sections in Fall 2009", `{"from":{"table":"section"},"where":{"and":[{"op":"=","left":{"col":"section.semester"},"right":{"value":"Fall"}},{"op":"=","left":{"col":"section.year"},"right":{"value":2009}}]}}`},
		{"ids of courses in the Fall of 2009 or the Spring of 2010", `{"select":[{"expr":{"col":"course.course_id"}}],"from":{"table":"course"},"where":{"or":[{"op":"in","left":{"col":"course.course_id"},"subquery":{"select":[{"expr":{"col":"section.course_id"}}],"from":{"table":"section"},"where":{"and":[{"op":"=","left":{"col":"section.semester"},"right":{"value":"Fall"}},{"op":"=","left":{"col":"section.year"},"right":{"value":2009}}]}}},{"op":"in","left":{"col":"course.course_id"},"subquery":{"select":[{"expr":{"col":"section.course_id"}}],"from":{"table":"section"},"where":{"and":[{"op":"=","left":{"col":"section.semester"},"right":{"value":"Spring"}},{"op":"=","left":{"col":"section.year"},"right":{"value":2010}}]}}}]}}`},
	})
}

// TestNumbersOrRefusals: a comparison before the list ("more than 3 or
// 4" could bound either way) and a year parted from its value when "but
// not" splits the question into sets stay unplaced.
func TestNumbersOrRefusals(t *testing.T) {
	runRefusals(t, termSchema(), []string{
		"ratings with more than 3 or 4 stars",
		"ids of courses offered in Fall of 2009 but not in Spring of 2010",
	})
}

// TestLetterListAnswers: a capital "A" listed with another letter the
// schema holds in the same column is a value, not an article.
func TestLetterListAnswers(t *testing.T) {
	student := table("student", []schema.Column{col("student_id", "INTEGER"), col("name", "TEXT"), complete(col("grade", "TEXT", "A", "B", "C"))})
	student.PrimaryKey = []string{"student_id"}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{student}}
	const want = `{"select":[{"expr":{"col":"student.name"}}],"from":{"table":"student"},"where":{"op":"in","left":{"col":"student.grade"},"values":[{"value":"A"},{"value":"C"}]}}`
	runAnswers(t, s, []answerCase{
		{"names of students who got A or C", want},
		{"names of students who received an A or C", want},
	})
}
