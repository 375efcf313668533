package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"querent/internal/agent"
	"querent/internal/session"
)

// runHistory lists sessions, or the turns of one session.
func runHistory(ctx context.Context, args []string, io IO) int {
	fs := newFlags("history", `history [--session ID] [--db DSN] [--limit N] [--json]`, io.Stderr)
	var c common
	c.register(fs, false)
	var sessionID string
	var limit int
	fs.StringVar(&sessionID, "session", "", "show the turns of this session (an id or a unique prefix)")
	fs.IntVar(&limit, "limit", 20, "list at most this many sessions (0: all)")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q", pos[0])
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
	if sessionID == "" {
		db := ""
		if cfg.Database != "" {
			db = dbKey(cfg.Database)
		}
		list, err := st.List(ctx, db, limit)
		if err != nil {
			return printSetupError(io, c.json, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}})
		}
		if c.json {
			if list == nil {
				list = []session.Session{}
			}
			writeJSON(io.Stdout, map[string]any{"sessions": list})
			return ExitOK
		}
		if len(list) == 0 {
			fmt.Fprintln(io.Stdout, `No sessions yet. Start one with: querent ask --session new "question"  or  querent chat`)
			return ExitOK
		}
		rows := make([][]any, len(list))
		for i, s := range list {
			rows[i] = []any{s.ID, s.UpdatedAt.Local().Format(time.DateTime), int64(s.Turns), s.Title, s.Database}
		}
		printTable(io.Stdout, []string{"session", "updated", "turns", "title", "database"}, rows)
		fmt.Fprintln(io.Stdout, "\nShow one with: querent history --session ID")
		return ExitOK
	}
	s, err := st.Get(ctx, sessionID)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "querent history lists the sessions"}})
	}
	turns, err := st.Turns(ctx, s.ID)
	if err != nil {
		return printSetupError(io, c.json, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}})
	}
	if c.json {
		if turns == nil {
			turns = []session.Turn{}
		}
		writeJSON(io.Stdout, map[string]any{"session": s, "turns": turns})
		return ExitOK
	}
	printTurns(io, s, turns)
	return ExitOK
}

// printTurns shows a conversation as a transcript.
func printTurns(io IO, s *session.Session, turns []session.Turn) {
	fmt.Fprintf(io.Stdout, "Session %s over %s, %d %s\n", s.ID, s.Database, len(turns), pluralWord(len(turns), "turn", "turns"))
	for _, t := range turns {
		fmt.Fprintf(io.Stdout, "\n%d. %s", t.N, t.Question)
		if t.Resolved != "" {
			fmt.Fprintf(io.Stdout, "  (read as: %s)", t.Resolved)
		}
		fmt.Fprintln(io.Stdout)
		var facts []string
		if t.Route != "" && t.Route != session.RouteNew {
			facts = append(facts, t.Route)
		}
		if t.Planner != "" {
			facts = append(facts, "planner "+t.Planner)
		}
		if t.LLMCalls > 0 {
			facts = append(facts, fmt.Sprintf("%d LLM %s", t.LLMCalls, pluralWord(t.LLMCalls, "call", "calls")))
		}
		switch t.Feedback {
		case 1:
			facts = append(facts, "👍")
		case -1:
			facts = append(facts, "👎")
		}
		if t.Error != "" {
			fmt.Fprintf(io.Stdout, "   %s: %s\n", t.Error, t.Summary)
		} else {
			fmt.Fprintf(io.Stdout, "   %s\n", t.Summary)
		}
		if t.SQL != "" {
			fmt.Fprintf(io.Stdout, "   SQL: %s\n", strings.Join(strings.Fields(t.SQL), " "))
		}
		if len(facts) > 0 {
			fmt.Fprintf(io.Stdout, "   (%s)\n", strings.Join(facts, ", "))
		}
	}
}
