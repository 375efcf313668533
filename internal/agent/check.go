package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// check decides what the result means before it is answered: an empty result
// goes to refine, a result the LLM judge rejects goes back to planning, and
// everything else is answered.
func (r *run) check(ctx context.Context) node {
	if len(r.result.Rows) == 0 {
		return r.refine
	}
	a := r.agent
	if a.cfg.Evaluate && a.model != nil && r.budgetLeft() {
		return r.judge
	}
	return r.answer
}

// judgeReply is the LLM judge's verdict.
type judgeReply struct {
	Correct *bool  `json:"correct"`
	Reason  string `json:"reason"`
}

var judgeSchema = json.RawMessage(`{"type":"object","properties":{"correct":{"type":"boolean"},"reason":{"type":"string"}},"required":["correct","reason"],"additionalProperties":false}`)

// judge asks the LLM, in one call, whether the result answers the question.
// A "no" becomes a failed attempt that the next plan must fix; a judge that
// cannot be used (bad reply, budget, outage) never costs the user the answer.
func (r *run) judge(ctx context.Context) node {
	start := time.Now()
	msgs, err := renderPair("judge", resultPrompt(r, 20))
	if err != nil {
		return r.fail(&Error{Code: CodeInternal, Message: err.Error()})
	}
	resp, err := r.generate(ctx, llm.Request{Messages: msgs, Schema: judgeSchema, SchemaName: "judge_reply", Temperature: 0, MaxTokens: 300})
	if err != nil {
		r.note("the answer was not evaluated: " + err.Error())
		r.event("evaluate", start, "judge unavailable", err.Error())
		return r.answer
	}
	var v judgeReply
	if err := json.Unmarshal([]byte(llm.ExtractJSON(resp.Text)), &v); err != nil || v.Correct == nil {
		r.note("the answer was not evaluated: the judge's reply was not a verdict")
		r.event("evaluate", start, "judge reply unreadable", resp.Text)
		return r.answer
	}
	if *v.Correct {
		r.event("evaluate", start, "judged correct", v.Reason)
		return r.answer
	}
	if r.attempt >= r.agent.cfg.MaxAttempts || !r.budgetLeft() {
		r.note("an automatic check doubts this answer: " + v.Reason)
		r.event("evaluate", start, "judged incorrect; no attempts left", v.Reason)
		return r.answer
	}
	f := failure{Attempt: r.attempt, Stage: "evaluate", Code: "judged_incorrect",
		Message: "the result does not answer the question: " + v.Reason, SQL: r.sql}
	if r.plan != nil && r.plan.RawSQL == "" {
		f.Plan = r.plan.String()
	}
	r.failures = append(r.failures, f)
	r.event("evaluate", start, "judged incorrect; planning again", v.Reason)
	return r.planStep
}

// emptyReason explains an empty result: which filter eliminated every row,
// and a correction when the filter's value is a misspelling of a real one.
type emptyReason struct {
	// Text says why nothing matched, for the user and the LLM.
	Text string
	// Fixed is the plan with the misspelt value replaced by the real one.
	Fixed *plan.Plan
	// From and To are the replaced value and its correction.
	From, To string
	// Proven is true when the data's complete list of values shows the
	// filter cannot match: re-planning would not help.
	Proven bool
}

// refine tries to rescue an empty result, at most RefineCount times: first a
// value that is a near miss of a real one (case, accents, a typo) is
// corrected and the query re-run; else an LLM, when there is one, plans again
// told which filter matched nothing. Otherwise the answer says why nothing
// matched instead of a bare "no rows".
func (r *run) refine(ctx context.Context) node {
	start := time.Now()
	a := r.agent
	why := r.whyEmpty(ctx)
	if r.refines < a.cfg.RefineCount {
		if why.Fixed != nil {
			r.refines++
			r.plan = why.Fixed
			r.event("refine", start, fmt.Sprintf("value %q → %q", why.From, why.To), why.Text)
			r.note(fmt.Sprintf("%q matched nothing; used the existing value %q", why.From, why.To))
			return r.compile
		}
		if !why.Proven && a.model != nil && a.cfg.Planner != "offline" && r.budgetLeft() {
			r.refines++
			// Keep the empty answer: if the LLM concludes nothing can
			// match, it is still the answer, now with its reason.
			r.emptyRun = &emptySnapshot{plan: r.plan, sql: r.sql, args: r.args, tables: r.tables, result: r.result, planner: r.planner, why: why.Text}
			f := failure{Attempt: r.attempt, Stage: "refine", Code: "empty_result",
				Message: "the query returned no rows: " + why.Text + ". If the question's value is spelt differently in the data, use the real value; if nothing can match, reply cannot_answer saying why.", SQL: r.sql}
			if r.plan != nil && r.plan.RawSQL == "" {
				f.Plan = r.plan.String()
			}
			r.failures = append(r.failures, f)
			r.event("refine", start, "no rows; planning again", why.Text)
			return r.planStep
		}
	}
	r.empty = why.Text
	r.event("refine", start, "no rows", why.Text)
	return r.answer
}

