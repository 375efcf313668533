package schemacache_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/schema"
	"querent/internal/schemacache"
)

const dsn = "postgres://app:s3cret-pw@db.internal:5432/shop?sslmode=disable"

// source is a fake database whose structure a test can change, counting
// introspections.
type source struct {
	calls int
	cols  []string
	token string
}

func (s *source) introspect(ctx context.Context) (*schema.Schema, error) {
	s.calls++
	t := schema.Table{Name: "customers", Ident: "customers", RowCount: int64(100 * s.calls)}
	for _, c := range s.cols {
		t.Columns = append(t.Columns, schema.Column{Name: c, Kind: schema.KindText, Samples: []string{"Paris"}, SamplesComplete: true})
	}
	t.ForeignKeys = []schema.ForeignKey{{Columns: []string{"id"}, RefTable: "customers", RefColumns: []string{"id"}, Inferred: true, Confidence: 0.7}}
	return &schema.Schema{Engine: "postgres", Tables: []schema.Table{t}}, nil
}

func (s *source) fresh(ctx context.Context) (string, error) { return s.token, nil }

func TestLoadRevalidatesWithFreshness(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "cache")
	src := &source{cols: []string{"id", "city"}, token: "v1"}

	load := func(refresh bool) (*schema.Schema, schemacache.Status) {
		t.Helper()
		s, st, err := schemacache.Load(ctx, dir, dsn, src.introspect, src.fresh, refresh)
		if err != nil {
			t.Fatal(err)
		}
		return s, st
	}
	s1, st := load(false)
	if st.State != schemacache.Miss || st.Reason != "no cache yet" || src.calls != 1 {
		t.Fatalf("first load: %+v after %d introspections; want a miss", st, src.calls)
	}
	s2, st := load(false)
	if st.State != schemacache.Hit || src.calls != 1 {
		t.Fatalf("second load: %+v after %d introspections; want a hit", st, src.calls)
	}
	// Everything introspection produced survives: samples, inferred keys.
	if diff := cmp.Diff(s1.Tables, s2.Tables); diff != "" {
		t.Errorf("cached schema differs (-introspected +cached):\n%s", diff)
	}

	src.token = "v2"
	src.cols = append(src.cols, "country")
	_, st = load(false)
	if st.State != schemacache.Stale || st.Reason != "database changed" || !st.Changed || src.calls != 2 {
		t.Errorf("after a DDL change: %+v after %d introspections; want stale, changed", st, src.calls)
	}
	_, st = load(true)
	if st.State != schemacache.Refreshed || st.Changed || src.calls != 3 {
		t.Errorf("refresh: %+v after %d introspections; want refreshed, unchanged structure", st, src.calls)
	}
	if _, st = load(false); st.State != schemacache.Hit {
		t.Errorf("after refresh: %+v, want a hit", st)
	}
}

func TestLoadTTL(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	c := &schemacache.Cache{Dir: t.TempDir(), TTL: time.Hour, Now: func() time.Time { return now }}
	src := &source{cols: []string{"id"}}
	failing := func(ctx context.Context) (string, error) { return "", errors.New("no catalog access") }

	for _, step := range []struct {
		advance time.Duration
		fresh   func(context.Context) (string, error)
		want    schemacache.State
	}{
		{0, nil, schemacache.Miss},
		{30 * time.Minute, nil, schemacache.Hit},
		{20 * time.Minute, failing, schemacache.Hit}, // a failing check falls back on the TTL
		{20 * time.Minute, nil, schemacache.Stale},   // 70 minutes old
		{time.Minute, nil, schemacache.Hit},
	} {
		now = now.Add(step.advance)
		_, st, err := c.Load(ctx, "demo.db", src.introspect, step.fresh, false)
		if err != nil {
			t.Fatal(err)
		}
		if st.State != step.want {
			t.Errorf("at +%s: %+v, want %s", step.advance, st, step.want)
		}
	}
}

