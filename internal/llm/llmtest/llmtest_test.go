package llmtest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/llmtest"
)

// recorder is a testing.TB that records failures instead of failing, so
// these tests can check that the server fails the tests using it.
type recorder struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	cleanups []func()
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.errs) > 0
}

func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

// finish runs the cleanups as the end of a test would.
func (r *recorder) finish() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	r.cleanups = nil
}

func (r *recorder) errors() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.errs, "\n")
}

func post(t *testing.T, url, body string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return do(t, req)
}

func get(t *testing.T, url string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	code, _, body := do(t, req)
	return code, body
}

func do(t *testing.T, req *http.Request) (int, http.Header, string) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, string(b)
}

const openAIBody = `{"model":"m1","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":[{"type":"text","text":"count the users"}]}],
	"response_format":{"type":"json_schema","json_schema":{"name":"plan","schema":{"type":"object"}}},"max_tokens":50,"temperature":0}`

const anthropicBody = `{"model":"claude","max_tokens":100,"system":[{"type":"text","text":"Be brief."}],
	"messages":[{"role":"user","content":"count the users"}],
	"tools":[{"name":"plan","input_schema":{"type":"object","properties":{"n":{"type":"integer"}}}}],
	"tool_choice":{"type":"tool","name":"plan"}}`

func TestOpenAIProtocol(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"n": 3}`))
	code, _, body := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var reply struct {
		Choices []struct {
			Message      struct{ Role, Content string }
			FinishReason string `json:"finish_reason"`
		}
		Usage llm.Usage
	}
	if err := json.Unmarshal([]byte(body), &reply); err != nil {
		t.Fatal(err)
	}
	if len(reply.Choices) != 1 || reply.Choices[0].Message.Content != `{"n": 3}` || reply.Choices[0].FinishReason != "stop" {
		t.Errorf("reply = %s", body)
	}
	// "Be brief." + "count the users" = 5 words in; `{"n": 3}` = 2 out.
	if reply.Usage != (llm.Usage{PromptTokens: 5, CompletionTokens: 2}) {
		t.Errorf("usage = %+v", reply.Usage)
	}

	got := srv.Requests()[0]
	zero := 0.0
	want := llmtest.Request{
		Protocol: llmtest.OpenAI, Model: "m1",
		Messages: []llm.Message{{Role: llm.System, Content: "Be brief."}, {Role: llm.User, Content: "count the users"}},
		Schema:   json.RawMessage(`{"type":"object"}`), SchemaName: "plan", ResponseFormat: "json_schema",
		MaxTokens: 50, Temperature: &zero,
	}
	if diff := cmp.Diff(want, got, cmpRequest); diff != "" {
		t.Errorf("recorded request (-want +got):\n%s", diff)
	}
	if got.System() != "Be brief." || got.LastUser() != "count the users" || !got.HasSchema() {
		t.Errorf("helpers: System %q, LastUser %q, HasSchema %v", got.System(), got.LastUser(), got.HasSchema())
	}
}

// cmpRequest compares recorded requests without headers and raw bodies.
var cmpRequest = cmp.FilterPath(func(p cmp.Path) bool {
	f := p.Last().String()
	return f == ".Header" || f == ".Body"
}, cmp.Ignore())

func TestAnthropicProtocol(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"n": 3}`), llmtest.Reply("no tool, just text"))
	header := map[string]string{"anthropic-version": "2023-06-01"}
	code, _, body := post(t, srv.AnthropicBaseURL()+"/v1/messages", anthropicBody, header)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var reply struct {
		Content []struct {
			Type, Name, Text string
			Input            json.RawMessage
		}
		StopReason string `json:"stop_reason"`
		Usage      struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
		}
	}
	if err := json.Unmarshal([]byte(body), &reply); err != nil {
		t.Fatal(err)
	}
	if reply.StopReason != "tool_use" || len(reply.Content) != 1 || reply.Content[0].Type != "tool_use" ||
		reply.Content[0].Name != "plan" || string(reply.Content[0].Input) != `{"n":3}` {
		t.Errorf("reply = %s", body)
	}
	if reply.Usage.InputTokens != 5 || reply.Usage.OutputTokens != 2 {
		t.Errorf("usage = %+v", reply.Usage)
	}
	got := srv.Requests()[0]
	if got.Protocol != llmtest.Anthropic || got.ForcedTool != "plan" || got.System() != "Be brief." || got.MaxTokens != 100 {
		t.Errorf("recorded %+v", got)
	}

	// A reply that is not a JSON object comes back as text even with a forced tool.
	_, _, body = post(t, srv.AnthropicBaseURL()+"/v1/messages", anthropicBody, header)
	if !strings.Contains(body, `"type":"text"`) || !strings.Contains(body, `"end_turn"`) {
		t.Errorf("text reply = %s", body)
	}
}

