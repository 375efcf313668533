package agent

import (
	"context"
	"fmt"
	"strings"
	"time"

	"querent/internal/offline"
	"querent/internal/plan"
)

// Previous is the conversation a question continues: the last answered turn
// and the questions before it. The agent is stateless; sessions (package
// session) keep turns and pass them in.
type Previous struct {
	// Question is the last turn's standalone question.
	Question string
	// Plan is the last answer's plan; nil when it failed or was raw SQL.
	Plan *plan.Plan
	// History holds the conversation's earlier questions, oldest first,
	// ending with Question.
	History []string
}

// Routes a question can take, reported in Response.Route (seed 001's
// router).
const (
	RouteNew     = "new"     // no conversation: planned from scratch
	RouteUpdate  = "update"  // a follow-up answered by patching the last plan
	RouteRewrite = "rewrite" // a follow-up planned from scratch with the history
	RoutePatch   = "patch"   // an explicit patch of the last plan (no planning)
)

// FollowUpPlanner is the optional capability of an offline planner to read
// a short follow-up ("and in 2024?", "only cancelled ones") as a change to
// the previous plan. ok=false means it is not a follow-up the planner
// understands; the question is then planned on its own.
type FollowUpPlanner interface {
	FollowUp(prev *plan.Plan, question string) (reply *plan.Reply, tr offline.Trace, ok bool)
}

// routeFollowUp decides, before linking, how a question in a conversation is
// answered: an explicit patch or an offline follow-up patch skip planning
// altogether; everything else is planned, by the LLM with the previous plan
// in view so it can still choose to patch.
func (r *run) routeFollowUp(ctx context.Context) node {
	start := time.Now()
	prev := r.prev
	a := r.agent
	if len(r.patch) > 0 {
		if prev == nil || prev.Plan == nil {
			r.event("resolve", start, "nothing to patch", "")
			return r.fail(&Error{Code: CodeBadRequest, Message: "there is no previous answer with a plan to patch", Hint: "ask a question first; raw-SQL answers cannot be patched"})
		}
		p, err := plan.ApplyPatch(prev.Plan, a.schema, r.patch...)
		if err != nil {
			r.event("resolve", start, "patch refused", err.Error())
			return r.fail(&Error{Code: CodeBadRequest, Message: err.Error(), Hint: "modification_options in the previous response lists the columns, orderings and filters that can be changed"})
		}
		r.resp.Route, r.plan, r.planner = RoutePatch, p, "patch"
		r.attempt = 1
		r.event("resolve", start, "patched the previous plan", describePatch(r.patch))
		return r.audit
	}
	if prev == nil || prev.Plan == nil {
		r.resp.Route = RouteNew
		r.event("resolve", start, "standalone question", "")
		return r.link
	}
	if fu, ok := a.offline.(FollowUpPlanner); ok && a.cfg.Planner != "llm" {
		if reply, tr, ok := fu.FollowUp(prev.Plan, r.question); ok {
			switch {
			case reply.Plan != nil:
				r.resp.Route, r.plan, r.planner = RouteUpdate, reply.Plan, "offline"
				r.triedOffline, r.attempt = true, 1
				r.event("resolve", start, "follow-up: patched the previous plan offline", tr.Reason)
				return r.audit
			case reply.Clarification != nil:
				// "and for Germany?" when two columns hold Germany: ask.
				r.resp.Route = RouteUpdate
				r.event("resolve", start, "follow-up is ambiguous", tr.Reason)
				return r.clarify(reply.Clarification)
			}
		}
	}
	if a.model != nil && a.cfg.Planner != "offline" {
		// The LLM sees the previous plan and decides update vs rewrite in
		// the planning call itself. The offline planner does not get the
		// fragment as a standalone question: "only cancelled ones" on its
		// own would lose the grouping the conversation built.
		r.resp.Route = RouteRewrite
		r.triedOffline = true
		r.event("resolve", start, "follow-up: planning with the conversation", prev.Question)
		return r.link
	}
	r.resp.Route = RouteNew
	r.event("resolve", start, "not a follow-up the offline planner understands; planning it on its own", "")
	return r.link
}

// applyLLMPatch turns an LLM's patch reply into the attempt's plan.
func (r *run) applyLLMPatch(start time.Time, ops []plan.PatchOp) node {
	if r.prev == nil || r.prev.Plan == nil {
		r.event("plan", start, "LLM patched without a previous plan", "")
		return r.repair(failure{Stage: "plan", Code: "bad_output", Message: "there is no previous plan to patch: reply with a full plan"})
	}
	p, err := plan.ApplyPatch(r.prev.Plan, r.agent.schema, ops...)
	if err != nil {
		r.event("plan", start, "LLM patch does not apply", err.Error())
		return r.repair(failure{Stage: "plan", Code: "bad_patch", Message: err.Error()})
	}
	r.plan = p
	r.resp.Route = RouteUpdate
	r.event("plan", start, "LLM patched the previous plan", describePatch(ops))
	return r.audit
}

// describePatch lists the operations for the trace.
func describePatch(ops []plan.PatchOp) string {
	s := make([]string, len(ops))
	for i, op := range ops {
		s[i] = op.String()
	}
	return strings.Join(s, "; ")
}

// historyText is the conversation as the planning prompt shows it.
func (r *run) historyText() string {
	if r.prev == nil {
		return ""
	}
	var b strings.Builder
	for i, q := range r.prev.History {
		fmt.Fprintf(&b, "%d. %s\n", i+1, q)
	}
	return strings.TrimRight(b.String(), "\n")
}

// previousTables are the tables the previous plan read, which a follow-up
// keeps in view ("and their emails?" after a question about customers).
func (r *run) previousTables() []string {
	if r.prev == nil || r.prev.Plan == nil {
		return nil
	}
	p := r.prev.Plan
	var out []string
	if p.From.Table != "" {
		out = append(out, p.From.Table)
	}
	for _, j := range p.Joins {
		if j.Table != "" {
			out = append(out, j.Table)
		}
	}
	return out
}

// previousPlanJSON is the previous plan as the prompt shows it; "" without one.
func (r *run) previousPlanJSON() string {
	if r.prev == nil || r.prev.Plan == nil {
		return ""
	}
	return compactPlan(r.prev.Plan)
}

// appendMissing adds the names not already in list (case-insensitively).
func appendMissing(list, more []string) []string {
	for _, m := range more {
		found := false
		for _, l := range list {
			if strings.EqualFold(l, m) {
				found = true
				break
			}
		}
		if !found {
			list = append(list, m)
		}
	}
	return list
}
