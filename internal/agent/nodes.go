package agent

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/retrieve"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// node is one step of the flow; it returns the next step, or nil when the
// response is complete.
type node func(ctx context.Context) node

// run is the state of one question as it moves through the nodes.
type run struct {
	agent    *Agent
	question string
	onEvent  func(Event)
	resp     *Response
	prev     *Previous
	patch    []plan.PatchOp
	options  bool // fill ModificationOptions

	linked       *schema.Schema // the tables the LLM is shown
	brief        []string       // of those, the ones shown in one line
	attempt      int
	triedOffline bool
	planner      string     // "offline" or the model's name, for this attempt
	plan         *plan.Plan // the current attempt's plan, after audit fixes
	sql          string
	args         []any
	raw          bool // sql came from the plan's raw_sql escape hatch
	tables       []string
	result       *database.Result
	failures     []failure
	refines      int    // empty results rescued so far
	empty        string // why the final result is empty
	emptyRun     *emptySnapshot
	rules        []string  // business rules for the prompt
	examples     []Example // worked examples for the prompt
}

// event records a finished step.
func (r *run) event(name string, start time.Time, decision, detail string) {
	d := time.Since(start)
	ev := Event{Node: name, Attempt: r.attempt, Duration: d, DurationMS: float64(d.Microseconds()) / 1000, Decision: decision, Detail: detail}
	r.resp.Trace = append(r.resp.Trace, ev)
	if r.onEvent != nil {
		r.onEvent(ev)
	}
}

// fail ends the run with an error.
func (r *run) fail(e *Error) node {
	r.resp.Error = e
	r.resp.Attempts = r.attempt
	return nil
}

// resolve turns the question into a standalone one. Without a conversation
// (sessions come with follow-ups) that is the question itself.
func (r *run) resolve(ctx context.Context) node {
	start := time.Now()
	if len(r.patch) > 0 {
		if r.question == "" {
			r.question = "(patch) " + describePatch(r.patch)
		}
		return r.routeFollowUp(ctx)
	}
	if r.question == "" {
		r.event("resolve", start, "empty question", "")
		return r.fail(&Error{Code: CodeBadRequest, Message: "the question is empty", Hint: `ask something, e.g. querent ask --db demo.db "How many customers are there?"`})
	}
	return r.routeFollowUp(ctx)
}

// link picks the tables the question is about, so the LLM's prompt holds
// only those (plus the tables that join them).
func (r *run) link(ctx context.Context) node {
	start := time.Now()
	a := r.agent
	if a.model == nil || a.cfg.Planner == "offline" {
		// The offline planner links the question's words itself.
		r.event("link", start, "left to the offline planner", "")
		return r.planStep
	}
	q := retrieve.Query{PreviousTables: r.previousTables(), TopK: a.cfg.TopTables}
	if r.prev != nil {
		q.History = r.prev.History
	}
	res, err := a.retriever().Retrieve(ctx, r.question, q)
	if err != nil {
		if ctx.Err() != nil {
			return r.fail(ctxError(ctx.Err()))
		}
		// No word to retrieve by: show the tables the plain ranking keeps.
		names := appendMissing(linkTables(a.schema, r.question, a.cfg.TopTables), r.previousTables())
		r.linked = a.schema.Subset(names)
		r.event("link", start, fmt.Sprintf("%d of %d tables", len(r.linked.Tables), len(a.schema.Tables)), err.Error())
		return r.planStep
	}
	r.resp.LLMCalls += res.LLMCalls
	r.resp.Tokens.Prompt += res.Usage.PromptTokens
	r.resp.Tokens.Completion += res.Usage.CompletionTokens
	r.linked, r.brief = res.Subset, res.Brief
	why := make([]string, len(res.Tables))
	for i, t := range res.Tables {
		why[i] = t.Name
		if len(t.Reasons) > 0 {
			why[i] += " (" + t.Reasons[0] + ")"
		}
	}
	r.event("link", start, fmt.Sprintf("%d of %d tables, %d of %d schema tokens", len(res.Tables), len(a.schema.Tables), res.Tokens, res.FullTokens), strings.Join(why, "; "))
	for _, n := range res.Notes {
		r.note(n)
	}
	return r.planStep
}

