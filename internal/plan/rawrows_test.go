package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/plan"
)

// TestRawRecordsPlan runs the records behind aggregate answers on SQLite.
func TestRawRecordsPlan(t *testing.T) {
	db := shopDB(t)
	s := shopSchema()
	havingPlan, err := plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `{"op":"add_filter","column":"count","operator":">","value":1}`)...)
	if err != nil {
		t.Fatal(err)
	}
	aliasHaving, err := plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `{"op":"add_filter","column":"revenue","operator":">=","value":200}`)...)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		p     *plan.Plan
		limit int
		want  []string
	}{
		{"the orders behind revenue by country, up to the limit", decodePlan(t, countryPlan), 4,
			[]string{"France|80|3", "France|40|4", "Germany|100|1", "Germany|250|2"}},
		{"same sources and filters, three tables", decodePlan(t, categoryPlan), 100,
			[]string{"home|2|3", "home|1|5", "office|4|1", "office|1|2", "office|8|7"}},
		{"having carried over through the group key", havingPlan, 100,
			[]string{"France|80|3", "France|40|4", "Germany|100|1", "Germany|250|2", "Germany|60|5", "Germany|300|6", "Germany|15|8"}},
		{"having on an alias", aliasHaving, 3,
			[]string{"Germany|100|1", "Germany|250|2", "Germany|60|5"}},
		{"an aggregate without groups", decodePlan(t, `{"select":[{"expr":{"agg":"avg","arg":{"col":"orders.total"}}}],"from":{"table":"orders"},
			"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`), 10,
			[]string{"80|3", "60|5", "15|8"}},
		{"count(*) shows the keys", decodePlan(t, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"},
			"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}}}`), 10,
			[]string{"1", "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.p.String()
			r, ok := plan.RawRecordsPlan(tt.p, s, tt.limit)
			if !ok {
				t.Fatal("no raw records plan")
			}
			if tt.p.String() != before {
				t.Error("RawRecordsPlan changed its input")
			}
			if _, diags := plan.Audit(r, s); diags.HasErrors() {
				t.Fatalf("raw records plan fails the audit: %v\n%s", diags.Err(), r)
			}
			if diff := cmp.Diff(tt.want, runPlan(t, db, r)); diff != "" {
				t.Errorf("rows (-want +got):\n%s\nplan: %s", diff, r)
			}
		})
	}
}

func TestRawRecordsPlanBucket(t *testing.T) {
	s := shopSchema()
	p, err := plan.ApplyPatch(decodePlan(t, countryPlan), s, decodeOps(t, `{"op":"change_grouping","group_by":[{"column":"orders.order_date","bucket":"year"}]}`)...)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := plan.RawRecordsPlan(p, s, 3)
	if !ok {
		t.Fatal("no raw records plan")
	}
	// The records show the date itself; they are ordered by the year.
	if diff := cmp.Diff([]string{"2023-03-05|100|1", "2023-11-30|60|5", "2024-01-15|250|2"}, runPlan(t, shopDB(t), r)); diff != "" {
		t.Errorf("rows (-want +got):\n%s\nplan: %s", diff, r)
	}
	if r.OrderBy[0].Expr.Bucket != "year" {
		t.Errorf("not ordered by the group key first: %s", mustJSON(t, r.OrderBy))
	}
}

func TestRawRecordsPlanNotMeaningful(t *testing.T) {
	s := shopSchema()
	twoKeysHaving := `{"select":[{"expr":{"col":"customers.country"}},{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}}],
		"from":{"table":"orders"},"joins":[{"table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],
		"group_by":[{"col":"customers.country"},{"col":"orders.status"}],"having":{"op":">","left":{"agg":"count"},"right":{"value":1}}}`
	tests := []struct {
		name, plan string
		limit      int
	}{
		{"not an aggregate", listPlan, 10},
		{"raw SQL", `{"raw_sql":"SELECT count(*) FROM orders"}`, 10},
		{"set operation", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"},
			"set_op":{"op":"union","right":{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"}}}}`, 10},
		{"CTE", `{"with":[{"name":"o","plan":{"from":{"table":"orders"}}}],"select":[{"expr":{"agg":"count"}}],"from":{"cte":"o"}}`, 10},
		{"window function", `{"select":[{"expr":{"col":"orders.status"}},{"expr":{"agg":"count"}},
			{"expr":{"window":"rank","over":{"order_by":[{"expr":{"agg":"count"}}]}}}],"from":{"table":"orders"},"group_by":[{"col":"orders.status"}]}`, 10},
		{"having over two group keys", twoKeysHaving, 10},
		{"no rows asked for", countryPlan, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r, ok := plan.RawRecordsPlan(decodePlan(t, tt.plan), s, tt.limit); ok {
				t.Errorf("offered raw records:\n%s", r)
			}
		})
	}
	if _, ok := plan.RawRecordsPlan(nil, s, 10); ok {
		t.Error("offered raw records for no plan")
	}
}
