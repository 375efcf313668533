package plan_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
)

// TestSchemaRoundTrip keeps the Go types and the JSON Schema in step: a reply
// using every construct validates, decodes, re-encodes and validates again to
// the same value.
func TestSchemaRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/full_reply.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := plan.DecodeReply(data, plan.TierFull)
	if err != nil {
		t.Fatalf("DecodeReply: %v", err)
	}
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := plan.DecodeReply(out, plan.TierFull)
	if err != nil {
		t.Fatalf("re-encoded reply does not validate: %v\n%s", err, out)
	}
	if diff := cmp.Diff(r, r2); diff != "" {
		t.Errorf("round trip changed the reply (-want +got):\n%s", diff)
	}
	// The bare "delivered" in the IN list is the lenient literal shorthand.
	in := r.Plan.With[0].Plan.Where.And[1]
	if got := in.Values[1]; !got.IsLiteral() || got.Value != "delivered" {
		t.Errorf("bare scalar decoded as %+v, want literal \"delivered\"", got)
	}
	if lim := r.Plan.Limit; lim == nil || *lim != 10 {
		t.Errorf("limit = %v, want 10", lim)
	}
	if v := r.Plan.Select[4].Expr.Else; v == nil || !v.IsLiteral() || v.Value != nil {
		t.Errorf("explicit null literal lost: %+v", v)
	}
	if v := r.Plan.Where.Or[0].Low.Value; v != int64(2024) {
		t.Errorf("integral number decoded as %T %v, want int64 2024", v, v)
	}
}

// TestPatchReplyRoundTrip keeps the patch reply's schema and Go types in
// step in every tier: a reply using every operation validates, decodes,
// re-encodes and validates again to the same operations.
func TestPatchReplyRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/patch_reply.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := plan.DecodePatchOps(mustField(t, data, "patch"))
	if err != nil {
		t.Fatalf("DecodePatchOps: %v", err)
	}
	for _, tier := range []plan.Tier{plan.TierMinimal, plan.TierStandard, plan.TierFull} {
		t.Run(string(tier), func(t *testing.T) {
			r, err := plan.DecodeReply(data, tier)
			if err != nil {
				t.Fatalf("DecodeReply: %v", err)
			}
			if r.Plan != nil || r.Clarification != nil || r.CannotAnswer != "" {
				t.Errorf("a patch reply decoded other answers too: %+v", r)
			}
			if diff := cmp.Diff(want, r.Patch); diff != "" {
				t.Errorf("patch (-DecodePatchOps +DecodeReply):\n%s", diff)
			}
			out, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := plan.DecodeReply(out, tier)
			if err != nil {
				t.Fatalf("re-encoded reply does not validate: %v\n%s", err, out)
			}
			if diff := cmp.Diff(r, r2); diff != "" {
				t.Errorf("round trip changed the reply (-want +got):\n%s", diff)
			}
			if !strings.Contains(string(plan.Schema(tier)), `"patch_op"`) {
				t.Errorf("%s tier schema lost the patch operations", tier)
			}
		})
	}
	if v := want[10].Value; v != int64(2024) {
		t.Errorf("year decoded as %T %v, want int64 2024", v, v)
	}
	if want[5].Limit != nil || want[5].Op != plan.PatchModifyLimit {
		t.Errorf("limit null decoded as %+v, want a modify_limit without limit", want[5])
	}
}

// mustField returns one top-level field of a JSON object.
func mustField(t *testing.T, data []byte, key string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m[key]
}

func TestTiersPruneConstructs(t *testing.T) {
	data, err := os.ReadFile("testdata/full_reply.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tier := range []plan.Tier{plan.TierMinimal, plan.TierStandard} {
		_, err := plan.DecodeReply(data, tier)
		if err == nil {
			t.Errorf("%s tier accepted CTEs, windows and set operations", tier)
		}
		if s := string(plan.Schema(tier)); strings.Contains(s, `"row_number"`) || strings.Contains(s, `"raw_sql"`) {
			t.Errorf("%s tier schema still offers window or raw_sql", tier)
		}
	}
	simple := `{"plan": {"select": [{"expr": {"agg": "count"}}], "from": {"table": "customers"}, "limit": 5}}`
	for _, tier := range []plan.Tier{plan.TierMinimal, plan.TierStandard, plan.TierFull} {
		if _, err := plan.DecodeReply([]byte(simple), tier); err != nil {
			t.Errorf("%s tier rejected a simple plan: %v", tier, err)
		}
	}
}

