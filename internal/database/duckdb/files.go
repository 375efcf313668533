//go:build cgo

package duckdb

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// source is one data file and the table it becomes.
type source struct {
	path, table string
}

// sources expands paths (files and directories) into the files to load,
// with their table names, in order; the same file named twice is loaded
// once.
func sources(paths []string) ([]source, error) {
	if len(paths) == 0 {
		return nil, errors.New("no data files given: pass a CSV, TSV or Parquet file, a folder of them, or a comma-separated list")
	}
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no such file or folder %q", p)
		}
		if err != nil {
			return nil, fmt.Errorf("checking data file: %w", err)
		}
		if fi.IsDir() {
			in, err := dataFiles(p)
			if err != nil {
				return nil, fmt.Errorf("listing folder %q: %w", p, err)
			}
			if len(in) == 0 {
				return nil, fmt.Errorf("folder %q holds no .csv, .tsv or .parquet files", p)
			}
			files = append(files, in...)
			continue
		}
		if reader(p) == "" {
			return nil, fmt.Errorf("%q is not a CSV, TSV or Parquet file: querent reads files ending in .csv, .tsv or .parquet", p)
		}
		files = append(files, p)
	}
	seen := map[string]bool{}
	taken := map[string]bool{}
	var out []source
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, fmt.Errorf("resolving path %q: %w", f, err)
		}
		if seen[abs] {
			continue
		}
		seen[abs] = true
		// DuckDB reads a path holding glob characters as a pattern, which
		// could load other files than the one named.
		if strings.ContainsAny(filepath.Base(abs), "*?[]{}") {
			return nil, fmt.Errorf("cannot load %q: DuckDB would read its name as a file pattern ('*', '?', '[' or '{'); rename the file", f)
		}
		name := TableName(abs)
		for i := 2; taken[name]; i++ {
			name = TableName(abs) + "_" + strconv.Itoa(i)
		}
		taken[name] = true
		out = append(out, source{path: abs, table: name})
	}
	return out, nil
}

// OpenFiles loads CSV, TSV and Parquet files (and the files directly inside
// any directories among paths) into tables of a new in-memory DuckDB
// database, then closes external access and locks the configuration, and
// returns the engine over it. Column types are detected by DuckDB; each
// table's description names the file it came from. The data is held in
// memory until Close.
func OpenFiles(ctx context.Context, paths ...string) (*DB, error) {
	srcs, err := sources(paths)
	if err != nil {
		return nil, err
	}
	d := &DB{}
	sealed := &atomic.Bool{}
	// External access stays on until the files are loaded; the rest of the
	// lockdown applies from the start.
	if err := d.connect(":memory:?"+strings.Join(lockdown[:3], "&"), sealed, ""); err != nil {
		return nil, fmt.Errorf("starting an in-memory DuckDB database: %w", err)
	}
	err = d.withConn(ctx, func(c *duckdb.Conn) error {
		for _, s := range srcs {
			load := fmt.Sprintf("CREATE TABLE %s AS SELECT * FROM "+reader(s.path), quoteIdent(s.table), quoteString(s.path))
			if _, err := c.ExecContext(ctx, load, nil); err != nil {
				return fmt.Errorf("loading %q: %w", s.path, cleanMessage(err))
			}
			comment := fmt.Sprintf("COMMENT ON TABLE %s IS %s", quoteIdent(s.table), quoteString("loaded from "+filepath.Base(s.path)))
			if _, err := c.ExecContext(ctx, comment, nil); err != nil {
				return fmt.Errorf("describing table %s: %w", s.table, err)
			}
		}
		return seal(ctx, c, sealed)
	})
	if err == nil {
		err = d.load(ctx)
	}
	if err != nil {
		d.db.Close()
		return nil, err
	}
	return d, nil
}

// seal turns external access off and then locks the configuration: in the
// other order the first SET would be refused. The settings are global, so
// they hold for every connection; c is checked at once, and every later
// connection checks itself as it is made.
func seal(ctx context.Context, c *duckdb.Conn, sealed *atomic.Bool) error {
	for _, set := range []string{"SET enable_external_access = false", "SET lock_configuration = true"} {
		if _, err := c.ExecContext(ctx, set, nil); err != nil {
			return fmt.Errorf("closing external access (%s): %w", set, err)
		}
	}
	sealed.Store(true)
	return checkSettings(c, "")
}

// quoteIdent quotes a name for DuckDB: double quotes, embedded ones doubled.
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// quoteString quotes a SQL string literal, embedded quotes doubled.
func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
