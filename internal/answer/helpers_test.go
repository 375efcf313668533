package answer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"querent/internal/answer"
	"querent/internal/database"
	_ "querent/internal/database/sqlite"
	"querent/internal/demo"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

// demoEnv is the demo store, opened read-only once for every test that
// needs real results.
type demoEnv struct {
	db      database.Engine
	schema  *schema.Schema
	planner *offline.Planner
	dialect sqlgen.Dialect
}

var (
	demoOnce sync.Once
	demoErr  error
	demoVal  *demoEnv
	demoDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if demoDir != "" {
		os.RemoveAll(demoDir)
	}
	os.Exit(code)
}

// theDemo writes the demo database on first use and introspects it.
func theDemo(t testing.TB) *demoEnv {
	t.Helper()
	demoOnce.Do(func() {
		ctx := context.Background()
		dir, err := os.MkdirTemp("", "querent-answer-test-")
		if err != nil {
			demoErr = err
			return
		}
		demoDir = dir
		path := filepath.Join(dir, "demo.db")
		if err := demo.WriteSQLite(ctx, path, demo.Generate(demo.DefaultSeed), false); err != nil {
			demoErr = err
			return
		}
		db, err := database.Open(ctx, path)
		if err != nil {
			demoErr = err
			return
		}
		s, err := db.Introspect(ctx)
		if err != nil {
			demoErr = err
			return
		}
		d, err := sqlgen.DialectFor(db.Name())
		if err != nil {
			demoErr = err
			return
		}
		demoVal = &demoEnv{db: db, schema: s, dialect: d,
			planner: offline.New(s, offline.Options{Today: time.Date(2025, 6, 15, 0, 0, 0, 0, time.UTC)})}
	})
	if demoErr != nil {
		t.Fatalf("demo database: %v", demoErr)
	}
	return demoVal
}

// ask plans a question offline, compiles and runs it on the demo store, as
// the agent does, and returns the plan and the result with schema kinds.
func (e *demoEnv) ask(t testing.TB, question string) (*plan.Plan, answer.Result) {
	t.Helper()
	reply := e.planner.Plan(question)
	if reply.Plan == nil {
		t.Fatalf("offline planner cannot answer %q: %s", question, reply.CannotAnswer)
	}
	p, err := e.run(reply.Plan)
	if err != nil {
		t.Fatalf("%q: %v", question, err)
	}
	return p.plan, p.res
}

type ran struct {
	plan *plan.Plan
	res  answer.Result
}

func (e *demoEnv) run(p *plan.Plan) (ran, error) {
	fixed, diags := plan.Audit(p, e.schema)
	if diags.HasErrors() {
		return ran{}, fmt.Errorf("audit: %v", diags.Err())
	}
	p = plan.NameOutputs(fixed)
	q, err := sqlgen.Compile(p, e.schema, e.dialect, sqlgen.Options{})
	if err != nil {
		return ran{}, fmt.Errorf("compile: %w", err)
	}
	res, err := e.db.Query(context.Background(), q.SQL, q.Args, database.Limits{MaxRows: 1000})
	if err != nil {
		return ran{}, fmt.Errorf("query %s: %w", q.SQL, err)
	}
	return ran{p, answer.Result{Columns: res.Columns, Rows: res.Rows, Truncated: res.Truncated,
		Kinds: answer.KindsFromPlan(p, e.schema, res.Columns, res.Rows)}}, nil
}
