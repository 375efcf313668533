package anthropic_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"querent/internal/llm"
	"querent/internal/llm/anthropic"
	"querent/internal/llm/llmtest"
)

func summary(fs []llm.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		state := "ok"
		if !f.OK {
			state = "FAIL"
		}
		b.WriteString(f.Check + "=" + state + "\n")
	}
	return b.String()
}

func checkFixes(t *testing.T, fs []llm.Finding) {
	t.Helper()
	for _, f := range fs {
		if f.Detail == "" {
			t.Errorf("finding %q has no Detail", f.Check)
		}
		if !f.OK && (f.Fix == "" || !strings.HasSuffix(f.Fix, ".")) {
			t.Errorf("failing finding %q has no Fix sentence: %q", f.Check, f.Fix)
		}
	}
}

func TestDiagnoseHealthy(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"ok": true}`))
	srv.SetModels("claude-sonnet-4-5")
	fs := newClient(t, srv.AnthropicBaseURL(), nil).Diagnose(context.Background())
	want := "endpoint reachable=ok\nAPI key accepted=ok\nmodel present=ok\nstructured output=ok\n"
	if got := summary(fs); got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s\n%+v", got, want, fs)
	}
	checkFixes(t, fs)
	if d := fs[3].Detail; !strings.Contains(d, "tool_use") {
		t.Errorf("structured detail %q does not name the mode", d)
	}
	if probe := srv.Requests()[0]; probe.ForcedTool == "" || !probe.HasSchema() {
		t.Errorf("probe did not force a tool: %+v", probe)
	}
}

func TestDiagnoseUnknownModel(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.SetModels("claude-haiku-4-5")
	fs := newClient(t, srv.AnthropicBaseURL(), func(c *anthropic.Config) { c.Model = "claude-sonnet-9" }).Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=ok\nAPI key accepted=ok\nmodel present=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
}

func TestDiagnoseBadKey(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.RequireAPIKey("sk-ant-right")
	fs := newClient(t, srv.AnthropicBaseURL(), nil).Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=ok\nAPI key accepted=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
	if !strings.Contains(fs[1].Fix, "ANTHROPIC_API_KEY") {
		t.Errorf("fix %q does not name the variable", fs[1].Fix)
	}
}

func TestDiagnoseUnreachable(t *testing.T) {
	dead := httptest.NewServer(nil)
	base := dead.URL
	dead.Close()
	fs := newClient(t, base, nil).Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
}

func TestDiagnoseProbeFails(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(529, ""))
	srv.SetModels("claude-sonnet-4-5")
	fs := newClient(t, srv.AnthropicBaseURL(), nil).Diagnose(context.Background())
	checkFixes(t, fs)
	if f := fs[len(fs)-1]; f.Check != llm.CheckStructured || f.OK || !strings.Contains(f.Detail, "overloaded") {
		t.Errorf("last finding = %+v, want a failed structured check saying the API is overloaded", f)
	}
}
