package retrieve_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/llm"
	"querent/internal/llm/llmtest"
	"querent/internal/llm/openai"
	"querent/internal/retrieve"
)

func model(t *testing.T, srv *llmtest.Server) llm.Model {
	t.Helper()
	m, err := openai.New(openai.Config{BaseURL: srv.OpenAIBaseURL(), Model: llmtest.DefaultModel, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func candidates(names ...string) []retrieve.Candidate {
	out := make([]retrieve.Candidate, len(names))
	for i, n := range names {
		out[i] = retrieve.Candidate{Name: n, Score: float64(len(names) - i), Text: n + ":\n  id integer PK\n"}
	}
	return out
}

func TestFilterWithLLMKeepsAndDrops(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Reply(`{"keep": [{"table": "orders", "reason": "holds the totals"}, {"table": "Customers", "reason": "names"}, {"table": "ghosts", "reason": "made up"}],
		"drop": [{"table": "suppliers", "reason": "unrelated"}]}`))
	kept, usage, err := retrieve.FilterWithLLM(context.Background(), model(t, srv), "top customers by spending", candidates("customers", "suppliers", "orders"))
	if err != nil {
		t.Fatal(err)
	}
	var names, reasons []string
	for _, k := range kept {
		names = append(names, k.Name)
		reasons = append(reasons, k.Reasons...)
	}
	// Input order is kept; unknown tables are ignored.
	if diff := cmp.Diff([]string{"customers", "orders"}, names); diff != "" {
		t.Errorf("kept (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"kept by the model: names", "kept by the model: holds the totals"}, reasons); diff != "" {
		t.Errorf("reasons (-want +got):\n%s", diff)
	}
	if usage.PromptTokens == 0 {
		t.Error("usage not reported")
	}
	req := srv.Requests()[0]
	if !req.HasSchema() || !strings.Contains(req.LastUser(), "top customers by spending") || !strings.Contains(req.LastUser(), "suppliers:") {
		t.Errorf("request: schema %v, user message %q: want the schema, the question and every candidate", req.HasSchema(), req.LastUser())
	}
}

func TestFilterWithLLMSurvivesBadReplies(t *testing.T) {
	for name, step := range map[string]llmtest.Step{
		"prose":        llmtest.Reply("I think you need the orders table."),
		"keeps none":   llmtest.Reply(`{"keep": [], "drop": [{"table": "orders"}]}`),
		"only unknown": llmtest.Reply(`{"keep": [{"table": "invoices"}]}`),
		"wrong shape":  llmtest.Reply(`{"keep": "orders"}`),
	} {
		t.Run(name, func(t *testing.T) {
			srv := llmtest.NewServer(t, step)
			in := candidates("customers", "orders")
			kept, _, err := retrieve.FilterWithLLM(context.Background(), model(t, srv), "q", in)
			if !errors.Is(err, retrieve.ErrBadReply) {
				t.Fatalf("err = %v, want ErrBadReply", err)
			}
			if diff := cmp.Diff(in, kept); diff != "" {
				t.Errorf("a bad reply must return the input (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRetrieveWithModel(t *testing.T) {
	srv := llmtest.NewServer(t,
		llmtest.Func(func(req llmtest.Request) llmtest.Step {
			// The pool is twice TopK, so more than TopK tables are offered.
			if n := strings.Count(req.LastUser(), " rows)"); n != 4 {
				t.Errorf("the filter was offered %d tables, want 4:\n%s", n, req.LastUser())
			}
			return llmtest.Reply(`{"keep": [{"table": "payments", "reason": "amounts"}], "drop": []}`)
		}),
		llmtest.Status(401, "bad key"),
	)
	x := retrieve.New(shop(), retrieve.Options{TopK: 2, Model: model(t, srv)})
	res := retrieveOK(t, x, "payment amount of orders from customers", retrieve.Query{})
	if res.Tables[0].Name != "payments" || res.Tables[0].Stage != retrieve.StageLLM {
		t.Fatalf("tables %+v, want payments kept by the model", res.Tables)
	}
	if res.Usage.PromptTokens == 0 {
		t.Error("the filter's usage is not reported")
	}
	// A failing model leaves stage 1's choice, with a note.
	res = retrieveOK(t, x, "payment amount of orders from customers", retrieve.Query{})
	if len(res.Tables) < 2 || res.Tables[0].Stage != retrieve.StageRetrieve || !strings.Contains(strings.Join(res.Notes, ""), "relevance filter failed") {
		t.Errorf("tables %+v notes %q: want stage 1 results and a note", res.Tables, res.Notes)
	}
}

// TestRetrieveWithModelAndBrief: the tables the model judged irrelevant are
// not brought back as one-line tables; only tables ranked below the
// filter's pool are, and the model's table stays in full.
func TestRetrieveWithModelAndBrief(t *testing.T) {
	var offered []string
	srv := llmtest.NewServer(t, llmtest.Func(func(req llmtest.Request) llmtest.Step {
		for _, line := range strings.Split(req.LastUser(), "\n") {
			if name, _, ok := strings.Cut(line, " ("); ok && strings.Contains(line, " rows)") && !strings.HasPrefix(line, " ") {
				offered = append(offered, name)
			}
		}
		return llmtest.Reply(`{"keep": [{"table": "payments", "reason": "amounts"}], "drop": []}`)
	}))
	x := retrieve.New(shop(), retrieve.Options{TopK: 2, BriefK: 8, Model: model(t, srv)})
	res := retrieveOK(t, x, "payment amount of orders from customers", retrieve.Query{})
	if len(offered) != 4 {
		t.Fatalf("the filter was offered %v, want 4 tables", offered)
	}
	if res.Tables[0].Name != "payments" || res.Tables[0].Brief {
		t.Fatalf("tables %+v, want payments in full first", res.Tables)
	}
	for _, tb := range res.Tables[1:] {
		for _, o := range offered {
			if tb.Name == o && tb.Stage != retrieve.StageJoin {
				t.Errorf("%s was dropped by the model but is shown (%+v)", o, tb)
			}
		}
	}
}