func TestStatusBodies(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Status(429, "").WithHeader("Retry-After", "3"),
		llmtest.Status(502, "bad gateway from proxy"),
		llmtest.Status(401, ""),
	)
	code, header, body := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	if code != 429 || header.Get("Retry-After") != "3" || !strings.Contains(body, `"rate_limit_exceeded"`) {
		t.Errorf("429: %d %v %s", code, header, body)
	}
	code, header, body = post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	if code != 502 || !strings.HasPrefix(header.Get("Content-Type"), "text/plain") || body != "bad gateway from proxy" {
		t.Errorf("502: %d %v %q", code, header, body)
	}
	code, _, body = post(t, srv.AnthropicBaseURL()+"/v1/messages", anthropicBody, nil)
	if code != 401 || !strings.Contains(body, `"authentication_error"`) {
		t.Errorf("401: %d %s", code, body)
	}
}

func TestFuncAndMalformed(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Func(func(req llmtest.Request) llmtest.Step {
			return llmtest.Reply("echo: " + req.LastUser())
		}),
		llmtest.Malformed(),
	)
	_, _, body := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	if !strings.Contains(body, "echo: count the users") {
		t.Errorf("Func reply = %s", body)
	}
	code, _, body := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	if code != http.StatusOK || json.Valid([]byte(body)) {
		t.Errorf("Malformed = %d %q, want 200 with invalid JSON", code, body)
	}
}

func TestModels(t *testing.T) {
	srv := llmtest.NewServer(t)
	anth := map[string]string{"anthropic-version": "2023-06-01"}

	if code, body := get(t, srv.OpenAIBaseURL()+"/models", nil); code != 200 || !strings.Contains(body, `"id":"`+llmtest.DefaultModel+`"`) || !strings.Contains(body, `"object":"list"`) {
		t.Errorf("default list: %d %s", code, body)
	}
	srv.SetModels("a", "b")
	if _, body := get(t, srv.URL()+"/v1/models", anth); !strings.Contains(body, `"has_more":false`) || !strings.Contains(body, `"last_id":"b"`) {
		t.Errorf("anthropic list: %s", body)
	}
	if code, _ := get(t, srv.URL()+"/v1/models/b", anth); code != 200 {
		t.Errorf("get known model: %d", code)
	}
	if code, body := get(t, srv.URL()+"/v1/models/zzz", anth); code != 404 || !strings.Contains(body, "not_found_error") {
		t.Errorf("get unknown model: %d %s", code, body)
	}
	srv.DisableModels()
	if code, _ := get(t, srv.OpenAIBaseURL()+"/models", nil); code != 404 {
		t.Errorf("disabled list: %d", code)
	}
	if len(srv.Requests()) != 0 {
		t.Error("model requests were recorded as generation requests")
	}
}

func TestRequireAPIKey(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply("ok"))
	srv.RequireAPIKey("secret")
	if code, _, _ := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil); code != 401 {
		t.Errorf("keyless request: %d", code)
	}
	if code, _, _ := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, map[string]string{"Authorization": "Bearer secret"}); code != 200 {
		t.Errorf("keyed request: %d", code)
	}
}

func TestScriptOverrunFailsTest(t *testing.T) {
	rec := &recorder{TB: t}
	srv := llmtest.NewServer(rec, llmtest.Reply("only one"))
	post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	code, _, body := post(t, srv.OpenAIBaseURL()+"/chat/completions", openAIBody, nil)
	rec.finish()
	if code != http.StatusInternalServerError || !strings.Contains(body, "script exhausted") {
		t.Errorf("overrun answered %d %s", code, body)
	}
	if errs := rec.errors(); !strings.Contains(errs, "request 2") || !strings.Contains(errs, "runs past the script of 1 steps") {
		t.Errorf("recorded failures: %q", errs)
	}
}

func TestUnusedStepsFailTest(t *testing.T) {
	rec := &recorder{TB: t}
	llmtest.NewServer(rec, llmtest.Reply("a"), llmtest.Status(429, ""))
	rec.finish()
	if errs := rec.errors(); !strings.Contains(errs, "2 of 2 scripted steps were never used") || !strings.Contains(errs, `Reply("a")`) {
		t.Errorf("recorded failures: %q", errs)
	}
}

func TestInvalidRequestFailsTest(t *testing.T) {
	rec := &recorder{TB: t}
	srv := llmtest.NewServer(rec)
	code, _, _ := post(t, srv.AnthropicBaseURL()+"/v1/messages", `{"model":"claude","messages":[{"role":"user","content":"hi"}]}`, nil)
	rec.finish()
	if code != http.StatusBadRequest || !strings.Contains(rec.errors(), "max_tokens is required") {
		t.Errorf("status %d, failures %q", code, rec.errors())
	}
}

func TestHangReleasedAtCleanup(t *testing.T) {
	rec := &recorder{TB: t}
	srv := llmtest.NewServer(rec, llmtest.Hang())
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := http.Post(srv.OpenAIBaseURL()+"/chat/completions", "application/json", strings.NewReader(openAIBody))
		if err == nil {
			res.Body.Close()
		}
	}()
	// Wait until the request is in the handler, then end the "test".
	deadline := time.Now().Add(2 * time.Second)
	for len(srv.Requests()) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	finished := make(chan struct{})
	go func() { rec.finish(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(5 * time.Second):
		t.Fatal("cleanup blocked on a hanging request")
	}
	<-done
	if rec.errors() != "" {
		t.Errorf("unexpected failures: %s", rec.errors())
	}
}