func TestLoadFileSafety(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := &source{cols: []string{"id"}, token: "v1"}
	_, st, err := schemacache.Load(ctx, dir, dsn, src.introspect, src.fresh, false)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(st.Path) != dir || filepath.Base(st.Path) != schemacache.FileName(dsn) {
		t.Errorf("cache path %s, want %s in %s", st.Path, schemacache.FileName(dsn), dir)
	}
	fi, err := os.Stat(st.Path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("cache file mode %v, want 0600", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(st.Path)
	if strings.Contains(string(data), "s3cret") || strings.Contains(st.Path, "s3cret") {
		t.Error("the cache holds the password")
	}
	if !strings.Contains(string(data), "app:xxxxx@db.internal") {
		t.Error("the cache does not name its (redacted) source")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the cache directory, want 1 (no temporary files left)", len(entries))
	}
	// Another password for the same database shares the cache.
	if schemacache.FileName(strings.Replace(dsn, "s3cret-pw", "rotated", 1)) != schemacache.FileName(dsn) {
		t.Error("a rotated password changed the cache file name")
	}
}

func TestLoadRebuildsCorruptFiles(t *testing.T) {
	ctx := context.Background()
	for name, content := range map[string]string{
		"truncated JSON": `{"version": 1, "schema": {"engine":`,
		"old format":     `{"version": 0}`,
		"no schema":      `{"version": 1, "source": "demo.db", "fingerprint": "x"}`,
		"other database": `{"version": 1, "source": "other.db"}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, schemacache.FileName("demo.db"))
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			src := &source{cols: []string{"id"}, token: "v1"}
			s, st, err := schemacache.Load(ctx, dir, "demo.db", src.introspect, src.fresh, false)
			if err != nil {
				t.Fatal(err)
			}
			if s == nil || st.State != schemacache.Miss || st.Warning == "" || !strings.Contains(st.Warning, "rebuilt") {
				t.Errorf("status %+v; want a miss with a warning saying it was rebuilt", st)
			}
			if _, st, _ = schemacache.Load(ctx, dir, "demo.db", src.introspect, src.fresh, false); st.State != schemacache.Hit || st.Warning != "" {
				t.Errorf("after the rebuild: %+v, want a clean hit", st)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	ctx := context.Background()
	src := &source{}
	boom := errors.New("connection refused")
	_, _, err := schemacache.Load(ctx, t.TempDir(), "demo.db", func(context.Context) (*schema.Schema, error) { return nil, boom }, nil, false)
	if !errors.Is(err, boom) {
		t.Errorf("introspection failure: err = %v, want it wrapped", err)
	}
	if _, _, err := schemacache.Load(ctx, "", "demo.db", src.introspect, nil, false); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("no directory: err = %v", err)
	}
	if _, _, err := schemacache.Load(ctx, t.TempDir(), "", src.introspect, nil, false); err == nil {
		t.Error("empty DSN key accepted")
	}

	// A directory that cannot be written still yields the schema, with a warning.
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, st, err := schemacache.Load(ctx, filepath.Join(blocker, "cache"), "demo.db", src.introspect, nil, false)
	if err != nil || s == nil || !strings.Contains(st.Warning, "could not be written") {
		t.Errorf("unwritable cache: schema %v, status %+v, err %v; want the schema and a warning", s != nil, st, err)
	}
}

func TestRedactDSN(t *testing.T) {
	tests := map[string]string{
		"postgres://app:pw@host/db":                  "postgres://app:xxxxx@host/db",
		"host=db user=app password=pw dbname=shop":   "host=db user=app password=xxxxx dbname=shop",
		"host=db password='p w' dbname=shop":         "host=db password=xxxxx dbname=shop",
		"sqlserver://sa@host?database=x&password=pw": "sqlserver://sa@host?database=x&password=xxxxx",
		"app:pw@tcp(db:3306)/shop?parseTime=true":    "app:xxxxx@tcp(db:3306)/shop?parseTime=true",
		"server=h;user id=sa;Password=pw;database=x": "server=h;user id=sa;Password=xxxxx;database=x",
		"demo.db": "demo.db",
	}
	for in, want := range tests {
		if got := schemacache.RedactDSN(in); got != want {
			t.Errorf("RedactDSN(%q) = %q, want %q", in, got, want)
		}
	}
}
