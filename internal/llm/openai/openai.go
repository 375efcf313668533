// Package openai adapts any OpenAI-compatible chat completions server
// (OpenAI itself, Ollama's /v1, vLLM, llama.cpp's server, LM Studio) to
// llm.Model, using the official openai-go SDK.
//
// Servers differ in what they accept, so the client adapts once and
// remembers it for its lifetime:
//   - Structured output starts as response_format json_schema (strict off,
//     because strict mode only accepts a subset of JSON Schema). If the
//     server rejects that with a 400 naming response_format or json_schema,
//     the client falls back to json_object mode with the schema in the system
//     prompt, and if that is rejected too, to the schema in the system prompt
//     alone. StructuredMode reports where it stands.
//   - A server that rejects temperature (OpenAI's reasoning models) gets
//     requests without it; one that wants max_completion_tokens instead of
//     max_tokens (or the reverse) gets that.
//
// JSON replies are cleaned before they are returned: code fences, leading
// prose and <think> blocks are dropped (see llm.ExtractJSON).
//
// The SDK's own retries are off; Generate itself retries HTTP 429 and 503 at
// most Config.MaxRetries times, honouring Retry-After up to MaxRetryWait, so
// the agent's retry policy sees one call. Every error is an *llm.Error.
package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

// Defaults for zero Config fields.
const (
	// DefaultBaseURL is OpenAI's own API.
	DefaultBaseURL = "https://api.openai.com/v1"
	// DefaultTimeout bounds one HTTP request; local models on a CPU can
	// take minutes for a long JSON reply.
	DefaultTimeout = 5 * time.Minute
	// DefaultMaxRetryWait caps how long one retry waits.
	DefaultMaxRetryWait = 30 * time.Second
	// DefaultKeyHint tells users where the API key comes from.
	DefaultKeyHint = "QUERENT_LLM_API_KEY (or OPENAI_API_KEY for api.openai.com)"
)

// noKey is sent when no key is configured: local servers ignore it, and
// setting it explicitly stops the SDK from picking up OPENAI_API_KEY from
// the environment and sending it to a server the user did not give it to.
const noKey = "querent-no-key"

// Config configures a Client.
type Config struct {
	// BaseURL is the server's OpenAI-compatible root, usually ending in /v1;
	// empty means DefaultBaseURL.
	BaseURL string
	// APIKey may be empty for local servers.
	APIKey string `json:"-"`
	// Model is the model name the server knows, e.g. "llama3.1:8b".
	Model string
	// Timeout bounds each HTTP request; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is how many times Generate retries HTTP 429 and 503; zero
	// means never (the agent owns retry policy).
	MaxRetries int
	// MaxRetryWait caps the wait before a retry, even when the server's
	// Retry-After asks for more; zero means DefaultMaxRetryWait.
	MaxRetryWait time.Duration
	// Provider prefixes Name ("openai" when empty). "ollama" also marks the
	// server as Ollama for fix suggestions such as `ollama pull`, which are
	// otherwise given when the base URL uses Ollama's port 11434.
	Provider string
	// KeyHint names where the user sets the API key, for error messages and
	// doctor fixes; empty means DefaultKeyHint.
	KeyHint string
}

// String describes the configuration without the API key.
func (c Config) String() string {
	key := "no key"
	if c.APIKey != "" {
		key = "key set"
	}
	return fmt.Sprintf("%s:%s@%s (%s)", c.provider(), c.Model, c.baseURL(), key)
}

// GoString keeps %#v from printing the key.
func (c Config) GoString() string { return "openai.Config{" + c.String() + "}" }

// LogValue keeps slog from printing the key.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("provider", c.provider()),
		slog.String("model", c.Model),
		slog.String("base_url", c.baseURL()),
		slog.Bool("api_key_set", c.APIKey != ""),
	)
}

func (c Config) provider() string {
	if c.Provider == "" {
		return "openai"
	}
	return c.Provider
}

func (c Config) baseURL() string {
	if c.BaseURL == "" {
		return DefaultBaseURL
	}
	return strings.TrimRight(c.BaseURL, "/")
}

// StructuredMode is how a Client asks for schema-shaped JSON.
type StructuredMode string

// The structured output modes, strongest first.
const (
	ModeJSONSchema StructuredMode = "json_schema"
	ModeJSONObject StructuredMode = "json_object"
	ModePromptOnly StructuredMode = "prompt-only"
)

// compat is what the client has learned about the server's dialect.
type compat struct {
	mode           StructuredMode
	maxCompletion  bool // send max_completion_tokens rather than max_tokens
	tokensSwitched bool // the token parameter was switched once; never flip back
	noTemperature  bool
}

