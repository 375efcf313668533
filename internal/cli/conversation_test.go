package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"querent/internal/cli"
)

// runWith executes the CLI with stdin and environment variables set.
func runWith(t *testing.T, stdin string, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.RunEnv(context.Background(), args, strings.NewReader(stdin), &out, &errb, func(k string) string { return env[k] })
	return out.String(), errb.String(), code
}

// sessionEnv keeps the session store in a temporary folder.
func sessionEnv(t *testing.T) map[string]string {
	return map[string]string{"QUERENT_SESSIONS": filepath.Join(t.TempDir(), "sessions.db"), "QUERENT_TODAY": "2025-12-31"}
}

type turnResponse struct {
	response
	SessionID string `json:"session_id"`
	Turn      int    `json:"turn"`
	Route     string `json:"route"`
	Params    []any  `json:"params"`
	Notes     []string
}

func askIn(t *testing.T, env map[string]string, db, session, question string) turnResponse {
	t.Helper()
	out, stderr, code := runWith(t, "", env, "ask", "--db", db, "--json", "--session", session, question)
	var r turnResponse
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("ask %q: exit %d, not JSON: %v\n%s\n%s", question, code, err, out, stderr)
	}
	return r
}

func TestSessionFollowUpOffline(t *testing.T) {
	db, env := demoDB(t), sessionEnv(t)
	first := askIn(t, env, db, "new", "How many orders were placed in 2025?")
	if first.Error != nil || first.SessionID == "" || first.Turn != 1 {
		t.Fatalf("first turn: error %+v session %q turn %d", first.Error, first.SessionID, first.Turn)
	}
	want2025 := countRows(t, db, "SELECT count(*) FROM orders WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01'")
	if got := first.Rows[0][0].(float64); got != want2025 {
		t.Errorf("2025: %v orders, want %v", got, want2025)
	}
	// A separate process run: the session survives the restart.
	second := askIn(t, env, db, first.SessionID, "and in 2024?")
	if second.Error != nil {
		t.Fatalf("follow-up: %+v", second.Error)
	}
	want2024 := countRows(t, db, "SELECT count(*) FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'")
	if got := second.Rows[0][0].(float64); got != want2024 || second.Route != "update" || second.Turn != 2 {
		t.Errorf("2024: %v orders (want %v), route %q (want update), turn %d", got, want2024, second.Route, second.Turn)
	}
	if second.LLMCalls != 0 {
		t.Errorf("llm_calls = %d, want 0 offline", second.LLMCalls)
	}
}

func TestPatchLimitsWithoutLLM(t *testing.T) {
	db, env := demoDB(t), sessionEnv(t)
	first := askIn(t, env, db, "new", "orders with status pending")
	if first.Error != nil || first.RowCount <= 3 {
		t.Fatalf("first turn: error %+v rows %d", first.Error, first.RowCount)
	}
	out, stderr, code := runWith(t, "", env, "patch", "--db", db, "--json", "--session", first.SessionID, "--op", `{"op":"modify_limit","limit":3}`)
	if code != 0 {
		t.Fatalf("patch: exit %d\n%s\n%s", code, out, stderr)
	}
	var r turnResponse
	json.Unmarshal([]byte(out), &r)
	if r.RowCount != 3 || r.LLMCalls != 0 || r.Route != "patch" || r.Turn != 2 {
		t.Errorf("patch: rows %d llm_calls %d route %q turn %d, want 3, 0, patch, 2", r.RowCount, r.LLMCalls, r.Route, r.Turn)
	}
	// A bad operation is a usage error naming what is wrong.
	_, stderr, code = runWith(t, "", env, "patch", "--db", db, "--session", first.SessionID, "--op", `{"op":"modify_limit","limit":3,"colour":"red"}`)
	if code != cli.ExitUsage || !strings.Contains(stderr, "colour") {
		t.Errorf("unknown field: exit %d, stderr %s", code, stderr)
	}
}

