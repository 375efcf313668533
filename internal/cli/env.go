package cli

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"querent/internal/agent"
	"querent/internal/config"
	"querent/internal/database"
	"querent/internal/llm"
	"querent/internal/llm/providers"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/retrieve"
	"querent/internal/schema"
	"querent/internal/session"
	"querent/internal/wordnet"
)

// common holds the flags shared by the commands that open a database.
type common struct {
	db, config, llm, planner, today string
	json, refresh                   bool
}

func (c *common) register(fs *flag.FlagSet, withLLM bool) {
	fs.StringVar(&c.db, "db", "", "database: a SQLite file (demo.db) or DSN (sqlite:PATH); env QUERENT_DB")
	fs.StringVar(&c.config, "config", "", "config file (default: querent.yaml in the working directory, if present)")
	fs.BoolVar(&c.json, "json", false, "print one JSON object instead of text")
	fs.BoolVar(&c.refresh, "refresh", false, "read the schema from the database again instead of the schema cache")
	if withLLM {
		fs.StringVar(&c.llm, "llm", "", "LLM to use: openai:MODEL, ollama:MODEL or anthropic:MODEL, optionally @BASE_URL; env QUERENT_LLM")
		fs.StringVar(&c.planner, "planner", "", "auto (offline first, then the LLM), offline or llm; env QUERENT_PLANNER")
		fs.StringVar(&c.today, "today", "", "reference date for relative dates such as \"this year\" (YYYY-MM-DD); env QUERENT_TODAY")
	}
}

// env is an opened database with its configuration.
type env struct {
	cfg    config.Config
	db     database.Engine
	schema *schema.Schema
	model  llm.Model // nil without an LLM
	// embedder adds embeddings to schema retrieval; nil without one.
	embedder retrieve.Embedder
	// cacheStatus says where the schema came from (the cache, or the
	// database and why); empty when the cache is off.
	cacheStatus string
	// measures are the business context's metrics.
	measures []plan.Measure
	// store, when set, is the open session store (ask --session, chat).
	store session.Store
	// wordnet links words the schema lacks for the offline planner; nil
	// without a dictionary, and until newAgent builds that planner: the
	// commands that never plan do not depend on it. closeWordNet releases
	// it.
	wordnet      offline.Thesaurus
	closeWordNet func()
}

func (e *env) Close() {
	if e.db != nil {
		e.db.Close()
	}
	if e.store != nil {
		e.store.Close()
	}
	if e.closeWordNet != nil {
		e.closeWordNet()
	}
}

// setupError is a failure before any question is asked, with the exit code
// it deserves.
type setupError struct {
	code int
	err  *agent.Error
}

// loadConfig reads the config file and environment, then applies flags.
func loadConfig(c common, io IO) (config.Config, *setupError) {
	cfg, err := config.Load(c.config, io.Getenv)
	if err != nil {
		return cfg, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "configuration: " + err.Error(), Hint: "fix the setting named above in " + orDefault(c.config, config.DefaultFile) + " or the environment"}}
	}
	if c.db != "" {
		cfg.Database = c.db
	}
	if c.planner != "" {
		cfg.Planner = c.planner
	}
	if c.today != "" {
		cfg.Today = c.today
	}
	if err := cfg.Validate(); err != nil {
		return cfg, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "see querent <command> -h"}}
	}
	return cfg, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// open loads the configuration, opens and introspects the database, and
// builds the LLM when one is configured.
func open(ctx context.Context, c common, io IO, wantLLM bool) (*env, *setupError) {
	cfg, serr := loadConfig(c, io)
	if serr != nil {
		return nil, serr
	}
	if cfg.Database == "" {
		return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "no database given", Hint: "pass --db demo.db (create it with: querent demo --out demo.db) or set QUERENT_DB"}}
	}
	db, err := database.Open(ctx, cfg.Database)
	if err != nil {
		return nil, &setupError{ExitFailure, &agent.Error{Code: agent.CodeDatabase, Message: err.Error(), Hint: "check the --db path or DSN"}}
	}
	e := &env{cfg: cfg, db: db}
	e.schema, e.cacheStatus, err = loadSchema(ctx, cfg, db, c.refresh, io.Getenv)
	if err != nil {
		e.Close()
		return nil, &setupError{ExitFailure, &agent.Error{Code: agent.CodeDatabase, Message: "read the schema: " + err.Error(), Hint: "check that the database is readable; querent doctor checks it"}}
	}
	if mc := cfg.Context; mc != nil {
		// Business context that names what the database lacks is a
		// configuration error, shown in full before any question.
		if err := mc.Validate(e.schema); err != nil {
			e.Close()
			return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "business context: " + err.Error(), Hint: "fix the names in context (querent.yaml) or context_file; querent schema lists the real ones"}}
		}
		e.schema, _ = mc.Apply(e.schema)
		if e.measures, err = mc.Measures(e.schema); err != nil {
			e.Close()
			return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "business context metrics: " + err.Error(), Hint: "see the metric definition language in the README"}}
		}
	}
	if wantLLM {
		e.model, serr = buildModel(c, cfg, io)
		if serr == nil && e.model != nil {
			e.embedder, serr = buildEmbedder(c, cfg, io)
		}
		if serr != nil {
			e.Close()
			return nil, serr
		}
	}
	return e, nil
}