// Client is an llm.Model for one model on one OpenAI-compatible server. It
// is safe for concurrent use.
type Client struct {
	cfg Config
	sdk sdk.Client

	mu     sync.Mutex
	compat compat
}

var (
	_ llm.Model     = (*Client)(nil)
	_ llm.Diagnoser = (*Client)(nil)
)

// New returns a Client for cfg. It does not contact the server; Diagnose does.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("openai: no model name given")
	}
	u, err := url.Parse(cfg.baseURL())
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("openai: base URL %q must be an http:// or https:// URL such as http://localhost:11434/v1", cfg.BaseURL)
	}
	if cfg.MaxRetries < 0 {
		return nil, fmt.Errorf("openai: MaxRetries is %d; it must be zero or more", cfg.MaxRetries)
	}
	cfg.BaseURL = cfg.baseURL()
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRetryWait <= 0 {
		cfg.MaxRetryWait = DefaultMaxRetryWait
	}
	if cfg.KeyHint == "" {
		cfg.KeyHint = DefaultKeyHint
	}
	key := cfg.APIKey
	if key == "" {
		key = noKey
	}
	opts := []option.RequestOption{
		option.WithBaseURL(cfg.BaseURL),
		option.WithAPIKey(key),
		option.WithMaxRetries(0),
		option.WithRequestTimeout(cfg.Timeout),
	}
	if u.Host != "api.openai.com" {
		// The SDK adds these from OPENAI_ORG_ID and OPENAI_PROJECT_ID; they
		// describe the user's OpenAI account and are no other server's business.
		opts = append(opts, option.WithHeaderDel("OpenAI-Organization"), option.WithHeaderDel("OpenAI-Project"))
	}
	c := &Client{
		cfg: cfg,
		sdk: sdk.NewClient(opts...),
		compat: compat{
			mode: ModeJSONSchema,
			// OpenAI's newer models reject max_tokens; other servers mostly
			// know only max_tokens.
			maxCompletion: u.Host == "api.openai.com",
		},
	}
	return c, nil
}

// Name returns "PROVIDER:MODEL", e.g. "ollama:llama3.1:8b".
func (c *Client) Name() string { return c.cfg.provider() + ":" + c.cfg.Model }

// StructuredMode returns how the client currently asks for JSON; it only
// moves down (json_schema → json_object → prompt-only) as the server
// rejects modes.
func (c *Client) StructuredMode() StructuredMode {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.compat.mode
}

// Generate sends req as a chat completion. With a Schema, Text is the JSON
// found in the reply; the caller still validates it against the schema.
func (c *Client) Generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	if len(req.Messages) == 0 {
		return nil, wire.NewError(llm.KindBadRequest, c.Name()+": the request has no messages", "", nil)
	}
	if len(req.Schema) > 0 && !json.Valid(req.Schema) {
		return nil, wire.NewError(llm.KindBadRequest, c.Name()+": the request's schema is not valid JSON", "", nil)
	}
	return wire.Retry(ctx, c.cfg.MaxRetries, c.cfg.MaxRetryWait, func() (*llm.Response, bool, error) {
		return c.attempt(ctx, req)
	})
}

// attempt sends req once, plus once more for each dialect adjustment the
// server's 400 answers call for.
func (c *Client) attempt(ctx context.Context, req llm.Request) (*llm.Response, bool, error) {
	for {
		c.mu.Lock()
		st := c.compat
		c.mu.Unlock()

		var x wire.Exchange
		completion, err := c.sdk.Chat.Completions.New(ctx, c.params(req, st), option.WithMiddleware(x.Middleware()))
		if err == nil {
			resp, rerr := c.reply(req, completion)
			return resp, false, rerr
		}
		_, status, _, body := x.Result()
		if (status == http.StatusBadRequest || status == http.StatusUnprocessableEntity) && c.adapt(st, req, wire.ServerMessage(body)) {
			continue
		}
		return c.classify(ctx, err, &x)
	}
}

// adapt learns from a 400 answer to a request sent with st. It reports
// whether the next request will differ, so attempt sends again; each change
// moves one way only, which bounds the loop.
func (c *Client) adapt(st compat, req llm.Request, msg string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.compat != st {
		return true // another call already adapted; try with what it learned
	}
	switch {
	case len(req.Schema) > 0 && st.mode == ModeJSONSchema && wire.Mentions(msg, "response_format", "json_schema", "response format", "structured output"):
		c.compat.mode = ModeJSONObject
	case len(req.Schema) > 0 && st.mode == ModeJSONObject && wire.Mentions(msg, "response_format", "json_object", "response format"):
		c.compat.mode = ModePromptOnly
	case !st.noTemperature && wire.Mentions(msg, "temperature"):
		c.compat.noTemperature = true
	case req.MaxTokens > 0 && !st.tokensSwitched && !st.maxCompletion && wire.Mentions(msg, "max_completion_tokens"):
		c.compat.maxCompletion, c.compat.tokensSwitched = true, true
	case req.MaxTokens > 0 && !st.tokensSwitched && st.maxCompletion && wire.Mentions(msg, "max_completion_tokens"):
		c.compat.maxCompletion, c.compat.tokensSwitched = false, true
	default:
		return false
	}
	return true
}