// maxEmptyProbes bounds the extra queries whyEmpty runs (one per filter).
const maxEmptyProbes = 4

// whyEmpty finds the filter that eliminated every row. A filter on a text
// value is checked against the column's known values first (no query); then
// each top-level filter is dropped in turn and the query re-run with one row
// at most, so the message can say "without it, rows exist".
func (r *run) whyEmpty(ctx context.Context) emptyReason {
	p := r.plan
	if p == nil || p.RawSQL != "" || p.Where == nil {
		return emptyReason{Text: "the query matched no rows"}
	}
	conj := conjuncts(p.Where)
	for i, c := range conj {
		col, val, ok := textEquality(p, r.agent.schema, c)
		if !ok || !col.SamplesComplete && len(col.Samples) == 0 {
			continue
		}
		if real, ok := nearValue(val, col.Samples); ok {
			fixed := p.Clone()
			fixed.Where = replaceValue(fixed.Where, len(conj), i, real)
			return emptyReason{Text: fmt.Sprintf("no row has %s = %q", c.Left.Col, val), Fixed: fixed, From: val, To: real}
		}
		if col.SamplesComplete {
			return emptyReason{Text: fmt.Sprintf("no row has %s = %q; its values are %s", c.Left.Col, val, listValues(col.Samples, 12)), Proven: true}
		}
	}
	if len(conj) > maxEmptyProbes {
		return emptyReason{Text: "no row meets all the filters together"}
	}
	for i, c := range conj {
		probe := p.Clone()
		probe.Where = without(conj, i)
		probe.Limit = plan.Int(1)
		q, err := sqlgen.Compile(probe, r.agent.schema, r.agent.dialect, sqlgen.Options{Tenant: r.agent.cfg.Tenant})
		if err != nil {
			continue
		}
		if _, err := r.agent.db.Guard(ctx, q.SQL); err != nil {
			continue
		}
		res, err := r.agent.db.Query(ctx, q.SQL, q.Args, database.Limits{MaxRows: 1, Timeout: r.agent.cfg.StatementTimeout})
		if err == nil && len(res.Rows) > 0 {
			return emptyReason{Text: fmt.Sprintf("the filter %s matched nothing (without it, rows exist)", describeCond(c))}
		}
	}
	return emptyReason{Text: "no row meets the filters, even taken one at a time"}
}

// conjuncts splits a top-level AND.
func conjuncts(c *plan.Cond) []plan.Cond {
	if c.Op == "" && len(c.And) > 0 {
		return c.And
	}
	return []plan.Cond{*c}
}

// without rebuilds the AND of conj minus item i (nil when none remain).
func without(conj []plan.Cond, i int) *plan.Cond {
	rest := append(append([]plan.Cond{}, conj[:i]...), conj[i+1:]...)
	switch len(rest) {
	case 0:
		return nil
	case 1:
		return &rest[0]
	}
	return &plan.Cond{And: rest}
}

// replaceValue sets the literal of conjunct i of where (which has n
// conjuncts) to v. where belongs to a clone, so it is changed in place.
func replaceValue(where *plan.Cond, n, i int, v string) *plan.Cond {
	c := where
	if n > 1 {
		c = &where.And[i]
	}
	c.Right = &plan.Expr{Value: v, ValueSet: true}
	return where
}

