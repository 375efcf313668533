// Package agent answers one question: it runs the flow resolve → link → plan
// → audit → compile → validate → execute → check → answer as an explicit state
// machine with bounded loops, emitting an event at every step.
//
// Each node is a method that reads and updates the run's state and returns the
// next node (the stateFn idiom); routing decisions live in the nodes' return
// statements, and the only loop — repair after a failed attempt — is bounded
// by Config.MaxAttempts.
package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"querent/internal/answer"
	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/retrieve"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// Config bounds and steers the agent.
type Config struct {
	// MaxAttempts bounds plan → execute attempts (default 3).
	MaxAttempts int
	// RowLimit caps returned rows (default 500).
	RowLimit int
	// StatementTimeout bounds one execution (default 30s).
	StatementTimeout time.Duration
	// Planner is "auto" (offline first, then the LLM), "offline" or "llm".
	Planner string
	// Tier is how much of the Plan language the LLM is offered.
	Tier plan.Tier
	// TopTables bounds the tables linked into the LLM's prompt.
	TopTables int
	// Tenant, when set, scopes every compiled query to one tenant.
	Tenant *sqlgen.Tenant
	// MaxLLMCalls caps the model calls one question may make, whatever
	// the retries, refinements, judge and explanation would like (default
	// 10). Optional calls are skipped when the budget is spent.
	MaxLLMCalls int
	// Evaluate asks the LLM to judge whether the result answers the question
	// (one call); a "no" is repaired within MaxAttempts.
	Evaluate bool
	// Explain asks the LLM for 2–4 sentences for a business reader (one
	// call); the deterministic summary is always there.
	Explain bool
	// NoCalculator turns off checking every number in the LLM's prose
	// against the result (wrong ones are corrected or their sentence dropped).
	NoCalculator bool
	// RefineCount bounds the attempts to rescue an empty result (a filter
	// value corrected to a real one, or a re-plan told what matched nothing).
	RefineCount int
	// RawRowLimit caps the records returned behind an aggregate answer;
	// zero turns raw rows off.
	RawRowLimit int
	// Knowledge supplies business rules and worked examples; nil for none.
	Knowledge Knowledge
	// LLMFilter lets the LLM drop irrelevant candidate tables (one call)
	// when retrieval finds more than TopTables.
	LLMFilter bool
	// Embedder, when set, adds embedding similarity to table retrieval.
	Embedder retrieve.Embedder
	// SchemaTokenBudget caps the tokens of the schema shown to the LLM
	// (0: no cap beyond TopTables).
	SchemaTokenBudget int
	// AllowWrites lets a question that asks to change data be planned as
	// one INSERT, UPDATE or DELETE (by the LLM), returned unexecuted for
	// confirmation. Off, such questions are refused without an LLM call.
	AllowWrites bool
}

func (c *Config) defaults() {
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = 3
	}
	if c.RowLimit <= 0 {
		c.RowLimit = 500
	}
	if c.StatementTimeout <= 0 {
		c.StatementTimeout = 30 * time.Second
	}
	if c.Planner == "" {
		c.Planner = "auto"
	}
	if c.Tier == "" {
		c.Tier = plan.TierFull
	}
	if c.TopTables <= 0 {
		c.TopTables = 8
	}
	if c.MaxLLMCalls <= 0 {
		c.MaxLLMCalls = 10
	}
}

// OfflinePlanner is the deterministic planner: a Plan, a clarification or a
// refusal, never a guess, with a trace of how it read the question.
type OfflinePlanner interface {
	PlanWithTrace(question string) (*plan.Reply, offline.Trace)
}

// tracelessPlanner is the optional capability of an offline planner to
// plan without recording how it read the question. The agent needs the
// trace only to tell why a question was refused, so it plans without one
// first: recording the links costs a share of the planning, on every answer.
type tracelessPlanner interface {
	Plan(question string) *plan.Reply
}

// planOffline runs the offline planner on q; the trace is recorded only
// when there is no plan, and is zero otherwise.
func (a *Agent) planOffline(q string) (*plan.Reply, offline.Trace) {
	if tp, ok := a.offline.(tracelessPlanner); ok {
		if reply := tp.Plan(q); reply.Plan != nil {
			return reply, offline.Trace{}
		}
	}
	return a.offline.PlanWithTrace(q)
}

