package sqlserver

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strconv"
	"strings"

	mssql "github.com/microsoft/go-mssqldb"

	"querent/internal/database"
)

// errorCodes maps SQL Server error numbers to codes. Numbers not listed are
// CodeInternal, with the server's message.
var errorCodes = map[int32]database.Code{
	208: database.CodeNoTable, // Invalid object name 'x'.

	207:  database.CodeNoColumn, // Invalid column name 'x'.
	4104: database.CodeNoColumn, // The multi-part identifier "a.b" could not be bound.

	209: database.CodeAmbiguous, // Ambiguous column name 'x'.

	102:   database.CodeSyntax, // Incorrect syntax near 'x'.
	156:   database.CodeSyntax, // Incorrect syntax near the keyword 'x'.
	105:   database.CodeSyntax, // Unclosed quotation mark.
	170:   database.CodeSyntax, // Incorrect syntax.
	319:   database.CodeSyntax, // a WITH that needs a preceding ';'
	1038:  database.CodeSyntax, // An object or column name is missing or empty.
	4145:  database.CodeSyntax, // An expression of non-boolean type where a condition is expected.
	8120:  database.CodeSyntax, // Column is invalid in the select list: not in an aggregate or GROUP BY.
	145:   database.CodeSyntax, // ORDER BY items must appear in the select list with SELECT DISTINCT.
	1033:  database.CodeSyntax, // ORDER BY is invalid in subqueries without TOP or OFFSET.
	130:   database.CodeSyntax, // An aggregate of an aggregate or subquery.
	4108:  database.CodeSyntax, // Windowed functions only in SELECT or ORDER BY.
	4109:  database.CodeSyntax, // A windowed function inside another.
	174:   database.CodeSyntax, // The function requires N arguments.
	189:   database.CodeSyntax, // The function requires N to M arguments.
	195:   database.CodeSyntax, // 'x' is not a recognized built-in function name.
	205:   database.CodeSyntax, // UNION sides select different numbers of columns.
	8155:  database.CodeSyntax, // No column name for a derived table's column.
	8156:  database.CodeSyntax, // A column given more than once for a derived table.
	1013:  database.CodeSyntax, // Two tables have the same exposed name.
	8127:  database.CodeSyntax, // ORDER BY column not in an aggregate or GROUP BY.
	10734: database.CodeSyntax, // Window ORDER BY needed.

	245:  database.CodeTypeMismatch, // Conversion failed converting a value.
	8114: database.CodeTypeMismatch, // Error converting data type.
	206:  database.CodeTypeMismatch, // Operand type clash.
	241:  database.CodeTypeMismatch, // Conversion failed converting date and/or time from text.
	242:  database.CodeTypeMismatch, // A date out of range.
	248:  database.CodeTypeMismatch, // A conversion overflowed an int column.
	257:  database.CodeTypeMismatch, // Implicit conversion not allowed.
	402:  database.CodeTypeMismatch, // Incompatible data types in an operator.
	8115: database.CodeTypeMismatch, // Arithmetic overflow converting.
	8116: database.CodeTypeMismatch, // Argument data type invalid for a function.
	8117: database.CodeTypeMismatch, // Operand data type invalid for an operator.

	229:   database.CodeForbidden, // The SELECT (or other) permission was denied on an object.
	230:   database.CodeForbidden, // The permission was denied on a column.
	262:   database.CodeForbidden, // A permission was denied in the database.
	297:   database.CodeForbidden, // The user does not have permission to perform this action.
	300:   database.CodeForbidden, // A server permission was denied.
	3906:  database.CodeForbidden, // The database is read-only.
	15247: database.CodeForbidden, // The user does not have permission to perform this action.

	-2:   database.CodeTimeout, // a client-side timeout, as other drivers report it
	1222: database.CodeTimeout, // Lock request time out period exceeded.
	3617: database.CodeTimeout, // The statement was stopped by an attention.

	18456: database.CodeUnavailable, // Login failed.
	18452: database.CodeUnavailable, // Login from an untrusted domain.
	18486: database.CodeUnavailable, // The account is locked out.
	18487: database.CodeUnavailable, // The password has expired.
	18488: database.CodeUnavailable, // The password must be changed.
	4060:  database.CodeUnavailable, // Cannot open the database requested by the login.
	916:   database.CodeUnavailable, // The login cannot access the database.
	1205:  database.CodeUnavailable, // Chosen as a deadlock victim.
	701:   database.CodeUnavailable, // Out of memory.
	8645:  database.CodeUnavailable, // Timeout waiting for memory.
	10928: database.CodeUnavailable, // Azure SQL resource limit.
	10929: database.CodeUnavailable, // Azure SQL resource limit.
	40197: database.CodeUnavailable, // Azure SQL service error.
	40501: database.CodeUnavailable, // Azure SQL service busy.
	40613: database.CodeUnavailable, // Azure SQL database unavailable.
}

