package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/eval"
	"querent/internal/llm"
)

// shopDir creates a database folder with one database, "shop".
func shopDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	makeDB(t, dir, "shop",
		`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT)`,
		`INSERT INTO customers VALUES (1, 'Anna', 'Germany'), (2, 'Ben', 'France'), (3, 'Carl', 'Germany'), (4, 'Dora', 'Spain')`,
	)
	return dir
}

// scriptedModel answers each question with a fixed reply (a planner reply
// as JSON) or error, and counts its calls.
type scriptedModel struct {
	mu      sync.Mutex
	calls   int
	replies map[string]string
	errs    map[string]error
}

func (m *scriptedModel) Name() string { return "scripted" }

func (m *scriptedModel) Generate(ctx context.Context, req llm.Request) (*llm.Response, error) {
	m.mu.Lock()
	m.calls++
	m.mu.Unlock()
	last := req.Messages[len(req.Messages)-1].Content
	for q, err := range m.errs {
		if strings.Contains(last, q) {
			return nil, err
		}
	}
	for q, reply := range m.replies {
		if strings.Contains(last, q) {
			return &llm.Response{Text: reply}, nil
		}
	}
	return &llm.Response{Text: `{"cannot_answer": "not scripted"}`}, nil
}

func items(db string, qs ...[2]string) *eval.Dataset {
	ds := &eval.Dataset{Field: eval.FieldQuestion}
	for i, q := range qs {
		ds.Items = append(ds.Items, eval.Item{Index: i, DBID: db, Question: q[0], Gold: q[1]})
	}
	return ds
}

func verdicts(rep *eval.Report) []eval.Verdict {
	var vs []eval.Verdict
	for _, r := range rep.Records {
		vs = append(vs, r.Verdict)
	}
	return vs
}

