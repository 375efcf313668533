package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
)

// runSQL runs raw SQL through the same guard and read-only executor that the
// agent uses, so `querent sql` can never do what `querent ask` cannot.
func runSQL(ctx context.Context, args []string, io IO) int {
	fs := newFlags("sql", `sql --db DSN [--json] "SELECT ..."`, io.Stderr)
	var c common
	c.register(fs, false)
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(io, fs, "no SQL given")
	}
	query := strings.Join(pos, " ")
	e, serr := open(ctx, c, io, false)
	if serr != nil {
		return printSetupError(io, c.json, "", serr)
	}
	defer e.Close()
	start := time.Now()
	resp := &agent.Response{SQL: query, Dialect: e.db.Name(), Params: []any{}, Columns: []string{}, Rows: [][]any{}, Trace: []agent.Event{}, TablesUsed: []string{}, Suggestions: []string{}, Attempts: 1}
	event := func(node string, t time.Time, decision string) {
		d := time.Since(t)
		resp.Trace = append(resp.Trace, agent.Event{Node: node, Attempt: 1, Duration: d, DurationMS: float64(d.Microseconds()) / 1000, Decision: decision})
	}
	t := time.Now()
	tables, err := e.db.Guard(ctx, query)
	if err != nil {
		event("validate", t, "refused")
		resp.Error = sqlError(err)
	} else {
		event("validate", t, "read-only")
		resp.TablesUsed = tables
		t = time.Now()
		res, err := e.db.Query(ctx, query, nil, database.Limits{MaxRows: e.cfg.RowLimit, Timeout: e.cfg.StatementTimeout})
		if err != nil {
			event("execute", t, "failed")
			resp.Error = sqlError(err)
		} else {
			event("execute", t, fmt.Sprintf("%d rows", len(res.Rows)))
			resp.Columns, resp.Rows, resp.RowCount, resp.Truncated = res.Columns, res.Rows, len(res.Rows), res.Truncated
		}
	}
	resp.ElapsedMS = time.Since(start).Milliseconds()
	if c.json {
		writeJSON(io.Stdout, resp)
	} else {
		printResponse(io, resp)
	}
	return exitCode(resp.Error)
}

// sqlError turns an engine error into the response's typed error.
func sqlError(err error) *agent.Error {
	switch database.CodeOf(err) {
	case database.CodeForbidden:
		return &agent.Error{Code: agent.CodeForbidden, Message: err.Error(), Hint: "querent runs only a single read-only SELECT (or WITH … SELECT) statement"}
	case database.CodeTimeout:
		return &agent.Error{Code: agent.CodeTimeout, Message: err.Error(), Hint: "narrow the query or raise statement_timeout"}
	case database.CodeNoTable, database.CodeNoColumn, database.CodeSyntax, database.CodeAmbiguous, database.CodeTypeMismatch:
		return &agent.Error{Code: agent.CodeDatabase, Message: err.Error(), Hint: "querent schema lists the tables and columns"}
	}
	return &agent.Error{Code: agent.CodeDatabase, Message: err.Error()}
}
