package dbtest_test

import (
	"context"
	"path/filepath"
	"testing"

	"querent/internal/database"
	"querent/internal/database/dbtest"
	"querent/internal/demo"
)

// TestSQLite runs the suite on SQLite itself: the reference must conform too.
func TestSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo.db")
	if err := demo.WriteSQLite(context.Background(), path, demo.Generate(demo.DefaultSeed), false); err != nil {
		t.Fatal(err)
	}
	db, err := database.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dbtest.Run(t, db)
}

func TestCompareRows(t *testing.T) {
	tests := []struct {
		name      string
		want, got [][]any
		ordered   bool
		same      bool
	}{
		{"equal", [][]any{{int64(1), "a"}}, [][]any{{int64(1), "a"}}, false, true},
		{"int vs float", [][]any{{int64(3)}}, [][]any{{3.0}}, false, true},
		{"float tolerance", [][]any{{1.0 / 3}}, [][]any{{0.3333333333}}, false, true},
		{"unordered", [][]any{{"a"}, {"b"}}, [][]any{{"b"}, {"a"}}, false, true},
		{"ordered", [][]any{{"a"}, {"b"}}, [][]any{{"b"}, {"a"}}, true, false},
		{"duplicates count", [][]any{{"a"}, {"a"}}, [][]any{{"a"}, {"b"}}, false, false},
		{"null is not the text NULL", [][]any{{nil}}, [][]any{{"NULL"}}, false, false},
		{"null", [][]any{{nil}}, [][]any{{nil}}, false, true},
		{"length", [][]any{{"a"}}, nil, false, false},
	}
	for _, tt := range tests {
		if got := dbtest.CompareRows(tt.want, tt.got, tt.ordered) == ""; got != tt.same {
			t.Errorf("%s: same = %v, want %v", tt.name, got, tt.same)
		}
	}
}
