package mysql_test

import (
	"context"
	"testing"
	"time"

	"querent/internal/database"
)

// joinQuery is a typical generated query: three tables, a filter, a group.
const joinQuery = "SELECT c.country, COUNT(DISTINCT o.id) AS orders, SUM(i.quantity) AS items " +
	"FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id " +
	"WHERE o.status <> ? GROUP BY c.country ORDER BY items DESC LIMIT 10"

// BenchmarkGuard measures the guard alone: lexical check, parse, walk and
// table resolution against cached names. It needs no server.
func BenchmarkGuard(b *testing.B) {
	db := offline()
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.Guard(ctx, joinQuery); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIntrospect introspects the demo database: three catalogue
// queries and two statistics queries per table with text columns.
func BenchmarkIntrospect(b *testing.B) {
	db, _, _ := liveDemo(b)
	ctx := context.Background()
	for b.Loop() {
		s, err := db.Introspect(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Tables) == 0 {
			b.Fatal("no tables")
		}
	}
}

// BenchmarkQuery runs joinQuery with an argument: guard, timeout, read-only
// transaction, prepared statement, rollback.
func BenchmarkQuery(b *testing.B) {
	db, _, _ := liveDemo(b)
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, joinQuery, []any{"cancelled"}, lim); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQueryPoint runs a one-row lookup, so the figure is querent's
// per-query overhead (guard and four round trips) more than the server's
// work.
func BenchmarkQueryPoint(b *testing.B) {
	db, _, _ := liveDemo(b)
	ctx := context.Background()
	lim := database.Limits{MaxRows: 10, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, "SELECT name FROM clients WHERE id = ?", []any{1}, lim); err != nil {
			b.Fatal(err)
		}
	}
}
