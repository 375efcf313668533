package sqlserver_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	mssql "github.com/microsoft/go-mssqldb"

	"querent/internal/database"
	"querent/internal/database/sqlserver"
	"querent/internal/schema"
)

func serverError(errs ...mssql.Error) error {
	last := errs[len(errs)-1]
	last.All = errs
	return fmt.Errorf("running the query: %w", last)
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		code database.Code
		item string // the Name the error must carry
		msg  string
	}{
		{"unknown table", serverError(mssql.Error{Number: 208, Message: "Invalid object name 'dbo.nosuch'."}), database.CodeNoTable, "nosuch", "Invalid object name"},
		{"unknown bracketed table", serverError(mssql.Error{Number: 208, Message: "Invalid object name '[sales].[x]'."}), database.CodeNoTable, "sales.x", ""},
		{"cause before consequence", serverError(
			mssql.Error{Number: 208, Message: "Invalid object name 'orderz'."},
			mssql.Error{Number: 8180, Message: "Statement(s) could not be prepared."}), database.CodeNoTable, "orderz", ""},
		{"unknown column", serverError(mssql.Error{Number: 207, Message: "Invalid column name 'totl'."}), database.CodeNoColumn, "totl", ""},
		{"unbound qualified column", serverError(mssql.Error{Number: 4104, Message: `The multi-part identifier "o.totl" could not be bound.`}), database.CodeNoColumn, "o.totl", ""},
		{"ambiguous", serverError(mssql.Error{Number: 209, Message: "Ambiguous column name 'id'."}), database.CodeAmbiguous, "id", ""},
		{"syntax", serverError(mssql.Error{Number: 102, Message: "Incorrect syntax near ','."}), database.CodeSyntax, "", "Incorrect syntax"},
		{"keyword syntax", serverError(mssql.Error{Number: 156, Message: "Incorrect syntax near the keyword 'FROM'."}), database.CodeSyntax, "", ""},
		{"group by", serverError(mssql.Error{Number: 8120, Message: "Column 'x' is invalid in the select list."}), database.CodeSyntax, "", ""},
		{"conversion", serverError(mssql.Error{Number: 245, Message: "Conversion failed when converting the varchar value 'x' to data type int."}), database.CodeTypeMismatch, "", ""},
		{"converting", serverError(mssql.Error{Number: 8114, Message: "Error converting data type nvarchar to bigint."}), database.CodeTypeMismatch, "", ""},
		{"clash", serverError(mssql.Error{Number: 206, Message: "Operand type clash: date is incompatible with int"}), database.CodeTypeMismatch, "", ""},
		{"permission", serverError(mssql.Error{Number: 229, Message: "The SELECT permission was denied on the object 'salaries'."}), database.CodeForbidden, "", "db_datareader"},
		{"column permission", serverError(mssql.Error{Number: 230, Message: "The SELECT permission was denied on the column 'ssn'."}), database.CodeForbidden, "", ""},
		{"database permission", serverError(mssql.Error{Number: 262, Message: "CREATE TABLE permission denied in database 'shop'."}), database.CodeForbidden, "", ""},
		{"lock timeout", serverError(mssql.Error{Number: 1222, Message: "Lock request time out period exceeded."}), database.CodeTimeout, "", "locked by another session"},
		{"client timeout", serverError(mssql.Error{Number: -2, Message: "Timeout expired."}), database.CodeTimeout, "", ""},
		{"login failed", serverError(mssql.Error{Number: 18456, Message: "Login failed for user 'reader'."}), database.CodeUnavailable, "", "check the user name and password"},
		{"deadlock", serverError(mssql.Error{Number: 1205, Message: "Transaction was deadlocked."}), database.CodeUnavailable, "", "try again"},
		{"divide by zero stays internal", serverError(mssql.Error{Number: 8134, Message: "Divide by zero error encountered."}), database.CodeInternal, "", "Divide by zero"},
		{"deadline", fmt.Errorf("x: %w", context.DeadlineExceeded), database.CodeTimeout, "", ""},
		{"canceled", context.Canceled, database.CodeCanceled, "", ""},
		{"refused", errors.New("unable to open tcp connection with host '127.0.0.1:1': dial tcp 127.0.0.1:1: connect: connection refused"), database.CodeUnavailable, "", "cannot be reached"},
		{"login error text", errors.New("login error: mssql: login error: Login failed for user 'reader'."), database.CodeUnavailable, "", "refused the login"},
		{"net error", &net.OpError{Op: "read", Err: errors.New("reset")}, database.CodeUnavailable, "", ""},
		{"eof", fmt.Errorf("reading: %w", io.EOF), database.CodeUnavailable, "", ""},
		{"bad conn", driver.ErrBadConn, database.CodeUnavailable, "", ""},
		{"anything else", errors.New("surprise"), database.CodeInternal, "", "surprise"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := sqlserver.Classify(tc.err)
			var e *database.Error
			if !errors.As(err, &e) {
				t.Fatalf("Classify returned %T: %v", err, err)
			}
			if e.Code != tc.code || e.Name != tc.item || !strings.Contains(e.Message, tc.msg) || e.Message == "" {
				t.Errorf("Classify(%v) = {%s %q name=%q}, want {%s …%q… name=%q}", tc.err, e.Code, e.Message, e.Name, tc.code, tc.msg, tc.item)
			}
			if !errors.Is(err, tc.err) && !errors.Is(e.Err, tc.err) {
				t.Errorf("Classify lost the original error %v", tc.err)
			}
		})
	}
	if sqlserver.Classify(nil) != nil {
		t.Error("Classify(nil) is not nil")
	}
	de := &database.Error{Code: database.CodeForbidden, Message: "x"}
	if sqlserver.Classify(de) != error(de) {
		t.Error("Classify changed a *database.Error")
	}
}

