package chart

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"querent/internal/answer"
)

// MaxBars is how many rows RenderBars draws; the rest are counted.
const MaxBars = 20

// maxLabel caps a label's width in characters.
const maxLabel = 24

// eighths are the left-aligned partial blocks, one to seven eighths wide.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// RenderBars draws the result as horizontal bars for a terminal of the
// given width: one line per row in the result's order, with the label (the
// row's other columns), a bar of █ with eighth-block precision, and the
// value. The measure is the last numeric column; a column holding text
// where numbers are expected is an error naming it. Negative values grow
// left of a │ axis (in whole characters), NULL draws no bar. At most
// MaxBars rows are drawn, followed by "… N more".
func RenderBars(w io.Writer, res answer.Result, width int) error {
	if len(res.Columns) == 0 {
		return errors.New("chart: the result has no columns to draw")
	}
	if len(res.Rows) == 0 {
		_, err := fmt.Fprintln(w, "(no rows)")
		return err
	}
	measure := -1
	for i := len(res.Columns) - 1; i >= 0; i-- {
		if res.Kind(i).Numeric() && !keyLike(res.Columns[i]) {
			measure = i
			break
		}
	}
	if measure < 0 {
		last := len(res.Columns) - 1
		return fmt.Errorf("chart: column %s is not numeric (e.g. %q), and no other column is: a bar chart needs numbers; ask for a count or a total",
			res.Columns[last], answer.FormatValue(firstNonNull(res, last)))
	}
	values := make([]*float64, len(res.Rows))
	for r, row := range res.Rows {
		switch v := row[measure].(type) {
		case nil:
		case int64:
			f := float64(v)
			values[r] = &f
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("chart: column %s holds %v in row %d, which cannot be drawn", res.Columns[measure], v, r+1)
			}
			values[r] = &v
		default:
			return fmt.Errorf("chart: column %s is not numeric: row %d holds %q", res.Columns[measure], r+1, answer.FormatValue(v))
		}
	}
	n := min(len(res.Rows), MaxBars)
	labels := make([]string, n)
	valText := make([]string, n)
	labelW, valW := 1, 1
	var maxPos, maxNeg float64
	for r := 0; r < n; r++ {
		var parts []string
		for i, v := range res.Rows[r] {
			if i != measure && v != nil {
				parts = append(parts, answer.FormatValue(v))
			}
		}
		labels[r] = clip(strings.Join(parts, " "), maxLabel)
		labelW = max(labelW, utf8.RuneCountInString(labels[r]))
		if values[r] == nil {
			valText[r] = "NULL"
		} else {
			valText[r] = answer.FormatNumber(*values[r])
			maxPos = math.Max(maxPos, *values[r])
			maxNeg = math.Max(maxNeg, -*values[r])
		}
		valW = max(valW, utf8.RuneCountInString(valText[r]))
	}
	barW := max(width-labelW-valW-3, 10)
	negW := 0
	if maxNeg > 0 {
		barW-- // the axis
		negW = int(math.Round(float64(barW) * maxNeg / (maxNeg + maxPos)))
		negW = max(negW, 1)
	}
	posW := barW - negW
	for r := 0; r < n; r++ {
		var b strings.Builder
		b.WriteString(pad(labels[r], labelW))
		b.WriteString(" ")
		if maxNeg > 0 {
			left := 0
			if v := values[r]; v != nil && *v < 0 {
				left = int(math.Round(-*v / maxNeg * float64(negW)))
			}
			b.WriteString(strings.Repeat(" ", negW-left) + strings.Repeat("█", left) + "│")
		}
		cells := 0
		if v := values[r]; v != nil && *v > 0 && maxPos > 0 {
			e := int(math.Round(*v / maxPos * float64(posW) * 8))
			full, part := e/8, e%8
			b.WriteString(strings.Repeat("█", full) + eighths[part])
			cells = full
			if part > 0 {
				cells++
			}
		}
		b.WriteString(strings.Repeat(" ", posW-cells))
		b.WriteString(" ")
		b.WriteString(strings.Repeat(" ", valW-utf8.RuneCountInString(valText[r])) + valText[r])
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	if more := len(res.Rows) - n; more > 0 || res.Truncated {
		note := fmt.Sprintf("… %d more", more)
		if res.Truncated {
			note += " (the result was truncated)"
		}
		if _, err := fmt.Fprintln(w, note); err != nil {
			return err
		}
	}
	return nil
}

func firstNonNull(res answer.Result, i int) any {
	for _, row := range res.Rows {
		if row[i] != nil {
			return row[i]
		}
	}
	return nil
}

// clip shortens s to n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}
