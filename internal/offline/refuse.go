package offline

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/plan"
)

// RefusalKind says why the planner did not return a Plan, so a caller can
// decide what to do next: an LLM may succeed where the offline planner found
// words it could not link, but never on a request to change data.
type RefusalKind string

// The kinds of refusal.
const (
	// RefusedWrite: the question asks to change data; querent only reads.
	RefusedWrite RefusalKind = "write"
	// RefusedUnlinked: words of the question link to nothing in the schema.
	RefusedUnlinked RefusalKind = "unlinked"
	// RefusedUnsupported: the question has a shape this planner does not build.
	RefusedUnsupported RefusalKind = "unsupported"
	// RefusedUnresolved: the words linked, but not into one consistent query
	// (a value of a table that cannot be joined, nothing to count, …).
	RefusedUnresolved RefusalKind = "unresolved"
	// RefusedAmbiguous: several readings fit; the reply is a Clarification.
	RefusedAmbiguous RefusalKind = "ambiguous"
)

// LLMHint ends every refusal an LLM might overcome.
const LLMHint = "Configuring an LLM (for example --llm ollama:llama3.1, or QUERENT_LLM) would let querent try."

// refusal is a decision not to plan: a reason, and for ambiguity the
// question to ask back.
type refusal struct {
	kind    RefusalKind
	reason  string
	clarify *plan.Clarification
}

func (r *refusal) reply() *plan.Reply {
	if r.clarify != nil {
		return &plan.Reply{Clarification: r.clarify}
	}
	msg := r.reason
	if r.kind != RefusedWrite {
		msg += " " + LLMHint
	}
	return &plan.Reply{CannotAnswer: msg}
}

func refuseWrite(word string) *refusal {
	return &refusal{kind: RefusedWrite, reason: fmt.Sprintf(
		"querent only reads data: %q asks to change the database, which querent never does.", word)}
}

func refuseUnlinked(phrases []string) *refusal {
	return &refusal{kind: RefusedUnlinked, reason: fmt.Sprintf(
		"I could not match %s to any table, column or value of this database, so I cannot answer this confidently.",
		quoteList(phrases))}
}

// refuseWeakValue refuses a word found only among the sampled values of
// columns whose samples are not all their values: such a value links only
// right after its column's name, and saying "matches nothing" would be
// wrong — the user needs to hear which column to name.
func (lx *lexicon) refuseWeakValue(m mention) *refusal {
	var refs []string
	var example string
	for _, v := range m.vals {
		c := lx.col(v.table, v.col)
		if !slices.Contains(refs, c.ref) {
			refs = append(refs, c.ref)
		}
		if example == "" {
			example = strings.Join(c.words, " ")
		}
	}
	if len(refs) == 0 {
		return refuseUnlinked([]string{m.text})
	}
	return refuseUnresolved("%q is among the sampled values of %s, not a list of all of its values, so I cannot place it here: name its column before it (for example: with %s %q).",
		m.text, strings.Join(refs, " and "), example, m.text)
}

func refuseUnsupported(format string, args ...any) *refusal {
	return &refusal{kind: RefusedUnsupported, reason: "The offline planner does not handle " + fmt.Sprintf(format, args...) + "."}
}

func refuseUnresolved(format string, args ...any) *refusal {
	return &refusal{kind: RefusedUnresolved, reason: fmt.Sprintf(format, args...)}
}

// clarify asks one question with choices.
func clarify(text string, choices []string) *refusal {
	return &refusal{kind: RefusedAmbiguous, reason: text,
		clarify: &plan.Clarification{Questions: []plan.Question{{Text: text, Choices: choices}}}}
}

// quoteList renders phrases as "a", "b" and "c".
func quoteList(phrases []string) string {
	q := make([]string, len(phrases))
	for i, p := range phrases {
		q[i] = fmt.Sprintf("%q", p)
	}
	switch len(q) {
	case 0:
		return ""
	case 1:
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}
