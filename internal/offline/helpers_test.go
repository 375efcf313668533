package offline_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
)

// today pins relative dates in every test.
var today = time.Date(2025, 6, 15, 9, 30, 0, 0, time.UTC)

// answerCase is a question and the plan it must produce, as JSON without
// the plan's reason (which is prose, checked separately).
type answerCase struct {
	question string
	want     string
}

// runAnswers asserts that each question gets exactly the wanted plan, and
// that every plan is one a caller can use: valid against the reply schema,
// naming only real columns in the schema's spelling.
func runAnswers(t *testing.T, s *schema.Schema, cases []answerCase) {
	t.Helper()
	p := offline.New(s, offline.Options{Today: today})
	correct := 0
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
			}
			checkPlan(t, s, r.Plan)
			if diff := cmp.Diff(decodeJSON(t, c.want), planValue(t, r.Plan)); diff != "" {
				t.Fatalf("plan mismatch (-want +got):\n%s\n%s", diff, tr)
			}
			correct++
		})
	}
	t.Logf("answered correctly: %d of %d", correct, len(cases))
}

// runRefusals asserts that no question gets a plan, and that each refusal
// says why (or asks with choices).
func runRefusals(t *testing.T, s *schema.Schema, questions []string) {
	t.Helper()
	runRefusalsWith(t, s, offline.Options{Today: today}, questions)
}

// runRefusalsWith is runRefusals with the planner's options given.
func runRefusalsWith(t *testing.T, s *schema.Schema, opt offline.Options, questions []string) {
	t.Helper()
	p := offline.New(s, opt)
	refused := 0
	for _, q := range questions {
		t.Run(q, func(t *testing.T) {
			r, tr := p.PlanWithTrace(q)
			switch {
			case r.Plan != nil:
				t.Fatalf("answered a question it should refuse:\n%s\n%s", r.Plan, tr)
			case r.Clarification != nil:
				if len(r.Clarification.Questions) == 0 || r.Clarification.Questions[0].Text == "" {
					t.Fatalf("empty clarification: %+v", r.Clarification)
				}
			case strings.TrimSpace(r.CannotAnswer) == "":
				t.Fatalf("empty reply")
			}
			if tr.Refusal == "" {
				t.Errorf("trace has no refusal kind: %s", tr)
			}
			refused++
		})
	}
	t.Logf("refused: %d of %d", refused, len(questions))
}

// planValue is the plan as generic JSON, without its reason.
func planValue(t *testing.T, p *plan.Plan) any {
	t.Helper()
	q := *p
	q.Reason = ""
	b, err := json.Marshal(&q)
	if err != nil {
		t.Fatal(err)
	}
	return decodeJSON(t, string(b))
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	return v
}

// checkPlan asserts what every offline plan promises: it validates against
// the planner reply schema, and every column it names is "table.column"
// (or "table.*") with the schema's exact spelling.
func checkPlan(t *testing.T, s *schema.Schema, p *plan.Plan) {
	t.Helper()
	b, err := json.Marshal(plan.Reply{Plan: p})
	if err != nil {
		t.Fatal(err)
	}
	tier := plan.TierStandard
	if strings.Contains(string(b), `"subquery"`) || strings.Contains(string(b), `"set_op"`) {
		// A comparison with an average needs a subquery and "both X and
		// Y" a set operation, which only the full tier offers an LLM; the
		// offline plan goes straight to audit.
		tier = plan.TierFull
	}
	if _, err := plan.DecodeReply(b, tier); err != nil {
		t.Fatalf("plan does not validate: %v\n%s", err, b)
	}
	// tables maps each name a column may be read by to its table: the
	// table's own, or the alias of a table joined once per role
	// (keynouns2.go).
	tables := map[string]string{p.From.Name(): p.From.Table}
	for _, j := range p.Joins {
		tables[j.Name()] = j.Table
	}
	for _, t2 := range tables {
		if _, ok := exactTable(s, t2); !ok {
			t.Fatalf("plan names table %q, not in the schema", t2)
		}
	}
	for _, ref := range columnRefs(p) {
		table, col, ok := strings.Cut(ref, ".")
		if !ok || tables[table] == "" {
			t.Fatalf("column reference %q is not table.column over the plan's tables", ref)
		}
		tb, _ := exactTable(s, tables[table])
		if col == "*" {
			continue
		}
		found := false
		for _, c := range tb.Columns {
			found = found || c.Name == col
		}
		if !found {
			t.Fatalf("column reference %q: no column %q in %s", ref, col, table)
		}
	}
}

func exactTable(s *schema.Schema, name string) (*schema.Table, bool) {
	for i := range s.Tables {
		if s.Tables[i].Name == name {
			return &s.Tables[i], true
		}
	}
	return nil, false
}

// columnRefs lists every column reference of a plan, joins included.
func columnRefs(p *plan.Plan) []string {
	var refs []string
	collect := func(e *plan.Expr) bool {
		if e.Col != "" {
			refs = append(refs, e.Col)
		}
		return true
	}
	for i := range p.Select {
		p.Select[i].Expr.Walk(collect)
	}
	for i := range p.GroupBy {
		p.GroupBy[i].Walk(collect)
	}
	for i := range p.OrderBy {
		p.OrderBy[i].Expr.Walk(collect)
	}
	p.Where.WalkExprs(collect)
	p.Having.WalkExprs(collect)
	for _, j := range p.Joins {
		for _, on := range j.On {
			refs = append(refs, on.Left, on.Right)
		}
	}
	return refs
}

// planned plans q with its trace, fails the test at once when no plan
// comes (printing the trace), and checks the plan against s.
func planned(t *testing.T, p *offline.Planner, s *schema.Schema, q string) *plan.Reply {
	t.Helper()
	r, tr := p.PlanWithTrace(q)
	if r.Plan == nil {
		t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
	}
	checkPlan(t, s, r.Plan)
	return r
}

func describeReply(r *plan.Reply) string {
	switch {
	case r.Plan != nil:
		return r.Plan.String()
	case r.Clarification != nil:
		b, _ := json.Marshal(r.Clarification)
		return "clarification " + string(b)
	}
	return "cannot answer: " + r.CannotAnswer
}

// exactlyOne reports whether a reply carries exactly one of its outcomes.
func exactlyOne(r *plan.Reply) bool {
	n := 0
	if r.Plan != nil {
		n++
	}
	if r.Clarification != nil {
		n++
	}
	if r.CannotAnswer != "" {
		n++
	}
	return n == 1
}

// cmpPlan compares a plan, without its reason, with the wanted JSON.
func cmpPlan(t *testing.T, want string, p *plan.Plan) string {
	t.Helper()
	return cmp.Diff(decodeJSON(t, want), planValue(t, p))
}

// ignoredWords lists, comma-separated, the words a trace shows as set
// aside (fillers, relation verbs).
func ignoredWords(tr offline.Trace) string {
	var ws []string
	for _, l := range tr.Links {
		if l.Kind == "ignored" {
			ws = append(ws, l.Words)
		}
	}
	return strings.Join(ws, ",")
}
