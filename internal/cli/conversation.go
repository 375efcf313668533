package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"querent/internal/agent"
	"querent/internal/config"
	"querent/internal/database"
	"querent/internal/plan"
	"querent/internal/session"
)

// openStore opens the session store the configuration names: sessions:
// (a SQLite path or postgres:// URL), else .querent/sessions.db beside the
// config file.
func openStore(ctx context.Context, cfg config.Config) (session.Store, error) {
	spec := cfg.Sessions
	if spec == "" {
		spec = session.DefaultPath(cfg.Dir)
	}
	st, err := session.Open(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("open the session store: %w", err)
	}
	return st, nil
}

// conversation is one session over the opened database: it feeds the agent
// the previous turns and records each new one, so a follow-up works the
// same in `ask --session`, `chat` and `patch`.
type conversation struct {
	store session.Store
	sess  *session.Session
}

// dbKey names the database in the session store: the DSN with any password
// removed, so sessions can be listed per database without storing secrets.
func dbKey(dsn string) string { return database.Redact(dsn) }

// startConversation continues session id, or starts a new one when id is
// "" or "new". A session over another database is refused: its plans name
// that database's tables.
func startConversation(ctx context.Context, st session.Store, cfg config.Config, id string) (*conversation, error) {
	key := dbKey(cfg.Database)
	if id == "" || id == "new" {
		s, err := st.Create(ctx, key, "")
		if err != nil {
			return nil, fmt.Errorf("start a session: %w", err)
		}
		return &conversation{store: st, sess: s}, nil
	}
	s, err := st.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.Database != key {
		return nil, fmt.Errorf("session %s is a conversation over %s, not %s: pass --db for that database, or start a new session with --session new", s.ID, s.Database, key)
	}
	return &conversation{store: st, sess: s}, nil
}

// previous returns what the agent needs from the session: the last plan and
// the questions so far, and the last turn when it asked for clarification
// (the new question is then its answer).
func (c *conversation) previous(ctx context.Context) (*agent.Previous, *session.Turn, error) {
	turns, err := c.store.Turns(ctx, c.sess.ID)
	if err != nil {
		return nil, nil, err
	}
	if len(turns) == 0 {
		return nil, nil, nil
	}
	prev := &agent.Previous{}
	for _, t := range turns {
		if t.Error == "" || t.Route == session.RouteClarify {
			prev.History = append(prev.History, standalone(t))
		}
	}
	// The last turn with a plan is what a follow-up changes.
	for i := len(turns) - 1; i >= 0; i-- {
		t := turns[i]
		if t.Error != "" || len(t.Plan) == 0 || string(t.Plan) == "null" {
			continue
		}
		var p plan.Plan
		if err := json.Unmarshal(t.Plan, &p); err != nil {
			return nil, nil, fmt.Errorf("session %s turn %d holds a plan that no longer decodes: %w", c.sess.ID, t.N, err)
		}
		prev.Question, prev.Plan = standalone(t), &p
		break
	}
	var pending *session.Turn
	if last := turns[len(turns)-1]; last.Route == session.RouteClarify {
		pending = &last
	}
	return prev, pending, nil
}

func standalone(t session.Turn) string {
	if t.Resolved != "" {
		return t.Resolved
	}
	return t.Question
}

// ask answers question (or applies patch) in the conversation and records
// the turn. A turn that cannot be recorded is reported in the error; the
// response is still returned so the answer is not lost.
func (c *conversation) ask(ctx context.Context, a *agent.Agent, req agent.Request) (*agent.Response, error) {
	prev, pending, err := c.previous(ctx)
	if err != nil {
		return nil, err
	}
	req.Previous = prev
	asked := req.Question
	if len(req.Patch) > 0 && strings.TrimSpace(asked) == "" {
		ops, _ := json.Marshal(req.Patch)
		asked = "patch " + string(ops)
		req.Question = asked
	}
	if pending != nil && len(req.Patch) == 0 && len(strings.Fields(asked)) <= maxClarifyAnswerWords {
		// A short reply to querent's clarification is its answer: ask the
		// original question again with the answer in it. A longer one is
		// a new question.
		req.Question = clarified(standalone(*pending), asked)
	}
	resp := a.Ask(ctx, req)
	resp.SessionID = c.sess.ID
	turn := turnOf(c.sess.ID, asked, req.Question, resp)
	n, err := c.store.Append(ctx, turn)
	if err != nil {
		return resp, fmt.Errorf("the answer was not saved in session %s: %w", c.sess.ID, err)
	}
	resp.Turn = n
	return resp, nil
}

// clarified joins a question and the answer to querent's clarification into
// one question both planners read: "show me the names" + "products" is
// "show me the names of products"; an answer that is already a phrase
// ("in 2024", "by revenue") is appended as it is.
func clarified(question, answer string) string {
	question = strings.TrimRight(strings.TrimSpace(question), "?.! ")
	answer = strings.TrimSpace(answer)
	first := strings.ToLower(strings.Fields(answer + " x")[0])
	switch first {
	case "in", "for", "by", "from", "of", "with", "during", "since", "before", "after", "between", "per", "on", "at", "over", "under", "where", "whose", "that", "which", "only":
		return question + " " + answer
	}
	return question + " of " + answer
}

// maxClarifyAnswerWords is the longest reply read as the answer to a
// clarification ("the customers' names", "in 2024", "by revenue").
const maxClarifyAnswerWords = 5

// turnOf records a response as a session turn.
func turnOf(sessionID, asked, resolved string, r *agent.Response) *session.Turn {
	t := &session.Turn{
		Session: sessionID, Question: asked, Route: r.Route,
		SQL: r.SQL, Columns: r.Columns, RowCount: r.RowCount, Summary: r.Summary,
		Planner: r.Planner, LLMCalls: r.LLMCalls, PromptTokens: r.Tokens.Prompt,
		CompletionTokens: r.Tokens.Completion, ElapsedMS: r.ElapsedMS,
	}
	if strings.TrimSpace(asked) == "" {
		t.Question = resolved
	}
	if resolved != asked {
		t.Resolved = resolved
	}
	if t.Summary == "" {
		t.Summary = r.Answer
	}
	if r.Route == "" {
		t.Route = session.RouteNew
	}
	if r.Error != nil {
		t.Error = string(r.Error.Code)
		t.Summary = r.Error.Message
		if r.Error.Code == agent.CodeNeedsClarification {
			t.Route = session.RouteClarify
		}
	}
	if r.Plan != nil {
		t.Plan, _ = json.Marshal(r.Plan)
	}
	if len(r.Params) > 0 {
		t.Params, _ = json.Marshal(r.Params)
	}
	return t
}

// lastAnswer returns the session's last turn that has SQL to re-run.
func (c *conversation) lastAnswer(ctx context.Context) (*session.Turn, error) {
	turns, err := c.store.Turns(ctx, c.sess.ID)
	if err != nil {
		return nil, err
	}
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Error == "" && turns[i].SQL != "" {
			return &turns[i], nil
		}
	}
	return nil, errors.New("the session has no answered question yet")
}