// buildEmbedder returns the embedding client for schema retrieval when
// llm.embedding_model is set: the LLM's own OpenAI-compatible server, asked
// for /embeddings with that model.
func buildEmbedder(c common, cfg config.Config, io IO) (retrieve.Embedder, *setupError) {
	if cfg.LLM.EmbeddingModel == "" {
		return nil, nil
	}
	pc, ok, err := llmConfig(c, cfg, io)
	if err != nil || !ok {
		return nil, nil // buildModel has reported it
	}
	pc.Model = cfg.LLM.EmbeddingModel
	m, err := providers.New(pc)
	if err != nil {
		return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "llm.embedding_model: " + err.Error()}}
	}
	emb, ok := m.(retrieve.Embedder)
	if !ok {
		return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: fmt.Sprintf("llm.embedding_model: the %s provider has no embeddings endpoint querent can use", pc.Provider), Hint: "use an OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp) for embeddings, or leave embedding_model empty"}}
	}
	return emb, nil
}

// llmConfig resolves which LLM to use: --llm, then QUERENT_LLM, then the
// config file. ok is false when none is configured.
func llmConfig(c common, cfg config.Config, io IO) (pc providers.Config, ok bool, err error) {
	spec := c.llm
	if spec == "" {
		spec = io.Getenv("QUERENT_LLM")
	}
	switch {
	case spec != "":
		pc, err = providers.ParseSpec(spec)
		if err != nil {
			return pc, false, err
		}
	case cfg.LLM.Provider != "":
		pc = providers.Config{Provider: strings.ToLower(cfg.LLM.Provider), Model: cfg.LLM.Model}
	default:
		return pc, false, nil
	}
	if pc.BaseURL == "" {
		pc.BaseURL = cfg.LLM.BaseURL
	}
	pc.APIKey = cfg.LLM.APIKey
	if pc.APIKey == "" {
		pc.APIKey, _ = providers.KeyFromEnv(pc, io.Getenv)
	}
	pc.Timeout = cfg.LLM.Timeout
	pc.MaxRetries = cfg.LLM.MaxRetries
	return pc, true, nil
}

func buildModel(c common, cfg config.Config, io IO) (llm.Model, *setupError) {
	pc, ok, err := llmConfig(c, cfg, io)
	if err != nil {
		return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "--llm: " + err.Error(), Hint: "use e.g. --llm ollama:llama3.1 or --llm openai:gpt-4o-mini"}}
	}
	if !ok {
		if cfg.Planner == "llm" {
			return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: "--planner llm needs an LLM", Hint: "pass --llm ollama:llama3.1 or set QUERENT_LLM"}}
		}
		return nil, nil
	}
	m, err := providers.New(pc)
	if err != nil {
		return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeLLM, Message: err.Error(), Hint: "querent doctor checks the LLM configuration"}}
	}
	return m, nil
}

// newAgent builds the agent for an opened environment. The offline
// planner, unless the LLM plans alone, links words through the WordNet
// dictionary the environment (io) chooses: one it names but cannot open
// stops the command before any question, rather than answering without
// the vocabulary it was told to use.
func (e *env) newAgent(io IO, log *slog.Logger) (*agent.Agent, *setupError) {
	tier, err := plan.ParseTier(e.cfg.PlannerComplexity)
	if err != nil {
		return nil, &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}}
	}
	today := e.cfg.TodayOr(time.Now())
	var off agent.OfflinePlanner
	if e.cfg.Planner != "llm" {
		if e.closeWordNet == nil {
			if e.wordnet, _, e.closeWordNet, err = openWordNet(io); err != nil {
				return nil, &setupError{ExitUsage, &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "set " + wordnet.EnvVar + " to a WordNet dict directory (index.noun, data.noun, ...) or to off"}}
			}
		}
		off = offline.New(e.schema, offline.Options{Today: today, Measures: e.measures, WordNet: e.wordnet})
	}
	a, err := agent.New(e.db, e.schema, e.model, off, agent.Config{
		MaxAttempts:       e.cfg.MaxAttempts,
		RowLimit:          e.cfg.RowLimit,
		StatementTimeout:  e.cfg.StatementTimeout,
		Planner:           e.cfg.Planner,
		Tier:              tier,
		TopTables:         e.cfg.TopTables,
		MaxLLMCalls:       e.cfg.MaxLLMCalls,
		Evaluate:          e.cfg.EnableEvaluation,
		Explain:           e.cfg.EnableExplanation,
		NoCalculator:      !e.cfg.EnableCalculator,
		RefineCount:       e.cfg.RefineCount,
		RawRowLimit:       e.cfg.RawRowLimit,
		Knowledge:         e.knowledge(),
		AllowWrites:       e.cfg.AllowWrites,
		LLMFilter:         e.cfg.LLMFilter,
		Embedder:          e.embedder,
		SchemaTokenBudget: e.cfg.SchemaTokenBudget,
	}, log)
	if err != nil {
		return nil, &setupError{ExitFailure, &agent.Error{Code: agent.CodeInternal, Message: err.Error()}}
	}
	return a, nil
}

func describeDB(dsn string) string { return fmt.Sprintf("%q", database.Redact(dsn)) }

// knowledge is the agent's source of rules and examples, or nil when there
// is neither business context nor a session store.
func (e *env) knowledge() agent.Knowledge {
	st := e.store
	if st == nil {
		st = existingStore(context.Background(), e.cfg.Sessions, e.cfg.Dir)
		e.store = st
	}
	if e.cfg.Context == nil && st == nil {
		return nil
	}
	return &knowledge{meta: e.cfg.Context, store: st, db: dbKey(e.cfg.Database)}
}

// sessionStore opens the session store (creating it when needed) and keeps
// it for the environment's life.
func (e *env) sessionStore(ctx context.Context) (session.Store, error) {
	if e.store != nil {
		return e.store, nil
	}
	st, err := openStore(ctx, e.cfg)
	if err != nil {
		return nil, err
	}
	e.store = st
	return st, nil
}
