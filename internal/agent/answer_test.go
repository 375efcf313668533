package agent_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"querent/internal/agent"
	"querent/internal/offline"
)

func offlineAgent(t *testing.T, cfg agent.Config) *agent.Agent {
	t.Helper()
	db, s := openDemo(t)
	cfg.Planner = "offline"
	a, err := agent.New(db, s, nil, offline.New(s, offline.Options{}), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAnswerCarriesChartSuggestionsAndRecords(t *testing.T) {
	r := offlineAgent(t, agent.Config{RawRowLimit: 50}).Ask(context.Background(), agent.Request{Question: "number of customers per country", ModificationOptions: true})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	spec, err := json.Marshal(r.Chart)
	if err != nil || !strings.Contains(string(spec), `"mark"`) || !strings.Contains(string(spec), "vega-lite") {
		t.Errorf("chart = %s (%v), want a Vega-Lite spec", spec, err)
	}
	if len(r.Suggestions) == 0 {
		t.Error("no follow-up suggestions")
	}
	for _, q := range r.Suggestions {
		if strings.EqualFold(q, r.Question) {
			t.Errorf("suggestion repeats the question: %q", q)
		}
	}
	if len(r.RawRows) == 0 || len(r.RawRows) > 50 || len(r.RawColumns) == 0 {
		t.Errorf("raw rows = %d (columns %v), want 1..50 records behind the counts", len(r.RawRows), r.RawColumns)
	}
	if r.ModificationOptions == nil || len(r.ModificationOptions.Tables) == 0 {
		t.Errorf("modification_options = %+v", r.ModificationOptions)
	}
	if !strings.Contains(r.Summary, "customers") {
		t.Errorf("summary = %q", r.Summary)
	}
}

func TestSingleNumberHasNoChartAndNoRawRowsWhenOff(t *testing.T) {
	r := offlineAgent(t, agent.Config{}).Ask(context.Background(), agent.Request{Question: "How many customers are there?"})
	if r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	if r.Chart != nil {
		t.Errorf("chart = %v, want none for one number", r.Chart)
	}
	if r.RawRows != nil {
		t.Errorf("raw rows computed with raw_row_limit 0")
	}
}

func TestAmbiguousNamesAskWhich(t *testing.T) {
	r := offlineAgent(t, agent.Config{}).Ask(context.Background(), agent.Request{Question: "show me the names"})
	if r.Error == nil || r.Error.Code != agent.CodeNeedsClarification || r.Clarification == nil {
		t.Fatalf("error = %+v, want a clarification", r.Error)
	}
	if len(r.Clarification.Questions[0].Choices) < 2 {
		t.Errorf("choices = %v, want the tables with names", r.Clarification.Questions[0].Choices)
	}
}
