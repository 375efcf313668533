package providers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/providers"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec string
		want providers.Config
	}{
		{"openai:gpt-4o-mini", providers.Config{Provider: "openai", Model: "gpt-4o-mini"}},
		{"  OpenAI:gpt-4o  ", providers.Config{Provider: "openai", Model: "gpt-4o"}},
		{"openai:qwen2.5-coder@http://localhost:8000/v1", providers.Config{Provider: "openai", Model: "qwen2.5-coder", BaseURL: "http://localhost:8000/v1"}},
		{"openai:local@https://llm.example.com/v1/", providers.Config{Provider: "openai", Model: "local", BaseURL: "https://llm.example.com/v1"}},
		{"ollama:llama3.1:8b", providers.Config{Provider: "ollama", Model: "llama3.1:8b", BaseURL: "http://localhost:11434/v1"}},
		{"ollama:qwen2.5-coder:7b@http://gpu-box:11434", providers.Config{Provider: "ollama", Model: "qwen2.5-coder:7b", BaseURL: "http://gpu-box:11434/v1"}},
		{"ollama:llama3@http://proxy.lan/ollama/v1", providers.Config{Provider: "ollama", Model: "llama3", BaseURL: "http://proxy.lan/ollama/v1"}},
		{"anthropic:claude-sonnet-4-5", providers.Config{Provider: "anthropic", Model: "claude-sonnet-4-5"}},
		{"anthropic:claude-haiku-4-5@https://gateway.example.com", providers.Config{Provider: "anthropic", Model: "claude-haiku-4-5", BaseURL: "https://gateway.example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := providers.ParseSpec(tt.spec)
			if err != nil {
				t.Fatalf("ParseSpec: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseSpecErrors(t *testing.T) {
	tests := []struct {
		spec string
		want string // in the error, besides the accepted forms
	}{
		{"", "empty"},
		{"gpt-4o", "names no provider"},
		{"azure:gpt-4o", `unknown provider "azure"`},
		{"openai:", "names no model"},
		{"ollama:@http://localhost:11434", "names no model"},
		{"openai:qwen@", "nothing follows '@'"},
		{"openai:qwen@localhost:8000/v1", "must start with http:// or https://"},
		{"openai:qwen@http://", "must start with http:// or https://"},
		{"openai:qwen@http://user:sk-secret@host/v1", "must not carry credentials"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			_, err := providers.ParseSpec(tt.spec)
			if err == nil {
				t.Fatal("ParseSpec succeeded")
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "accepted forms: openai:MODEL, ollama:MODEL, anthropic:MODEL") {
				t.Errorf("error %q lacks %q or the accepted forms", msg, tt.want)
			}
			if strings.Contains(msg, "sk-secret") && !strings.Contains(tt.spec, "sk-secret") {
				t.Errorf("error invents a secret: %q", msg)
			}
		})
	}
}

func TestKeyFromEnv(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	all := env(map[string]string{
		"QUERENT_LLM_API_KEY": "q-key", "OPENAI_API_KEY": "o-key", "ANTHROPIC_API_KEY": "a-key",
	})
	vendor := env(map[string]string{"OPENAI_API_KEY": "o-key", "ANTHROPIC_API_KEY": "a-key"})
	tests := []struct {
		name        string
		cfg         providers.Config
		getenv      func(string) string
		key, source string
	}{
		{"querent key wins", providers.Config{Provider: "openai"}, all, "q-key", "QUERENT_LLM_API_KEY"},
		{"openai default", providers.Config{Provider: "openai"}, vendor, "o-key", "OPENAI_API_KEY"},
		{"openai explicit default URL", providers.Config{Provider: "openai", BaseURL: "https://api.openai.com/v1/"}, vendor, "o-key", "OPENAI_API_KEY"},
		{"openai key not sent elsewhere", providers.Config{Provider: "openai", BaseURL: "http://localhost:8000/v1"}, vendor, "", ""},
		{"ollama gets no vendor key", providers.Config{Provider: "ollama"}, vendor, "", ""},
		{"anthropic default", providers.Config{Provider: "anthropic"}, vendor, "a-key", "ANTHROPIC_API_KEY"},
		{"anthropic key not sent elsewhere", providers.Config{Provider: "anthropic", BaseURL: "https://gateway.example.com"}, vendor, "", ""},
		{"nothing set", providers.Config{Provider: "openai"}, env(nil), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, source := providers.KeyFromEnv(tt.cfg, tt.getenv)
			if key != tt.key || source != tt.source {
				t.Errorf("KeyFromEnv = %q, %q; want %q, %q", key, source, tt.key, tt.source)
			}
		})
	}
}

func TestNewRequiresKeys(t *testing.T) {
	tests := []struct {
		cfg  providers.Config
		want string
	}{
		{providers.Config{Provider: "openai", Model: "gpt-4o"}, "QUERENT_LLM_API_KEY or OPENAI_API_KEY"},
		{providers.Config{Provider: "openai", Model: "gpt-4o", BaseURL: "https://api.openai.com/v1"}, "needs an API key"},
		{providers.Config{Provider: "anthropic", Model: "claude-sonnet-4-5"}, "QUERENT_LLM_API_KEY or ANTHROPIC_API_KEY"},
		{providers.Config{Provider: "mistral", Model: "m"}, `unknown LLM provider "mistral"`},
		{providers.Config{Model: "m"}, "no LLM provider"},
		{providers.Config{Provider: "ollama"}, "no LLM model"},
		{providers.Config{Provider: "openai", Model: "m", BaseURL: "localhost:8000"}, "http:// or https://"},
	}
	for _, tt := range tests {
		t.Run(tt.cfg.String(), func(t *testing.T) {
			_, err := providers.New(tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New error = %v, want one containing %q", err, tt.want)
			}
		})
	}
	// Local servers need no key.
	for _, cfg := range []providers.Config{
		{Provider: "ollama", Model: "llama3.1:8b"},
		{Provider: "openai", Model: "qwen", BaseURL: "http://localhost:8000/v1"},
	} {
		m, err := providers.New(cfg)
		if err != nil {
			t.Errorf("New(%v): %v", cfg, err)
			continue
		}
		if _, ok := m.(llm.Diagnoser); !ok {
			t.Errorf("New(%v) is not an llm.Diagnoser", cfg)
		}
	}
}

func TestNewNames(t *testing.T) {
	tests := map[string]providers.Config{
		"ollama:llama3.1:8b":          {Provider: "ollama", Model: "llama3.1:8b"},
		"openai:gpt-4o":               {Provider: "OpenAI", Model: "gpt-4o", APIKey: "sk-x"},
		"anthropic:claude-sonnet-4-5": {Provider: "anthropic", Model: "claude-sonnet-4-5", APIKey: "sk-ant-x"},
	}
	for want, cfg := range tests {
		m, err := providers.New(cfg)
		if err != nil {
			t.Fatalf("New(%v): %v", cfg, err)
		}
		if m.Name() != want {
			t.Errorf("Name = %q, want %q", m.Name(), want)
		}
	}
}

func TestConfigNeverShowsKey(t *testing.T) {
	cfg := providers.Config{Provider: "openai", Model: "gpt-4o", APIKey: "sk-very-secret", Timeout: time.Minute}
	var logged bytes.Buffer
	slog.New(slog.NewTextHandler(&logged, nil)).Info("llm", "config", cfg)
	js, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	outputs := []string{
		cfg.String(), fmt.Sprint(cfg), fmt.Sprintf("%v", cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg),
		fmt.Sprintf("%v", struct{ C providers.Config }{cfg}), logged.String(), string(js),
	}
	for _, out := range outputs {
		if strings.Contains(out, "sk-very-secret") {
			t.Errorf("key leaked: %s", out)
		}
	}
	if !strings.Contains(cfg.String(), "key set") || !strings.Contains(logged.String(), "api_key_set=true") {
		t.Errorf("String %q / log %q should say a key is set", cfg.String(), logged.String())
	}
}

// TestEndToEnd drives both providers through New against the fake server,
// as the agent's tests will.
func TestEndToEnd(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"a": 1}`), llmtest.Reply(`{"b": 2}`))
	srv.RequireAPIKey("k")
	req := llm.Request{
		Messages:   []llm.Message{{Role: llm.User, Content: "go"}},
		Schema:     json.RawMessage(`{"type":"object"}`),
		SchemaName: "reply",
	}
	for _, cfg := range []providers.Config{
		{Provider: "ollama", Model: "m", BaseURL: srv.URL(), APIKey: "k"}, // /v1 added for Ollama
		{Provider: "anthropic", Model: "m", BaseURL: srv.AnthropicBaseURL(), APIKey: "k"},
	} {
		m, err := providers.New(cfg)
		if err != nil {
			t.Fatalf("New(%v): %v", cfg, err)
		}
		if _, err := m.Generate(context.Background(), req); err != nil {
			t.Errorf("%s: Generate: %v", m.Name(), err)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].Protocol != llmtest.OpenAI || reqs[1].Protocol != llmtest.Anthropic {
		t.Fatalf("requests = %+v", reqs)
	}
}
