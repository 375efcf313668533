package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/offline"
)

// Defaults for [Options].
const (
	// DefaultTimeout bounds each question's gold query and, separately, its
	// answer.
	DefaultTimeout = 30 * time.Second
	// DefaultMaxRows caps both results. Spider's largest gold results are a
	// few thousand rows; a gold result past the cap cannot be compared and
	// is a gold error.
	DefaultMaxRows = 100_000
)

// DefaultToday is the reference date evaluations pin relative dates to.
// Spider's questions have none ("last month" never occurs), so any fixed
// date works; a fixed one keeps runs comparable when a dataset does.
var DefaultToday = time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC)

// Planner settings, as for the agent.
const (
	PlannerOffline = "offline"
	PlannerLLM     = "llm"
	PlannerAuto    = "auto"
)

// Options configure a run.
type Options struct {
	// DBDir holds the databases, at [DBPath].
	DBDir string
	// Planner is PlannerOffline (the default), PlannerLLM or PlannerAuto.
	Planner string
	// Model is the LLM for PlannerLLM and PlannerAuto; PlannerAuto without
	// one is PlannerOffline.
	Model llm.Model
	// Agent is the agent's configuration; Run sets its Planner, RowLimit
	// (MaxRows) and StatementTimeout (Timeout).
	Agent agent.Config
	// Today pins relative dates; zero means DefaultToday.
	Today time.Time
	// WordNet is the offline planner's thesaurus (offline.Options); nil:
	// none.
	WordNet offline.Thesaurus
	// Parallel is the number of questions evaluated at once; zero or less
	// means GOMAXPROCS.
	Parallel int
	// Timeout bounds each question's gold query and its answer, separately;
	// zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRows caps each result; zero means DefaultMaxRows.
	MaxRows int
	// Log receives the agent's logs; nil discards them.
	Log *slog.Logger
	// Progress, when set, is called after each question with the number
	// done so far, the number to do and the summary so far, from one
	// goroutine; the summary must not be kept.
	Progress func(done, total int, s *Summary)
	// OnRecord, when set, receives each record in dataset order, from one
	// goroutine, as soon as it and every record before it are done.
	OnRecord func(Record) error
}

// Verdict is how one question scored.
type Verdict string

// Verdicts. Correct, Wrong, Refused and Error partition the scored
// questions; GoldError questions are not scored.
const (
	// Correct: the answer's result matches the gold result.
	Correct Verdict = "correct"
	// Wrong: the agent answered, with a different result.
	Wrong Verdict = "wrong"
	// Refused: the planner declined (cannot answer, or asked for
	// clarification). Never correct.
	Refused Verdict = "refused"
	// Error: the agent tried and failed (its query was invalid, failed or
	// timed out). Never correct, and not an answer either.
	Error Verdict = "error"
	// GoldError: the gold SQL failed, timed out or returned more than
	// MaxRows rows, so the question cannot be scored. It is left out of
	// every count but Summary.GoldErrors.
	GoldError Verdict = "gold_error"
)

// Record is the outcome of one question: one line of a report.
type Record struct {
	Index    int      `json:"index"`
	DBID     string   `json:"db_id"`
	Question string   `json:"question"`
	Gold     string   `json:"gold"`
	Hardness Hardness `json:"hardness"`
	// Predicted is the agent's SQL, with Params bound to its placeholders;
	// empty when it produced none.
	Predicted string  `json:"predicted"`
	Params    []any   `json:"params,omitempty"`
	Verdict   Verdict `json:"verdict"`
	// Reason is the refusal's reason, the error's message, how a wrong
	// result differs, or why the gold query failed.
	Reason string `json:"reason,omitempty"`
	// MS is the time the agent took to answer, in milliseconds, to the
	// microsecond: the offline planner often answers in well under one.
	MS float64 `json:"ms"`
}

// Counts are the scores of a set of questions. Total is Correct + Wrong +
// Refused + Errors; Answered is Correct + Wrong, the questions that got a
// result. The ratios are rounded to four decimals, and 0 when their
// denominator is.
type Counts struct {
	Total    int `json:"total"`
	Answered int `json:"answered"`
	Correct  int `json:"correct"`
	Wrong    int `json:"wrong"`
	Refused  int `json:"refused"`
	Errors   int `json:"errors"`
	// EX is execution accuracy: Correct / Total.
	EX float64 `json:"ex"`
	// Precision is Correct / Answered: how often an answer is right.
	Precision float64 `json:"precision"`
	// Coverage is Answered / Total.
	Coverage float64 `json:"coverage"`
}

// ByHardness holds Counts per Spider hardness level.
type ByHardness struct {
	Easy   Counts `json:"easy"`
	Medium Counts `json:"medium"`
	Hard   Counts `json:"hard"`
	Extra  Counts `json:"extra"`
}

// Level returns the counts of level h.
func (b *ByHardness) Level(h Hardness) *Counts {
	switch h {
	case Easy:
		return &b.Easy
	case Medium:
		return &b.Medium
	case Hard:
		return &b.Hard
	}
	return &b.Extra
}

