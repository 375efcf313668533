// Package llmtest is a scripted fake LLM server for tests. It speaks the real
// HTTP protocols of OpenAI-compatible servers (POST /v1/chat/completions,
// GET /v1/models) and of Anthropic (POST /v1/messages, GET /v1/models), so
// tests drive the real adapters, SDKs included, without a network or a model.
//
// A test scripts one Step per generation request, in order, across both
// protocols:
//
//	srv := llmtest.NewServer(t,
//		llmtest.Status(429, "").WithHeader("Retry-After", "0"),
//		llmtest.Reply(`{"sql": "SELECT 1"}`),
//	)
//	model, _ := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: "m"})
//
// The server records every generation request (Requests) so tests can assert
// prompts. A request past the end of the script fails the test, and so does a
// script with steps left over when the test ends (unless the test has already
// failed), so a test cannot silently exercise less than it scripted. Model
// list requests do not consume steps; see SetModels, DisableModels and
// RequireAPIKey.
//
// Token usage in replies is deterministic: prompt tokens are the words of
// every message (system included), completion tokens the words of the reply.
//
// It is a normal package, not a _test file, so other packages' tests can use it.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"querent/internal/llm"
)

// Protocol is the wire protocol a request arrived in.
type Protocol string

// The protocols the server speaks.
const (
	OpenAI    Protocol = "openai"
	Anthropic Protocol = "anthropic"
)

// DefaultModel is the only model the server lists until SetModels is called.
const DefaultModel = "fake-model"

// Request is one generation request as the server decoded it.
type Request struct {
	Protocol Protocol
	Model    string
	// Messages holds the prompt in order; Anthropic's top-level system prompt
	// and OpenAI's "developer" messages appear as llm.System messages.
	Messages []llm.Message
	// Schema is the JSON Schema sent: OpenAI's response_format json_schema,
	// or the input_schema of the tool an Anthropic request forces.
	Schema     json.RawMessage
	SchemaName string
	// ResponseFormat is OpenAI's response_format type ("json_schema",
	// "json_object", "text"), or "" when none was sent.
	ResponseFormat string
	// ForcedTool names the tool an Anthropic request's tool_choice forces.
	ForcedTool string
	// MaxTokens is max_tokens (or max_completion_tokens); zero when absent.
	MaxTokens   int
	Temperature *float64
	Header      http.Header
	// Body is the raw request body.
	Body json.RawMessage
}

// HasSchema reports whether the request sent a JSON Schema.
func (r Request) HasSchema() bool { return len(r.Schema) > 0 }

// System returns the system messages joined by blank lines.
func (r Request) System() string { return r.joined(llm.System) }

// LastUser returns the content of the last user message.
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == llm.User {
			return r.Messages[i].Content
		}
	}
	return ""
}

func (r Request) joined(role llm.Role) string {
	var parts []string
	for _, m := range r.Messages {
		if m.Role == role {
			parts = append(parts, m.Content)
		}
	}
	return strings.Join(parts, "\n\n")
}

type stepKind int

const (
	kindReply stepKind = iota + 1
	kindStatus
	kindHang
	kindMalformed
	kindRefusal
	kindFunc
)

// Step is one scripted answer to one generation request. Build it with
// Reply, Status, Hang, Malformed, Refusal or Func.
type Step struct {
	kind   stepKind
	text   string
	code   int
	body   string
	header http.Header
	fn     func(Request) Step
}

// Reply answers with text as the model's reply. When an Anthropic request
// forces a tool and text is a JSON object, it comes back as that tool's
// tool_use input, as the real API does; otherwise as a text block (a model
// that ignored the tool).
func Reply(text string) Step { return Step{kind: kindReply, text: text} }

// Status answers with an HTTP error status. An empty body is replaced by the
// protocol's usual error envelope with the status text as message; a body
// that is not JSON is sent as text/plain. Add headers such as Retry-After
// with WithHeader.
func Status(code int, body string) Step { return Step{kind: kindStatus, code: code, body: body} }

