package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/anthropic"
	"querent/internal/llm/llmtest"
)

const planSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"sql":{"type":"string"},"tables":{"type":"array","items":{"type":"string"}}},"required":["sql"],"additionalProperties":false}`

func newClient(t *testing.T, baseURL string, edit func(*anthropic.Config)) *anthropic.Client {
	t.Helper()
	cfg := anthropic.Config{BaseURL: baseURL, APIKey: "sk-ant-test", Model: "claude-sonnet-4-5", MaxRetryWait: 10 * time.Millisecond}
	if edit != nil {
		edit(&cfg)
	}
	c, err := anthropic.New(cfg)
	if err != nil {
		t.Fatalf("anthropic.New: %v", err)
	}
	return c
}

func prompt(user string) llm.Request {
	return llm.Request{Messages: []llm.Message{
		{Role: llm.System, Content: "You write SQL."},
		{Role: llm.System, Content: "Use SQLite."},
		{Role: llm.User, Content: user},
	}}
}

func schemaPrompt(user, schema string) llm.Request {
	req := prompt(user)
	req.Schema = json.RawMessage(schema)
	req.SchemaName = "sql_plan"
	return req
}

func wantKind(t *testing.T, err error, kind llm.Kind) *llm.Error {
	t.Helper()
	var e *llm.Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v (%T), want an *llm.Error of kind %q", err, err, kind)
	}
	if e.Kind != kind {
		t.Fatalf("kind = %q, want %q; err: %v", e.Kind, kind, err)
	}
	return e
}

func jsonEqual(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("got is not JSON: %v: %s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %v: %s", err, want)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("JSON differs (-want +got):\n%s", diff)
	}
}

func TestGenerateText(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("SELECT 1"))
	c := newClient(t, srv.AnthropicBaseURL(), nil)
	req := prompt("Give me one.")
	req.Messages = append(req.Messages,
		llm.Message{Role: llm.Assistant, Content: "SELECT"},
		llm.Message{Role: llm.User, Content: "Finish it."},
		llm.Message{Role: llm.User, Content: "Please."},
	)
	req.Temperature = 1.5 // OpenAI's range; Anthropic's tops out at 1
	resp, err := c.Generate(context.Background(), req)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != "SELECT 1" {
		t.Errorf("Text = %q", resp.Text)
	}
	// System 5 words, users 3+2+1, assistant 1 → 12 in; 2 out.
	if want := (llm.Usage{PromptTokens: 12, CompletionTokens: 2}); resp.Usage != want {
		t.Errorf("Usage = %+v, want %+v", resp.Usage, want)
	}
	if c.Name() != "anthropic:claude-sonnet-4-5" {
		t.Errorf("Name = %q", c.Name())
	}
	got := srv.Requests()[0]
	wantMsgs := []llm.Message{
		{Role: llm.System, Content: "You write SQL.\n\nUse SQLite."},
		{Role: llm.User, Content: "Give me one."},
		{Role: llm.Assistant, Content: "SELECT"},
		{Role: llm.User, Content: "Finish it.\nPlease."}, // consecutive user turns merged
	}
	if diff := cmp.Diff(wantMsgs, got.Messages); diff != "" {
		t.Errorf("messages differ (-want +got):\n%s", diff)
	}
	if got.MaxTokens != anthropic.DefaultMaxTokens || got.HasSchema() || got.Model != "claude-sonnet-4-5" {
		t.Errorf("request: max tokens %d, schema %v, model %q", got.MaxTokens, got.HasSchema(), got.Model)
	}
	if got.Temperature == nil || *got.Temperature != 1 {
		t.Errorf("temperature = %v, want 1.5 clamped to 1", got.Temperature)
	}
	if got.Header.Get("X-Api-Key") != "sk-ant-test" {
		t.Errorf("x-api-key = %q", got.Header.Get("X-Api-Key"))
	}
}

func TestGenerateSchemaViaForcedTool(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"sql": "SELECT 1", "tables": ["t"]}`))
	c := newClient(t, srv.AnthropicBaseURL(), nil)
	resp, err := c.Generate(context.Background(), schemaPrompt("one", planSchema))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != `{"sql":"SELECT 1","tables":["t"]}` {
		t.Errorf("Text = %q, want the tool input as compact JSON", resp.Text)
	}
	got := srv.Requests()[0]
	if got.ForcedTool != "sql_plan" {
		t.Errorf("forced tool = %q, want sql_plan", got.ForcedTool)
	}
	jsonEqual(t, string(got.Schema), planSchema)
}

