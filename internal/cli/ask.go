package cli

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"querent/internal/agent"
)

func runAsk(ctx context.Context, args []string, io IO) int {
	fs := newFlags("ask", `ask --db DSN [--json] [--llm SPEC] "question"`, io.Stderr)
	var c common
	c.register(fs, true)
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
	a, err := e.newAgent(slog.New(slog.DiscardHandler))
	if err != nil {
		return printSetupError(io, c.json, question, &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}})
	}
	req := agent.Request{Question: question}
	if !c.json && isTerminal(io.Stderr) {
		req.OnEvent = func(ev agent.Event) {
			fmt.Fprintf(io.Stderr, "\r\033[K%s… %s", ev.Node, ev.Decision)
		}
		defer fmt.Fprint(io.Stderr, "\r\033[K")
	}
	resp := a.Ask(ctx, req)
	if c.json {
		if err := writeJSON(io.Stdout, resp); err != nil {
			fmt.Fprintf(io.Stderr, "querent: write output: %v\n", err)
			return ExitFailure
		}
	} else {
		if req.OnEvent != nil {
			fmt.Fprint(io.Stderr, "\r\033[K")
		}
		printResponse(io, resp)
	}
	return exitCode(resp.Error)
}
