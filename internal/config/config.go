// Package config holds querent's settings: a typed struct with defaults, read
// from querent.yaml (or --config) and then from QUERENT_* environment
// variables, with secrets taken only from the environment or from files.
package config

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"querent/internal/metadata"
	"querent/internal/plan"
)

// Config is every setting querent has. Field names follow the seed documents'
// keys so existing configurations carry over.
type Config struct {
	// Database is the DSN or path of the database to query.
	Database string `yaml:"database"`
	LLM      LLM    `yaml:"llm"`
	// Planner is auto (offline first, LLM when it declines), offline or llm.
	Planner string `yaml:"planner"`
	// MaxAttempts bounds plan → execute attempts per question.
	MaxAttempts int `yaml:"max_attempts"`
	// RowLimit caps the rows returned for one answer.
	RowLimit int `yaml:"row_limit"`
	// RawRowLimit caps the records returned behind an aggregate.
	RawRowLimit int `yaml:"raw_row_limit"`
	// StatementTimeout bounds one query's execution.
	StatementTimeout time.Duration `yaml:"statement_timeout"`
	// AllowWrites lets `querent sql` propose and, on explicit confirmation,
	// apply INSERT, UPDATE and DELETE statements on this database. Off by
	// default, and read only from the config file: enabling writes is an
	// administrator's decision, not something a flag or an environment
	// variable (easy for any user to set) can do.
	AllowWrites bool `yaml:"allow_writes"`
	// AuditLog is the JSON Lines file every write preview, apply and refusal
	// is appended to; relative paths are relative to the config file's folder.
	AuditLog         string `yaml:"audit_log"`
	EnableEvaluation bool   `yaml:"enable_evaluation"`
	// EnableExplanation asks the LLM, when there is one, for a short prose
	// answer (one more call per question).
	EnableExplanation bool `yaml:"enable_explanation"`
	// MaxLLMCalls caps the LLM calls one question may make.
	MaxLLMCalls int `yaml:"max_llm_calls"`
	// Sessions is where conversations are kept: a SQLite file path or a
	// postgres:// URL; empty means .querent/sessions.db beside the config.
	Sessions string `yaml:"sessions"`
	// Context is business context written inline (descriptions, synonyms,
	// metrics, rules, examples); ContextFile names a file holding it
	// instead, relative to the config file's folder. Not both.
	Context     *metadata.Context `yaml:"context"`
	ContextFile string            `yaml:"context_file"`
	// SchemaCache is the folder introspected schemas are cached in, or
	// "off"; empty means the user's cache folder.
	SchemaCache string `yaml:"schema_cache"`
	// SchemaSection is the nested spelling of the schema settings
	// (schema.top_tables, schema.llm_filter, …) that issue texts and some
	// configurations use; Load copies what it sets onto the flat keys.
	SchemaSection *SchemaSettings `yaml:"schema"`
	// Dir is the folder of the config file (the working directory when
	// there is none): relative paths in the file, and querent's own files,
	// live there.
	Dir               string `yaml:"-"`
	EnableCalculator  bool   `yaml:"enable_calculator"`
	RetryCount        int    `yaml:"retry_count"`
	RefineCount       int    `yaml:"refine_count"`
	PlannerComplexity string `yaml:"planner_complexity"`
	InferForeignKeys  bool   `yaml:"infer_foreign_keys"`
	TopTables         int    `yaml:"top_tables"`
	// LLMFilter lets the LLM drop irrelevant candidate tables (one call)
	// when retrieval finds more than top_tables.
	LLMFilter bool `yaml:"llm_filter"`
	// SchemaTokenBudget caps the schema tokens in the LLM's prompt (0: none).
	SchemaTokenBudget int `yaml:"schema_token_budget"`
	// Today pins the reference date for relative dates (YYYY-MM-DD); empty
	// means the current date.
	Today string `yaml:"today"`
}

// LLM configures the model. The API key never comes from the file itself:
// use api_key_file, ${ENV} expansion, or the environment.
type LLM struct {
	// Provider is openai (any OpenAI-compatible server), ollama or anthropic;
	// empty means no LLM.
	Provider string `yaml:"provider"`
	Model    string `yaml:"model"`
	BaseURL  string `yaml:"base_url"`
	// APIKey may only be a ${VAR} reference in the file.
	APIKey     string        `yaml:"api_key"`
	APIKeyFile string        `yaml:"api_key_file"`
	Timeout    time.Duration `yaml:"timeout"`
	// MaxRetries bounds retries of rate-limited or unavailable calls.
	MaxRetries int `yaml:"max_retries"`
	// EmbeddingModel, when set, adds embedding similarity to schema
	// retrieval through the same OpenAI-compatible server's /embeddings.
	EmbeddingModel string `yaml:"embedding_model"`
}

