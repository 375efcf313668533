package offline_test

import (
	"slices"
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
)

// trackSchema declares race.track_id as text against track.id, a number, as
// SQLite schemas in the wild do; textMatch says whether the data confirmed
// the key (schema.ForeignKey.TextMatch, set by database.Describe).
func trackSchema(textMatch bool) *schema.Schema {
	key := fk("track_id", "track")
	key.TextMatch = textMatch
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("track", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("location", "TEXT", "Daytona", "Homestead"))}),
		table("race", []schema.Column{col("id", "INTEGER"), col("name", "TEXT"), complete(col("class", "TEXT", "GT", "DP")), col("year", "INTEGER"), col("track_id", "TEXT")}, key),
	}}
}

// joinPairs lists a plan's join pairs, "left=right", at every level.
func joinPairs(p *plan.Plan) []string {
	var out []string
	for _, j := range p.Joins {
		for _, on := range j.On {
			out = append(out, on.Left+"="+on.Right)
		}
		if j.Subquery != nil {
			out = append(out, joinPairs(j.Subquery)...)
		}
	}
	return out
}

func TestTextMatchKeysJoin(t *testing.T) {
	cases := []struct {
		question string
		join     string   // a join pair the plan must hold, or ""
		groupBy  []string // the plan's grouping columns, when it groups
	}{
		{"Show the names of races and the names of their tracks.", "track.id=race.track_id", nil},
		{"What are the names of races held at tracks in Daytona?", "", nil},
		// The text key holds a number's digits: the group is shown by the
		// track's name, not by the key as if it were a code.
		{"How many races are there in each track?", "race.track_id=track.id", []string{"race.track_id", "track.name"}},
		{"Show the names of tracks that have no races.", "", nil},
	}
	s := trackSchema(true)
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, s, c.question)
			if _, diags := plan.Audit(r.Plan, s); diags.HasErrors() {
				t.Fatalf("the audit refuses the plan: %v\n%s", diags, r.Plan)
			}
			pairs := joinPairs(r.Plan)
			if c.join != "" && !slices.ContainsFunc(pairs, func(x string) bool { return strings.EqualFold(x, c.join) || strings.EqualFold(reversed(x), c.join) }) {
				t.Errorf("joins %v, want %s\n%s", pairs, c.join, r.Plan)
			}
			if c.groupBy != nil {
				var got []string
				for _, g := range r.Plan.GroupBy {
					got = append(got, g.Col)
				}
				if !slices.Equal(got, c.groupBy) {
					t.Errorf("groups by %v, want %v\n%s", got, c.groupBy, r.Plan)
				}
			}
		})
	}
}

func reversed(pair string) string {
	l, r, _ := strings.Cut(pair, "=")
	return r + "=" + l
}

// TestTextKeysUnconfirmedRefuse: a key across types the data did not
// confirm joins nothing, so questions needing it are refused.
func TestTextKeysUnconfirmedRefuse(t *testing.T) {
	runRefusals(t, trackSchema(false), []string{
		"Show the names of races and the names of their tracks.",
		"How many races are there in each track?",
	})
}

// TestAfterNeverBoundsACount: "after 2010" places rows in time; it is no
// count of related rows ("tracks with more than 2010 races").
func TestAfterNeverBoundsACount(t *testing.T) {
	s := trackSchema(true)
	p := offline.New(s, offline.Options{Today: today})
	for _, q := range []string{
		"Which tracks served as a race track after 2010?",
		"Which tracks hosted races after 2010?",
	} {
		t.Run(q, func(t *testing.T) {
			r, tr := p.PlanWithTrace(q)
			if r.Plan != nil && r.Plan.Having != nil {
				t.Fatalf("a count bounded by a year:\n%s\n%s", r.Plan, tr)
			}
		})
	}
}

// TestUnconfirmedKeyNamed: a refusal to join along a key the data did not
// confirm names that key, not just the two tables.
func TestUnconfirmedKeyNamed(t *testing.T) {
	p := offline.New(trackSchema(false), offline.Options{Today: today})
	for _, q := range []string{
		"Show the names of races and the names of their tracks.",
		"How many races are there in each track?",
	} {
		t.Run(q, func(t *testing.T) {
			r := p.Plan(q)
			if r.Plan != nil {
				t.Fatalf("answered: %s", r.Plan)
			}
			if !strings.Contains(r.CannotAnswer, "race.track_id → track.id pairs text with integer values") {
				t.Errorf("the refusal does not name the key: %q", r.CannotAnswer)
			}
		})
	}
}
