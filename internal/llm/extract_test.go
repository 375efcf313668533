package llm_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"querent/internal/llm"
)

func TestExtractJSON(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bare object", `{"a":1}`, `{"a":1}`},
		{"surrounding whitespace", "\n  {\"a\": 1}\n", `{"a": 1}`},
		{"json fence", "```json\n{\"sql\": \"SELECT 1\"}\n```", `{"sql": "SELECT 1"}`},
		{"plain fence", "```\n{\"a\": [1, 2]}\n```", `{"a": [1, 2]}`},
		{"leading prose", "Here is the plan:\n{\"steps\": []}", `{"steps": []}`},
		{"trailing prose", "{\"a\": 1}\nLet me know if you need more.", `{"a": 1}`},
		{"nested objects", `x {"a": {"b": {"c": [1, {"d": 2}]}}} y`, `{"a": {"b": {"c": [1, {"d": 2}]}}}`},
		{"braces inside strings", `{"sql": "SELECT '}' AS x", "n": "{"}`, `{"sql": "SELECT '}' AS x", "n": "{"}`},
		{"escaped quotes inside strings", `{"q": "say \"}\" now"}`, `{"q": "say \"}\" now"}`},
		{"prose braces skipped", `Use {table} then {"a": 1}`, `{"a": 1}`},
		{"unbalanced stray brace first", `Start with { and then {"a": 1}`, `{"a": 1}`},
		{"first of two objects", `{"a": 1} {"b": 2}`, `{"a": 1}`},
		{"invalid then valid", `{"a": 1,} {"b": 2}`, `{"b": 2}`},
		{"array yields first object", `[{"a": 1}, {"b": 2}]`, `{"a": 1}`},
		{"unicode", `Voilà: {"name": "café ☕"}`, `{"name": "café ☕"}`},
		{"no object", "I cannot answer that.", ""},
		{"empty", "", ""},
		{"truncated object", `{"a": {"b": 1}`, `{"b": 1}`},
		{"only array", `[1, 2, 3]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := llm.ExtractJSON(tt.in); got != tt.want {
				t.Errorf("ExtractJSON(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	cause := &llm.Error{Kind: llm.KindRateLimit, Message: "slow down"}
	err := fmt.Errorf("calling model: %w", &llm.Error{
		Kind: llm.KindRateLimit, Message: "slow down",
		Err: &llm.RetryAfterError{Wait: 3 * time.Second, Err: errors.New("HTTP 429")},
	})
	if wait, ok := llm.RetryAfter(err); !ok || wait != 3*time.Second {
		t.Errorf("RetryAfter(wrapped) = %v, %v; want 3s, true", wait, ok)
	}
	if llm.KindOf(err) != llm.KindRateLimit {
		t.Errorf("KindOf = %q, want rate_limit", llm.KindOf(err))
	}
	if _, ok := llm.RetryAfter(cause); ok {
		t.Error("RetryAfter found a wait in an error without one")
	}
}
