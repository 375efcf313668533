package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"

	"querent/internal/config"
	"querent/internal/database"
	"querent/internal/schema"
	"querent/internal/schemacache"
)

// loadSchema reads the database's schema — introspection, inferred foreign
// keys (infer_foreign_keys), complete value lists of low-cardinality text
// columns — through the on-disk schema cache unless it is off. It returns
// a line saying where the schema came from.
func loadSchema(ctx context.Context, cfg config.Config, db database.Engine, refresh bool, getenv func(string) string) (*schema.Schema, string, error) {
	build := func(ctx context.Context) (*schema.Schema, error) {
		return database.Describe(ctx, db, database.DescribeOptions{InferForeignKeys: cfg.InferForeignKeys})
	}
	dir := schemaCacheDir(cfg, getenv)
	if dir == "" {
		s, err := build(ctx)
		return s, "", err
	}
	fresh := func(ctx context.Context) (string, error) { return database.CatalogToken(ctx, db) }
	s, st, err := schemacache.Load(ctx, dir, cacheKey(cfg.Database), build, fresh, refresh)
	if err != nil {
		return nil, "", err
	}
	status := fmt.Sprintf("schema %s (%s)", st.State, st.Reason)
	if st.Warning != "" {
		status += "; " + st.Warning
	}
	return s, status, nil
}

// cacheKey names a database in the cache: file databases by absolute path,
// so the same relative path in two folders is two databases.
func cacheKey(dsn string) string {
	if abs, err := filepath.Abs(dsn); err == nil && !hasScheme(dsn) {
		return abs
	}
	return dsn
}

func hasScheme(dsn string) bool {
	for i, r := range dsn {
		switch {
		case r == ':':
			return i > 1 // "C:\..." is a Windows path, not a scheme
		case !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+'):
			return false
		}
	}
	return false
}

// schemaCacheDir is schema_cache from the config, "off" for none, else the
// user's cache folder (XDG_CACHE_HOME, ~/.cache, ~/Library/Caches,
// %LocalAppData%) — read through getenv, so an empty environment means no
// cache rather than a guess.
func schemaCacheDir(cfg config.Config, getenv func(string) string) string {
	switch cfg.SchemaCache {
	case "off":
		return ""
	case "":
	default:
		if filepath.IsAbs(cfg.SchemaCache) {
			return cfg.SchemaCache
		}
		return filepath.Join(cfg.Dir, cfg.SchemaCache)
	}
	var base string
	switch runtime.GOOS {
	case "windows":
		base = getenv("LocalAppData")
	case "darwin", "ios":
		if h := getenv("HOME"); h != "" {
			base = filepath.Join(h, "Library", "Caches")
		}
	default:
		base = getenv("XDG_CACHE_HOME")
		if base == "" {
			if h := getenv("HOME"); h != "" {
				base = filepath.Join(h, ".cache")
			}
		}
	}
	if base == "" {
		return ""
	}
	return filepath.Join(base, "querent", "schema")
}
