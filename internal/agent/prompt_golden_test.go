package agent_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/agent"
	"querent/internal/llm/llmtest"
	"querent/internal/plan"
)

var update = flag.Bool("update", false, "rewrite the prompt golden files")

// staticKnowledge is business context fixed for the golden prompt.
type staticKnowledge struct{}

func (staticKnowledge) Rules(string, int) []string {
	return []string{"Cancelled orders never count as revenue."}
}

func (staticKnowledge) Examples(context.Context, string, int) []agent.Example {
	return []agent.Example{{Question: "How many orders were cancelled?", Plan: &plan.Plan{
		Select: []plan.SelectItem{{Expr: plan.Expr{Agg: "count"}}},
		From:   plan.Source{Table: "orders"},
		Where:  &plan.Cond{Op: "=", Left: &plan.Expr{Col: "orders.status"}, Right: &plan.Expr{Value: "cancelled", ValueSet: true}},
	}}}
}

// TestPlanPromptGolden pins the planning prompt the LLM receives for the
// demo database at each tier: a change to the prompt, the schema rendering
// or the linking shows up as a diff. Regenerate with -update.
func TestPlanPromptGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  agent.Config
	}{
		{"minimal", agent.Config{Tier: plan.TierMinimal}},
		{"standard", agent.Config{Tier: plan.TierStandard, Knowledge: staticKnowledge{}}},
		{"full", agent.Config{Tier: plan.TierFull}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Reply(goodPlan))
			r := newAgent(t, srv, tc.cfg).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
			if r.Error != nil {
				t.Fatalf("error: %+v", r.Error)
			}
			req := srv.Requests()[0]
			got := "=== system\n" + req.System() + "\n=== user\n" + req.LastUser() + "\n"
			path := filepath.Join("testdata", "prompt_"+tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("prompt changed (-want +got); run go test -update if intended:\n%s", d)
			}
		})
	}
}