// Hang answers nothing: the handler blocks until the client gives up (the
// request's context is done) or the server shuts down. Use it for timeouts.
func Hang() Step { return Step{kind: kindHang} }

// Malformed answers 200 with a body that is not valid JSON.
func Malformed() Step { return Step{kind: kindMalformed} }

// Refusal answers with the model declining: OpenAI's message.refusal, or
// Anthropic's stop_reason "refusal".
func Refusal(text string) Step { return Step{kind: kindRefusal, text: text} }

// Func decides the answer when the request arrives, from the request.
func Func(f func(req Request) Step) Step { return Step{kind: kindFunc, fn: f} }

// WithHeader returns a copy of s that also sends the response header
// key: value (for example Retry-After on a 429).
func (s Step) WithHeader(key, value string) Step {
	h := s.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	h.Add(key, value)
	s.header = h
	return s
}

// String names the step, for failure messages about unused steps.
func (s Step) String() string {
	switch s.kind {
	case kindReply:
		return fmt.Sprintf("Reply(%q)", truncate(s.text, 60))
	case kindStatus:
		return fmt.Sprintf("Status(%d)", s.code)
	case kindHang:
		return "Hang()"
	case kindMalformed:
		return "Malformed()"
	case kindRefusal:
		return fmt.Sprintf("Refusal(%q)", truncate(s.text, 60))
	case kindFunc:
		return "Func(...)"
	}
	return "Step{}"
}

// Server is a running fake LLM server.
type Server struct {
	t       testing.TB
	srv     *httptest.Server
	closing chan struct{}

	mu       sync.Mutex
	steps    []Step
	next     int
	requests []Request
	models   []string
	noModels bool
	apiKey   string
}

// NewServer starts a fake server that answers generation requests with
// steps, in order, and stops it when the test ends.
func NewServer(t testing.TB, steps ...Step) *Server {
	t.Helper()
	s := &Server{
		t:       t,
		closing: make(chan struct{}),
		steps:   steps,
		models:  []string{DefaultModel},
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	t.Cleanup(func() {
		// Release Hang steps first: httptest.Server.Close waits for handlers.
		close(s.closing)
		s.srv.Close()
		s.mu.Lock()
		left := len(s.steps) - s.next
		s.mu.Unlock()
		if left > 0 && !t.Failed() {
			t.Errorf("llmtest: %d of %d scripted steps were never used (next unused: %v); the code under test made fewer model calls than the script expects",
				left, len(s.steps), s.steps[len(s.steps)-left])
		}
	})
	return s
}

// URL returns the server's root URL, e.g. http://127.0.0.1:41234.
func (s *Server) URL() string { return s.srv.URL }

// OpenAIBaseURL returns the base URL for OpenAI-compatible clients (URL+"/v1").
func (s *Server) OpenAIBaseURL() string { return s.srv.URL + "/v1" }

// AnthropicBaseURL returns the base URL for Anthropic clients, which add
// /v1 themselves.
func (s *Server) AnthropicBaseURL() string { return s.srv.URL }

// Requests returns the generation requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// SetModels sets the models GET /v1/models lists (DefaultModel until then).
func (s *Server) SetModels(ids ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = append([]string(nil), ids...)
	s.noModels = false
}

// DisableModels makes the model list endpoints answer 404, as some
// OpenAI-compatible servers do.
func (s *Server) DisableModels() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noModels = true
}

// RequireAPIKey makes every request without this key (OpenAI's
// "Authorization: Bearer KEY" or Anthropic's "x-api-key: KEY") fail with 401
// before it reaches the script.
func (s *Server) RequireAPIKey(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apiKey = key
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	proto := OpenAI
	if r.URL.Path == "/v1/messages" || r.Header.Get("anthropic-version") != "" {
		proto = Anthropic
	}
	s.mu.Lock()
	key := s.apiKey
	s.mu.Unlock()
	if key != "" && r.Header.Get("Authorization") != "Bearer "+key && r.Header.Get("X-Api-Key") != key {
		writeError(w, proto, http.StatusUnauthorized, "invalid API key", nil)
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/chat/completions":
		s.generate(w, r, OpenAI)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/messages":
		s.generate(w, r, Anthropic)
	case r.Method == http.MethodGet && r.URL.Path == "/v1/models":
		s.listModels(w, proto)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/models/"):
		s.getModel(w, proto, strings.TrimPrefix(r.URL.Path, "/v1/models/"))
	default:
		writeError(w, proto, http.StatusNotFound, fmt.Sprintf("llmtest: no route for %s %s", r.Method, r.URL.Path), nil)
	}
}

