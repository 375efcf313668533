package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"querent/internal/agent"
)

// exitCode maps a response's error code to the process exit code: the one
// table for the CLI.
func exitCode(e *agent.Error) int {
	if e == nil {
		return ExitOK
	}
	switch e.Code {
	case agent.CodeNeedsClarification, agent.CodeCannotAnswer:
		return ExitDeclined
	case agent.CodeForbidden:
		return ExitRefused
	case agent.CodeBadRequest:
		return ExitUsage
	case agent.CodeNeedsConfirmation:
		return ExitNeedsConfirmation
	}
	return ExitFailure
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printSetupError reports a failure that happened before the question ran.
func printSetupError(io IO, asJSON bool, question string, se *setupError) int {
	if asJSON {
		writeJSON(io.Stdout, &agent.Response{Question: question, Params: []any{}, Columns: []string{}, Rows: [][]any{}, Trace: []agent.Event{}, TablesUsed: []string{}, Suggestions: []string{}, Error: se.err})
	} else {
		printError(io.Stderr, se.err)
	}
	return se.code
}

func printError(w io.Writer, e *agent.Error) {
	fmt.Fprintf(w, "querent: %s\n", e.Message)
	if e.Hint != "" {
		fmt.Fprintf(w, "hint: %s\n", e.Hint)
	}
}

// printResponse writes the human form of a response.
func printResponse(io IO, r *agent.Response) {
	out := io.Stdout
	if r.Clarification != nil {
		fmt.Fprintln(out, "I need more detail before answering:")
		for _, q := range r.Clarification.Questions {
			fmt.Fprintf(out, "  - %s\n", q.Text)
			if len(q.Choices) > 0 {
				fmt.Fprintf(out, "    choices: %s\n", strings.Join(q.Choices, ", "))
			}
		}
		return
	}
	if r.Error != nil {
		printError(io.Stderr, r.Error)
		if r.SQL != "" {
			fmt.Fprintf(io.Stderr, "SQL: %s\n", r.SQL)
		}
		printNotes(io.Stderr, r)
		return
	}
	if r.Answer != "" {
		fmt.Fprintln(out, r.Answer)
		fmt.Fprintln(out)
	}
	fmt.Fprintln(out, "SQL:")
	fmt.Fprintf(out, "  %s\n", strings.ReplaceAll(r.SQL, "\n", "\n  "))
	if len(r.Params) > 0 {
		ps := make([]string, len(r.Params))
		for i, p := range r.Params {
			ps[i] = fmt.Sprintf("%d: %s", i+1, quoteParam(p))
		}
		fmt.Fprintf(out, "  params: %s\n", strings.Join(ps, ", "))
	}
	fmt.Fprintln(out)
	printTable(out, r.Columns, r.Rows)
	note := fmt.Sprintf("%d %s", r.RowCount, pluralWord(r.RowCount, "row", "rows"))
	if r.Truncated {
		note += ", truncated at the row limit"
	}
	if r.Planner != "" {
		note += ", planned by " + r.Planner
	}
	if r.Attempts > 1 {
		note += fmt.Sprintf(", %d attempts", r.Attempts)
	}
	if r.LLMCalls > 0 {
		note += fmt.Sprintf(", %d LLM %s", r.LLMCalls, pluralWord(r.LLMCalls, "call", "calls"))
	}
	note += fmt.Sprintf(", %d ms", r.ElapsedMS)
	if r.SessionID != "" {
		note += fmt.Sprintf(", session %s turn %d", r.SessionID, r.Turn)
	}
	fmt.Fprintf(out, "(%s)\n", note)
	printNotes(out, r)
	if len(r.Suggestions) > 0 {
		fmt.Fprintln(out, "\nYou could also ask:")
		for _, s := range r.Suggestions {
			fmt.Fprintf(out, "  - %s\n", s)
		}
	}
}

// printNotes lists the response's remarks (a corrected value, an export).
func printNotes(out io.Writer, r *agent.Response) {
	for _, n := range r.Notes {
		fmt.Fprintf(out, "note: %s\n", n)
	}
}

func quoteParam(p any) string {
	if s, ok := p.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return agent.FormatValue(p)
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// maxCellWidth keeps one long text value from pushing the table off screen.
const maxCellWidth = 40

// printTable writes rows as an aligned text table; numbers align right.
func printTable(w io.Writer, cols []string, rows [][]any) {
	if len(cols) == 0 {
		return
	}
	cells := make([][]string, len(rows))
	width := make([]int, len(cols))
	numeric := make([]bool, len(cols))
	for i, c := range cols {
		width[i] = utf8.RuneCountInString(c)
		numeric[i] = true
	}
	for r, row := range rows {
		cells[r] = make([]string, len(cols))
		for i := range cols {
			var v any
			if i < len(row) {
				v = row[i]
			}
			s := truncateCell(agent.FormatValue(v))
			cells[r][i] = s
			width[i] = max(width[i], utf8.RuneCountInString(s))
			switch v.(type) {
			case int64, float64, nil:
			default:
				numeric[i] = false
			}
		}
	}
	pad := func(s string, i int) string {
		gap := strings.Repeat(" ", width[i]-utf8.RuneCountInString(s))
		if numeric[i] {
			return gap + s
		}
		return s + gap
	}
	var line []string
	for i, c := range cols {
		line = append(line, pad(c, i))
	}
	fmt.Fprintln(w, strings.TrimRight(strings.Join(line, "  "), " "))
	line = line[:0]
	for i := range cols {
		line = append(line, strings.Repeat("-", width[i]))
	}
	fmt.Fprintln(w, strings.Join(line, "  "))
	for _, row := range cells {
		line = line[:0]
		for i, s := range row {
			line = append(line, pad(s, i))
		}
		fmt.Fprintln(w, strings.TrimRight(strings.Join(line, "  "), " "))
	}
}

func truncateCell(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if utf8.RuneCountInString(s) <= maxCellWidth {
		return s
	}
	r := []rune(s)
	return string(r[:maxCellWidth-1]) + "…"
}
