package agent_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/agent"
	"querent/internal/database"
	_ "querent/internal/database/sqlite"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/openai"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
)

// demoPath is the demo database TestMain writes.
var demoPath string

func openDemo(t *testing.T) (database.Engine, *schema.Schema) {
	t.Helper()
	db, err := database.Open(context.Background(), "sqlite:"+demoPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s, err := db.Introspect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return db, s
}

// newAgent returns an agent whose only planner is the scripted LLM server.
func newAgent(t *testing.T, srv *llmtest.Server, cfg agent.Config) *agent.Agent {
	t.Helper()
	db, s := openDemo(t)
	m, err := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: llmtest.DefaultModel, Timeout: 2 * time.Second, MaxRetries: 2, MaxRetryWait: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Planner == "" {
		cfg.Planner = "llm"
	}
	a, err := agent.New(db, s, m, nil, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

const (
	goodPlan      = `{"plan": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.country"}, "right": {"value": "Germany"}}}}`
	missingColumn = `{"plan": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.nation"}, "right": {"value": "Germany"}}}}`
)

// nodes lists the trace as "node:attempt:decision-prefix" for exact
// comparison of the path a question took.
func nodes(r *agent.Response) []string {
	var out []string
	for _, ev := range r.Trace {
		out = append(out, ev.Node)
	}
	return out
}

func wantGermanCount(t *testing.T, r *agent.Response) {
	t.Helper()
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if len(r.Rows) != 1 || len(r.Rows[0]) != 1 {
		t.Fatalf("rows = %v, want one count", r.Rows)
	}
	if n, ok := r.Rows[0][0].(int64); !ok || n <= 0 {
		t.Errorf("count = %v (%T), want a positive int64", r.Rows[0][0], r.Rows[0][0])
	}
	if len(r.Params) != 1 || r.Params[0] != "Germany" {
		t.Errorf("params = %v, want [Germany] bound, not inlined", r.Params)
	}
	if strings.Contains(r.SQL, "Germany") {
		t.Errorf("the value leaked into the SQL text: %s", r.SQL)
	}
}

func TestMissingColumnThenGoodPlan(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(missingColumn), llmtest.Reply(goodPlan))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
	wantGermanCount(t, r)
	if r.Attempts != 2 || r.LLMCalls != 2 {
		t.Errorf("attempts = %d, llm_calls = %d, want 2 and 2", r.Attempts, r.LLMCalls)
	}
	want := []string{"resolve", "link", "plan", "audit", "repair", "plan", "audit", "compile", "validate", "execute", "answer"}
	if diff := cmp.Diff(want, nodes(r)); diff != "" {
		t.Errorf("trace (-want +got):\n%s", diff)
	}
	// The second prompt must carry the first failure with the nearest real column.
	reqs := srv.Requests()
	second := reqs[1].LastUser()
	if !strings.Contains(second, "nation") || !strings.Contains(second, "country") {
		t.Errorf("repair prompt does not name the unknown column and its nearest match:\n%s", second)
	}
	if !reqs[0].HasSchema() {
		t.Error("the plan request did not send the Plan's JSON Schema")
	}
}

func TestThreeBadPlansAskForClarification(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(missingColumn), llmtest.Reply(missingColumn), llmtest.Reply(`{"plan": {"from": {"table": "citizens"}}}`))
	r := newAgent(t, srv, agent.Config{MaxAttempts: 3}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
	if r.Error == nil || r.Error.Code != agent.CodeNeedsClarification {
		t.Fatalf("error = %+v, want needs_clarification", r.Error)
	}
	if r.Clarification == nil || len(r.Clarification.Questions) == 0 {
		t.Fatal("no clarification questions")
	}
	q := r.Clarification.Questions[0].Text
	for _, want := range []string{"3 attempts", "attempt 1", "attempt 3", "nation", "citizens"} {
		if !strings.Contains(q, want) {
			t.Errorf("clarification does not mention %q:\n%s", want, q)
		}
	}
	if r.Attempts != 3 || r.LLMCalls != 3 {
		t.Errorf("attempts = %d, llm_calls = %d, want 3 and 3", r.Attempts, r.LLMCalls)
	}
	if got := nodes(r)[len(r.Trace)-1]; got != "clarify" {
		t.Errorf("last node = %s, want clarify", got)
	}
}

func TestMalformedReplyIsRepaired(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"plan": {"select": [`), llmtest.Reply(`{"plan": {"from": {"table": "customers"}, "filters": []}}`), llmtest.Reply(goodPlan))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
	wantGermanCount(t, r)
	if r.Attempts != 3 {
		t.Errorf("attempts = %d, want 3", r.Attempts)
	}
	third := srv.Requests()[2].LastUser()
	if !strings.Contains(third, "filters") {
		t.Errorf("repair prompt does not say the invented key was wrong:\n%s", third)
	}
}

func TestRateLimitThenSuccess(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(429, "slow down").WithHeader("Retry-After", "0"), llmtest.Reply(goodPlan))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
	wantGermanCount(t, r)
	if r.Attempts != 1 {
		t.Errorf("attempts = %d, want 1: a rate limit is retried by the adapter, not a new attempt", r.Attempts)
	}
}

func TestLLMTimeoutIsTypedAndDoesNotHang(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Hang())
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan *agent.Response, 1)
	go func() {
		done <- newAgent(t, srv, agent.Config{}).Ask(ctx, agent.Request{Question: "How many customers live in Germany?"})
	}()
	select {
	case r := <-done:
		if r.Error == nil || r.Error.Code != agent.CodeTimeout {
			t.Fatalf("error = %+v, want timeout", r.Error)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Ask hung past its deadline")
	}
}

func TestAuthErrorIsFinal(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(401, "bad key"))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germany?"})
	if r.Error == nil || r.Error.Code != agent.CodeLLM {
		t.Fatalf("error = %+v, want llm_error", r.Error)
	}
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d, want 1: an auth failure is not retried", r.LLMCalls)
	}
}

func TestRawSQLEscapeHatchIsGuarded(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply(`{"plan": {"raw_sql": "DELETE FROM customers"}}`),
		llmtest.Reply(`{"plan": {"raw_sql": "SELECT count(*) AS n FROM customers"}}`))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers are there?"})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.Attempts != 2 || r.RowCount != 1 {
		t.Errorf("attempts = %d rows = %d, want the DELETE refused and the SELECT answered", r.Attempts, r.RowCount)
	}
	if second := srv.Requests()[1].LastUser(); !strings.Contains(second, "forbidden") {
		t.Errorf("repair prompt does not say the DELETE was refused:\n%s", second)
	}
}

func TestOfflineFirstCostsNoLLMCall(t *testing.T) {
	srv := llmtest.NewServer(t) // any call fails the test
	db, s := openDemo(t)
	m, err := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: llmtest.DefaultModel})
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(db, s, m, offline.New(s, offline.Options{}), agent.Config{Planner: "auto"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := a.Ask(context.Background(), agent.Request{Question: "How many customers are there?"})
	if r.Error != nil || r.LLMCalls != 0 || r.Planner != "offline" {
		t.Fatalf("error=%+v llm_calls=%d planner=%q, want answered offline with 0 calls", r.Error, r.LLMCalls, r.Planner)
	}
	if r.Rows[0][0] != int64(300) {
		t.Errorf("count = %v, want 300", r.Rows[0][0])
	}
}

func TestEveryEventIsStreamed(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan))
	var streamed []string
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{
		Question: "How many customers live in Germany?",
		OnEvent:  func(ev agent.Event) { streamed = append(streamed, ev.Node) },
	})
	if diff := cmp.Diff(nodes(r), streamed); diff != "" {
		t.Errorf("streamed events differ from the trace (-trace +streamed):\n%s", diff)
	}
}

func TestWriteQuestionIsRefusedWithoutAnLLMCall(t *testing.T) {
	srv := llmtest.NewServer(t) // any call fails the test
	db, s := openDemo(t)
	m, err := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: llmtest.DefaultModel})
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(db, s, m, offline.New(s, offline.Options{}), agent.Config{Planner: "auto"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"delete all orders", "drop the customers table", "update the price of product 3"} {
		r := a.Ask(context.Background(), agent.Request{Question: q})
		if r.Error == nil || r.Error.Code != agent.CodeCannotAnswer || r.LLMCalls != 0 {
			t.Errorf("%q: error %+v with %d LLM calls, want cannot_answer with none", q, r.Error, r.LLMCalls)
		}
	}
}

func TestNewRefusesLLMPlannerWithoutModel(t *testing.T) {
	db, s := openDemo(t)
	if _, err := agent.New(db, s, nil, offline.New(s, offline.Options{}), agent.Config{Planner: "llm"}, nil); err == nil {
		t.Error("an agent whose only planner is a missing LLM was built")
	}
}

// TestOfflineFailureWithoutLLMIsFinal: with no LLM, a failed offline plan
// cannot be repaired, and the response says how an LLM would help.
func TestOfflinePlanFailureWithoutLLM(t *testing.T) {
	db, s := openDemo(t)
	a, err := agent.New(db, s, nil, brokenPlanner{}, agent.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := a.Ask(context.Background(), agent.Request{Question: "anything"})
	if r.Error == nil || !strings.Contains(r.Error.Hint, "LLM") || r.Attempts != 1 {
		t.Errorf("error %+v after %d attempts, want one final failure hinting at an LLM", r.Error, r.Attempts)
	}
}

// brokenPlanner returns a plan that fails past the audit: its raw SQL
// names a table that does not exist.
type brokenPlanner struct{}

func (brokenPlanner) PlanWithTrace(string) (*plan.Reply, offline.Trace) {
	return &plan.Reply{Plan: &plan.Plan{RawSQL: "SELECT * FROM nowhere"}}, offline.Trace{}
}