func TestNormalize(t *testing.T) {
	// A uniqueidentifier as SQL Server sends it: the first three groups
	// little-endian.
	wire := []byte{0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF}
	text := []byte{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF}
	at := time.Date(2024, 3, 5, 14, 7, 9, 0, time.UTC)
	for _, tc := range []struct {
		v      any
		dbType string
		conv   bool
		want   any
	}{
		{nil, "INT", false, nil},
		{int64(42), "BIGINT", false, int64(42)},
		{3.25, "FLOAT", false, 3.25},
		{float32(0.1), "REAL", false, 0.1},
		{true, "BIT", false, true},
		{"Zoë", "NVARCHAR", false, "Zoë"},
		{[]byte("1234.5600"), "DECIMAL", false, 1234.56},
		{[]byte("-0.0100"), "MONEY", false, -0.01},
		{[]byte("7.5000"), "SMALLMONEY", false, 7.5},
		{wire, "UNIQUEIDENTIFIER", false, "00112233-4455-6677-8899-AABBCCDDEEFF"},
		{text, "UNIQUEIDENTIFIER", true, "00112233-4455-6677-8899-AABBCCDDEEFF"},
		{[]byte{0x00, 0xFF, 0x10}, "VARBINARY", false, "0x00FF10"},
		{make([]byte, 2000), "VARBINARY", false, "<binary: 2000 bytes>"},
		{at, "DATE", false, "2024-03-05"},
		{at, "DATETIME2", false, "2024-03-05 14:07:09"},
		{at.Add(123 * time.Millisecond), "DATETIME", false, "2024-03-05 14:07:09.123"},
		{at, "SMALLDATETIME", false, "2024-03-05 14:07:09"},
		{time.Date(2024, 3, 5, 14, 7, 9, 0, time.FixedZone("", 2*3600)), "DATETIMEOFFSET", false, "2024-03-05 14:07:09+02:00"},
		{time.Date(1, 1, 1, 8, 30, 0, 0, time.UTC), "TIME", false, "08:30:00"},
	} {
		if got := sqlserver.Normalize(tc.v, tc.dbType, tc.conv); got != tc.want {
			t.Errorf("Normalize(%v, %s) = %#v, want %#v", tc.v, tc.dbType, got, tc.want)
		}
	}
}

// TestSessionSetup checks the settings every pooled connection starts
// with: the server-side row cap, a bounded lock wait and the isolation
// level, one statement per line so none can be lost to a typo.
func TestSessionSetup(t *testing.T) {
	got := sqlserver.SessionSetup(101, 1500*time.Millisecond)
	for _, want := range []string{"SET ROWCOUNT 101;", "SET LOCK_TIMEOUT 1500;", "SET TRANSACTION ISOLATION LEVEL READ COMMITTED;",
		"SET XACT_ABORT ON;", "SET QUOTED_IDENTIFIER ON;", "SET IMPLICIT_TRANSACTIONS OFF;", "SET TEXTSIZE 1048576;"} {
		if !strings.Contains(got, want) {
			t.Errorf("setup lacks %q:\n%s", want, got)
		}
	}
	if got := sqlserver.SessionSetup(0, 0); !strings.Contains(got, "SET ROWCOUNT 0;") || !strings.Contains(got, "SET LOCK_TIMEOUT -1;") {
		t.Errorf("setup without limits:\n%s", got)
	}
}

func TestColumnTypes(t *testing.T) {
	for _, tc := range []struct {
		name               string
		maxLen, prec, scal int64
		text               string
		kind               schema.Kind
	}{
		{"nvarchar", 510, 0, 0, "nvarchar(255)", schema.KindText},
		{"nvarchar", -1, 0, 0, "nvarchar(max)", schema.KindText},
		{"varchar", 20, 0, 0, "varchar(20)", schema.KindText},
		{"decimal", 9, 10, 2, "decimal(10,2)", schema.KindReal},
		{"money", 8, 19, 4, "money", schema.KindReal},
		{"datetime2", 8, 27, 7, "datetime2(7)", schema.KindDateTime},
		{"date", 3, 10, 0, "date", schema.KindDate},
		{"time", 5, 16, 7, "time(7)", schema.KindOther},
		{"bit", 1, 1, 0, "bit", schema.KindBool},
		{"bigint", 8, 19, 0, "bigint", schema.KindInteger},
		{"uniqueidentifier", 16, 0, 0, "uniqueidentifier", schema.KindText},
		{"varbinary", -1, 0, 0, "varbinary(max)", schema.KindBlob},
		{"geography", -1, 0, 0, "geography", schema.KindOther},
	} {
		if got := sqlserver.TypeText(tc.name, tc.maxLen, tc.prec, tc.scal); got != tc.text {
			t.Errorf("TypeText(%s, %d) = %q, want %q", tc.name, tc.maxLen, got, tc.text)
		}
		if got := sqlserver.KindOf(tc.name); got != tc.kind {
			t.Errorf("KindOf(%s) = %s, want %s", tc.name, got, tc.kind)
		}
	}
}
