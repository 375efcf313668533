package agent_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"querent/internal/demo"
)

// TestMain writes the demo database once for every test and removes it after.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "querent-agent-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	demoPath = filepath.Join(dir, "demo.db")
	if err := demo.WriteSQLite(context.Background(), demoPath, demo.Generate(demo.DefaultSeed), false); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