// TestRunVerdicts runs the LLM planner with a scripted model, so each
// verdict comes from a known answer: a matching query, a different one, a
// refusal and a model failure.
func TestRunVerdicts(t *testing.T) {
	model := &scriptedModel{
		replies: map[string]string{
			"Who lives in Spain?":   `{"plan": {"raw_sql": "SELECT name FROM customers WHERE country = 'Spain'"}}`,
			"Who lives in Germany?": `{"plan": {"raw_sql": "SELECT name FROM customers WHERE country = 'France'"}}`,
			"What is the weather?":  `{"cannot_answer": "the database holds no weather"}`,
		},
		errs: map[string]error{"Who is the oldest?": &llm.Error{Kind: llm.KindAuth, Message: "bad key"}},
	}
	ds := items("shop",
		[2]string{"Who lives in Spain?", "SELECT name FROM customers WHERE country = 'Spain'"},
		[2]string{"Who lives in Germany?", "SELECT name FROM customers WHERE country = 'Germany'"},
		[2]string{"What is the weather?", "SELECT count(*) FROM customers"},
		[2]string{"Who is the oldest?", "SELECT name FROM customers ORDER BY id LIMIT 1"},
		[2]string{"Who is there?", "SELECT nope FROM customers"},
	)
	var order []int
	rep, err := eval.Run(context.Background(), ds, eval.Options{
		DBDir: shopDir(t), Planner: eval.PlannerLLM, Model: model, Parallel: 3,
		OnRecord: func(r eval.Record) error { order = append(order, r.Index); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []eval.Verdict{eval.Correct, eval.Wrong, eval.Refused, eval.Error, eval.GoldError}
	if diff := cmp.Diff(want, verdicts(rep)); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0, 1, 2, 3, 4}, order); diff != "" {
		t.Errorf("OnRecord order (-want +got):\n%s", diff)
	}
	if r := rep.Records[2]; r.Reason != "the database holds no weather" {
		t.Errorf("refusal reason = %q", r.Reason)
	}
	if r := rep.Records[3]; !strings.Contains(r.Reason, "bad key") {
		t.Errorf("error reason = %q", r.Reason)
	}
	if r := rep.Records[4]; !strings.Contains(r.Reason, "nope") || model.calls != 4 {
		t.Errorf("gold error reason = %q after %d model calls; want the gold failure, and no call for it", r.Reason, model.calls)
	}
	wantCounts := eval.Counts{Total: 4, Answered: 2, Correct: 1, Wrong: 1, Refused: 1, Errors: 1, EX: 0.25, Precision: 0.5, Coverage: 0.5}
	if diff := cmp.Diff(wantCounts, rep.Summary.Counts); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	if rep.Summary.GoldErrors != 1 || rep.Summary.Planner != eval.PlannerLLM {
		t.Errorf("gold errors %d, planner %q", rep.Summary.GoldErrors, rep.Summary.Planner)
	}
}

// TestRunOfflineNeverCallsTheModel: with the offline planner, a model given
// anyway is never used, so an evaluation cannot spend by accident.
func TestRunOfflineNeverCallsTheModel(t *testing.T) {
	model := &scriptedModel{}
	ds := items("shop", [2]string{"What is the weather?", "SELECT 1"}, [2]string{"How many customers are there?", "SELECT count(*) FROM customers"})
	rep, err := eval.Run(context.Background(), ds, eval.Options{DBDir: shopDir(t), Model: model})
	if err != nil {
		t.Fatal(err)
	}
	if model.calls != 0 || rep.Summary.Planner != eval.PlannerOffline {
		t.Errorf("%d model calls with planner %q", model.calls, rep.Summary.Planner)
	}
	if rep.Records[0].Verdict != eval.Refused {
		t.Errorf("weather: %s, want refused", rep.Records[0].Verdict)
	}
}

// TestRunLimits: a gold query past the time limit or the row cap cannot be
// scored; a prediction past the row cap is wrong.
func TestRunLimits(t *testing.T) {
	model := &scriptedModel{replies: map[string]string{
		"all names":  `{"plan": {"raw_sql": "SELECT name FROM customers"}}`,
		"first name": `{"plan": {"raw_sql": "SELECT name FROM customers"}}`,
	}}
	ds := items("shop",
		[2]string{"count forever", `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c`},
		[2]string{"all names", "SELECT name FROM customers"},
		[2]string{"first name", "SELECT name FROM customers WHERE id = 1"},
	)
	start := time.Now()
	rep, err := eval.Run(context.Background(), ds, eval.Options{
		DBDir: shopDir(t), Planner: eval.PlannerLLM, Model: model, Timeout: 200 * time.Millisecond, MaxRows: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("run took %s despite the time limit", d)
	}
	for i, want := range []struct {
		verdict eval.Verdict
		reason  string
	}{
		{eval.GoldError, "gold query failed"},
		{eval.GoldError, "more than 3 rows"},
		{eval.Wrong, "more than 3 rows, gold has 1"},
	} {
		if r := rep.Records[i]; r.Verdict != want.verdict || !strings.Contains(r.Reason, want.reason) {
			t.Errorf("%q: %s (%s), want %s (%s)", r.Question, r.Verdict, r.Reason, want.verdict, want.reason)
		}
	}
}

// TestRunFailsOnBrokenDatabase: a database that will not open stops the
// run, naming the file, rather than scoring its questions as the planner's
// errors.
func TestRunFailsOnBrokenDatabase(t *testing.T) {
	dir := t.TempDir()
	path := eval.DBPath(dir, "broken")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("not a database at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := eval.Run(context.Background(), items("broken", [2]string{"How many?", "SELECT 1"}), eval.Options{DBDir: dir})
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Run: %v, want an error naming %s", err, path)
	}
}

// TestRunSkipsMissingDatabases: questions on a database that is not in
// the folder are skipped and listed, not scored.
func TestRunSkipsMissingDatabases(t *testing.T) {
	ds := items("shop", [2]string{"How many customers are there?", "SELECT count(*) FROM customers"})
	ds.Items = append(ds.Items, eval.Item{Index: 1, DBID: "gone", Question: "How many ships?", Gold: "SELECT count(*) FROM ship"})
	ds.MissingField = 2
	rep, err := eval.Run(context.Background(), ds, eval.Options{DBDir: shopDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Summary
	if s.Total != 1 || s.Skipped != 3 || s.SkippedMissingDatabase != 1 || s.SkippedMissingField != 2 || !cmp.Equal(s.MissingDatabases, []string{"gone"}) {
		t.Errorf("total %d, skipped %d (%d database, %d field), missing %v", s.Total, s.Skipped, s.SkippedMissingDatabase, s.SkippedMissingField, s.MissingDatabases)
	}
}

func TestRunRejectsBadOptions(t *testing.T) {
	ds := items("shop")
	for _, opt := range []eval.Options{
		{Planner: "magic"},
		{Planner: eval.PlannerLLM}, // no model
	} {
		if _, err := eval.Run(context.Background(), ds, opt); err == nil {
			t.Errorf("Run with planner %q and no model: no error", opt.Planner)
		}
	}
}

func TestDecode(t *testing.T) {
	const data = `[
		{"db_id": "a", "question": "q0", "question_syn": "s0", "query": "SELECT 0"},
		{"db_id": "a", "question": "q1", "query": "SELECT 1"},
		{"db_id": "b", "question": "q2", "question_syn": "s2", "query": "SELECT 2"}
	]`
	tests := []struct {
		opt     eval.LoadOptions
		want    []eval.Item
		missing int
	}{
		{eval.LoadOptions{}, []eval.Item{{Index: 0, DBID: "a", Question: "q0", Gold: "SELECT 0"}, {Index: 1, DBID: "a", Question: "q1", Gold: "SELECT 1"}, {Index: 2, DBID: "b", Question: "q2", Gold: "SELECT 2"}}, 0},
		{eval.LoadOptions{Field: eval.FieldQuestionSyn}, []eval.Item{{Index: 0, DBID: "a", Question: "s0", Gold: "SELECT 0"}, {Index: 2, DBID: "b", Question: "s2", Gold: "SELECT 2"}}, 1},
		{eval.LoadOptions{Field: eval.FieldQuestionSyn, Limit: 2}, []eval.Item{{Index: 0, DBID: "a", Question: "s0", Gold: "SELECT 0"}}, 1},
	}
	for _, tt := range tests {
		ds, err := eval.Decode(strings.NewReader(data), tt.opt)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, ds.Items); diff != "" || ds.MissingField != tt.missing {
			t.Errorf("%+v: missing %d, items (-want +got):\n%s", tt.opt, ds.MissingField, diff)
		}
	}
	for _, bad := range []struct{ data, field, err string }{
		{`{"db_id": "a"}`, "", "not a JSON list"},
		{`[{"db_id": "a", "question": "q"}]`, "", "entry 0: needs a db_id and a query"},
		{`[{"question": "q", "query": "SELECT 1"}]`, "", "entry 0"},
		{`[]`, "text", "unknown question field"},
	} {
		_, err := eval.Decode(strings.NewReader(bad.data), eval.LoadOptions{Field: bad.field})
		if err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("Decode(%s): %v, want %q", bad.data, err, bad.err)
		}
	}
}

// spiderTrain is the shared Spider training data, kept beside the project
// and absent from a fresh clone.
const spiderTrain = "../../../shared/data/spider-train"

// TestSpiderTrainSample runs the first 200 training questions with the
// offline planner. It checks that the run completes and that its summary
// adds up, never the accuracy, which is the planner's business.
func TestSpiderTrainSample(t *testing.T) {
	if _, err := os.Stat(filepath.Join(spiderTrain, "train.json")); err != nil {
		t.Skipf("the shared Spider data is absent (%s): %v", spiderTrain, err)
	}
	for _, field := range []string{eval.FieldQuestion, eval.FieldQuestionSyn} {
		t.Run(field, func(t *testing.T) {
			ds, err := eval.Load(filepath.Join(spiderTrain, "train.json"), eval.LoadOptions{Field: field, Limit: 200})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := eval.Run(context.Background(), ds, eval.Options{DBDir: filepath.Join(spiderTrain, "database")})
			if err != nil {
				t.Fatal(err)
			}
			s := rep.Summary
			if s.Correct+s.Wrong+s.Refused+s.Errors != s.Total || s.Answered != s.Correct+s.Wrong {
				t.Errorf("counts do not add up: %+v", s.Counts)
			}
			if s.Total+s.GoldErrors+s.SkippedMissingDatabase != len(ds.Items) || s.Skipped+len(ds.Items) != 200 {
				t.Errorf("%d scored + %d gold errors + %d skipped != %d questions", s.Total, s.GoldErrors, s.Skipped, len(ds.Items))
			}
			sum := 0
			for _, h := range eval.Hardnesses {
				sum += s.ByHardness.Level(h).Total
			}
			if sum != s.Total {
				t.Errorf("hardness levels hold %d questions, total is %d", sum, s.Total)
			}
			t.Logf("%s: EX %.3f, precision %.3f, coverage %.3f over %d questions in %.2fs", field, s.EX, s.Precision, s.Coverage, s.Total, s.ElapsedSeconds)
		})
	}
}
