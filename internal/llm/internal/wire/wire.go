// Package wire holds the HTTP-level plumbing the openai and anthropic
// adapters share: capturing what a server answered (the SDKs lose the status
// code for some error bodies), reading Retry-After, the adapter-owned retry
// loop, turning transport failures into llm error kinds, and cleaning JSON
// replies. It is internal so SDK details stay out of package llm's API.
package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"querent/internal/llm"
)

// maxErrorBody bounds how much of an error response is kept: enough for any
// server's message, small enough that a misbehaving proxy cannot flood memory.
const maxErrorBody = 64 << 10

// Exchange records the last HTTP response of one SDK call. Both SDKs' option
// types alias Middleware's func type, so one Exchange serves both.
type Exchange struct {
	mu        sync.Mutex
	responded bool
	status    int
	header    http.Header
	body      []byte
}

// Middleware captures the status, headers and, for error statuses, the body
// of each response, leaving the body readable for the SDK.
func (x *Exchange) Middleware() func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error) {
	return func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error) {
		res, err := next(req)
		if err != nil || res == nil {
			return res, err
		}
		var body []byte
		if res.StatusCode >= 400 && res.Body != nil {
			// An unreadable error body still leaves the status to classify by.
			body, _ = io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
			_ = res.Body.Close()
			res.Body = io.NopCloser(bytes.NewReader(body))
		}
		x.mu.Lock()
		x.responded, x.status, x.header, x.body = true, res.StatusCode, res.Header.Clone(), body
		x.mu.Unlock()
		return res, nil
	}
}

// Result returns what the server answered: whether it answered at all, the
// status, the headers, and the body of an error response.
func (x *Exchange) Result() (responded bool, status int, header http.Header, body []byte) {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.responded, x.status, x.header, x.body
}

// RetryAfter reads how long a response asks the client to wait: OpenAI's
// retry-after-ms, or Retry-After in seconds or as an HTTP date.
func RetryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// Sleep waits for d or until ctx is done, whichever comes first.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Attempt is one try of a request: the reply, or an error and whether the
// adapter may retry it itself (HTTP 429, 503 and Anthropic's 529).
type Attempt func() (resp *llm.Response, retryable bool, err error)

// Retry runs attempt, then retries a retryable failure at most maxRetries
// times. It waits for the server's Retry-After (see llm.RetryAfter), or an
// exponential backoff from half a second when there is none, never longer
// than maxWait. Waits end early when ctx is done.
func Retry(ctx context.Context, maxRetries int, maxWait time.Duration, attempt Attempt) (*llm.Response, error) {
	for n := 0; ; n++ {
		resp, retryable, err := attempt()
		if err == nil {
			return resp, nil
		}
		if !retryable || n >= maxRetries {
			return nil, err
		}
		wait, ok := llm.RetryAfter(err)
		if !ok {
			wait = (500 * time.Millisecond) << min(n, 10)
		}
		wait = min(wait, maxWait)
		if serr := Sleep(ctx, wait); serr != nil {
			return nil, ContextError(serr, "gave up waiting to retry after "+string(llm.KindOf(err)), err)
		}
	}
}

// ContextError reports a call cut short by its context. A cancelled context
// is still KindTimeout: the interface promises a Kind for every error, and
// errors.Is(err, context.Canceled) tells the two apart.
func ContextError(ctxErr error, what string, cause error) *llm.Error {
	msg := what + ": the request's deadline passed"
	if errors.Is(ctxErr, context.Canceled) {
		msg = what + ": the request was cancelled"
	}
	err := ctxErr
	if cause != nil {
		err = errors.Join(ctxErr, cause)
	}
	return &llm.Error{Kind: llm.KindTimeout, Message: msg, Err: err}
}

// IsTimeout reports whether err is a deadline or network timeout.
func IsTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// Unreachable describes why no HTTP response arrived (connection refused,
// unknown host, TLS failure...) in a few words.
func Unreachable(err error) string {
	var dns *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.As(err, &dns):
		return "unknown host " + dns.Name
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET):
		return "the connection was closed without a reply"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// ServerMessage pulls the human-readable message out of an error body in
