package offline_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"querent/internal/database"
	"querent/internal/database/sqlite"
	"querent/internal/demo"
	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
	"querent/internal/sqlgen"
)

const (
	ordersIn2025 = `{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2026-01-01"}}`
	ordersIn2024 = `{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}}`
	countSelect  = `"select":[{"expr":{"agg":"count"}}]`
)

// TestFollowUp plans a first question, then reads a follow-up as a change
// to its plan: the wanted plan, a reason saying what changed, and the
// previous plan left as it was.
func TestFollowUp(t *testing.T) {
	s := demoSchema()
	p := offline.New(s, offline.Options{Today: today})
	for _, c := range []struct {
		first, follow string
		want          string
		reason        string
	}{
		{"how many orders in 2025", "and in 2024?",
			`{` + countSelect + `,"from":{"table":"orders"},"where":{"and":[` + ordersIn2024 + `]}}`, "year 2025 → year 2024"},
		{"how many orders in 2025", "what about last year?",
			`{` + countSelect + `,"from":{"table":"orders"},"where":{"and":[` + ordersIn2024 + `]}}`, "year 2025 → last year"},
		{"how many orders", "and in 2025?",
			`{` + countSelect + `,"from":{"table":"orders"},"where":{"and":[` + ordersIn2025 + `]}}`, "only year 2025 on orders.order_date"},
		{"how many orders in 2025", "only cancelled ones",
			`{` + countSelect + `,"from":{"table":"orders"},"where":{"and":[` + ordersIn2025 + `,{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}]}}`, `only orders.status = "cancelled"`},
		{"how many orders were cancelled", "just the shipped orders",
			`{` + countSelect + `,"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"shipped"}}}`, `orders.status "cancelled" → "shipped"`},
		{"How many customers are in Germany?", "and for France?",
			`{` + countSelect + `,"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"France"}}}`, `customers.country "Germany" → "France"`},
		{"how many orders", "by status",
			`{"select":[{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}]}`, "grouped by orders.status"},
		{"how many orders", "per month",
			`{"select":[{"expr":{"bucket":"month","arg":{"col":"orders.order_date"}}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"bucket":"month","arg":{"col":"orders.order_date"}}]}`, "grouped by month of orders.order_date"},
		{"number of orders per status", "broken down by customer country instead",
			`{"select":[{"expr":{"col":"customers.country"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"joins":[{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"group_by":[{"col":"customers.country"}]}`, "grouped by customers.country instead"},
		{"number of orders per status", "top 3",
			`{"select":[{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}],"limit":3}`, "no limit → limit 3"},
		{"top 5 products by unit price", "only 3",
			`{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"},"desc":true}],"limit":3}`, "limit 5 → limit 3"},
		{"top 5 products by unit price", "lowest first",
			`{"select":[{"expr":{"col":"products.name"}}],"from":{"table":"products"},"order_by":[{"expr":{"col":"products.unit_price"}}],"limit":5}`, "lowest first"},
		{"number of orders per status", "highest first",
			`{"select":[{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}],"order_by":[{"expr":{"agg":"count"},"desc":true}]}`, "highest first"},
		{"list all customers", "sorted by city",
			`{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}}],"from":{"table":"customers"},"order_by":[{"expr":{"col":"customers.city"}}]}`, "sorted by customers.city"},
		{"list all customers", "and their emails?",
			`{"select":[{"expr":{"col":"customers.first_name"}},{"expr":{"col":"customers.last_name"}},{"expr":{"col":"customers.email"}}],"from":{"table":"customers"}}`, "added customers.email"},
	} {
		t.Run(c.first+" / "+c.follow, func(t *testing.T) {
			first := p.Plan(c.first)
			if first.Plan == nil {
				t.Fatalf("first question: %s", describeReply(first))
			}
			before := first.Plan.Clone()
			r, tr, ok := p.FollowUp(first.Plan, c.follow)
			if !ok || r == nil || r.Plan == nil {
				t.Fatalf("not read as a follow-up (ok=%v): %v\n%s", ok, r, tr)
			}
			checkPlan(t, s, r.Plan)
			if diff := cmpPlan(t, c.want, r.Plan); diff != "" {
				t.Fatalf("plan mismatch (-want +got):\n%s\n%s", diff, tr)
			}
			if !strings.Contains(r.Plan.Reason, c.reason) || !strings.HasPrefix(r.Plan.Reason, "offline planner: the previous plan, ") {
				t.Errorf("reason %q does not say %q", r.Plan.Reason, c.reason)
			}
			if !reflect.DeepEqual(before, first.Plan) {
				t.Errorf("FollowUp changed the previous plan")
			}
		})
	}
}

