package agent

import (
	"context"
	"fmt"
	"time"

	"querent/internal/answer"
	"querent/internal/chart"
	"querent/internal/database"
	"querent/internal/plan"
	"querent/internal/sqlgen"
)

// answer fills the response from the result: rows, the deterministic
// summary, what a patch may change, the chart, suggested follow-ups, the
// records behind an aggregate, and — with an LLM — a short explanation whose
// every number the calculator has checked.
func (r *run) answer(ctx context.Context) node {
	start := time.Now()
	a := r.agent
	res := r.result
	resp := r.resp
	resp.SQL = r.sql
	if r.args != nil {
		resp.Params = r.args
	}
	resp.Columns, resp.Rows, resp.RowCount, resp.Truncated = res.Columns, res.Rows, len(res.Rows), res.Truncated
	resp.Plan = r.plan
	if r.tables != nil {
		resp.TablesUsed = r.tables
	}
	resp.Planner = r.planner
	resp.Attempts = r.attempt
	ar := answer.Result{Columns: res.Columns, Rows: res.Rows, Truncated: res.Truncated,
		Kinds: answer.KindsFromPlan(r.plan, a.schema, res.Columns, res.Rows)}
	compiled := r.plan != nil && r.plan.RawSQL == ""
	if compiled && r.options {
		mo := plan.ModificationOptions(r.plan, a.schema)
		resp.ModificationOptions = &mo
	}
	if r.empty != "" {
		resp.Summary = "No rows matched: " + r.empty + "."
	} else {
		resp.Summary = answer.SummarizePlan(r.question, r.plan, ar)
		if res.Truncated {
			resp.Summary += fmt.Sprintf(" Showing the first %d rows (row_limit).", len(res.Rows))
		}
	}
	resp.Answer = resp.Summary
	for _, is := range answer.Check(r.question, r.plan, ar) {
		if is.Code != answer.IssueEmpty && is.Code != answer.IssueEmptyFilter {
			r.note(is.Message)
		}
	}
	if spec := chart.Choose(ar); spec != nil {
		resp.Chart = spec
	}
	if compiled {
		resp.Suggestions = r.suggest(ar)
		if a.cfg.RawRowLimit > 0 {
			r.rawRecords(ctx)
		}
	}
	r.event("answer", start, "answered", resp.Summary)
	if a.cfg.Explain && a.model != nil && len(res.Rows) > 0 && r.budgetLeft() {
		if prose := r.explain(ctx); prose != "" {
			resp.Answer = r.checkNumbers(prose, ar)
		}
	}
	return nil
}

// suggest proposes follow-ups the data can answer; with the offline
// planner, only ones it answers itself, so a suggestion never fails.
func (r *run) suggest(ar answer.Result) []string {
	a := r.agent
	var qs []string
	if a.offline != nil {
		qs = a.suggester.Suggest(r.question, r.plan, ar, a.answerable)
	} else {
		qs = a.suggester.Suggest(r.question, r.plan, ar, nil)
	}
	if qs == nil {
		return []string{}
	}
	return qs
}

// rawRecords runs the second query of an aggregate answer: up to
// RawRowLimit of the records the aggregate was computed from.
func (r *run) rawRecords(ctx context.Context) {
	a := r.agent
	rp, ok := plan.RawRecordsPlan(r.plan, a.schema, a.cfg.RawRowLimit)
	if !ok {
		return
	}
	start := time.Now()
	q, err := sqlgen.Compile(rp, a.schema, a.dialect, sqlgen.Options{Tenant: a.cfg.Tenant})
	if err == nil {
		_, err = a.db.Guard(ctx, q.SQL)
	}
	var res *database.Result
	if err == nil {
		res, err = a.db.Query(ctx, q.SQL, q.Args, database.Limits{MaxRows: a.cfg.RawRowLimit, Timeout: a.cfg.StatementTimeout})
	}
	if err != nil {
		r.note("the records behind the answer could not be read: " + err.Error())
		r.event("raw_rows", start, "failed", err.Error())
		return
	}
	r.resp.RawColumns, r.resp.RawRows = res.Columns, res.Rows
	r.event("raw_rows", start, plural(len(res.Rows), "record"), q.SQL)
}

// checkNumbers runs the calculator over the LLM's prose: wrong numbers are
// corrected, unsupported sentences dropped, and each change is noted. Prose
// with nothing left falls back to the summary.
func (r *run) checkNumbers(prose string, ar answer.Result) string {
	if r.agent.cfg.NoCalculator {
		return prose
	}
	v := answer.VerifyAnswer(r.question, prose, ar)
	r.resp.Verification = v.Findings
	for _, f := range v.Findings {
		switch f.Kind {
		case answer.Corrected:
			r.note(fmt.Sprintf("corrected %s to %s in the explanation (%s)", f.Old, f.New, f.Reason))
		case answer.Dropped:
			r.note(fmt.Sprintf("removed a sentence with a number the result does not support: %q (%s)", f.Sentence, f.Reason))
		}
	}
	if v.Text == "" {
		return r.resp.Summary
	}
	return v.Text
}

// maxAnswerable bounds the memo of answerable suggestions.
const maxAnswerable = 4096

// answerable reports whether the offline planner answers q. The planner is
// pure over an immutable schema, so the verdict is remembered: the same
// candidate follow-ups come up answer after answer.
func (a *Agent) answerable(q string) bool {
	a.memoMu.Lock()
	ok, seen := a.answerableMemo[q]
	a.memoMu.Unlock()
	if seen {
		return ok
	}
	var reply *plan.Reply
	if tp, traceless := a.offline.(tracelessPlanner); traceless {
		reply = tp.Plan(q) // no trace needed, whatever the outcome
	} else {
		reply, _ = a.offline.PlanWithTrace(q)
	}
	ok = reply.Plan != nil
	a.memoMu.Lock()
	if a.answerableMemo == nil {
		a.answerableMemo = map[string]bool{}
	}
	if len(a.answerableMemo) < maxAnswerable {
		a.answerableMemo[q] = ok
	}
	a.memoMu.Unlock()
	return ok
}
