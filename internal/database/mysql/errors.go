package mysql

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"regexp"
	"strings"

	gomysql "github.com/go-sql-driver/mysql"

	"querent/internal/database"
)

// Server error numbers, shared by MySQL and MariaDB unless noted.
const (
	errNoTable            = 1146 // Table 'db.t' doesn't exist
	errUnknownTable       = 1051 // Unknown table 't' (t.* with no t)
	errUnknownTableIn     = 1109 // Unknown table 't' in …
	errNoColumn           = 1054 // Unknown column 'c' in 'field list'
	errAmbiguous          = 1052 // Column 'c' in field list is ambiguous
	errNonUniqTable       = 1066 // Not unique table/alias
	errSyntax             = 1064
	errTruncatedValue     = 1292 // Truncated incorrect DOUBLE value, incorrect datetime value
	errBadFieldValue      = 1366 // Incorrect integer value
	errWrongValueFunc     = 1411 // Incorrect datetime value for function str_to_date
	errDataOutOfRange     = 1690
	errDivisionByZero     = 1365
	errMixCollations      = 1267
	errMixCollations3     = 1270
	errMixCollationsN     = 1271
	errMySQLTimeout       = 3024 // max_execution_time exceeded (MySQL)
	errMariaDBTimeout     = 1969 // max_statement_time exceeded (MariaDB)
	errInterrupted        = 1317 // Query execution was interrupted (KILL QUERY)
	errLockWaitTimeout    = 1205
	errDeadlock           = 1213
	errReadOnlyTx         = 1792 // Cannot execute statement in a READ ONLY transaction
	errReadOnlyServer     = 1290 // --read-only
	errTableAccessDenied  = 1142
	errColumnAccessDenied = 1143
	errProcAccessDenied   = 1370
	errDBAccessDenied     = 1044
	errAccessDenied       = 1045
	errSpecificAccess     = 1227
	errBadDB              = 1049
	errTooManyConns       = 1040
	errConCount           = 1203 // max_user_connections
	errServerShutdown     = 1053
	errNoSuchFunction     = 1305 // FUNCTION db.f does not exist
	errNoSuchFunction2    = 1630 // FUNCTION f does not exist (a typo of a built-in)
)

// syntaxErrors are server errors for statements that are wrong as written —
// grammar, arity, grouping — which the caller can repair.
var syntaxErrors = map[uint16]bool{
	errSyntax: true,
	1055:      true, // not in GROUP BY (ONLY_FULL_GROUP_BY)
	1056:      true, // can't group on
	1060:      true, // duplicate column name (in a derived table)
	1111:      true, // invalid use of group function
	1140:      true, // mixing of GROUP columns with no GROUP columns
	1210:      true, // incorrect arguments
	1221:      true, // incorrect usage of UNION and ORDER BY
	1222:      true, // different number of columns in a set operation
	1235:      true, // this version doesn't yet support
	1241:      true, // operand should contain N columns
	1242:      true, // subquery returns more than 1 row
	1247:      true, // reference not supported
	1248:      true, // every derived table must have its own alias
	1250:      true, // table from one of the SELECTs cannot be used in ORDER clause
	1463:      true, // non-grouping field used in HAVING
	1582:      true, // incorrect parameter count in the call to native function
	1583:      true, // incorrect parameters in the call to native function
	3593:      true, // window function misuse (MySQL)
	4015:      true, // window function misuse (MariaDB)
	4016:      true, // window function misuse (MariaDB)
	4017:      true, // window function misuse (MariaDB)
	4018:      true, // window function misuse (MariaDB)
	4019:      true, // window function misuse (MariaDB)
	4020:      true, // window function misuse (MariaDB)
	4021:      true, // window function misuse (MariaDB)
	4022:      true, // window function misuse (MariaDB)
	4023:      true, // window function misuse (MariaDB)
	4024:      true, // window function misuse (MariaDB)
	4025:      true, // window function misuse (MariaDB)
}

// typeErrors are server errors for values of the wrong type or range.
var typeErrors = map[uint16]bool{
	errTruncatedValue: true, errBadFieldValue: true, errWrongValueFunc: true, errDataOutOfRange: true,
	errDivisionByZero: true, errMixCollations: true, errMixCollations3: true, errMixCollationsN: true,
	1525: true, // incorrect value
	1367: true, // illegal value during parsing
}

// forbiddenErrors are refusals by the server: read-only transaction,
// read-only server, missing privileges.
var forbiddenErrors = map[uint16]string{
	errReadOnlyTx:         "refused by the server: the query runs in a read-only transaction and the statement tried to write",
	errReadOnlyServer:     "refused by the server: it runs read-only and the statement tried to write",
	errTableAccessDenied:  "refused by the server: querent's account may not read that table",
	errColumnAccessDenied: "refused by the server: querent's account may not read that column",
	errProcAccessDenied:   "refused by the server: querent's account may not run that routine",
	errDBAccessDenied:     "refused by the server: querent's account may not use that database",
	errAccessDenied:       "the server refused the login: check the user and password in the DSN",
	errSpecificAccess:     "refused by the server: the statement needs privileges querent's account does not have",
}