// planStep produces a Plan for the current attempt.
func (r *run) planStep(ctx context.Context) node {
	r.attempt++
	r.plan, r.sql, r.args, r.raw = nil, "", nil, false
	a := r.agent
	if r.attempt == 1 && a.cfg.Knowledge != nil {
		start := time.Now()
		if p := exampleFor(a.cfg.Knowledge.Examples(ctx, r.question, 1), r.question); p != nil {
			r.plan, r.planner, r.triedOffline = p.Clone(), "example", true
			r.event("plan", start, "a confirmed example answers this question", "")
			return r.audit
		}
	}
	useOffline := a.offline != nil && a.cfg.Planner != "llm" && !r.triedOffline
	if useOffline {
		r.triedOffline = true
		start := time.Now()
		reply, trace := a.planOffline(r.question)
		r.planner = "offline"
		switch {
		case reply.Plan != nil:
			r.plan = reply.Plan
			r.event("plan", start, "planned offline", reply.Plan.Reason)
			return r.audit
		case trace.Refusal == offline.RefusedWrite && a.cfg.AllowWrites && a.model != nil:
			r.event("plan", start, "the question asks to change data; writes are allowed", "")
			return r.planWrite
		case trace.Refusal == offline.RefusedWrite:
			// The plan language cannot change data: asking the LLM for a
			// plan would only cost a call.
			hint := "querent only reads data; ask a question about it instead (an administrator can allow changes with allow_writes: true in querent.yaml)"
			if a.cfg.AllowWrites {
				hint = "planning a data change needs an LLM (--llm); or write the statement yourself: querent sql \"UPDATE …\""
			}
			r.event("plan", start, "refused: the question asks to change data", reply.CannotAnswer)
			return r.fail(&Error{Code: CodeCannotAnswer, Message: reply.CannotAnswer, Hint: hint})
		case a.model != nil && a.cfg.Planner == "auto":
			r.event("plan", start, "offline planner declined; asking the LLM", declineReason(reply))
			r.attempt-- // the offline try does not use up an attempt
			return r.planStep
		case reply.Clarification != nil:
			r.event("plan", start, "offline planner asks for clarification", declineReason(reply))
			return r.clarify(reply.Clarification)
		default:
			r.event("plan", start, "offline planner cannot answer", reply.CannotAnswer)
			msg, hint := reply.CannotAnswer, "rephrase the question, or use --planner auto to let the LLM try"
			if a.model == nil {
				// The planner's reason already says how an LLM would help.
				msg, hint = strings.TrimSpace(strings.TrimSuffix(msg, offline.LLMHint)), offline.LLMHint+" For Ollama, start it first with: ollama serve"
			}
			return r.fail(&Error{Code: CodeCannotAnswer, Message: msg, Hint: hint})
		}
	}
	return r.planLLM(ctx)
}

func declineReason(reply *plan.Reply) string {
	if reply.Clarification != nil {
		var qs []string
		for _, q := range reply.Clarification.Questions {
			qs = append(qs, q.Text)
		}
		return strings.Join(qs, " ")
	}
	return reply.CannotAnswer
}

