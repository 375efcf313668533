package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"querent/internal/llm"
	"querent/internal/schema"
	"querent/internal/write"
)

// ProposedWrite is a data change the LLM planned for a question, when an
// administrator allowed writes for the database. The agent never runs it:
// the front end previews it in a transaction that is rolled back (rows it
// would change), and applies it only on explicit confirmation, audited.
type ProposedWrite struct {
	SQL    string `json:"sql"`
	Params []any  `json:"params"`
	Reason string `json:"reason,omitempty"`
}

// writeReply is the LLM's answer to a data-change request.
type writeReply struct {
	SQL          string `json:"sql"`
	Params       []any  `json:"params"`
	Reason       string `json:"reason"`
	CannotAnswer string `json:"cannot_answer"`
}

var writeSchema = json.RawMessage(`{"type":"object","properties":{"sql":{"type":"string"},"params":{"type":"array","items":{"type":["string","number","boolean","null"]}},"reason":{"type":"string"},"cannot_answer":{"type":"string"}},"additionalProperties":false}`)

// placeholders names each dialect's parameter marker for the write prompt.
var placeholders = map[string]string{
	"postgres": "$1, $2, …", "sqlserver": "@p1, @p2, …",
	"sqlite": "?", "mysql": "?", "duckdb": "?",
}

// planWrite asks the LLM for one INSERT, UPDATE or DELETE answering a
// data-change request. A statement that fails the engine-independent write
// check is sent back once per remaining attempt; what passes is returned as
// a proposal with the needs_confirmation code — nothing has run.
func (r *run) planWrite(ctx context.Context) node {
	a := r.agent
	var lastErr string
	for r.attempt <= a.cfg.MaxAttempts {
		start := time.Now()
		msgs, err := renderPair("write", struct {
			Dialect, Placeholder, Schema, Question, Failure string
		}{a.db.Name(), placeholders[a.db.Name()], r.linked.RenderWith(schema.RenderOptions{Tier: string(a.cfg.Tier), Brief: r.brief}), r.question, lastErr})
		if err != nil {
			return r.fail(&Error{Code: CodeInternal, Message: err.Error()})
		}
		resp, err := r.generate(ctx, llm.Request{Messages: msgs, Schema: writeSchema, SchemaName: "write_reply", Temperature: 0})
		if err != nil {
			r.event("plan", start, "LLM call failed", err.Error())
			if b, ok := err.(errBudget); ok {
				return r.fail(&Error{Code: CodeLLM, Message: b.Error(), Hint: "raise max_llm_calls"})
			}
			return r.fail(llmFailure(err))
		}
		var w writeReply
		if err := json.Unmarshal([]byte(llm.ExtractJSON(resp.Text)), &w); err != nil {
			lastErr = "the reply was not the JSON object asked for: " + err.Error()
		} else if w.CannotAnswer != "" {
			r.event("plan", start, "LLM cannot plan the change", w.CannotAnswer)
			return r.fail(&Error{Code: CodeCannotAnswer, Message: w.CannotAnswer, Hint: "or write the statement yourself: querent sql \"UPDATE …\""})
		} else if _, err := write.CheckText(w.SQL, "INSERT", "UPDATE", "DELETE"); err != nil {
			lastErr = err.Error()
		} else {
			if w.Params == nil {
				w.Params = []any{}
			}
			r.resp.Write = &ProposedWrite{SQL: strings.TrimSpace(w.SQL), Params: w.Params, Reason: w.Reason}
			r.resp.SQL, r.resp.Params, r.resp.Planner, r.resp.Attempts = r.resp.Write.SQL, w.Params, a.model.Name(), r.attempt
			r.event("plan", start, "planned a data change (not run)", r.resp.Write.SQL)
			return r.fail(&Error{Code: CodeNeedsConfirmation, Message: "this question changes data; nothing has been changed",
				Hint: "querent previews the change (rows it would change) and applies it only with --confirm"})
		}
		r.event("plan", start, "the planned change is not one INSERT, UPDATE or DELETE", lastErr)
		r.attempt++
	}
	return r.fail(&Error{Code: CodeCannotAnswer, Message: fmt.Sprintf("no valid data change after %d attempts: %s", a.cfg.MaxAttempts, lastErr), Hint: "write the statement yourself: querent sql \"UPDATE …\""})
}
