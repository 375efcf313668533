package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// courseSchema has courses keyed by a code, with a number of credits and
// a description, and a department shared by many courses.
func courseSchema() *schema.Schema {
	course := table("course", []schema.Column{complete(col("code", "TEXT", "CIS-220", "QM-261", "ACCT-211")), col("credits", "INTEGER"),
		col("description", "TEXT", "Intro to databases"), complete(col("dept", "TEXT", "Accounting", "Marketing", "Economics"))})
	course.PrimaryKey = []string{"code"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{course}}
}

// "How many <numeric column>" about the one row a key names asks for the
// column's value, and a second question after it ("…, and what is its
// description?") for more columns of that row.
func TestOneRowCount(t *testing.T) {
	runAnswers(t, courseSchema(), []answerCase{
		{`How many credits does course CIS-220 have?`,
			`{"from":{"table":"course"},"select":[{"expr":{"col":"course.credits"}}],"where":{"left":{"col":"course.code"},"op":"=","right":{"value":"CIS-220"}}}`},
		{`How many credits does course CIS-220 have, and what is its description?`,
			`{"from":{"table":"course"},"select":[{"expr":{"col":"course.credits"}},{"expr":{"col":"course.description"}}],"where":{"left":{"col":"course.code"},"op":"=","right":{"value":"CIS-220"}}}`},
		{`How many credits does course CIS-220 have, and what its description?`,
			`{"from":{"table":"course"},"select":[{"expr":{"col":"course.credits"}},{"expr":{"col":"course.description"}}],"where":{"left":{"col":"course.code"},"op":"=","right":{"value":"CIS-220"}}}`},
	})
}

// Without one row named, the count stays a count of values or the values
// themselves, and columns beside it are refused.
func TestOneRowCountRefused(t *testing.T) {
	runRefusals(t, courseSchema(), []string{
		`How many credits do the courses have?`,
		`How many credits do courses in dept Accounting have?`,
		`How many credits do courses in dept Accounting have, and what is their description?`,
	})
}
