package agent

import (
	"errors"
	"time"

	"querent/internal/answer"
	"querent/internal/plan"
)

// Response is everything querent says about one question. The CLI prints it,
// the API returns it as JSON; its field names are the documented contract.
type Response struct {
	Question string `json:"question"`
	// Answer is a short prose answer; numbers in it come from Rows (an LLM's
	// explanation is checked by the calculator before it gets here).
	Answer string `json:"answer"`
	// Summary is the deterministic account of the result, always present
	// with rows, whatever the LLM wrote.
	Summary string `json:"summary,omitempty"`
	// Notes are remarks the user should see: a corrected value, a number
	// fixed in the prose, a check that doubts the answer.
	Notes []string `json:"notes,omitempty"`
	// Verification lists what the calculator changed in the LLM's prose.
	Verification []answer.Finding `json:"verification,omitempty"`
	SQL          string           `json:"sql"`
	Params       []any            `json:"params"`
	Columns      []string         `json:"columns"`
	Rows         [][]any          `json:"rows"`
	// RowCount is len(Rows); Truncated says more rows existed than RowLimit.
	RowCount  int  `json:"row_count"`
	Truncated bool `json:"truncated"`
	// RawRows are the records behind an aggregate answer (see issue on the
	// full conversation); nil when not computed.
	RawRows [][]any `json:"raw_rows"`
	// RawColumns name the columns of RawRows.
	RawColumns []string   `json:"raw_columns,omitempty"`
	Chart      any        `json:"chart"`
	Plan       *plan.Plan `json:"plan"`
	TablesUsed []string   `json:"tables_used"`
	Dialect    string     `json:"dialect"`
	// Planner is "offline" or the LLM's name.
	Planner  string  `json:"planner,omitempty"`
	Attempts int     `json:"attempts"`
	LLMCalls int     `json:"llm_calls"`
	Tokens   Tokens  `json:"tokens"`
	Trace    []Event `json:"trace"`
	// Diagnostics are the audit's findings on the executed plan.
	Diagnostics   plan.Diagnostics    `json:"diagnostics,omitempty"`
	Clarification *plan.Clarification `json:"clarification"`
	Suggestions   []string            `json:"suggestions"`
	// Write is the data change planned for a write question when writes
	// are allowed; it has not run (see CodeNeedsConfirmation).
	Write *ProposedWrite `json:"proposed_write,omitempty"`
	// Route says how the question was answered in its conversation: new,
	// update (the last plan patched), rewrite (planned again with the
	// history) or patch (an explicit patch).
	Route string `json:"route,omitempty"`
	// ModificationOptions lists what a patch may change in this answer
	// (columns per table, orderings, limit, filters), for UIs.
	ModificationOptions *plan.ModOptions `json:"modification_options,omitempty"`
	SessionID           string           `json:"session_id,omitempty"`
	Turn                int              `json:"turn,omitempty"`
	Error               *Error           `json:"error"`
	ElapsedMS           int64            `json:"elapsed_ms"`
}

// Tokens counts LLM tokens spent on the question.
type Tokens struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
}

// Event is one step of the flow: shown as progress, streamed, and kept as the
// response's trace.
type Event struct {
	Node     string        `json:"node"`
	Attempt  int           `json:"attempt,omitempty"`
	Duration time.Duration `json:"-"`
	// DurationMS is Duration in milliseconds, for JSON readers.
	DurationMS float64 `json:"duration_ms"`
	// Decision says what the node concluded ("planned offline", "repair:
	// column_not_found").
	Decision string `json:"decision"`
	Detail   string `json:"detail,omitempty"`
}

// Code is the closed set of failure codes a Response can carry. Each maps to
// one CLI exit code and one HTTP status, in one table each.
type Code string

// Failure codes.
const (
	// CodeForbidden: the SQL was refused by the guard (not read-only, more
	// than one statement, a forbidden table or function).
	CodeForbidden Code = "forbidden"
	// CodeNeedsConfirmation: the question asks to change data, writes are
	// allowed, and the planned change (Response.Write) waits for an explicit
	// confirmation.
	CodeNeedsConfirmation Code = "needs_confirmation"
	// CodeNeedsClarification: querent asks back instead of guessing.
	CodeNeedsClarification Code = "needs_clarification"
	// CodeCannotAnswer: the question cannot be answered from this database,
	// or not without an LLM.
	CodeCannotAnswer Code = "cannot_answer"
	// CodeBadRequest: the request itself is malformed (empty question...).
	CodeBadRequest Code = "bad_request"
	// CodeDatabase: the database failed in a way retries did not fix.
	CodeDatabase Code = "database_error"
	// CodeTimeout: the query or the model took longer than allowed.
	CodeTimeout Code = "timeout"
	// CodeLLM: the model could not be used (auth, unreachable, refused).
	CodeLLM Code = "llm_error"
	// CodeInternal: a defect in querent.
	CodeInternal Code = "internal"
)

// Error is a failure as users and API clients see it.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	// Hint says what to do about it.
	Hint string `json:"hint,omitempty"`
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// AsError returns err as an *Error when it is one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
