package database_test

import (
	"context"
	"path/filepath"
	"testing"

	"querent/internal/database"
	"querent/internal/database/sqlite"
)

// TestDescribeMarksTextKeys: Describe marks a declared key of text against
// numbers TextMatch when the text holds the numbers' digits, and leaves it
// unmarked when the values do not correspond.
func TestDescribeMarksTextKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "races.db")
	mustExec(t, path, `CREATE TABLE track(id INTEGER PRIMARY KEY, name TEXT);
		CREATE TABLE race(id INTEGER PRIMARY KEY, track_id TEXT REFERENCES track(id), class TEXT);
		CREATE TABLE mode(id INTEGER PRIMARY KEY, label TEXT);
		CREATE TABLE phone(id INTEGER PRIMARY KEY, mode TEXT REFERENCES mode(id));
		INSERT INTO track VALUES (1, 'Daytona'), (2, 'Homestead'), (3, 'Sebring');
		INSERT INTO race VALUES (10, '1', 'GT'), (11, '2', 'DP'), (12, '2', 'GT');
		INSERT INTO mode VALUES (1, 'text'), (2, 'graphics');
		INSERT INTO phone VALUES (1, 'Graphics'), (2, 'Text')`)
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := database.Describe(ctx, db, database.DescribeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for table, want := range map[string]bool{"race": true, "phone": false} {
		tb, ok := s.Table(table)
		if !ok || len(tb.ForeignKeys) != 1 {
			t.Fatalf("%s: keys %+v", table, tb)
		}
		if got := tb.ForeignKeys[0].TextMatch; got != want {
			t.Errorf("%s's key: TextMatch = %v, want %v", table, got, want)
		}
	}
}
