package cli

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"querent/internal/agent"
)

func runAsk(ctx context.Context, args []string, io IO) int {
	fs := newFlags("ask", `ask --db DSN [--json] [--llm SPEC] [--session ID|new] [--export FILE] [--chart] "question"`, io.Stderr)
	var c common
	c.register(fs, true)
	var sessionID, exportPath, exportFormat string
	var chart, confirm bool
	var confirmToken string
	fs.BoolVar(&confirm, "confirm", false, "apply the data change the question asks for (only with allow_writes: true in querent.yaml)")
	fs.StringVar(&confirmToken, "confirm-token", "", "apply a data change previewed earlier, by its token")
	fs.StringVar(&sessionID, "session", "", `continue a conversation: a session id from querent history, or "new" to start one`)
	fs.StringVar(&exportPath, "export", "", "also write the full result (re-run without the row cap) to FILE: .csv, .json, .md or .xlsx")
	fs.StringVar(&exportFormat, "format", "", "export format when FILE's extension does not say: csv, json, md or xlsx")
	fs.BoolVar(&chart, "chart", false, "draw the result as a bar chart in the terminal")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(io, fs, "no question given")
	}
	question := strings.Join(pos, " ")
	e, serr := open(ctx, c, io, true)
	if serr != nil {
		return printSetupError(io, c.json, question, serr)
	}
	defer e.Close()
	if sessionID != "" {
		// Opened before the agent, which also reads confirmed examples
		// from it.
		if _, err := e.sessionStore(ctx); err != nil {
			return printSetupError(io, c.json, question, &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error(), Hint: "set sessions: in querent.yaml to a writable path"}})
		}
	}
	a, serr := e.newAgent(io, slog.New(slog.DiscardHandler))
	if serr != nil {
		return printSetupError(io, c.json, question, serr)
	}
	req := agent.Request{Question: question, ModificationOptions: c.json}
	if !c.json && isTerminal(io.Stderr) {
		req.OnEvent = func(ev agent.Event) {
			fmt.Fprintf(io.Stderr, "\r\033[K%s… %s", ev.Node, ev.Decision)
		}
		defer fmt.Fprint(io.Stderr, "\r\033[K")
	}
	var resp *agent.Response
	var saveErr error
	if sessionID != "" {
		conv, err := startConversation(ctx, e.store, e.cfg, sessionID)
		if err != nil {
			return printSetupError(io, c.json, question, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "querent history lists the sessions"}})
		}
		resp, saveErr = conv.ask(ctx, a, req)
		if resp == nil {
			return printSetupError(io, c.json, question, &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: saveErr.Error()}})
		}
	} else {
		resp = a.Ask(ctx, req)
	}
	if req.OnEvent != nil {
		fmt.Fprint(io.Stderr, "\r\033[K")
	}
	if w := resp.Write; w != nil && resp.Error != nil && resp.Error.Code == agent.CodeNeedsConfirmation {
		// The planned change is previewed (rolled back) and applied only
		// when confirmed, exactly as querent sql does with a typed one.
		resp.Error = nil
		return runWrite(ctx, e, w.SQL, w.Params, confirm, confirmToken, c.json, resp, time.Now().Add(-time.Duration(resp.ElapsedMS)*time.Millisecond), nil, io)
	}
	return finishResponse(ctx, io, e, resp, c.json, saveErr, exportPath, exportFormat, chart)
}

// finishResponse prints a response, exports its full result when asked, and
// reports a session that could not be saved; it returns the exit code.
func finishResponse(ctx context.Context, io IO, e *env, resp *agent.Response, asJSON bool, saveErr error, exportPath, exportFormat string, chart bool) int {
	code := exitCode(resp.Error)
	if saveErr != nil {
		resp.Notes = append(resp.Notes, saveErr.Error())
		code = ExitFailure
	}
	if exportPath != "" && resp.Error == nil {
		n, err := exportQuery(ctx, e, resp.SQL, resp.Params, resp.Columns, exportPath, exportFormat)
		if err != nil {
			resp.Notes = append(resp.Notes, err.Error())
			code = ExitFailure
		} else {
			resp.Notes = append(resp.Notes, fmt.Sprintf("exported %d %s to %s", n, pluralWord(int(n), "row", "rows"), exportPath))
		}
	}
	if asJSON {
		if err := writeJSON(io.Stdout, resp); err != nil {
			fmt.Fprintf(io.Stderr, "querent: write output: %v\n", err)
			return ExitFailure
		}
		return code
	}
	printResponse(io, resp)
	if chart && resp.Error == nil {
		printChart(io, resp)
	}
	return code
}