// TestFollowUpDeclines: questions that are not follow-ups, or previous
// plans it cannot change, are left to be planned on their own.
func TestFollowUpDeclines(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	count := p.Plan("how many orders in 2025").Plan
	list := p.Plan("list all customers").Plan
	for _, c := range []struct {
		name     string
		prev     *plan.Plan
		question string
	}{
		{"no previous plan", nil, "and in 2024?"},
		{"raw SQL", &plan.Plan{RawSQL: "SELECT 1"}, "and in 2024?"},
		{"unknown table", &plan.Plan{From: plan.Source{Table: "nowhere"}}, "and in 2024?"},
		{"a new question", count, "what is the average salary of employees in the sales department"},
		{"unknown words", count, "and the weather?"},
		{"a number that is no year or limit", count, "and 0?"},
		{"grouping a list", list, "by country"},
		{"a column beside an aggregate", count, "and their emails?"},
		{"a ranking with no order or groups", list, "top 3"},
		{"sorting by a table", list, "sorted by orders"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, tr, ok := p.FollowUp(c.prev, c.question)
			if ok {
				t.Fatalf("read as a follow-up: %v\n%s", r, tr)
			}
			if tr.Outcome != "cannot_answer" || tr.Reason == "" {
				t.Errorf("trace does not say why: %+v", tr)
			}
		})
	}
}

// TestFollowUpAmbiguous: a value two reachable columns hold is asked
// about, with the columns as choices.
func TestFollowUpAmbiguous(t *testing.T) {
	p := offline.New(demoSchema(), offline.Options{Today: today})
	prev := p.Plan("how many orders in 2025").Plan
	r, tr, ok := p.FollowUp(prev, "and for Germany?")
	if !ok || r == nil || r.Clarification == nil {
		t.Fatalf("want a clarification, got ok=%v %v\n%s", ok, r, tr)
	}
	got := r.Clarification.Questions[0].Choices
	if len(got) != 2 || !strings.Contains(strings.Join(got, " "), "clients.country") || !strings.Contains(strings.Join(got, " "), "customers.country") {
		t.Errorf("choices %v, want clients.country and customers.country", got)
	}
}

var (
	realDemoOnce sync.Once
	realDemoDB   database.Engine
	realDemoS    *schema.Schema
	realDemoErr  error
)

// realDemo writes querent's demo dataset to a SQLite file and opens it
// read-only with the real engine, once per test binary.
func realDemo(t *testing.T) (database.Engine, *schema.Schema) {
	t.Helper()
	realDemoOnce.Do(func() {
		ctx := context.Background()
		dir, err := osMkdirTemp()
		if err != nil {
			realDemoErr = err
			return
		}
		path := filepath.Join(dir, "demo.db")
		if realDemoErr = demo.WriteSQLite(ctx, path, demo.Generate(demo.DefaultSeed), false); realDemoErr != nil {
			return
		}
		if realDemoDB, realDemoErr = sqlite.Open(ctx, path); realDemoErr != nil {
			return
		}
		realDemoS, realDemoErr = realDemoDB.Introspect(ctx)
	})
	if realDemoErr != nil {
		t.Fatalf("demo database: %v", realDemoErr)
	}
	return realDemoDB, realDemoS
}