func TestDecodeReplyProblems(t *testing.T) {
	tests := []struct {
		name, reply, want string
	}{
		{"not json", `{"plan": `, "not valid JSON"},
		{"invented key", `{"plan": {"from": {"table": "t"}, "filters": []}}`, "filters"},
		{"two answers", `{"plan": {"from": {"table": "t"}}, "cannot_answer": "x"}`, "/"},
		{"bad op", `{"plan": {"from": {"table": "t"}, "where": {"op": "===", "left": {"col": "t.a"}}}}`, "/plan/where"},
		{"empty", `{}`, "/"},
		{"clarification without questions", `{"clarification": {"questions": []}}`, "/clarification/questions"},
		{"plan and patch", `{"plan": {"from": {"table": "t"}}, "patch": [{"op": "modify_limit", "limit": 3}]}`, "/"},
		{"empty patch", `{"patch": []}`, "/patch"},
		{"unknown patch op", `{"patch": [{"op": "add_columns", "column": "t.c"}]}`, "/patch/0/op"},
		{"patch field of another op", `{"patch": [{"op": "add_column", "column": "t.c", "limit": 3}]}`, "/patch/0"},
		{"patch without its field", `{"patch": [{"op": "modify_limit"}]}`, "/patch/0"},
		{"patch limit of zero", `{"patch": [{"op": "modify_limit", "limit": 0}]}`, "/patch/0/limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := plan.DecodeReply([]byte(tt.reply), plan.TierFull)
			if err == nil {
				t.Fatal("accepted an invalid reply")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

func TestCloneIsDeep(t *testing.T) {
	p := &plan.Plan{From: plan.Source{Table: "orders"}, Select: []plan.SelectItem{{Expr: plan.Col("orders.id")}}, Limit: plan.Int(3)}
	q := p.Clone()
	*q.Limit = 7
	q.Select[0].Expr.Col = "orders.status"
	if *p.Limit != 3 || p.Select[0].Expr.Col != "orders.id" {
		t.Errorf("Clone shares memory with the original: %+v", p)
	}
}

func FuzzDecodeReply(f *testing.F) {
	seed, _ := os.ReadFile("testdata/full_reply.json")
	f.Add(seed)
	f.Add([]byte(`{"plan": {"from": {"table": "t"}}}`))
	f.Add([]byte(`{"clarification": {"questions": [{"text": "which?"}]}}`))
	f.Add([]byte(`{"plan": {"from": {"table": "t"}, "where": {"op": "=", "left": 1, "right": null}}}`))
	if patch, err := os.ReadFile("testdata/patch_reply.json"); err == nil {
		f.Add(patch)
	}
	f.Add([]byte(`{"patch": [{"op": "modify_limit", "limit": null}, {"op": "change_grouping", "group_by": []}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := plan.DecodeReply(data, plan.TierFull)
		if err != nil {
			return
		}
		// Whatever validates must survive a round trip and validate again.
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("marshal of a valid reply failed: %v", err)
		}
		if _, err := plan.DecodeReply(out, plan.TierFull); err != nil {
			t.Fatalf("valid reply %s re-encoded to invalid %s: %v", data, out, err)
		}
	})
}

// TestCloneEqualsJSONRoundTrip checks the structural copy against the JSON
// form on a plan using every construct, and that it shares no memory.
func TestCloneEqualsJSONRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/full_reply.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := plan.DecodeReply(data, plan.TierFull)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plan
	q := p.Clone()
	if diff := cmp.Diff(p, q); diff != "" {
		t.Fatalf("clone differs (-orig +clone):\n%s", diff)
	}
	before := p.String()
	// Mutate every nested level of the clone; the original must not move.
	q.With[0].Plan.Where.And[1].Values[0].Value = "changed"
	q.Select[2].Expr.Over.PartitionBy[0].Col = "x.y"
	q.Select[4].Expr.Case[0].If.Right.Value = 99
	q.Where.Or[1].Subquery.Where.Right.Col = "z.z"
	q.SetOp.Right.Select[0].Expr.Col = "q.q"
	q.Joins[0].On[0].Left = "q.q"
	*q.Limit = 1
	if after := p.String(); after != before {
		t.Errorf("mutating the clone changed the original")
	}
}
