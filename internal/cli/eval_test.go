package cli_test

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "github.com/mattn/go-sqlite3" // the read-write "sqlite3" driver that builds fixtures
)

// evalFixture writes two small Spider-style databases and a dataset over
// them: questions the offline planner answers, questions it must refuse, a
// gold answer the planner's reading does not match, a broken gold query and
// a question on a database that is not there. It returns the dataset file
// and the database folder.
func evalFixture(t *testing.T) (dataset, dbDir string) {
	t.Helper()
	dbDir = t.TempDir()
	mk := func(id string, stmts ...string) {
		if err := os.MkdirAll(filepath.Join(dbDir, id), 0o755); err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite3", filepath.Join(dbDir, id, id+".sqlite"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, s := range stmts {
			if _, err := db.Exec(s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
	mk("shop",
		`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, country TEXT)`,
		`INSERT INTO customers VALUES (1, 'Anna', 'Germany'), (2, 'Ben', 'France'), (3, 'Carl', 'Germany'), (4, 'Dora', 'Spain')`,
		`CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL)`,
		`INSERT INTO products VALUES (1, 'Pen', 1.5), (2, 'Book', 12.0), (3, 'Lamp', 30.25)`,
	)
	mk("school",
		`CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT, age INTEGER)`,
		`INSERT INTO students VALUES (1, 'Eve', 20), (2, 'Finn', 22), (3, 'Gus', 21)`,
	)
	type entry struct {
		DBID        string `json:"db_id"`
		Question    string `json:"question"`
		QuestionSyn string `json:"question_syn,omitempty"`
		Query       string `json:"query"`
	}
	entries := []entry{
		// Answered and correct (easy, except the ranking: medium).
		{"shop", "How many customers are there?", "Count the customers.", "SELECT count(*) FROM customers"},
		{"shop", "How many customers are in Germany?", "", "SELECT count(*) FROM customers WHERE country = 'Germany'"},
		{"shop", "What is the most expensive product?", "", "SELECT name FROM products ORDER BY price DESC LIMIT 1"},
		{"shop", "What is the average price of products?", "", "SELECT avg(price) FROM products"},
		{"school", "How many students are there?", "", "SELECT count(*) FROM students"},
		{"school", "What is the average age of students?", "", "SELECT avg(age) FROM students"},
		// Answered, but the gold means something else: wrong.
		{"shop", "How many customers are there?", "", "SELECT count(*) FROM customers WHERE country = 'France'"},
		// Refused: nothing in the database, or not a question to answer.
		{"shop", "what is the weather", "what is the weather today", "SELECT count(*) FROM customers"},
		{"school", "delete all students", "", "SELECT count(*) FROM students"},
		{"school", "show me the employees' favourite colours", "", "SELECT name FROM students"},
		// The gold query fails: not scored.
		{"shop", "How many customers are there?", "", "SELECT nope FROM customers"},
		// No such database: skipped.
		{"harbour", "How many ships are there?", "", "SELECT count(*) FROM ship"},
	}
	data, err := json.Marshal(entries)
	if err != nil {
		t.Fatal(err)
	}
	dataset = filepath.Join(t.TempDir(), "dataset.json")
	if err := os.WriteFile(dataset, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dataset, dbDir
}

type EvalCounts struct {
	Total     int     `json:"total"`
	Answered  int     `json:"answered"`
	Correct   int     `json:"correct"`
	Wrong     int     `json:"wrong"`
	Refused   int     `json:"refused"`
	Errors    int     `json:"errors"`
	EX        float64 `json:"ex"`
	Precision float64 `json:"precision"`
	Coverage  float64 `json:"coverage"`
}

type evalSummary struct {
	EvalCounts
	ByHardness             map[string]EvalCounts `json:"by_hardness"`
	GoldErrors             int                   `json:"gold_errors"`
	Skipped                int                   `json:"skipped"`
	SkippedMissingField    int                   `json:"skipped_missing_field"`
	SkippedMissingDatabase int                   `json:"skipped_missing_database"`
	MissingDatabases       []string              `json:"missing_databases"`
	Field                  string                `json:"field"`
	Planner                string                `json:"planner"`
	Today                  string                `json:"today"`
}

func TestEvalSummary(t *testing.T) {
	dataset, dbDir := evalFixture(t)
	report := filepath.Join(t.TempDir(), "report.jsonl")
	out, stderr, code := run(t, "eval", "--dataset", dataset, "--db-dir", dbDir, "--json", "--out", report, "--parallel", "3")
	if code != 0 {
		t.Fatalf("eval: exit %d\n%s", code, stderr)
	}
	var got evalSummary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	want := evalSummary{
		EvalCounts: EvalCounts{Total: 10, Answered: 7, Correct: 6, Wrong: 1, Refused: 3, EX: 0.6, Precision: 0.8571, Coverage: 0.7},
		ByHardness: map[string]EvalCounts{
			"easy":   {Total: 9, Answered: 6, Correct: 5, Wrong: 1, Refused: 3, EX: 0.5556, Precision: 0.8333, Coverage: 0.6667},
			"medium": {Total: 1, Answered: 1, Correct: 1, EX: 1, Precision: 1, Coverage: 1},
			"hard":   {},
			"extra":  {},
		},
		GoldErrors: 1, Skipped: 1, SkippedMissingDatabase: 1, MissingDatabases: []string{"harbour"},
		Field: "question", Planner: "offline", Today: "2025-06-30",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if !strings.Contains(stderr, filepath.Join(dbDir, "harbour", "harbour.sqlite")) {
		t.Errorf("stderr does not name the missing database:\n%s", stderr)
	}

	// The report has one line per scored or gold-error question, in
	// dataset order.
	f, err := os.Open(report)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var verdicts []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r struct {
			Index   int    `json:"index"`
			Verdict string `json:"verdict"`
			Reason  string `json:"reason"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("report line %q: %v", sc.Text(), err)
		}
		if r.Index != len(verdicts) {
			t.Errorf("line %d has index %d", len(verdicts), r.Index)
		}
		if r.Verdict == "refused" && r.Reason == "" {
			t.Errorf("refusal %d has no reason", r.Index)
		}
		verdicts = append(verdicts, r.Verdict)
	}
	wantVerdicts := []string{"correct", "correct", "correct", "correct", "correct", "correct", "wrong", "refused", "refused", "refused", "gold_error"}
	if diff := cmp.Diff(wantVerdicts, verdicts); diff != "" {
		t.Errorf("report verdicts (-want +got):\n%s", diff)
	}
}

// TestEvalField asks the paraphrases: entries without one are skipped and
// counted.
func TestEvalField(t *testing.T) {
	dataset, dbDir := evalFixture(t)
	out, stderr, code := run(t, "eval", "--dataset", dataset, "--db-dir", dbDir, "--json", "--field", "question_syn")
	if code != 0 {
		t.Fatalf("eval: exit %d\n%s", code, stderr)
	}
	var got evalSummary
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	if got.Total != 2 || got.Correct != 1 || got.Refused != 1 || got.SkippedMissingField != 10 || got.Skipped != 10 || got.Field != "question_syn" {
		t.Errorf("summary: %+v", got)
	}
}

func TestEvalHumanOutput(t *testing.T) {
	dataset, dbDir := evalFixture(t)
	out, stderr, code := run(t, "eval", "--dataset", dataset, "--db-dir", dbDir, "--limit", "8")
	if code != 0 {
		t.Fatalf("eval: exit %d\n%s", code, stderr)
	}
	// Column widths are presentation; the words and numbers in order are
	// what a reader relies on.
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		"8 questions (field question, planner offline, today 2025-06-30)",
		"level total answered correct wrong refused errors EX precision coverage",
		"overall 8 7 6 1 1 0 75.0% 85.7% 87.5%",
		"medium 1 1 1 0 0 0 100.0% 100.0% 100.0%",
		"hard 0 0 0 0 0 0 - - -",
		"gold errors (not scored): 0",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestEvalUsageErrors(t *testing.T) {
	dataset, dbDir := evalFixture(t)
	empty := t.TempDir()
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no dataset", []string{"--db-dir", dbDir}, 2, "no dataset given"},
		{"no db-dir", []string{"--dataset", dataset}, 2, "no database folder given"},
		{"dataset missing", []string{"--dataset", filepath.Join(empty, "nope.json"), "--db-dir", dbDir}, 2, "no such dataset file"},
		{"db-dir not a folder", []string{"--dataset", dataset, "--db-dir", dataset}, 2, "is not a folder"},
		{"wrong layout", []string{"--dataset", dataset, "--db-dir", empty}, 2, filepath.Join(empty, "shop", "shop.sqlite")},
		{"bad field", []string{"--dataset", dataset, "--db-dir", dbDir, "--field", "text"}, 2, "--field"},
		{"bad planner", []string{"--dataset", dataset, "--db-dir", dbDir, "--planner", "magic"}, 2, "--planner"},
		{"bad date", []string{"--dataset", dataset, "--db-dir", dbDir, "--today", "June"}, 2, "--today"},
		{"llm without one", []string{"--dataset", dataset, "--db-dir", dbDir, "--planner", "llm"}, 2, "needs an LLM"},
		{"not a dataset", []string{"--dataset", filepath.Join(dbDir, "shop", "shop.sqlite"), "--db-dir", dbDir}, 1, "read the dataset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, append([]string{"eval"}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, want %d; stderr lacks %q:\n%s%s", code, tt.code, tt.want, stderr, out)
			}
		})
	}
}
