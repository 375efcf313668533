// Package cli is querent's command line: one file per subcommand, each with
// its own flag set. Run never exits the process, so every command is testable
// in-process.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	// Engines register themselves.
	_ "querent/internal/database/duckdb"
	_ "querent/internal/database/mysql"
	_ "querent/internal/database/postgres"
	_ "querent/internal/database/sqlite"
	_ "querent/internal/database/sqlserver"
)

// Exit codes, documented in the README.
const (
	ExitOK       = 0 // answered
	ExitFailure  = 1 // something failed
	ExitUsage    = 2 // the command line is wrong
	ExitDeclined = 3 // needs clarification, or cannot answer
	ExitRefused  = 4 // refused by the guard
)

// IO is where a command reads and writes.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, io IO) int
}

func commands() []command {
	return []command{
		{"ask", "answer a question in plain language", runAsk},
		{"sql", "run a read-only SQL query through the guard", runSQL},
		{"chat", "converse with a database: follow-ups, /sql, /plan, /export, /undo", runChat},
		{"history", "list sessions, or the turns of one", runHistory},
		{"patch", "change the last answer of a session (columns, filters, order, limit) with no LLM", runPatch},
		{"feedback", "rate an answer; a thumbs-up keeps it as an example", runFeedback},
		{"schema", "show the database's tables, columns and keys", runSchema},
		{"demo", "create the demo database", runDemo},
		{"doctor", "check the configuration: database, LLM, model, structured output", runDoctor},
		{"eval", "measure answer accuracy on a Spider-format dataset", runEval},
		{"version", "print the version", runVersion},
	}
}

// Version is set at build time with -ldflags "-X querent/internal/cli.Version=...".
var Version = "dev"

// Run executes the command line args (without the program name) and returns
// the process exit code.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunEnv(ctx, args, stdin, stdout, stderr, os.Getenv)
}

// RunEnv is Run with the environment read through getenv, so tests control
// every setting.
func RunEnv(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return run(ctx, args, IO{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: getenv})
}

func run(ctx context.Context, args []string, io IO) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(io.Stderr)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], io)
		}
	}
	fmt.Fprintf(io.Stderr, "querent: unknown command %q\n\n", args[0])
	usage(io.Stderr)
	return ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "querent answers questions in plain language over SQL databases, read-only.")
	fmt.Fprintln(w, "\nUsage: querent <command> [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'querent <command> -h' for a command's flags.")
	fmt.Fprintln(w, `Example: querent demo --out demo.db && querent ask --db demo.db "How many customers are there?"`)
}

// newFlags returns a flag set that reports errors to stderr without exiting.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: querent %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags, allowing them after positional arguments too
// (querent ask "question" --json), and returns the positional arguments.
// ok is false when the process should exit with code.
func parse(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ExitOK, false
			}
			return nil, ExitUsage, false
		}
		rest = fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), 0, true
		}
		pos = append(pos, rest[0])
		rest = rest[1:]
	}
}

func usageError(io IO, fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(io.Stderr, "querent %s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
	return ExitUsage
}

func runVersion(ctx context.Context, args []string, io IO) int {
	fmt.Fprintln(io.Stdout, "querent", Version)
	return ExitOK
}

// isTerminal reports whether w is a terminal, for progress output.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