// Summary is a run's result.
type Summary struct {
	Counts
	ByHardness ByHardness `json:"by_hardness"`
	// GoldErrors counts questions whose gold SQL could not be run; they are
	// in no other count.
	GoldErrors int `json:"gold_errors"`
	// Skipped counts dataset entries not run: SkippedMissingField (no
	// question in the chosen field) plus SkippedMissingDatabase (no
	// database file, listed in MissingDatabases).
	Skipped                int      `json:"skipped"`
	SkippedMissingField    int      `json:"skipped_missing_field"`
	SkippedMissingDatabase int      `json:"skipped_missing_database"`
	MissingDatabases       []string `json:"missing_databases"`
	ElapsedSeconds         float64  `json:"elapsed_seconds"`
	Field                  string   `json:"field"`
	Planner                string   `json:"planner"`
	Today                  string   `json:"today"`
	Parallel               int      `json:"parallel"`
}

// Report is a run's summary and every question's record, in dataset order.
type Report struct {
	Summary Summary
	Records []Record
}

// add counts one record.
func (s *Summary) add(r Record) {
	if r.Verdict == GoldError {
		s.GoldErrors++
		return
	}
	s.Counts.add(r.Verdict)
	s.ByHardness.Level(r.Hardness).add(r.Verdict)
}

func (c *Counts) add(v Verdict) {
	c.Total++
	switch v {
	case Correct:
		c.Correct++
		c.Answered++
	case Wrong:
		c.Wrong++
		c.Answered++
	case Refused:
		c.Refused++
	default:
		c.Errors++
	}
	c.EX = ratio(c.Correct, c.Total)
	c.Precision = ratio(c.Correct, c.Answered)
	c.Coverage = ratio(c.Answered, c.Total)
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return math.Round(float64(n)/float64(d)*1e4) / 1e4
}

