// Package providers builds an llm.Model from querent's configuration: the
// CLI's --llm SPEC (ParseSpec), an API key the caller found (KeyFromEnv),
// and timeouts.
//
// Specs name a provider and a model, optionally followed by @BASEURL:
//
//	openai:gpt-4o-mini                             OpenAI's API
//	openai:qwen2.5-coder@http://localhost:8000/v1  any OpenAI-compatible server (vLLM, llama.cpp, LM Studio)
//	ollama:llama3.1:8b                             Ollama at http://localhost:11434/v1, no key
//	ollama:llama3.1:8b@http://gpu-box:11434        Ollama elsewhere (/v1 is added when the URL has no path)
//	anthropic:claude-sonnet-4-5                    Anthropic's API
//
// API keys never come from the spec (a spec ends up in shell history, logs
// and bug reports). The caller reads them from the environment or a file;
// KeyFromEnv implements querent's rule: QUERENT_LLM_API_KEY, else
// OPENAI_API_KEY or ANTHROPIC_API_KEY, but the provider-specific variables
// only for the provider's own API, so an OpenAI key is never sent to some
// other server just because it is in the environment.
package providers

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"querent/internal/llm"
	"querent/internal/llm/anthropic"
	"querent/internal/llm/openai"
)

// Provider names accepted in Config.Provider and specs.
const (
	OpenAI    = "openai"
	Ollama    = "ollama"
	Anthropic = "anthropic"
)

// Environment variables KeyFromEnv reads, in order of preference.
const (
	EnvAPIKey          = "QUERENT_LLM_API_KEY"
	EnvOpenAIAPIKey    = "OPENAI_API_KEY"
	EnvAnthropicAPIKey = "ANTHROPIC_API_KEY"
)

// OllamaBaseURL is where a local Ollama serves its OpenAI-compatible API.
const OllamaBaseURL = "http://localhost:11434/v1"

// acceptedForms ends every spec error, so users see what would work.
const acceptedForms = "accepted forms: openai:MODEL, ollama:MODEL, anthropic:MODEL, each optionally followed by @BASEURL " +
	"(e.g. openai:qwen2.5-coder@http://localhost:8000/v1)"

// Config says which model to use and how to reach it.
type Config struct {
	// Provider is "openai" (any OpenAI-compatible server), "ollama" or
	// "anthropic".
	Provider string
	// Model is the provider's model name, e.g. "llama3.1:8b".
	Model string
	// BaseURL overrides the provider's default API root.
	BaseURL string
	// APIKey is never printed: String, GoString and LogValue redact it, and
	// it is left out of JSON.
	APIKey string `json:"-"`
	// Timeout bounds each HTTP request; zero means the adapter's default
	// (5 minutes).
	Timeout time.Duration
	// MaxRetries is how many times an adapter itself retries HTTP 429/503;
	// zero leaves retrying to the caller.
	MaxRetries int
	// MaxRetryWait caps each such retry's wait; zero means the adapter's
	// default (30 seconds).
	MaxRetryWait time.Duration
}

// String renders the configuration as a spec plus whether a key is set,
// e.g. "ollama:llama3.1:8b@http://localhost:11434/v1 (no key)". It never
// shows the key.
func (c Config) String() string {
	s := c.Provider + ":" + c.Model
	if c.BaseURL != "" {
		s += "@" + c.BaseURL
	}
	if c.APIKey != "" {
		return s + " (key set)"
	}
	return s + " (no key)"
}

// GoString keeps %#v from printing the key.
func (c Config) GoString() string { return "providers.Config{" + c.String() + "}" }

// LogValue keeps slog from printing the key.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("provider", c.Provider),
		slog.String("model", c.Model),
		slog.String("base_url", c.BaseURL),
		slog.Bool("api_key_set", c.APIKey != ""),
		slog.Duration("timeout", c.Timeout),
		slog.Int("max_retries", c.MaxRetries),
	)
}

// ParseSpec parses a --llm spec: PROVIDER:MODEL[@BASEURL]. Only the first
// ':' separates the provider, so Ollama tags such as llama3.1:8b work; the
// first '@' starts the base URL, which must be http:// or https:// and must
// not carry credentials. For ollama the base URL defaults to OllamaBaseURL.
func ParseSpec(spec string) (Config, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return Config{}, errors.New("empty --llm spec; " + acceptedForms)
	}
	provider, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return Config{}, fmt.Errorf("--llm %q names no provider; %s", spec, acceptedForms)
	}
	provider = strings.ToLower(strings.TrimSpace(provider))
	switch provider {
	case OpenAI, Ollama, Anthropic:
	default:
		return Config{}, fmt.Errorf("--llm %q: unknown provider %q; %s", spec, provider, acceptedForms)
	}
	model, base, hasBase := strings.Cut(rest, "@")
	model = strings.TrimSpace(model)
	if model == "" {
		return Config{}, fmt.Errorf("--llm %q names no model; %s", spec, acceptedForms)
	}
	cfg := Config{Provider: provider, Model: model}
	if hasBase {
		u, err := checkBaseURL(strings.TrimSpace(base))
		if err != nil {
			return Config{}, fmt.Errorf("--llm %q: %w; %s", spec, err, acceptedForms)
		}
		cfg.BaseURL = u
	}
	if provider == Ollama {
		cfg.BaseURL = ollamaBaseURL(cfg.BaseURL)
	}
	return cfg, nil
}

