package export

import (
	"archive/zip"
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// XLSX limits (Excel's specifications): exceeding them would produce a file
// Excel refuses or silently cuts, so the export fails instead and says which
// format holds the data.
const (
	xlsxMaxRows      = 1_048_576
	xlsxMaxColumns   = 16_384
	xlsxMaxCellChars = 32_767
)

// xlsxWriter streams an Office Open XML workbook with one sheet: the fixed
// parts are written first, then the sheet's rows go straight into the zip
// entry, so memory stays flat whatever the row count. Text is written as
// inline strings (no shared-string table to hold in memory).
type xlsxWriter struct {
	zw      *zip.Writer
	sheet   *bufio.Writer
	columns int
	row     int
	ready   bool
	refs    []string // column letters, computed once
}

func newXLSX(w io.Writer) *xlsxWriter { return &xlsxWriter{zw: zip.NewWriter(w)} }

const (
	nsMain  = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel   = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkg   = "http://schemas.openxmlformats.org/package/2006/relationships"
	xmlDecl = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
)

var xlsxParts = []struct{ name, body string }{
	{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
		`</Types>`},
	{"_rels/.rels", `<Relationships xmlns="` + nsPkg + `">` +
		`<Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="xl/workbook.xml"/>` +
		`</Relationships>`},
	{"xl/workbook.xml", `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `">` +
		`<sheets><sheet name="Result" sheetId="1" r:id="rId1"/></sheets></workbook>`},
	{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="` + nsPkg + `">` +
		`<Relationship Id="rId1" Type="` + nsRel + `/worksheet" Target="worksheets/sheet1.xml"/>` +
		`<Relationship Id="rId2" Type="` + nsRel + `/styles" Target="styles.xml"/>` +
		`</Relationships>`},
	// Style 1 is the bold header; style 0 the default.
	{"xl/styles.xml", `<styleSheet xmlns="` + nsMain + `">` +
		`<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
		`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
		`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
		`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
		`<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
		`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>` +
		`</styleSheet>`},
}

func (x *xlsxWriter) Header(cols []string) error {
	if len(cols) > xlsxMaxColumns {
		return fmt.Errorf("the result has %d columns; an XLSX sheet holds at most %d: export to CSV or JSON instead", len(cols), xlsxMaxColumns)
	}
	for _, p := range xlsxParts {
		f, err := x.zw.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, xmlDecl+p.body); err != nil {
			return err
		}
	}
	f, err := x.zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return err
	}
	x.sheet = bufio.NewWriterSize(f, 64<<10)
	x.columns, x.ready = len(cols), true
	x.refs = make([]string, len(cols))
	for i := range cols {
		x.refs[i] = columnLetters(i)
	}
	// The header row is frozen so it stays visible while scrolling.
	x.sheet.WriteString(xmlDecl + `<worksheet xmlns="` + nsMain + `">` +
		`<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
		`<sheetData>`)
	vals := make([]any, len(cols))
	for i, c := range cols {
		vals[i] = c
	}
	return x.writeRow(vals, 1)
}

func (x *xlsxWriter) Row(vals []any) error {
	if !x.ready {
		return errNoHeader
	}
	if len(vals) != x.columns {
		return fmt.Errorf("export: a row has %d values for %d columns", len(vals), x.columns)
	}
	return x.writeRow(vals, 0)
}

func (x *xlsxWriter) writeRow(vals []any, style int) error {
	x.row++
	if x.row > xlsxMaxRows {
		return fmt.Errorf("the result has more than %d rows (with the header), the most an XLSX sheet holds: export to CSV or JSON instead", xlsxMaxRows)
	}
	r := strconv.Itoa(x.row)
	b := x.sheet
	b.WriteString(`<row r="` + r + `">`)
	for i, v := range vals {
		if v == nil {
			continue // an absent cell is an empty one
		}
		b.WriteString(`<c r="` + x.refs[i] + r + `"`)
		if style != 0 {
			b.WriteString(` s="` + strconv.Itoa(style) + `"`)
		}
		switch n := v.(type) {
		case int64:
			b.WriteString(`><v>` + strconv.FormatInt(n, 10) + `</v></c>`)
		case int:
			b.WriteString(`><v>` + strconv.Itoa(n) + `</v></c>`)
		case float64:
			if math.IsNaN(n) || math.IsInf(n, 0) {
				b.WriteString(`/>`)
				continue
			}
			b.WriteString(`><v>` + strconv.FormatFloat(n, 'g', -1, 64) + `</v></c>`)
		case bool:
			bit := "0"
			if n {
				bit = "1"
			}
			b.WriteString(` t="b"><v>` + bit + `</v></c>`)
		default:
			s := text(v)
			if utf8.RuneCountInString(s) > xlsxMaxCellChars {
				return fmt.Errorf("row %d, column %d holds %d characters; an XLSX cell holds at most %d: export to CSV or JSON instead", x.row-1, i+1, utf8.RuneCountInString(s), xlsxMaxCellChars)
			}
			b.WriteString(` t="inlineStr"><is><t`)
			if s != strings.TrimSpace(s) {
				b.WriteString(` xml:space="preserve"`)
			}
			b.WriteString(`>`)
			writeXMLText(b, s)
			b.WriteString(`</t></is></c>`)
		}
	}
	_, err := b.WriteString(`</row>`)
	return err
}

func (x *xlsxWriter) Close() error {
	if !x.ready {
		return errNoHeader
	}
	x.sheet.WriteString(`</sheetData></worksheet>`)
	if err := x.sheet.Flush(); err != nil {
		return err
	}
	return x.zw.Close()
}

// columnLetters returns the spreadsheet name of column i (0 → A, 26 → AA).
func columnLetters(i int) string {
	var buf [4]byte
	n := len(buf)
	for i++; i > 0; i = (i - 1) / 26 {
		n--
		buf[n] = byte('A' + (i-1)%26)
	}
	return string(buf[n:])
}

// writeXMLText escapes s for XML character data and drops the characters XML
// 1.0 cannot carry at all (control characters other than tab and newlines),
// which would make the whole workbook unreadable.
func writeXMLText(b *bufio.Writer, s string) {
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteRune(r)
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF:
			// not representable in XML 1.0
		default:
			b.WriteRune(r)
		}
	}
}
