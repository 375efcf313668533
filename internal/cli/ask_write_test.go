package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"querent/internal/cli"
	"querent/internal/llm/llmtest"
)

const deleteCancelled = `{"sql": "DELETE FROM orders WHERE status = ?", "params": ["cancelled"], "reason": "removes the cancelled orders"}`

// A data-changing question, with writes allowed by the administrator, is
// planned by the LLM, previewed in a rolled-back transaction and applied
// only with --confirm; every step is audited.
func TestAskPlansAWriteAndAppliesOnlyWhenConfirmed(t *testing.T) {
	db := demoDB(t)
	cfg := writableConfig(t, db)
	llm := func(srv *llmtest.Server) string { return "openai:" + llmtest.DefaultModel + "@" + srv.OpenAIBaseURL() }
	cancelled := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'cancelled'")
	if cancelled == 0 {
		t.Fatal("the demo has no cancelled orders")
	}

	srv := llmtest.NewServer(t, llmtest.Reply(deleteCancelled))
	out, stderr, code := run(t, "ask", "--db", db, "--config", cfg, "--json", "--llm", llm(srv), "delete all cancelled orders")
	if code != cli.ExitNeedsConfirmation {
		t.Fatalf("exit %d, want %d (needs confirmation)\n%s\n%s", code, cli.ExitNeedsConfirmation, out, stderr)
	}
	r := decodeWrite(t, out)
	if r.Write == nil || r.Write.Rows != int64(cancelled) || r.Write.Confirmed || r.Write.Token == "" {
		t.Fatalf("write = %+v, want a preview of %v rows with a token", r.Write, cancelled)
	}
	if got := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'cancelled'"); got != cancelled {
		t.Fatalf("the preview changed data: %v cancelled orders left", got)
	}

	srv = llmtest.NewServer(t, llmtest.Reply(deleteCancelled))
	out, stderr, code = run(t, "ask", "--db", db, "--config", cfg, "--confirm", "--llm", llm(srv), "delete all cancelled orders")
	if code != 0 || !strings.Contains(out, "changed") {
		t.Fatalf("confirmed: exit %d\n%s\n%s", code, out, stderr)
	}
	if got := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'cancelled'"); got != 0 {
		t.Errorf("%v cancelled orders left after the confirmed delete", got)
	}
	audit, err := os.ReadFile(filepath.Join(filepath.Dir(cfg), ".querent", "audit.jsonl"))
	if err != nil || strings.Count(string(audit), "\n") < 3 {
		t.Errorf("audit log: %v\n%s", err, audit)
	}
}

func TestAskWriteRefusedWithoutOptIn(t *testing.T) {
	db := demoDB(t)
	srv := llmtest.NewServer(t) // no call may be made
	out, stderr, code := run(t, "ask", "--db", db, "--json", "--llm", "openai:"+llmtest.DefaultModel+"@"+srv.OpenAIBaseURL(), "delete all cancelled orders")
	if code != cli.ExitDeclined {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	r := decode(t, out)
	if r.LLMCalls != 0 || !strings.Contains(r.Error.Hint, "allow_writes") {
		t.Errorf("llm_calls %d, hint %q", r.LLMCalls, r.Error.Hint)
	}
}

func TestAskWriteRejectsDDLFromTheLLM(t *testing.T) {
	db := demoDB(t)
	cfg := writableConfig(t, db)
	srv := llmtest.NewServer(t,
		llmtest.Reply(`{"sql": "DROP TABLE orders"}`),
		llmtest.Reply(`{"sql": "DELETE FROM orders WHERE status = 'cancelled'; DROP TABLE orders"}`),
		llmtest.Reply(`{"sql": "TRUNCATE orders"}`))
	out, stderr, code := run(t, "ask", "--db", db, "--config", cfg, "--json", "--llm", "openai:"+llmtest.DefaultModel+"@"+srv.OpenAIBaseURL(), "delete all cancelled orders")
	if code != cli.ExitDeclined {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	if n := countRows(t, db, "SELECT count(*) FROM orders"); n == 0 {
		t.Error("orders were dropped or emptied")
	}
}
