package agent_test

import (
	"context"
	"testing"

	"querent/internal/agent"
	"querent/internal/database"
	"querent/internal/offline"
	"querent/internal/schema"
)

var benchQuestions = []string{
	"How many customers are there?",
	"How many orders were placed in 2025?",
	"total amount of orders by status",
	"number of customers per country",
	"average unit price of products per category",
	"the 3 employees with the highest salary",
	"How many payments were made by paypal?",
	"orders with status pending",
}

// BenchmarkOfflineAnswer and BenchmarkExecuteOnly run side by side: the
// first answers each question through the whole flow with the offline
// planner, the second only runs the final SQL. Their ratio is the cost of
// everything querent adds (planning, audit, compile, guard, EXPLAIN).
func BenchmarkOfflineAnswer(b *testing.B) {
	db, s := openDemoB(b)
	a, err := agent.New(db, s, nil, offline.New(s, offline.Options{}), agent.Config{Planner: "offline"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, q := range benchQuestions {
			if r := a.Ask(ctx, agent.Request{Question: q}); r.Error != nil {
				b.Fatalf("%s: %+v", q, r.Error)
			}
		}
	}
}

func BenchmarkExecuteOnly(b *testing.B) {
	db, s := openDemoB(b)
	a, err := agent.New(db, s, nil, offline.New(s, offline.Options{}), agent.Config{Planner: "offline"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	type stmt struct {
		sql  string
		args []any
	}
	var stmts []stmt
	for _, q := range benchQuestions {
		r := a.Ask(ctx, agent.Request{Question: q})
		if r.Error != nil {
			b.Fatalf("%s: %+v", q, r.Error)
		}
		stmts = append(stmts, stmt{r.SQL, r.Params})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, st := range stmts {
			if _, err := db.Query(ctx, st.sql, st.args, database.Limits{MaxRows: 500}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func openDemoB(b *testing.B) (database.Engine, *schema.Schema) {
	b.Helper()
	db, err := database.Open(context.Background(), "sqlite:"+demoPath)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	s, err := db.Introspect(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	return db, s
}
