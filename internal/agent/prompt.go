package agent

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"text/template"

	"querent/internal/llm"
)

//go:embed prompts/*.tmpl
var promptFS embed.FS

var prompts = template.Must(template.New("").Funcs(template.FuncMap{
	"upper": strings.ToUpper,
}).ParseFS(promptFS, "prompts/*.tmpl"))

// promptData is what the planning prompt is built from.
type promptData struct {
	Dialect  string
	Tier     string
	Schema   string
	Question string
	Failures []failure
	// History numbers the conversation's earlier questions; Previous is
	// the last answer's plan as JSON. Both empty outside a conversation.
	History  string
	Previous string
	// Rules are business rules that concern the question; Examples are
	// similar questions with their plans, rendered.
	Rules    []string
	Examples string
	// Values are the question's words found among the data's values.
	Values []string
}

// planPrompt renders the system and user messages for one planning call.
func planPrompt(d promptData) ([]llm.Message, error) {
	var sys, user bytes.Buffer
	if err := prompts.ExecuteTemplate(&sys, "plan_system.tmpl", d); err != nil {
		return nil, fmt.Errorf("render plan_system prompt: %w", err)
	}
	if err := prompts.ExecuteTemplate(&user, "plan_user.tmpl", d); err != nil {
		return nil, fmt.Errorf("render plan_user prompt: %w", err)
	}
	return []llm.Message{{Role: llm.System, Content: sys.String()}, {Role: llm.User, Content: user.String()}}, nil
}
