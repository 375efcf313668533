package agent

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"querent/internal/llm"
)

// resultData is what the judge and explanation prompts show of a result.
type resultData struct {
	Question  string
	SQL       string
	Params    string
	Columns   string
	RowCount  int
	Truncated bool
	Table     string
}

// resultPrompt renders the current result for a prompt, at most maxRows rows
// as a pipe-separated table.
func resultPrompt(r *run, maxRows int) resultData {
	res := r.result
	d := resultData{Question: r.question, SQL: r.sql, Columns: strings.Join(res.Columns, ", "),
		RowCount: len(res.Rows), Truncated: res.Truncated}
	if len(r.args) > 0 {
		ps := make([]string, len(r.args))
		for i, a := range r.args {
			ps[i] = formatLiteral(a)
		}
		d.Params = strings.Join(ps, ", ")
	}
	var b strings.Builder
	b.WriteString(strings.Join(res.Columns, " | "))
	for i, row := range res.Rows {
		if i == maxRows {
			fmt.Fprintf(&b, "\n… %d more rows", len(res.Rows)-maxRows)
			break
		}
		b.WriteByte('\n')
		for j, v := range row {
			if j > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(formatValue(v))
		}
	}
	d.Table = b.String()
	return d
}

// renderPair renders prompts/<name>_system.tmpl and <name>_user.tmpl.
func renderPair(name string, data any) ([]llm.Message, error) {
	var sys, user bytes.Buffer
	if err := prompts.ExecuteTemplate(&sys, name+"_system.tmpl", data); err != nil {
		return nil, fmt.Errorf("render %s_system prompt: %w", name, err)
	}
	if err := prompts.ExecuteTemplate(&user, name+"_user.tmpl", data); err != nil {
		return nil, fmt.Errorf("render %s_user prompt: %w", name, err)
	}
	return []llm.Message{{Role: llm.System, Content: sys.String()}, {Role: llm.User, Content: user.String()}}, nil
}

// explainRows bounds the rows the explanation prompt shows: enough for a
// ranking or a trend, few enough for a small model's context.
const explainRows = 50

// explain asks the LLM for a short prose answer. It returns "" when the
// explanation could not be had; the deterministic summary then stands.
func (r *run) explain(ctx context.Context) string {
	start := time.Now()
	msgs, err := renderPair("explain", resultPrompt(r, explainRows))
	if err != nil {
		r.event("explain", start, "prompt failed", err.Error())
		return ""
	}
	resp, err := r.generate(ctx, llm.Request{Messages: msgs, Temperature: 0, MaxTokens: 400})
	if err != nil {
		r.note("no explanation: " + err.Error())
		r.event("explain", start, "LLM call failed", err.Error())
		return ""
	}
	text := strings.TrimSpace(resp.Text)
	r.event("explain", start, "explained", "")
	return text
}

// note adds a remark for the user to the response.
func (r *run) note(s string) { r.resp.Notes = append(r.resp.Notes, s) }
