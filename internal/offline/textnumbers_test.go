package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// coasterSchema: a table whose measures are declared as text while every
// stored value is a number, as loosely typed schemas do. speed's values
// are of one width (text order is numeric order); dose's are not ("5"
// sorts after "10" as text); grade holds words; zip holds zero-padded
// codes; section holds numbers that label, not count; weight shows two
// numbers of a longer list.
func coasterSchema() *schema.Schema {
	ride := table("rides", []schema.Column{
		col("id", "INTEGER"),
		col("name", "TEXT"),
		complete(col("speed", "VARCHAR(10)", "55", "61", "73")),
		complete(col("height", "VARCHAR(10)", "12.5", "30.25", "44.0")),
		complete(col("dose", "TEXT", "5", "10")),
		complete(col("grade", "TEXT", "A", "B")),
		complete(col("zip", "TEXT", "02134", "10115")),
		complete(col("section", "TEXT", "1", "2", "3")),
		col("weight", "TEXT", "500", "620"), // a few values of many: not enough to say
	})
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{ride}}
}

// TestTextNumbersAnswers: a text column of numbers is ranked and
// aggregated as a number: sums and averages through a cast (whole
// numbers as integers, others as reals), rankings, maxima and minima on
// the stored text when it orders as the numbers do.
func TestTextNumbersAnswers(t *testing.T) {
	runAnswers(t, coasterSchema(), []answerCase{
		{"What is the average speed of rides?", `{"select":[{"expr":{"agg":"avg","arg":{"func":"cast_int","args":[{"col":"rides.speed"}]}}}],"from":{"table":"rides"}}`},
		{"What is the total height of rides?", `{"select":[{"expr":{"agg":"sum","arg":{"func":"cast_real","args":[{"col":"rides.height"}]}}}],"from":{"table":"rides"}}`},
		{"Show the name of the ride with the highest speed.", `{"select":[{"expr":{"col":"rides.name"}}],"from":{"table":"rides"},"order_by":[{"expr":{"col":"rides.speed"},"desc":true}],"limit":1}`},
		{"What is the maximum speed of rides?", `{"select":[{"expr":{"agg":"max","arg":{"col":"rides.speed"}}}],"from":{"table":"rides"}}`},
		{"Names of rides whose speed is above the average speed.", `{"select":[{"expr":{"col":"rides.name"}}],"from":{"table":"rides"},"where":{"op":">","left":{"func":"cast_int","args":[{"col":"rides.speed"}]},"right":{"subquery":{"select":[{"expr":{"agg":"avg","arg":{"func":"cast_int","args":[{"col":"rides.speed"}]}}}],"from":{"table":"rides"}}}}}`},
	})
}

// TestTextNumbersRefusals: a ranking of numbers whose text order is not
// their numeric order, and sums of words or of zero-padded codes, are
// refused with the reason.
func TestTextNumbersRefusals(t *testing.T) {
	p := offline.New(coasterSchema(), offline.Options{Today: today})
	for _, c := range []struct{ question, reason string }{
		{"Show the name of the ride with the highest dose.", "order differently as text and as numbers"},
		{"What is the maximum dose of rides?", "order differently as text and as numbers"},
		{"What is the average grade of rides?", "is not a numeric column"},
		{"What is the total zip of rides?", "is not a numeric column"},
		{"What is the average weight of rides?", "is not a numeric column"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan != nil {
				t.Fatalf("answered a question it should refuse:\n%s\n%s", r.Plan, tr)
			}
			if !strings.Contains(r.CannotAnswer, c.reason) {
				t.Fatalf("reason %q does not say %q", r.CannotAnswer, c.reason)
			}
		})
	}
}

// TestTextNumbersLabels: "how many sections" over a text column of
// numbers that labels rather than counts still counts its distinct
// values, as for any text column.
func TestTextNumbersLabels(t *testing.T) {
	runAnswers(t, coasterSchema(), []answerCase{
		{"How many sections are there?", `{"select":[{"expr":{"agg":"count_distinct","arg":{"col":"rides.section"}}}],"from":{"table":"rides"}}`},
	})
}