// textEquality recognises `column = 'text'` and returns the column's schema.
func textEquality(p *plan.Plan, s *schema.Schema, c plan.Cond) (*schema.Column, string, bool) {
	if c.Op != "=" || c.Left == nil || c.Left.Col == "" || c.Right == nil {
		return nil, "", false
	}
	val, ok := c.Right.Value.(string)
	if !ok {
		return nil, "", false
	}
	col := resolveColumn(p, s, c.Left.Col)
	if col == nil || col.Kind != schema.KindText {
		return nil, "", false
	}
	return col, val, true
}

// resolveColumn finds the schema column a plan reference names, through the
// plan's aliases ("o.status" → orders.status).
func resolveColumn(p *plan.Plan, s *schema.Schema, ref string) *schema.Column {
	src, name, ok := strings.Cut(ref, ".")
	if !ok {
		src, name = "", ref
	}
	sources := append([]plan.Source{p.From}, func() []plan.Source {
		out := make([]plan.Source, len(p.Joins))
		for i, j := range p.Joins {
			out[i] = j.Source
		}
		return out
	}()...)
	for _, so := range sources {
		if so.Table == "" || (src != "" && !strings.EqualFold(so.Name(), src)) {
			continue
		}
		if t, ok := s.Table(so.Table); ok {
			if c, ok := t.Column(name); ok {
				return c
			}
		}
	}
	return nil
}

// nearValue finds the one known value that v misses only by case, accents,
// surrounding space or a small typo. Two equally near values are no
// correction: guessing between them is the LLM's or the user's call.
func nearValue(v string, known []string) (string, bool) {
	key := schema.NormalizeValue(v)
	if key == "" {
		return "", false
	}
	best, bestDist, ties := "", 3, 0
	for _, k := range known {
		if k == v {
			return "", false // the value exists: the emptiness is elsewhere
		}
		d := 0
		if fk := schema.NormalizeValue(k); fk != key {
			if len([]rune(key)) < 5 {
				continue // short values: a typo is as likely a different value
			}
			d = schema.EditDistance(fk, key)
		}
		switch {
		case d < bestDist:
			best, bestDist, ties = k, d, 1
		case d == bestDist:
			ties++
		}
	}
	maxDist := 1
	if len([]rune(key)) >= 8 {
		maxDist = 2
	}
	if ties != 1 || bestDist > maxDist {
		return "", false
	}
	return best, true
}

func listValues(vals []string, n int) string {
	q := make([]string, 0, n)
	for i, v := range vals {
		if i == n {
			q = append(q, fmt.Sprintf("and %d more", len(vals)-n))
			break
		}
		q = append(q, fmt.Sprintf("%q", v))
	}
	return strings.Join(q, ", ")
}

// describeCond renders a filter for messages: `orders.status = "returned"`.
func describeCond(c plan.Cond) string {
	if c.Op == "" || c.Left == nil {
		b, _ := json.Marshal(c)
		return string(b)
	}
	left := c.Left.Col
	if left == "" {
		b, _ := json.Marshal(c.Left)
		left = string(b)
	}
	switch {
	case c.Right != nil && c.Right.IsLiteral():
		return fmt.Sprintf("%s %s %s", left, c.Op, formatLiteral(c.Right.Value))
	case c.Low != nil && c.High != nil:
		return fmt.Sprintf("%s %s %s and %s", left, c.Op, formatLiteral(c.Low.Value), formatLiteral(c.High.Value))
	case len(c.Values) > 0:
		vs := make([]string, len(c.Values))
		for i, v := range c.Values {
			vs[i] = formatLiteral(v.Value)
		}
		return fmt.Sprintf("%s %s (%s)", left, c.Op, strings.Join(vs, ", "))
	}
	return left + " " + c.Op
}

func formatLiteral(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return formatValue(v)
}

// emptySnapshot is an empty result kept while the LLM tries to refine it.
type emptySnapshot struct {
	plan    *plan.Plan
	sql     string
	args    []any
	tables  []string
	result  *database.Result
	planner string
	why     string
}

// restoreEmpty answers with the kept empty result, adding the planner's
// reason for why nothing matches.
func (r *run) restoreEmpty(reason string) node {
	e := r.emptyRun
	r.plan, r.sql, r.args, r.tables, r.result, r.planner = e.plan, e.sql, e.args, e.tables, e.result, e.planner
	r.empty = e.why
	if reason != "" {
		r.empty += "; " + reason
	}
	return r.answer
}
