package cli_test

import (
	"encoding/json"
	"strings"
	"testing"

	"querent/internal/cli"
)

func TestSchemaForQuestion(t *testing.T) {
	db := demoDB(t)
	out, stderr, code := run(t, "schema", "--db", db, "--for", "which products did customers buy", "--top", "2", "--brief", "0")
	if code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`of 8 tables for "which products did customers buy"`,
		// Both tables the question names, in either order: each is
		// named once, so their order is a near tie.
		"customers  0.", "products   0.", "name matches customer", "name matches product",
		"products (60 rows):", // the rendered subset
		"tokens: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "payments") {
		t.Errorf("payments has nothing to do with the question, yet is shown:\n%s", out)
	}
}

func TestSchemaForJSON(t *testing.T) {
	db := demoDB(t)
	out, stderr, code := run(t, "schema", "--db", db, "--for", "payment amounts by method", "--top", "1", "--brief", "0", "--json")
	if code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Question string `json:"question"`
		Tables   []struct {
			Name    string   `json:"name"`
			Score   float64  `json:"score"`
			Stage   string   `json:"stage"`
			Reasons []string `json:"reasons"`
		} `json:"tables"`
		Rendered   string `json:"rendered"`
		Tokens     int    `json:"tokens"`
		FullTokens int    `json:"full_tokens"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(got.Tables) != 1 || got.Tables[0].Name != "payments" || got.Tables[0].Stage != "retrieve" || got.Tables[0].Score <= 0 || len(got.Tables[0].Reasons) == 0 {
		t.Errorf("tables %+v, want payments alone with a score and reasons", got.Tables)
	}
	if !strings.HasPrefix(got.Rendered, "payments") || got.Tokens <= 0 || got.Tokens >= got.FullTokens {
		t.Errorf("rendered %q, tokens %d of %d: want the payments table, fewer tokens than the whole schema", got.Rendered, got.Tokens, got.FullTokens)
	}
}

func TestSchemaForUsageErrors(t *testing.T) {
	db := demoDB(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--top", "3"}, "--top only applies with --for"},
		{[]string{"--for", "  "}, "--for needs a question"},
		{[]string{"--for", "customers", "--top", "0"}, "--top is 0"},
		{[]string{"--for", "customers", "--budget", "-5"}, "--budget is -5"},
		{[]string{"--for", "?!"}, "has no words"},
	} {
		_, stderr, code := run(t, append([]string{"schema", "--db", db}, tc.args...)...)
		if code != cli.ExitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("schema %v: exit %d, stderr %q; want exit %d naming %q", tc.args, code, stderr, cli.ExitUsage, tc.want)
		}
	}
	// Without --for the command lists every table as before.
	out, _, code := run(t, "schema", "--db", db)
	if code != cli.ExitOK || !strings.Contains(out, "8 tables") {
		t.Errorf("schema without --for: exit %d\n%s", code, out)
	}
}