// Default returns the settings used when nothing is configured.
func Default() Config {
	return Config{
		Planner:           "auto",
		MaxAttempts:       3,
		RowLimit:          500,
		RawRowLimit:       200,
		StatementTimeout:  30 * time.Second,
		EnableCalculator:  true,
		EnableExplanation: true,
		MaxLLMCalls:       10,
		RetryCount:        3,
		RefineCount:       2,
		PlannerComplexity: "full",
		InferForeignKeys:  true,
		TopTables:         8,
		LLM:               LLM{Timeout: 120 * time.Second, MaxRetries: 2},
		AuditLog:          DefaultAuditLog,
	}
}

// SchemaSettings is the `schema:` block; each key means what the flat key of
// the same name does, and setting both is an error.
type SchemaSettings struct {
	TopTables        *int    `yaml:"top_tables"`
	LLMFilter        *bool   `yaml:"llm_filter"`
	InferForeignKeys *bool   `yaml:"infer_foreign_keys"`
	TokenBudget      *int    `yaml:"token_budget"`
	Cache            *string `yaml:"cache"`
}

// applySchemaSection copies the schema: block onto the flat settings,
// refusing a setting given both ways (which one wins would be a guess).
func (c *Config) applySchemaSection(data []byte) error {
	sec := c.SchemaSection
	if sec == nil {
		return nil
	}
	var flat map[string]any
	if err := yaml.Unmarshal(data, &flat); err != nil {
		return err
	}
	both := func(flatKey, nested string) error {
		if _, ok := flat[flatKey]; ok {
			return fmt.Errorf("%s and schema.%s are both set: keep one", flatKey, nested)
		}
		return nil
	}
	for _, f := range []struct {
		set          bool
		flat, nested string
		apply        func()
	}{
		{sec.TopTables != nil, "top_tables", "top_tables", func() { c.TopTables = *sec.TopTables }},
		{sec.LLMFilter != nil, "llm_filter", "llm_filter", func() { c.LLMFilter = *sec.LLMFilter }},
		{sec.InferForeignKeys != nil, "infer_foreign_keys", "infer_foreign_keys", func() { c.InferForeignKeys = *sec.InferForeignKeys }},
		{sec.TokenBudget != nil, "schema_token_budget", "token_budget", func() { c.SchemaTokenBudget = *sec.TokenBudget }},
		{sec.Cache != nil, "schema_cache", "cache", func() { c.SchemaCache = *sec.Cache }},
	} {
		if !f.set {
			continue
		}
		if err := both(f.flat, f.nested); err != nil {
			return err
		}
		f.apply()
	}
	return nil
}

// DefaultAuditLog is the audit log's path relative to the config file.
const DefaultAuditLog = ".querent/audit.jsonl"

// DefaultFile is the config file looked for in the working directory.
const DefaultFile = "querent.yaml"

