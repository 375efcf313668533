package sqlite

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sqlite3 "github.com/mattn/go-sqlite3"

	"querent/internal/database"
)

// fileFunctions are functions some SQLite builds (the CLI, extensions) offer
// for reaching files or native code. The library here has none of them, so
// SQLite reports "no such function"; a query asking for one is refused as
// forbidden rather than treated as a typo to repair.
var fileFunctions = setOf("readfile", "writefile", "edit", "load_extension", "fts3_tokenizer",
	"lsdir", "fsdir", "sqlar_compress", "sqlar_uncompress", "zipfile", "shell", "system", "exec")

// syntaxMarkers are fragments of SQLite messages for statements that are
// wrong as written — grammar, arity, misuse — which the caller can repair.
var syntaxMarkers = []string{
	"syntax error", "incomplete input", "unrecognized token", "wrong number of arguments",
	"misuse of", "aggregate functions are not allowed", "do not have the same number of result columns",
	"term out of range", "sub-select returns", "no such collation", "row value misused",
	"HAVING clause on a non-aggregate query", "a GROUP BY clause is required", "too many terms",
	"is not allowed in", "must be the last", "no tables specified", "is circularly defined",
	"may not be", "not a function", "unknown function", "only a single result allowed",
	"requires ORDER BY", "RETURNING", "DISTINCT aggregates must have exactly one argument",
	"FILTER clause may only be used with aggregate", "misuse of window function",
	"window function", "frame", "too many columns", "parser stack overflow", "has no column named",
}

// Classify turns an error from SQLite (or from a context) into a
// *database.Error with a Code the agent can act on; *database.Error values
// pass through unchanged and nil stays nil. The classification follows
// SQLite's result codes first and its message text second, since most SQL
// mistakes share the generic SQLITE_ERROR code.
func Classify(err error) error {
	if err == nil {
		return nil
	}
	var de *database.Error
	if errors.As(err, &de) {
		return err
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &database.Error{Code: database.CodeTimeout, Message: "the query ran past its deadline and was stopped", Err: err}
	case errors.Is(err, context.Canceled):
		return &database.Error{Code: database.CodeCanceled, Message: "the query was canceled", Err: err}
	}
	var se sqlite3.Error
	isSQLite := errors.As(err, &se)
	msg := err.Error()
	fail := func(code database.Code, message, name string) error {
		return &database.Error{Code: code, Message: message, Name: name, Err: err}
	}
	switch {
	case isSQLite && se.Code == sqlite3.ErrAuth, strings.Contains(msg, "not authorized"):
		return fail(database.CodeForbidden, "refused by the SQLite authorizer: only reading tables with built-in functions is allowed", "")
	case isSQLite && se.Code == sqlite3.ErrReadonly, strings.Contains(msg, "readonly database"):
		return fail(database.CodeForbidden, "refused: the database is open read-only and the statement tried to write", "")
	case isSQLite && se.Code == sqlite3.ErrInterrupt, msg == "interrupted":
		return fail(database.CodeTimeout, "the query was interrupted before it finished (time limit or cancellation)", "")
	case isSQLite && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked):
		return fail(database.CodeUnavailable, "the database file is locked by another process: "+msg+"; try again when it is free", "")
	case isSQLite && (se.Code == sqlite3.ErrCantOpen || se.Code == sqlite3.ErrNotADB || se.Code == sqlite3.ErrCorrupt ||
		se.Code == sqlite3.ErrIoErr || se.Code == sqlite3.ErrPerm || se.Code == sqlite3.ErrNomem):
		return fail(database.CodeUnavailable, "the database file cannot be read: "+msg, "")
	case isSQLite && se.Code == sqlite3.ErrTooBig:
		return fail(database.CodeInternal, fmt.Sprintf("a value in the query is larger than the %d MiB limit: select length() or substr() of it instead", maxValueBytes>>20), "")
	case isSQLite && se.Code == sqlite3.ErrMismatch, strings.Contains(msg, "datatype mismatch"):
		return fail(database.CodeTypeMismatch, msg, "")
	}
	if name, ok := after(msg, "no such table: "); ok {
		name = stripSchema(name)
		return fail(database.CodeNoTable, "no such table: "+name, name)
	}
	if name, ok := after(msg, "no such column: "); ok {
		return fail(database.CodeNoColumn, msg, columnName(name))
	}
	if name, ok := after(msg, "ambiguous column name: "); ok {
		return fail(database.CodeAmbiguous, msg+" (qualify it with its table name or alias)", columnName(name))
	}
	if name, ok := after(msg, "no such function: "); ok {
		if fileFunctions[strings.ToLower(name)] {
			return fail(database.CodeForbidden, "the function "+name+"() is not allowed: queries may not reach files or load code", "")
		}
		return fail(database.CodeSyntax, msg+" (SQLite has no such function; use its built-in date, string, math and JSON functions)", "")
	}
	for _, m := range syntaxMarkers {
		if strings.Contains(msg, m) {
			return fail(database.CodeSyntax, msg, "")
		}
	}
	return fail(database.CodeInternal, msg, "")
}

// after returns the part of msg after prefix, cut at SQLite's " - " hint
// ("no such column: x - should this be a string literal in single-quotes?").
func after(msg, prefix string) (string, bool) {
	i := strings.Index(msg, prefix)
	if i < 0 {
		return "", false
	}
	rest := msg[i+len(prefix):]
	if j := strings.Index(rest, " - "); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest), true
}

// columnName returns the column of a reference SQLite reported as "col",
// "t.col" or, for a double-quoted name, "\"col\"": the part after the last
// dot outside quotes, unquoted.
func columnName(ref string) string {
	inQuotes, cut := false, -1
	for i := 0; i < len(ref); i++ {
		switch ref[i] {
		case '"':
			inQuotes = !inQuotes
		case '.':
			if !inQuotes {
				cut = i
			}
		}
	}
	name := ref[cut+1:]
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		name = strings.ReplaceAll(name[1:len(name)-1], `""`, `"`)
	}
	return name
}

// stripSchema drops SQLite's own "main." or "temp." qualifier from a name.
func stripSchema(name string) string {
	for _, p := range []string{"main.", "temp."} {
		if len(name) > len(p) && strings.EqualFold(name[:len(p)], p) {
			return name[len(p):]
		}
	}
	return name
}

// runError classifies an error from running a statement under qctx, the
// caller's ctx narrowed by the statement timeout. Context state decides
// first: SQLite reports an interrupt the same way for both.
func runError(ctx, qctx context.Context, limit string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return &database.Error{Code: database.CodeCanceled, Message: "the query was canceled", Err: err}
	}
	if qctx.Err() != nil {
		msg := "the query ran past its deadline and was stopped"
		if limit != "" {
			msg = "the query ran longer than its " + limit + " time limit and was stopped: add filters, aggregate earlier, or lower LIMIT"
		}
		return &database.Error{Code: database.CodeTimeout, Message: msg, Err: err}
	}
	return Classify(err)
}