// hints follow some messages to say what to do.
var hints = map[int32]string{
	1222:  "; the rows are locked by another session: try again, or ask the DBA about long transactions",
	1205:  "; try again",
	18456: "; check the user name and password in the DSN",
	4060:  "; check the database name in the DSN and that the login has a user in it",
	916:   "; create a user for the login in this database (see the login script in querent's README)",
	229:   "; the login can read only what it was granted (db_datareader reads every table)",
}

// networkMarkers are fragments of driver errors that mean the server could
// not be reached or the connection broke; go-mssqldb formats some of them
// with %v, so only their text tells.
var networkMarkers = []string{
	"unable to open tcp connection", "connection refused", "no such host", "i/o timeout",
	"connection reset", "broken pipe", "TLS Handshake failed", "unable to get instances from Sql Server Browser",
	"login error", "network is unreachable", "use of closed network connection",
}

// Classify turns an error from go-mssqldb (or from a context) into a
// *database.Error with a Code the agent can act on; *database.Error values
// pass through unchanged and nil stays nil. Server errors are classified by
// their number: the first of a batch's errors that has a known number
// decides, since SQL Server reports a cause before its consequences ("Invalid
// object name" before "Statement could not be prepared").
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
	var se mssql.Error
	if errors.As(err, &se) {
		return classifyServer(se, err)
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, driver.ErrBadConn) || isStreamError(err) || hasMarker(err.Error()) {
		msg := "SQL Server cannot be reached or the connection broke: " + err.Error()
		if strings.Contains(err.Error(), "login error") {
			msg = "SQL Server refused the login: " + err.Error() + "; check the user name, password and database in the DSN, and that the login has a user in that database"
		}
		return &database.Error{Code: database.CodeUnavailable, Message: msg, Err: err}
	}
	return &database.Error{Code: database.CodeInternal, Message: err.Error(), Err: err}
}

func classifyServer(se mssql.Error, err error) error {
	all := se.All
	if len(all) == 0 {
		all = []mssql.Error{se}
	}
	chosen, code := se, database.CodeInternal
	for _, e := range all {
		if c, ok := errorCodes[e.Number]; ok {
			chosen, code = e, c
			break
		}
	}
	out := &database.Error{Code: code, Message: chosen.Message + hints[chosen.Number], Err: err}
	switch chosen.Number {
	case 208:
		out.Name = objectName(quoted(chosen.Message, '\''))
	case 207, 209:
		out.Name = quoted(chosen.Message, '\'')
	case 4104:
		out.Name = quoted(chosen.Message, '"')
	}
	if out.Message == "" {
		out.Message = "SQL Server error " + strconv.Itoa(int(chosen.Number))
	}
	return out
}

// quoted returns the first text between two q characters in msg, or "".
func quoted(msg string, q byte) string {
	i := strings.IndexByte(msg, q)
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(msg[i+1:], q)
	if j < 0 {
		return ""
	}
	return msg[i+1 : i+1+j]
}

// objectName turns the name in "Invalid object name" into the form querent
// uses: brackets removed and the default schema dropped.
func objectName(name string) string {
	name = strings.NewReplacer("[", "", "]", "").Replace(name)
	if len(name) > len(defaultSchema)+1 && strings.EqualFold(name[:len(defaultSchema)+1], defaultSchema+".") {
		name = name[len(defaultSchema)+1:]
	}
	return name
}

func isStreamError(err error) bool {
	var s mssql.StreamError
	return errors.As(err, &s)
}

func hasMarker(msg string) bool {
	for _, m := range networkMarkers {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}

// showplanDenied reports whether err is the server refusing SHOWPLAN.
func showplanDenied(err error) bool {
	var se mssql.Error
	if !errors.As(err, &se) {
		return false
	}
	all := se.All
	if len(all) == 0 {
		all = []mssql.Error{se}
	}
	for _, e := range all {
		if e.Number == 262 && strings.Contains(strings.ToUpper(e.Message), "SHOWPLAN") {
			return true
		}
	}
	return false
}

// runError classifies an error from running a statement under qctx, the
// caller's ctx narrowed by the statement timeout. Context state decides
// first: the driver reports a stopped statement the same way for both.
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
			msg = "the query ran longer than its " + limit + " time limit and was stopped: add filters, aggregate earlier, or return fewer rows"
		}
		return &database.Error{Code: database.CodeTimeout, Message: msg, Err: err}
	}
	return Classify(err)
}
