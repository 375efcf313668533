//go:build cgo

package duckdb

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"querent/internal/database"
)

// Patterns that pull the unknown or ambiguous name out of DuckDB's messages.
var (
	noTableRE     = regexp.MustCompile(`Table with name ([^\s!]+) does not exist`)
	noRefTableRE  = regexp.MustCompile(`Referenced table "([^"]+)" not found`)
	noColumnRE    = regexp.MustCompile(`(?:Referenced column|does not have a column named) "([^"]+)"`)
	ambiguousRE   = regexp.MustCompile(`Ambiguous reference to column name "([^"]+)"`)
	noFunctionRE  = regexp.MustCompile(`(?:Scalar|Table|Aggregate) Function with name (\S+) does not exist`)
	typeMarkers   = []string{"Conversion Error", "Could not convert", "Mismatch Type Error", "No function matches the given name and argument types", "Cannot compare values", "Cannot mix values", "Invalid type Error", "Out of Range Error", "Divide by Zero Error"}
	forbidMarkers = []string{"Permission Error", "read-only", "read only", "external access", "configuration has been locked", "disabled by configuration", "disabled through configuration", "Cannot execute statement of type"}
)

// Classify turns an error from DuckDB (or from a context) into a
// *database.Error with a Code the agent can act on; *database.Error values
// pass through unchanged and nil stays nil. The driver's error type decides
// first, the message text second.
func Classify(err error) error { return classify(err) }

func classify(err error) error {
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
	msg := cleanMessage(err).Error()
	fail := func(code database.Code, message, name string) error {
		return &database.Error{Code: code, Message: message, Name: name, Err: err}
	}
	var dde *duckdb.Error
	typ := duckdb.ErrorTypeInvalid
	if errors.As(err, &dde) {
		typ = dde.Type
	}
	switch {
	case typ == duckdb.ErrorTypeInterrupt || strings.Contains(msg, "INTERRUPT Error") || strings.Contains(msg, "Interrupted"):
		return fail(database.CodeTimeout, "the query was interrupted before it finished (time limit or cancellation)", "")
	case typ == duckdb.ErrorTypePermission || containsAny(msg, forbidMarkers):
		return fail(database.CodeForbidden, "refused by DuckDB: "+msg+"; only reading this database's tables is allowed", "")
	case typ == duckdb.ErrorTypeOutOfMemory || strings.Contains(msg, "Out of Memory"):
		return fail(database.CodeUnavailable, "DuckDB ran out of memory for this query: aggregate earlier, filter more, or select fewer columns", "")
	case typ == duckdb.ErrorTypeIO || strings.HasPrefix(msg, "IO Error"):
		return fail(database.CodeUnavailable, "the database cannot be read: "+msg, "")
	}
	if m := noTableRE.FindStringSubmatch(msg); m != nil {
		return fail(database.CodeNoTable, msg, m[1])
	}
	if m := noRefTableRE.FindStringSubmatch(msg); m != nil {
		return fail(database.CodeNoTable, msg, m[1])
	}
	if m := ambiguousRE.FindStringSubmatch(msg); m != nil {
		return fail(database.CodeAmbiguous, msg+" (qualify it with its table name or alias)", m[1])
	}
	if m := noColumnRE.FindStringSubmatch(msg); m != nil {
		return fail(database.CodeNoColumn, msg, m[1])
	}
	if m := noFunctionRE.FindStringSubmatch(msg); m != nil {
		return fail(database.CodeSyntax, msg+" (use DuckDB's built-in functions)", "")
	}
	switch {
	case typ == duckdb.ErrorTypeConversion || typ == duckdb.ErrorTypeMismatchType || containsAny(msg, typeMarkers):
		return fail(database.CodeTypeMismatch, msg, "")
	case typ == duckdb.ErrorTypeParser || typ == duckdb.ErrorTypeSyntax || typ == duckdb.ErrorTypeBinder ||
		typ == duckdb.ErrorTypeParameterNotResolved || typ == duckdb.ErrorTypeParameterNotAllowed || typ == duckdb.ErrorTypeNotImplemented ||
		strings.HasPrefix(msg, "Parser Error") || strings.HasPrefix(msg, "Binder Error") || strings.HasPrefix(msg, "Catalog Error"):
		return fail(database.CodeSyntax, msg, "")
	}
	return fail(database.CodeInternal, msg, "")
}

func containsAny(s string, subs []string) bool {
	for _, m := range subs {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}

// cleanMessage drops the driver's prefix and DuckDB's source excerpt
// ("LINE 1: …" with a caret under the position), which add nothing to a
// message shown to a user or an LLM without the query beside it.
func cleanMessage(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "\n\nLINE "); i >= 0 {
		msg = msg[:i]
	} else if i := strings.Index(msg, "\nLINE "); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimSpace(msg)
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// runError classifies an error from running a statement under qctx, the
// caller's ctx narrowed by the statement timeout. Context state decides
// first: DuckDB reports an interrupt the same way for both.
func runError(ctx, qctx context.Context, limit string, err error) error {
	if err == nil {
		return nil
	}
	var de *database.Error
	if errors.As(err, &de) && de.Code == database.CodeForbidden {
		return err
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
	return classify(err)
}

// text reads a catalogue value as a string ("" for NULL).
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}
