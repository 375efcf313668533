package sqlite_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
)

// FuzzGuard feeds arbitrary SQL to Guard and runs whatever it accepts with
// Query: nothing may panic, every error must be classified, every table
// Guard reports must exist, and the database file and its directory must be
// unchanged afterwards.
func FuzzGuard(f *testing.F) {
	path := fixture(f)
	db := open(f, path)
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		f.Fatal(err)
	}
	before := stateOf(f, path)
	for _, q := range refusals {
		f.Add(q)
	}
	for _, q := range []string{
		"SELECT * FROM customers",
		"SELECT c.name, count(*) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY 1",
		"SELECT * FROM customer_totals ORDER BY total DESC",
		"WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 50) SELECT sum(n) FROM c",
		"SELECT json_extract('{\"a\": 1}', '$.a'), date('now'), upper(name) FROM customers",
		"SELECT * FROM \"odd \"\"name\"\" table\"",
		"VALUES (1), (2)",
		"SELECT name FROM sqlite_schema",
		"SELECT order_date FROM orders WHERE order_date > '2024'",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		tables, err := db.Guard(ctx, q)
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("Guard(%q) returned an unclassified error %T: %v", q, err, err)
			}
			return
		}
		for _, name := range tables {
			if _, ok := s.Table(name); !ok {
				t.Errorf("Guard(%q) reports table %q, which the schema lacks", q, name)
			}
		}
		_, err = db.Query(ctx, q, nil, database.Limits{MaxRows: 5, Timeout: 200 * time.Millisecond})
		if err != nil {
			var e *database.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("Query(%q) returned an unclassified error %T: %v", q, err, err)
			}
			if e.Code == database.CodeInternal && strings.Contains(e.Message, "internal error") {
				t.Fatalf("Query(%q): %v", q, err)
			}
		}
		if after := stateOf(t, path); after != before {
			t.Fatalf("after %q the database file or its directory changed: %v → %v", q, before, after)
		}
	})
}