// planLLM asks the model for a Plan, with the failures so far in the prompt.
func (r *run) planLLM(ctx context.Context) node {
	start := time.Now()
	a := r.agent
	r.planner = a.model.Name()
	if a.cfg.Knowledge != nil && r.rules == nil {
		// Fetched once per question: repairs reuse them.
		r.rules = append([]string{}, a.cfg.Knowledge.Rules(r.question, promptRules)...)
		r.examples = a.cfg.Knowledge.Examples(ctx, r.question, promptExamples)
	}
	msgs, err := planPrompt(promptData{
		Dialect:  a.db.Name(),
		Tier:     string(a.cfg.Tier),
		Schema:   r.linked.RenderWith(schema.RenderOptions{Tier: string(a.cfg.Tier), Brief: r.brief}),
		Rules:    r.rules,
		Examples: exampleText(r.examples),
		Values:   r.groundValues(),
		Question: r.question,
		Failures: r.failures,
		History:  r.historyText(),
		Previous: r.previousPlanJSON(),
	})
	if err != nil {
		return r.fail(&Error{Code: CodeInternal, Message: err.Error()})
	}
	resp, err := r.generate(ctx, llm.Request{Messages: msgs, Schema: plan.Schema(a.cfg.Tier), SchemaName: "planner_reply", Temperature: 0})
	if b, ok := err.(errBudget); ok {
		r.event("plan", start, "LLM call budget exhausted", b.Error())
		return r.fail(&Error{Code: CodeLLM, Message: b.Error() + " before it could be answered", Hint: "raise max_llm_calls, or ask a narrower question"})
	}
	if err != nil {
		kind := llm.KindOf(err)
		r.event("plan", start, "LLM call failed: "+string(kind), err.Error())
		if kind == llm.KindBadOutput {
			return r.repair(failure{Stage: "plan", Code: "bad_output", Message: err.Error()})
		}
		return r.fail(llmFailure(err))
	}
	reply, err := plan.DecodeReply([]byte(llm.ExtractJSON(resp.Text)), a.cfg.Tier)
	if err != nil {
		r.event("plan", start, "LLM reply is not a valid plan", err.Error())
		return r.repair(failure{Stage: "plan", Code: "bad_output", Message: err.Error()})
	}
	switch {
	case reply.Clarification != nil:
		r.event("plan", start, "LLM asks for clarification", declineReason(reply))
		return r.clarify(reply.Clarification)
	case len(reply.Patch) > 0:
		return r.applyLLMPatch(start, reply.Patch)
	case reply.CannotAnswer != "" && r.emptyRun != nil:
		r.event("plan", start, "LLM confirms nothing matches", reply.CannotAnswer)
		return r.restoreEmpty(reply.CannotAnswer)
	case reply.CannotAnswer != "":
		r.event("plan", start, "LLM cannot answer", reply.CannotAnswer)
		return r.fail(&Error{Code: CodeCannotAnswer, Message: reply.CannotAnswer, Hint: "the database does not seem to hold what the question asks for; ask about the tables listed by querent schema"})
	}
	r.plan = reply.Plan
	r.event("plan", start, "planned by "+a.model.Name(), reply.Plan.Reason)
	return r.audit
}

func llmFailure(err error) *Error {
	var le *llm.Error
	msg := err.Error()
	if errors.As(err, &le) {
		msg = le.Message
	}
	switch llm.KindOf(err) {
	case llm.KindTimeout:
		return &Error{Code: CodeTimeout, Message: "the LLM did not answer in time: " + msg, Hint: "raise llm.timeout, use a smaller model, or check the server's load"}
	case llm.KindAuth:
		return &Error{Code: CodeLLM, Message: msg, Hint: "set QUERENT_LLM_API_KEY (or the provider's usual variable) to a valid key; querent doctor checks it"}
	case llm.KindRateLimit:
		return &Error{Code: CodeLLM, Message: msg, Hint: "the provider is rate-limiting: wait and ask again, or raise llm.max_retries"}
	case llm.KindUnavailable:
		return &Error{Code: CodeLLM, Message: msg, Hint: "check that the LLM server is running and reachable; querent doctor checks it"}
	}
	return &Error{Code: CodeLLM, Message: msg, Hint: "querent doctor checks the LLM configuration"}
}

// audit applies deterministic fixes and stops plans with errors before they
// reach the compiler.
func (r *run) audit(ctx context.Context) node {
	start := time.Now()
	if r.plan.RawSQL != "" {
		r.event("audit", start, "raw SQL: checked by the guard instead", "")
		return r.compile
	}
	fixed, diags := r.agent.auditor.Audit(r.plan)
	r.resp.Diagnostics = diags
	if diags.HasErrors() {
		r.event("audit", start, fmt.Sprintf("%d errors", len(diags.Errors())), diags.Err().Error())
		return r.repair(failure{Stage: "audit", Code: diags.Errors()[0].Code, Message: diags.Err().Error(), Plan: r.plan.String()})
	}
	// Name computed columns the same way on every engine ("count", not
	// "COUNT(*)" here and "count_star()" there).
	r.plan = plan.NameOwnOutputs(fixed) // fixed is Audit's own copy
	r.event("audit", start, fmt.Sprintf("ok, %d notes", len(diags)), joinDiags(diags))
	return r.compile
}

func joinDiags(ds plan.Diagnostics) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = d.String()
	}
	return strings.Join(s, "; ")
}

// compile turns the plan into SQL for this engine.
func (r *run) compile(ctx context.Context) node {
	start := time.Now()
	if r.plan.RawSQL != "" {
		r.sql, r.raw = r.plan.RawSQL, true
		r.event("compile", start, "raw SQL from the planner", "")
		return r.validate
	}
	q, err := sqlgen.Compile(r.plan, r.agent.schema, r.agent.dialect, sqlgen.Options{Tenant: r.agent.cfg.Tenant})
	if err != nil {
		r.event("compile", start, "cannot compile", err.Error())
		return r.repair(failure{Stage: "compile", Code: "compile_error", Message: err.Error(), Plan: r.plan.String()})
	}
	r.sql, r.args, r.tables = q.SQL, q.Args, q.Tables
	r.event("compile", start, "compiled for "+r.agent.dialect.Name(), r.sql)
	return r.validate
}