func (c *Client) params(req llm.Request, st compat) sdk.ChatCompletionNewParams {
	system, rest := splitSystem(req.Messages)
	if len(req.Schema) > 0 && st.mode != ModeJSONSchema {
		// Without json_schema the model only learns the schema from the prompt.
		system = append(system, wire.SchemaInstruction(req.SchemaName, req.Schema))
	}
	var msgs []sdk.ChatCompletionMessageParamUnion
	if len(system) > 0 {
		// One system message: several chat templates reject more than one.
		msgs = append(msgs, sdk.SystemMessage(strings.Join(system, "\n\n")))
	}
	for _, m := range rest {
		if m.Role == llm.Assistant {
			msgs = append(msgs, sdk.AssistantMessage(m.Content))
		} else {
			msgs = append(msgs, sdk.UserMessage(m.Content))
		}
	}
	p := sdk.ChatCompletionNewParams{Model: c.cfg.Model, Messages: msgs}
	if !st.noTemperature {
		p.Temperature = sdk.Float(req.Temperature)
	}
	if req.MaxTokens > 0 {
		if st.maxCompletion {
			p.MaxCompletionTokens = sdk.Int(int64(req.MaxTokens))
		} else {
			p.MaxTokens = sdk.Int(int64(req.MaxTokens))
		}
	}
	if len(req.Schema) > 0 {
		switch st.mode {
		case ModeJSONSchema:
			p.ResponseFormat.OfJSONSchema = &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   wire.SchemaName(req.SchemaName),
					Strict: sdk.Bool(false),
					Schema: req.Schema,
				},
			}
		case ModeJSONObject:
			p.ResponseFormat.OfJSONObject = &shared.ResponseFormatJSONObjectParam{}
		}
	}
	return p
}

// splitSystem separates system message contents from the conversation.
func splitSystem(msgs []llm.Message) (system []string, rest []llm.Message) {
	for _, m := range msgs {
		if m.Role == llm.System {
			system = append(system, m.Content)
		} else {
			rest = append(rest, m)
		}
	}
	return system, rest
}

func (c *Client) reply(req llm.Request, completion *sdk.ChatCompletion) (*llm.Response, error) {
	if len(completion.Choices) == 0 {
		return nil, wire.NewError(llm.KindBadOutput, c.Name()+": the server's reply has no choices", "", nil)
	}
	choice := completion.Choices[0]
	if refusal := strings.TrimSpace(choice.Message.Refusal); refusal != "" {
		return nil, wire.NewError(llm.KindRefused, c.Name()+": the model refused: "+wire.Truncate(refusal, 300), "", nil)
	}
	if choice.FinishReason == "content_filter" {
		return nil, wire.NewError(llm.KindRefused, c.Name()+": the server's content filter withheld the reply", "", nil)
	}
	usage := llm.Usage{
		PromptTokens:     int(completion.Usage.PromptTokens),
		CompletionTokens: int(completion.Usage.CompletionTokens),
	}
	content := choice.Message.Content
	cutOff := ""
	if choice.FinishReason == "length" {
		cutOff = fmt.Sprintf(" (it was cut off at the max tokens limit %d; raise MaxTokens)", req.MaxTokens)
	}
	if strings.TrimSpace(content) == "" {
		return nil, wire.NewError(llm.KindBadOutput, c.Name()+": the model's reply is empty"+cutOff, "", nil)
	}
	if len(req.Schema) == 0 {
		return &llm.Response{Text: content, Usage: usage}, nil
	}
	text, ok := wire.JSONText(content)
	if !ok {
		return nil, wire.NewError(llm.KindBadOutput,
			fmt.Sprintf("%s: the model's reply contains no JSON object%s: %q", c.Name(), cutOff, wire.Truncate(content, 200)), "", nil)
	}
	return &llm.Response{Text: text, Usage: usage}, nil
}

