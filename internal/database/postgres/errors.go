package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"querent/internal/database"
)

// Classify turns an error from PostgreSQL, pgx or a context into a
// *database.Error with a Code the agent can act on; *database.Error values
// pass through unchanged and nil stays nil. Server errors are classified by
// SQLSTATE, connection failures are CodeUnavailable.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	var de *database.Error
	if errors.As(err, &de) {
		return err
	}
	fail := func(code database.Code, message, name string) error {
		return &database.Error{Code: code, Message: message, Name: name, Err: err}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return classifyServer(pe, fail)
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded), pgconn.Timeout(err):
		return fail(database.CodeTimeout, "the query ran past its deadline and was stopped", "")
	case errors.Is(err, context.Canceled):
		return fail(database.CodeCanceled, "the query was canceled", "")
	}
	var (
		ce *pgconn.ConnectError
		ne net.Error
	)
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || strings.Contains(err.Error(), "conn closed") {
		return fail(database.CodeUnavailable, "the connection to PostgreSQL failed: "+err.Error()+"; check that the server is up and try again", "")
	}
	return fail(database.CodeInternal, err.Error(), "")
}

// classifyServer maps a server error by its SQLSTATE.
func classifyServer(pe *pgconn.PgError, fail func(database.Code, string, string) error) error {
	msg := pe.Message
	if pe.Hint != "" {
		msg += " (hint: " + pe.Hint + ")"
	}
	code := pe.Code
	switch code {
	case "42P01": // undefined_table
		if strings.HasPrefix(pe.Message, "missing FROM-clause entry") {
			// An unknown alias or table qualifier, not a missing table.
			return fail(database.CodeSyntax, msg+": every table or alias a column is qualified with must appear in FROM", "")
		}
		name := quoted(pe.Message)
		return fail(database.CodeNoTable, "no such table: "+name, name)
	case "42703": // undefined_column
		return fail(database.CodeNoColumn, msg, columnName(pe.Message))
	case "42702", "42P09": // ambiguous_column, ambiguous_alias
		return fail(database.CodeAmbiguous, msg+" (qualify it with its table name or alias)", quoted(pe.Message))
	case "42804", "42883", "42846", "42P18", "42725", "42P08": // datatype_mismatch, undefined_function, cannot_coerce, indeterminate_datatype, ambiguous_function, ambiguous_parameter
		return fail(database.CodeTypeMismatch, msg, "")
	case "57014": // query_canceled: statement_timeout (a cancel from the caller is told apart by runError)
		return fail(database.CodeTimeout, "the query ran longer than its time limit and was stopped: add filters, aggregate earlier, or lower LIMIT", "")
	case "55P03": // lock_not_available
		return fail(database.CodeTimeout, "the query waited too long for a lock another session holds: "+msg, "")
	case "25006": // read_only_sql_transaction
		return fail(database.CodeForbidden, "refused by PostgreSQL: the statement tried to write inside querent's read-only transaction ("+pe.Message+")", "")
	case "42501": // insufficient_privilege
		return fail(database.CodeForbidden, "refused by PostgreSQL: the database role querent connects as lacks permission ("+pe.Message+"); grant it SELECT on the tables it should read", "")
	case "0A000": // feature_not_supported
		return fail(database.CodeSyntax, msg, "")
	case "XX000", "XX001", "XX002": // internal errors
		return fail(database.CodeInternal, msg, "")
	}
	if len(code) < 2 {
		return fail(database.CodeInternal, msg, "")
	}
	switch code[:2] {
	case "42": // syntax error or access rule violation: the statement as written
		return fail(database.CodeSyntax, msg, "")
	case "22": // data exception: a value of the wrong shape or out of range
		return fail(database.CodeTypeMismatch, msg, "")
	case "08", "53", "57", "58", "3D", "28": // connection, resources, shutdown, system, no database, authentication
		return fail(database.CodeUnavailable, "PostgreSQL cannot serve the query: "+msg, "")
	}
	return fail(database.CodeInternal, msg, "")
}

// quoted returns the first double-quoted name in a server message:
// relation "x" does not exist → x.
func quoted(msg string) string {
	i := strings.IndexByte(msg, '"')
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(msg[i+1:], '"')
	if j < 0 {
		return ""
	}
	return msg[i+1 : i+1+j]
}

// columnName returns the column of a 42703 message: column "x" does not
// exist, column t.x does not exist, column "x" of relation "t" does not
// exist.
func columnName(msg string) string {
	rest, ok := strings.CutPrefix(msg, "column ")
	if !ok {
		return quoted(msg)
	}
	if strings.HasPrefix(rest, `"`) {
		return quoted(rest)
	}
	ref, _, _ := strings.Cut(rest, " ")
	if i := strings.LastIndexByte(ref, '.'); i >= 0 {
		ref = ref[i+1:]
	}
	return ref
}

// runError classifies an error from running a statement under qctx, the
// caller's ctx narrowed by the statement timeout limit (0: none). Context
// state decides first: a cancelled caller is CodeCanceled even when the
// server reported the cancellation as its own error.
func runError(ctx, qctx context.Context, limit time.Duration, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return &database.Error{Code: database.CodeCanceled, Message: "the query was canceled", Err: err}
	}
	timedOut := qctx.Err() != nil
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "57014" {
		timedOut = true
	}
	if timedOut || errors.Is(err, context.DeadlineExceeded) {
		msg := "the query ran past its deadline and was stopped"
		if limit > 0 {
			msg = "the query ran longer than its " + limit.String() + " time limit and was stopped: add filters, aggregate earlier, or lower LIMIT"
		}
		return &database.Error{Code: database.CodeTimeout, Message: msg, Err: err}
	}
	return Classify(err)
}
