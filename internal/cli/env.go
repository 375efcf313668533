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
	"querent/internal/schema"
)

// common holds the flags shared by the commands that open a database.
type common struct {
	db, config, llm, planner, today string
	json                            bool
}

func (c *common) register(fs *flag.FlagSet, withLLM bool) {
	fs.StringVar(&c.db, "db", "", "database: a SQLite file (demo.db) or DSN (sqlite:PATH); env QUERENT_DB")
	fs.StringVar(&c.config, "config", "", "config file (default: querent.yaml in the working directory, if present)")
	fs.BoolVar(&c.json, "json", false, "print one JSON object instead of text")
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
}

func (e *env) Close() {
	if e.db != nil {
		e.db.Close()
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
	e.schema, err = db.Introspect(ctx)
	if err != nil {
		e.Close()
		return nil, &setupError{ExitFailure, &agent.Error{Code: agent.CodeDatabase, Message: "read the schema: " + err.Error(), Hint: "check that the database is readable; querent doctor checks it"}}
	}
	if wantLLM {
		e.model, serr = buildModel(c, cfg, io)
		if serr != nil {
			e.Close()
			return nil, serr
		}
	}
	return e, nil
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

// newAgent builds the agent for an opened environment.
func (e *env) newAgent(log *slog.Logger) (*agent.Agent, error) {
	tier, err := plan.ParseTier(e.cfg.PlannerComplexity)
	if err != nil {
		return nil, err
	}
	today := e.cfg.TodayOr(time.Now())
	var off agent.OfflinePlanner
	if e.cfg.Planner != "llm" {
		off = offline.New(e.schema, offline.Options{Today: today})
	}
	return agent.New(e.db, e.schema, e.model, off, agent.Config{
		MaxAttempts:      e.cfg.MaxAttempts,
		RowLimit:         e.cfg.RowLimit,
		StatementTimeout: e.cfg.StatementTimeout,
		Planner:          e.cfg.Planner,
		Tier:             tier,
		TopTables:        e.cfg.TopTables,
	}, log)
}

func describeDB(dsn string) string { return fmt.Sprintf("%q", database.Redact(dsn)) }
