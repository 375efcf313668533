package openai_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/openai"
)

const planSchema = `{"type":"object","properties":{"sql":{"type":"string"}},"required":["sql"]}`

func newClient(t *testing.T, baseURL string, edit func(*openai.Config)) *openai.Client {
	t.Helper()
	cfg := openai.Config{BaseURL: baseURL, Model: "qwen2.5-coder:7b", MaxRetryWait: 10 * time.Millisecond}
	if edit != nil {
		edit(&cfg)
	}
	c, err := openai.New(cfg)
	if err != nil {
		t.Fatalf("openai.New: %v", err)
	}
	return c
}

func prompt(user string) llm.Request {
	return llm.Request{Messages: []llm.Message{
		{Role: llm.System, Content: "You write SQL."},
		{Role: llm.User, Content: user},
	}}
}

func schemaPrompt(user string) llm.Request {
	req := prompt(user)
	req.Schema = json.RawMessage(planSchema)
	req.SchemaName = "sql plan"
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
	srv := llmtest.NewServer(t, llmtest.Reply("SELECT count(*) FROM users"))
	c := newClient(t, srv.OpenAIBaseURL(), nil)
	req := prompt("How many users are there?")
	req.MaxTokens = 300
	req.Temperature = 0.2

	resp, err := c.Generate(context.Background(), req)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != "SELECT count(*) FROM users" {
		t.Errorf("Text = %q", resp.Text)
	}
	// Fake usage counts words: 3 (system) + 5 (user) in, 4 out.
	if want := (llm.Usage{PromptTokens: 8, CompletionTokens: 4}); resp.Usage != want {
		t.Errorf("Usage = %+v, want %+v", resp.Usage, want)
	}
	if got := c.Name(); got != "openai:qwen2.5-coder:7b" {
		t.Errorf("Name = %q", got)
	}

	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server saw %d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if got.Model != "qwen2.5-coder:7b" || got.HasSchema() || got.ResponseFormat != "" || got.MaxTokens != 300 {
		t.Errorf("request = model %q, schema %v, response_format %q, max tokens %d", got.Model, got.HasSchema(), got.ResponseFormat, got.MaxTokens)
	}
	if got.Temperature == nil || *got.Temperature != 0.2 {
		t.Errorf("temperature = %v, want 0.2", got.Temperature)
	}
	if diff := cmp.Diff(req.Messages, got.Messages); diff != "" {
		t.Errorf("messages differ (-sent +received):\n%s", diff)
	}
}

func TestGenerateSchemaPassthrough(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"sql": "SELECT 1"}`))
	c := newClient(t, srv.OpenAIBaseURL(), nil)

	resp, err := c.Generate(context.Background(), schemaPrompt("one"))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	jsonEqual(t, resp.Text, `{"sql":"SELECT 1"}`)
	got := srv.Requests()[0]
	if got.ResponseFormat != "json_schema" || got.SchemaName != "sql_plan" {
		t.Errorf("response_format = %q named %q, want json_schema named sql_plan", got.ResponseFormat, got.SchemaName)
	}
	jsonEqual(t, string(got.Schema), planSchema)
	if strings.Contains(got.System(), "JSON Schema") {
		t.Error("json_schema mode also put the schema in the prompt")
	}
	if !bytes.Contains(got.Body, []byte(`"strict":false`)) {
		t.Errorf("request does not send strict false: %s", got.Body)
	}
	if c.StructuredMode() != openai.ModeJSONSchema {
		t.Errorf("mode = %q", c.StructuredMode())
	}
}

func TestGenerateStripsFencesAndProse(t *testing.T) {
	replies := []string{
		"```json\n{\"sql\": \"SELECT 2\"}\n```",
		"Here is the query you asked for:\n\n```\n{\"sql\": \"SELECT 2\"}\n```\nAnything else?",
		"<think>The user wants {something}.</think>{\"sql\": \"SELECT 2\"}",
	}
	for _, reply := range replies {
		srv := llmtest.NewServer(t, llmtest.Reply(reply))
		resp, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), schemaPrompt("two"))
		if err != nil {
			t.Fatalf("reply %q: %v", reply, err)
		}
		if resp.Text != `{"sql": "SELECT 2"}` {
			t.Errorf("reply %q gave Text %q", reply, resp.Text)
		}
	}
}

func TestGeneratePlainTextIsNotCleaned(t *testing.T) {
	reply := "Sure:\n```sql\nSELECT 1\n```"
	srv := llmtest.NewServer(t, llmtest.Reply(reply))
	resp, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != reply {
		t.Errorf("Text = %q, want the reply untouched", resp.Text)
	}
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Status(429, "").WithHeader("Retry-After", "0"),
		llmtest.Status(503, "").WithHeader("Retry-After", "1"), // capped to MaxRetryWait (10ms)
		llmtest.Reply("done"),
	)
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.MaxRetries = 2 })
	start := time.Now()
	resp, err := c.Generate(context.Background(), prompt("x"))
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if resp.Text != "done" || len(srv.Requests()) != 3 {
		t.Errorf("Text = %q after %d requests; want done after 3", resp.Text, len(srv.Requests()))
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("took %v: Retry-After was not capped by MaxRetryWait", d)
	}
}

