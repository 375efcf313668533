// Package anthropic adapts Anthropic's Messages API to llm.Model, using the
// official anthropic-sdk-go SDK.
//
// System messages become the top-level system prompt. Structured output
// uses a tool: the request declares one tool whose input_schema is the
// caller's schema and forces it with tool_choice, and the tool call's input
// is returned as Text. That is the reliable way to get schema-shaped JSON
// from Claude. A schema whose top level is not an object (tool inputs must
// be objects) is wrapped as {"result": schema} and unwrapped on return.
//
// Temperature is clamped to Anthropic's range [0, 1] (OpenAI's goes to 2),
// so one agent setting works with every provider.
//
// The SDK's own retries are off; Generate itself retries HTTP 429, 503 and
// 529 (overloaded) at most Config.MaxRetries times, honouring Retry-After up
// to MaxRetryWait. Every error is an *llm.Error.
package anthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

// Defaults for zero Config fields and requests.
const (
	// DefaultBaseURL is Anthropic's API; the SDK adds /v1 itself.
	DefaultBaseURL = "https://api.anthropic.com"
	// DefaultTimeout bounds one HTTP request.
	DefaultTimeout = 5 * time.Minute
	// DefaultMaxRetryWait caps how long one retry waits.
	DefaultMaxRetryWait = 30 * time.Second
	// DefaultMaxTokens is sent when a Request leaves MaxTokens zero, since
	// the Messages API requires max_tokens.
	DefaultMaxTokens = 4096
	// DefaultKeyHint tells users where the API key comes from.
	DefaultKeyHint = "QUERENT_LLM_API_KEY or ANTHROPIC_API_KEY"
)

// statusOverloaded is Anthropic's "overloaded" status, retried like 503.
const statusOverloaded = 529

// wrapKey is the property a non-object schema is wrapped in.
const wrapKey = "result"

// Config configures a Client.
type Config struct {
	// BaseURL is the API root without /v1; empty means DefaultBaseURL. A
	// trailing /v1 is dropped, because the SDK adds it.
	BaseURL string
	// APIKey is sent as x-api-key.
	APIKey string `json:"-"`
	// Model is the model id, e.g. "claude-sonnet-4-5".
	Model string
	// Timeout bounds each HTTP request; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxRetries is how many times Generate retries HTTP 429, 503 and 529;
	// zero means never (the agent owns retry policy).
	MaxRetries int
	// MaxRetryWait caps the wait before a retry, even when the server's
	// Retry-After asks for more; zero means DefaultMaxRetryWait.
	MaxRetryWait time.Duration
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
	return fmt.Sprintf("anthropic:%s@%s (%s)", c.Model, c.baseURL(), key)
}

// GoString keeps %#v from printing the key.
func (c Config) GoString() string { return "anthropic.Config{" + c.String() + "}" }

// LogValue keeps slog from printing the key.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("provider", "anthropic"),
		slog.String("model", c.Model),
		slog.String("base_url", c.baseURL()),
		slog.Bool("api_key_set", c.APIKey != ""),
	)
}

func (c Config) baseURL() string {
	if c.BaseURL == "" {
		return DefaultBaseURL
	}
	b := strings.TrimRight(c.BaseURL, "/")
	return strings.TrimRight(strings.TrimSuffix(b, "/v1"), "/")
}

// Client is an llm.Model for one Anthropic model. It is safe for concurrent
// use.
type Client struct {
	cfg Config
	sdk sdk.Client
}

var (
	_ llm.Model     = (*Client)(nil)
	_ llm.Diagnoser = (*Client)(nil)
)

// New returns a Client for cfg. It does not contact the API; Diagnose does.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("anthropic: no model name given")
	}
	u, err := url.Parse(cfg.baseURL())
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("anthropic: base URL %q must be an http:// or https:// URL such as %s", cfg.BaseURL, DefaultBaseURL)
	}
	if cfg.MaxRetries < 0 {
		return nil, fmt.Errorf("anthropic: MaxRetries is %d; it must be zero or more", cfg.MaxRetries)
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
	return &Client{
		cfg: cfg,
		sdk: sdk.NewClient(
			// The caller resolves credentials; the SDK must not add
			// ANTHROPIC_API_KEY, profiles or ANTHROPIC_BASE_URL behind its back.
			option.WithoutEnvironmentDefaults(),
			option.WithBaseURL(cfg.BaseURL+"/"),
			option.WithAPIKey(cfg.APIKey),
			option.WithMaxRetries(0),
			option.WithRequestTimeout(cfg.Timeout),
		),
	}, nil
}

// Name returns "anthropic:MODEL".
func (c *Client) Name() string { return "anthropic:" + c.cfg.Model }

// Generate sends req to the Messages API. With a Schema, Text is the input
// of the forced tool call (the schema-shaped JSON); the caller still
// validates it.
func (c *Client) Generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	params, wrapped, err := c.params(req)
	if err != nil {
		return nil, err
	}
	return wire.Retry(ctx, c.cfg.MaxRetries, c.cfg.MaxRetryWait, func() (*llm.Response, bool, error) {
		var x wire.Exchange
		msg, err := c.sdk.Messages.New(ctx, params, option.WithMiddleware(x.Middleware()))
		if err != nil {
			return c.classify(ctx, err, &x)
		}
		resp, err := c.reply(req, msg, wrapped)
		return resp, false, err
	})
}

