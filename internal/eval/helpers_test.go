package eval_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the read-write "sqlite3" driver that builds fixtures

	"querent/internal/database"
	_ "querent/internal/database/sqlite" // the read-only engine under test
)

// makeDB writes a SQLite database at dir/<id>/<id>.sqlite, the layout the
// harness expects, by running the statements, and returns its path.
func makeDB(t *testing.T, dir, id string, stmts ...string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, id), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, id, id+".sqlite")
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

// openEngine opens path through the read-only engine, as the harness does.
func openEngine(t *testing.T, path string) database.Engine {
	t.Helper()
	e, err := database.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func query(t *testing.T, e database.Engine, q string) *database.Result {
	t.Helper()
	res, err := e.Query(context.Background(), q, nil, database.Limits{})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return res
}
