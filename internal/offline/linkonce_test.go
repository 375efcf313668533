package offline_test

import (
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// The readings tried after a refusal share the question's one linking,
// each on its own copy of the mentions: planned in any order, again and
// again, with and without a trace, a question gets the reply it gets
// alone on a fresh planner.
func TestFallbacksShareOneLinking(t *testing.T) {
	for _, c := range []struct {
		name      string
		s         *schema.Schema
		questions []string
	}{
		{"key verbs", rideSchema(), []string{
			`How many rides ended in Bergen?`,
			`How many rides did not end in Oslo?`,
			`How many rides docked in Oslo?`,
			`How many rides started from each dock?`,
			`How many rides are there?`,
		}},
		{"row nouns", rowNounSchema(), []string{
			`How many calendar items are there?`,
			`What buildings have faculty offices?`,
			`How many females are in the network?`,
			`What is the weather?`,
		}},
		{"pair slips and unknown words", lodgingSchema(), []string{
			`Hw many lodgings are there?`,
			`Hom many lodgings are there?`,
			`Which lodgings have 3 ore more bedrooms? List their names.`,
			`Hxyz many lodgings are there?`,
		}},
	} {
		alone := map[string]string{}
		for _, q := range c.questions {
			alone[q] = describeReply(offline.New(c.s, offline.Options{Today: today}).Plan(q))
		}
		p := offline.New(c.s, offline.Options{Today: today})
		for round := range 2 {
			for i := range c.questions {
				// Each round in another order.
				q := c.questions[(i+round)%len(c.questions)]
				if got := describeReply(p.Plan(q)); got != alone[q] {
					t.Errorf("%s: %q planned among others = %s, alone %s", c.name, q, got, alone[q])
				}
				if got, _ := p.PlanWithTrace(q); describeReply(got) != alone[q] {
					t.Errorf("%s: %q traced = %s, alone %s", c.name, q, describeReply(got), alone[q])
				}
			}
		}
	}
}
