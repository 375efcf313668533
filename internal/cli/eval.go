package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"querent/internal/agent"
	"querent/internal/eval"
	"querent/internal/plan"
	"querent/internal/wordnet"
)

// runEval measures answer accuracy on a Spider-format dataset. Its exit code
// says whether the run completed, never how accurate it was: 0 for any
// accuracy, 1 when it could not run, 2 for a wrong command line.
func runEval(ctx context.Context, args []string, io IO) int {
	fs := newFlags("eval", "eval --dataset FILE --db-dir DIR [--planner offline|llm|auto] [--limit N] [--field question|question_syn] [--parallel N] [--json] [--out REPORT] [--llm SPEC] [--today DATE] [--timeout DURATION]", io.Stderr)
	var (
		dataset, dbDir, planner, field, out, today string
		limit, parallel                            int
		timeout                                    time.Duration
		c                                          common
	)
	fs.StringVar(&dataset, "dataset", "", "Spider-format JSON file: a list of {db_id, question, query}")
	fs.StringVar(&dbDir, "db-dir", "", "folder holding each database as <db_id>/<db_id>.sqlite")
	// Offline by default, unlike ask: a run of thousands of questions must
	// never spend on an LLM because one happens to be configured.
	fs.StringVar(&planner, "planner", eval.PlannerOffline, "offline, llm, or auto (offline first, then the LLM)")
	fs.StringVar(&field, "field", eval.FieldQuestion, "question field to ask: question or question_syn (entries without it are skipped)")
	fs.IntVar(&limit, "limit", 0, "evaluate only the first N entries of the dataset (0: all)")
	fs.IntVar(&parallel, "parallel", 0, "questions evaluated at once (0: one per CPU)")
	fs.StringVar(&out, "out", "", "write one JSON line per question to this file, in dataset order")
	fs.StringVar(&today, "today", eval.DefaultToday.Format(time.DateOnly), "reference date for relative dates (YYYY-MM-DD); pinned so runs compare")
	fs.DurationVar(&timeout, "timeout", eval.DefaultTimeout, "time limit for each question's gold query and, separately, its answer")
	fs.BoolVar(&c.json, "json", false, "print the summary as one JSON object")
	fs.StringVar(&c.llm, "llm", "", "LLM for --planner llm or auto: openai:MODEL, ollama:MODEL or anthropic:MODEL, optionally @BASE_URL; env QUERENT_LLM")
	fs.StringVar(&c.config, "config", "", "config file for the LLM settings (default: querent.yaml in the working directory, if present)")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	switch {
	case len(pos) > 0:
		return usageError(io, fs, "unexpected argument %q", pos[0])
	case dataset == "":
		return usageError(io, fs, "no dataset given: pass --dataset FILE")
	case dbDir == "":
		return usageError(io, fs, "no database folder given: pass --db-dir DIR")
	case planner != eval.PlannerOffline && planner != eval.PlannerLLM && planner != eval.PlannerAuto:
		return usageError(io, fs, "--planner %q is not offline, llm or auto", planner)
	case field != eval.FieldQuestion && field != eval.FieldQuestionSyn:
		return usageError(io, fs, "--field %q is not question or question_syn", field)
	case limit < 0:
		return usageError(io, fs, "--limit %d is negative", limit)
	case parallel < 0:
		return usageError(io, fs, "--parallel %d is negative", parallel)
	case timeout <= 0:
		return usageError(io, fs, "--timeout must be positive")
	}
	day, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return usageError(io, fs, "--today %q is not a date like 2025-06-30", today)
	}

	ds, err := eval.Load(dataset, eval.LoadOptions{Field: field, Limit: limit})
	switch {
	case errors.Is(err, os.ErrNotExist):
		return usageError(io, fs, "no such dataset file %q", dataset)
	case err != nil:
		fmt.Fprintf(io.Stderr, "querent eval: read the dataset: %v\n", err)
		return ExitFailure
	}
	if st, err := os.Stat(dbDir); err != nil || !st.IsDir() {
		return usageError(io, fs, "--db-dir %q is not a folder", dbDir)
	}
	if code, ok := checkLayout(io, fs, dbDir, ds.Items); !ok {
		return code
	}

	opt := eval.Options{DBDir: dbDir, Planner: planner, Today: day, Parallel: parallel, Timeout: timeout}
	if planner != eval.PlannerLLM {
		// One line on stderr, so a figure can be traced to the dictionary
		// that linked its vocabulary (or to none).
		th, dir, closeWN, err := openWordNet(io)
		if err != nil {
			fmt.Fprintf(io.Stderr, "querent eval: %v\n", err)
			return ExitUsage
		}
		defer closeWN()
		if th != nil {
			fmt.Fprintf(io.Stderr, "querent eval: WordNet from %s links words the schemas lack\n", dir)
		} else {
			fmt.Fprintf(io.Stderr, "querent eval: no WordNet found (apt-get install wordnet-base, or set %s): words the schemas lack stay unknown\n", wordnet.EnvVar)
		}
		opt.WordNet = th
	}
	if planner != eval.PlannerOffline {
		if serr := evalModel(c, planner, io, &opt); serr != nil {
			printError(io.Stderr, serr.err)
			return serr.code
		}
	}

	var w *bufio.Writer
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			fmt.Fprintf(io.Stderr, "querent eval: %v\n", err)
			return ExitFailure
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		opt.OnRecord = func(r eval.Record) error { return enc.Encode(r) }
	}
	if isTerminal(io.Stderr) {
		p := &progressBar{w: io.Stderr}
		opt.Progress = p.update
		defer p.clear()
	}

	rep, err := eval.Run(ctx, ds, opt)
	if err == nil && w != nil {
		err = w.Flush()
	}
	if opt.Progress != nil {
		fmt.Fprint(io.Stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "querent eval: %v\n", err)
		return ExitFailure
	}
	if c.json {
		if err := writeJSON(io.Stdout, &rep.Summary); err != nil {
			fmt.Fprintf(io.Stderr, "querent: write output: %v\n", err)
			return ExitFailure
		}
		return ExitOK
	}
	printSummary(io.Stdout, &rep.Summary)
	return ExitOK
}

