package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"querent/internal/agent"
	"querent/internal/plan"
)

const chatHelp = `Ask a question in plain language; follow-ups ("and in 2024?", "only cancelled ones",
"by country") change the last answer. Commands:
  /sql            the last answer's SQL and parameters
  /plan           the last answer's plan (JSON)
  /patch JSON     change the last answer: {"op":"modify_limit","limit":3} (see the README)
  /export FILE    write the last answer's full result to FILE (.csv, .json, .md, .xlsx)
  /chart          draw the last answer as a bar chart
  /undo           forget the last turn
  /good [note]    the last answer was right (kept as an example for similar questions)
  /bad [note]     the last answer was wrong
  /history        this conversation so far
  /help           this text
  /quit           leave (Ctrl-D too)`

// runChat is the interactive conversation: one question per line, with the
// session kept in the store so it survives the process.
func runChat(ctx context.Context, args []string, io IO) int {
	fs := newFlags("chat", `chat --db DSN [--llm SPEC] [--session ID]`, io.Stderr)
	var c common
	c.register(fs, true)
	var sessionID string
	fs.StringVar(&sessionID, "session", "", "continue this session (default: start a new one)")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return usageError(io, fs, "unexpected argument %q: chat reads questions from its input", pos[0])
	}
	e, serr := open(ctx, c, io, true)
	if serr != nil {
		return printSetupError(io, false, "", serr)
	}
	defer e.Close()
	st, err := e.sessionStore(ctx)
	if err != nil {
		return printSetupError(io, false, "", &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error(), Hint: "set sessions: in querent.yaml to a writable path"}})
	}
	a, serr := e.newAgent(io, slog.New(slog.DiscardHandler))
	if serr != nil {
		return printSetupError(io, false, "", serr)
	}
	conv, err := startConversation(ctx, st, e.cfg, sessionID)
	if err != nil {
		return printSetupError(io, false, "", &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "querent history lists the sessions"}})
	}
	ch := &chat{io: io, env: e, agent: a, conv: conv, interactive: isTerminalReader(io.Stdin)}
	planner := "offline planner only"
	if e.model != nil {
		planner = e.model.Name()
	}
	fmt.Fprintf(io.Stdout, "querent chat: session %s over %s (%s). /help for commands, /quit to leave.\n", conv.sess.ID, describeDB(e.cfg.Database), planner)
	return ch.loop(ctx)
}

// chat is the REPL's state: the conversation and the last response shown.
type chat struct {
	io          IO
	env         *env
	agent       *agent.Agent
	conv        *conversation
	last        *agent.Response
	interactive bool
}

func (ch *chat) loop(ctx context.Context) int {
	in := bufio.NewScanner(ch.io.Stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	for {
		if ch.interactive {
			fmt.Fprint(ch.io.Stdout, "\n> ")
		}
		if !in.Scan() {
			break
		}
		if err := ctx.Err(); err != nil {
			break
		}
		line := strings.TrimSpace(in.Text())
		switch {
		case line == "":
			continue
		case line == "/quit" || line == "/exit" || line == "/q":
			return ExitOK
		case strings.HasPrefix(line, "/"):
			ch.command(ctx, line)
		default:
			ch.ask(ctx, agent.Request{Question: line})
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintf(ch.io.Stderr, "querent chat: read input: %v\n", err)
		return ExitFailure
	}
	return ExitOK
}

func (ch *chat) ask(ctx context.Context, req agent.Request) {
	if ch.interactive {
		req.OnEvent = func(ev agent.Event) {
			fmt.Fprintf(ch.io.Stderr, "\r\033[K%s… %s", ev.Node, ev.Decision)
		}
	}
	resp, err := ch.conv.ask(ctx, ch.agent, req)
	if ch.interactive {
		fmt.Fprint(ch.io.Stderr, "\r\033[K")
	}
	if resp == nil {
		fmt.Fprintf(ch.io.Stdout, "error: %v\n", err)
		return
	}
	if err != nil {
		resp.Notes = append(resp.Notes, err.Error())
	}
	printResponse(ch.io, resp)
	if resp.Error == nil {
		ch.last = resp
	}
}

func (ch *chat) command(ctx context.Context, line string) {
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	out := ch.io.Stdout
	needLast := func() bool {
		if ch.last == nil {
			if t, err := ch.conv.lastAnswer(ctx); err == nil {
				fmt.Fprintf(out, "(the last answer in this session is turn %d; ask again or /patch it to show it here)\n", t.N)
			} else {
				fmt.Fprintln(out, "Ask a question first.")
			}
			return false
		}
		return true
	}
	switch name {
	case "/help", "/?":
		fmt.Fprintln(out, chatHelp)
	case "/sql":
		if needLast() {
			fmt.Fprintln(out, ch.last.SQL)
			if len(ch.last.Params) > 0 {
				b, _ := json.Marshal(ch.last.Params)
				fmt.Fprintf(out, "parameters: %s\n", b)
			}
		}
	case "/plan":
		if needLast() {
			if ch.last.Plan == nil {
				fmt.Fprintln(out, "This answer came from raw SQL; it has no plan.")
				return
			}
			b, _ := json.MarshalIndent(ch.last.Plan, "", "  ")
			fmt.Fprintln(out, string(b))
		}
	case "/patch":
		if arg == "" {
			fmt.Fprintln(out, `usage: /patch {"op":"modify_limit","limit":3}`)
			return
		}
		ops, err := plan.DecodePatchOps([]byte(arg))
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			return
		}
		ch.ask(ctx, agent.Request{Patch: ops})
	case "/export":
		if arg == "" {
			fmt.Fprintln(out, "usage: /export FILE  (.csv, .json, .md or .xlsx)")
			return
		}
		if needLast() {
			n, err := exportQuery(ctx, ch.env, ch.last.SQL, ch.last.Params, ch.last.Columns, arg, "")
			if err != nil {
				fmt.Fprintf(out, "error: %v\n", err)
				return
			}
			fmt.Fprintf(out, "Exported %d %s to %s.\n", n, pluralWord(int(n), "row", "rows"), arg)
		}
	case "/chart":
		if needLast() {
			printChart(ch.io, ch.last)
		}
	case "/undo":
		if err := ch.conv.store.Undo(ctx, ch.conv.sess.ID); err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			return
		}
		ch.last = nil
		fmt.Fprintln(out, "Forgot the last turn.")
	case "/good", "/bad":
		vote := 1
		if name == "/bad" {
			vote = -1
		}
		n, err := rate(ctx, ch.conv.store, ch.conv.sess.ID, 0, vote, arg)
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			return
		}
		if vote > 0 {
			fmt.Fprintf(out, "Thanks: turn %d is kept as an example for similar questions.\n", n)
		} else {
			fmt.Fprintf(out, "Noted on turn %d.\n", n)
		}
	case "/history":
		turns, err := ch.conv.store.Turns(ctx, ch.conv.sess.ID)
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
			return
		}
		printTurns(ch.io, ch.conv.sess, turns)
	default:
		fmt.Fprintf(out, "unknown command %s; /help lists them\n", name)
	}
}

// isTerminalReader reports whether r is an interactive terminal, so the REPL
// prints prompts and progress only for people, not for piped input.
func isTerminalReader(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
