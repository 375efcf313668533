// Package llm is querent's small interface to language models, with error
// kinds that let the agent's retry policy ignore which provider is behind it.
// Adapters live in sub-packages (openai for every OpenAI-compatible server,
// anthropic); provider SDK types never leave them.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Model generates text, optionally constrained to a JSON Schema.
type Model interface {
	// Generate sends the request and returns the reply. Errors are *Error
	// values with a Kind.
	Generate(ctx context.Context, req Request) (*Response, error)
	// Name identifies provider and model, e.g. "openai:llama3.1:8b".
	Name() string
}

// Role is who speaks a message.
type Role string

// Roles of a conversation.
const (
	System    Role = "system"
	User      Role = "user"
	Assistant Role = "assistant"
)

// Message is one turn of the prompt.
type Message struct {
	Role    Role
	Content string
}

// Request is one model call.
type Request struct {
	Messages []Message
	// Schema, when set, asks for a JSON reply matching this JSON Schema
	// (named SchemaName). Providers enforce it unevenly, so callers must
	// validate the reply themselves.
	Schema     json.RawMessage
	SchemaName string
	// MaxTokens caps the reply; zero leaves the provider default.
	MaxTokens   int
	Temperature float64
}

// Response is a model reply.
type Response struct {
	Text  string
	Usage Usage
}

// Usage counts tokens as the provider reported them.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Kind classifies a model failure.
type Kind string

// The kinds of failure. Retry policy: RateLimit and Unavailable may be
// retried after a pause; Timeout may be retried once; BadOutput is repaired
// by asking again with the validation error; Auth and Refused are final.
const (
	KindRateLimit   Kind = "rate_limit"
	KindTimeout     Kind = "timeout"
	KindBadOutput   Kind = "bad_output"
	KindRefused     Kind = "refused"
	KindAuth        Kind = "auth"
	KindUnavailable Kind = "unavailable"
	KindBadRequest  Kind = "bad_request"
)

// Error is a classified model failure.
type Error struct {
	Kind Kind
	// Message says what happened in words a user can act on.
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the Kind of err, or "" when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}
