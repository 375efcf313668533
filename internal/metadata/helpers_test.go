package metadata_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"querent/internal/database/sqlite"
	"querent/internal/demo"
	"querent/internal/schema"
)

var (
	demoOnce   sync.Once
	demoSchema *schema.Schema
	demoErr    error
)

// introspectDemo writes the demo dataset to a temporary SQLite file and
// introspects it with the real engine, once per test binary. Tests must not
// modify the result.
func introspectDemo(t *testing.T) *schema.Schema {
	t.Helper()
	demoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "querent-metadata-test")
		if err != nil {
			demoErr = err
			return
		}
		defer os.RemoveAll(dir)
		ctx := context.Background()
		path := filepath.Join(dir, "demo.db")
		if demoErr = demo.WriteSQLite(ctx, path, demo.Generate(demo.DefaultSeed), false); demoErr != nil {
			return
		}
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			demoErr = err
			return
		}
		defer db.Close()
		demoSchema, demoErr = db.Introspect(ctx)
	})
	if demoErr != nil {
		t.Fatalf("introspect the demo database: %v", demoErr)
	}
	return demoSchema
}
