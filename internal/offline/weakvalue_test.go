package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// A value found only among the sampled values of a column with many more
// values links only after its column's name; refused elsewhere, the
// reason names that column and how to ask instead of saying the value
// matches nothing.
func TestWeakValueNamesItsColumn(t *testing.T) {
	flight := table("flight", []schema.Column{col("id", "INTEGER"), col("flight_number", "TEXT", "AA10"), col("origin", "TEXT", "Oslo", "Rome")})
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{flight}}
	p := offline.New(s, offline.Options{Today: today})
	r, tr := p.PlanWithTrace("What are the flight numbers of flights from Oslo?")
	if r.CannotAnswer == "" {
		t.Fatalf("want a refusal, got %s", describeReply(r))
	}
	for _, want := range []string{`"Oslo" is among the sampled values of flight.origin`, `with origin "Oslo"`} {
		if !strings.Contains(r.CannotAnswer, want) {
			t.Errorf("reason %q lacks %q", r.CannotAnswer, want)
		}
	}
	if tr.Refusal != offline.RefusedUnresolved {
		t.Errorf("refusal kind %q, want %q", tr.Refusal, offline.RefusedUnresolved)
	}
	runAnswers(t, s, []answerCase{
		{`What are the flight numbers of flights with origin Oslo?`,
			`{"select":[{"expr":{"col":"flight.flight_number"}}],"from":{"table":"flight"},"where":{"op":"=","left":{"col":"flight.origin"},"right":{"value":"Oslo"}}}`},
	})
}
