package metadata_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"gopkg.in/yaml.v3"

	"querent/internal/metadata"
	"querent/internal/plan"
	"querent/internal/schema"
)

// docExample is the example of the package comment.
const docExample = `tables:
  orders:
    description: One row per customer order.
    synonyms: [purchases, sales]
    columns:
      total_amount: {description: Order total in EUR incl. VAT, synonyms: [revenue, sales amount]}
      status: "placed, shipped, delivered or cancelled"
metrics:
  revenue:
    description: Money from orders that were not cancelled.
    synonyms: [sales, turnover]
    definition: sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'
rules:
  - Fiscal year starts in April.
  - "Active customers are those with an order in the last 90 days."
examples:
  - question: How many orders were cancelled?
    plan: {select: [{expr: {agg: count}}], from: {table: orders}, where: {op: "=", left: {col: orders.status}, right: {value: cancelled}}}
`

func TestParseDocExample(t *testing.T) {
	c, err := metadata.Parse([]byte(docExample))
	if err != nil {
		t.Fatal(err)
	}
	want := []metadata.Table{{
		Name: "orders", Description: "One row per customer order.", Synonyms: []string{"purchases", "sales"}, Line: 2,
		Columns: []metadata.Column{
			{Name: "total_amount", Description: "Order total in EUR incl. VAT", Synonyms: []string{"revenue", "sales amount"}, Line: 6},
			{Name: "status", Description: "placed, shipped, delivered or cancelled", Line: 7},
		},
	}}
	if diff := cmp.Diff(want, c.Tables); diff != "" {
		t.Errorf("tables (-want +got):\n%s", diff)
	}
	wantMetrics := []metadata.Metric{{Name: "revenue", Description: "Money from orders that were not cancelled.",
		Synonyms: []string{"sales", "turnover"}, Line: 9,
		Definition: "sum(order_items.quantity * order_items.unit_price) where orders.status != 'cancelled'"}}
	if diff := cmp.Diff(wantMetrics, c.Metrics, cmpopts.IgnoreUnexported(metadata.Metric{})); diff != "" {
		t.Errorf("metrics (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Fiscal year starts in April.", "Active customers are those with an order in the last 90 days."}, c.AllRules()); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	ex := c.Examples()
	if len(ex) != 1 || ex[0].Question != "How many orders were cancelled?" {
		t.Fatalf("examples = %+v", ex)
	}
	wantPlan := `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"orders"},"where":{"op":"=","left":{"col":"orders.status"},"right":{"value":"cancelled"}}}`
	if got := compact(t, ex[0].Plan); got != wantPlan {
		t.Errorf("example plan:\n got %s\nwant %s", got, wantPlan)
	}
	// The examples handed out are copies.
	ex[0].Plan.From.Table = "changed"
	if c.Examples()[0].Plan.From.Table != "orders" {
		t.Error("changing a returned example changed the context")
	}
}

func compact(t *testing.T, p *plan.Plan) string {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(p.String(), "\n") {
		b.WriteString(strings.TrimSpace(line))
	}
	return strings.ReplaceAll(b.String(), `": `, `":`)
}

