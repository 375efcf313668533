package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"querent/internal/config"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "querent.yaml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDefaultsWithoutFile(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg, err := config.Load("", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxAttempts != 3 || cfg.RowLimit != 500 || cfg.RawRowLimit != 200 || cfg.AllowWrites || cfg.TopTables != 8 || cfg.Planner != "auto" {
		t.Errorf("defaults = %+v", cfg)
	}
}

func TestFileThenEnv(t *testing.T) {
	p := write(t, "database: shop.db\nmax_attempts: 5\nrow_limit: 50\nllm:\n  provider: ollama\n  model: llama3.1\n  timeout: 30s\n")
	cfg, err := config.Load(p, env(map[string]string{"QUERENT_ROW_LIMIT": "70", "QUERENT_STATEMENT_TIMEOUT": "5s"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Database != "shop.db" || cfg.MaxAttempts != 5 || cfg.RowLimit != 70 || cfg.StatementTimeout != 5*time.Second || cfg.LLM.Timeout != 30*time.Second {
		t.Errorf("cfg = %+v", cfg)
	}
}

func TestSecrets(t *testing.T) {
	p := write(t, "llm:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: sk-live-123\n")
	_, err := config.Load(p, env(nil))
	if err == nil || !strings.Contains(err.Error(), "literal key") {
		t.Fatalf("a literal key in the file was accepted: %v", err)
	}
	if strings.Contains(err.Error(), "sk-live-123") {
		t.Error("the error repeats the secret")
	}
	p = write(t, "llm:\n  provider: openai\n  model: gpt-4o-mini\n  api_key: ${MY_KEY}\n")
	cfg, err := config.Load(p, env(map[string]string{"MY_KEY": "from-env"}))
	if err != nil || cfg.LLM.APIKey != "from-env" {
		t.Errorf("${MY_KEY}: key %q, err %v", cfg.LLM.APIKey, err)
	}
	if _, err := config.Load(p, env(nil)); err == nil || !strings.Contains(err.Error(), "MY_KEY") {
		t.Errorf("unset ${MY_KEY} not reported: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "key.txt"), []byte("from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p = filepath.Join(dir, "q.yaml")
	os.WriteFile(p, []byte("llm:\n  provider: openai\n  model: m\n  api_key_file: key.txt\n"), 0o600)
	cfg, err = config.Load(p, env(nil))
	if err != nil || cfg.LLM.APIKey != "from-file" {
		t.Errorf("api_key_file: key %q, err %v", cfg.LLM.APIKey, err)
	}
}

func TestErrorsNameTheField(t *testing.T) {
	tests := []struct {
		body string
		env  map[string]string
		want string
	}{
		{"max_attempts: 0\n", nil, "max_attempts"},
		{"allow_writes: true\naudit_log: \"\"\n", nil, "audit_log"},
		{"", map[string]string{"QUERENT_ALLOW_WRITES": "true"}, "QUERENT_ALLOW_WRITES is not read"},
		{"", map[string]string{"QUERENT_ALLOW_WRITES": "false"}, "allow_writes: true in the config file"},
		{"planner_complexity: huge\n", nil, "planner_complexity"},
		{"planner: magic\n", nil, "planner"},
		{"today: yesterday\n", nil, "today"},
		{"llm:\n  provider: openai\n", nil, "llm.model"},
		{"llm:\n  provider: cohere\n  model: x\n", nil, "llm.provider"},
		{"row_limt: 5\n", nil, "row_limt"},
		{"", map[string]string{"QUERENT_ROW_LIMIT": "many"}, "QUERENT_ROW_LIMIT"},
		{"", map[string]string{"QUERENT_PLANNER": "llm"}, "needs an LLM"},
	}
	for _, tt := range tests {
		_, err := config.Load(write(t, tt.body), env(tt.env))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("config %q env %v: error %v, want one naming %q", tt.body, tt.env, err, tt.want)
		}
	}
}

func TestExplicitMissingFile(t *testing.T) {
	if _, err := config.Load(filepath.Join(t.TempDir(), "nope.yaml"), env(nil)); err == nil {
		t.Error("a missing --config file was ignored")
	}
}

func TestAllowWritesFromFileOnly(t *testing.T) {
	cfg, err := config.Load(write(t, "database: shop.db\n"), env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AllowWrites {
		t.Error("writes are allowed by default")
	}
	p := write(t, "allow_writes: true\n")
	cfg, err = config.Load(p, env(nil))
	if err != nil || !cfg.AllowWrites {
		t.Fatalf("allow_writes: true in the file: %v (allowed %v)", err, cfg.AllowWrites)
	}
	if want := filepath.Join(filepath.Dir(p), config.DefaultAuditLog); cfg.AuditLog != want {
		t.Errorf("default audit log %q, want %q beside the config file", cfg.AuditLog, want)
	}
	cfg, err = config.Load(write(t, "allow_writes: true\naudit_log: /var/log/querent.jsonl\n"), env(nil))
	if err != nil || cfg.AuditLog != "/var/log/querent.jsonl" {
		t.Errorf("absolute audit_log: %q, %v", cfg.AuditLog, err)
	}
}

func TestSchemaSection(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "querent.yaml")
	os.WriteFile(path, []byte("schema:\n  top_tables: 12\n  llm_filter: true\n  infer_foreign_keys: false\n  token_budget: 4000\n"), 0o600)
	cfg, err := config.Load(path, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.TopTables != 12 || !cfg.LLMFilter || cfg.InferForeignKeys || cfg.SchemaTokenBudget != 4000 {
		t.Errorf("schema block not applied: %+v", cfg)
	}
	os.WriteFile(path, []byte("top_tables: 5\nschema:\n  top_tables: 12\n"), 0o600)
	if _, err := config.Load(path, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "top_tables and schema.top_tables") {
		t.Errorf("both spellings: err = %v", err)
	}
}
