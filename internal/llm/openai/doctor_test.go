package openai_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"querent/internal/llm"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/openai"
)

// summary renders findings as "check=ok|FAIL" lines for compact comparison.
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

func find(fs []llm.Finding, check string) llm.Finding {
	for _, f := range fs {
		if f.Check == check {
			return f
		}
	}
	return llm.Finding{}
}

func TestDiagnoseHealthy(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"ok": true}`))
	srv.SetModels("llama3.1:8b", "qwen2.5-coder:7b")
	c := newClient(t, srv.OpenAIBaseURL(), nil)

	fs := c.Diagnose(context.Background())
	want := "endpoint reachable=ok\nAPI key accepted=ok\nmodel present=ok\nstructured output=ok\n"
	if got := summary(fs); got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s\n%+v", got, want, fs)
	}
	checkFixes(t, fs)
	if d := find(fs, llm.CheckStructured).Detail; !strings.Contains(d, "json_schema") {
		t.Errorf("structured output detail %q does not name the mode", d)
	}
	probe := srv.Requests()[0]
	if !probe.HasSchema() || probe.ResponseFormat != "json_schema" {
		t.Errorf("probe did not send a schema: %+v", probe)
	}
}

func TestDiagnoseReportsFallbackMode(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Status(400, `{"error":"response_format json_schema not supported"}`),
		llmtest.Reply(`Sure: {"ok": true}`),
	)
	srv.SetModels("qwen2.5-coder:7b")
	c := newClient(t, srv.OpenAIBaseURL(), nil)
	fs := c.Diagnose(context.Background())
	f := find(fs, llm.CheckStructured)
	if !f.OK || !strings.Contains(f.Detail, "json_object") {
		t.Errorf("structured output = %+v, want OK in json_object mode", f)
	}
	if c.StructuredMode() != openai.ModeJSONObject {
		t.Errorf("client did not keep the mode doctor found: %q", c.StructuredMode())
	}
}

func TestDiagnoseMissingModel(t *testing.T) {
	srv := llmtest.NewServer(t) // no probe: the model is missing
	srv.SetModels("llama3.1:8b", "mistral:latest")
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.Provider = "ollama"; c.Model = "qwen2.5-coder:7b" })

	fs := c.Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=ok\nAPI key accepted=ok\nmodel present=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
	f := find(fs, llm.CheckModel)
	if !strings.Contains(f.Fix, "ollama pull qwen2.5-coder:7b") || !strings.Contains(f.Detail, "llama3.1:8b, mistral:latest") {
		t.Errorf("model finding = %+v", f)
	}
}

func TestDiagnoseModelLatestTag(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"ok": true}`))
	srv.SetModels("llama3:latest")
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.Model = "llama3" })
	if f := find(c.Diagnose(context.Background()), llm.CheckModel); !f.OK {
		t.Errorf("llama3 not matched to llama3:latest: %+v", f)
	}
}

func TestDiagnoseNoModelList(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"ok": true}`))
	srv.DisableModels()
	fs := newClient(t, srv.OpenAIBaseURL(), nil).Diagnose(context.Background())
	want := "endpoint reachable=ok\nAPI key accepted=ok\nmodel present=ok\nstructured output=ok\n"
	if got := summary(fs); got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	if d := find(fs, llm.CheckModel).Detail; !strings.Contains(d, "404") || !strings.Contains(d, "cannot list") {
		t.Errorf("model detail %q does not say the list endpoint is missing", d)
	}
}

func TestDiagnoseNoModelListAndModelMissing(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Status(404, `{"error":{"message":"model \"qwen2.5-coder:7b\" not found, try pulling it first"}}`))
	srv.DisableModels()
	fs := newClient(t, srv.OpenAIBaseURL(), nil).Diagnose(context.Background())
	checkFixes(t, fs)
	f := find(fs, llm.CheckStructured)
	if f.OK || !strings.Contains(f.Fix, "ollama pull qwen2.5-coder:7b") {
		t.Errorf("structured output = %+v, want a failure suggesting ollama pull", f)
	}
}

func TestDiagnoseBadKey(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.RequireAPIKey("sk-right")
	c := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.APIKey = "sk-wrong"; c.KeyHint = "QUERENT_LLM_API_KEY" })
	fs := c.Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=ok\nAPI key accepted=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
	if f := find(fs, llm.CheckAPIKey); !strings.Contains(f.Fix, "QUERENT_LLM_API_KEY") || strings.Contains(f.Detail+f.Fix, "sk-wrong") {
		t.Errorf("key finding = %+v", f)
	}
}

func TestDiagnoseUnreachable(t *testing.T) {
	dead := httptest.NewServer(nil)
	base := dead.URL + "/v1"
	dead.Close()
	fs := newClient(t, base, func(c *openai.Config) { c.Provider = "ollama" }).Diagnose(context.Background())
	if got, want := summary(fs), "endpoint reachable=FAIL\n"; got != want {
		t.Fatalf("findings:\n%s\nwant:\n%s", got, want)
	}
	checkFixes(t, fs)
	if !strings.Contains(fs[0].Fix, "ollama serve") {
		t.Errorf("fix %q does not say how to start Ollama", fs[0].Fix)
	}
}

func TestDiagnoseModelIgnoresJSON(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"answer": "yes"}`))
	fs := newClient(t, srv.OpenAIBaseURL(), func(c *openai.Config) { c.Model = llmtest.DefaultModel }).Diagnose(context.Background())
	checkFixes(t, fs)
	if f := find(fs, llm.CheckStructured); f.OK || !strings.Contains(f.Detail, `"ok"`) {
		t.Errorf("structured output = %+v, want a failure naming the missing field", f)
	}
}
