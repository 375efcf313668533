package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"querent/internal/database"
	"querent/internal/database/postgres"
)

// TestRegistry needs no server: both schemes are registered for questions
// and for loading the demo, and a server that does not answer is
// CodeUnavailable with the password kept out of the message.
func TestRegistry(t *testing.T) {
	for _, scheme := range []string{"postgres", "postgresql"} {
		if !slices.Contains(database.Schemes(), scheme) {
			t.Errorf("schemes %v lack %s", database.Schemes(), scheme)
		}
		dsn := scheme + "://querent:s3cr3t-pw@127.0.0.1:1/querent_test?sslmode=disable&connect_timeout=5"
		_, err := database.Open(context.Background(), dsn)
		if database.CodeOf(err) != database.CodeUnavailable {
			t.Errorf("Open(%s) on a closed port: %v, want code unavailable", scheme, err)
		}
		if err != nil && strings.Contains(err.Error(), "s3cr3t-pw") {
			t.Errorf("Open error shows the password: %v", err)
		}
		_, _, err = database.OpenAdmin(context.Background(), dsn)
		if err == nil || strings.Contains(err.Error(), "s3cr3t-pw") {
			t.Errorf("OpenAdmin(%s) on a closed port: %v, want an error without the password", scheme, err)
		}
	}
	for _, dsn := range []string{
		"postgres://querent:s3cr3t-pw@127.0.0.1:notaport/db",
		"postgres://querent:s3cr3t-pw@127.0.0.1/db?sslmode=sometimes",
		"postgres://querent:s3cr3t-pw@127.0.0.1/db?pool_max_conns=many",
		"postgres://127.0.0.1/db?password=s3cr3t-pw&sslmode=sometimes",
	} {
		_, err := postgres.Open(context.Background(), dsn)
		if err == nil {
			t.Errorf("Open(%q) succeeded", dsn)
			continue
		}
		if strings.Contains(err.Error(), "s3cr3t-pw") {
			t.Errorf("Open(%q) error shows the password: %v", dsn, err)
		}
		if !strings.Contains(err.Error(), "postgres://user:password@host:5432/dbname") {
			t.Errorf("Open(%q) error %q does not show the expected form", dsn, err)
		}
	}
}

func TestClassify(t *testing.T) {
	pg := func(code, msg string) error { return &pgconn.PgError{Severity: "ERROR", Code: code, Message: msg} }
	tests := []struct {
		err  error
		code database.Code
		name string
	}{
		{pg("42P01", `relation "nope" does not exist`), database.CodeNoTable, "nope"},
		{pg("42P01", `relation "s.nope" does not exist`), database.CodeNoTable, "s.nope"},
		{pg("42P01", `missing FROM-clause entry for table "x"`), database.CodeSyntax, ""},
		{pg("42703", `column "nope" does not exist`), database.CodeNoColumn, "nope"},
		{pg("42703", `column o.nope does not exist`), database.CodeNoColumn, "nope"},
		{pg("42703", `column "x" of relation "t" does not exist`), database.CodeNoColumn, "x"},
		{pg("42702", `column reference "id" is ambiguous`), database.CodeAmbiguous, "id"},
		{pg("42601", `syntax error at or near "FROM"`), database.CodeSyntax, ""},
		{pg("42803", `column "orders.status" must appear in the GROUP BY clause or be used in an aggregate function`), database.CodeSyntax, ""},
		{pg("42804", `argument of WHERE must be type boolean, not type integer`), database.CodeTypeMismatch, ""},
		{pg("42883", `operator does not exist: text + integer`), database.CodeTypeMismatch, ""},
		{pg("22P02", `invalid input syntax for type integer: "abc"`), database.CodeTypeMismatch, ""},
		{pg("22012", `division by zero`), database.CodeTypeMismatch, ""},
		{pg("57014", `canceling statement due to statement timeout`), database.CodeTimeout, ""},
		{pg("55P03", `canceling statement due to lock timeout`), database.CodeTimeout, ""},
		{pg("25006", `cannot execute DELETE in a read-only transaction`), database.CodeForbidden, ""},
		{pg("42501", `permission denied for table orders`), database.CodeForbidden, ""},
		{pg("08006", `connection failure`), database.CodeUnavailable, ""},
		{pg("53300", `sorry, too many clients already`), database.CodeUnavailable, ""},
		{pg("57P01", `terminating connection due to administrator command`), database.CodeUnavailable, ""},
		{pg("3D000", `database "x" does not exist`), database.CodeUnavailable, ""},
		{pg("28P01", `password authentication failed for user "q"`), database.CodeUnavailable, ""},
		{pg("XX000", `cache lookup failed`), database.CodeInternal, ""},
		{fmt.Errorf("wrapped: %w", pg("42P01", `relation "w" does not exist`)), database.CodeNoTable, "w"},
		{context.DeadlineExceeded, database.CodeTimeout, ""},
		{context.Canceled, database.CodeCanceled, ""},
		{io.ErrUnexpectedEOF, database.CodeUnavailable, ""},
		{errors.New("something else"), database.CodeInternal, ""},
		{database.Forbidden("already classified"), database.CodeForbidden, ""},
	}
	for _, tt := range tests {
		var e *database.Error
		if !errors.As(postgres.Classify(tt.err), &e) {
			t.Errorf("Classify(%v) is not a *database.Error", tt.err)
			continue
		}
		if e.Code != tt.code || e.Name != tt.name || e.Message == "" {
			t.Errorf("Classify(%v) = code %s name %q message %q; want code %s name %q", tt.err, e.Code, e.Name, e.Message, tt.code, tt.name)
		}
	}
	if postgres.Classify(nil) != nil {
		t.Error("Classify(nil) != nil")
	}
}
