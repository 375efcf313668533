//go:build cgo

package duckdb_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"querent/internal/database"
	"querent/internal/database/duckdb"
)

// joinQuery is a typical generated query: three tables, a filter, a group.
const joinQuery = `SELECT c.country, count(DISTINCT o.id) AS orders, sum(i.quantity) AS items
FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items i ON i.order_id = o.id
WHERE o.status <> $1 GROUP BY c.country ORDER BY items DESC LIMIT 10`

// BenchmarkGuard measures the whole guard: the lexical check, DuckDB's
// parser and the syntax-tree policy, and preparing the statement.
func BenchmarkGuard(b *testing.B) {
	db := open(b, demoFile(b))
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.Guard(ctx, joinQuery); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuery runs joinQuery over the demo (8,000 order items) with all
// the checks Query makes.
func BenchmarkQuery(b *testing.B) {
	db := open(b, demoFile(b))
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, joinQuery, []any{"cancelled"}, lim); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQueryPoint is a one-row lookup: what the checks cost next to a
// query that does almost nothing.
func BenchmarkQueryPoint(b *testing.B) {
	db := open(b, demoFile(b))
	ctx := context.Background()
	lim := database.Limits{MaxRows: 100, Timeout: 5 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, "SELECT first_name, last_name FROM customers WHERE id = $1", []any{42}, lim); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQueryRowCap reads 10,000 rows of a ten-million-row generator.
func BenchmarkQueryRowCap(b *testing.B) {
	db := open(b, demoFile(b))
	ctx := context.Background()
	lim := database.Limits{MaxRows: 10_000, Timeout: 30 * time.Second}
	for b.Loop() {
		if _, err := db.Query(ctx, "SELECT x, 'row ' || x AS label FROM range(10000000) t(x)", nil, lim); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIntrospect(b *testing.B) {
	db := open(b, demoFile(b))
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.Introspect(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenFiles loads a 100,000-row CSV file into memory, detecting
// its types, and seals the database.
func BenchmarkOpenFiles(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.csv")
	copyTo(b, path, "SELECT range AS id, 'name ' || range AS name, range * 0.5 AS amount, DATE '2024-01-01' + range::INTEGER % 365 AS day FROM range(100000)", "csv")
	for b.Loop() {
		db, err := duckdb.OpenFiles(context.Background(), path)
		if err != nil {
			b.Fatal(err)
		}
		db.Close()
	}
}