// Load reads the file at path over the defaults (path "" looks for
// querent.yaml in the working directory and is fine when absent), then
// applies the environment, then validates.
func Load(path string, getenv func(string) string) (Config, error) {
	cfg := Default()
	explicit := path != ""
	if !explicit {
		path = DefaultFile
	}
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := decode(data, &cfg); err != nil {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
		if err := cfg.applySchemaSection(data); err != nil {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
	case errors.Is(err, os.ErrNotExist) && !explicit:
	default:
		return cfg, fmt.Errorf("read config: %w", err)
	}
	cfg.Dir = filepath.Dir(path)
	if cfg.ContextFile != "" {
		if cfg.Context != nil {
			return cfg, fmt.Errorf("config %s: context and context_file are both set: keep the business context in one place", path)
		}
		f := cfg.ContextFile
		if !filepath.IsAbs(f) {
			f = filepath.Join(cfg.Dir, f)
		}
		mc, err := metadata.Load(f)
		if err != nil {
			return cfg, fmt.Errorf("context_file: %w", err)
		}
		cfg.Context = mc
	}
	if cfg.AuditLog != "" && !filepath.IsAbs(cfg.AuditLog) {
		cfg.AuditLog = filepath.Join(filepath.Dir(path), cfg.AuditLog)
	}
	if getenv("QUERENT_ALLOW_WRITES") != "" {
		return cfg, errors.New("environment variable QUERENT_ALLOW_WRITES is not read: writes are enabled only by an administrator, with allow_writes: true in the config file; unset it")
	}
	if err := applyEnv(&cfg, getenv); err != nil {
		return cfg, err
	}
	if err := cfg.resolveSecrets(getenv, filepath.Dir(path)); err != nil {
		return cfg, err
	}
	return cfg, cfg.Validate()
}

var envRef = regexp.MustCompile(`^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$`)

func decode(data []byte, cfg *Config) error {
	var probe struct {
		LLM struct {
			APIKey string `yaml:"api_key"`
		} `yaml:"llm"`
	}
	if err := yaml.Unmarshal(data, &probe); err != nil {
		return err
	}
	if k := probe.LLM.APIKey; k != "" && !envRef.MatchString(k) {
		return errors.New("llm.api_key holds a literal key: secrets are never stored in the config file; write api_key: ${OPENAI_API_KEY} or set api_key_file")
	}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	// An empty document decodes to io.EOF: no settings, not an error.
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// env lists the environment variable for each setting.
var env = []struct {
	name string
	set  func(*Config, string) error
}{
	{"QUERENT_DB", func(c *Config, v string) error { c.Database = v; return nil }},
	{"QUERENT_PLANNER", func(c *Config, v string) error { c.Planner = v; return nil }},
	{"QUERENT_MAX_ATTEMPTS", intVar(func(c *Config) *int { return &c.MaxAttempts })},
	{"QUERENT_ROW_LIMIT", intVar(func(c *Config) *int { return &c.RowLimit })},
	{"QUERENT_RAW_ROW_LIMIT", intVar(func(c *Config) *int { return &c.RawRowLimit })},
	{"QUERENT_STATEMENT_TIMEOUT", durVar(func(c *Config) *time.Duration { return &c.StatementTimeout })},
	{"QUERENT_ENABLE_EVALUATION", boolVar(func(c *Config) *bool { return &c.EnableEvaluation })},
	{"QUERENT_ENABLE_CALCULATOR", boolVar(func(c *Config) *bool { return &c.EnableCalculator })},
	{"QUERENT_ENABLE_EXPLANATION", boolVar(func(c *Config) *bool { return &c.EnableExplanation })},
	{"QUERENT_MAX_LLM_CALLS", intVar(func(c *Config) *int { return &c.MaxLLMCalls })},
	{"QUERENT_SESSIONS", func(c *Config, v string) error { c.Sessions = v; return nil }},
	{"QUERENT_SCHEMA_CACHE", func(c *Config, v string) error { c.SchemaCache = v; return nil }},
	{"QUERENT_RETRY_COUNT", intVar(func(c *Config) *int { return &c.RetryCount })},
	{"QUERENT_REFINE_COUNT", intVar(func(c *Config) *int { return &c.RefineCount })},
	{"QUERENT_PLANNER_COMPLEXITY", func(c *Config, v string) error { c.PlannerComplexity = v; return nil }},
	{"QUERENT_INFER_FOREIGN_KEYS", boolVar(func(c *Config) *bool { return &c.InferForeignKeys })},
	{"QUERENT_TOP_TABLES", intVar(func(c *Config) *int { return &c.TopTables })},
	{"QUERENT_LLM_FILTER", boolVar(func(c *Config) *bool { return &c.LLMFilter })},
	{"QUERENT_SCHEMA_TOKEN_BUDGET", intVar(func(c *Config) *int { return &c.SchemaTokenBudget })},
	{"QUERENT_LLM_EMBEDDING_MODEL", func(c *Config, v string) error { c.LLM.EmbeddingModel = v; return nil }},
	{"QUERENT_TODAY", func(c *Config, v string) error { c.Today = v; return nil }},
	{"QUERENT_LLM_PROVIDER", func(c *Config, v string) error { c.LLM.Provider = v; return nil }},
	{"QUERENT_LLM_MODEL", func(c *Config, v string) error { c.LLM.Model = v; return nil }},
	{"QUERENT_LLM_BASE_URL", func(c *Config, v string) error { c.LLM.BaseURL = v; return nil }},
	{"QUERENT_LLM_API_KEY_FILE", func(c *Config, v string) error { c.LLM.APIKeyFile = v; return nil }},
	{"QUERENT_LLM_TIMEOUT", durVar(func(c *Config) *time.Duration { return &c.LLM.Timeout })},
	{"QUERENT_LLM_MAX_RETRIES", intVar(func(c *Config) *int { return &c.LLM.MaxRetries })},
}

// EnvNames lists every environment variable querent reads, for --help.
func EnvNames() []string {
	names := make([]string, 0, len(env)+4)
	for _, e := range env {
		names = append(names, e.name)
	}
	return append(names, "QUERENT_LLM", "QUERENT_LLM_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY")
}

func applyEnv(c *Config, getenv func(string) string) error {
	for _, e := range env {
		if v := getenv(e.name); v != "" {
			if err := e.set(c, v); err != nil {
				return fmt.Errorf("environment variable %s=%q: %w", e.name, v, err)
			}
		}
	}
	return nil
}

func intVar(field func(*Config) *int) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return errors.New("want a whole number")
		}
		*field(c) = n
		return nil
	}
}

