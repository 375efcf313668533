package cli_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"querent/internal/cli"
	"querent/internal/llm/llmtest"
)

// run executes the CLI in-process with an empty environment.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.RunEnv(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

// demoDB creates the demo database in a fresh folder.
func demoDB(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "demo.db")
	if _, stderr, code := run(t, "demo", "--out", path); code != 0 {
		t.Fatalf("demo: exit %d: %s", code, stderr)
	}
	return path
}

type response struct {
	Answer    string   `json:"answer"`
	SQL       string   `json:"sql"`
	Columns   []string `json:"columns"`
	Rows      [][]any  `json:"rows"`
	RowCount  int      `json:"row_count"`
	Truncated bool     `json:"truncated"`
	Planner   string   `json:"planner"`
	LLMCalls  int      `json:"llm_calls"`
	Trace     []struct {
		Node string `json:"node"`
	} `json:"trace"`
	Clarification *struct {
		Questions []struct {
			Text    string   `json:"text"`
			Choices []string `json:"choices"`
		} `json:"questions"`
	} `json:"clarification"`
	Error *struct {
		Code, Message, Hint string
	} `json:"error"`
}

func decode(t *testing.T, stdout string) response {
	t.Helper()
	var r response
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, stdout)
	}
	return r
}

func TestAskCountMatchesSQL(t *testing.T) {
	db := demoDB(t)
	out, stderr, code := run(t, "ask", "--db", db, "--json", "How many customers are there?")
	if code != 0 {
		t.Fatalf("ask: exit %d\n%s\n%s", code, out, stderr)
	}
	got := decode(t, out)
	out, stderr, code = run(t, "sql", "--db", db, "--json", "SELECT count(*) FROM customers")
	if code != 0 {
		t.Fatalf("sql: exit %d\n%s\n%s", code, out, stderr)
	}
	want := decode(t, out)
	if len(got.Rows) != 1 || len(want.Rows) != 1 || got.Rows[0][0] != want.Rows[0][0] {
		t.Fatalf("ask rows %v, SELECT count(*) rows %v", got.Rows, want.Rows)
	}
	if got.Planner != "offline" || got.LLMCalls != 0 {
		t.Errorf("planner %q with %d LLM calls, want offline with 0", got.Planner, got.LLMCalls)
	}
	if len(got.Trace) == 0 || got.Trace[0].Node != "resolve" {
		t.Errorf("trace %v does not start at resolve", got.Trace)
	}
}

func TestAskHumanOutput(t *testing.T) {
	db := demoDB(t)
	out, stderr, code := run(t, "ask", "--db", db, "How many customers are there?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"300", "SQL:", "SELECT", "customers"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// checksum hashes the database file and lists the folder, so a test can
// prove that nothing was written and no file was created.
func checksum(t *testing.T, path string) (string, []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	sum := sha256.Sum256(b)
	return string(sum[:]), names
}

func TestSQLRefusesWrites(t *testing.T) {
	db := demoDB(t)
	sum, files := checksum(t, db)
	for _, q := range []string{
		"DELETE FROM customers",
		"SELECT 1; DROP TABLE orders",
		"ATTACH DATABASE 'x.db' AS x",
		"ATTACH DATABASE '" + filepath.Join(filepath.Dir(db), "y.db") + "' AS y",
		"PRAGMA query_only=0",
		"UPDATE orders SET status = 'x'",
		"WITH d AS (SELECT 1) DELETE FROM orders",
		"VACUUM INTO 'copy.db'",
		"SELECT load_extension('evil')",
		"CREATE TABLE t(x)",
	} {
		t.Run(q, func(t *testing.T) {
			out, _, code := run(t, "sql", "--db", db, "--json", q)
			if code != cli.ExitRefused {
				t.Errorf("exit %d, want %d\n%s", code, cli.ExitRefused, out)
			}
			r := decode(t, out)
			if r.Error == nil || r.Error.Code != "forbidden" {
				t.Errorf("error = %+v, want code forbidden", r.Error)
			}
		})
	}
	sum2, files2 := checksum(t, db)
	if sum != sum2 {
		t.Error("the database file changed")
	}
	if strings.Join(files, ",") != strings.Join(files2, ",") {
		t.Errorf("files changed: before %v after %v", files, files2)
	}
	wd, _ := os.Getwd()
	for _, f := range []string{"x.db", "copy.db"} {
		if _, err := os.Stat(filepath.Join(wd, f)); err == nil {
			t.Errorf("%s was created", f)
		}
	}
}

func TestExitCodes(t *testing.T) {
	db := demoDB(t)
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"no command", nil, cli.ExitUsage},
		{"unknown command", []string{"frobnicate"}, cli.ExitUsage},
		{"no question", []string{"ask", "--db", db}, cli.ExitUsage},
		{"no database", []string{"ask", "How many customers?"}, cli.ExitUsage},
		{"missing file", []string{"ask", "--db", filepath.Join(t.TempDir(), "nope.db"), "How many customers?"}, cli.ExitFailure},
		{"cannot answer offline", []string{"ask", "--db", db, "What is the weather tomorrow?"}, cli.ExitDeclined},
		{"sql syntax error", []string{"sql", "--db", db, "SELEC 1"}, cli.ExitRefused},
		{"bad planner", []string{"ask", "--db", db, "--planner", "magic", "How many customers?"}, cli.ExitUsage},
		{"llm planner without llm", []string{"ask", "--db", db, "--planner", "llm", "How many customers?"}, cli.ExitUsage},
		{"bad llm spec", []string{"ask", "--db", db, "--llm", "gpt4", "How many customers?"}, cli.ExitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := run(t, tt.args...)
			if code != tt.want {
				t.Errorf("exit %d, want %d\n%s", code, tt.want, stderr)
			}
		})
	}
}