// checkLayout refuses a database folder that holds none of the dataset's
// databases (most likely the wrong folder, or one level off), naming the
// path it looked for; when only some are missing, it says which questions
// will be skipped.
func checkLayout(io IO, fs *flag.FlagSet, dir string, items []eval.Item) (int, bool) {
	missing := eval.MissingDatabases(dir, items)
	if len(missing) == 0 {
		return 0, true
	}
	isMissing := map[string]bool{}
	for _, id := range missing {
		isMissing[id] = true
	}
	ids := map[string]bool{}
	n, first := 0, ""
	for _, it := range items {
		ids[it.DBID] = true
		if isMissing[it.DBID] {
			n++
			if first == "" {
				first = it.DBID
			}
		}
	}
	// The path named is that of the first question, the one a user would
	// check first.
	if len(missing) == len(ids) {
		return usageError(io, fs, "no database of the dataset is in %q: there is no %s (the folder must hold <db_id>/<db_id>.sqlite)", dir, eval.DBPath(dir, first)), false
	}
	fmt.Fprintf(io.Stderr, "querent eval: skipping %d %s whose database is missing: no %s", n, pluralWord(n, "question", "questions"), eval.DBPath(dir, first))
	if len(missing) > 1 {
		fmt.Fprintf(io.Stderr, " (%d databases missing: %s)", len(missing), strings.Join(missing, ", "))
	}
	fmt.Fprintln(io.Stderr)
	return 0, true
}

// evalModel builds the LLM and the agent settings for --planner llm or auto
// from the usual configuration: --llm, QUERENT_LLM, then the config file.
func evalModel(c common, planner string, io IO, opt *eval.Options) *setupError {
	cfg, serr := loadConfig(common{config: c.config}, io)
	if serr != nil {
		return serr
	}
	cfg.Planner = planner
	model, serr := buildModel(c, cfg, io)
	if serr != nil {
		return serr
	}
	if model == nil && planner == eval.PlannerAuto {
		fmt.Fprintln(io.Stderr, "querent eval: no LLM configured: --planner auto runs the offline planner alone")
	}
	tier, err := plan.ParseTier(cfg.PlannerComplexity)
	if err != nil {
		return &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "planner_complexity: " + err.Error()}}
	}
	opt.Model = model
	opt.Agent = agent.Config{MaxAttempts: cfg.MaxAttempts, Tier: tier, TopTables: cfg.TopTables}
	return nil
}

// progressBar draws the run's progress on one terminal line.
type progressBar struct {
	w    io.Writer
	last time.Time
}

func (p *progressBar) update(done, total int, s *eval.Summary) {
	// A redraw per question would flood a slow terminal; ten a second is
	// smooth enough.
	if done < total && time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	const width = 30
	fill := width * done / max(total, 1)
	fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d  EX %.1f%%  precision %.1f%%  %.0fs",
		strings.Repeat("=", fill), strings.Repeat(" ", width-fill), done, total,
		100*s.EX, 100*s.Precision, s.ElapsedSeconds)
}

func (p *progressBar) clear() { fmt.Fprint(p.w, "\r\033[K") }

// printSummary writes the summary as a table: overall, then per hardness.
func printSummary(w io.Writer, s *eval.Summary) {
	fmt.Fprintf(w, "%d questions (field %s, planner %s, today %s) in %.1fs\n\n", s.Total, s.Field, s.Planner, s.Today, s.ElapsedSeconds)
	fmt.Fprintf(w, "%-8s %6s %9s %8s %6s %8s %7s %7s %10s %9s\n", "level", "total", "answered", "correct", "wrong", "refused", "errors", "EX", "precision", "coverage")
	// A ratio over nothing is shown as "-", not as 0%.
	pct := func(r float64, denom int) string {
		if denom == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*r)
	}
	row := func(name string, c *eval.Counts) {
		fmt.Fprintf(w, "%-8s %6d %9d %8d %6d %8d %7d %7s %10s %9s\n", name, c.Total, c.Answered, c.Correct, c.Wrong, c.Refused, c.Errors,
			pct(c.EX, c.Total), pct(c.Precision, c.Answered), pct(c.Coverage, c.Total))
	}
	row("overall", &s.Counts)
	for _, h := range eval.Hardnesses {
		row(string(h), s.ByHardness.Level(h))
	}
	fmt.Fprintf(w, "\ngold errors (not scored): %d\n", s.GoldErrors)
	fmt.Fprintf(w, "skipped: %d (%d without the %s field, %d without a database", s.Skipped, s.SkippedMissingField, s.Field, s.SkippedMissingDatabase)
	if len(s.MissingDatabases) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(s.MissingDatabases, ", "))
	}
	fmt.Fprintln(w, ")")
}