func (s *Server) generate(w http.ResponseWriter, r *http.Request, proto Protocol) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.t.Errorf("llmtest: reading %s request body: %v", proto, err)
		writeError(w, proto, http.StatusBadRequest, "unreadable body", nil)
		return
	}
	var req Request
	if proto == OpenAI {
		req, err = decodeOpenAI(body)
	} else {
		req, err = decodeAnthropic(body)
	}
	if err != nil {
		s.t.Errorf("llmtest: the client sent a %s request the real API would reject: %v\nbody: %s", proto, err, truncate(string(body), 2000))
		writeError(w, proto, http.StatusBadRequest, err.Error(), nil)
		return
	}
	req.Header = r.Header.Clone()

	s.mu.Lock()
	s.requests = append(s.requests, req)
	n := len(s.requests)
	var step Step
	exhausted := s.next >= len(s.steps)
	if !exhausted {
		step = s.steps[s.next]
		s.next++
	}
	total := len(s.steps)
	s.mu.Unlock()

	if exhausted {
		s.t.Errorf("llmtest: request %d (%s, model %q, last user message %q) runs past the script of %d steps; add a step for it",
			n, proto, req.Model, truncate(req.LastUser(), 80), total)
		writeError(w, proto, http.StatusInternalServerError, "llmtest: script exhausted", nil)
		return
	}
	for step.kind == kindFunc {
		step = step.fn(req)
	}
	s.answer(w, r, proto, req, step, n)
}

