package cli

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"querent/internal/agent"
	"querent/internal/plan"
	"querent/internal/session"
)

// runPatch changes the last answer of a session without planning again:
// the operations apply to its plan, which is re-run with no LLM call.
func runPatch(ctx context.Context, args []string, io IO) int {
	fs := newFlags("patch", `patch --session ID --op JSON [--db DSN] [--json] [--export FILE] [--chart]`, io.Stderr)
	var c common
	c.register(fs, false)
	var sessionID, opJSON, exportPath, exportFormat string
	var chart bool
	fs.StringVar(&sessionID, "session", "", "the session whose last answer to change (required)")
	fs.StringVar(&opJSON, "op", "", `one operation or a JSON array of them, e.g. '{"op":"modify_limit","limit":3}'`)
	fs.StringVar(&exportPath, "export", "", "also write the full result to FILE (.csv, .json, .md, .xlsx)")
	fs.StringVar(&exportFormat, "format", "", "export format when FILE's extension does not say")
	fs.BoolVar(&chart, "chart", false, "draw the result as a bar chart in the terminal")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	switch {
	case len(pos) > 0:
		return usageError(io, fs, "unexpected argument %q: pass the operation with --op", pos[0])
	case sessionID == "":
		return usageError(io, fs, "--session is required: querent history lists the sessions")
	case strings.TrimSpace(opJSON) == "":
		return usageError(io, fs, `--op is required, e.g. --op '{"op":"modify_limit","limit":3}'`)
	}
	ops, err := plan.DecodePatchOps([]byte(opJSON))
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "--op: " + err.Error(),
			Hint: "operations: add_column, remove_column, modify_order_by, modify_limit, add_filter, remove_filter, change_grouping (see the README)"}})
	}
	cfg, serr := loadConfig(c, io)
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}})
	}
	defer st.Close()
	s, err := st.Get(ctx, sessionID)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "querent history lists the sessions"}})
	}
	if cfg.Database == "" {
		if strings.Contains(s.Database, ":xxxxx@") {
			return usageError(io, fs, "session %s is over %s, whose password is not stored: pass --db with the full DSN", s.ID, s.Database)
		}
		c.db = s.Database
	}
	e, serr := open(ctx, c, io, false)
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	defer e.Close()
	e.store = st
	defer func() { e.store = nil }() // st is closed above, not by e.Close
	a, serr := e.newAgent(io, slog.New(slog.DiscardHandler))
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	conv, err := startConversation(ctx, st, e.cfg, s.ID)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error()}})
	}
	resp, saveErr := conv.ask(ctx, a, agent.Request{Patch: ops, ModificationOptions: c.json})
	if resp == nil {
		return printSetupError(io, c.json, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: saveErr.Error()}})
	}
	return finishResponse(ctx, io, e, resp, c.json, saveErr, exportPath, exportFormat, chart)
}

// runFeedback records a thumbs up or down on a turn; a thumbs-up stores the
// question and its plan as an example for similar questions.
func runFeedback(ctx context.Context, args []string, io IO) int {
	fs := newFlags("feedback", `feedback --session ID [--turn N] up|down [note ...]`, io.Stderr)
	var c common
	c.register(fs, false)
	var sessionID string
	var turn int
	fs.StringVar(&sessionID, "session", "", "the session (required)")
	fs.IntVar(&turn, "turn", 0, "the turn to rate (default: the last)")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if sessionID == "" {
		return usageError(io, fs, "--session is required: querent history lists the sessions")
	}
	if len(pos) == 0 {
		return usageError(io, fs, "say up or down")
	}
	vote, ok := voteOf(pos[0])
	if !ok {
		return usageError(io, fs, "%q is not up or down", pos[0])
	}
	note := strings.Join(pos[1:], " ")
	cfg, serr := loadConfig(c, io)
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}})
	}
	defer st.Close()
	n, err := rate(ctx, st, sessionID, turn, vote, note)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "querent history --session ID lists the turns"}})
	}
	if c.json {
		writeJSON(io.Stdout, map[string]any{"session": sessionID, "turn": n, "feedback": vote})
	} else {
		fmt.Fprintf(io.Stdout, "Recorded %s on turn %d.\n", map[int]string{1: "👍", -1: "👎"}[vote], n)
	}
	return ExitOK
}

func voteOf(s string) (int, bool) {
	switch strings.ToLower(s) {
	case "up", "+1", "+", "good", "yes", "👍":
		return 1, true
	case "down", "-1", "-", "bad", "no", "👎":
		return -1, true
	}
	return 0, false
}

// rate sets feedback on turn n of the session (0: its last turn).
func rate(ctx context.Context, st session.Store, id string, n, vote int, note string) (int, error) {
	if n == 0 {
		last, err := st.Last(ctx, id)
		if err != nil {
			return 0, err
		}
		n = last.N
	}
	return n, st.SetFeedback(ctx, id, n, vote, note)
}
