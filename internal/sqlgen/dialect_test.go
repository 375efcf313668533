package sqlgen_test

import (
	"strings"
	"testing"

	"querent/internal/sqlgen"
)

func TestDialectFor(t *testing.T) {
	for _, name := range dialects {
		for _, spelled := range []string{name, strings.ToUpper(name), " " + name + " "} {
			d, err := sqlgen.DialectFor(spelled)
			if err != nil {
				t.Fatalf("DialectFor(%q): %v", spelled, err)
			}
			if d.Name() != name {
				t.Errorf("DialectFor(%q).Name() = %q", spelled, d.Name())
			}
		}
	}
	_, err := sqlgen.DialectFor("oracle")
	if err == nil {
		t.Fatal("DialectFor(oracle) succeeded")
	}
	for _, name := range dialects {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list %s", err, name)
		}
	}
}

func TestQuoteIdent(t *testing.T) {
	names := []string{"orders", "order details", `we"ird`, "a]b", "a`b", `"[]"`, ""}
	want := map[string][]string{
		"sqlite":    {`"orders"`, `"order details"`, `"we""ird"`, `"a]b"`, "\"a`b\"", `"""[]"""`, `""`},
		"postgres":  {`"orders"`, `"order details"`, `"we""ird"`, `"a]b"`, "\"a`b\"", `"""[]"""`, `""`},
		"duckdb":    {`"orders"`, `"order details"`, `"we""ird"`, `"a]b"`, "\"a`b\"", `"""[]"""`, `""`},
		"mysql":     {"`orders`", "`order details`", "`we\"ird`", "`a]b`", "`a``b`", "`\"[]\"`", "``"},
		"sqlserver": {"[orders]", "[order details]", `[we"ird]`, "[a]]b]", "[a`b]", `["[]]"]`, "[]"},
	}
	for d, quoted := range want {
		dl, _ := sqlgen.DialectFor(d)
		for i, n := range names {
			if got := dl.QuoteIdent(n); got != quoted[i] {
				t.Errorf("%s.QuoteIdent(%q) = %s, want %s", d, n, got, quoted[i])
			}
		}
	}
}

func TestPlaceholder(t *testing.T) {
	want := map[string][2]string{
		"sqlite": {"?", "?"}, "mysql": {"?", "?"},
		"postgres": {"$1", "$12"}, "duckdb": {"$1", "$12"}, "sqlserver": {"@p1", "@p12"},
	}
	for d, w := range want {
		dl, _ := sqlgen.DialectFor(d)
		if got := [2]string{dl.Placeholder(1), dl.Placeholder(12)}; got != w {
			t.Errorf("%s placeholders 1, 12 = %v, want %v", d, got, w)
		}
		if numbered := w[0] != w[1]; dl.Caps().NumberedParams != numbered {
			t.Errorf("%s: NumberedParams = %v, but placeholders are %v", d, dl.Caps().NumberedParams, w)
		}
	}
}

func TestLimit(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	tests := []struct {
		dialect       string
		limit, offset *int64
		ordered       bool
		top, tail     string
	}{
		{"sqlite", n(5), nil, false, "", "LIMIT 5"},
		{"sqlite", nil, n(3), false, "", "LIMIT -1 OFFSET 3"},
		{"postgres", n(5), n(3), true, "", "LIMIT 5 OFFSET 3"},
		{"postgres", nil, n(3), false, "", "OFFSET 3"},
		{"duckdb", nil, nil, false, "", ""},
		{"mysql", nil, n(3), false, "", "LIMIT 18446744073709551615 OFFSET 3"},
		{"sqlserver", n(5), nil, true, "TOP 5", ""},
		{"sqlserver", n(5), n(3), true, "", "OFFSET 3 ROWS FETCH NEXT 5 ROWS ONLY"},
		{"sqlserver", n(5), n(3), false, "", "ORDER BY (SELECT NULL) OFFSET 3 ROWS FETCH NEXT 5 ROWS ONLY"},
		{"sqlserver", nil, n(3), true, "", "OFFSET 3 ROWS"},
		{"sqlserver", n(0), n(3), true, "TOP 0", ""},
	}
	for _, tc := range tests {
		dl, _ := sqlgen.DialectFor(tc.dialect)
		top, tail := dl.Limit(tc.limit, tc.offset, tc.ordered)
		if top != tc.top || tail != tc.tail {
			t.Errorf("%s Limit(%v, %v, %v) = %q, %q; want %q, %q", tc.dialect, tc.limit, tc.offset, tc.ordered, top, tail, tc.top, tc.tail)
		}
	}
}

// TestDialectRefusesUnknownNames: the error returns of the spelling methods
// are reachable, for callers building their own dialect wrappers.
func TestDialectRefusesUnknownNames(t *testing.T) {
	for _, d := range dialects {
		dl, _ := sqlgen.DialectFor(d)
		if _, err := dl.Bucket("decade", "x"); err == nil {
			t.Errorf("%s: Bucket(decade) succeeded", d)
		}
		if _, err := dl.Extract("week", "x"); err == nil {
			t.Errorf("%s: Extract(week) succeeded", d)
		}
		if _, err := dl.Func("median", []string{"x"}); err == nil {
			t.Errorf("%s: Func(median) succeeded", d)
		}
	}
}