// validate proves the SQL is one read-only statement over known tables (the
// guard), then lets the engine plan it without running it (EXPLAIN).
func (r *run) validate(ctx context.Context) node {
	start := time.Now()
	if !r.raw {
		// Every engine's Query runs the same guard (the lexical layer and
		// the engine's parser or authorizer) before it executes anything,
		// and refuses exactly as Guard would; compiled SQL needs no
		// separate round of it, nor an EXPLAIN: it names only identifiers
		// the audit resolved.
		r.event("validate", start, "compiled SQL; the engine's guard runs with execution", strings.Join(r.tables, ", "))
		return r.execute
	}
	tables, err := r.agent.db.Guard(ctx, r.sql)
	if err != nil {
		r.event("validate", start, "refused by the guard", err.Error())
		if database.CodeOf(err) == database.CodeForbidden {
			return r.repair(failure{Stage: "validate", Code: string(database.CodeForbidden), Message: err.Error(), SQL: r.sql})
		}
		return r.repair(r.execFailure("validate", err))
	}
	if r.tables == nil {
		r.tables = tables
	}
	// Raw SQL is planned by the engine first, so a broken statement is
	// repaired before anything runs.
	if err := r.agent.db.Explain(ctx, r.sql, r.args); err != nil {
		r.event("validate", start, "EXPLAIN failed: "+string(database.CodeOf(err)), err.Error())
		return r.repair(r.execFailure("validate", err))
	}
	r.event("validate", start, "read-only, "+plural(len(tables), "table"), strings.Join(tables, ", "))
	return r.execute
}

// execute runs the statement read-only with the row cap and timeout.
func (r *run) execute(ctx context.Context) node {
	start := time.Now()
	res, err := r.agent.db.Query(ctx, r.sql, r.args, database.Limits{MaxRows: r.agent.cfg.RowLimit, Timeout: r.agent.cfg.StatementTimeout})
	if err != nil {
		code := database.CodeOf(err)
		r.event("execute", start, "failed: "+string(code), err.Error())
		switch code {
		case database.CodeTimeout:
			return r.fail(&Error{Code: CodeTimeout, Message: err.Error(), Hint: fmt.Sprintf("the query ran past statement_timeout (%s): ask something narrower or raise it", r.agent.cfg.StatementTimeout)})
		case database.CodeCanceled:
			return r.fail(&Error{Code: CodeInternal, Message: "cancelled", Hint: "ask again"})
		case database.CodeUnavailable:
			return r.fail(&Error{Code: CodeDatabase, Message: err.Error(), Hint: "check that the database is reachable; querent doctor checks it"})
		case database.CodeForbidden:
			if !r.raw {
				// Compiled SQL is read-only by construction: a refusal
				// here is a defect, never something to retry around.
				return r.fail(&Error{Code: CodeForbidden, Message: err.Error(), Hint: "this is a querent defect; please report the question"})
			}
			return r.fail(&Error{Code: CodeForbidden, Message: err.Error(), Hint: "querent only runs read-only queries"})
		}
		return r.repair(r.execFailure("execute", err))
	}
	r.result = res
	decision := plural(len(res.Rows), "row")
	if res.Truncated {
		decision += fmt.Sprintf(" (truncated at row_limit %d)", r.agent.cfg.RowLimit)
	}
	r.event("execute", start, decision, "")
	return r.check
}

// execFailure turns an engine error into a failure whose message carries the
// nearest real names, which is what the LLM needs to repair it.
func (r *run) execFailure(stage string, err error) failure {
	f := failure{Stage: stage, Code: string(database.CodeOf(err)), Message: err.Error(), SQL: r.sql}
	if r.plan != nil && r.plan.RawSQL == "" {
		f.Plan = r.plan.String()
	}
	var de *database.Error
	if errors.As(err, &de) && de.Name != "" {
		if hint := nearestHint(r.agent.schema, de.Code, de.Name); hint != "" {
			f.Message += "; " + hint
		}
	}
	return f
}