// checkBaseURL validates a base URL from a spec and returns it without a
// trailing slash.
func checkBaseURL(raw string) (string, error) {
	if raw == "" {
		return "", errors.New("nothing follows '@'; give a base URL such as http://localhost:8000/v1")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("base URL %q must start with http:// or https:// and name a host (model names cannot contain '@')", raw)
	}
	if u.User != nil {
		// Keys in URLs leak through logs and shell history.
		return "", fmt.Errorf("the base URL must not carry credentials; set %s instead", EnvAPIKey)
	}
	return strings.TrimRight(raw, "/"), nil
}

// ollamaBaseURL defaults Ollama's base URL and adds /v1 to a bare host,
// since Ollama serves the OpenAI-compatible API there.
func ollamaBaseURL(base string) string {
	if base == "" {
		return OllamaBaseURL
	}
	if u, err := url.Parse(base); err == nil && strings.Trim(u.Path, "/") == "" {
		return strings.TrimRight(base, "/") + "/v1"
	}
	return base
}

// KeyFromEnv returns the API key for cfg from the environment, read through
// getenv (os.Getenv in production), and the variable it came from; "" when
// there is none. QUERENT_LLM_API_KEY wins. OPENAI_API_KEY is used only for
// OpenAI's own API, ANTHROPIC_API_KEY only for Anthropic's, and Ollama gets
// only QUERENT_LLM_API_KEY (it normally needs no key).
func KeyFromEnv(cfg Config, getenv func(string) string) (key, source string) {
	if k := strings.TrimSpace(getenv(EnvAPIKey)); k != "" {
		return k, EnvAPIKey
	}
	switch strings.ToLower(cfg.Provider) {
	case OpenAI:
		if isDefault(cfg.BaseURL, openai.DefaultBaseURL) {
			if k := strings.TrimSpace(getenv(EnvOpenAIAPIKey)); k != "" {
				return k, EnvOpenAIAPIKey
			}
		}
	case Anthropic:
		if isDefault(cfg.BaseURL, anthropic.DefaultBaseURL) {
			if k := strings.TrimSpace(getenv(EnvAnthropicAPIKey)); k != "" {
				return k, EnvAnthropicAPIKey
			}
		}
	}
	return "", ""
}

// isDefault reports whether base is empty or the provider's default API.
func isDefault(base, def string) bool {
	b := strings.TrimRight(base, "/")
	return b == "" || b == def || (def == anthropic.DefaultBaseURL && b == def+"/v1")
}

// New builds the model cfg describes. It fails when the configuration
// cannot work: an unknown provider, no model, or no API key where the
// provider's own API needs one (OpenAI's default base URL, Anthropic).
// The result also implements llm.Diagnoser.
func New(cfg Config) (llm.Model, error) {
	provider := strings.ToLower(strings.TrimSpace(cfg.Provider))
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, fmt.Errorf("no LLM model given for provider %q; %s", cfg.Provider, acceptedForms)
	}
	switch provider {
	case OpenAI, Ollama:
		base := cfg.BaseURL
		hint := EnvAPIKey
		if provider == Ollama {
			base = ollamaBaseURL(base)
		} else if isDefault(base, openai.DefaultBaseURL) {
			hint = EnvAPIKey + " or " + EnvOpenAIAPIKey
			if cfg.APIKey == "" {
				return nil, fmt.Errorf("%s needs an API key: set %s (or give an OpenAI-compatible server with openai:MODEL@BASEURL)", cfg.withProvider(provider), hint)
			}
		}
		m, err := openai.New(openai.Config{
			BaseURL:      base,
			APIKey:       cfg.APIKey,
			Model:        cfg.Model,
			Timeout:      cfg.Timeout,
			MaxRetries:   cfg.MaxRetries,
			MaxRetryWait: cfg.MaxRetryWait,
			Provider:     provider,
			KeyHint:      hint,
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cfg.withProvider(provider), err)
		}
		return m, nil
	case Anthropic:
		hint := EnvAPIKey
		if isDefault(cfg.BaseURL, anthropic.DefaultBaseURL) {
			hint = EnvAPIKey + " or " + EnvAnthropicAPIKey
		}
		if cfg.APIKey == "" {
			return nil, fmt.Errorf("%s needs an API key: set %s", cfg.withProvider(provider), hint)
		}
		m, err := anthropic.New(anthropic.Config{
			BaseURL:      cfg.BaseURL,
			APIKey:       cfg.APIKey,
			Model:        cfg.Model,
			Timeout:      cfg.Timeout,
			MaxRetries:   cfg.MaxRetries,
			MaxRetryWait: cfg.MaxRetryWait,
			KeyHint:      hint,
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cfg.withProvider(provider), err)
		}
		return m, nil
	case "":
		return nil, errors.New("no LLM provider given; " + acceptedForms)
	default:
		return nil, fmt.Errorf("unknown LLM provider %q; %s", cfg.Provider, acceptedForms)
	}
}

// withProvider renders cfg for messages with the provider normalised.
func (c Config) withProvider(p string) string {
	c.Provider = p
	c.APIKey = ""
	s := c.String()
	return strings.TrimSuffix(s, " (no key)")
}