func (c *Client) params(req llm.Request) (sdk.MessageNewParams, bool, error) {
	var system []string
	var msgs []sdk.MessageParam
	for _, m := range req.Messages {
		if m.Role == llm.System {
			system = append(system, m.Content)
			continue
		}
		role := sdk.MessageParamRoleUser
		if m.Role == llm.Assistant {
			role = sdk.MessageParamRoleAssistant
		}
		if n := len(msgs); n > 0 && msgs[n-1].Role == role {
			// The API wants turns to alternate; consecutive turns of one
			// speaker are one turn.
			msgs[n-1].Content = append(msgs[n-1].Content, sdk.NewTextBlock(m.Content))
			continue
		}
		msgs = append(msgs, sdk.MessageParam{Role: role, Content: []sdk.ContentBlockParamUnion{sdk.NewTextBlock(m.Content)}})
	}
	if len(msgs) == 0 {
		return sdk.MessageNewParams{}, false, wire.NewError(llm.KindBadRequest, c.Name()+": the request has no user or assistant message", "", nil)
	}
	maxTokens := req.MaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultMaxTokens
	}
	p := sdk.MessageNewParams{
		Model:       sdk.Model(c.cfg.Model),
		MaxTokens:   int64(maxTokens),
		Messages:    msgs,
		Temperature: sdk.Float(min(max(req.Temperature, 0), 1)),
	}
	if len(system) > 0 {
		p.System = []sdk.TextBlockParam{{Text: strings.Join(system, "\n\n")}}
	}
	if len(req.Schema) == 0 {
		return p, false, nil
	}
	schema, wrapped, err := toolSchema(req.Schema)
	if err != nil {
		return sdk.MessageNewParams{}, false, wire.NewError(llm.KindBadRequest, c.Name()+": the request's schema cannot be used", "", err)
	}
	name := wire.SchemaName(req.SchemaName)
	tool := sdk.ToolParam{
		Name:        name,
		Description: sdk.String("Give the reply. The input is the reply itself, as JSON matching the schema."),
		InputSchema: schema,
	}
	p.Tools = []sdk.ToolUnionParam{{OfTool: &tool}}
	p.ToolChoice = sdk.ToolChoiceParamOfTool(name)
	return p, wrapped, nil
}

// toolSchema turns a JSON Schema into a tool input schema. Tool inputs must
// be objects, so any other schema is wrapped as the "result" property, with
// its $defs moved to the top so "#/$defs/..." references still resolve.
func toolSchema(raw json.RawMessage) (sdk.ToolInputSchemaParam, bool, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return sdk.ToolInputSchemaParam{}, false, fmt.Errorf("schema is not a JSON object: %w", err)
	}
	var typ string
	_ = json.Unmarshal(fields["type"], &typ)
	_, hasProps := fields["properties"]
	if typ != "object" && !(typ == "" && hasProps) {
		extra := map[string]any{}
		for _, k := range []string{"$defs", "definitions"} {
			if v, ok := fields[k]; ok {
				extra[k] = v
				delete(fields, k)
			}
		}
		inner, err := json.Marshal(fields)
		if err != nil {
			return sdk.ToolInputSchemaParam{}, false, err
		}
		return sdk.ToolInputSchemaParam{
			Properties:  map[string]json.RawMessage{wrapKey: inner},
			Required:    []string{wrapKey},
			ExtraFields: extra,
		}, true, nil
	}
	s := sdk.ToolInputSchemaParam{ExtraFields: map[string]any{}}
	for k, v := range fields {
		switch k {
		case "type":
		case "properties":
			s.Properties = v
		case "required":
			if err := json.Unmarshal(v, &s.Required); err != nil {
				return sdk.ToolInputSchemaParam{}, false, fmt.Errorf(`schema "required" is not a list of names: %w`, err)
			}
		default:
			s.ExtraFields[k] = v
		}
	}
	if s.Properties == nil {
		s.Properties = json.RawMessage(`{}`)
	}
	return s, false, nil
}