func (s *Server) answer(w http.ResponseWriter, r *http.Request, proto Protocol, req Request, step Step, n int) {
	maps.Copy(w.Header(), step.header)
	switch step.kind {
	case kindHang:
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
	case kindStatus:
		writeError(w, proto, step.code, step.body, step.header)
	case kindMalformed:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id": "broken", "choices": [{"message": {"content": "unterminated`)
	case kindReply, kindRefusal:
		var reply any
		if proto == OpenAI {
			reply = openAIReply(req, step, n)
		} else {
			reply = anthropicReply(req, step, n)
		}
		writeJSON(w, http.StatusOK, reply)
	default:
		s.t.Errorf("llmtest: step %d is the zero Step; build steps with Reply, Status, Hang, Malformed, Refusal or Func", n)
		writeError(w, proto, http.StatusInternalServerError, "llmtest: zero step", nil)
	}
}

func (s *Server) listModels(w http.ResponseWriter, proto Protocol) {
	s.mu.Lock()
	ids, off := append([]string(nil), s.models...), s.noModels
	s.mu.Unlock()
	if off {
		writeError(w, proto, http.StatusNotFound, "llmtest: model listing is disabled", nil)
		return
	}
	data := make([]any, 0, len(ids))
	for _, id := range ids {
		data = append(data, modelObject(proto, id))
	}
	if proto == OpenAI {
		writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
		return
	}
	page := map[string]any{"data": data, "has_more": false, "first_id": nil, "last_id": nil}
	if len(ids) > 0 {
		page["first_id"], page["last_id"] = ids[0], ids[len(ids)-1]
	}
	writeJSON(w, http.StatusOK, page)
}

func (s *Server) getModel(w http.ResponseWriter, proto Protocol, id string) {
	s.mu.Lock()
	known, off := false, s.noModels
	for _, m := range s.models {
		known = known || m == id
	}
	s.mu.Unlock()
	switch {
	case off:
		writeError(w, proto, http.StatusNotFound, "llmtest: model listing is disabled", nil)
	case !known && proto == OpenAI:
		writeJSON(w, http.StatusNotFound, map[string]any{"error": map[string]any{
			"message": fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", id),
			"type":    "invalid_request_error", "param": nil, "code": "model_not_found"}})
	case !known:
		writeJSON(w, http.StatusNotFound, map[string]any{"type": "error", "error": map[string]any{
			"type": "not_found_error", "message": "model: " + id}})
	default:
		writeJSON(w, http.StatusOK, modelObject(proto, id))
	}
}

func modelObject(proto Protocol, id string) map[string]any {
	if proto == OpenAI {
		return map[string]any{"id": id, "object": "model", "created": 0, "owned_by": "llmtest"}
	}
	return map[string]any{"type": "model", "id": id, "display_name": id, "created_at": "2025-01-01T00:00:00Z"}
}

func openAIReply(req Request, step Step, n int) map[string]any {
	message := map[string]any{"role": "assistant", "content": step.text, "refusal": nil}
	if step.kind == kindRefusal {
		message["content"], message["refusal"] = nil, step.text
	}
	prompt, completion := promptWords(req), words(step.text)
	return map[string]any{
		"id":      fmt.Sprintf("chatcmpl-llmtest-%d", n),
		"object":  "chat.completion",
		"created": 0,
		"model":   req.Model,
		"choices": []any{map[string]any{
			"index": 0, "message": message, "finish_reason": "stop", "logprobs": nil,
		}},
		"usage": map[string]any{
			"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
		},
	}
}

func anthropicReply(req Request, step Step, n int) map[string]any {
	block := map[string]any{"type": "text", "text": step.text}
	stop := "end_turn"
	switch {
	case step.kind == kindRefusal:
		stop = "refusal"
	case req.ForcedTool != "" && isJSONObject(step.text):
		block = map[string]any{
			"type": "tool_use", "id": fmt.Sprintf("toolu_llmtest_%d", n),
			"name": req.ForcedTool, "input": json.RawMessage(step.text),
		}
		stop = "tool_use"
	}
	return map[string]any{
		"id":            fmt.Sprintf("msg_llmtest_%d", n),
		"type":          "message",
		"role":          "assistant",
		"model":         req.Model,
		"content":       []any{block},
		"stop_reason":   stop,
		"stop_sequence": nil,
		"usage":         map[string]any{"input_tokens": promptWords(req), "output_tokens": words(step.text)},
	}
}

// writeError writes an error status in proto's envelope unless body is
// given; a non-JSON body goes out as text/plain, as some servers do.
func writeError(w http.ResponseWriter, proto Protocol, code int, body string, header http.Header) {
	if body != "" && !json.Valid([]byte(body)) {
		if header.Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		}
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
		return
	}
	if body != "" {
		if header.Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
		return
	}
	msg := http.StatusText(code)
	if proto == OpenAI {
		writeJSON(w, code, map[string]any{"error": map[string]any{
			"message": msg, "type": openAIErrorType(code), "param": nil, "code": nil}})
		return
	}
	writeJSON(w, code, map[string]any{"type": "error", "error": map[string]any{
		"type": anthropicErrorType(code), "message": msg}})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func openAIErrorType(code int) string {
	switch {
	case code == http.StatusUnauthorized:
		return "invalid_api_key"
	case code == http.StatusTooManyRequests:
		return "rate_limit_exceeded"
	case code >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

func anthropicErrorType(code int) string {
	switch code {
	case http.StatusUnauthorized:
		return "authentication_error"
	case http.StatusForbidden:
		return "permission_error"
	case http.StatusNotFound:
		return "not_found_error"
	case http.StatusRequestEntityTooLarge:
		return "request_too_large"
	case http.StatusTooManyRequests:
		return "rate_limit_error"
	case 529:
		return "overloaded_error"
	}
	if code >= 500 {
		return "api_error"
	}
	return "invalid_request_error"
}

func promptWords(req Request) int {
	n := 0
	for _, m := range req.Messages {
		n += words(m.Content)
	}
	return n
}

func words(s string) int { return len(strings.Fields(s)) }

func isJSONObject(s string) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal([]byte(s), &m) == nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