func TestGenerateWrapsNonObjectSchema(t *testing.T) {
	schema := `{"type":"array","items":{"$ref":"#/$defs/step"},"$defs":{"step":{"type":"string"}}}`
	srv := llmtest.NewServer(t, llmtest.Reply(`{"result": ["scan", "join"]}`))
	resp, err := newClient(t, srv.AnthropicBaseURL(), nil).Generate(context.Background(), schemaPrompt("steps", schema))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != `["scan","join"]` {
		t.Errorf("Text = %q, want the unwrapped array", resp.Text)
	}
	jsonEqual(t, string(srv.Requests()[0].Schema), `{
		"type": "object",
		"properties": {"result": {"type": "array", "items": {"$ref": "#/$defs/step"}}},
		"required": ["result"],
		"$defs": {"step": {"type": "string"}}
	}`)
}

func TestGenerateTextInsteadOfTool(t *testing.T) {
	// A model (or proxy) that ignores the forced tool and answers in text.
	srv := llmtest.NewServer(t, llmtest.Reply("Here you go:\n```json\n{\"sql\": \"SELECT 9\"}\n```\n"))
	resp, err := newClient(t, srv.AnthropicBaseURL(), nil).Generate(context.Background(), schemaPrompt("nine", planSchema))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != `{"sql": "SELECT 9"}` {
		t.Errorf("Text = %q", resp.Text)
	}
}

func TestBaseURLWithV1(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	if _, err := newClient(t, srv.AnthropicBaseURL()+"/v1/", nil).Generate(context.Background(), prompt("x")); err != nil {
		t.Fatalf("a base URL ending in /v1 failed: %v", err)
	}
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Status(529, "").WithHeader("Retry-After", "0"),
		llmtest.Status(429, "").WithHeader("Retry-After", "1"), // capped to MaxRetryWait (10ms)
		llmtest.Reply("done"),
	)
	start := time.Now()
	resp, err := newClient(t, srv.AnthropicBaseURL(), func(c *anthropic.Config) { c.MaxRetries = 2 }).Generate(context.Background(), prompt("x"))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != "done" {
		t.Errorf("Text = %q", resp.Text)
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("took %v: Retry-After was not capped", d)
	}
}

func TestErrorKinds(t *testing.T) {
	tests := []struct {
		name string
		step llmtest.Step
		kind llm.Kind
		want string
	}{
		{"unauthorized", llmtest.Status(401, ""), llm.KindAuth, "ANTHROPIC_API_KEY"},
		{"forbidden", llmtest.Status(403, ""), llm.KindAuth, "console.anthropic.com"},
		{"rate limited", llmtest.Status(429, ""), llm.KindRateLimit, "rate limiting"},
		{"overloaded", llmtest.Status(529, ""), llm.KindUnavailable, "overloaded"},
		{"server error", llmtest.Status(500, ""), llm.KindUnavailable, "HTTP 500"},
		{"unknown model", llmtest.Status(404, `{"type":"error","error":{"type":"not_found_error","message":"model: claude-sonnet-9"}}`), llm.KindBadRequest, "claude-sonnet-4-5"},
		{"invalid request", llmtest.Status(400, `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long"}}`), llm.KindBadRequest, "prompt is too long"},
		{"gateway timeout", llmtest.Status(504, ""), llm.KindTimeout, "timed out"},
		{"malformed body", llmtest.Malformed(), llm.KindBadOutput, "not a Messages API response"},
		{"empty reply", llmtest.Reply(""), llm.KindBadOutput, "empty"},
		{"refusal", llmtest.Refusal("I won't do that."), llm.KindRefused, "I won't do that."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tt.step)
			_, err := newClient(t, srv.AnthropicBaseURL(), nil).Generate(context.Background(), prompt("x"))
			e := wantKind(t, err, tt.kind)
			if !strings.Contains(e.Message, tt.want) {
				t.Errorf("message %q lacks %q", e.Message, tt.want)
			}
			if strings.Contains(err.Error(), "sk-ant-test") {
				t.Errorf("error leaks the key: %v", err)
			}
		})
	}
}