// Agent answers questions over one database.
type Agent struct {
	db      database.Engine
	schema  *schema.Schema
	dialect sqlgen.Dialect
	model   llm.Model      // nil: no LLM configured
	offline OfflinePlanner // nil: no offline planner
	cfg     Config
	log     *slog.Logger
	// auditor holds the schema lookups every plan's audit reads, built
	// once instead of per question.
	auditor *plan.Auditor
	// suggester builds each table's follow-up candidates once.
	suggester *answer.Suggester

	memoMu         sync.Mutex
	answerableMemo map[string]bool // question → the offline planner answers it

	// index ranks tables for LLM prompts; built on first use, since
	// questions the offline planner answers never need it.
	indexOnce sync.Once
	index     *retrieve.Index
	// valueIndex grounds the question's literals for LLM prompts.
	valuesOnce sync.Once
	valueIndex *schema.ValueIndex
}

// retriever returns the schema retrieval index, building it once.
func (a *Agent) retriever() *retrieve.Index {
	a.indexOnce.Do(func() {
		// The next tables after the top ones are shown in one line each:
		// the model still sees that they exist and how they join.
		opt := retrieve.Options{TopK: a.cfg.TopTables, BriefK: retrieve.DefaultBriefK, TokenBudget: a.cfg.SchemaTokenBudget, Embedder: a.cfg.Embedder}
		if a.cfg.LLMFilter {
			opt.Model = a.model
		}
		a.index = retrieve.New(a.schema, opt)
	})
	return a.index
}

// New returns an agent over db, whose schema has been introspected. model and
// offline may be nil, but not both.
func New(db database.Engine, s *schema.Schema, model llm.Model, offline OfflinePlanner, cfg Config, log *slog.Logger) (*Agent, error) {
	cfg.defaults()
	d, err := sqlgen.DialectFor(db.Name())
	if err != nil {
		return nil, err
	}
	if model == nil && (offline == nil || cfg.Planner == "llm") {
		return nil, errors.New("agent: no planner: planner \"llm\" needs an LLM (--llm ollama:llama3.1), and without one the offline planner must be allowed")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Agent{db: db, schema: s, dialect: d, auditor: plan.NewAuditor(s), suggester: answer.NewSuggester(s), model: model, offline: offline, cfg: cfg, log: log}, nil
}

// Request is one question.
type Request struct {
	Question string
	// OnEvent, when set, receives each event as it happens (progress).
	OnEvent func(Event)
	// Previous, when set, makes the question a follow-up in a conversation.
	Previous *Previous
	// ModificationOptions asks for Response.ModificationOptions, what a UI
	// needs to offer patches; it walks the columns of the plan's tables and
	// their neighbours, so it is computed only for front ends that show it.
	ModificationOptions bool
	// Patch, when set, answers by applying these operations to
	// Previous.Plan: no planning, no LLM call. Question may then be empty.
	Patch []plan.PatchOp
}

// Ask runs the flow for one question. It always returns a Response; failures
// are in Response.Error.
func (a *Agent) Ask(ctx context.Context, req Request) *Response {
	start := time.Now()
	st := &run{
		agent:    a,
		question: strings.TrimSpace(req.Question),
		onEvent:  req.OnEvent,
		prev:     req.Previous,
		patch:    req.Patch,
		options:  req.ModificationOptions,
		resp: &Response{
			Question: strings.TrimSpace(req.Question),
			Dialect:  a.db.Name(),
			Params:   []any{},
			Columns:  []string{},
			Rows:     [][]any{},
			// Room for every step of a plain answer (raw rows included),
			// so recording one never copies the trace.
			Trace:       make([]Event, 0, 10),
			TablesUsed:  []string{},
			Suggestions: []string{},
		},
	}
	for node := st.resolve; node != nil; {
		if err := ctx.Err(); err != nil {
			st.fail(ctxError(err))
			break
		}
		node = node(ctx)
	}
	st.resp.ElapsedMS = time.Since(start).Milliseconds()
	return st.resp
}

func ctxError(err error) *Error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Code: CodeTimeout, Message: "the question took longer than allowed", Hint: "raise the time limit or ask something narrower"}
	}
	return &Error{Code: CodeInternal, Message: "the question was cancelled", Hint: "ask again"}
}

// failure is one failed attempt, remembered so the next prompt can learn
// from it and so the final clarification can say what was tried.
type failure struct {
	Attempt int
	Stage   string // plan, audit, compile, validate, execute
	Code    string
	Message string
	SQL     string
	Plan    string
}

func (f failure) String() string {
	s := fmt.Sprintf("attempt %d failed at %s (%s): %s", f.Attempt, f.Stage, f.Code, f.Message)
	if f.SQL != "" {
		s += "\n  SQL: " + f.SQL
	}
	return s
}
