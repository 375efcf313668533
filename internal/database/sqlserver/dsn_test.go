package sqlserver_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database"
	"querent/internal/database/sqlserver"
)

func TestParseDSN(t *testing.T) {
	for _, tc := range []struct {
		dsn  string
		want sqlserver.DSN
	}{
		{"sqlserver://reader:s3cret@db.example.com:1433?database=shop",
			sqlserver.DSN{Host: "db.example.com", Port: 1433, Database: "shop", User: "reader"}},
		{"SQLServer://reader:p%40ss%23w0rd@10.0.0.5/SQLEXPRESS?database=shop&encrypt=disable&app+name=x",
			sqlserver.DSN{Host: "10.0.0.5", Instance: "SQLEXPRESS", Database: "shop", User: "reader"}},
		{"sqlserver://[::1]:14333?database=shop&TrustServerCertificate=true&dial%20timeout=5",
			sqlserver.DSN{Host: "::1", Port: 14333, Database: "shop"}},
	} {
		got, err := sqlserver.ParseDSN(tc.dsn)
		if err != nil {
			t.Errorf("ParseDSN(%q): %v", tc.dsn, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseDSN(%q) (-want +got):\n%s", tc.dsn, diff)
		}
	}
}

// TestParseDSNErrors checks that each mistake is named with what to do,
// and that the password never appears in the message.
func TestParseDSNErrors(t *testing.T) {
	const password = "Sup3rSecret"
	for _, tc := range []struct{ dsn, want string }{
		{"server=host;user id=u;password=" + password, "must be a URL such as sqlserver://"},
		{"sqlserver:host?database=shop", "must be a URL"},
		{"sqlserver://u:" + password + "@?database=shop", "names no host"},
		{"sqlserver://u:" + password + "@host:99999?database=shop", `port "99999"`},
		{"sqlserver://u:" + password + "@host:x?database=shop", "percent-encode"},
		{"sqlserver://u:" + password + "@host", "names no database: add ?database=NAME"},
		{"sqlserver://u:" + password + "@host?databse=shop", `unknown parameter "databse"; did you mean database?`},
		{"sqlserver://u:" + password + "@host?database=shop&encrpyt=true", "did you mean encrypt?"},
		{"sqlserver://u:" + password + "@host?database=shop&frobnicate=1", `unknown parameter "frobnicate"`},
		{"sqlserver://u:" + password + "@host?database=a&Database=b", "more than once"},
		{"sqlserver://u:" + password + "@host?database=a&database=b", "more than once"},
		{"sqlserver://u:" + password + "@host?database=shop&change%20password=x", "never changes a login"},
		{"sqlserver://u@host?database=shop&password=" + password, "put it in the URL"},
		{"sqlserver://u:pa#" + password + "@host?database=shop", "percent-encode it as %23"},
		{"sqlserver://u:" + password + "@host/a/b?database=shop", "may only name an instance"},
		{"sqlserver://u:" + password + "@host?database=shop&encrypt=sometimes", "encrypt"},
		{"sqlserver://u:" + password + "@host?database=shop&%zz=1", "cannot read the parameters"},
		{"sqlserver://u:" + password + "@host?Initial%20Catalog=shop", `"Initial Catalog", which go-mssqldb ignores in a URL: write database instead`},
		{"sqlserver://u:" + password + "@host?database=shop&server=other", "write the URL's host instead"},
	} {
		_, err := sqlserver.ParseDSN(tc.dsn)
		if err == nil {
			t.Errorf("ParseDSN(%q) accepted it", tc.dsn)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseDSN(%q) = %q, want it to say %q", tc.dsn, err, tc.want)
		}
		if strings.Contains(err.Error(), password) {
			t.Errorf("ParseDSN(%q) = %q, which shows the password", tc.dsn, err)
		}
	}
}

// TestOpenUnreachableRedacts opens a DSN for a port nothing listens on:
// the error is classified as unavailable and does not show the password.
func TestOpenUnreachableRedacts(t *testing.T) {
	const password = "Sup3rSecret"
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	dsn := "sqlserver://reader:" + password + "@127.0.0.1:1?database=shop&dial%20timeout=2"
	for name, open := range map[string]func() error{
		"Open": func() error {
			_, err := database.Open(ctx, dsn)
			return err
		},
		"OpenAdmin": func() error {
			_, _, err := database.OpenAdmin(ctx, dsn)
			return err
		},
	} {
		err := open()
		if err == nil {
			t.Fatalf("%s: connected to 127.0.0.1:1", name)
		}
		if strings.Contains(err.Error(), password) {
			t.Errorf("%s error shows the password: %v", name, err)
		}
		if !strings.Contains(err.Error(), "reader:xxxxx@127.0.0.1:1") {
			t.Errorf("%s error does not name the redacted DSN: %v", name, err)
		}
		var e *database.Error
		if !errors.As(err, &e) || e.Code != database.CodeUnavailable {
			t.Errorf("%s error is %v, want CodeUnavailable", name, err)
		}
	}
}

func TestRegistered(t *testing.T) {
	found := false
	for _, s := range database.Schemes() {
		found = found || s == "sqlserver"
	}
	if !found {
		t.Fatalf("scheme sqlserver is not registered: %v", database.Schemes())
	}
	_, err := database.Open(context.Background(), "sqlserver://u:p@host")
	if err == nil || !strings.Contains(err.Error(), "names no database") {
		t.Errorf("database.Open did not reach the SQL Server engine's DSN check: %v", err)
	}
}
