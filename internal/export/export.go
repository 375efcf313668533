// Package export writes a query result to a file as CSV, JSON, Markdown or
// XLSX, one row at a time, so a result of millions of rows is exported in
// bounded memory. The file appears only when the export completes: a failed
// or cancelled export never leaves a partial file behind.
package export

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Format is an export file format.
type Format string

// The supported formats.
const (
	CSV      Format = "csv"
	JSON     Format = "json"
	Markdown Format = "md"
	XLSX     Format = "xlsx"
)

// Formats lists the formats, for help texts and errors.
var Formats = []Format{CSV, JSON, Markdown, XLSX}

// ParseFormat reads a format name; "markdown" is accepted for md.
func ParseFormat(name string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), "."))); f {
	case CSV, JSON, Markdown, XLSX:
		return f, nil
	case "markdown":
		return Markdown, nil
	}
	return "", fmt.Errorf("unknown export format %q: use one of csv, json, md, xlsx", name)
}

// FormatFor picks the format of path from its extension, unless explicit is
// given.
func FormatFor(path, explicit string) (Format, error) {
	if explicit != "" {
		return ParseFormat(explicit)
	}
	ext := filepath.Ext(path)
	if ext == "" {
		return "", fmt.Errorf("cannot tell the export format of %q: give the file an extension (.csv, .json, .md, .xlsx) or pass the format explicitly", path)
	}
	f, err := ParseFormat(ext)
	if err != nil {
		return "", fmt.Errorf("cannot export to %q: the extension %s is not one of .csv, .json, .md, .xlsx", path, ext)
	}
	return f, nil
}

// Writer receives a result: Header once, then Row per row, then Close, which
// finishes the document (a JSON array's bracket, the XLSX archive).
type Writer interface {
	Header(columns []string) error
	Row(values []any) error
	Close() error
}

// NewWriter returns a Writer of format f writing to w. Values are those the
// engines return: nil, int64, float64, string, bool, or []byte.
func NewWriter(f Format, w io.Writer) (Writer, error) {
	switch f {
	case CSV:
		return newCSV(w), nil
	case JSON:
		return &jsonWriter{w: w}, nil
	case Markdown:
		return &mdWriter{w: w}, nil
	case XLSX:
		return newXLSX(w), nil
	}
	return nil, fmt.Errorf("unknown export format %q: use one of csv, json, md, xlsx", f)
}

// ToFile exports to path: fill is called with a Writer and must write the
// header and rows. The data goes to a temporary file beside path, renamed
// over path only when fill and Close succeed, so readers never see a partial
// export and a failure leaves any earlier file at path untouched.
func ToFile(path string, f Format, fill func(Writer) error) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	w, err := NewWriter(f, tmp)
	if err != nil {
		return err
	}
	if err := fill(w); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("export to %s: %w", path, err)
	}
	return nil
}

// Rows writes a whole in-memory result: a convenience for results already
// fetched.
func Rows(w Writer, columns []string, rows [][]any) error {
	if err := w.Header(columns); err != nil {
		return err
	}
	for _, r := range rows {
		if err := w.Row(r); err != nil {
			return err
		}
	}
	return nil
}

var errNoHeader = errors.New("export: Row called before Header")

// text renders a value as text for the text formats. Floats use the shortest
// representation that reads back to the same value; NaN and infinities,
// which no format can carry as numbers, become empty.
func text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []byte:
		return string(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// uniqueNames makes column names unique ("name", "name_2") so formats keyed
// by name (JSON objects) keep every column.
func uniqueNames(cols []string) []string {
	out := make([]string, len(cols))
	seen := map[string]bool{}
	for i, c := range cols {
		name := c
		if name == "" {
			name = fmt.Sprintf("column_%d", i+1)
		}
		for n := 2; seen[name]; n++ {
			name = fmt.Sprintf("%s_%d", c, n)
		}
		seen[name] = true
		out[i] = name
	}
	return out
}
