package offline_test

import (
	"fmt"
	"sync"
	"testing"

	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
)

// wideRideSchema is rideSchema among n more tables, each referring to the
// one before it: the schema size at which a second lexicon per key choice
// would cost most.
func wideRideSchema(n int) *schema.Schema {
	s := rideSchema()
	for i := range n {
		name := fmt.Sprintf("ledger%d", i)
		cols := []schema.Column{col("id", "INTEGER"), col("memo", "TEXT"), col("prior_id", "INTEGER")}
		var fks []schema.ForeignKey
		if i > 0 {
			fks = append(fks, fk("prior_id", fmt.Sprintf("ledger%d", i-1)))
		}
		s.Tables = append(s.Tables, table(name, cols, fks...))
	}
	return s
}

// A key chosen by a verb holds for the question it was chosen for only:
// one planner answers along either key, whichever is asked first and
// from several goroutines at once, and a question that picks no key is
// refused before and after, the two keys still unjoinable for it.
func TestKeyChoicePerQuestion(t *testing.T) {
	s := wideRideSchema(200)
	p := offline.New(s, offline.Options{Today: today})
	cases := []answerCase{
		{`How many rides ended in Bergen?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.end_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.city"},"right":{"value":"Bergen"}}}`},
		{`How many rides started in Bergen?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.start_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.city"},"right":{"value":"Bergen"}}}`},
	}
	const unpicked = `For each ride, return its ending dock's city.`
	refused := func() {
		t.Helper()
		if r := p.Plan(unpicked); r.Plan != nil {
			t.Fatalf("%q answered without a key chosen: %s", unpicked, r.Plan)
		}
	}
	refused()
	// Planned concurrently, compared afterwards: t.Fatal belongs to the
	// test's own goroutine.
	got := make([]*plan.Reply, 4*len(cases))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = p.Plan(cases[i%len(cases)].question) })
	}
	wg.Wait()
	for i, r := range got {
		c := cases[i%len(cases)]
		if r.Plan == nil {
			t.Fatalf("%q: no plan: %s", c.question, describeReply(r))
		}
		if d := cmpPlan(t, c.want, r.Plan); d != "" {
			t.Fatalf("%q: plan mismatch (-want +got):\n%s", c.question, d)
		}
	}
	refused()
}

// BenchmarkPlanKeyChoice measures the first key-choice question a fresh
// planner of a wide schema answers: what choosing the key costs beyond
// the planner itself (built outside the timer).
func BenchmarkPlanKeyChoice(b *testing.B) {
	s := wideRideSchema(200)
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		p := offline.New(s, offline.Options{Today: today})
		b.StartTimer()
		if r := p.Plan(`How many rides ended in Bergen?`); r.Plan == nil {
			b.Fatal(r.CannotAnswer)
		}
	}
}

// A measure over the table whose key is chosen is computed over the
// rows joined along that key, its name read as on any question.
func TestKeyChoiceMeasure(t *testing.T) {
	d := plan.Col("ride.duration")
	ridden := plan.Measure{Name: "ride time", Expr: plan.Expr{Agg: "sum", Arg: &d}}
	p := offline.New(wideRideSchema(20), offline.Options{Today: today, Measures: []plan.Measure{ridden}})
	for _, c := range []answerCase{
		{`What is the ride time of rides that ended in Bergen?`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"ride.duration"}}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.end_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.city"},"right":{"value":"Bergen"}}}`},
		{`What is the ride time of rides that started in Oslo?`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"ride.duration"}}}],"from":{"table":"ride"},"joins":[{"type":"inner","table":"dock","on":[{"left":"ride.start_dock_id","right":"dock.id"}]}],"where":{"op":"=","left":{"col":"dock.city"},"right":{"value":"Oslo"}}}`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
			}
			if d := cmpPlan(t, c.want, r.Plan); d != "" {
				t.Fatalf("plan mismatch (-want +got):\n%s\n%s", d, tr)
			}
		})
	}
}
