package export_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/export"
)

var (
	cols = []string{"name", "total", "share", "active", "note"}
	rows = [][]any{
		{"Ada, \"the\" first", int64(1200), 0.25, true, nil},
		{"=HYPERLINK(\"x\")", int64(-5), math.NaN(), false, "line1\nline2 | pipe"},
		{"-5", int64(0), 1e-7, nil, "  padded  <&>"},
	}
)

func write(t *testing.T, f export.Format) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := export.NewWriter(f, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.Rows(w, cols, rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCSV(t *testing.T) {
	got, err := csv.NewReader(bytes.NewReader(write(t, export.CSV))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		cols,
		{"Ada, \"the\" first", "1200", "0.25", "true", ""},
		// A formula is defused with an apostrophe; a number-like text is not.
		{"'=HYPERLINK(\"x\")", "-5", "", "false", "line1\nline2 | pipe"},
		{"-5", "0", "0.0000001", "", "  padded  <&>"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("CSV (-want +got):\n%s", d)
	}
}

func TestJSONKeepsColumnOrderAndTypes(t *testing.T) {
	data := write(t, export.JSON)
	var got []map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, data)
	}
	if len(got) != 3 || got[0]["total"] != 1200.0 || got[0]["active"] != true || got[0]["note"] != nil || got[1]["share"] != nil {
		t.Errorf("JSON values: %v", got)
	}
	// Keys appear in column order, not sorted.
	first := string(data[:bytes.IndexByte(data, '}')])
	last := -1
	for _, c := range cols {
		i := strings.Index(first, `"`+c+`"`)
		if i < last {
			t.Fatalf("key %s out of order in %s", c, first)
		}
		last = i
	}
}

func TestJSONEmptyAndDuplicateColumns(t *testing.T) {
	var buf bytes.Buffer
	w, _ := export.NewWriter(export.JSON, &buf)
	if err := w.Header([]string{"name", "name", ""}); err != nil {
		t.Fatal(err)
	}
	if err := w.Row([]any{"a", "b", int64(1)}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var got []map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]map[string]any{{"name": "a", "name_2": "b", "column_3": 1.0}}, got); d != "" {
		t.Error(d)
	}
	buf.Reset()
	w, _ = export.NewWriter(export.JSON, &buf)
	w.Header([]string{"x"})
	w.Close()
	if strings.TrimSpace(buf.String()) != "[]" {
		t.Errorf("empty result = %q, want []", buf.String())
	}
}

func TestMarkdown(t *testing.T) {
	got := string(write(t, export.Markdown))
	want := "| name | total | share | active | note |\n" +
		"| --- | --- | --- | --- | --- |\n" +
		"| Ada, \"the\" first | 1200 | 0.25 | true | NULL |\n" +
		"| =HYPERLINK(\"x\") | -5 |  | false | line1<br>line2 \\| pipe |\n" +
		"| -5 | 0 | 0.0000001 | NULL |   padded  <&> |\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Markdown (-want +got):\n%s", d)
	}
}

// sheet is the part of a worksheet the test reads back.
type sheet struct {
	Rows []struct {
		R     string `xml:"r,attr"`
		Cells []struct {
			Ref    string `xml:"r,attr"`
			Type   string `xml:"t,attr"`
			Value  string `xml:"v"`
			Inline string `xml:"is>t"`
		} `xml:"c"`
	} `xml:"sheetData>row"`
}

func TestXLSXIsAWellFormedWorkbook(t *testing.T) {
	data := write(t, export.XLSX)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		parts[f.Name] = b
		// Every part must be well-formed XML.
		d := xml.NewDecoder(bytes.NewReader(b))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s is not well-formed XML: %v", f.Name, err)
			}
		}
	}
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"} {
		if parts[name] == nil {
			t.Errorf("workbook lacks %s", name)
		}
	}
	var s sheet
	if err := xml.Unmarshal(parts["xl/worksheets/sheet1.xml"], &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Rows) != 4 {
		t.Fatalf("%d rows, want header + 3", len(s.Rows))
	}
	cell := func(ref string) (string, string, bool) {
		for _, r := range s.Rows {
			for _, c := range r.Cells {
				if c.Ref == ref {
					if c.Type == "inlineStr" {
						return c.Type, c.Inline, true
					}
					return c.Type, c.Value, true
				}
			}
		}
		return "", "", false
	}
	for _, tc := range []struct{ ref, typ, value string }{
		{"A1", "inlineStr", "name"},
		{"A2", "inlineStr", "Ada, \"the\" first"},
		{"B2", "", "1200"},
		{"C2", "", "0.25"},
		{"D2", "b", "1"},
		{"A3", "inlineStr", "=HYPERLINK(\"x\")"}, // inline text is never a formula
		{"C4", "", "1e-07"},
		{"E4", "inlineStr", "  padded  <&>"},
	} {
		typ, v, ok := cell(tc.ref)
		if !ok || typ != tc.typ || v != tc.value {
			t.Errorf("cell %s = %q %q (found %v), want %q %q", tc.ref, typ, v, ok, tc.typ, tc.value)
		}
	}
	if _, _, ok := cell("D4"); ok {
		t.Error("NULL written as a cell; want it absent")
	}
	// NULL is an absent cell: row 2 has no E cell.
	if n := len(s.Rows[1].Cells); n != 4 {
		t.Errorf("row 2 has %d cells, want 4 (the NULL note is absent)", n)
	}
}

