package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"querent/internal/retrieve"
)

func runSchema(ctx context.Context, args []string, io IO) int {
	fs := newFlags("schema", `schema --db DSN [--json] [--for "question" [--top N] [--brief N] [--budget TOKENS]]`, io.Stderr)
	var c common
	c.register(fs, false)
	var question string
	var top, brief, budget int
	fs.StringVar(&question, "for", "", "show only the tables retrieval picks for this question, with scores and reasons")
	fs.IntVar(&top, "top", retrieve.DefaultTopK, "with --for: how many tables the ranking keeps before foreign-key expansion")
	fs.IntVar(&brief, "brief", retrieve.DefaultBriefK, "with --for: how many more tables are shown in one line each (columns and keys only), as the LLM sees them")
	fs.IntVar(&budget, "budget", 0, "with --for: token budget for the rendered tables; the lowest-scored are dropped to fit (0: none)")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
	}
	forSet := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "for":
			forSet = true
		case "top", "brief", "budget":
			if question == "" {
				code = usageError(io, fs, "--%s only applies with --for \"question\"", f.Name)
			}
		}
	})
	switch {
	case code != 0:
		return code
	case forSet && strings.TrimSpace(question) == "":
		return usageError(io, fs, "--for needs a question, e.g. --for \"top customers by revenue\"")
	case top < 1:
		return usageError(io, fs, "--top is %d; it must be 1 or more", top)
	case brief < 0:
		return usageError(io, fs, "--brief is %d; it must be 0 (none) or more", brief)
	case budget < 0:
		return usageError(io, fs, "--budget is %d; it must be 0 (no budget) or more", budget)
	}
	e, serr := open(ctx, c, io, false)
	if serr != nil {
		return printSetupError(io, c.json, question, serr)
	}
	defer e.Close()
	if forSet {
		return schemaFor(ctx, io, e, question, top, brief, budget, c.json)
	}
	if c.json {
		if err := writeJSON(io.Stdout, e.schema); err != nil {
			return ExitFailure
		}
		return ExitOK
	}
	fmt.Fprintf(io.Stdout, "%s database, %d tables\n\n", e.schema.Engine, len(e.schema.Tables))
	for _, t := range e.schema.Tables {
		kind := "table"
		if t.View {
			kind = "view"
		}
		fmt.Fprintf(io.Stdout, "%s %s (%d rows)\n", kind, t.Name, t.RowCount)
		pk := map[string]bool{}
		for _, k := range t.PrimaryKey {
			pk[strings.ToLower(k)] = true
		}
		rows := make([][]any, 0, len(t.Columns))
		for _, col := range t.Columns {
			var notes []string
			if pk[strings.ToLower(col.Name)] {
				notes = append(notes, "primary key")
			}
			if !col.Nullable {
				notes = append(notes, "not null")
			}
			for _, fk := range t.ForeignKeys {
				for i, fc := range fk.Columns {
					if strings.EqualFold(fc, col.Name) && i < len(fk.RefColumns) {
						note := "→ " + fk.RefTable + "." + fk.RefColumns[i]
						if fk.Inferred {
							note += fmt.Sprintf(" (inferred, %.0f%%)", fk.Confidence*100)
						}
						notes = append(notes, note)
					}
				}
			}
			samples := ""
			if len(col.Samples) > 0 {
				n := min(len(col.Samples), 5)
				samples = strings.Join(col.Samples[:n], ", ")
				if len(col.Samples) > n {
					samples += ", …"
				}
			}
			rows = append(rows, []any{col.Name, col.Type, strings.Join(notes, ", "), samples})
		}
		printTable(indent{io.Stdout}, []string{"column", "type", "keys", "examples"}, rows)
		fmt.Fprintln(io.Stdout)
	}
	return ExitOK
}

// indent prefixes every line written through it with two spaces.
type indent struct {
	w interface{ Write([]byte) (int, error) }
}

func (i indent) Write(p []byte) (int, error) {
	lines := strings.SplitAfter(string(p), "\n")
	for _, l := range lines {
		if l == "" {
			continue
		}
		if _, err := i.w.Write([]byte("  " + l)); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// schemaForOutput is `schema --for --json`: what the question's prompt
// would get, and why.
type schemaForOutput struct {
	Question   string            `json:"question"`
	Tables     []retrieve.Scored `json:"tables"`
	Notes      []string          `json:"notes"`
	Rendered   string            `json:"rendered"`
	Tokens     int               `json:"tokens"`
	FullTokens int               `json:"full_tokens"`
}

// schemaFor prints the tables retrieval selects for question: each with
// its score, stage and reasons, then the rendered subset and its share of
// the full schema's tokens.
func schemaFor(ctx context.Context, io IO, e *env, question string, top, brief, budget int, asJSON bool) int {
	if brief == 0 {
		brief = -1 // retrieve reads 0 as its default; here 0 means none
	}
	x := retrieve.New(e.schema, retrieve.Options{TopK: top, BriefK: brief, TokenBudget: budget})
	res, err := x.Retrieve(ctx, question, retrieve.Query{})
	if err != nil {
		if errors.Is(err, retrieve.ErrEmptyQuestion) {
			fmt.Fprintf(io.Stderr, "querent schema: --for %q has no words to look up; ask about the data, e.g. --for \"top customers by revenue\"\n", question)
			return ExitUsage
		}
		fmt.Fprintf(io.Stderr, "querent schema: %v\n", err)
		return ExitFailure
	}
	rendered := res.Rendered
	if asJSON {
		out := schemaForOutput{Question: question, Tables: res.Tables, Notes: res.Notes, Rendered: rendered, Tokens: res.Tokens, FullTokens: res.FullTokens}
		if out.Notes == nil {
			out.Notes = []string{}
		}
		if err := writeJSON(io.Stdout, out); err != nil {
			return ExitFailure
		}
		return ExitOK
	}
	fmt.Fprintf(io.Stdout, "%d of %d tables for %q\n\n", len(res.Tables), len(e.schema.Tables), question)
	width := 0
	for _, t := range res.Tables {
		width = max(width, len(t.Name))
	}
	for i, t := range res.Tables {
		score := "    -"
		if t.Score > 0 {
			score = fmt.Sprintf("%.3f", t.Score)
		}
		stage := t.Stage
		if t.Brief {
			stage += ", one line"
		}
		fmt.Fprintf(io.Stdout, "%3d. %-*s  %s  %s\n", i+1, width, t.Name, score, stage)
		if len(t.Reasons) > 0 {
			fmt.Fprintf(io.Stdout, "     %s\n", strings.Join(t.Reasons, "; "))
		}
	}
	for _, n := range res.Notes {
		fmt.Fprintf(io.Stdout, "  note: %s\n", n)
	}
	fmt.Fprintf(io.Stdout, "\n%s\n", strings.TrimRight(rendered, "\n"))
	pct := 0.0
	if res.FullTokens > 0 {
		pct = 100 * float64(res.Tokens) / float64(res.FullTokens)
	}
	fmt.Fprintf(io.Stdout, "\ntokens: %d of %d (%.1f%%)\n", res.Tokens, res.FullTokens, pct)
	return ExitOK
}
