package sqlite_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"querent/internal/database"
)

// millionRows generates 1,000,000 rows without a table.
const millionRows = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
SELECT i, 'row number ' || i AS label, i * 0.5 AS half FROM n`

func TestStreamMillionRowsBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a million rows")
	}
	db := open(t, fixture(t))
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak uint64
	var n, sum int64
	err := db.Stream(context.Background(), millionRows, nil, 0, func(cols []string, row []any) error {
		if len(cols) != 3 || cols[1] != "label" {
			t.Fatalf("columns %v", cols)
		}
		n++
		sum += row[0].(int64)
		if n%50_000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 1_000_000 || sum != 500_000_500_000 {
		t.Fatalf("streamed %d rows summing to %d, want 1,000,000 summing to 500000500000", n, sum)
	}
	growth := int64(peak) - int64(base)
	t.Logf("peak heap while streaming 1,000,000 rows: %.1f MiB (%.1f MiB above the start)", float64(peak)/(1<<20), float64(growth)/(1<<20))
	// Collected, these rows would take well over 100 MiB.
	if growth > 32<<20 {
		t.Errorf("heap grew by %d MiB while streaming: rows are being kept", growth>>20)
	}
}

func TestStreamStopsWhenCallbackFails(t *testing.T) {
	db := open(t, fixture(t))
	stop := errors.New("enough")
	n := 0
	err := db.Stream(context.Background(), millionRows, nil, 0, func([]string, []any) error {
		n++
		if n == 10 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 10 {
		t.Fatalf("Stream = %v after %d rows, want the callback's error after 10", err, n)
	}
	// The connection is reusable afterwards.
	if err := db.Stream(context.Background(), "SELECT 1", nil, 0, func([]string, []any) error { return nil }); err != nil {
		t.Fatalf("Stream after an early stop: %v", err)
	}
}

func TestStreamTimeoutAndGuard(t *testing.T) {
	db := open(t, fixture(t))
	endless := "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
	err := db.Stream(context.Background(), endless, nil, 50*time.Millisecond, func([]string, []any) error { return nil })
	if database.CodeOf(err) != database.CodeTimeout {
		t.Fatalf("endless query: %v, want timeout", err)
	}
	err = db.Stream(context.Background(), "DELETE FROM orders", nil, 0, func([]string, []any) error { return nil })
	if database.CodeOf(err) != database.CodeForbidden {
		t.Fatalf("DELETE through Stream: %v, want forbidden", err)
	}
}

func TestStreamValuesMatchQuery(t *testing.T) {
	db := open(t, fixture(t))
	const q = "SELECT * FROM orders ORDER BY id"
	res, err := db.Query(context.Background(), q, nil, database.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]any
	err = database.Stream(context.Background(), db, q, nil, 0, func(cols []string, row []any) error {
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(res.Rows) {
		t.Fatalf("streamed %d rows, Query returned %d", len(rows), len(res.Rows))
	}
	for i := range rows {
		for j := range rows[i] {
			if rows[i][j] != res.Rows[i][j] {
				t.Errorf("row %d col %d: stream %#v, query %#v", i, j, rows[i][j], res.Rows[i][j])
			}
		}
	}
}
