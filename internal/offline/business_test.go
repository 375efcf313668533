package offline_test

import (
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/plan"
	"querent/internal/schema"
)

// shopSchema is a small store with business context: a table synonym
// ("clients"), a column synonym ("market"), and rows whose value is only
// known through their order (order_items carry no date or status).
func shopSchema() *schema.Schema {
	customers := table("customers", []schema.Column{
		col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bob"),
		complete(col("country", "TEXT", "Germany", "France")),
	})
	customers.Synonyms = []string{"clients", "accounts"}
	customers.Columns[2].Synonyms = []string{"market"}
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		customers,
		table("orders", []schema.Column{
			col("id", "INTEGER"), col("customer_id", "INTEGER"), col("order_date", "DATE"),
			complete(col("status", "TEXT", "shipped", "cancelled", "pending")),
		}, fk("customer_id", "customers")),
		table("order_items", []schema.Column{
			col("id", "INTEGER"), col("order_id", "INTEGER"), col("quantity", "INTEGER"), col("unit_price", "REAL"),
		}, fk("order_id", "orders")),
	}}
}

// revenue is a measure whose aggregate is over order_items and whose
// condition is on orders.
func revenue() plan.Measure {
	q, p := plan.Col("order_items.quantity"), plan.Col("order_items.unit_price")
	mul := plan.Expr{Arith: "*", Left: &q, Right: &p}
	status, cancelled := plan.Col("orders.status"), plan.Val("cancelled")
	return plan.Measure{
		Name:     "revenue",
		Synonyms: []string{"turnover", "net sales"},
		Expr:     plan.Expr{Agg: "sum", Arg: &mul},
		Where:    &plan.Cond{Op: "!=", Left: &status, Right: &cancelled},
	}
}

const (
	revenueSelect = `"select":[{"expr":{"agg":"sum","arg":{"arith":"*","left":{"col":"order_items.quantity"},"right":{"col":"order_items.unit_price"}}}}]`
	revenueWhere  = `{"op":"!=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}`
	itemsToOrders = `{"type":"inner","table":"orders","on":[{"left":"order_items.order_id","right":"orders.id"}]}`
)

func TestMeasures(t *testing.T) {
	s := shopSchema()
	p := offline.New(s, offline.Options{Today: today, Measures: []plan.Measure{revenue()}})
	for _, c := range []answerCase{
		{"total revenue", `{` + revenueSelect + `,"from":{"table":"order_items"},"joins":[` + itemsToOrders + `],"where":` + revenueWhere + `}`},
		{"what is our turnover", `{` + revenueSelect + `,"from":{"table":"order_items"},"joins":[` + itemsToOrders + `],"where":` + revenueWhere + `}`},
		{"net sales in 2024", `{` + revenueSelect + `,"from":{"table":"order_items"},"joins":[` + itemsToOrders + `],"where":{"and":[` +
			`{"op":">=","left":{"col":"orders.order_date"},"right":{"value":"2024-01-01"}},{"op":"<","left":{"col":"orders.order_date"},"right":{"value":"2025-01-01"}},` + revenueWhere + `]}}`},
		{"revenue of shipped orders", `{` + revenueSelect + `,"from":{"table":"order_items"},"joins":[` + itemsToOrders + `],"where":{"and":[` +
			`{"op":"=","left":{"col":"orders.status"},"right":{"value":"shipped"}},` + revenueWhere + `]}}`},
		{"total revenue by country", `{"select":[{"expr":{"col":"customers.country"}},` + strings.TrimPrefix(revenueSelect, `"select":[`) +
			`,"from":{"table":"order_items"},"joins":[` + itemsToOrders + `,{"type":"inner","table":"customers","on":[{"left":"orders.customer_id","right":"customers.id"}]}],"where":` + revenueWhere + `,"group_by":[{"col":"customers.country"}]}`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan == nil {
				t.Fatalf("no plan: %s\n%s", describeReply(r), tr)
			}
			checkPlan(t, s, r.Plan)
			if diff := cmpPlan(t, c.want, r.Plan); diff != "" {
				t.Fatalf("plan mismatch (-want +got):\n%s\n%s", diff, tr)
			}
			if !strings.Contains(r.Plan.Reason, "measure revenue") {
				t.Errorf("reason %q does not name the measure", r.Plan.Reason)
			}
		})
	}
	// The measure's definition is copied into each plan, never shared.
	r := p.Plan("total revenue")
	r.Plan.Where.Right.Value = "changed"
	if again := p.Plan("total revenue"); again.Plan.Where.Right.Value != "cancelled" {
		t.Errorf("a plan shares the measure's condition: %v", again.Plan.Where.Right.Value)
	}
}

func TestMeasureRefusals(t *testing.T) {
	bad := revenue()
	bad.Name = "margin"
	bad.Synonyms = nil
	x := plan.Col("order_items.cost")
	bad.Expr = plan.Expr{Agg: "sum", Arg: &x}
	notAgg := plan.Measure{Name: "price", Expr: plan.Col("order_items.unit_price")}
	p := offline.New(shopSchema(), offline.Options{Today: today, Measures: []plan.Measure{revenue(), bad, notAgg}})
	for _, c := range []struct{ question, contains string }{
		{"average revenue", "already an aggregate"},
		{"total margin", `order_items has no column "cost"`},
		{"show the price", "is not an aggregate"},
		{"revenue and turnover", "several measures"},
	} {
		t.Run(c.question, func(t *testing.T) {
			r, tr := p.PlanWithTrace(c.question)
			if r.Plan != nil {
				t.Fatalf("planned %s\n%s", r.Plan, tr)
			}
			if !strings.Contains(r.CannotAnswer, c.contains) {
				t.Errorf("reason %q does not contain %q", r.CannotAnswer, c.contains)
			}
		})
	}
}

// Synonyms from the metadata link as strongly as the schema's own names.
func TestSchemaSynonyms(t *testing.T) {
	runAnswers(t, shopSchema(), []answerCase{
		{"how many clients are there", `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"customers"}}`},
		{"number of accounts per market", `{"select":[{"expr":{"col":"customers.country"}},{"expr":{"agg":"count"}}],"from":{"table":"customers"},"group_by":[{"col":"customers.country"}]}`},
		{"clients in Germany", `{"select":[{"expr":{"col":"customers.name"}}],"from":{"table":"customers"},"where":{"op":"=","left":{"col":"customers.country"},"right":{"value":"Germany"}}}`},
	})
}
