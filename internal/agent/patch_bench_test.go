package agent_test

import (
	"context"
	"testing"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/openai"
	"querent/internal/plan"
	"querent/internal/schema"
)

// llmLatency is the scripted model's time to plan. Hosted models take about
// a second for a structured plan and local 7–8B models several; 300 ms is
// deliberately fast, so the ratio below is a floor.
const llmLatency = 300 * time.Millisecond

// BenchmarkFirstAnswerLLM and BenchmarkPatchAnswer run side by side: the
// first plans a question with the LLM, the second re-executes the same
// answer with a patch (limit 3), which needs no model call. Issue 6 asks
// for the patch to be at least 100× faster.
func BenchmarkFirstAnswerLLM(b *testing.B) {
	db, s := openDemoB(b)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		srv := llmtest.NewServer(b, slowPlan())
		a := llmAgent(b, srv, db, s)
		b.StartTimer()
		if r := a.Ask(context.Background(), agent.Request{Question: "Which customers live in Germany?"}); r.Error != nil {
			b.Fatal(r.Error)
		}
	}
}

func BenchmarkPatchAnswer(b *testing.B) {
	db, s := openDemoB(b)
	a := llmAgent(b, llmtest.NewServer(b, slowPlan()), db, s)
	first := a.Ask(context.Background(), agent.Request{Question: "Which customers live in Germany?"})
	if first.Error != nil {
		b.Fatal(first.Error)
	}
	prev := &agent.Previous{Question: first.Question, Plan: first.Plan, History: []string{first.Question}}
	patch := []plan.PatchOp{{Op: "modify_limit", Limit: plan.Int(3)}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := a.Ask(context.Background(), agent.Request{Previous: prev, Patch: patch})
		if r.Error != nil || r.RowCount != 3 || r.LLMCalls != 0 {
			b.Fatalf("patch: %+v rows %d calls %d", r.Error, r.RowCount, r.LLMCalls)
		}
	}
}

const goodListPlan = `{"plan": {"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.country"}, "right": {"value": "Germany"}}}}`

// slowPlan is a scripted plan that takes llmLatency to arrive.
func slowPlan() llmtest.Step {
	return llmtest.Func(func(llmtest.Request) llmtest.Step {
		time.Sleep(llmLatency)
		return llmtest.Reply(goodListPlan)
	})
}

func llmAgent(tb testing.TB, srv *llmtest.Server, db database.Engine, s *schema.Schema) *agent.Agent {
	tb.Helper()
	m, err := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: llmtest.DefaultModel, Timeout: 5 * time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	a, err := agent.New(db, s, m, nil, agent.Config{Planner: "llm"}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return a
}
