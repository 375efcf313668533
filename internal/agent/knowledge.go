package agent

import (
	"context"
	"encoding/json"
	"strings"
	"unicode"

	"querent/internal/plan"
)

// Example is a question with the plan that answers it: from the business
// context or confirmed by a user's thumbs-up.
type Example struct {
	Question string
	Plan     *plan.Plan
}

// Knowledge is what the organisation knows beyond the schema: business
// rules and worked examples, chosen per question. The CLI and server build it
// from the business context metadata and the session store's examples.
type Knowledge interface {
	// Rules returns at most k rules that concern the question.
	Rules(question string, k int) []string
	// Examples returns at most k examples similar to the question, best
	// first.
	Examples(ctx context.Context, question string, k int) []Example
}

// Prompt budgets for knowledge: enough to steer, few enough for a small
// model's context.
const (
	promptRules    = 5
	promptExamples = 3
)

// exampleFor returns the plan of an example asked in exactly the same words
// (ignoring case, spacing and punctuation): a confirmed answer is reused as
// is, by either planner, with no guessing about similarity.
func exampleFor(examples []Example, question string) *plan.Plan {
	key := normalizeQuestion(question)
	for _, e := range examples {
		if e.Plan != nil && normalizeQuestion(e.Question) == key {
			return e.Plan
		}
	}
	return nil
}

func normalizeQuestion(q string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// exampleText renders examples for the planning prompt.
func exampleText(examples []Example) string {
	var b strings.Builder
	for _, e := range examples {
		if e.Plan == nil {
			continue
		}
		b.WriteString("Q: " + e.Question + "\n")
		b.WriteString(`A: {"plan": ` + compactPlan(e.Plan) + "}\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// compactPlan is a plan as one line of JSON: prompts pay for every token of
// indentation.
func compactPlan(p *plan.Plan) string {
	b, err := json.Marshal(p)
	if err != nil {
		return p.String()
	}
	return string(b)
}
