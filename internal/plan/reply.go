package plan

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Reply is what a planner returns: exactly one of a Plan, a patch of the
// previous turn's plan, a request for clarification, or a reason the
// question cannot be answered.
type Reply struct {
	Plan *Plan `json:"plan,omitempty"`
	// Patch answers a follow-up by adjusting the previous answer's plan
	// ([ApplyPatch]) instead of writing a new one: the router decides between
	// update and rewrite in the same call that plans.
	Patch         []PatchOp      `json:"patch,omitempty"`
	Clarification *Clarification `json:"clarification,omitempty"`
	CannotAnswer  string         `json:"cannot_answer,omitempty"`
}

// Clarification asks the user before guessing.
type Clarification struct {
	Questions []Question `json:"questions"`
}

// Question is one clarifying question, with choices where they exist.
type Question struct {
	Text    string   `json:"text"`
	Choices []string `json:"choices,omitempty"`
}

// Tier is how much of the Plan language a planner is offered: small local
// models do better with less to choose from.
type Tier string

// The planner tiers.
const (
	// TierMinimal: selections, joins, filters, grouping, order, limit.
	TierMinimal Tier = "minimal"
	// TierStandard adds reasons.
	TierStandard Tier = "standard"
	// TierFull adds window functions, CTEs, subqueries, set operations and
	// the raw-SQL escape hatch.
	TierFull Tier = "full"
)

// ParseTier validates a tier name; empty means full.
func ParseTier(s string) (Tier, error) {
	switch Tier(strings.ToLower(strings.TrimSpace(s))) {
	case "", TierFull:
		return TierFull, nil
	case TierStandard:
		return TierStandard, nil
	case TierMinimal:
		return TierMinimal, nil
	}
	return "", fmt.Errorf("planner_complexity %q is not a tier: use minimal, standard or full", s)
}

//go:embed reply.schema.json
var replySchemaJSON []byte

// pruned lists, per tier, the schema properties ($defs name → property names)
// that the tier does not offer.
var pruned = map[Tier]map[string][]string{
	TierMinimal: {
		"plan":        {"with", "set_op", "raw_sql", "reason"},
		"expr_object": {"window", "over", "subquery", "case", "else"},
		"cond":        {"subquery"},
		"source":      {"subquery", "cte"},
		"join":        {"subquery", "cte"},
	},
	TierStandard: {
		"plan":        {"with", "set_op", "raw_sql"},
		"expr_object": {"window", "over", "subquery"},
		"cond":        {"subquery"},
		"source":      {"subquery", "cte"},
		"join":        {"subquery", "cte"},
	},
}

type compiled struct {
	raw    json.RawMessage
	schema *jsonschema.Schema
	err    error
}

var (
	schemaMu    sync.Mutex
	schemaCache = map[Tier]*compiled{}
)

// Schema returns the JSON Schema of a planner Reply for the tier, as sent to
// the LLM for structured output.
func Schema(t Tier) json.RawMessage {
	return tierSchema(t).raw
}

func tierSchema(t Tier) *compiled {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if c, ok := schemaCache[t]; ok {
		return c
	}
	c := &compiled{}
	schemaCache[t] = c
	var doc map[string]any
	if err := json.Unmarshal(replySchemaJSON, &doc); err != nil {
		c.err = err
		return c
	}
	defs := doc["$defs"].(map[string]any)
	for def, props := range pruned[t] {
		d := defs[def].(map[string]any)
		p := d["properties"].(map[string]any)
		for _, name := range props {
			delete(p, name)
		}
		// Drop oneOf/anyOf branches that require a removed property.
		for _, key := range []string{"oneOf", "anyOf"} {
			branches, ok := d[key].([]any)
			if !ok {
				continue
			}
			var kept []any
			for _, b := range branches {
				keep := true
				for _, r := range b.(map[string]any)["required"].([]any) {
					if _, ok := p[r.(string)]; !ok {
						keep = false
					}
				}
				if keep {
					kept = append(kept, b)
				}
			}
			d[key] = kept
		}
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		c.err = err
		return c
	}
	c.raw = raw
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource("reply.json", doc); err != nil {
		c.err = err
		return c
	}
	c.schema, c.err = comp.Compile("reply.json")
	return c
}

// ValidationError lists why a reply does not match the schema, one line per
// problem with its JSON path, in words fit to send back to the model.
type ValidationError struct {
	Problems []string
}

func (e *ValidationError) Error() string {
	return "the reply does not match the plan schema: " + strings.Join(e.Problems, "; ")
}

// DecodeReply validates data against the tier's schema and decodes it. Any
// failure is a *ValidationError (or a JSON syntax error) describing what to fix.
func DecodeReply(data []byte, t Tier) (*Reply, error) {
	c := tierSchema(t)
	if c.err != nil {
		return nil, fmt.Errorf("plan schema: %w", c.err) // a build defect, caught by tests
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, &ValidationError{Problems: []string{"the reply is not valid JSON: " + err.Error()}}
	}
	if err := c.schema.Validate(inst); err != nil {
		return nil, &ValidationError{Problems: schemaProblems(err)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Reply
	if err := dec.Decode(&r); err != nil {
		return nil, &ValidationError{Problems: []string{describeJSONError(err)}}
	}
	if n := r.answers(); n != 1 {
		// The schema says so too; this holds for a schema edited by hand.
		return nil, &ValidationError{Problems: []string{fmt.Sprintf("the reply has %d answers; give exactly one of plan, patch, clarification or cannot_answer", n)}}
	}
	return &r, nil
}

// answers counts the alternatives the reply sets.
func (r *Reply) answers() int {
	n := 0
	for _, set := range []bool{r.Plan != nil, len(r.Patch) > 0, r.Clarification != nil, r.CannotAnswer != ""} {
		if set {
			n++
		}
	}
	return n
}

var englishPrinter = message.NewPrinter(language.English)

// schemaProblems flattens a validation error to its leaf causes, which name
// the exact location; the top-level message only says "doesn't validate".
func schemaProblems(err error) []string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []string{err.Error()}
	}
	seen := map[string]bool{}
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			loc := "/" + strings.Join(e.InstanceLocation, "/")
			msg := fmt.Sprintf("at %s: %s", loc, e.ErrorKind.LocalizedString(englishPrinter))
			if !seen[msg] {
				seen[msg] = true
				out = append(out, msg)
			}
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Strings(out)
	if len(out) > 12 {
		out = append(out[:12], fmt.Sprintf("and %d more", len(out)-12))
	}
	return out
}
