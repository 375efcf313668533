package agent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"querent/internal/agent"
	"querent/internal/llm/llmtest"
	"querent/internal/plan"
)

// previous decodes the plan of a scripted reply, as a session would hold it.
func previous(t *testing.T, question, reply string) *agent.Previous {
	t.Helper()
	var r struct{ Plan *plan.Plan }
	if err := json.Unmarshal([]byte(reply), &r); err != nil {
		t.Fatal(err)
	}
	return &agent.Previous{Question: question, Plan: r.Plan, History: []string{question}}
}

func TestExplicitPatchNeedsNoLLM(t *testing.T) {
	srv := llmtest.NewServer(t) // any call fails the test
	prev := previous(t, listGermansQ, withValue(listGermans, "Germany"))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{
		Previous: prev, Patch: []plan.PatchOp{{Op: "modify_limit", Limit: plan.Int(3)}}, ModificationOptions: true})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.RowCount != 3 || r.LLMCalls != 0 || r.Route != agent.RoutePatch {
		t.Errorf("rows = %d llm_calls = %d route = %q, want 3, 0, patch", r.RowCount, r.LLMCalls, r.Route)
	}
	if r.ModificationOptions == nil || r.ModificationOptions.Limit == nil || *r.ModificationOptions.Limit != 3 {
		t.Errorf("modification_options = %+v, want the current limit 3", r.ModificationOptions)
	}
}

func TestExplicitPatchErrors(t *testing.T) {
	srv := llmtest.NewServer(t)
	a := newAgent(t, srv, agent.Config{})
	r := a.Ask(context.Background(), agent.Request{Patch: []plan.PatchOp{{Op: "modify_limit", Limit: plan.Int(3)}}})
	if r.Error == nil || r.Error.Code != agent.CodeBadRequest || !strings.Contains(r.Error.Message, "no previous answer") {
		t.Errorf("patch without a previous plan: %+v", r.Error)
	}
	prev := previous(t, listGermansQ, withValue(listGermans, "Germany"))
	r = a.Ask(context.Background(), agent.Request{Previous: prev, Patch: []plan.PatchOp{{Op: "add_column", Column: "customers.shoe_size"}}})
	if r.Error == nil || r.Error.Code != agent.CodeBadRequest || !strings.Contains(r.Error.Message, "shoe_size") {
		t.Errorf("patch with an unknown column: %+v", r.Error)
	}
}

func TestFollowUpUpdateByLLM(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"patch": [{"op": "add_filter", "column": "customers.country", "operator": "=", "value": "France"}]}`))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{
		Question: "and in France?", Previous: previous(t, askGermans, goodPlan)})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.Route != agent.RouteUpdate || len(r.Params) != 1 || r.Params[0] != "France" {
		t.Errorf("route = %q params = %v, want update with France replacing Germany", r.Route, r.Params)
	}
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d, want 1", r.LLMCalls)
	}
	prompt := srv.Requests()[0].LastUser()
	for _, want := range []string{askGermans, `"patch"`, "customers.country"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("follow-up prompt lacks %q:\n%s", want, prompt)
		}
	}
}

func TestFollowUpRewriteByLLM(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"plan": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "products"}}}`))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{
		Question: "How many products are there?", Previous: previous(t, askGermans, goodPlan)})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.Route != agent.RouteRewrite || len(r.Params) != 0 {
		t.Errorf("route = %q params = %v, want a rewrite with no filter carried over", r.Route, r.Params)
	}
}

func TestFollowUpBadPatchIsRepaired(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply(`{"patch": [{"op": "add_filter", "column": "customers.nation", "operator": "=", "value": "France"}]}`),
		llmtest.Reply(`{"patch": [{"op": "add_filter", "column": "customers.country", "operator": "=", "value": "France"}]}`))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{
		Question: "and in France?", Previous: previous(t, askGermans, goodPlan)})
	if r.Error != nil || r.Attempts != 2 {
		t.Fatalf("error = %+v attempts = %d", r.Error, r.Attempts)
	}
	if second := srv.Requests()[1].LastUser(); !strings.Contains(second, "nation") {
		t.Errorf("repair prompt does not name the bad column:\n%s", second)
	}
}
