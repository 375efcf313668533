//go:build cgo

package duckdb_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"querent/internal/database"
)

// FuzzGuard feeds arbitrary SQL to Guard and runs whatever it accepts with
// Query: nothing may panic, every error must be classified, every table
// Guard reports must exist, and the database file and its directory (and
// the working directory, where relative paths land) must be unchanged.
func FuzzGuard(f *testing.F) {
	work := f.TempDir()
	f.Chdir(work)
	path := demoFile(f)
	db := open(f, path)
	ctx := context.Background()
	s, err := db.Introspect(ctx)
	if err != nil {
		f.Fatal(err)
	}
	before, beforeWork := dirState(f, filepath.Dir(path)), dirState(f, work)
	for _, q := range adversarial {
		if len(q) <= 2000 {
			f.Add(q)
		}
	}
	for _, q := range legitimate {
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
		if after := dirState(t, filepath.Dir(path)); after != before {
			t.Fatalf("after %q the database file or its directory changed:\n%s\n→\n%s", q, before, after)
		}
		if after := dirState(t, work); after != beforeWork {
			t.Fatalf("after %q the working directory changed:\n%s\n→\n%s", q, beforeWork, after)
		}
	})
}