func TestHistoryAndFeedback(t *testing.T) {
	db, env := demoDB(t), sessionEnv(t)
	first := askIn(t, env, db, "new", "How many customers are there?")
	out, stderr, code := runWith(t, "", env, "history", "--json")
	if code != 0 || !strings.Contains(out, first.SessionID) {
		t.Fatalf("history: exit %d\n%s\n%s", code, out, stderr)
	}
	out, _, code = runWith(t, "", env, "history", "--session", first.SessionID[:6])
	if code != 0 || !strings.Contains(out, "How many customers are there?") || !strings.Contains(out, "SQL:") {
		t.Errorf("history of one session (by prefix): exit %d\n%s", code, out)
	}
	out, stderr, code = runWith(t, "", env, "feedback", "--session", first.SessionID, "up", "exactly right")
	if code != 0 || !strings.Contains(out, "turn 1") {
		t.Errorf("feedback: exit %d\n%s\n%s", code, out, stderr)
	}
	_, stderr, code = runWith(t, "", env, "history", "--session", "zzzzzzzz")
	if code != cli.ExitUsage || !strings.Contains(stderr, "zzzzzzzz") {
		t.Errorf("unknown session: exit %d, %s", code, stderr)
	}
}

func TestChatREPL(t *testing.T) {
	db, env := demoDB(t), sessionEnv(t)
	csv := filepath.Join(t.TempDir(), "pending.csv")
	script := strings.Join([]string{
		"orders with status pending",
		"/sql",
		`/patch {"op":"modify_limit","limit":2}`,
		"/export " + csv,
		"/undo",
		"/history",
		"/nonsense",
		"/quit",
		"How many customers are there?", // never read: /quit came first
	}, "\n")
	out, stderr, code := runWith(t, script, env, "chat", "--db", db)
	if code != 0 {
		t.Fatalf("chat: exit %d\n%s\n%s", code, out, stderr)
	}
	for _, want := range []string{"querent chat: session", "SELECT", "Exported 2 rows", "Forgot the last turn", "1 turn", "unknown command /nonsense"} {
		if !strings.Contains(out, want) {
			t.Errorf("chat output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "customers are there") {
		t.Error("chat read past /quit")
	}
	data, err := os.ReadFile(csv)
	if err != nil || strings.Count(string(data), "\n") != 3 {
		t.Errorf("export: %v\n%s", err, data)
	}
}

func TestAskExportsEveryRow(t *testing.T) {
	db := demoDB(t)
	dir := t.TempDir()
	for _, ext := range []string{"csv", "json", "md", "xlsx"} {
		path := filepath.Join(dir, "orders."+ext)
		// row_limit 5 caps the answer, never the export.
		out, stderr, code := runWith(t, "", map[string]string{"QUERENT_ROW_LIMIT": "5"}, "ask", "--db", db, "--json", "--export", path, "orders with status pending")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", ext, code, out, stderr)
		}
		var r turnResponse
		json.Unmarshal([]byte(out), &r)
		want := countRows(t, db, "SELECT count(*) FROM orders WHERE status = 'pending'")
		if r.RowCount != 5 || len(r.Notes) == 0 || !strings.Contains(r.Notes[len(r.Notes)-1], "exported") {
			t.Fatalf("%s: rows %d notes %v", ext, r.RowCount, r.Notes)
		}
		if !strings.Contains(r.Notes[len(r.Notes)-1], "exported "+strings.TrimSuffix(strings.TrimSuffix(jsonNumber(want), ".0"), ".")) {
			t.Errorf("%s: note %q, want %v rows exported", ext, r.Notes[len(r.Notes)-1], want)
		}
		if st, err := os.Stat(path); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", ext, err)
		}
	}
	out, _, code := runWith(t, "", nil, "ask", "--db", db, "--export", filepath.Join(dir, "out.txt"), "How many customers are there?")
	if code != cli.ExitFailure || !strings.Contains(out, ".txt is not one of") {
		t.Errorf("unknown extension: exit %d\n%s", code, out)
	}
}

func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

func TestAnsweringAClarificationContinuesTheSession(t *testing.T) {
	db, env := demoDB(t), sessionEnv(t)
	first := askIn(t, env, db, "new", "show me the names")
	if first.Error == nil || first.Error.Code != "needs_clarification" || first.Clarification == nil {
		t.Fatalf("first turn: %+v", first.Error)
	}
	second := askIn(t, env, db, first.SessionID, "products")
	if second.Error != nil {
		t.Fatalf("answer to the clarification: %+v", second.Error)
	}
	if want := countRows(t, db, "SELECT count(*) FROM products"); float64(second.RowCount) != want {
		t.Errorf("%d rows, want every product name (%v)", second.RowCount, want)
	}
}
