package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/agent"
	"querent/internal/llm/llmtest"
)

const (
	listGermans  = `{"plan": {"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.country"}, "right": {"value": "%s"}}}}`
	countAll     = `{"plan": {"select": [{"expr": {"agg": "count"}, "alias": "n"}], "from": {"table": "customers"}}}`
	verdictOK    = `{"correct": true, "reason": "counts the German customers"}`
	verdictWrong = `{"correct": false, "reason": "the question asks for customers in Germany but the plan counts every customer"}`
	askGermans   = "How many customers live in Germany?"
	listGermansQ = "Which customers live in Germany?"
)

func withValue(format, value string) string { return strings.Replace(format, "%s", value, 1) }

// The happy path costs exactly one LLM call without explanation, two with it.
func TestLLMCallsOnTheHappyPath(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d without explanation, want 1", r.LLMCalls)
	}

	srv = llmtest.NewServer(t, llmtest.Reply(goodPlan), llmtest.Func(func(req llmtest.Request) llmtest.Step {
		// The explanation prompt shows the result, so prose can be checked.
		n := ""
		for _, line := range strings.Split(req.LastUser(), "\n") {
			if line != "" && line[0] >= '0' && line[0] <= '9' {
				n = line
			}
		}
		return llmtest.Reply("There are " + n + " customers in Germany.")
	}))
	r = newAgent(t, srv, agent.Config{Explain: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if r.LLMCalls != 2 {
		t.Errorf("llm_calls = %d with explanation, want 2", r.LLMCalls)
	}
	want := "There are " + agent.FormatValue(r.Rows[0][0]) + " customers in Germany."
	if r.Answer != want {
		t.Errorf("answer = %q, want %q", r.Answer, want)
	}
	if r.Summary == "" || r.Summary == r.Answer {
		t.Errorf("summary = %q: the deterministic summary must stay beside the prose", r.Summary)
	}
	if reqs := srv.Requests(); reqs[1].HasSchema() {
		t.Error("the explanation asked for JSON; it is prose")
	}
}

func TestJudgeRejectsThenFixed(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Reply(countAll), llmtest.Reply(verdictWrong),
		llmtest.Reply(goodPlan), llmtest.Reply(verdictOK))
	r := newAgent(t, srv, agent.Config{Evaluate: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if r.Attempts != 2 || r.LLMCalls != 4 {
		t.Errorf("attempts = %d, llm_calls = %d, want 2 and 4", r.Attempts, r.LLMCalls)
	}
	want := []string{"resolve", "link", "plan", "audit", "compile", "validate", "execute", "evaluate",
		"plan", "audit", "compile", "validate", "execute", "evaluate", "answer"}
	if d := cmp.Diff(want, nodes(r)); d != "" {
		t.Errorf("trace (-want +got):\n%s", d)
	}
	if second := srv.Requests()[2].LastUser(); !strings.Contains(second, "counts every customer") {
		t.Errorf("the re-plan prompt does not carry the judge's reason:\n%s", second)
	}
}

func TestJudgeDoubtsWithNoAttemptsLeft(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(countAll), llmtest.Reply(verdictWrong))
	r := newAgent(t, srv, agent.Config{Evaluate: true, MaxAttempts: 1}).Ask(context.Background(), agent.Request{Question: askGermans})
	if r.Error != nil || r.RowCount != 1 {
		t.Fatalf("error = %+v rows = %d: a doubted answer is still shown", r.Error, r.RowCount)
	}
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "doubts") {
		t.Errorf("notes = %v, want the judge's doubt", r.Notes)
	}
}

func TestJudgeUnreadableVerdictKeepsTheAnswer(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan), llmtest.Reply("looks fine to me"))
	r := newAgent(t, srv, agent.Config{Evaluate: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "not evaluated") {
		t.Errorf("notes = %v", r.Notes)
	}
}

func TestEmptyResultValueCorrected(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(withValue(listGermans, "germny")))
	r := newAgent(t, srv, agent.Config{RefineCount: 2}).Ask(context.Background(), agent.Request{Question: listGermansQ})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.RowCount == 0 || r.Params[0] != "Germany" {
		t.Fatalf("rows = %d params = %v, want the value corrected to Germany and rows", r.RowCount, r.Params)
	}
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d: a value correction needs no LLM call", r.LLMCalls)
	}
	want := []string{"resolve", "link", "plan", "audit", "compile", "validate", "execute", "refine", "compile", "validate", "execute", "answer"}
	if d := cmp.Diff(want, nodes(r)); d != "" {
		t.Errorf("trace (-want +got):\n%s", d)
	}
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0], `"Germany"`) {
		t.Errorf("notes = %v, want the correction shown", r.Notes)
	}
}