func TestParseShorthandsAndEmpty(t *testing.T) {
	for _, empty := range []string{"", "# nothing yet\n", "~\n", "tables:\n"} {
		c, err := metadata.Parse([]byte(empty))
		if err != nil || len(c.Tables)+len(c.Metrics)+len(c.AllRules())+len(c.Examples()) != 0 {
			t.Errorf("Parse(%q) = %+v, %v; want an empty context", empty, c, err)
		}
	}
	c, err := metadata.Parse([]byte(`tables:
  orders: Orders as placed.
  customers:
    synonyms: clients
metrics:
  order count: count(*)
examples:
  - question: all orders
    plan: '{"from": {"table": "orders"}}'
`))
	if err != nil {
		t.Fatal(err)
	}
	if c.Tables[0].Description != "Orders as placed." || c.Tables[1].Synonyms[0] != "clients" {
		t.Errorf("tables = %+v", c.Tables)
	}
	if c.Metrics[0].Definition != "count(*)" || c.Metrics[0].Line != 6 || c.Metrics[0].Name != "order count" {
		t.Errorf("metrics = %+v", c.Metrics)
	}
	if p := c.Examples()[0].Plan; p.From.Table != "orders" {
		t.Errorf("a plan given as a JSON string decoded to %s", p)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       []string // each problem's String(), in order
	}{
		{"unknown top-level key", "tabels:\n  orders: x\n",
			[]string{`line 1: tabels: unknown key "tabels" (allowed here: tables, metrics, rules, examples); did you mean tables?`}},
		{"unknown table key", "tables:\n  orders:\n    descripton: x\n    synonym: [a]\n",
			[]string{
				`line 3: tables.orders.descripton: unknown key "descripton" (allowed here: description, synonyms, columns); did you mean description?`,
				`line 4: tables.orders.synonym: unknown key "synonym" (allowed here: description, synonyms, columns); did you mean synonyms?`,
			}},
		{"unknown column key", "tables:\n  orders:\n    columns:\n      status: {desc: x}\n",
			[]string{`line 4: tables.orders.columns.status.desc: unknown key "desc" (allowed here: description, synonyms); did you mean description?`}},
		{"twice", "tables:\n  orders: a\n  Orders: b\n",
			[]string{`line 3: tables.Orders: "Orders" is given twice (first on line 2)`}},
		{"wrong shapes", "tables: [orders]\nrules: {a: b}\nmetrics:\n  m: [1]\n",
			[]string{
				`line 1: tables: expected a mapping of names, found a list`,
				`line 2: rules: expected a list of sentences, found a mapping`,
				`line 4: metrics.m: expected a mapping with the keys description, synonyms, definition, found a list`,
				`line 4: metrics.m: a metric needs a definition, e.g. definition: sum(orders.total_amount)`,
			}},
		{"synonyms", "tables:\n  orders:\n    synonyms: [a, '', {x: y}]\n",
			[]string{
				`line 3: tables.orders.synonyms[1]: a synonym cannot be empty`,
				`line 3: tables.orders.synonyms[2]: expected text, found a mapping`,
			}},
		{"metric without definition", "metrics:\n  revenue:\n    description: money\n",
			[]string{`line 2: metrics.revenue: a metric needs a definition, e.g. definition: sum(orders.total_amount)`}},
		{"empty rule", "rules:\n  - ok\n  - ''\n",
			[]string{`line 3: rules[1]: a rule cannot be empty`}},
		{"example without plan", "examples:\n  - question: how many?\n",
			[]string{`line 2: examples[0]: an example needs a plan`}},
		{"example plan with an unknown field", "examples:\n  - question: q\n    plan: {from: {table: orders}, filters: []}\n",
			[]string{`line 3: examples[0].plan: decode plan: unknown field "filters"`}},
		{"example plan not an object", "examples:\n  - question: q\n    plan: select 1\n",
			[]string{`line 3: examples[0].plan: expected a plan object such as {from: {table: orders}}`}},
		{"example unknown key", "examples:\n  - question: q\n    sql: select 1\n    plan: {from: {table: t}}\n",
			[]string{`line 3: examples[0].sql: unknown key "sql" (allowed here: question, plan)`}},
		{"not yaml", "tables: [\n",
			[]string{`not valid YAML: line 1: did not find expected node content`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := metadata.Parse([]byte(tt.yaml))
			var me *metadata.Error
			if !errors.As(err, &me) {
				t.Fatalf("Parse = %v, want a *metadata.Error", err)
			}
			var got []string
			for _, p := range me.Problems {
				got = append(got, p.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "metadata.yaml")
	if err := os.WriteFile(bad, []byte("tables:\n  orders:\n    colums: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := metadata.Load(bad)
	if err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "did you mean columns?") {
		t.Errorf("Load(bad) = %v, want the file, line and suggestion named", err)
	}
	if _, err := metadata.Load(filepath.Join(dir, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want os.ErrNotExist", err)
	}
}

// TestUnmarshalYAML: a context: key inside querent.yaml decodes with the
// outer file's line numbers.
func TestUnmarshalYAML(t *testing.T) {
	var cfg struct {
		Database string            `yaml:"database"`
		Context  *metadata.Context `yaml:"context"`
	}
	good := "database: demo.db\ncontext:\n  rules: [Fiscal year starts in April.]\n"
	if err := yaml.Unmarshal([]byte(good), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.Context == nil || len(cfg.Context.AllRules()) != 1 {
		t.Fatalf("context = %+v", cfg.Context)
	}
	err := yaml.Unmarshal([]byte("database: demo.db\ncontext:\n  rules: [a]\n  notes: [b]\n"), &cfg)
	if err == nil || !strings.Contains(err.Error(), `line 4: notes: unknown key "notes"`) {
		t.Errorf("err = %v, want the unknown key on line 4", err)
	}
}

// TestDemoFile: the example metadata for the demo database loads, validates
// against the introspected demo schema, and its measures and examples are
// usable plans.
func TestDemoFile(t *testing.T) {
	s := introspectDemo(t)
	c, err := metadata.Load("testdata/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(s); err != nil {
		t.Fatalf("testdata/demo.yaml does not validate against the demo schema:\n%v", err)
	}
	applied, problems := c.Apply(s)
	if len(problems) > 0 {
		t.Fatalf("Apply problems: %v", problems)
	}
	orders, _ := applied.Table("orders")
	total, _ := orders.Column("total_amount")
	if orders.Description != "One row per customer order." || !cmp.Equal(total.Synonyms, []string{"order total", "order value"}) {
		t.Errorf("orders after Apply: %q, total_amount synonyms %v", orders.Description, total.Synonyms)
	}
	ms, err := c.Measures(s)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range ms {
		names = append(names, m.Name)
	}
	if diff := cmp.Diff([]string{"revenue", "average order value", "units sold", "amount paid"}, names); diff != "" {
		t.Errorf("measures (-want +got):\n%s", diff)
	}
	if rev := ms[0]; rev.Where == nil || rev.Where.Op != "not_in" || rev.Expr.Agg != "sum" || !cmp.Equal(rev.Synonyms, []string{"turnover", "net sales"}) {
		t.Errorf("revenue = %+v", rev)
	}
	if len(c.Examples()) != 2 {
		t.Errorf("examples: %d, want 2", len(c.Examples()))
	}
	// What the prompt costs with the demo's business context, per tier.
	for _, tier := range []string{schema.TierMinimal, schema.TierStandard, schema.TierFull} {
		t.Logf("demo schema with demo.yaml, %s tier: %d tokens (without: %d)", tier,
			schema.Tokens(applied.RenderWith(schema.RenderOptions{Tier: tier})),
			schema.Tokens(s.RenderWith(schema.RenderOptions{Tier: tier})))
	}
}

// TestValidateListsEveryProblem: one run reports every wrong name, each with
// its line and the nearest real names.
func TestValidateListsEveryProblem(t *testing.T) {
	s := introspectDemo(t)
	c, err := metadata.Parse([]byte(`tables:
  order:
    description: typo in the table name
  orders:
    synonyms: [customers]
    columns:
      totl_amount: typo in the column
      status: {synonyms: [id]}
metrics:
  revenue: sum(order_items.quantity * order_items.unitprice)
  net: sum(orders.total_amount) where
  turnover:
    synonyms: [revenue]
    definition: count(*)
examples:
  - question: q
    plan: {select: [{expr: {col: orders.totl_amount}}], from: {table: orders}}
`))
	if err != nil {
		t.Fatal(err)
	}
	err = c.Validate(s)
	var me *metadata.Error
	if !errors.As(err, &me) {
		t.Fatalf("Validate = %v, want a *metadata.Error", err)
	}
	type brief struct {
		Line        int
		Path        string
		Suggestions []string
	}
	var got []brief
	for _, p := range me.Problems {
		got = append(got, brief{p.Line, p.Path, p.Suggestions})
	}
	want := []brief{
		{2, "tables.order", []string{"orders", "order_items"}},
		{4, "tables.orders.synonyms", nil},
		{7, "tables.orders.columns.totl_amount", []string{"total_amount"}},
		{8, "tables.orders.columns.status.synonyms", nil},
		{10, "metrics.revenue.definition", []string{"order_items.unit_price"}},
		{11, "metrics.net.definition", nil},
		{12, "metrics.turnover", nil},
		{16, "examples[0].plan.select[0].expr", []string{"orders.total_amount"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s\nfull error:\n%v", diff, err)
	}
	msg := err.Error()
	for _, part := range []string{"8 problems", `the database has no table "order"`, `synonym "customers" is the name of table customers`,
		`at character 40 of "sum(order_items.quantity * order_items.unitprice)"`, `"revenue" already names metric revenue`} {
		if !strings.Contains(msg, part) {
			t.Errorf("error lacks %q:\n%s", part, msg)
		}
	}
	// Apply skips the bad entries and applies the rest, leaving s alone.
	applied, problems := c.Apply(s)
	if len(problems) != 4 {
		t.Errorf("Apply problems = %d, want 4", len(problems))
	}
	orders, _ := applied.Table("orders")
	status, _ := orders.Column("status")
	if len(orders.Synonyms) != 0 || len(status.Synonyms) != 0 {
		t.Errorf("ambiguous synonyms were applied: %v, %v", orders.Synonyms, status.Synonyms)
	}
	if _, err := c.Measures(s); err == nil || !strings.Contains(err.Error(), "metrics.revenue.definition") {
		t.Errorf("Measures = %v, want the bad definitions listed", err)
	}
}

func TestApplyFileWinsAndCopies(t *testing.T) {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{{
		Name: "orders", Ident: "orders", Description: "from the catalog", Synonyms: []string{"Purchases"},
		Columns: []schema.Column{{Name: "status", Description: "catalog comment"}, {Name: "id"}},
	}}}
	c, err := metadata.Parse([]byte("tables:\n  ORDERS:\n    description: from the file\n    synonyms: [purchases, sales]\n    columns:\n      Status: {synonyms: [state]}\n      id: the key\n"))
	if err != nil {
		t.Fatal(err)
	}
	out, problems := c.Apply(s)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	o := out.Tables[0]
	if o.Description != "from the file" || !cmp.Equal(o.Synonyms, []string{"Purchases", "sales"}) {
		t.Errorf("table: %q %v; want the file's description and merged synonyms", o.Description, o.Synonyms)
	}
	if o.Columns[0].Description != "catalog comment" || !cmp.Equal(o.Columns[0].Synonyms, []string{"state"}) || o.Columns[1].Description != "the key" {
		t.Errorf("columns: %+v", o.Columns)
	}
	if s.Tables[0].Description != "from the catalog" || len(s.Tables[0].Synonyms) != 1 || s.Tables[0].Columns[1].Description != "" {
		t.Errorf("Apply changed its input: %+v", s.Tables[0])
	}
}

func TestRules(t *testing.T) {
	c, err := metadata.Parse([]byte(`rules:
  - Fiscal year starts in April.
  - Active customers are those with an order in the last 90 days.
  - Revenue never counts cancelled or returned orders.
  - Shipping costs are not part of any amount.
`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		question string
		k        int
		want     []string
	}{
		// Small rule sets go in whole.
		{"anything at all", 4, c.AllRules()},
		{"anything at all", 10, c.AllRules()},
		{"anything", 0, nil},
		// Otherwise only rules sharing a (stemmed) word, best first, in file order.
		{"how many active customers do we have", 2, []string{"Active customers are those with an order in the last 90 days."}},
		{"revenue per fiscal year", 2, []string{"Fiscal year starts in April.", "Revenue never counts cancelled or returned orders."}},
		{"orders cancelled by customers last year", 1, []string{"Active customers are those with an order in the last 90 days."}},
		{"which orders shipped?", 3, []string{"Active customers are those with an order in the last 90 days.", "Revenue never counts cancelled or returned orders.", "Shipping costs are not part of any amount."}},
		{"the weather in Paris", 3, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, c.Rules(tt.question, tt.k)); diff != "" {
			t.Errorf("Rules(%q, %d) (-want +got):\n%s", tt.question, tt.k, diff)
		}
	}
}

// FuzzParse: any input is read or refused with an *Error; it never panics,
// and what is read validates (or not) without panicking either.
func FuzzParse(f *testing.F) {
	f.Add(docExample)
	if data, err := os.ReadFile("testdata/demo.yaml"); err == nil {
		f.Add(string(data))
	}
	for _, seed := range []string{"tables: [", "tables:\n  a: &x {b: *x}\n", "examples:\n  - plan: {1: 2}\n    question: q\n", "metrics: {m: 'sum('}", "rules: [~, 1, [a]]"} {
		f.Add(seed)
	}
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{{Name: "orders", Ident: "orders", Columns: []schema.Column{{Name: "id"}, {Name: "status", Kind: schema.KindText}}}}}
	f.Fuzz(func(t *testing.T, data string) {
		c, err := metadata.Parse([]byte(data))
		if err != nil {
			var me *metadata.Error
			if !errors.As(err, &me) || len(me.Problems) == 0 {
				t.Fatalf("error %T without problems: %v", err, err)
			}
			return
		}
		_ = c.Validate(s)
		_, _ = c.Measures(s)
		_ = c.Rules(data, 2)
	})
}