// the shapes servers use: {"error":{"message":...}} (OpenAI, Anthropic,
// Ollama /v1), {"error":"..."} (llama.cpp, Ollama), {"message":...} and
// {"detail":...} (FastAPI-based servers such as vLLM). Anything else is
// returned as trimmed text.
func ServerMessage(body []byte) string {
	var shape struct {
		Error   json.RawMessage `json:"error"`
		Message json.RawMessage `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &shape) == nil {
		var nested struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(shape.Error, &nested) == nil && nested.Message != "" {
			return Truncate(nested.Message, 500)
		}
		for _, raw := range []json.RawMessage{shape.Error, shape.Message, shape.Detail} {
			var s string
			if json.Unmarshal(raw, &s) == nil && s != "" {
				return Truncate(s, 500)
			}
			if len(raw) > 0 && string(raw) != "null" {
				return Truncate(string(raw), 500)
			}
		}
	}
	return Truncate(strings.TrimSpace(string(body)), 500)
}

// Mentions reports whether s contains any of words, ignoring case.
func Mentions(s string, words ...string) bool {
	s = strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(s, strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// Truncate shortens s to at most n bytes (on a rune boundary), marking the cut.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// thinkBlock matches the reasoning that models such as DeepSeek-R1 and Qwen3
// print before their answer; it may contain braces that are not the reply.
var thinkBlock = regexp.MustCompile(`(?s)<think>.*?</think>`)

// JSONText returns the JSON a model meant to send in content: the whole
// reply when it is valid JSON (so arrays survive), else the first JSON object
// found in it by llm.ExtractJSON, after dropping <think> blocks.
func JSONText(content string) (string, bool) {
	content = strings.TrimSpace(thinkBlock.ReplaceAllString(content, ""))
	if json.Valid([]byte(content)) {
		return content, true
	}
	if fenced := strings.TrimSpace(stripFence(content)); json.Valid([]byte(fenced)) {
		return fenced, true
	}
	if obj := llm.ExtractJSON(content); obj != "" {
		return obj, true
	}
	return "", false
}

// stripFence returns the body of the first ``` fence in s, or s when there is
// none.
func stripFence(s string) string {
	open := strings.Index(s, "```")
	if open < 0 {
		return s
	}
	rest := s[open+3:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[nl+1:] // drop the language tag line
	}
	if end := strings.Index(rest, "```"); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// SchemaName turns a caller's schema name into one every provider accepts
// (letters, digits, '_' and '-', at most 64 characters).
func SchemaName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 64 {
			break
		}
	}
	if b.Len() == 0 {
		return "reply"
	}
	return b.String()
}

// SchemaInstruction is the text that asks for schema-shaped JSON when the
// server cannot be told through the API.
func SchemaInstruction(name string, schema json.RawMessage) string {
	var pretty bytes.Buffer
	if json.Indent(&pretty, schema, "", "  ") != nil {
		pretty.Reset()
		pretty.Write(schema)
	}
	return "Reply with a single JSON value that matches the JSON Schema named " + SchemaName(name) +
		" below. Reply with the JSON only: no prose, no Markdown code fences.\n\n" + pretty.String()
}

// Fix carries what went wrong and the suggested next step (the Detail and
// Fix of a doctor Finding) in the Err chain of an *llm.Error, without
// changing the error's message.
type Fix struct {
	What string
	Step string
	Err  error
}

// Error returns the cause's message, so wrapping in Fix changes no text.
func (f *Fix) Error() string {
	if f.Err == nil {
		return f.What
	}
	return f.Err.Error()
}

// Unwrap returns the cause.
func (f *Fix) Unwrap() error { return f.Err }

// NewError builds an *llm.Error whose message is what happened followed by
// the fix, and which remembers both for FixOf and WhatOf. Without a cause
// nothing is remembered, since llm.Error would print the Fix as its cause;
// WhatOf then falls back to the message, which is what alone when fix is "".
func NewError(kind llm.Kind, what, fix string, cause error) *llm.Error {
	msg := what
	if fix != "" {
		msg += ": " + fix
	}
	if cause == nil {
		return &llm.Error{Kind: kind, Message: msg}
	}
	return &llm.Error{Kind: kind, Message: msg, Err: &Fix{What: what, Step: fix, Err: cause}}
}

// FixOf returns the suggested next step recorded in err, if any.
func FixOf(err error) string {
	var f *Fix
	if errors.As(err, &f) {
		return f.Step
	}
	return ""
}

// WhatOf returns what went wrong as recorded in err, without the fix, or
// err's message when nothing was recorded.
func WhatOf(err error) string {
	var f *Fix
	if errors.As(err, &f) && f.What != "" {
		return f.What
	}
	return err.Error()
}

// WithRetryAfter adds the server's requested wait to e's Err chain.
func WithRetryAfter(e *llm.Error, h http.Header) *llm.Error {
	if wait, ok := RetryAfter(h, time.Now()); ok {
		e.Err = &llm.RetryAfterError{Wait: wait, Err: e.Err}
	}
	return e
}

// Port returns the port of base, filled in from the scheme when absent.
func Port(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	if p := u.Port(); p != "" {
		return p
	}
	switch u.Scheme {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}
