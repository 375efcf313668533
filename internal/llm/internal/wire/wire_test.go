package wire_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"querent/internal/llm"
	"querent/internal/llm/internal/wire"
)

func TestRetryAfterHeader(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		header http.Header
		want   time.Duration
		ok     bool
	}{
		{"none", http.Header{}, 0, false},
		{"seconds", http.Header{"Retry-After": {"2"}}, 2 * time.Second, true},
		{"zero", http.Header{"Retry-After": {"0"}}, 0, true},
		{"fractional", http.Header{"Retry-After": {"0.5"}}, 500 * time.Millisecond, true},
		{"milliseconds win", http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"9"}}, 250 * time.Millisecond, true},
		{"http date", http.Header{"Retry-After": {now.Add(3 * time.Second).Format(http.TimeFormat)}}, 3 * time.Second, true},
		{"date in the past", http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, 0, true},
		{"negative", http.Header{"Retry-After": {"-1"}}, 0, false},
		{"garbage", http.Header{"Retry-After": {"soon"}}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := wire.RetryAfter(tt.header, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("RetryAfter = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestServerMessage(t *testing.T) {
	tests := []struct{ body, want string }{
		{`{"error":{"message":"model \"x\" not found, try pulling it first","type":"api_error"}}`, `model "x" not found, try pulling it first`},
		{`{"type":"error","error":{"type":"not_found_error","message":"model: claude-x"}}`, "model: claude-x"},
		{`{"error":"a plain string"}`, "a plain string"},
		{`{"detail":"Not Found"}`, "Not Found"},
		{`{"message":"bad things"}`, "bad things"},
		{"  upstream connect error  ", "upstream connect error"},
		{``, ""},
	}
	for _, tt := range tests {
		if got := wire.ServerMessage([]byte(tt.body)); got != tt.want {
			t.Errorf("ServerMessage(%s) = %q, want %q", tt.body, got, tt.want)
		}
	}
}

func TestJSONText(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"object", `{"a":1}`, `{"a":1}`, true},
		{"array kept whole", ` [ {"a":1}, {"b":2} ] `, `[ {"a":1}, {"b":2} ]`, true},
		{"fenced array", "```json\n[1, 2]\n```", `[1, 2]`, true},
		{"think block dropped", "<think>maybe {\"x\": 0}?</think>\n{\"a\": 1}", `{"a": 1}`, true},
		{"prose", "Sure! {\"a\": 1} Done.", `{"a": 1}`, true},
		{"nothing", "no json here", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := wire.JSONText(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("JSONText(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestSchemaName(t *testing.T) {
	tests := map[string]string{
		"":             "reply",
		"plan":         "plan",
		"sql plan/v2":  "sql_plan_v2",
		"Plan-Reply_1": "Plan-Reply_1",
	}
	for in, want := range tests {
		if got := wire.SchemaName(in); got != want {
			t.Errorf("SchemaName(%q) = %q, want %q", in, got, want)
		}
	}
	long := wire.SchemaName(string(make([]byte, 100)))
	if len(long) != 64 {
		t.Errorf("SchemaName of 100 characters has length %d, want 64", len(long))
	}
}

func TestRetry(t *testing.T) {
	rateLimited := func(wait time.Duration) error {
		return &llm.Error{Kind: llm.KindRateLimit, Message: "slow down",
			Err: &llm.RetryAfterError{Wait: wait, Err: errors.New("429")}}
	}
	t.Run("retries up to the limit", func(t *testing.T) {
		calls := 0
		_, err := wire.Retry(context.Background(), 2, time.Millisecond, func() (*llm.Response, bool, error) {
			calls++
			return nil, true, rateLimited(0)
		})
		if calls != 3 || llm.KindOf(err) != llm.KindRateLimit {
			t.Errorf("calls = %d, kind = %q; want 3 calls ending in rate_limit", calls, llm.KindOf(err))
		}
	})
	t.Run("succeeds after a retry", func(t *testing.T) {
		calls := 0
		resp, err := wire.Retry(context.Background(), 1, time.Millisecond, func() (*llm.Response, bool, error) {
			calls++
			if calls == 1 {
				return nil, true, rateLimited(0)
			}
			return &llm.Response{Text: "ok"}, false, nil
		})
		if err != nil || resp.Text != "ok" || calls != 2 {
			t.Errorf("got %v, %v after %d calls", resp, err, calls)
		}
	})
	t.Run("does not retry final errors", func(t *testing.T) {
		calls := 0
		_, err := wire.Retry(context.Background(), 5, time.Millisecond, func() (*llm.Response, bool, error) {
			calls++
			return nil, false, &llm.Error{Kind: llm.KindAuth, Message: "no"}
		})
		if calls != 1 || llm.KindOf(err) != llm.KindAuth {
			t.Errorf("calls = %d, kind = %q", calls, llm.KindOf(err))
		}
	})
	t.Run("caps the server's wait", func(t *testing.T) {
		start := time.Now()
		_, _ = wire.Retry(context.Background(), 1, 20*time.Millisecond, func() (*llm.Response, bool, error) {
			return nil, true, rateLimited(time.Hour)
		})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Retry waited %v despite a 20ms cap", d)
		}
	})
	t.Run("a cancelled wait ends promptly as timeout", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := wire.Retry(ctx, 3, time.Hour, func() (*llm.Response, bool, error) {
			return nil, true, rateLimited(time.Hour)
		})
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Retry took %v after its context ended", d)
		}
		if llm.KindOf(err) != llm.KindTimeout || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v (kind %q); want timeout wrapping the deadline", err, llm.KindOf(err))
		}
	})
}

func TestNewErrorKeepsFix(t *testing.T) {
	cause := errors.New("HTTP 404")
	err := wire.NewError(llm.KindBadRequest, "model x not found", "run `ollama pull x`", cause)
	if err.Message != "model x not found: run `ollama pull x`" {
		t.Errorf("Message = %q", err.Message)
	}
	if wire.FixOf(err) != "run `ollama pull x`" || wire.WhatOf(err) != "model x not found" {
		t.Errorf("FixOf = %q, WhatOf = %q", wire.FixOf(err), wire.WhatOf(err))
	}
	if !errors.Is(err, cause) {
		t.Error("the cause is not in the chain")
	}
	if plain := wire.NewError(llm.KindBadOutput, "empty reply", "", nil); plain.Error() != "empty reply" {
		t.Errorf("Error() without a cause = %q", plain.Error())
	}
}
