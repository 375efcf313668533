package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"querent/internal/agent"
	"querent/internal/database"
	"querent/internal/write"
)

// ExitNeedsConfirmation is the exit code of `querent sql` when it previewed
// a write and changed nothing: the same command with --confirm (or
// --confirm-token) applies it. It is distinct from ExitDeclined so a script
// can never mistake "this would write; confirm it" for a declined question.
const ExitNeedsConfirmation = 5

// runSQL runs raw SQL through the same guard and read-only executor that the
// agent uses, so `querent sql` can never do what `querent ask` cannot. A
// data-changing statement is refused, unless the config file sets
// allow_writes: then it is previewed and applied only on confirmation.
func runSQL(ctx context.Context, args []string, io IO) int {
	fs := newFlags("sql", `sql --db DSN [--json] [--confirm | --confirm-token TOKEN] "SELECT ..."`, io.Stderr)
	var c common
	c.register(fs, false)
	confirm := fs.Bool("confirm", false, "apply a data-changing statement after previewing it (needs allow_writes: true in the config file)")
	token := fs.String("confirm-token", "", "apply a statement previewed earlier, with the token that preview printed")
	pos, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return usageError(io, fs, "no SQL given")
	}
	if *confirm && *token != "" {
		return usageError(io, fs, "give --confirm or --confirm-token, not both")
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
	switch {
	case err != nil && database.CodeOf(err) == database.CodeForbidden && e.cfg.AllowWrites:
		event("validate", t, "not read-only: checking it as a write")
		return runWrite(ctx, e, query, nil, *confirm, *token, c.json, resp, start, err, io)
	case err != nil:
		event("validate", t, "refused")
		resp.Error = sqlError(err)
		if database.CodeOf(err) == database.CodeForbidden && write.IsWriteKeyword(query) {
			resp.Error.Hint = "querent only reads unless an administrator sets allow_writes: true in querent.yaml; then this statement is previewed and applied only with --confirm"
		}
	case *confirm || *token != "":
		event("validate", t, "read-only")
		resp.Error = &agent.Error{Code: agent.CodeBadRequest, Message: "--confirm and --confirm-token apply only to statements that change data; this one only reads", Hint: "run it without them"}
	default:
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

// writeResult is the "write" object of `querent sql --json` for a
// data-changing statement.
type writeResult struct {
	write.Proposal
	// Confirmed is true when the write was applied.
	Confirmed bool `json:"confirmed"`
	// Changed is the rows the applied write changed.
	Changed *int64 `json:"changed,omitempty"`
}

// sqlWriteResponse is the JSON form of a write: the usual response plus the
// proposal.
type sqlWriteResponse struct {
	*agent.Response
	Write *writeResult `json:"write"`
}

// runWrite previews a data-changing statement on a separate writable
// connection and applies it when confirmed. readErr is the read guard's
// refusal, reported when the statement is not a write either.
func runWrite(ctx context.Context, e *env, query string, params []any, confirm bool, token string, asJSON bool, resp *agent.Response, start time.Time, readErr error, io IO) int {
	var wr *writeResult
	finish := func() int {
		resp.ElapsedMS = time.Since(start).Milliseconds()
		if asJSON {
			writeJSON(io.Stdout, sqlWriteResponse{resp, wr})
		} else if resp.Error != nil {
			printResponse(io, resp)
		} else {
			printWrite(io, wr)
		}
		if resp.Error == nil && !wr.Confirmed {
			return ExitNeedsConfirmation
		}
		return exitCode(resp.Error)
	}
	fail := func(node string, t time.Time, err error) int {
		resp.Trace = append(resp.Trace, agent.Event{Node: node, Attempt: 1, Duration: time.Since(t), DurationMS: float64(time.Since(t).Microseconds()) / 1000, Decision: "refused"})
		resp.Error = writeError(err)
		return finish()
	}
	t := time.Now()
	// The read engine is no longer needed, and DuckDB cannot hold a file open
	// read-only and read-write at once.
	e.db.Close()
	e.db = nil
	gate, err := write.OpenGate(ctx, e.cfg.Database, e.cfg.AuditLog, e.cfg.StatementTimeout, io.Getenv)
	if err != nil {
		var ae *write.AuditError
		if database.CodeOf(err) == database.CodeForbidden || errors.As(err, &ae) {
			return fail("write", t, err)
		}
		resp.Error = &agent.Error{Code: agent.CodeBadRequest, Message: err.Error(), Hint: "writes need a writable audit_log in querent.yaml and a write secret (QUERENT_WRITE_SECRET, or the write.secret file beside the audit log)"}
		return finish()
	}
	defer gate.Close()
	w := gate.Engine()
	if token != "" {
		n, err := gate.ApplyToken(ctx, query, params, token)
		if err != nil {
			return fail("apply", t, err)
		}
		info, _ := w.GuardWrite(ctx, query)
		wr = &writeResult{Proposal: write.Proposal{Database: database.Redact(e.cfg.Database), SQL: query, Params: nonNil(params), Kind: info.Kind, Table: info.Table, Rows: n, Unfiltered: info.Unfiltered}, Confirmed: true, Changed: &n}
		resp.TablesUsed = []string{info.Table}
		resp.Trace = append(resp.Trace, agent.Event{Node: "apply", Attempt: 1, Decision: fmt.Sprintf("changed %d rows", n)})
		return finish()
	}
	p, err := gate.Preview(ctx, query, params)
	if err != nil {
		if !write.IsWriteKeyword(query) && database.CodeOf(err) == database.CodeForbidden {
			// Neither a read nor a write: the read guard's reason is the
			// one that fits a query.
			err = readErr
		}
		return fail("preview", t, err)
	}
	resp.TablesUsed = []string{p.Table}
	resp.Trace = append(resp.Trace, agent.Event{Node: "preview", Attempt: 1, Decision: fmt.Sprintf("would change %d rows", p.Rows)})
	wr = &writeResult{Proposal: *p}
	if confirm {
		n, err := gate.Apply(ctx, *p)
		if err != nil {
			return fail("apply", t, err)
		}
		wr.Confirmed, wr.Changed, wr.Token = true, &n, ""
		resp.Trace = append(resp.Trace, agent.Event{Node: "apply", Attempt: 1, Decision: fmt.Sprintf("changed %d rows", n)})
	}
	return finish()
}

// printWrite prints a proposal, or what an applied write changed.
func printWrite(io IO, wr *writeResult) {
	out := io.Stdout
	if wr.Confirmed {
		fmt.Fprintf(out, "changed %d rows in %s\n", *wr.Changed, wr.Table)
		return
	}
	fmt.Fprintf(out, "This %s would change %d rows in %s:\n", strings.ToUpper(string(wr.Kind)), wr.Rows, wr.Table)
	fmt.Fprintf(out, "  %s\n", strings.ReplaceAll(wr.SQL, "\n", "\n  "))
	if len(wr.Params) > 0 {
		fmt.Fprintf(out, "params: %v\n", wr.Params)
	}
	if wr.Unfiltered {
		fmt.Fprintf(out, "warning: this %s has no WHERE clause: it changes every row of %s\n", strings.ToUpper(string(wr.Kind)), wr.Table)
	}
	fmt.Fprintln(out, "Nothing has been changed. To apply it, run the same command with --confirm, or with")
	fmt.Fprintf(out, "  --confirm-token %s\n(valid until %s; it applies only while the statement changes at most %d rows).\n", wr.Token, wr.ExpiresAt.Format(time.RFC3339), wr.Rows)
}

// writeError turns a write refusal or failure into the response's typed
// error.
func writeError(err error) *agent.Error {
	switch database.CodeOf(err) {
	case database.CodeForbidden:
		return &agent.Error{Code: agent.CodeForbidden, Message: err.Error(), Hint: "a write must be a single INSERT, UPDATE or DELETE on a table of the database"}
	case database.CodeDataChanged:
		return &agent.Error{Code: agent.CodeDatabase, Message: err.Error(), Hint: "run the command again without --confirm-token to see the new preview"}
	}
	var ae *write.AuditError
	if errors.As(err, &ae) {
		return &agent.Error{Code: agent.CodeDatabase, Message: err.Error(), Hint: "fix audit_log in querent.yaml; no write happens unaudited"}
	}
	return sqlError(err)
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

func nonNil(params []any) []any {
	if params == nil {
		return []any{}
	}
	return params
}