// unavailableErrors mean the server cannot serve the query now; trying
// again later may work.
var unavailableErrors = map[uint16]bool{
	errTooManyConns: true, errConCount: true, errServerShutdown: true, errBadDB: true, errDeadlock: true,
	1152: true, 1153: true, 1154: true, 1155: true, 1156: true, 1157: true, 1158: true, 1159: true, 1160: true, 1161: true, // network
	1927: true, // connection killed (MariaDB)
	1836: true, // running in read-only mode (MySQL)
}

// Classify turns an error from the driver or the server (or from a
// context) into a *database.Error with a Code the agent can act on;
// *database.Error values pass through unchanged and nil stays nil.
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
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fail(database.CodeTimeout, "the query ran past its deadline and was stopped", "")
	case errors.Is(err, context.Canceled):
		return fail(database.CodeCanceled, "the query was canceled", "")
	}
	var me *gomysql.MySQLError
	if !errors.As(err, &me) {
		if isConnError(err) {
			return fail(database.CodeUnavailable, "the MySQL server cannot be reached or closed the connection: "+err.Error(), "")
		}
		return fail(database.CodeInternal, err.Error(), "")
	}
	msg := me.Message
	switch n := me.Number; {
	case n == errNoTable:
		name := quoted(msg)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return fail(database.CodeNoTable, "no such table: "+name, name)
	case n == errUnknownTable || n == errUnknownTableIn:
		name := quoted(msg)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return fail(database.CodeNoTable, "unknown table "+name+" (name a table or alias of the FROM clause)", name)
	case n == errNoColumn:
		name := quoted(msg)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return fail(database.CodeNoColumn, msg, name)
	case n == errAmbiguous:
		return fail(database.CodeAmbiguous, msg+" (qualify it with its table name or alias)", quoted(msg))
	case n == errNonUniqTable:
		return fail(database.CodeSyntax, msg+" (give each table a different alias)", "")
	case n == errMySQLTimeout || n == errMariaDBTimeout:
		return fail(database.CodeTimeout, "the query ran longer than its time limit and the server stopped it: add filters, aggregate earlier, or lower LIMIT", "")
	case n == errInterrupted:
		return fail(database.CodeCanceled, "the server interrupted the query", "")
	case n == errLockWaitTimeout:
		return fail(database.CodeTimeout, "the query waited too long for a lock held by another session", "")
	case n == errNoSuchFunction || n == errNoSuchFunction2:
		return fail(database.CodeSyntax, msg+" (use MySQL's built-in functions)", "")
	case syntaxErrors[n]:
		return fail(database.CodeSyntax, msg, "")
	case typeErrors[n]:
		return fail(database.CodeTypeMismatch, msg, "")
	case unavailableErrors[n]:
		return fail(database.CodeUnavailable, msg, "")
	}
	if why, ok := forbiddenErrors[me.Number]; ok {
		return fail(database.CodeForbidden, why+" ("+msg+")", "")
	}
	return fail(database.CodeInternal, msg, "")
}

// quotedName finds the first 'quoted' name in a server message.
var quotedName = regexp.MustCompile(`'([^']*)'`)

func quoted(msg string) string {
	if m := quotedName.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// isConnError reports whether err means the connection failed, not the
// statement.
func isConnError(err error) bool {
	var ne net.Error
	var oe *net.OpError
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, gomysql.ErrInvalidConn) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.As(err, &oe) || errors.As(err, &ne) || errors.Is(err, gomysql.ErrPktSync) || errors.Is(err, gomysql.ErrMalformPkt)
}

// runError classifies an error from running a statement for the caller's
// ctx; expired tells whether the statement's own deadline had passed. The
// deadlines decide first: when the caller canceled, or time ran out, the
// server's own error (an interruption, a closed connection) is a
// consequence, not the cause.
func runError(ctx context.Context, expired bool, limit string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return &database.Error{Code: database.CodeCanceled, Message: "the query was canceled", Err: err}
	}
	timedOut := expired || errors.Is(ctx.Err(), context.DeadlineExceeded)
	var me *gomysql.MySQLError
	if errors.As(err, &me) && (me.Number == errMySQLTimeout || me.Number == errMariaDBTimeout) {
		timedOut = true
	}
	if timedOut {
		msg := "the query ran past its deadline and was stopped"
		if limit != "" {
			msg = "the query ran longer than its " + limit + " time limit and was stopped: add filters, aggregate earlier, or lower LIMIT"
		}
		return &database.Error{Code: database.CodeTimeout, Message: msg, Err: err}
	}
	return Classify(err)
}
