package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/session"
)

// storeSuite is the behaviour every Store implementation shares. open
// returns an empty store, closed when the test ends.
func storeSuite(t *testing.T, open func(t *testing.T) session.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, s session.Store)
	}{
		{"create and get", testCreateGet},
		{"create refuses an empty database and redacts passwords", testCreateDatabase},
		{"id prefixes", testPrefixes},
		{"list", testList},
		{"append and read back", testAppend},
		{"append refuses bad turns", testAppendValidation},
		{"last and undo", testLastUndo},
		{"feedback makes and removes examples", testFeedback},
		{"similar examples", testExamples},
		{"add example validation", testAddExampleValidation},
		{"concurrent appends", testConcurrentAppends},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open(t)) })
	}
}

// sharedSuite is the behaviour that needs several instances on one store.
// fresh makes a new empty store location and returns a function opening an
// instance on it (the test closes what it opens).
func sharedSuite(t *testing.T, fresh func(t *testing.T) func() (session.Store, error)) {
	t.Run("sessions survive a restart", func(t *testing.T) {
		open := fresh(t)
		ctx := context.Background()
		s := mustOpen(t, open)
		sess := mustCreate(t, s, "demo", "")
		for i := 1; i <= 3; i++ {
			mustAppend(t, s, sampleTurn(sess.ID, fmt.Sprintf("question %d", i)))
		}
		before, err := s.Turns(ctx, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s2 := mustOpen(t, open)
		defer s2.Close()
		after, err := s2.Turns(ctx, sess.ID)
		if err != nil {
			t.Fatalf("Turns after reopening: %v", err)
		}
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("turns after reopening (-before +after):\n%s", diff)
		}
		got, err := s2.Get(ctx, sess.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Turns != 3 || got.Title != "question 1" {
			t.Errorf("session after reopening: turns %d title %q, want 3 and %q", got.Turns, got.Title, "question 1")
		}
	})
	t.Run("two instances opening a new store together", func(t *testing.T) {
		open := fresh(t)
		var wg sync.WaitGroup
		stores := make([]session.Store, 2)
		errs := make([]error, 2)
		for i := range stores {
			wg.Go(func() { stores[i], errs[i] = open() })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("opener %d: %v", i, err)
			}
			defer stores[i].Close()
		}
		sess := mustCreate(t, stores[0], "demo", "")
		if _, err := stores[1].Get(context.Background(), sess.ID); err != nil {
			t.Errorf("the other instance cannot see the session: %v", err)
		}
	})
	t.Run("two instances append to one session", func(t *testing.T) {
		open := fresh(t)
		a, b := mustOpen(t, open), mustOpen(t, open)
		defer a.Close()
		defer b.Close()
		sess := mustCreate(t, a, "demo", "")
		const each = 30
		var wg sync.WaitGroup
		errs := make(chan error, 2*each)
		for _, s := range []session.Store{a, b} {
			wg.Go(func() {
				for i := 0; i < each; i++ {
					if _, err := s.Append(context.Background(), sampleTurn(sess.ID, "q")); err != nil {
						errs <- err
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		assertNumbered(t, a, sess.ID, 2*each)
	})
}

func mustOpen(t *testing.T, open func() (session.Store, error)) session.Store {
	t.Helper()
	s, err := open()
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

func mustCreate(t *testing.T, s session.Store, db, title string) *session.Session {
	t.Helper()
	sess, err := s.Create(context.Background(), db, title)
	if err != nil {
		t.Fatalf("Create(%q, %q): %v", db, title, err)
	}
	return sess
}

func mustAppend(t *testing.T, s session.Store, turn *session.Turn) int {
	t.Helper()
	n, err := s.Append(context.Background(), turn)
	if err != nil {
		t.Fatalf("Append: %v", err)
	}
	return n
}

// sampleTurn is a successful turn with a plan.
func sampleTurn(id, question string) *session.Turn {
	return &session.Turn{
		Session:  id,
		Question: question,
		Route:    session.RouteNew,
		Plan:     json.RawMessage(`{"from":"customers","select":[{"agg":"count"}]}`),
		SQL:      `SELECT COUNT(*) FROM "customers"`,
		Columns:  []string{"count"},
		RowCount: 1,
		Summary:  "There are 120 customers.",
		Planner:  "offline",
	}
}

// assertNumbered checks the session holds exactly turns 1..want.
func assertNumbered(t *testing.T, s session.Store, id string, want int) {
	t.Helper()
	turns, err := s.Turns(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != want {
		t.Errorf("session holds %d turns, want %d", len(turns), want)
	}
	for i, tr := range turns {
		if tr.N != i+1 {
			t.Fatalf("turn at position %d is numbered %d: numbers have gaps or duplicates", i+1, tr.N)
		}
	}
	sess, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if sess.Turns != want {
		t.Errorf("Session.Turns = %d, want %d", sess.Turns, want)
	}
}

func testCreateGet(t *testing.T, s session.Store) {
	ctx := context.Background()
	sess := mustCreate(t, s, " demo.db ", " Revenue ")
	if len(sess.ID) != 12 || strings.Trim(sess.ID, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		t.Errorf("id %q is not 12 characters of a-z2-7", sess.ID)
	}
	if sess.Database != "demo.db" || sess.Title != "Revenue" || sess.Turns != 0 || sess.CreatedAt.IsZero() || !sess.UpdatedAt.Equal(sess.CreatedAt) {
		t.Errorf("Create returned %+v", sess)
	}
	for _, id := range []string{sess.ID, strings.ToUpper(sess.ID), " " + sess.ID[:5] + " ", sess.ID[:4]} {
		got, err := s.Get(ctx, id)
		if err != nil {
			t.Errorf("Get(%q): %v", id, err)
			continue
		}
		if diff := cmp.Diff(sess, got); diff != "" {
			t.Errorf("Get(%q) (-created +got):\n%s", id, diff)
		}
	}
	other := mustCreate(t, s, "demo.db", "")
	if other.ID == sess.ID {
		t.Errorf("two sessions share id %s", sess.ID)
	}
	for _, tc := range []struct{ id, msg string }{
		{"zzzzzzzzzzzz", "querent history"},
		{"abc", "at least 4 characters"},
		{"no-such-id!", "a-z and 2-7"},
		{"", "querent history"},
	} {
		_, err := s.Get(ctx, tc.id)
		var nf *session.NotFoundError
		if !errors.Is(err, session.ErrNotFound) || !errors.As(err, &nf) {
			t.Errorf("Get(%q) = %v, want ErrNotFound", tc.id, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Get(%q) error %q does not say %q", tc.id, err, tc.msg)
		}
	}
}

func testCreateDatabase(t *testing.T, s session.Store) {
	if _, err := s.Create(context.Background(), "  ", "x"); err == nil || !strings.Contains(err.Error(), "database is empty") {
		t.Errorf("Create with no database: %v, want an error saying the database is empty", err)
	}
	sess := mustCreate(t, s, "postgres://ana:s3cret@db.example:5432/shop", "")
	if strings.Contains(sess.Database, "s3cret") {
		t.Errorf("stored database %q holds the password", sess.Database)
	}
	list, err := s.List(context.Background(), "postgres://ana:s3cret@db.example:5432/shop", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].ID != sess.ID {
		t.Errorf("List by the unredacted DSN = %v, want the session", list)
	}
}

func testPrefixes(t *testing.T, s session.Store) {
	ctx := context.Background()
	ids := []string{"abcdaaaaaaaa", "abcdbbbbbbbb", "abceaaaaaaaa"}
	i := 0
	session.SetNewID(s, func() string { i++; return ids[i-1] })
	for range ids {
		mustCreate(t, s, "demo", "")
	}
	_, err := s.Get(ctx, "abcd")
	var amb *session.AmbiguousError
	if !errors.Is(err, session.ErrAmbiguous) || !errors.As(err, &amb) {
		t.Fatalf("Get(abcd) = %v, want ErrAmbiguous", err)
	}
	if diff := cmp.Diff([]string{"abcdaaaaaaaa", "abcdbbbbbbbb"}, amb.Candidates); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
	if !strings.Contains(err.Error(), "type more characters") {
		t.Errorf("ambiguity error %q does not say what to do", err)
	}
	// Every id-taking method resolves prefixes the same way.
	if _, err := s.Turns(ctx, "abcd"); !errors.Is(err, session.ErrAmbiguous) {
		t.Errorf("Turns(abcd) = %v, want ErrAmbiguous", err)
	}
	for prefix, want := range map[string]string{"abcda": "abcdaaaaaaaa", "ABCE": "abceaaaaaaaa"} {
		got, err := s.Get(ctx, prefix)
		if err != nil || got.ID != want {
			t.Errorf("Get(%q) = %v, %v, want %s", prefix, got, err, want)
		}
	}
	n := mustAppend(t, s, sampleTurn("abcdb", "how many customers"))
	last, err := s.Last(ctx, "abcdbbbbbbbb")
	if err != nil || n != 1 || last.Session != "abcdbbbbbbbb" {
		t.Errorf("Append by prefix: n=%d last=%+v err=%v", n, last, err)
	}
}

func testList(t *testing.T, s session.Store) {
	ctx := context.Background()
	a := mustCreate(t, s, "shop", "a")
	b := mustCreate(t, s, "hr", "b")
	c := mustCreate(t, s, "shop", "c")
	ids := func(list []session.Session) []string {
		var out []string
		for _, x := range list {
			out = append(out, x.ID)
		}
		return out
	}
	check := func(db string, limit int, want ...string) {
		t.Helper()
		got, err := s.List(ctx, db, limit)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, ids(got)); diff != "" {
			t.Errorf("List(%q, %d) (-want +got):\n%s", db, limit, diff)
		}
	}
	check("", 0, c.ID, b.ID, a.ID)
	mustAppend(t, s, sampleTurn(a.ID, "q"))
	check("", 0, a.ID, c.ID, b.ID)
	check("shop", 0, a.ID, c.ID)
	check("", 2, a.ID, c.ID)
	check("nowhere", 0)
}

func testAppend(t *testing.T, s session.Store) {
	ctx := context.Background()
	sess := mustCreate(t, s, "demo", "")
	in := &session.Turn{
		Session:          sess.ID,
		Question:         "and in 2024?",
		Resolved:         "revenue by month in 2024",
		Route:            session.RouteUpdate,
		Plan:             json.RawMessage(`{"from": "orders",  "limit": 10}`),
		SQL:              `SELECT 1 WHERE "x" = ?`,
		Params:           json.RawMessage(`[2024, "ünïcode"]`),
		Columns:          []string{"month", "revenue"},
		RowCount:         12,
		Summary:          "Revenue rose in March.",
		Planner:          "llm:standard",
		LLMCalls:         2,
		PromptTokens:     1500,
		CompletionTokens: 300,
		ElapsedMS:        2345,
		FeedbackNote:     "",
	}
	n := mustAppend(t, s, in)
	if n != 1 || in.N != 1 || in.Session != sess.ID || in.CreatedAt.IsZero() {
		t.Fatalf("Append returned %d and set N=%d Session=%q CreatedAt=%v", n, in.N, in.Session, in.CreatedAt)
	}
	failed := &session.Turn{Session: sess.ID, Question: "who sold most?", Route: session.RouteNew, Error: "execute_timeout"}
	mustAppend(t, s, failed)
	turns, err := s.Turns(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]session.Turn{*in, *failed}, turns); diff != "" {
		t.Errorf("Turns (-appended +read):\n%s", diff)
	}
	last, err := s.Last(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(failed, last); diff != "" {
		t.Errorf("Last (-appended +read):\n%s", diff)
	}
	got, err := s.Get(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Turns != 2 || got.Title != "and in 2024?" || !got.UpdatedAt.After(sess.UpdatedAt) {
		t.Errorf("session after two turns: %+v, want 2 turns, the first question as title, a later UpdatedAt", got)
	}
	titled := mustCreate(t, s, "demo", "Kept title")
	mustAppend(t, s, sampleTurn(titled.ID, strings.Repeat("very long question ", 10)))
	if got, _ := s.Get(ctx, titled.ID); got.Title != "Kept title" {
		t.Errorf("a given title was replaced by %q", got.Title)
	}
	long := mustCreate(t, s, "demo", "")
	mustAppend(t, s, sampleTurn(long.ID, strings.Repeat("word ", 40)))
	if got, _ := s.Get(ctx, long.ID); len([]rune(got.Title)) > 81 || !strings.HasSuffix(got.Title, "…") {
		t.Errorf("title from a long question: %q, want at most 80 characters and an ellipsis", got.Title)
	}
}

func testAppendValidation(t *testing.T, s session.Store) {
	ctx := context.Background()
	sess := mustCreate(t, s, "demo", "")
	for _, tc := range []struct {
		name string
		edit func(*session.Turn)
		want string
	}{
		{"no session", func(x *session.Turn) { x.Session = "" }, "Turn.Session is empty"},
		{"no question", func(x *session.Turn) { x.Question = " " }, "Turn.Question is empty"},
		{"unknown route", func(x *session.Turn) { x.Route = "guess" }, `Turn.Route "guess" is not one of new, update, rewrite, clarify, patch`},
		{"empty route", func(x *session.Turn) { x.Route = "" }, `Turn.Route ""`},
		{"bad plan", func(x *session.Turn) { x.Plan = json.RawMessage(`{"from":`) }, "Turn.Plan is not valid JSON"},
		{"bad params", func(x *session.Turn) { x.Params = json.RawMessage(`[1,`) }, "Turn.Params is not valid JSON"},
		{"bad vote", func(x *session.Turn) { x.Feedback = 5 }, "Turn.Feedback 5"},
		{"negative tokens", func(x *session.Turn) { x.PromptTokens = -1 }, "Turn.PromptTokens is negative"},
		{"unknown session", func(x *session.Turn) { x.Session = "zzzzzzzzzzzz" }, "querent history"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			turn := sampleTurn(sess.ID, "q")
			tc.edit(turn)
			_, err := s.Append(ctx, turn)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Append: %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if _, err := s.Append(ctx, nil); err == nil {
		t.Error("Append(nil) succeeded")
	}
	assertNumbered(t, s, sess.ID, 0)
}

func testLastUndo(t *testing.T, s session.Store) {
	ctx := context.Background()
	sess := mustCreate(t, s, "demo", "")
	if _, err := s.Last(ctx, sess.ID); !errors.Is(err, session.ErrNoTurns) {
		t.Errorf("Last on an empty session = %v, want ErrNoTurns", err)
	}
	if err := s.Undo(ctx, sess.ID); !errors.Is(err, session.ErrNoTurns) || !strings.Contains(err.Error(), sess.ID) {
		t.Errorf("Undo on an empty session = %v, want ErrNoTurns naming the session", err)
	}
	if err := s.Undo(ctx, "zzzzzzzzzzzz"); !errors.Is(err, session.ErrNotFound) {
		t.Errorf("Undo on a missing session = %v, want ErrNotFound", err)
	}
	for _, q := range []string{"one", "two", "three"} {
		mustAppend(t, s, sampleTurn(sess.ID, q))
	}
	if err := s.Undo(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	last, err := s.Last(ctx, sess.ID)
	if err != nil || last.N != 2 || last.Question != "two" {
		t.Fatalf("Last after Undo = %+v, %v, want turn 2", last, err)
	}
	if n := mustAppend(t, s, sampleTurn(sess.ID, "three again")); n != 3 {
		t.Errorf("the turn after an undo is numbered %d, want 3", n)
	}
	assertNumbered(t, s, sess.ID, 3)
}

func testFeedback(t *testing.T, s session.Store) {
	ctx := context.Background()
	sess := mustCreate(t, s, "shop", "")
	good := sampleTurn(sess.ID, "and per country?")
	good.Resolved = "number of customers per country"
	mustAppend(t, s, good)
	failed := sampleTurn(sess.ID, "customers per planet")
	failed.Error = "unknown_column"
	mustAppend(t, s, failed)
	noPlan := &session.Turn{Session: sess.ID, Question: "customers per region", Route: session.RouteClarify, Summary: "Which region column?"}
	mustAppend(t, s, noPlan)

	examples := func() []session.Example {
		t.Helper()
		got, err := s.Examples(ctx, "shop", "customers per country", 10)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if err := s.SetFeedback(ctx, sess.ID, 1, 1, " right "); err != nil {
		t.Fatal(err)
	}
	got := examples()
	if len(got) != 1 || got[0].Question != "number of customers per country" || got[0].Source != session.SourceFeedback ||
		got[0].Database != "shop" || string(got[0].Plan) != string(good.Plan) {
		t.Fatalf("examples after a thumbs-up: %+v, want the turn's resolved question and plan", got)
	}
	// Voting up again keeps one example.
	if err := s.SetFeedback(ctx, sess.ID, 1, 1, ""); err != nil {
		t.Fatal(err)
	}
	if got := examples(); len(got) != 1 {
		t.Errorf("a second thumbs-up left %d examples, want 1", len(got))
	}
	for _, n := range []int{2, 3} {
		if err := s.SetFeedback(ctx, sess.ID[:6], n, 1, "ok"); err != nil {
			t.Fatal(err)
		}
	}
	if got := examples(); len(got) != 1 {
		t.Errorf("a thumbs-up on a failed turn or one without a plan made an example: %+v", got)
	}
	turns, err := s.Turns(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if turns[1].Feedback != 1 || turns[1].FeedbackNote != "ok" || turns[0].FeedbackNote != "" {
		t.Errorf("votes stored: %+v / %+v", turns[0], turns[1])
	}
	if err := s.SetFeedback(ctx, sess.ID, 1, -1, "wrong join"); err != nil {
		t.Fatal(err)
	}
	if got := examples(); len(got) != 0 {
		t.Errorf("a thumbs-down left the example: %+v", got)
	}
	if last, _ := s.Turns(ctx, sess.ID); last[0].Feedback != -1 || last[0].FeedbackNote != "wrong join" {
		t.Errorf("thumbs-down stored as %d %q", last[0].Feedback, last[0].FeedbackNote)
	}
	// Undoing a voted-up turn takes its example with it.
	if err := s.SetFeedback(ctx, sess.ID, 1, 1, ""); err != nil {
		t.Fatal(err)
	}
	up := sampleTurn(sess.ID, "number of customers per country and city")
	up.Feedback = 1
	mustAppend(t, s, up)
	if got := examples(); len(got) != 2 {
		t.Fatalf("a turn appended with a thumbs-up: %d examples, want 2", len(got))
	}
	if err := s.Undo(ctx, sess.ID); err != nil {
		t.Fatal(err)
	}
	if got := examples(); len(got) != 1 || got[0].Question != "number of customers per country" {
		t.Errorf("after undoing a voted-up turn: %+v, want only turn 1's example", got)
	}

	for _, tc := range []struct {
		id         string
		n, vote    int
		want       string
		isNotFound bool
	}{
		{sess.ID, 1, 2, "vote 2 is not -1 (down), 0 (none) or +1 (up)", false},
		{sess.ID, 0, 1, "turns are numbered from 1", false},
		{sess.ID, 99, 1, "has no turn 99", true},
		{"zzzzzzzzzzzz", 1, 1, "querent history", true},
	} {
		err := s.SetFeedback(ctx, tc.id, tc.n, tc.vote, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) || errors.Is(err, session.ErrNotFound) != tc.isNotFound {
			t.Errorf("SetFeedback(%s, %d, %d) = %v, want %q (not found: %v)", tc.id, tc.n, tc.vote, err, tc.want, tc.isNotFound)
		}
	}
}

func testExamples(t *testing.T, s session.Store) {
	ctx := context.Background()
	add := func(db, q string) session.Example {
		t.Helper()
		e, err := s.AddExample(ctx, session.Example{Database: db, Question: q, Plan: json.RawMessage(`{"q":` + fmt.Sprintf("%q", q) + `}`), Source: session.SourceConfig})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	add("shop", "total revenue by month")
	add("shop", "top 5 customers by revenue")
	add("shop", "number of orders per country")
	add("shop", "average order value")
	add("shop", "which products were never ordered")
	add("hr", "headcount by department")
	add("hr", "top 5 earners")
	questions := func(es []session.Example) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Question)
		}
		return out
	}
	for _, tc := range []struct {
		db, q string
		k     int
		want  []string
	}{
		{"shop", "Top 10 customers by total revenue", 2, []string{"top 5 customers by revenue", "total revenue by month"}},
		{"shop", "how many orders did each country place?", 1, []string{"number of orders per country"}},
		{"shop", "products ordering", 3, []string{"which products were never ordered", "average order value", "number of orders per country"}},
		{"hr", "top customers", 5, []string{"top 5 earners"}},
		{"", "top 5", 5, []string{"top 5 earners", "top 5 customers by revenue"}},
		{"shop", "employees salaries", 3, nil},
		{"shop", "what is the", 3, nil},
	} {
		got, err := s.Examples(ctx, tc.db, tc.q, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, questions(got)); diff != "" {
			t.Errorf("Examples(%q, %q, %d) (-want +got):\n%s", tc.db, tc.q, tc.k, diff)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Score > got[i-1].Score || got[i].Score <= 0 {
				t.Errorf("scores not positive and descending: %v then %v", got[i-1].Score, got[i].Score)
			}
		}
	}
	// The same config example added again replaces the first (a config
	// loaded at every start must not pile up copies), with the new plan.
	before, err := session.CountExamples(s)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.AddExample(ctx, session.Example{Database: "shop", Question: " average order value ", Plan: json.RawMessage(`{"v":2}`), Source: session.SourceConfig})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Examples(ctx, "shop", "average order value", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 || got[0].ID != again.ID || string(got[0].Plan) != `{"v":2}` {
		t.Fatalf("after re-adding an example: %+v, want the new one first", got)
	}
	if after, err := session.CountExamples(s); err != nil || after != before {
		t.Errorf("re-adding an example: %d examples stored, was %d (%v)", after, before, err)
	}
	// Identical questions confirmed twice count once: the newest.
	sess := mustCreate(t, s, "shop", "")
	var newest string
	for i := 0; i < 2; i++ {
		turn := sampleTurn(sess.ID, "Average order value?")
		turn.Plan = json.RawMessage(fmt.Sprintf(`{"turn":%d}`, i))
		turn.Feedback = 1
		mustAppend(t, s, turn)
		newest = string(turn.Plan)
	}
	got, err = s.Examples(ctx, "shop", "average order value", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || string(got[0].Plan) != newest {
		t.Errorf("duplicate questions: %+v, want the newest confirmation only", got)
	}
	if _, err := s.Examples(ctx, "shop", "x", 0); err == nil || !strings.Contains(err.Error(), "at least one") {
		t.Errorf("Examples with k=0: %v, want an error", err)
	}
}

func testAddExampleValidation(t *testing.T, s session.Store) {
	ok := session.Example{Database: "shop", Question: "q", Plan: json.RawMessage(`{}`), Source: session.SourceConfig}
	for _, tc := range []struct {
		name string
		edit func(*session.Example)
		want string
	}{
		{"no database", func(e *session.Example) { e.Database = "" }, "Example.Database is empty"},
		{"no question", func(e *session.Example) { e.Question = "" }, "Example.Question is empty"},
		{"no plan", func(e *session.Example) { e.Plan = nil }, "Example.Plan is empty"},
		{"null plan", func(e *session.Example) { e.Plan = json.RawMessage(" null ") }, "Example.Plan is empty"},
		{"bad plan", func(e *session.Example) { e.Plan = json.RawMessage(`{`) }, "not valid JSON"},
		{"bad source", func(e *session.Example) { e.Source = "web" }, `Example.Source "web"`},
	} {
		e := ok
		tc.edit(&e)
		if _, err := s.AddExample(context.Background(), e); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: AddExample = %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	got, err := s.AddExample(context.Background(), ok)
	if err != nil || got.ID == "" || got.CreatedAt.IsZero() {
		t.Errorf("AddExample(valid) = %+v, %v", got, err)
	}
}

func testConcurrentAppends(t *testing.T, s session.Store) {
	sess := mustCreate(t, s, "demo", "")
	const workers, each = 4, 15
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for i := 0; i < each; i++ {
				if _, err := s.Append(context.Background(), sampleTurn(sess.ID, fmt.Sprintf("worker %d question %d", w, i))); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assertNumbered(t, s, sess.ID, workers*each)
}
