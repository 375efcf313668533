package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
)

// benchTables is how many tables BenchmarkIntrospect creates.
const benchTables = 2000

// BenchmarkIntrospect creates 2,000 tables in a dedicated schema (each with
// a primary key, text columns, and most with a foreign key to the one
// before), analyzes them, and measures Introspect of the whole database,
// reporting the statements and network round trips each introspection
// takes.
func BenchmarkIntrospect(b *testing.B) {
	_, admin := liveDB(b)
	ctx := context.Background()
	const ns = "bench_introspect"
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+ns); err != nil {
		b.Fatal(err)
	}
	// In chunks: one transaction per chunk keeps the lock table small.
	const chunk = 100
	drop := func() {
		for i := benchTables - 1; i >= 0; i -= chunk {
			var q strings.Builder
			for j := i; j > i-chunk && j >= 0; j-- {
				fmt.Fprintf(&q, "DROP TABLE IF EXISTS %s.t%04d CASCADE;\n", ns, j)
			}
			admin.ExecContext(ctx, q.String())
		}
		admin.ExecContext(ctx, "DROP SCHEMA IF EXISTS "+ns+" CASCADE")
	}
	b.Cleanup(drop)
	start := time.Now()
	for i := 0; i < benchTables; i += chunk {
		var q strings.Builder
		for j := i; j < i+chunk; j++ {
			fk := ""
			if j%4 != 0 {
				fk = fmt.Sprintf(", parent_id bigint REFERENCES %s.t%04d (id)", ns, j-1)
			}
			fmt.Fprintf(&q, "CREATE TABLE %s.t%04d (id bigint PRIMARY KEY, name text NOT NULL, category text, amount numeric(10,2), created_at timestamp%s);\n", ns, j, fk)
			fmt.Fprintf(&q, "COMMENT ON TABLE %s.t%04d IS 'benchmark table %d';\n", ns, j, j)
			if j%10 == 0 {
				fmt.Fprintf(&q, "INSERT INTO %s.t%04d (id, name, category) SELECT g, 'n' || g, (ARRAY['a', 'b', 'c'])[g %% 3 + 1] FROM generate_series(1, 50) g;\n", ns, j)
			}
		}
		if _, err := admin.ExecContext(ctx, q.String()); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := admin.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	b.Logf("created and analyzed %d tables in %v", benchTables, time.Since(start).Round(time.Millisecond))

	db := openLive(b)
	if _, err := db.Introspect(ctx); err != nil { // connect outside the timing
		b.Fatal(err)
	}
	s0, r0 := db.RoundTrips()
	tables := 0
	b.ResetTimer()
	for b.Loop() {
		s, err := db.Introspect(ctx)
		if err != nil {
			b.Fatal(err)
		}
		tables = len(s.Tables)
	}
	b.StopTimer()
	s1, r1 := db.RoundTrips()
	if tables < benchTables {
		b.Fatalf("introspected %d tables; want at least %d", tables, benchTables)
	}
	b.ReportMetric(float64(tables), "tables")
	b.ReportMetric(float64(s1-s0)/float64(b.N), "statements/op")
	b.ReportMetric(float64(r1-r0)/float64(b.N), "roundtrips/op")
}

// joinQuery is a typical generated query: three tables, a filter, a group.
const joinQuery = `SELECT c.country, count(DISTINCT o.id) AS orders, sum(i.quantity) AS items
FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id
WHERE o.status <> $1 GROUP BY c.country ORDER BY items DESC LIMIT 10`

func BenchmarkGuard(b *testing.B) {
	db := offlineDB()
	ctx := context.Background()
	q := strings.ReplaceAll(joinQuery, "order_items i", "payments i")
	q = strings.ReplaceAll(q, "i.quantity", "i.amount")
	for b.Loop() {
		if _, err := db.Guard(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuery(b *testing.B) {
	db := openLive(b)
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 10 * time.Second}
	s0, r0 := db.RoundTrips()
	for b.Loop() {
		if _, err := db.Query(ctx, joinQuery, []any{"cancelled"}, lim); err != nil {
			b.Fatal(err)
		}
	}
	s1, r1 := db.RoundTrips()
	b.ReportMetric(float64(s1-s0)/float64(b.N), "statements/op")
	b.ReportMetric(float64(r1-r0)/float64(b.N), "roundtrips/op")
}
