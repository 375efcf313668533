package offline

import (
	"fmt"
	"strings"
)

// Trace records how the planner read one question: which words linked to
// which tables, columns and values, what it settled on, and why it stopped
// when it did not plan. The agent shows it in its trace; tests and
// evaluations use it to see why a question was refused.
type Trace struct {
	Question string `json:"question"`
	// Links lists the meaningful phrases of the question in order (stop
	// words left out) with everything each could mean.
	Links []Link `json:"links"`
	// Table is the table the question was resolved to be about, when one was.
	Table string `json:"table,omitempty"`
	// Outcome is "plan", "clarification" or "cannot_answer".
	Outcome string `json:"outcome"`
	// Refusal classifies a clarification or cannot_answer outcome.
	Refusal RefusalKind `json:"refusal,omitempty"`
	// Reason is the plan's account, or why there is no plan.
	Reason string `json:"reason,omitempty"`
}

// Link is one phrase of the question and what it linked to.
type Link struct {
	Words string `json:"words"`
	// Kind is keyword, table, column, value, measure, number, literal,
	// unknown, or ignored (a filler word set aside: fillers.go).
	Kind string `json:"kind"`
	// Targets are the candidates: table names, "table.column" references,
	// or "table.column = value" for values.
	Targets []string `json:"targets,omitempty"`
	// Match says how a name matched: exact, head, prefix or synonym, or
	// "rows" for a noun the schema lacks read as the rows of a table, or
	// the WordNet relation of a word linked through WordNet.
	Match string `json:"match,omitempty"`
}

// String renders the links compactly, one per line, for logs and test
// failures.
func (t Trace) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q → %s", t.Question, t.Outcome)
	if t.Table != "" {
		fmt.Fprintf(&b, " (table %s)", t.Table)
	}
	if t.Reason != "" {
		fmt.Fprintf(&b, ": %s", t.Reason)
	}
	for _, l := range t.Links {
		fmt.Fprintf(&b, "\n  %-20q %-8s %s", l.Words, l.Kind, strings.Join(l.Targets, " | "))
		if l.Match != "" {
			fmt.Fprintf(&b, " (%s)", l.Match)
		}
	}
	return b.String()
}

// links describes the mentions for a trace.
func (lx *lexicon) links(ms []mention) []Link {
	var out []Link
	for _, m := range ms {
		l := Link{Words: m.text}
		switch m.kind {
		case mStop:
			if !m.ignored {
				continue
			}
			l.Kind = "ignored"
		case mUnknown:
			l.Kind = "unknown"
		case mKeyword:
			l.Kind = "keyword"
		case mNumber:
			l.Kind = "number"
		case mQuoted:
			l.Kind = "literal"
		case mValue:
			l.Kind = "value"
		case mMeasure:
			l.Kind = "measure"
			l.Targets = []string{lx.measures[m.measure].def.Name}
		case mName:
			l.Kind = "column"
			refs := m.cols
			if len(m.tables) > 0 {
				// Only the strongest tables are ever chosen between.
				l.Kind, refs = "table", strongest(m.tables, classSynonym)
			}
			for _, r := range refs {
				if r.col < 0 {
					l.Targets = append(l.Targets, lx.tables[r.table].name)
				} else {
					l.Targets = append(l.Targets, lx.col(r.table, r.col).ref)
				}
			}
			l.Match = bestClass(refs).String()
			if m.rows {
				l.Match = "rows"
			}
			if m.wordnet != nil {
				l.Match = m.wordnet.tier.String() // "WordNet synonym"
			}
		}
		for _, v := range m.vals {
			l.Targets = append(l.Targets, fmt.Sprintf("%s = %q", lx.col(v.table, v.col).ref, v.value))
		}
		out = append(out, l)
	}
	return out
}
