//go:build cgo

package duckdb_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2" // the read-write "duckdb" driver that builds fixtures

	"querent/internal/database/duckdb"
	"querent/internal/demo"
)

var (
	demoOnce sync.Once
	demoPath string
	demoErr  error
	demoDir  string
)

// TestMain removes the demo database built once for the package's tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if demoDir != "" {
		os.RemoveAll(demoDir)
	}
	os.Exit(code)
}

// demoFile copies the demo database (built once, through the admin opener
// and demo.LoadSQL as `querent demo` does) into a new temporary directory
// and returns its path.
func demoFile(t testing.TB) string {
	t.Helper()
	demoOnce.Do(func() {
		demoDir, demoErr = os.MkdirTemp("", "querent-duckdb-demo")
		if demoErr != nil {
			return
		}
		demoPath = filepath.Join(demoDir, "demo.duckdb")
		demoErr = loadDemo(context.Background(), "duckdb:"+demoPath)
	})
	if demoErr != nil {
		t.Fatalf("building the demo database: %v", demoErr)
	}
	path := filepath.Join(t.TempDir(), "demo.duckdb")
	copyFile(t, demoPath, path)
	return path
}

// loadDemo loads the default demo dataset into the DuckDB file dsn names.
func loadDemo(ctx context.Context, dsn string) error {
	db, err := duckdb.OpenAdmin(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	return demo.LoadSQL(ctx, db, demo.Generate(demo.DefaultSeed), demo.Targets["duckdb"], false)
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// makeDB creates dir/name with a read-write connection running ddl.
func makeDB(t testing.TB, dir, name, ddl string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	db, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(ddl); err != nil {
		t.Fatalf("building %s: %v", name, err)
	}
	return path
}

// open opens path with the engine and closes it when the test ends.
func open(t testing.TB, path string) *duckdb.DB {
	t.Helper()
	db, err := duckdb.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// dirState is every file under a directory with its SHA-256: equal states
// show that nothing was written, created or removed there.
func dirState(t testing.TB, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if e.IsDir() {
			lines = append(lines, rel+"/")
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		lines = append(lines, fmt.Sprintf("%s %s", rel, hex.EncodeToString(sum[:8])))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
