package sqlgen

import (
	"fmt"
	"strconv"

	"querent/internal/plan"
)

// Diagnostic codes the compiler reports. They are stable: the agent's repair
// prompt and the audit match on them.
const (
	// CodeUnknownTable: a table, CTE or source name that does not exist or is
	// not in scope.
	CodeUnknownTable = "unknown_table"
	// CodeUnknownColumn: a column its source does not have.
	CodeUnknownColumn = "unknown_column"
	// CodeAmbiguousColumn: a bare column several sources in scope have.
	CodeAmbiguousColumn = "ambiguous_column"
	// CodeUnknownAlias: a ref naming no output column of its query.
	CodeUnknownAlias = "unknown_alias"
	// CodeDuplicateName: two sources, CTEs or derived output columns with one name.
	CodeDuplicateName = "duplicate_name"
	// CodeMalformed: a plan, expression or condition of the wrong shape
	// (no variant, two variants, missing or unused fields, unknown names of
	// operators and functions, bad literals).
	CodeMalformed = "malformed"
	// CodeArgCount: a function called with the wrong number of arguments.
	CodeArgCount = "wrong_arg_count"
	// CodeMisplaced: a construct where SQL does not allow it (an aggregate in
	// where, an aggregate inside an aggregate, a window function in where).
	CodeMisplaced = "misplaced"
	// CodeUnsupported: valid in a Plan, but the dialect cannot run it.
	CodeUnsupported = "unsupported"
)

// report records an error diagnostic at path; identical reports (a ref
// expanded twice re-renders the same expression) are kept once.
func (c *compiler) report(path, code string, suggestions []string, format string, args ...any) {
	d := plan.Diagnostic{
		Severity:    plan.SevError,
		Code:        code,
		Path:        path,
		Summary:     fmt.Sprintf(format, args...),
		Suggestions: suggestions,
	}
	for _, o := range c.diags {
		if o.Code == d.Code && o.Path == d.Path && o.Summary == d.Summary {
			return
		}
	}
	c.diags = append(c.diags, d)
}

// field joins a path and a field name the way plan JSON paths read:
// "select[1].expr".
func field(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// index appends "[i]" to a path.
func index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}
