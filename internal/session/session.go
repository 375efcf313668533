// Package session is querent's own store of conversations: sessions, their
// turns (question, plan, SQL, outcome, cost), the user's feedback on each
// turn, and the confirmed question→plan examples that feedback produces.
//
// It is querent's own store, never the database being questioned (that one
// is always opened read-only). Two backends
// implement [Store]: a SQLite file ([OpenSQLite], the default, beside the
// config) and PostgreSQL ([OpenPostgres], for servers that share history).
// [Open] picks one from a spec string. Both pass the same conformance suite.
//
// A turn is durable when [Store.Append] returns: SQLite runs in WAL mode
// with synchronous=FULL, PostgreSQL commits. Turn numbers are assigned by the
// store inside the same transaction that inserts the turn, under a lock on
// the session, so two processes appending to one session get 1, 2, 3, …
// without gaps or duplicates.
package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Session is one conversation against one database.
type Session struct {
	ID string `json:"id"`
	// Database names the database questioned: a stable key or a DSN, stored
	// with any password redacted.
	Database  string    `json:"database"`
	Title     string    `json:"title"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Turns is the number of turns the session holds.
	Turns int `json:"turns"`
}

// Routes a turn can take, as decided by the agent's resolve step.
const (
	RouteNew     = "new"     // a standalone question
	RouteUpdate  = "update"  // a follow-up that changes the last plan
	RouteRewrite = "rewrite" // a follow-up rewritten into a standalone question
	RouteClarify = "clarify" // querent asked back instead of answering
	RoutePatch   = "patch"   // a plan patch applied without planning again
)

var routes = []string{RouteNew, RouteUpdate, RouteRewrite, RouteClarify, RoutePatch}

// Turn is one question and what querent did with it.
type Turn struct {
	Session string `json:"session"`
	// N is the turn's number in its session, from 1; assigned by Append.
	N        int    `json:"n"`
	Question string `json:"question"`
	// Resolved is the standalone form of a follow-up ("revenue by month in
	// 2024" for "and in 2024?"); empty when the question stood alone.
	Resolved string          `json:"resolved,omitempty"`
	Route    string          `json:"route"`
	Plan     json.RawMessage `json:"plan,omitempty"`
	SQL      string          `json:"sql,omitempty"`
	Params   json.RawMessage `json:"params,omitempty"`
	Columns  []string        `json:"columns,omitempty"`
	RowCount int             `json:"row_count"`
	// Summary is the deterministic answer text shown to the user.
	Summary string `json:"summary,omitempty"`
	// Error is the error code when the turn failed; empty on success.
	Error            string `json:"error,omitempty"`
	Planner          string `json:"planner,omitempty"`
	LLMCalls         int    `json:"llm_calls"`
	PromptTokens     int    `json:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens"`
	ElapsedMS        int64  `json:"elapsed_ms"`
	// Feedback is the user's vote: -1, 0 (none) or +1.
	Feedback     int       `json:"feedback"`
	FeedbackNote string    `json:"feedback_note,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
}

// Sources of an [Example].
const (
	SourceFeedback = "feedback" // a turn the user voted up
	SourceConfig   = "config"   // listed in the configuration
)

// Example is a confirmed question→plan pair, shown to planners as a worked
// example for similar questions.
type Example struct {
	ID        string          `json:"id"`
	Database  string          `json:"database"`
	Question  string          `json:"question"`
	Plan      json.RawMessage `json:"plan"`
	Source    string          `json:"source"`
	CreatedAt time.Time       `json:"created_at"`
	// Score is the similarity to the question passed to Examples (BM25,
	// higher is closer); zero elsewhere.
	Score float64 `json:"score,omitempty"`
}

// Store keeps sessions, turns, feedback and examples. Every method that
// takes a session id also accepts a unique prefix of at least four
// characters. Missing sessions and turns are reported with errors matching
// [ErrNotFound]; a prefix shared by several sessions with [ErrAmbiguous];
// a session without turns (for Last and Undo) with [ErrNoTurns]. Methods are
// safe for concurrent use, also by several processes sharing one store.
type Store interface {
	// Create starts a session over database (a stable key or DSN; a
	// password in it is redacted before storing). An empty title is filled
	// from the first turn's question.
	Create(ctx context.Context, database, title string) (*Session, error)
	// Get returns the session with this id or unique id prefix.
	Get(ctx context.Context, id string) (*Session, error)
	// List returns sessions over database ("" for all), most recently
	// updated first, at most limit of them (limit <= 0: all).
	List(ctx context.Context, database string, limit int) ([]Session, error)
	// Append stores t as the next turn of t.Session and returns its number,
	// which it also sets in t.N (with t.Session set to the full id and
	// t.CreatedAt to the store's time). The turn is durable on return.
	Append(ctx context.Context, t *Turn) (n int, err error)
	// Turns returns every turn of the session in order.
	Turns(ctx context.Context, id string) ([]Turn, error)
	// Last returns the session's latest turn.
	Last(ctx context.Context, id string) (*Turn, error)
	// Undo removes the session's latest turn, and any example made from it.
	Undo(ctx context.Context, id string) error
	// SetFeedback records a vote (-1, 0 or +1) and a note on turn n. A +1
	// on a turn that succeeded with a plan stores that turn as an example
	// (its resolved question, or its question, with its plan); -1 or 0
	// removes an example made from the turn.
	SetFeedback(ctx context.Context, id string, n int, vote int, note string) error
	// AddExample stores e, replacing an example with the same database,
	// source and question that came from no turn (so loading the config
	// twice does not duplicate its examples). It returns the stored example.
	AddExample(ctx context.Context, e Example) (Example, error)
	// Examples returns up to k examples over database ("" for all) whose
	// questions are most similar to question, best first, with Score set.
	// Examples sharing no word with the question are never returned; k must
	// be at least 1.
	Examples(ctx context.Context, database, question string, k int) ([]Example, error)
	// Close releases the store.
	Close() error
}

// validateTurn checks what a caller hands to Append, naming the field that
// is wrong and the values allowed.
func validateTurn(t *Turn) error {
	if t == nil {
		return fmt.Errorf("append turn: the turn is nil")
	}
	if strings.TrimSpace(t.Session) == "" {
		return fmt.Errorf("append turn: Turn.Session is empty: create a session first (Store.Create) and set its id")
	}
	if strings.TrimSpace(t.Question) == "" {
		return fmt.Errorf("append turn to session %s: Turn.Question is empty: a turn records the question asked", t.Session)
	}
	if !validRoute(t.Route) {
		return fmt.Errorf("append turn to session %s: Turn.Route %q is not one of %s", t.Session, t.Route, strings.Join(routes, ", "))
	}
	for _, f := range []struct {
		name string
		v    json.RawMessage
	}{{"Plan", t.Plan}, {"Params", t.Params}} {
		if len(f.v) > 0 && !json.Valid(f.v) {
			return fmt.Errorf("append turn to session %s: Turn.%s is not valid JSON: pass the marshalled value, or nil for none", t.Session, f.name)
		}
	}
	if t.Feedback < -1 || t.Feedback > 1 {
		return fmt.Errorf("append turn to session %s: Turn.Feedback %d is not -1, 0 or +1", t.Session, t.Feedback)
	}
	for _, f := range []struct {
		name string
		v    int64
	}{{"RowCount", int64(t.RowCount)}, {"LLMCalls", int64(t.LLMCalls)}, {"PromptTokens", int64(t.PromptTokens)},
		{"CompletionTokens", int64(t.CompletionTokens)}, {"ElapsedMS", t.ElapsedMS}} {
		if f.v < 0 {
			return fmt.Errorf("append turn to session %s: Turn.%s is negative (%d)", t.Session, f.name, f.v)
		}
	}
	return nil
}

func validRoute(r string) bool {
	for _, x := range routes {
		if r == x {
			return true
		}
	}
	return false
}

// validateExample checks what a caller hands to AddExample.
func validateExample(e Example) error {
	if strings.TrimSpace(e.Database) == "" {
		return fmt.Errorf("add example: Example.Database is empty: name the database the example's plan runs on")
	}
	if strings.TrimSpace(e.Question) == "" {
		return fmt.Errorf("add example for %s: Example.Question is empty", e.Database)
	}
	if !hasPlan(e.Plan) {
		return fmt.Errorf("add example %q: Example.Plan is empty: an example pairs a question with its plan", e.Question)
	}
	if !json.Valid(e.Plan) {
		return fmt.Errorf("add example %q: Example.Plan is not valid JSON: pass the marshalled plan", e.Question)
	}
	if e.Source != SourceFeedback && e.Source != SourceConfig {
		return fmt.Errorf("add example %q: Example.Source %q is not %q or %q", e.Question, e.Source, SourceFeedback, SourceConfig)
	}
	return nil
}

// hasPlan reports whether p holds a plan: JSON null and blanks do not.
func hasPlan(p json.RawMessage) bool {
	p = bytes.TrimSpace(p)
	return len(p) > 0 && !bytes.Equal(p, []byte("null"))
}

// titleFrom makes a session title from a question: its first line, cut to
// 80 characters on a word boundary when possible.
func titleFrom(q string) string {
	q = strings.TrimSpace(q)
	if i := strings.IndexAny(q, "\r\n"); i >= 0 {
		q = strings.TrimSpace(q[:i])
	}
	const max = 80
	r := []rune(q)
	if len(r) <= max {
		return q
	}
	cut := string(r[:max])
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut) + "…"
}
