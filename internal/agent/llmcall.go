package agent

import (
	"context"
	"fmt"

	"querent/internal/llm"
)

// errBudget is returned by generate when the question has used every LLM
// call it may make (Config.MaxLLMCalls).
type errBudget struct{ limit int }

func (e errBudget) Error() string {
	return fmt.Sprintf("the question used its budget of %d LLM calls", e.limit)
}

// generate is the one place the agent calls the model: it enforces the
// per-question call budget and accounts calls and tokens in the response, so
// llm_calls is exact whatever node made the call.
func (r *run) generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	if limit := r.agent.cfg.MaxLLMCalls; r.resp.LLMCalls >= limit {
		return nil, errBudget{limit}
	}
	resp, err := r.agent.model.Generate(ctx, req)
	r.resp.LLMCalls++
	if resp != nil {
		r.resp.Tokens.Prompt += resp.Usage.PromptTokens
		r.resp.Tokens.Completion += resp.Usage.CompletionTokens
	}
	return resp, err
}

// budgetLeft reports whether another LLM call fits the budget: optional
// calls (judge, explanation) are skipped rather than failing the question.
func (r *run) budgetLeft() bool { return r.resp.LLMCalls < r.agent.cfg.MaxLLMCalls }
