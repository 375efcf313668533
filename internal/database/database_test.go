package database_test

import (
	"context"
	"strings"
	"testing"

	"querent/internal/database"
)

func TestRowCap(t *testing.T) {
	res := &database.Result{}
	rc := database.NewRowCap(res, 2)
	for i := 0; i < 5 && rc.Admit(); i++ {
		rc.Add([]any{int64(i)}, 8)
	}
	if len(res.Rows) != 2 || !res.Truncated {
		t.Errorf("%d rows, truncated %v; want 2 and true", len(res.Rows), res.Truncated)
	}

	res = &database.Result{}
	rc = database.NewRowCap(res, 1000)
	big := strings.Repeat("x", database.MaxResultBytes/2)
	for i := 0; i < 10 && rc.Admit(); i++ {
		rc.Add([]any{big}, len(big))
	}
	if len(res.Rows) != 3 || !res.Truncated {
		t.Errorf("byte budget: %d rows, truncated %v; want 3 (the one that crossed 32 MiB) and true", len(res.Rows), res.Truncated)
	}

	res = &database.Result{}
	rc = database.NewRowCap(res, 2)
	rc.Add([]any{1}, 1)
	if !rc.Admit() || res.Truncated {
		t.Error("a result under its cap was marked truncated")
	}
}

func TestRedact(t *testing.T) {
	tests := map[string]string{
		"postgres://bob:s3cret@db:5432/shop":     "postgres://bob:xxxxx@db:5432/shop",
		"mysql://bob:p@ss:w@rd@db/shop":          "mysql://bob:xxxxx@db/shop",
		"postgres://bob@db/shop":                 "postgres://bob@db/shop",
		"demo.db":                                "demo.db",
		"sqlserver://sa:pw@host:1433?database=x": "sqlserver://sa:xxxxx@host:1433?database=x",
	}
	for in, want := range tests {
		if got := database.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOpenUnknownNeverPrintsThePassword(t *testing.T) {
	_, err := database.Open(context.Background(), "oracle://scott:tiger@db/orcl")
	if err == nil {
		t.Fatal("an unknown scheme opened")
	}
	if strings.Contains(err.Error(), "tiger") {
		t.Errorf("error shows the password: %v", err)
	}
	if _, err := database.Open(context.Background(), ""); err == nil || !strings.Contains(err.Error(), "--db") {
		t.Errorf("empty DSN: %v, want an error naming --db", err)
	}
}
