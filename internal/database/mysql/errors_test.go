package mysql_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"

	gomysql "github.com/go-sql-driver/mysql"

	"querent/internal/database"
	"querent/internal/database/mysql"
)

// TestClassify pins the mapping from server error numbers (as MariaDB and
// MySQL word them) and driver errors to codes and names.
func TestClassify(t *testing.T) {
	server := func(n uint16, msg string) error {
		return fmt.Errorf("running: %w", &gomysql.MySQLError{Number: n, Message: msg})
	}
	tests := []struct {
		err  error
		code database.Code
		name string
	}{
		{server(1146, "Table 'querent_test.nope' doesn't exist"), database.CodeNoTable, "nope"},
		{server(1051, "Unknown table 'querent_test.x'"), database.CodeNoTable, "x"},
		{server(1109, "Unknown table 'x' in field list"), database.CodeNoTable, "x"},
		{server(1054, "Unknown column 'nope' in 'field list'"), database.CodeNoColumn, "nope"},
		{server(1054, "Unknown column 'o.nope' in 'where clause'"), database.CodeNoColumn, "nope"},
		{server(1052, "Column 'id' in field list is ambiguous"), database.CodeAmbiguous, "id"},
		{server(1064, "You have an error in your SQL syntax"), database.CodeSyntax, ""},
		{server(1582, "Incorrect parameter count in the call to native function 'ABS'"), database.CodeSyntax, ""},
		{server(1222, "The used SELECT statements have a different number of columns"), database.CodeSyntax, ""},
		{server(1305, "FUNCTION querent_test.nope does not exist"), database.CodeSyntax, ""},
		{server(1292, "Truncated incorrect DOUBLE value: 'x'"), database.CodeTypeMismatch, ""},
		{server(1366, "Incorrect integer value: 'x'"), database.CodeTypeMismatch, ""},
		{server(1690, "BIGINT value is out of range"), database.CodeTypeMismatch, ""},
		{server(1267, "Illegal mix of collations"), database.CodeTypeMismatch, ""},
		{server(3024, "Query execution was interrupted, maximum statement execution time exceeded"), database.CodeTimeout, ""},
		{server(1969, "Query execution was interrupted (max_statement_time exceeded)"), database.CodeTimeout, ""},
		{server(1205, "Lock wait timeout exceeded"), database.CodeTimeout, ""},
		{server(1317, "Query execution was interrupted"), database.CodeCanceled, ""},
		{server(1792, "Cannot execute statement in a READ ONLY transaction"), database.CodeForbidden, ""},
		{server(1290, "The MariaDB server is running with the --read-only option"), database.CodeForbidden, ""},
		{server(1142, "SELECT command denied to user 'q'@'h' for table `mysql`.`user`"), database.CodeForbidden, ""},
		{server(1044, "Access denied for user 'q'@'%' to database 'x'"), database.CodeForbidden, ""},
		{server(1045, "Access denied for user 'q'@'h' (using password: YES)"), database.CodeForbidden, ""},
		{server(1227, "Access denied; you need (at least one of) the FILE privilege(s)"), database.CodeForbidden, ""},
		{server(1040, "Too many connections"), database.CodeUnavailable, ""},
		{server(1049, "Unknown database 'x'"), database.CodeUnavailable, ""},
		{server(1213, "Deadlock found"), database.CodeUnavailable, ""},
		{server(9999, "something new"), database.CodeInternal, ""},
		{driver.ErrBadConn, database.CodeUnavailable, ""},
		{gomysql.ErrInvalidConn, database.CodeUnavailable, ""},
		{io.ErrUnexpectedEOF, database.CodeUnavailable, ""},
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, database.CodeUnavailable, ""},
		{context.DeadlineExceeded, database.CodeTimeout, ""},
		{context.Canceled, database.CodeCanceled, ""},
		{database.Forbidden("already classified"), database.CodeForbidden, ""},
		{errors.New("something else"), database.CodeInternal, ""},
	}
	for _, tt := range tests {
		err := mysql.Classify(tt.err)
		var e *database.Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Name != tt.name || e.Message == "" {
			t.Errorf("Classify(%v) = %#v; want code %s name %q", tt.err, err, tt.code, tt.name)
			continue
		}
		if !errors.Is(err, tt.err) {
			t.Errorf("Classify(%v) does not wrap the original error", tt.err)
		}
	}
	if mysql.Classify(nil) != nil {
		t.Error("Classify(nil) != nil")
	}
}