// runPlan compiles a plan for SQLite and runs it.
func runPlan(t *testing.T, db database.Engine, s *schema.Schema, p *plan.Plan) [][]any {
	t.Helper()
	d, err := sqlgen.DialectFor("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	q, err := sqlgen.Compile(p, s, d, sqlgen.Options{})
	if err != nil {
		t.Fatalf("compile %s: %v", p, err)
	}
	return runSQL(t, db, q.SQL, q.Args...)
}

func runSQL(t *testing.T, db database.Engine, sql string, args ...any) [][]any {
	t.Helper()
	res, err := db.Query(context.Background(), sql, args, database.Limits{})
	if err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return res.Rows
}

// TestFollowUpOnDemo is the conversation of the acceptance scenario on the
// real demo database: the counts of both turns equal hand-written SQL.
func TestFollowUpOnDemo(t *testing.T) {
	db, s := realDemo(t)
	p := offline.New(s, offline.Options{Today: today})
	first, tr := p.PlanWithTrace("How many orders were placed in 2025?")
	if first.Plan == nil {
		t.Fatalf("first question: %s\n%s", describeReply(first), tr)
	}
	got := runPlan(t, db, s, first.Plan)
	want := runSQL(t, db, "SELECT count(*) FROM orders WHERE order_date >= '2025-01-01' AND order_date < '2026-01-01'")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("2025: got %v, want %v", got, want)
	}
	second, tr2, ok := p.FollowUp(first.Plan, "and in 2024?")
	if !ok || second.Plan == nil {
		t.Fatalf("follow-up not read: %v\n%s", second, tr2)
	}
	got2 := runPlan(t, db, s, second.Plan)
	want2 := runSQL(t, db, "SELECT count(*) FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'")
	if !reflect.DeepEqual(got2, want2) {
		t.Fatalf("2024: got %v, want %v", got2, want2)
	}
	if reflect.DeepEqual(want, want2) {
		t.Errorf("both years have %v orders: the scenario cannot tell them apart", want)
	}
	if !strings.Contains(second.Plan.Reason, "year 2025 → year 2024") {
		t.Errorf("reason %q", second.Plan.Reason)
	}
}

// TestNamesClarificationOnDemo: "show me the names" on the demo database
// asks which table's names, listing every table with a name column.
func TestNamesClarificationOnDemo(t *testing.T) {
	_, s := realDemo(t)
	p := offline.New(s, offline.Options{Today: today})
	r, tr := p.PlanWithTrace("show me the names")
	if r.Clarification == nil || len(r.Clarification.Questions) != 1 {
		t.Fatalf("want a clarification, got %s\n%s", describeReply(r), tr)
	}
	q := r.Clarification.Questions[0]
	if len(q.Choices) < 3 {
		t.Fatalf("choices %v: want every table with names", q.Choices)
	}
	for _, want := range []string{"customers (first_name, last_name)", "products (name)", "categories (name)"} {
		found := false
		for _, c := range q.Choices {
			found = found || c == want
		}
		if !found {
			t.Errorf("choices %v lack %q", q.Choices, want)
		}
	}
	if tr.Refusal != offline.RefusedAmbiguous {
		t.Errorf("refusal kind %q", tr.Refusal)
	}
}

// realDemoDir holds the demo database file; TestMain removes it.
var realDemoDir string

func osMkdirTemp() (string, error) {
	dir, err := os.MkdirTemp("", "querent-offline-test")
	realDemoDir = dir
	return dir, err
}

func TestMain(m *testing.M) {
	code := m.Run()
	if realDemoDB != nil {
		realDemoDB.Close()
	}
	if realDemoDir != "" {
		os.RemoveAll(realDemoDir)
	}
	os.Exit(code)
}
