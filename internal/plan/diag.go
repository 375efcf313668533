package plan

import (
	"fmt"
	"strings"
)

// Severity says whether a diagnostic blocks compilation.
type Severity string

// Severities. An Error stops the plan from being compiled; a Warning is
// reported (to users and to the LLM) but the plan still runs.
const (
	SevError   Severity = "error"
	SevWarning Severity = "warning"
)

// Diagnostic is one finding about a plan: shown to users and fed back to the
// LLM in the repair prompt, so Summary and Detail must make sense to both.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// Code is a stable identifier such as "unknown_column" or "group_by_gap".
	Code string `json:"code"`
	// Path locates the problem in the plan's JSON, e.g. "select[2].expr".
	Path    string `json:"path"`
	Summary string `json:"summary"`
	Detail  string `json:"detail,omitempty"`
	// Suggestions are nearest real names or concrete fixes.
	Suggestions []string `json:"suggestions,omitempty"`
}

func (d Diagnostic) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at %s: %s", d.Severity, d.Path, d.Summary)
	if d.Detail != "" {
		b.WriteString(" (" + d.Detail + ")")
	}
	if len(d.Suggestions) > 0 {
		b.WriteString("; did you mean " + strings.Join(d.Suggestions, " or ") + "?")
	}
	return b.String()
}

// Diagnostics is a list of findings.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SevError {
			return true
		}
	}
	return false
}

// Errors returns only the error diagnostics.
func (ds Diagnostics) Errors() Diagnostics {
	var out Diagnostics
	for _, d := range ds {
		if d.Severity == SevError {
			out = append(out, d)
		}
	}
	return out
}

// Err returns the diagnostics as an error when any is an error, else nil.
func (ds Diagnostics) Err() error {
	if !ds.HasErrors() {
		return nil
	}
	return &DiagnosticsError{Diagnostics: ds.Errors()}
}

// DiagnosticsError carries error diagnostics through an error return.
type DiagnosticsError struct {
	Diagnostics Diagnostics
}

func (e *DiagnosticsError) Error() string {
	lines := make([]string, len(e.Diagnostics))
	for i, d := range e.Diagnostics {
		lines[i] = d.String()
	}
	return strings.Join(lines, "; ")
}
