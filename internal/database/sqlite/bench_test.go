package sqlite_test

import (
	"context"
	"testing"
	"time"

	"querent/internal/database"
)

// joinQuery is a typical generated query: three tables, a filter, a group.
const joinQuery = `SELECT c.country, count(DISTINCT o.id) AS orders, sum(i.qty) AS items
FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id
WHERE o.status <> ? GROUP BY c.country ORDER BY items DESC LIMIT 10`

func BenchmarkGuard(b *testing.B) {
	db := open(b, fixture(b))
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.Guard(ctx, joinQuery); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuery(b *testing.B) {
	db := open(b, fixture(b))
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, joinQuery, []any{"cancelled"}, lim); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQueryDates returns DATE and DATETIME columns, which take the
// raw-values path (one extra prepare and first step).
func BenchmarkQueryDates(b *testing.B) {
	db := open(b, fixture(b))
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, "SELECT o.id, o.order_date, c.created_at FROM orders o JOIN customers c ON c.id = o.customer_id", nil, lim); err != nil {
			b.Fatal(err)
		}
	}
}