func TestRateLimitCarriesRetryAfter(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(429, "").WithHeader("Retry-After", "12"))
	_, err := newClient(t, srv.AnthropicBaseURL(), nil).Generate(context.Background(), prompt("x"))
	if wait, ok := llm.RetryAfter(err); !ok || wait != 12*time.Second {
		t.Errorf("RetryAfter = %v, %v; want 12s", wait, ok)
	}
}

func TestSchemaReplyWithoutJSON(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("I would need to see the schema first."))
	_, err := newClient(t, srv.AnthropicBaseURL(), nil).Generate(context.Background(), schemaPrompt("x", planSchema))
	wantKind(t, err, llm.KindBadOutput)
}

// hangingClient returns a client whose next call hangs, after a warm-up
// call so that on a loaded machine the hanging request still reaches the
// server well before the test's deadline.
func hangingClient(t *testing.T, edit func(*anthropic.Config)) *anthropic.Client {
	t.Helper()
	srv := llmtest.NewServer(t, llmtest.Reply("warm"), llmtest.Hang())
	c := newClient(t, srv.AnthropicBaseURL(), edit)
	if _, err := c.Generate(context.Background(), prompt("warm up")); err != nil {
		t.Fatalf("warm-up call: %v", err)
	}
	return c
}

func TestTimeouts(t *testing.T) {
	const limit = 250 * time.Millisecond
	t.Run("context deadline", func(t *testing.T) {
		c := hangingClient(t, func(c *anthropic.Config) { c.MaxRetries = 3 })
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		start := time.Now()
		_, err := c.Generate(ctx, prompt("x"))
		wantKind(t, err, llm.KindTimeout)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err %v does not wrap context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > limit+2*time.Second {
			t.Errorf("returned after %v", d)
		}
	})
	t.Run("config timeout", func(t *testing.T) {
		c := hangingClient(t, func(c *anthropic.Config) { c.Timeout = limit })
		start := time.Now()
		_, err := c.Generate(context.Background(), prompt("x"))
		wantKind(t, err, llm.KindTimeout)
		if d := time.Since(start); d > limit+2*time.Second {
			t.Errorf("returned after %v", d)
		}
	})
}

func TestUnreachable(t *testing.T) {
	dead := httptest.NewServer(nil)
	base := dead.URL
	dead.Close()
	_, err := newClient(t, base, nil).Generate(context.Background(), prompt("x"))
	e := wantKind(t, err, llm.KindUnavailable)
	if !strings.Contains(e.Message, base) || !strings.Contains(e.Message, "connection refused") {
		t.Errorf("message %q", e.Message)
	}
}

func TestRequestValidation(t *testing.T) {
	srv := llmtest.NewServer(t)
	c := newClient(t, srv.AnthropicBaseURL(), nil)
	onlySystem := llm.Request{Messages: []llm.Message{{Role: llm.System, Content: "hi"}}}
	if _, err := c.Generate(context.Background(), onlySystem); llm.KindOf(err) != llm.KindBadRequest {
		t.Errorf("system-only request: %v", err)
	}
	if _, err := c.Generate(context.Background(), schemaPrompt("x", `"not a schema"`)); llm.KindOf(err) != llm.KindBadRequest {
		t.Errorf("bad schema: %v", err)
	}
	if _, err := anthropic.New(anthropic.Config{APIKey: "k"}); err == nil {
		t.Error("New without a model succeeded")
	}
}

func TestConfigRedactsKey(t *testing.T) {
	cfg := anthropic.Config{APIKey: "sk-ant-secret", Model: "claude-haiku-4-5"}
	b, _ := json.Marshal(cfg)
	for _, s := range []string{cfg.String(), cfg.GoString(), string(b)} {
		if strings.Contains(s, "sk-ant-secret") {
			t.Errorf("key leaked: %s", s)
		}
	}
}
