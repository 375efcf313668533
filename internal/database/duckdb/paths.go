package duckdb

import (
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// IsPath reports whether dsn is a bare path to a DuckDB database file: one
// ending in .duckdb or .ddb, in any letter case.
func IsPath(dsn string) bool { return isDatabaseFile(dsn) }

func isDatabaseFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".duckdb", ".ddb":
		return true
	}
	return false
}

// PathFromDSN returns the path of "duckdb:PATH" or "duckdb://PATH" (the
// scheme in any letter case); other DSNs are returned unchanged, as bare
// paths.
func PathFromDSN(dsn string) string { return stripScheme(dsn, "duckdb") }

// stripScheme removes the first of schemes (plus ":" and an optional "//")
// that prefixes dsn, in any letter case.
func stripScheme(dsn string, schemes ...string) string {
	for _, s := range schemes {
		p := s + ":"
		if len(dsn) >= len(p) && strings.EqualFold(dsn[:len(p)], p) {
			return strings.TrimPrefix(dsn[len(p):], "//")
		}
	}
	return dsn
}

// readers maps the file extensions the engine loads to the DuckDB table
// function that reads them, with its options.
var readers = map[string]string{
	".csv":     "read_csv(%s)",
	".tsv":     `read_csv(%s, delim = '\t')`,
	".parquet": "read_parquet(%s)",
}

func reader(path string) string { return readers[strings.ToLower(filepath.Ext(path))] }

// IsDataPath reports whether dsn names CSV, TSV or Parquet data: a path
// ending in .csv, .tsv or .parquet (any letter case), a directory holding
// at least one such file, or a comma-separated list of such paths.
func IsDataPath(dsn string) bool {
	if strings.TrimSpace(dsn) == "" {
		return false
	}
	if reader(dsn) != "" {
		return true
	}
	if strings.Contains(dsn, ",") {
		for _, p := range strings.Split(dsn, ",") {
			if reader(strings.TrimSpace(p)) == "" {
				return false
			}
		}
		return true
	}
	if fi, err := os.Stat(dsn); err == nil && fi.IsDir() {
		files, err := dataFiles(dsn)
		return err == nil && len(files) > 0
	}
	return false
}

// SplitDataPaths splits a comma-separated list of paths, trimming spaces
// around each. A path that exists as given is never split, so a file whose
// name holds a comma can still be named alone.
func SplitDataPaths(dsn string) []string {
	if _, err := os.Stat(dsn); err == nil {
		return []string{dsn}
	}
	var out []string
	for _, p := range strings.Split(dsn, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// dataFiles lists the CSV, TSV and Parquet files directly inside dir (not
// in subdirectories), sorted by name; hidden files are skipped.
func dataFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || reader(e.Name()) == "" {
			continue
		}
		out = append(out, filepath.Join(dir, e.Name()))
	}
	return out, nil
}

// TableName is the table a data file becomes: its base name without the
// extension, lower-cased, with every run of characters other than letters
// and digits replaced by one underscore and underscores trimmed from the
// ends; "t_" is prefixed when the result starts with a digit, and an empty
// result becomes "data". So "Sales 2024.csv" becomes sales_2024 and
// "2024.parquet" becomes t_2024. When two files give the same name, the
// later one (in the order given, directories in name order) gets a suffix:
// orders, orders_2, orders_3.
func TableName(file string) string {
	base := filepath.Base(file)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(base) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			under = false
			continue
		}
		if !under {
			b.WriteByte('_')
			under = true
		}
	}
	name := strings.Trim(b.String(), "_")
	switch {
	case name == "":
		return "data"
	case unicode.IsDigit([]rune(name)[0]):
		return "t_" + name
	}
	return name
}