func (c *Client) reply(req llm.Request, msg *sdk.Message, wrapped bool) (*llm.Response, error) {
	usage := llm.Usage{PromptTokens: int(msg.Usage.InputTokens), CompletionTokens: int(msg.Usage.OutputTokens)}
	var text []string
	var input json.RawMessage
	for _, block := range msg.Content {
		switch block.Type {
		case "text":
			text = append(text, block.Text)
		case "tool_use":
			if input == nil {
				input = block.Input
			}
		}
	}
	joined := strings.Join(text, "")
	if msg.StopReason == sdk.StopReasonRefusal {
		return nil, wire.NewError(llm.KindRefused, c.Name()+": the model refused"+quoted(joined), "", nil)
	}
	cutOff := ""
	if msg.StopReason == sdk.StopReasonMaxTokens {
		cutOff = fmt.Sprintf(" (it was cut off at the max tokens limit %d; raise MaxTokens)", msg.Usage.OutputTokens)
	}
	if len(req.Schema) == 0 {
		if strings.TrimSpace(joined) == "" {
			return nil, wire.NewError(llm.KindBadOutput, c.Name()+": the model's reply is empty"+cutOff, "", nil)
		}
		return &llm.Response{Text: joined, Usage: usage}, nil
	}
	if input != nil {
		out, err := toolOutput(input, wrapped)
		if err != nil {
			return nil, wire.NewError(llm.KindBadOutput, c.Name()+": the model's tool call is unusable"+cutOff, "", err)
		}
		return &llm.Response{Text: out, Usage: usage}, nil
	}
	// The model answered in text despite the forced tool (a proxy that
	// drops tool_choice, say): take the JSON from the text.
	if out, ok := wire.JSONText(joined); ok {
		if wrapped {
			if inner, err := toolOutput(json.RawMessage(out), true); err == nil {
				out = inner
			}
		}
		return &llm.Response{Text: out, Usage: usage}, nil
	}
	return nil, wire.NewError(llm.KindBadOutput,
		fmt.Sprintf("%s: the model neither called the reply tool nor sent JSON%s%s", c.Name(), cutOff, quoted(joined)), "", nil)
}

// toolOutput returns the tool input as compact JSON, unwrapped when the
// schema was wrapped.
func toolOutput(input json.RawMessage, wrapped bool) (string, error) {
	if wrapped {
		var w map[string]json.RawMessage
		if err := json.Unmarshal(input, &w); err != nil {
			return "", fmt.Errorf("tool input is not an object: %w", err)
		}
		inner, ok := w[wrapKey]
		if !ok {
			return "", fmt.Errorf("tool input lacks %q", wrapKey)
		}
		input = inner
	}
	var b bytes.Buffer
	if err := json.Compact(&b, input); err != nil {
		return "", fmt.Errorf("tool input is not valid JSON: %w", err)
	}
	return b.String(), nil
}

func quoted(s string) string {
	if s = strings.TrimSpace(s); s == "" {
		return ""
	}
	return fmt.Sprintf(": %q", wire.Truncate(s, 200))
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
			"raise the LLM timeout, shorten the prompt, or use a faster model", err)
	case status >= 400:
		e, retry := c.statusError(status, header, wire.ServerMessage(body), err)
		return nil, retry, e
	case !responded:
		return nil, false, wire.NewError(llm.KindUnavailable,
			fmt.Sprintf("%s: cannot reach %s (%s)", c.Name(), base, wire.Unreachable(err)), c.startFix(), err)
	default:
		return nil, false, wire.NewError(llm.KindBadOutput,
			fmt.Sprintf("%s: the server at %s sent a reply that is not a Messages API response", c.Name(), base),
			"check that the base URL points at the Anthropic API ("+DefaultBaseURL+")", err)
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
		return wire.NewError(llm.KindAuth, what(c.keyProblem()), c.keyFix(), err), false
	case status == http.StatusTooManyRequests:
		return wire.WithRetryAfter(wire.NewError(llm.KindRateLimit, what("Anthropic is rate limiting requests"),
			"wait and try again, or lower the request rate", err), header), true
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		return wire.NewError(llm.KindTimeout, what(base+" timed out"),
			"shorten the prompt or try again", err), false
	case status == http.StatusServiceUnavailable || status == statusOverloaded:
		return wire.WithRetryAfter(wire.NewError(llm.KindUnavailable, what("Anthropic is overloaded or unavailable"),
			"wait a little and try again", err), header), true
	case status >= 500:
		return wire.NewError(llm.KindUnavailable, what(base+" failed"), "try again later", err), false
	case status == http.StatusNotFound && wire.Mentions(msg, "model"):
		return wire.NewError(llm.KindBadRequest, what(fmt.Sprintf("model %q not found", c.cfg.Model)), modelFix, err), false
	case status == http.StatusNotFound:
		return wire.NewError(llm.KindBadRequest, what(base+"/v1/messages does not exist"),
			"check the base URL: Anthropic's is "+DefaultBaseURL, err), false
	case status == http.StatusRequestEntityTooLarge:
		return wire.NewError(llm.KindBadRequest, what("the request is too large"), "shorten the prompt", err), false
	default:
		return wire.NewError(llm.KindBadRequest, what("the API rejected the request"), "", err), false
	}
}

// modelFix is the advice for an unknown model id.
const modelFix = "use a current model id such as claude-sonnet-4-5 or claude-haiku-4-5 (GET /v1/models lists the ones your key can use)"

func (c *Client) keyProblem() string {
	if c.cfg.APIKey == "" {
		return "no API key is configured"
	}
	return "the API key was rejected"
}

func (c *Client) keyFix() string {
	return "set " + c.cfg.KeyHint + " to a valid key from https://console.anthropic.com/settings/keys"
}

func (c *Client) startFix() string {
	if c.cfg.BaseURL == DefaultBaseURL {
		return "check the network connection and any proxy settings"
	}
	return "is the server at that base URL running? start it, or correct the base URL (--llm anthropic:MODEL@URL)"
}
