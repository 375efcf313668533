package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"querent/internal/llm"
)

// ProbeRequest is the tiny structured request doctor sends to check that a
// model can answer in schema-shaped JSON.
func ProbeRequest() llm.Request {
	return llm.Request{
		Messages: []llm.Message{
			{Role: llm.System, Content: "You are a health check. Answer in JSON."},
			{Role: llm.User, Content: `Reply with the JSON object {"ok": true}.`},
		},
		Schema:     json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false}`),
		SchemaName: "health_check",
	}
}

// CheckProbe validates a reply to ProbeRequest against its schema.
func CheckProbe(text string) error {
	var reply map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &reply); err != nil {
		return fmt.Errorf("the reply is not a JSON object: %q", Truncate(text, 120))
	}
	var ok bool
	if err := json.Unmarshal(reply["ok"], &ok); err != nil {
		return fmt.Errorf(`the reply lacks the boolean "ok" the schema requires: %q`, Truncate(text, 120))
	}
	return nil
}

// ProbeFailure is the Finding for a probe that failed with err.
func ProbeFailure(err error) llm.Finding {
	fix := FixOf(err)
	var e *llm.Error
	if errors.As(err, &e) && fix == "" {
		switch e.Kind {
		case llm.KindBadOutput:
			fix = "use a model that follows JSON instructions more reliably (for example qwen2.5-coder:7b or llama3.1:8b with Ollama)"
		case llm.KindRefused:
			fix = "use another model; this one refuses even a trivial request"
		default:
			fix = "fix the problem above and run `querent doctor` again"
		}
	}
	if fix == "" {
		fix = "fix the problem above and run `querent doctor` again"
	}
	return llm.Finding{Check: llm.CheckStructured, Detail: WhatOf(err), Fix: Sentence(fix)}
}

// Sentence starts s with a capital letter and ends it with a full stop:
// error fixes are written as clauses, Finding.Fix as sentences.
func Sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
