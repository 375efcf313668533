//go:build cgo

package duckdb_test

import (
	"context"
	"testing"

	"querent/internal/database"
	"querent/internal/database/dbtest"
)

// TestConformance runs the suite every engine runs on the demo dataset
// loaded into a DuckDB file through the admin opener, as `querent demo
// --db duckdb:PATH` loads it.
func TestConformance(t *testing.T) {
	db, err := database.Open(context.Background(), "duckdb:"+demoFile(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dbtest.Run(t, db)
}