func TestRateLimitWithoutRetries(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(429, "").WithHeader("Retry-After", "7"))
	_, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x"))
	wantKind(t, err, llm.KindRateLimit)
	if wait, ok := llm.RetryAfter(err); !ok || wait != 7*time.Second {
		t.Errorf("RetryAfter = %v, %v; want the server's 7s for the agent", wait, ok)
	}
}

func TestQuotaExhaustedIsFinal(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(429,
		`{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}`))
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.MaxRetries = 3 })
	_, err := c.Generate(context.Background(), prompt("x"))
	wantKind(t, err, llm.KindAuth)
	if len(srv.Requests()) != 1 {
		t.Errorf("retried an exhausted quota %d times", len(srv.Requests())-1)
	}
}

func TestUnauthorized(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(401, ""))
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) {
		c.APIKey = "sk-wrong"
		c.KeyHint = "QUERENT_LLM_API_KEY"
		c.MaxRetries = 3
	})
	_, err := c.Generate(context.Background(), prompt("x"))
	e := wantKind(t, err, llm.KindAuth)
	if !strings.Contains(e.Message, "QUERENT_LLM_API_KEY") || !strings.Contains(e.Message, "rejected the API key") {
		t.Errorf("message %q does not say the key was rejected and where to set it", e.Message)
	}
	if strings.Contains(err.Error(), "sk-wrong") {
		t.Errorf("error leaks the key: %v", err)
	}
	if len(srv.Requests()) != 1 {
		t.Error("retried an auth failure")
	}
}

func TestAPIKeyHandling(t *testing.T) {
	// A key in the environment must not reach a server it was not given for.
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("OPENAI_ORG_ID", "org-private")
	t.Setenv("OPENAI_PROJECT_ID", "proj-private")
	srv := llmtest.NewServer(t, llmtest.Reply("a"), llmtest.Reply("b"))

	if _, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x")); err != nil {
		t.Fatal(err)
	}
	keyed := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.APIKey = "sk-given" })
	if _, err := keyed.Generate(context.Background(), prompt("x")); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if got := reqs[0].Header.Get("Authorization"); strings.Contains(got, "sk-from-env") || got == "" {
		t.Errorf("keyless client sent Authorization %q; want a placeholder, not the environment's key", got)
	}
	for _, r := range reqs {
		if org, proj := r.Header.Get("OpenAI-Organization"), r.Header.Get("OpenAI-Project"); org != "" || proj != "" {
			t.Errorf("OpenAI account headers sent to another server: organization %q, project %q", org, proj)
		}
	}
	if got := reqs[1].Header.Get("Authorization"); got != "Bearer sk-given" {
		t.Errorf("Authorization = %q, want the configured key", got)
	}
	if s := keyed.Name() + " " + (openai.Config{APIKey: "sk-given", Model: "m"}).String(); strings.Contains(s, "sk-given") {
		t.Errorf("String leaks the key: %s", s)
	}
}

func TestModelNotFound(t *testing.T) {
	ollama404 := `{"error":{"message":"model \"llama3.9\" not found, try pulling it first","type":"api_error","param":null,"code":null}}`
	tests := []struct {
		name     string
		body     string
		provider string
		want     []string
		dontWant string
	}{
		{"ollama by its message", ollama404, "", []string{`model "llama3.9" not found`, "ollama pull llama3.9"}, ""},
		{"ollama by provider", `{"error":{"message":"The model does not exist."}}`, "ollama", []string{"ollama pull llama3.9"}, ""},
		{"other servers", `{"error":{"message":"The model llama3.9 does not exist.","code":"model_not_found"}}`, "", []string{"/models"}, "ollama"},
		{"wrong endpoint", `{"detail":"Not Found"}`, "", []string{"/chat/completions does not exist", "/v1"}, "ollama"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, llmtest.Status(404, tt.body))
			c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.Model, c.Provider = "llama3.9", tt.provider })
			_, err := c.Generate(context.Background(), prompt("x"))
			e := wantKind(t, err, llm.KindBadRequest)
			for _, w := range tt.want {
				if !strings.Contains(e.Message, w) {
					t.Errorf("message %q lacks %q", e.Message, w)
				}
			}
			if tt.dontWant != "" && strings.Contains(e.Message, tt.dontWant) {
				t.Errorf("message %q mentions %q", e.Message, tt.dontWant)
			}
		})
	}
}