// classify turns a failed SDK call into an *llm.Error, and says whether
// Generate may retry it.
func (c *Client) classify(ctx context.Context, err error, x *wire.Exchange) (*llm.Response, bool, error) {
	responded, status, header, body := x.Result()
	base := c.cfg.BaseURL
	switch {
	case ctx.Err() != nil:
		return nil, false, wire.ContextError(ctx.Err(), c.Name(), err)
	case wire.IsTimeout(err):
		return nil, false, wire.NewError(llm.KindTimeout,
			fmt.Sprintf("%s: no reply from %s within %s", c.Name(), base, c.cfg.Timeout),
			"raise the LLM timeout, shorten the prompt, or use a smaller or faster model", err)
	case status >= 400:
		e, retry := c.statusError(status, header, wire.ServerMessage(body), err)
		return nil, retry, e
	case !responded:
		return nil, false, wire.NewError(llm.KindUnavailable,
			fmt.Sprintf("%s: cannot reach %s (%s)", c.Name(), base, wire.Unreachable(err)), c.startFix(), err)
	default:
		return nil, false, wire.NewError(llm.KindBadOutput,
			fmt.Sprintf("%s: the server at %s sent a reply that is not a chat completion", c.Name(), base),
			"check that the base URL points at an OpenAI-compatible API (it usually ends in /v1)", err)
	}
}

func (c *Client) statusError(status int, header http.Header, msg string, err error) (*llm.Error, bool) {
	name, base := c.Name(), c.cfg.BaseURL
	what := func(s string) string {
		if msg == "" {
			return fmt.Sprintf("%s: %s (HTTP %d)", name, s, status)
		}
		return fmt.Sprintf("%s: %s (HTTP %d: %s)", name, s, status, msg)
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return wire.NewError(llm.KindAuth, what(c.keyProblem(base)), c.keyFix(), err), false
	case status == http.StatusTooManyRequests && wire.Mentions(msg, "insufficient_quota", "exceeded your current quota"):
		// Waiting does not bring quota back, so this is final, like auth.
		return wire.NewError(llm.KindAuth, what("the account behind the API key has no quota left"),
			"add credit or raise the quota for the account, or use another key", err), false
	case status == http.StatusTooManyRequests:
		return wire.WithRetryAfter(wire.NewError(llm.KindRateLimit, what(base+" is rate limiting requests"),
			"wait and try again, or lower the request rate", err), header), true
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		return wire.NewError(llm.KindTimeout, what(base+" timed out"),
			"raise the server's timeout, shorten the prompt, or use a smaller or faster model", err), false
	case status == http.StatusServiceUnavailable:
		return wire.WithRetryAfter(wire.NewError(llm.KindUnavailable, what(base+" is unavailable"),
			"wait for the server to finish loading or recover, then try again", err), header), true
	case status >= 500:
		return wire.NewError(llm.KindUnavailable, what(base+" failed"),
			"check the server's log; a local server may be out of memory for this model", err), false
	case status == http.StatusNotFound && wire.Mentions(msg, "model"):
		return wire.NewError(llm.KindBadRequest, what(fmt.Sprintf("model %q not found at %s", c.cfg.Model, base)),
			c.modelFix(msg), err), false
	case status == http.StatusNotFound:
		return wire.NewError(llm.KindBadRequest, what(base+"/chat/completions does not exist"),
			"check the base URL: OpenAI-compatible servers usually serve the API under /v1 (e.g. http://localhost:11434/v1)", err), false
	default:
		return wire.NewError(llm.KindBadRequest, what("the server rejected the request"), "", err), false
	}
}

func (c *Client) keyProblem(base string) string {
	if c.cfg.APIKey == "" {
		return base + " requires an API key and none is configured"
	}
	return base + " rejected the API key"
}

func (c *Client) keyFix() string {
	return "set " + c.cfg.KeyHint + " to a valid API key for " + c.cfg.BaseURL
}

// isOllama guesses whether the server is Ollama, for suggestions only.
func (c *Client) isOllama() bool {
	return c.cfg.Provider == "ollama" || wire.Port(c.cfg.BaseURL) == "11434"
}

func (c *Client) startFix() string {
	switch {
	case c.isOllama():
		return "is Ollama running? start it with `ollama serve`"
	case c.cfg.BaseURL == DefaultBaseURL:
		return "check the network connection and any proxy settings"
	}
	return "is the server running? start it, or correct the base URL (--llm PROVIDER:MODEL@URL)"
}

// modelFix suggests how to get the model; msg is the server's answer, whose
// "try pulling it first" gives Ollama away behind any port.
func (c *Client) modelFix(msg string) string {
	if c.isOllama() || wire.Mentions(msg, "try pulling", "ollama pull") {
		return fmt.Sprintf("download it with `ollama pull %s`, or pick an installed model (`ollama list`)", c.cfg.Model)
	}
	return fmt.Sprintf("check the model name; GET %s/models lists the models the server offers", c.cfg.BaseURL)
}
