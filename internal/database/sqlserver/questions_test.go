package sqlserver_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
	"querent/internal/database/dbtest"
	"querent/internal/database/sqlserver"
	"querent/internal/demo"
	"querent/internal/offline"
	"querent/internal/schema"
)

// guardOnly is an engine named "sqlserver" whose Guard (also run by its
// Query) is the real SQL Server guard and which runs nothing: it lets the agent compile questions
// for SQL Server without a server, and records every statement the guard
// refused.
type guardOnly struct {
	s *schema.Schema

	mu      sync.Mutex
	checked int
	refused []string
}

func (g *guardOnly) Name() string { return "sqlserver" }
func (g *guardOnly) Introspect(context.Context) (*schema.Schema, error) {
	return g.s, nil
}
func (g *guardOnly) Guard(_ context.Context, sql string) ([]string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.checked++
	st, err := sqlserver.Check(sql)
	if err == nil {
		var tables []string
		if tables, err = sqlserver.Resolve(g.s, st.Tables); err == nil {
			return tables, nil
		}
	}
	g.refused = append(g.refused, sql+"\n  "+err.Error())
	return nil, err
}

// Query guards the statement as the real engine's Query does (the agent
// relies on it for compiled SQL), then runs nothing.
func (g *guardOnly) Query(ctx context.Context, sql string, _ []any, _ database.Limits) (*database.Result, error) {
	if _, err := g.Guard(ctx, sql); err != nil {
		return nil, err
	}
	return &database.Result{Columns: []string{"n"}, Rows: [][]any{{int64(1)}}}, nil
}
func (g *guardOnly) Explain(context.Context, string, []any) error { return nil }
func (g *guardOnly) Close() error                                 { return nil }

// TestCheckAcceptsCompiledQuestions compiles the conformance suite's
// questions for SQL Server with the offline planner, over the demo schema
// as SQL Server names it, and requires the guard to accept every statement
// the agent sends it. With the goldens, this is the proof that compiled SQL
// passes the guard; the live conformance run then checks the answers.
func TestCheckAcceptsCompiledQuestions(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "demo.db")
	if err := demo.WriteSQLite(ctx, path, demo.Generate(demo.DefaultSeed), false); err != nil {
		t.Fatal(err)
	}
	ref, err := database.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	s, err := ref.Introspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s.Engine = "sqlserver"
	for i := range s.Tables {
		s.Tables[i].Namespace = "dbo"
	}
	g := &guardOnly{s: s}
	today := time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC)
	a, err := agent.New(g, s, nil, offline.New(s, offline.Options{Today: today}), agent.Config{Planner: "offline", RowLimit: 5000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range dbtest.Questions {
		if resp := a.Ask(ctx, agent.Request{Question: q}); resp.SQL == "" {
			t.Errorf("%q compiled to no SQL: %+v", q, resp.Error)
		}
	}
	for _, r := range g.refused {
		t.Errorf("the guard refused compiled SQL:\n%s", r)
	}
	if g.checked < len(dbtest.Questions) {
		t.Errorf("the guard saw %d statements for %d questions", g.checked, len(dbtest.Questions))
	}
}