func boolVar(field func(*Config) *bool) func(*Config, string) error {
	return func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return errors.New("want true or false")
		}
		*field(c) = b
		return nil
	}
}

func durVar(field func(*Config) *time.Duration) func(*Config, string) error {
	return func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil {
			return errors.New("want a duration such as 30s or 2m")
		}
		*field(c) = d
		return nil
	}
}

// resolveSecrets fills LLM.APIKey from a ${VAR} reference or api_key_file
// (relative to the config file's folder).
func (c *Config) resolveSecrets(getenv func(string) string, dir string) error {
	if m := envRef.FindStringSubmatch(c.LLM.APIKey); m != nil {
		c.LLM.APIKey = getenv(m[1])
		if c.LLM.APIKey == "" {
			return fmt.Errorf("llm.api_key refers to ${%s}, which is not set in the environment", m[1])
		}
		return nil
	}
	if f := c.LLM.APIKeyFile; f != "" {
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("llm.api_key_file: %w", err)
		}
		c.LLM.APIKey = strings.TrimSpace(string(b))
		return nil
	}
	// QUERENT_LLM_API_KEY and the vendors' own variables are read by the
	// provider layer, which sends a vendor's key only to that vendor.
	return nil
}

// Validate checks every setting and names the first field that is wrong.
func (c *Config) Validate() error {
	var errs []error
	check := func(ok bool, field, format string, args ...any) {
		if !ok {
			errs = append(errs, fmt.Errorf("%s: "+format, append([]any{field}, args...)...))
		}
	}
	check(c.Planner == "auto" || c.Planner == "offline" || c.Planner == "llm", "planner", "%q is not auto, offline or llm", c.Planner)
	check(c.MaxAttempts >= 1 && c.MaxAttempts <= 10, "max_attempts", "%d is outside 1..10", c.MaxAttempts)
	check(c.RowLimit >= 1 && c.RowLimit <= 1_000_000, "row_limit", "%d is outside 1..1000000", c.RowLimit)
	check(c.RawRowLimit >= 0 && c.RawRowLimit <= 100_000, "raw_row_limit", "%d is outside 0..100000", c.RawRowLimit)
	check(c.StatementTimeout > 0, "statement_timeout", "must be positive, got %s", c.StatementTimeout)
	check(!c.AllowWrites || c.AuditLog != "", "audit_log", "must name a file when allow_writes is true: every write is audited")
	check(c.RetryCount >= 0 && c.RetryCount <= 10, "retry_count", "%d is outside 0..10", c.RetryCount)
	check(c.RefineCount >= 0 && c.RefineCount <= 10, "refine_count", "%d is outside 0..10", c.RefineCount)
	check(c.MaxLLMCalls >= 1 && c.MaxLLMCalls <= 100, "max_llm_calls", "%d is outside 1..100", c.MaxLLMCalls)
	_, err := plan.ParseTier(c.PlannerComplexity)
	check(err == nil, "planner_complexity", "%q is not minimal, standard or full", c.PlannerComplexity)
	check(c.TopTables >= 1 && c.TopTables <= 1000, "top_tables", "%d is outside 1..1000", c.TopTables)
	check(c.SchemaTokenBudget == 0 || c.SchemaTokenBudget >= 200, "schema_token_budget", "%d is too small to show even a few tables: use 0 (no cap) or at least 200", c.SchemaTokenBudget)
	if c.Today != "" {
		_, err := time.Parse("2006-01-02", c.Today)
		check(err == nil, "today", "%q is not a date like 2025-06-30", c.Today)
	}
	check(c.LLM.Timeout > 0, "llm.timeout", "must be positive, got %s", c.LLM.Timeout)
	check(c.LLM.MaxRetries >= 0 && c.LLM.MaxRetries <= 10, "llm.max_retries", "%d is outside 0..10", c.LLM.MaxRetries)
	if c.LLM.Provider != "" {
		p := strings.ToLower(c.LLM.Provider)
		check(p == "openai" || p == "ollama" || p == "anthropic", "llm.provider", "%q is not openai, ollama or anthropic", c.LLM.Provider)
		check(c.LLM.Model != "", "llm.model", "is required when llm.provider is set (for example llama3.1:8b)")
	}
	if c.Planner == "llm" && c.LLM.Provider == "" {
		errs = append(errs, errors.New("planner: llm needs an LLM: set llm.provider and llm.model, or QUERENT_LLM=ollama:llama3.1"))
	}
	return errors.Join(errs...)
}

// TodayOr returns the pinned reference date, or now when none is pinned.
func (c *Config) TodayOr(now time.Time) time.Time {
	if t, err := time.Parse("2006-01-02", c.Today); err == nil {
		return t
	}
	return now
}
