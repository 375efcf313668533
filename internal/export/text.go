package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// csvWriter writes RFC 4180 CSV with a header row.
type csvWriter struct {
	w       *csv.Writer
	columns int
	started bool
	rec     []string
}

func newCSV(w io.Writer) *csvWriter { return &csvWriter{w: csv.NewWriter(w)} }

func (c *csvWriter) Header(cols []string) error {
	c.columns, c.started = len(cols), true
	c.rec = make([]string, len(cols))
	return c.w.Write(cols)
}

func (c *csvWriter) Row(vals []any) error {
	if !c.started {
		return errNoHeader
	}
	if len(vals) != c.columns {
		return fmt.Errorf("export: a row has %d values for %d columns", len(vals), c.columns)
	}
	for i, v := range vals {
		c.rec[i] = defuse(v)
	}
	if err := c.w.Write(c.rec); err != nil {
		return err
	}
	return nil
}

func (c *csvWriter) Close() error {
	c.w.Flush()
	return c.w.Error()
}

// defuse renders a CSV cell so a spreadsheet opening the file cannot run it
// as a formula (CSV injection): text values starting with = + - @ or a
// control character get a leading apostrophe, which spreadsheets hide. Numbers
// and text that reads as a number ("-5") are left alone, so data round-trips.
func defuse(v any) string {
	s := text(v)
	str, isText := v.(string)
	if !isText || str == "" {
		return s
	}
	switch str[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(str, 64); err == nil {
			return s
		}
		return "'" + s
	}
	return s
}

// jsonWriter writes a JSON array of objects, one per row, keys in column
// order (encoding/json would sort a map's keys, so objects are written by
// hand from marshalled keys and values).
type jsonWriter struct {
	w     io.Writer
	bw    *bufio.Writer
	keys  [][]byte
	rows  int
	ready bool
}

func (j *jsonWriter) Header(cols []string) error {
	j.bw = bufio.NewWriter(j.w)
	for _, name := range uniqueNames(cols) {
		k, err := json.Marshal(name)
		if err != nil {
			return err
		}
		j.keys = append(j.keys, k)
	}
	j.ready = true
	_, err := j.bw.WriteString("[")
	return err
}

func (j *jsonWriter) Row(vals []any) error {
	if !j.ready {
		return errNoHeader
	}
	if len(vals) != len(j.keys) {
		return fmt.Errorf("export: a row has %d values for %d columns", len(vals), len(j.keys))
	}
	if j.rows > 0 {
		j.bw.WriteString(",")
	}
	j.rows++
	j.bw.WriteString("\n  {")
	for i, v := range vals {
		if i > 0 {
			j.bw.WriteString(", ")
		}
		j.bw.Write(j.keys[i])
		j.bw.WriteString(": ")
		if f, ok := v.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
			v = nil // JSON has no NaN or infinity
		}
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("export: column %s: %w", j.keys[i], err)
		}
		j.bw.Write(data)
	}
	_, err := j.bw.WriteString("}")
	return err
}

func (j *jsonWriter) Close() error {
	if !j.ready {
		return errNoHeader
	}
	if j.rows > 0 {
		j.bw.WriteString("\n")
	}
	j.bw.WriteString("]\n")
	return j.bw.Flush()
}

// mdWriter writes a GitHub-flavoured Markdown table. Numbers are
// right-aligned only when known up front, so alignment is left to the
// renderer: every column is written left-aligned.
type mdWriter struct {
	w       io.Writer
	bw      *bufio.Writer
	columns int
	ready   bool
}

func (m *mdWriter) Header(cols []string) error {
	m.bw = bufio.NewWriter(m.w)
	m.columns, m.ready = len(cols), true
	cells := make([]string, len(cols))
	for i, c := range cols {
		cells[i] = mdCell(c)
	}
	m.line(cells)
	for i := range cells {
		cells[i] = "---"
	}
	return m.line(cells)
}

func (m *mdWriter) Row(vals []any) error {
	if !m.ready {
		return errNoHeader
	}
	if len(vals) != m.columns {
		return fmt.Errorf("export: a row has %d values for %d columns", len(vals), m.columns)
	}
	cells := make([]string, len(vals))
	for i, v := range vals {
		if v == nil {
			cells[i] = "NULL"
			continue
		}
		cells[i] = mdCell(text(v))
	}
	return m.line(cells)
}

func (m *mdWriter) line(cells []string) error {
	m.bw.WriteString("| ")
	m.bw.WriteString(strings.Join(cells, " | "))
	_, err := m.bw.WriteString(" |\n")
	return err
}

func (m *mdWriter) Close() error {
	if !m.ready {
		return errNoHeader
	}
	return m.bw.Flush()
}

// mdCell escapes what would break a table cell: pipes, backslashes and line
// breaks (kept visible as <br>).
var mdEscaper = strings.NewReplacer(`\`, `\\`, `|`, `\|`, "\r\n", "<br>", "\n", "<br>", "\r", "<br>")

func mdCell(s string) string { return mdEscaper.Replace(s) }