func TestXLSXControlCharactersAndColumnNames(t *testing.T) {
	var buf bytes.Buffer
	w, _ := export.NewWriter(export.XLSX, &buf)
	many := make([]string, 30)
	vals := make([]any, 30)
	for i := range many {
		many[i] = "c"
		vals[i] = "bell\x07tab\t"
	}
	if err := w.Header(many); err != nil {
		t.Fatal(err)
	}
	if err := w.Row(vals); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	for _, f := range zr.File {
		if f.Name != "xl/worksheets/sheet1.xml" {
			continue
		}
		rc, _ := f.Open()
		var s sheet
		if err := xml.NewDecoder(rc).Decode(&s); err != nil {
			t.Fatalf("sheet with control characters is not XML: %v", err)
		}
		if got := s.Rows[1].Cells[29].Ref; got != "AD2" {
			t.Errorf("30th column ref = %s, want AD2", got)
		}
		if got := s.Rows[1].Cells[0].Inline; got != "belltab\t" {
			t.Errorf("control character kept: %q", got)
		}
	}
}

func TestXLSXRefusesOversizedCell(t *testing.T) {
	w, _ := export.NewWriter(export.XLSX, io.Discard)
	w.Header([]string{"blob"})
	err := w.Row([]any{strings.Repeat("x", 40000)})
	if err == nil || !strings.Contains(err.Error(), "CSV or JSON") {
		t.Fatalf("err = %v, want a refusal that names another format", err)
	}
}

func TestRowArityChecked(t *testing.T) {
	for _, f := range export.Formats {
		w, _ := export.NewWriter(f, io.Discard)
		if err := w.Row([]any{1}); err == nil {
			t.Errorf("%s: Row before Header accepted", f)
		}
		w.Header([]string{"a", "b"})
		if err := w.Row([]any{int64(1)}); err == nil || !strings.Contains(err.Error(), "1 values for 2 columns") {
			t.Errorf("%s: short row: %v", f, err)
		}
	}
}

func TestFormatFor(t *testing.T) {
	for _, tc := range []struct{ path, explicit, want, err string }{
		{"out.csv", "", "csv", ""},
		{"out.XLSX", "", "xlsx", ""},
		{"report.markdown", "", "md", ""},
		{"out", "json", "json", ""},
		{"out", "", "", "give the file an extension"},
		{"out.txt", "", "", ".txt is not one of"},
		{"out.csv", "pdf", "", `unknown export format "pdf"`},
	} {
		f, err := export.FormatFor(tc.path, tc.explicit)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("FormatFor(%q, %q) err = %v, want %q", tc.path, tc.explicit, err, tc.err)
			}
			continue
		}
		if err != nil || string(f) != tc.want {
			t.Errorf("FormatFor(%q, %q) = %q, %v", tc.path, tc.explicit, f, err)
		}
	}
}

func TestToFileLeavesNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := os.WriteFile(path, []byte("earlier export\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("database went away")
	err := export.ToFile(path, export.CSV, func(w export.Writer) error {
		w.Header([]string{"a"})
		w.Row([]any{int64(1)})
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the fill error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "earlier export\n" {
		t.Errorf("earlier file changed to %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if err := export.ToFile(path, export.CSV, func(w export.Writer) error {
		return export.Rows(w, []string{"a"}, [][]any{{int64(2)}})
	}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "a\n2\n" {
		t.Errorf("export = %q", b)
	}
}

// BenchmarkStream exports rows one at a time; its allocations per row show
// that memory does not grow with the result (B/op divided by rows).
func BenchmarkStream(b *testing.B) {
	row := []any{int64(42), "Customer name", 123.45, true, nil}
	for _, f := range export.Formats {
		b.Run(string(f), func(b *testing.B) {
			b.ReportAllocs()
			w, _ := export.NewWriter(f, io.Discard)
			w.Header([]string{"id", "name", "amount", "active", "note"})
			for b.Loop() {
				if err := w.Row(row); err != nil {
					b.Fatal(err)
				}
			}
			w.Close()
		})
	}
}