// Run evaluates every item of ds whose database exists and returns the
// report. Questions run Parallel at a time; each database is opened,
// introspected and given its planner once, when its first question comes,
// and closed after its last. A failure of one question is a verdict; Run
// fails only when it cannot evaluate at all: bad options, a database that
// will not open or introspect, a failing OnRecord, or ctx ending.
func Run(ctx context.Context, ds *Dataset, opt Options) (*Report, error) {
	start := time.Now()
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	missing := MissingDatabases(opt.DBDir, ds.Items)
	isMissing := map[string]bool{}
	for _, id := range missing {
		isMissing[id] = true
	}
	rep := &Report{Summary: Summary{
		SkippedMissingField: ds.MissingField,
		MissingDatabases:    missing,
		Field:               ds.Field,
		Planner:             opt.Planner,
		Today:               opt.Today.Format(time.DateOnly),
		Parallel:            opt.Parallel,
	}}
	if rep.Summary.MissingDatabases == nil {
		rep.Summary.MissingDatabases = []string{}
	}
	var items []Item
	dbs := map[string]*dbState{}
	for _, it := range ds.Items {
		if isMissing[it.DBID] {
			rep.Summary.SkippedMissingDatabase++
			continue
		}
		items = append(items, it)
		st := dbs[it.DBID]
		if st == nil {
			st = &dbState{path: DBPath(opt.DBDir, it.DBID)}
			dbs[it.DBID] = st
		}
		st.remaining.Add(1)
	}
	rep.Summary.Skipped = rep.Summary.SkippedMissingField + rep.Summary.SkippedMissingDatabase
	rep.Records = make([]Record, len(items))

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for range min(opt.Parallel, max(len(items), 1)) {
		wg.Go(func() {
			for i := range jobs {
				it := items[i]
				st := dbs[it.DBID]
				if err := st.open(ctx, &opt); err != nil {
					cancel(err)
				} else {
					rep.Records[i] = evaluate(ctx, st, it, &opt)
				}
				st.release()
				done <- i
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range items {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()

	// Collect in this goroutine: counts, progress, and records flushed in
	// dataset order as soon as the ones before them are done.
	finished := make([]bool, len(items))
	next, count := 0, 0
	for i := range done {
		if ctx.Err() != nil {
			continue
		}
		finished[i] = true
		count++
		rep.Summary.add(rep.Records[i])
		for next < len(items) && finished[next] && ctx.Err() == nil {
			if opt.OnRecord != nil {
				if err := opt.OnRecord(rep.Records[next]); err != nil {
					cancel(fmt.Errorf("write record: %w", err))
				}
			}
			next++
		}
		if opt.Progress != nil {
			rep.Summary.ElapsedSeconds = time.Since(start).Seconds()
			opt.Progress(count, len(items), &rep.Summary)
		}
	}
	for _, st := range dbs {
		st.close()
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	rep.Summary.ElapsedSeconds = math.Round(time.Since(start).Seconds()*100) / 100
	return rep, nil
}

func (o *Options) defaults() error {
	switch o.Planner {
	case "":
		o.Planner = PlannerOffline
	case PlannerOffline, PlannerLLM, PlannerAuto:
	default:
		return fmt.Errorf("unknown planner %q: use %s, %s or %s", o.Planner, PlannerOffline, PlannerLLM, PlannerAuto)
	}
	if o.Planner == PlannerAuto && o.Model == nil {
		o.Planner = PlannerOffline
	}
	if o.Planner == PlannerLLM && o.Model == nil {
		return errors.New("the llm planner needs an LLM")
	}
	if o.Planner == PlannerOffline {
		// The offline planner alone: an LLM given anyway is never called.
		o.Model = nil
	}
	if o.Today.IsZero() {
		o.Today = DefaultToday
	}
	if o.Parallel <= 0 {
		o.Parallel = runtime.GOMAXPROCS(0)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxRows <= 0 {
		o.MaxRows = DefaultMaxRows
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	o.Agent.Planner = o.Planner
	o.Agent.RowLimit = o.MaxRows
	o.Agent.StatementTimeout = o.Timeout
	return nil
}

// dbState is one database of the run, shared by the questions on it.
type dbState struct {
	path string
	// remaining counts the questions not yet evaluated; the last one closes
	// the database, so a run over many databases holds few open at once.
	remaining atomic.Int64

	once  sync.Once
	err   error
	db    database.Engine
	agent *agent.Agent

	mu     sync.Mutex
	closed bool
}

// open opens the database, introspects it and builds its agent, once.
func (st *dbState) open(ctx context.Context, opt *Options) error {
	st.once.Do(func() {
		db, err := database.Open(ctx, "sqlite:"+st.path)
		if err != nil {
			st.err = fmt.Errorf("open %s: %w", st.path, err)
			return
		}
		// The schema as `querent ask` reads it (value lists, inferred
		// keys), so the figures are what users get.
		s, err := database.Describe(ctx, db, database.DescribeOptions{InferForeignKeys: true})
		if err != nil {
			db.Close()
			st.err = fmt.Errorf("read the schema of %s: %w", st.path, err)
			return
		}
		var off agent.OfflinePlanner
		if opt.Planner != PlannerLLM {
			off = offline.New(s, offline.Options{Today: opt.Today, WordNet: opt.WordNet})
		}
		a, err := agent.New(db, s, opt.Model, off, opt.Agent, opt.Log.With("db", st.path))
		if err != nil {
			db.Close()
			st.err = fmt.Errorf("build the agent for %s: %w", st.path, err)
			return
		}
		st.db, st.agent = db, a
	})
	return st.err
}

// release marks one question done, closing the database after the last.
func (st *dbState) release() {
	if st.remaining.Add(-1) == 0 {
		st.close()
	}
}

func (st *dbState) close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.db != nil && !st.closed {
		st.db.Close()
	}
	st.closed = true
}

// evaluate runs one question: the gold SQL, then the agent, then the match.
func evaluate(ctx context.Context, st *dbState, it Item, opt *Options) Record {
	rec := Record{Index: it.Index, DBID: it.DBID, Question: it.Question, Gold: it.Gold, Hardness: HardnessOf(it.Gold)}

	gctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	gold, err := st.db.Query(gctx, it.Gold, nil, database.Limits{MaxRows: opt.MaxRows, Timeout: opt.Timeout})
	cancel()
	switch {
	case err != nil:
		rec.Verdict, rec.Reason = GoldError, "gold query failed: "+err.Error()
		return rec
	case gold.Truncated:
		rec.Verdict, rec.Reason = GoldError, fmt.Sprintf("gold result has more than %d rows", opt.MaxRows)
		return rec
	}

	actx, cancel := context.WithTimeout(ctx, opt.Timeout)
	start := time.Now()
	resp := st.agent.Ask(actx, agent.Request{Question: it.Question})
	rec.MS = float64(time.Since(start).Microseconds()) / 1000
	cancel()
	rec.Predicted = resp.SQL
	if len(resp.Params) > 0 {
		rec.Params = resp.Params
	}
	if e := resp.Error; e != nil {
		rec.Reason = e.Message
		switch e.Code {
		case agent.CodeCannotAnswer, agent.CodeNeedsClarification:
			rec.Verdict = Refused
		default:
			rec.Verdict, rec.Reason = Error, string(e.Code)+": "+e.Message
		}
		return rec
	}
	if resp.Truncated {
		// More rows than the cap, which the gold result is within.
		rec.Verdict, rec.Reason = Wrong, fmt.Sprintf("more than %d rows, gold has %d", opt.MaxRows, len(gold.Rows))
		return rec
	}
	pred := &database.Result{Columns: resp.Columns, Rows: resp.Rows}
	if ok, why := Match(gold, pred, HasTopLevelOrderBy(it.Gold)); ok {
		rec.Verdict = Correct
	} else {
		rec.Verdict, rec.Reason = Wrong, why
	}
	return rec
}