func nearestHint(s *schema.Schema, code database.Code, name string) string {
	switch code {
	case database.CodeNoTable:
		if near := schema.Nearest(name, s.TableNames(), 3); len(near) > 0 {
			return "tables with similar names: " + strings.Join(near, ", ")
		}
	case database.CodeNoColumn:
		col := name
		if i := strings.LastIndex(name, "."); i >= 0 {
			col = name[i+1:]
		}
		var all []string
		for _, t := range s.Tables {
			for _, c := range t.Columns {
				all = append(all, t.Name+"."+c.Name)
			}
		}
		var cols []string
		for _, c := range all {
			cols = append(cols, c[strings.LastIndex(c, ".")+1:])
		}
		near := map[string]bool{}
		for _, n := range schema.Nearest(col, cols, 5) {
			near[strings.ToLower(n)] = true
		}
		var hits []string
		for _, c := range all {
			if near[strings.ToLower(c[strings.LastIndex(c, ".")+1:])] {
				hits = append(hits, c)
			}
		}
		sort.Strings(hits)
		if len(hits) > 6 {
			hits = hits[:6]
		}
		if len(hits) > 0 {
			return "columns with similar names: " + strings.Join(hits, ", ")
		}
	}
	return ""
}

// repair records a failed attempt and routes: another attempt while the
// budget lasts and a planner can use the feedback, else a clarification that
// says what was tried.
func (r *run) repair(f failure) node {
	f.Attempt = r.attempt
	r.failures = append(r.failures, f)
	start := time.Now()
	switch {
	case r.agent.model == nil || r.agent.cfg.Planner == "offline":
		r.event("repair", start, "no LLM to repair with", f.Code)
		return r.fail(&Error{Code: codeForFailure(f), Message: f.Message,
			Hint: "the offline planner's query failed; configure an LLM (--llm ollama:llama3.1) so querent can repair it"})
	case r.attempt >= r.agent.cfg.MaxAttempts && r.emptyRun != nil:
		r.event("repair", start, "refinement failed; keeping the empty result", f.Code)
		return r.restoreEmpty("")
	case r.attempt >= r.agent.cfg.MaxAttempts:
		r.event("repair", start, fmt.Sprintf("giving up after %d attempts", r.attempt), f.Code)
		return r.clarifyAfterFailures()
	}
	r.event("repair", start, "retry: "+f.Code, f.Message)
	return r.planStep
}

func codeForFailure(f failure) Code {
	switch f.Code {
	case string(database.CodeForbidden):
		return CodeForbidden
	case string(database.CodeTimeout):
		return CodeTimeout
	}
	return CodeDatabase
}

// clarify ends the run by asking the user.
func (r *run) clarify(c *plan.Clarification) node {
	r.resp.Clarification = c
	var qs []string
	for _, q := range c.Questions {
		qs = append(qs, q.Text)
	}
	r.resp.Answer = strings.Join(qs, " ")
	return r.fail(&Error{Code: CodeNeedsClarification, Message: "the question is ambiguous: " + strings.Join(qs, " "), Hint: "answer the question(s) by asking again more precisely"})
}

// clarifyAfterFailures asks the user for help after the last attempt,
// listing what was tried and why it failed.
func (r *run) clarifyAfterFailures() node {
	start := time.Now()
	var tried []string
	for _, f := range r.failures {
		tried = append(tried, fmt.Sprintf("attempt %d (%s): %s", f.Attempt, f.Stage, f.Message))
	}
	q := plan.Question{
		Text: fmt.Sprintf("I could not answer after %d attempts. Could you rephrase the question or name the tables and columns it is about? What I tried: %s",
			len(r.failures), strings.Join(tried, " | ")),
		Choices: linkTables(r.agent.schema, r.question, 5),
	}
	r.event("clarify", start, "asking after failed attempts", "")
	r.resp.Suggestions = []string{"name the table to use, e.g. \"from orders\"", "say which column holds the value you filter on"}
	return r.clarify(&plan.Clarification{Questions: []plan.Question{q}})
}

// formatValue prints a result value for prose and tables.
func formatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case float64:
		if x == float64(int64(x)) && x < 1e15 && x > -1e15 {
			return fmt.Sprintf("%d", int64(x))
		}
		return fmt.Sprintf("%.2f", x)
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}

// FormatValue is formatValue for other front ends (the CLI's table).
func FormatValue(v any) string { return formatValue(v) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
