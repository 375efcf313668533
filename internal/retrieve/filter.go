package retrieve

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"text/template"

	"querent/internal/llm"
	"querent/internal/schema"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

var prompts = template.Must(template.ParseFS(promptFS, "prompts/*.tmpl"))

// filterSchema is the JSON Schema of the relevance filter's reply.
const filterSchema = `{
  "type": "object",
  "properties": {
    "keep": {"type": "array", "items": {"$ref": "#/$defs/choice"}},
    "drop": {"type": "array", "items": {"$ref": "#/$defs/choice"}}
  },
  "required": ["keep"],
  "$defs": {
    "choice": {
      "type": "object",
      "properties": {"table": {"type": "string"}, "reason": {"type": "string"}},
      "required": ["table"]
    }
  }
}`

// Candidate is a table offered to the relevance filter.
type Candidate struct {
	Name    string
	Score   float64
	Reasons []string
	// Text is the table as the model sees it (its schema rendering).
	Text string
}

// ErrBadReply marks a relevance filter reply that could not be used (not
// JSON, no table kept, only unknown tables). FilterWithLLM then returns its
// input unchanged with the error, so a caller can go on with stage 1.
var ErrBadReply = errors.New("unusable relevance filter reply")

type filterReply struct {
	Keep []filterChoice `json:"keep"`
	Drop []filterChoice `json:"drop"`
}

type filterChoice struct {
	Table  string `json:"table"`
	Reason string `json:"reason"`
}

// FilterWithLLM asks m, in one call, which candidates question needs and
// returns those it keeps, in the input order, each with the model's reason
// added. Tables the reply names that are not candidates are ignored. A
// failed call returns the model's error (an *llm.Error); a reply that is not
// JSON of the expected shape, or that keeps nothing known, returns cands
// unchanged and an error wrapping ErrBadReply: the filter may narrow stage
// 1's choice, never empty it.
func FilterWithLLM(ctx context.Context, m llm.Model, question string, cands []Candidate) ([]Candidate, llm.Usage, error) {
	kept, usage, _, err := filterWithLLM(ctx, m, question, cands)
	return kept, usage, err
}

// filterWithLLM is FilterWithLLM that also returns notes about the reply
// (unknown tables) for Result.Notes.
func filterWithLLM(ctx context.Context, m llm.Model, question string, cands []Candidate) ([]Candidate, llm.Usage, []string, error) {
	if len(cands) == 0 {
		return nil, llm.Usage{}, nil, nil
	}
	var sys, user bytes.Buffer
	data := struct {
		Question   string
		Candidates []Candidate
	}{question, cands}
	if err := prompts.ExecuteTemplate(&sys, "filter_system.tmpl", data); err != nil {
		return cands, llm.Usage{}, nil, fmt.Errorf("render filter_system prompt: %w", err)
	}
	if err := prompts.ExecuteTemplate(&user, "filter_user.tmpl", data); err != nil {
		return cands, llm.Usage{}, nil, fmt.Errorf("render filter_user prompt: %w", err)
	}
	resp, err := m.Generate(ctx, llm.Request{
		Messages:   []llm.Message{{Role: llm.System, Content: sys.String()}, {Role: llm.User, Content: user.String()}},
		Schema:     json.RawMessage(filterSchema),
		SchemaName: "table_filter",
		// Each choice is a table name and a short reason.
		MaxTokens: 200 + 40*len(cands),
	})
	if llm.KindOf(err) == llm.KindBadOutput {
		// The adapter found no JSON in the reply: a bad reply like any other.
		return cands, llm.Usage{}, nil, fmt.Errorf("%w: %w", ErrBadReply, err)
	}
	if err != nil {
		return cands, llm.Usage{}, nil, fmt.Errorf("relevance filter: %w", err)
	}
	kept, notes, err := applyFilterReply(resp.Text, cands)
	return kept, resp.Usage, notes, err
}

// applyFilterReply validates the reply and applies it to cands.
func applyFilterReply(text string, cands []Candidate) ([]Candidate, []string, error) {
	raw := llm.ExtractJSON(text)
	if raw == "" {
		return cands, nil, fmt.Errorf("%w: no JSON object in %q", ErrBadReply, clip(text, 120))
	}
	var reply filterReply
	dec := json.NewDecoder(strings.NewReader(raw))
	if err := dec.Decode(&reply); err != nil {
		return cands, nil, fmt.Errorf("%w: %v", ErrBadReply, err)
	}
	byName := make(map[string]int, len(cands))
	for i, c := range cands {
		byName[strings.ToLower(c.Name)] = i
	}
	var notes, unknown []string
	keep := map[int]string{}
	for _, ch := range reply.Keep {
		i, ok := byName[strings.ToLower(strings.TrimSpace(ch.Table))]
		if !ok {
			unknown = append(unknown, ch.Table)
			continue
		}
		keep[i] = strings.TrimSpace(ch.Reason)
	}
	if len(unknown) > 0 {
		notes = append(notes, fmt.Sprintf("the relevance filter named tables that are not candidates, ignored: %s", strings.Join(unknown, ", ")))
	}
	if len(keep) == 0 {
		return cands, notes, fmt.Errorf("%w: it keeps no candidate table", ErrBadReply)
	}
	idx := make([]int, 0, len(keep))
	for i := range keep {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	out := make([]Candidate, 0, len(idx))
	for _, i := range idx {
		c := cands[i]
		c.Reasons = append(append([]string(nil), c.Reasons...), "kept by the model: "+orDefault(keep[i], "no reason given"))
		out = append(out, c)
	}
	return out, notes, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// filter runs the relevance filter over the stage 1 pool.
func (x *Index) filter(ctx context.Context, question string, pool []candidate) ([]candidate, llm.Usage, []string, error) {
	cands := make([]Candidate, len(pool))
	for i, c := range pool {
		t := x.s.Tables[c.table]
		cands[i] = Candidate{
			Name:    t.Name,
			Score:   c.score,
			Reasons: c.reasons,
			Text:    (&schema.Schema{Tables: []schema.Table{t}}).Render(),
		}
	}
	kept, usage, notes, err := filterWithLLM(ctx, x.opt.Model, question, cands)
	if err != nil {
		return nil, usage, notes, err
	}
	out := make([]candidate, 0, len(kept))
	for _, k := range kept {
		t := x.byName[strings.ToLower(k.Name)]
		for _, c := range pool {
			if c.table == t {
				c.reasons = k.Reasons
				c.stage = StageLLM
				out = append(out, c)
				break
			}
		}
	}
	return out, usage, notes, nil
}