func TestCannotAnswerSaysHowToConfigureAnLLM(t *testing.T) {
	db := demoDB(t)
	out, _, code := run(t, "ask", "--db", db, "--json", "What is the weather tomorrow?")
	if code != cli.ExitDeclined {
		t.Fatalf("exit %d, want %d", code, cli.ExitDeclined)
	}
	r := decode(t, out)
	if r.Error == nil || r.Error.Code != "cannot_answer" || !strings.Contains(r.Error.Hint, "--llm") {
		t.Errorf("error = %+v, want cannot_answer with a hint naming --llm", r.Error)
	}
}

func TestSchemaJSON(t *testing.T) {
	db := demoDB(t)
	out, stderr, code := run(t, "schema", "--db", db, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var s struct {
		Tables []struct {
			Name        string
			ForeignKeys []struct {
				RefTable string `json:"ref_table"`
			} `json:"foreign_keys"`
		}
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	var names []string
	fks := 0
	for _, tb := range s.Tables {
		names = append(names, tb.Name)
		fks += len(tb.ForeignKeys)
	}
	sort.Strings(names)
	want := "categories,clients,customers,employees,order_items,orders,payments,products"
	if strings.Join(names, ",") != want {
		t.Errorf("tables %v, want %s", names, want)
	}
	if fks < 9 {
		t.Errorf("%d foreign keys, want the demo's declared keys", fks)
	}
}

func TestDoctorWithoutLLM(t *testing.T) {
	db := demoDB(t)
	out, _, code := run(t, "doctor", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, "ok   database") || !strings.Contains(out, "offline planner") {
		t.Errorf("doctor output:\n%s", out)
	}
	out, _, code = run(t, "doctor", "--db", filepath.Join(t.TempDir(), "missing.db"))
	if code != cli.ExitFailure || !strings.Contains(out, "FAIL database") {
		t.Errorf("doctor on a missing file: exit %d\n%s", code, out)
	}
}

func TestDemoRefusesToOverwrite(t *testing.T) {
	db := demoDB(t)
	_, stderr, code := run(t, "demo", "--out", db)
	if code != cli.ExitFailure || !strings.Contains(stderr, "--force") {
		t.Errorf("exit %d, stderr %q: want a refusal mentioning --force", code, stderr)
	}
}

func TestDoctorWithLLM(t *testing.T) {
	db := demoDB(t)
	srv := llmtest.NewServer(t, llmtest.Reply(`{"ok": true}`))
	out, _, code := run(t, "doctor", "--db", db, "--llm", "openai:"+llmtest.DefaultModel+"@"+srv.OpenAIBaseURL())
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{"ok   endpoint reachable", "ok   model present", "ok   structured output"} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	srv2 := llmtest.NewServer(t)
	out, _, code = run(t, "doctor", "--db", db, "--llm", "openai:no-such-model@"+srv2.OpenAIBaseURL())
	if code != cli.ExitFailure || !strings.Contains(out, "FAIL model present") {
		t.Errorf("missing model: exit %d\n%s", code, out)
	}
}

// TestAskWithLLM goes through the CLI to the scripted server: the offline
// planner declines, the LLM plans (and, by default, explains), and the JSON
// says so.
func TestAskWithLLM(t *testing.T) {
	db := demoDB(t)
	lyon := `{"plan": {"select": [{"expr": {"col": "customers.email"}}], "from": {"table": "customers"}, "where": {"op": "=", "left": {"col": "customers.city"}, "right": {"value": "Lyon"}}, "order_by": [{"expr": {"col": "customers.email"}}]}}`
	question := "Which e-mail addresses do our customers from Lyon use, alphabetically?"
	llmFlag := func(srv *llmtest.Server) string { return "openai:" + llmtest.DefaultModel + "@" + srv.OpenAIBaseURL() }
	srv := llmtest.NewServer(t, llmtest.Reply(lyon), llmtest.Reply("These are the addresses of the customers in Lyon."))
	out, stderr, code := run(t, "ask", "--db", db, "--json", "--llm", llmFlag(srv), question)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	if r := decode(t, out); r.LLMCalls != 2 || r.Answer != "These are the addresses of the customers in Lyon." {
		t.Errorf("llm_calls %d answer %q, want 2 calls: plan and explanation", r.LLMCalls, r.Answer)
	}
	srv = llmtest.NewServer(t, llmtest.Reply(lyon))
	out, stderr, code = runWith(t, "", map[string]string{"QUERENT_ENABLE_EXPLANATION": "false"}, "ask", "--db", db, "--json", "--llm", llmFlag(srv), question)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	r := decode(t, out)
	if r.LLMCalls != 1 || r.Planner != "openai:"+llmtest.DefaultModel {
		t.Errorf("llm_calls %d planner %q, want 1 call by the LLM", r.LLMCalls, r.Planner)
	}
	want, _, _ := run(t, "sql", "--db", db, "--json", "SELECT email FROM customers WHERE city = 'Lyon' ORDER BY email")
	if w := decode(t, want); len(w.Rows) == 0 || fmt.Sprint(w.Rows) != fmt.Sprint(r.Rows) {
		t.Errorf("rows %v, want %v", r.Rows, w.Rows)
	}
}
