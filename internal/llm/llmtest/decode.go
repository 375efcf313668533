package llmtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"querent/internal/llm"
)

// decodeOpenAI reads a chat completions body, checking what the real API
// requires so a client bug fails the test instead of passing against a
// lenient fake.
func decodeOpenAI(body []byte) (Request, error) {
	var in struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		ResponseFormat *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
		MaxTokens           *int     `json:"max_tokens"`
		MaxCompletionTokens *int     `json:"max_completion_tokens"`
		Temperature         *float64 `json:"temperature"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return Request{}, fmt.Errorf("body is not a chat completions request: %w", err)
	}
	if in.Model == "" {
		return Request{}, errors.New("model is missing")
	}
	if len(in.Messages) == 0 {
		return Request{}, errors.New("messages is empty")
	}
	req := Request{Protocol: OpenAI, Model: in.Model, Temperature: in.Temperature, Body: body}
	for i, m := range in.Messages {
		text, err := contentText(m.Content)
		if err != nil {
			return Request{}, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		var role llm.Role
		switch m.Role {
		case "system", "developer":
			role = llm.System
		case "user":
			role = llm.User
		case "assistant":
			role = llm.Assistant
		default:
			return Request{}, fmt.Errorf("messages[%d].role %q is not one querent sends", i, m.Role)
		}
		req.Messages = append(req.Messages, llm.Message{Role: role, Content: text})
	}
	if rf := in.ResponseFormat; rf != nil {
		req.ResponseFormat = rf.Type
		switch rf.Type {
		case "json_schema":
			if rf.JSONSchema == nil || rf.JSONSchema.Name == "" {
				return Request{}, errors.New("response_format json_schema needs json_schema.name")
			}
			req.Schema, req.SchemaName = rf.JSONSchema.Schema, rf.JSONSchema.Name
		case "json_object", "text":
		default:
			return Request{}, fmt.Errorf("response_format.type %q is unknown", rf.Type)
		}
	}
	switch {
	case in.MaxTokens != nil && in.MaxCompletionTokens != nil:
		return Request{}, errors.New("both max_tokens and max_completion_tokens are set")
	case in.MaxTokens != nil:
		req.MaxTokens = *in.MaxTokens
	case in.MaxCompletionTokens != nil:
		req.MaxTokens = *in.MaxCompletionTokens
	}
	return req, nil
}

// decodeAnthropic reads a Messages API body, with the API's own checks.
func decodeAnthropic(body []byte) (Request, error) {
	var in struct {
		Model     string          `json:"model"`
		System    json.RawMessage `json:"system"`
		MaxTokens int             `json:"max_tokens"`
		Messages  []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"input_schema"`
		} `json:"tools"`
		ToolChoice *struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"tool_choice"`
		Temperature *float64 `json:"temperature"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return Request{}, fmt.Errorf("body is not a messages request: %w", err)
	}
	switch {
	case in.Model == "":
		return Request{}, errors.New("model is missing")
	case in.MaxTokens <= 0:
		return Request{}, errors.New("max_tokens is required and must be positive")
	case len(in.Messages) == 0:
		return Request{}, errors.New("messages is empty")
	}
	req := Request{Protocol: Anthropic, Model: in.Model, MaxTokens: in.MaxTokens, Temperature: in.Temperature, Body: body}
	if len(in.System) > 0 && string(in.System) != "null" {
		text, err := contentText(in.System)
		if err != nil {
			return Request{}, fmt.Errorf("system: %w", err)
		}
		req.Messages = append(req.Messages, llm.Message{Role: llm.System, Content: text})
	}
	for i, m := range in.Messages {
		var role llm.Role
		switch m.Role {
		case "user":
			role = llm.User
		case "assistant":
			role = llm.Assistant
		default:
			return Request{}, fmt.Errorf("messages[%d].role %q is not allowed (system goes in the top-level system field)", i, m.Role)
		}
		text, err := contentText(m.Content)
		if err != nil {
			return Request{}, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		req.Messages = append(req.Messages, llm.Message{Role: role, Content: text})
	}
	if tc := in.ToolChoice; tc != nil && tc.Type == "tool" {
		req.ForcedTool = tc.Name
		found := false
		for _, tool := range in.Tools {
			if tool.Name == tc.Name {
				req.Schema, req.SchemaName, found = tool.InputSchema, tool.Name, true
			}
		}
		if !found {
			return Request{}, fmt.Errorf("tool_choice forces tool %q, which is not in tools", tc.Name)
		}
		var schema struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(req.Schema, &schema); err != nil || schema.Type != "object" {
			return Request{}, fmt.Errorf("tool %q: input_schema must be a JSON object schema with \"type\": \"object\"", tc.Name)
		}
	}
	return req, nil
}

// contentText flattens message content given as a string or as an array of
// blocks, keeping the text blocks.
func contentText(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return "", fmt.Errorf("neither a string nor an array of content blocks: %w", err)
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n"), nil
}
