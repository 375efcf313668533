package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"querent/internal/session"
)

// BenchmarkAppend measures one durable turn (a transaction with an fsync
// under synchronous=FULL): the cost a question pays for being remembered.
func BenchmarkAppend(b *testing.B) {
	s, err := session.OpenSQLite(filepath.Join(b.TempDir(), "sessions.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	sess, err := s.Create(context.Background(), "demo", "")
	if err != nil {
		b.Fatal(err)
	}
	turn := sampleTurn(sess.ID, "how many customers are there")
	b.ResetTimer()
	for b.Loop() {
		turn.Session = sess.ID
		if _, err := s.Append(context.Background(), turn); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLast measures reading the previous turn, which every follow-up
// question does first.
func BenchmarkLast(b *testing.B) {
	s, err := session.OpenSQLite(filepath.Join(b.TempDir(), "sessions.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	sess, err := s.Create(ctx, "demo", "")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		if _, err := s.Append(ctx, sampleTurn(sess.ID, "q")); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Last(ctx, sess.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExamples measures ranking 960 stored examples against a
// question (reading all of them and scoring them with BM25).
func BenchmarkExamples(b *testing.B) {
	s, err := session.OpenSQLite(filepath.Join(b.TempDir(), "sessions.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	subjects := []string{"customers", "orders", "products", "invoices", "employees", "suppliers", "shipments", "payments"}
	measures := []string{"count of", "total amount of", "average price of", "top 5", "newest", "number of"}
	groups := []string{"by month", "per country", "by category", "in 2024", "last quarter", "per store", "by city", "per year", "", "by segment"}
	plan := json.RawMessage(`{"from":"orders","select":[{"agg":"count"}]}`)
	n := 0
	for _, m := range measures {
		for _, sub := range subjects {
			for _, g := range groups {
				for v := 0; v < 2; v++ {
					q := fmt.Sprintf("%s %s %s variant %d", m, sub, g, v)
					if _, err := s.AddExample(ctx, session.Example{Database: "shop", Question: q, Plan: plan, Source: session.SourceConfig}); err != nil {
						b.Fatal(err)
					}
					n++
				}
			}
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Examples(ctx, "shop", "total amount of orders per country in 2024", 5); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "examples")
}