func TestEmptyResultExplainedWhenProven(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(withValue(listGermans, "Atlantis")))
	r := newAgent(t, srv, agent.Config{RefineCount: 2}).Ask(context.Background(), agent.Request{Question: "Which customers live in Atlantis?"})
	if r.Error != nil || r.RowCount != 0 {
		t.Fatalf("error = %+v rows = %d", r.Error, r.RowCount)
	}
	if !strings.Contains(r.Answer, `"Atlantis"`) || !strings.Contains(r.Answer, `"Germany"`) {
		t.Errorf("answer = %q, want why nothing matched and the values that exist", r.Answer)
	}
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d: a value proven absent is not re-planned", r.LLMCalls)
	}
}

func TestEmptyResultRefinedByLLM(t *testing.T) {
	// The name filter matches nothing, and names are too many to be listed
	// completely, so the LLM is asked again, told which filter failed.
	byName := `{"plan": {"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.last_name"}, "right": {"value": "Nobody Atall"}}}}`
	srv := llmtest.NewServer(t, llmtest.Reply(byName), llmtest.Reply(withValue(listGermans, "Germany")))
	r := newAgent(t, srv, agent.Config{RefineCount: 1}).Ask(context.Background(), agent.Request{Question: "Which customers live in Germany?"})
	if r.Error != nil || r.RowCount == 0 {
		t.Fatalf("error = %+v rows = %d", r.Error, r.RowCount)
	}
	if r.LLMCalls != 2 {
		t.Errorf("llm_calls = %d, want 2", r.LLMCalls)
	}
	if second := srv.Requests()[1].LastUser(); !strings.Contains(second, "no rows") || !strings.Contains(second, "Nobody Atall") {
		t.Errorf("refine prompt does not say what matched nothing:\n%s", second)
	}
}

func TestEmptyResultLLMConfirmsNothingMatches(t *testing.T) {
	byName := `{"plan": {"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.last_name"}, "right": {"value": "Nobody Atall"}}}}`
	srv := llmtest.NewServer(t, llmtest.Reply(byName), llmtest.Reply(`{"cannot_answer": "no customer has that name"}`))
	r := newAgent(t, srv, agent.Config{RefineCount: 1}).Ask(context.Background(), agent.Request{Question: "What is Nobody Atall's email?"})
	if r.Error != nil || r.RowCount != 0 {
		t.Fatalf("error = %+v rows = %d: an empty answer is an answer", r.Error, r.RowCount)
	}
	if !strings.Contains(r.Answer, "no customer has that name") {
		t.Errorf("answer = %q", r.Answer)
	}
}

func TestLLMCallBudget(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(missingColumn), llmtest.Reply(missingColumn))
	r := newAgent(t, srv, agent.Config{MaxLLMCalls: 2}).Ask(context.Background(), agent.Request{Question: askGermans})
	if r.Error == nil || r.Error.Code != agent.CodeLLM || !strings.Contains(r.Error.Message, "budget of 2") {
		t.Fatalf("error = %+v, want the budget named", r.Error)
	}
	if r.LLMCalls != 2 || len(srv.Requests()) != 2 {
		t.Errorf("llm_calls = %d, requests = %d, want 2 and 2", r.LLMCalls, len(srv.Requests()))
	}
	// Optional calls are skipped, not failed, when the budget is spent.
	srv = llmtest.NewServer(t, llmtest.Reply(goodPlan))
	r = newAgent(t, srv, agent.Config{MaxLLMCalls: 1, Explain: true, Evaluate: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if r.LLMCalls != 1 {
		t.Errorf("llm_calls = %d, want 1", r.LLMCalls)
	}
}

func TestWrongNumberInProseIsCorrected(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan), llmtest.Reply("There are 999 customers in Germany."))
	r := newAgent(t, srv, agent.Config{Explain: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	want := "There are " + agent.FormatValue(r.Rows[0][0]) + " customers in Germany."
	if r.Answer != want {
		t.Errorf("answer = %q, want the calculator's correction %q", r.Answer, want)
	}
	if len(r.Verification) != 1 || r.Verification[0].Old != "999" {
		t.Errorf("verification = %+v, want 999 corrected", r.Verification)
	}
}

func TestInventedNumberIsDropped(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan), llmtest.Reply("Germany has many customers. Their number grew 17% last year."))
	r := newAgent(t, srv, agent.Config{Explain: true}).Ask(context.Background(), agent.Request{Question: askGermans})
	wantGermanCount(t, r)
	if strings.Contains(r.Answer, "17%") || !strings.Contains(r.Answer, "many customers") {
		t.Errorf("answer = %q: want the sentence with an unsupported number dropped and the rest kept", r.Answer)
	}
	if len(r.Verification) != 1 || r.Verification[0].Kind != "dropped" {
		t.Errorf("verification = %+v", r.Verification)
	}
}

func TestPromptGroundsValuesEvenMisspelt(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(goodPlan))
	r := newAgent(t, srv, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers live in Germny?"})
	wantGermanCount(t, r)
	prompt := srv.Requests()[0].LastUser()
	if !strings.Contains(prompt, `"Germny" is customers.country = "Germany" (spelt differently`) {
		t.Errorf("the prompt does not ground the misspelt value:\n%s", prompt)
	}
}