// hangingClient returns a client whose next call hangs. A first, instant
// call warms the connection, so that on a loaded machine the hanging request
// still reaches the server well before the test's deadline.
func hangingClient(t *testing.T, edit func(*openai.Config)) *openai.Client {
	t.Helper()
	srv := llmtest.NewServer(t, llmtest.Reply("warm"), llmtest.Hang())
	c := newClient(t, srv.OpenAIBaseURL(), edit)
	if _, err := c.Generate(context.Background(), prompt("warm up")); err != nil {
		t.Fatalf("warm-up call: %v", err)
	}
	return c
}

func TestTimeouts(t *testing.T) {
	const limit = 250 * time.Millisecond
	t.Run("context deadline", func(t *testing.T) {
		c := hangingClient(t, func(c *openai.Config) { c.MaxRetries = 3 })
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		start := time.Now()
		_, err := c.Generate(ctx, prompt("x"))
		wantKind(t, err, llm.KindTimeout)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err %v does not wrap context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > limit+2*time.Second {
			t.Errorf("returned after %v, want promptly after the %v deadline", d, limit)
		}
	})
	t.Run("config timeout", func(t *testing.T) {
		c := hangingClient(t, func(c *openai.Config) { c.Timeout = limit })
		start := time.Now()
		_, err := c.Generate(context.Background(), prompt("x"))
		e := wantKind(t, err, llm.KindTimeout)
		if !strings.Contains(e.Message, "within 250ms") {
			t.Errorf("message %q does not name the timeout", e.Message)
		}
		if d := time.Since(start); d > limit+2*time.Second {
			t.Errorf("returned after %v, want promptly after the %v timeout", d, limit)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		c := hangingClient(t, nil)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(limit, cancel)
		_, err := c.Generate(ctx, prompt("x"))
		wantKind(t, err, llm.KindTimeout)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err %v does not wrap context.Canceled", err)
		}
	})
	t.Run("gateway timeout", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Status(504, "upstream timed out"))
		_, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x"))
		wantKind(t, err, llm.KindTimeout)
	})
}

func TestBadOutput(t *testing.T) {
	tests := []struct {
		name   string
		step   llmtest.Step
		schema bool
	}{
		{"malformed body", llmtest.Malformed(), false},
		{"empty reply", llmtest.Reply(""), false},
		{"no JSON in a schema reply", llmtest.Reply("I think you should query the users table."), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.NewServer(t, tt.step)
			req := prompt("x")
			if tt.schema {
				req = schemaPrompt("x")
			}
			_, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), req)
			wantKind(t, err, llm.KindBadOutput)
		})
	}
}

func TestRefused(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Refusal("I can't help with that."))
	_, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x"))
	e := wantKind(t, err, llm.KindRefused)
	if !strings.Contains(e.Message, "I can't help with that.") {
		t.Errorf("message %q does not quote the refusal", e.Message)
	}
}

func TestServerErrors(t *testing.T) {
	t.Run("500 is unavailable and not retried", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Status(500, `{"error":"model requires more system memory (12 GiB) than is available (8 GiB)"}`))
		_, err := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.MaxRetries = 2 }).Generate(context.Background(), prompt("x"))
		e := wantKind(t, err, llm.KindUnavailable)
		if !strings.Contains(e.Message, "more system memory") {
			t.Errorf("message %q drops the server's explanation", e.Message)
		}
	})
	t.Run("other 400 is bad_request", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Status(400, `{"error":{"message":"This model's maximum context length is 8192 tokens"}}`))
		_, err := newClient(t, srv.OpenAIBaseURL(), nil).Generate(context.Background(), prompt("x"))
		wantKind(t, err, llm.KindBadRequest)
	})
}

func TestUnreachable(t *testing.T) {
	dead := httptest.NewServer(nil)
	base := dead.URL + "/v1"
	dead.Close()

	c := newClient(t, base, func(c *openai.Config) { c.Provider = "ollama"; c.MaxRetries = 2 })
	_, err := c.Generate(context.Background(), prompt("x"))
	e := wantKind(t, err, llm.KindUnavailable)
	for _, w := range []string{base, "ollama serve", "connection refused"} {
		if !strings.Contains(e.Message, w) {
			t.Errorf("message %q lacks %q", e.Message, w)
		}
	}
}

