//go:build !cgo

package duckdb_test

import (
	"context"
	"strings"
	"testing"

	"querent/internal/database"
	_ "querent/internal/database/duckdb"
)

// TestWithoutCgo checks that a build without cgo names the reason a DuckDB,
// CSV or Parquet DSN cannot be opened.
func TestWithoutCgo(t *testing.T) {
	for _, dsn := range []string{"demo.duckdb", "duckdb:demo.duckdb", "sales.csv", "a.csv,b.parquet", "parquet:x.parquet"} {
		if _, err := database.Open(context.Background(), dsn); err == nil || !strings.Contains(err.Error(), "CGO_ENABLED=1") {
			t.Errorf("Open(%q) = %v, want an error naming CGO_ENABLED=1", dsn, err)
		}
	}
	if _, _, err := database.OpenAdmin(context.Background(), "duckdb:demo.duckdb"); err == nil || !strings.Contains(err.Error(), "CGO_ENABLED=1") {
		t.Errorf("OpenAdmin: %v", err)
	}
}
