package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// sqliteTarget declares DATE and DATETIME although they are not storage
// classes in SQLite: it lets introspection (and people reading the schema)
// see which text columns are dates.
var sqliteTarget = Target{Types: map[string]string{
	TypeInteger:  "INTEGER",
	TypeText:     "TEXT",
	TypeReal:     "REAL",
	TypeDate:     "DATE",
	TypeDateTime: "DATETIME",
}}

// WriteSQLite writes ds into a new SQLite database file at path.
//
// If path exists, WriteSQLite refuses unless overwrite is true, in which case
// the existing file is replaced only once the new one is complete. The data
// is written to a temporary file in the same directory and renamed into
// place at the end, so a failed or cancelled run leaves no partial database.
func WriteSQLite(ctx context.Context, path string, ds *Dataset, overwrite bool) error {
	if err := checkTarget(path, overwrite); err != nil {
		return err
	}
	// The temporary file lives next to the target so the final rename stays
	// on one file system and is atomic.
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("creating the demo database next to %s: %w", path, err)
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			os.Remove(tmp)
			os.Remove(tmp + "-journal")
		}
	}()
	if err := f.Close(); err != nil {
		return fmt.Errorf("creating the demo database next to %s: %w", path, err)
	}
	if err := fillSQLite(ctx, tmp, ds); err != nil {
		return fmt.Errorf("writing the demo database %s: %w", path, err)
	}
	// CreateTemp makes the file private; a demo database is ordinary data.
	if err := os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("writing the demo database %s: %w", path, err)
	}
	// Check again: the file may have appeared while the data was written,
	// and a rename would silently replace it.
	if err := checkTarget(path, overwrite); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing the demo database %s: %w", path, err)
	}
	done = true
	return nil
}

// checkTarget refuses a path that exists unless overwrite is set, and refuses
// a directory always.
func checkTarget(path string, overwrite bool) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("checking %s: %w", path, err)
	case fi.IsDir():
		return fmt.Errorf("%s is a directory: choose a file name with --out", path)
	case !overwrite:
		return fmt.Errorf("%s already exists: remove it or choose another --out (or pass --force to replace it)", path)
	}
	return nil
}

// fillSQLite creates the tables in path (an empty file) and inserts every
// row in one transaction.
func fillSQLite(ctx context.Context, path string, ds *Dataset) error {
	dsn, err := sqliteDSN(path)
	if err != nil {
		return err
	}
	// Foreign keys are enforced while inserting so a generator bug fails
	// loudly here instead of shipping a demo with dangling references. The
	// rollback journal is kept in memory: if the run fails the whole file is
	// thrown away, so there is nothing on disk to recover.
	db, err := sql.Open("sqlite3", dsn+"?_foreign_keys=1&_journal_mode=MEMORY")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // no-op after Commit

	created := map[string]bool{}
	for i := range ds.Tables {
		t := &ds.Tables[i]
		stmts, err := ddl(t, created, sqliteTarget)
		if err != nil {
			return err
		}
		for _, s := range stmts {
			if _, err := tx.ExecContext(ctx, s); err != nil {
				return fmt.Errorf("%s: %w", s, err)
			}
		}
		created[t.Name] = true
		if err := insertRows(ctx, tx, t, sqliteTarget); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	// Close explicitly: its error matters before the file is renamed into place.
	return db.Close()
}

// sqliteDSN makes a file: URI for path, so that characters such as '?' or
// '#' in a directory name are taken as part of the path rather than as
// connection parameters.
func sqliteDSN(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: file:///C:/...
	}
	return (&url.URL{Scheme: "file", Path: p}).String(), nil
}

// identRE is what a table, column or index name may look like. Names are
// checked rather than quoted so that the stored schema stays plain and
// readable to people and models that read sqlite_master.
var identRE = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

func checkIdent(name string) error {
	if !identRE.MatchString(name) {
		return fmt.Errorf("invalid identifier %q", name)
	}
	return nil
}

// ddl returns the CREATE TABLE and CREATE INDEX statements for t in the
// target's types. created holds the tables made so far: SQLite does not check
// at CREATE time that a referenced table exists, so the order is checked here.
func ddl(t *Table, created map[string]bool, tg Target) ([]string, error) {
	if err := checkIdent(t.Name); err != nil {
		return nil, err
	}
	var defs []string
	for _, c := range t.Columns {
		if err := checkIdent(c.Name); err != nil {
			return nil, fmt.Errorf("table %s: %w", t.Name, err)
		}
		typ, ok := tg.Types[c.Type]
		if !ok {
			return nil, fmt.Errorf("table %s: column %s has unknown type %q", t.Name, c.Name, c.Type)
		}
		def := c.Name + " " + typ
		if c.PrimaryKey {
			def += " PRIMARY KEY"
		}
		if c.NotNull {
			def += " NOT NULL"
		}
		if c.References != "" {
			table, column, ok := strings.Cut(c.References, ".")
			if !ok || checkIdent(table) != nil || checkIdent(column) != nil {
				return nil, fmt.Errorf("table %s: column %s has invalid reference %q", t.Name, c.Name, c.References)
			}
			if !created[table] && table != t.Name {
				return nil, fmt.Errorf("table %s: column %s references %s, which is not created before it", t.Name, c.Name, table)
			}
			def += fmt.Sprintf(" REFERENCES %s(%s)", table, column)
		}
		defs = append(defs, def)
	}
	stmts := []string{fmt.Sprintf("CREATE TABLE %s (\n  %s\n)", t.Name, strings.Join(defs, ",\n  "))}
	for _, ix := range t.Indexes {
		if err := checkIdent(ix.Name); err != nil {
			return nil, fmt.Errorf("table %s: %w", t.Name, err)
		}
		for _, c := range ix.Columns {
			if t.ColumnIndex(c) < 0 {
				return nil, fmt.Errorf("table %s: index %s names unknown column %q", t.Name, ix.Name, c)
			}
		}
		stmts = append(stmts, fmt.Sprintf("CREATE INDEX %s ON %s (%s)", ix.Name, t.Name, strings.Join(ix.Columns, ", ")))
	}
	return stmts, nil
}

func insertRows(ctx context.Context, tx *sql.Tx, t *Table, tg Target) error {
	names := make([]string, len(t.Columns))
	marks := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i], marks[i] = c.Name, tg.placeholder(i+1)
	}
	stmt, err := tx.PrepareContext(ctx, fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)",
		t.Name, strings.Join(names, ", "), strings.Join(marks, ", ")))
	if err != nil {
		return fmt.Errorf("table %s: %w", t.Name, err)
	}
	defer stmt.Close()
	for i, row := range t.Rows {
		if len(row) != len(t.Columns) {
			return fmt.Errorf("table %s: row %d has %d values for %d columns", t.Name, i+1, len(row), len(t.Columns))
		}
		if _, err := stmt.ExecContext(ctx, row...); err != nil {
			return fmt.Errorf("table %s: row %d %v: %w", t.Name, i+1, row, err)
		}
	}
	return nil
}