func TestStructuredFallback(t *testing.T) {
	rejectSchema := llmtest.Status(400, `{"error":{"message":"response_format json_schema is not supported by this server","type":"invalid_request_error"}}`)
	rejectObject := llmtest.Status(400, `{"error":"'response_format.type' must be 'text'"}`)

	t.Run("to json_object, remembered", func(t *testing.T) {
		srv := llmtest.NewServer(t, rejectSchema, llmtest.Reply(`{"sql":"SELECT 3"}`), llmtest.Reply(`{"sql":"SELECT 4"}`))
		c := newClient(t, srv.OpenAIBaseURL(), nil)
		resp, err := c.Generate(context.Background(), schemaPrompt("three"))
		if err != nil {
			t.Fatalf("Generate: %v", err)
		}
		jsonEqual(t, resp.Text, `{"sql":"SELECT 3"}`)
		if _, err := c.Generate(context.Background(), schemaPrompt("four")); err != nil {
			t.Fatalf("second Generate: %v", err)
		}
		reqs := srv.Requests()
		if len(reqs) != 3 {
			t.Fatalf("server saw %d requests, want 3 (rejected, fallback, fallback remembered)", len(reqs))
		}
		if reqs[0].ResponseFormat != "json_schema" || reqs[1].ResponseFormat != "json_object" || reqs[2].ResponseFormat != "json_object" {
			t.Errorf("response formats = %q, %q, %q", reqs[0].ResponseFormat, reqs[1].ResponseFormat, reqs[2].ResponseFormat)
		}
		if sys := reqs[1].System(); !strings.HasPrefix(sys, "You write SQL.") || !strings.Contains(sys, `"sql"`) {
			t.Errorf("json_object request's system prompt lacks the original prompt or the schema:\n%s", sys)
		}
		if n := countRole(reqs[1].Messages, llm.System); n != 1 {
			t.Errorf("fallback sent %d system messages, want them merged into 1", n)
		}
		if c.StructuredMode() != openai.ModeJSONObject {
			t.Errorf("mode = %q", c.StructuredMode())
		}
	})
	t.Run("to prompt-only", func(t *testing.T) {
		srv := llmtest.NewServer(t, rejectSchema, rejectObject, llmtest.Reply("```json\n{\"sql\":\"SELECT 5\"}\n```"))
		c := newClient(t, srv.OpenAIBaseURL(), nil)
		resp, err := c.Generate(context.Background(), schemaPrompt("five"))
		if err != nil {
			t.Fatalf("Generate: %v", err)
		}
		jsonEqual(t, resp.Text, `{"sql":"SELECT 5"}`)
		last := srv.Requests()[2]
		if last.ResponseFormat != "" || !strings.Contains(last.System(), "JSON Schema") {
			t.Errorf("prompt-only request: response_format %q, system %q", last.ResponseFormat, last.System())
		}
		if c.StructuredMode() != openai.ModePromptOnly {
			t.Errorf("mode = %q", c.StructuredMode())
		}
	})
	t.Run("unrelated 400 does not fall back", func(t *testing.T) {
		srv := llmtest.NewServer(t, llmtest.Status(400, `{"error":{"message":"messages: too many"}}`))
		c := newClient(t, srv.OpenAIBaseURL(), nil)
		_, err := c.Generate(context.Background(), schemaPrompt("x"))
		wantKind(t, err, llm.KindBadRequest)
		if c.StructuredMode() != openai.ModeJSONSchema {
			t.Errorf("mode = %q after an unrelated 400", c.StructuredMode())
		}
	})
}

func TestParameterFallbacks(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Status(400, `{"error":{"message":"Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.","param":"temperature"}}`),
		llmtest.Status(400, `{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."}}`),
		llmtest.Reply("ok"),
		llmtest.Reply("ok again"),
	)
	c := newClient(t, srv.OpenAIBaseURL(), nil)
	req := prompt("x")
	req.MaxTokens = 100
	for range 2 {
		if _, err := c.Generate(context.Background(), req); err != nil {
			t.Fatalf("Generate: %v", err)
		}
	}
	reqs := srv.Requests()
	if reqs[0].Temperature == nil || reqs[1].Temperature != nil || reqs[3].Temperature != nil {
		t.Error("temperature was not dropped after the server rejected it, or not remembered")
	}
	for i, r := range reqs {
		hasCompletion := bytes.Contains(r.Body, []byte(`"max_completion_tokens"`))
		if wantCompletion := i >= 2; hasCompletion != wantCompletion {
			t.Errorf("request %d sends max_completion_tokens = %v, want %v", i, hasCompletion, wantCompletion)
		}
		if r.MaxTokens != 100 {
			t.Errorf("request %d max tokens = %d", i, r.MaxTokens)
		}
	}
}

func TestNewValidates(t *testing.T) {
	for _, cfg := range []openai.Config{
		{BaseURL: "http://localhost:1/v1"},
		{BaseURL: "localhost:11434/v1", Model: "m"},
		{BaseURL: "ftp://x/v1", Model: "m"},
		{Model: "m", MaxRetries: -1},
	} {
		if _, err := openai.New(cfg); err == nil {
			t.Errorf("New(%v) succeeded", cfg)
		}
	}
}

func countRole(msgs []llm.Message, role llm.Role) int {
	n := 0
	for _, m := range msgs {
		if m.Role == role {
			n++
		}
	}
	return n
}
