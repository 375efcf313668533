package schema_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/database/sqlite"
	"querent/internal/demo"
	"querent/internal/schema"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current rendering")

var (
	demoOnce   sync.Once
	demoCached *schema.Schema
	demoErr    error
)

// introspectDemo writes the demo dataset to a temporary SQLite file and
// introspects it with the real engine, so the goldens show exactly what a
// model is shown for `querent demo`. It is built once per test binary.
func introspectDemo(t *testing.T) *schema.Schema {
	t.Helper()
	demoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "querent-schema-test")
		if err != nil {
			demoErr = err
			return
		}
		defer os.RemoveAll(dir)
		ctx := context.Background()
		path := filepath.Join(dir, "demo.db")
		if demoErr = demo.WriteSQLite(ctx, path, demo.Generate(demo.DefaultSeed), false); demoErr != nil {
			return
		}
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			demoErr = err
			return
		}
		defer db.Close()
		demoCached, demoErr = db.Introspect(ctx)
	})
	if demoErr != nil {
		t.Fatalf("introspect the demo database: %v", demoErr)
	}
	return demoCached
}

// demoSchema is a fresh copy of the introspected demo schema with business
// context set the way metadata.Apply sets it: a table description with
// synonyms, column descriptions, and a column synonym without a description.
func demoSchema(t *testing.T) *schema.Schema {
	t.Helper()
	src := introspectDemo(t)
	s := &schema.Schema{Engine: src.Engine, Tables: make([]schema.Table, len(src.Tables))}
	for i, tb := range src.Tables {
		tb.Columns = append([]schema.Column(nil), tb.Columns...)
		s.Tables[i] = tb
	}
	orders, ok := s.Table("orders")
	if !ok {
		t.Fatal("the demo schema has no orders table")
	}
	orders.Description = "One row per customer order."
	orders.Synonyms = []string{"purchases", "sales"}
	set := func(tb *schema.Table, col, desc string, syns ...string) {
		c, ok := tb.Column(col)
		if !ok {
			t.Fatalf("the demo table %s has no column %s", tb.Name, col)
		}
		c.Description, c.Synonyms = desc, syns
	}
	set(orders, "total_amount", "Order total in EUR incl.\nVAT", "revenue", "sales amount")
	set(orders, "status", "Where the order is in its life cycle.")
	customers, _ := s.Table("customers")
	set(customers, "created_at", "", "signup date")
	return s
}

var tiers = []string{schema.TierMinimal, schema.TierStandard, schema.TierFull}

// TestRenderGolden pins the demo schema at each tier in
// testdata/<tier>.golden; run go test -update to rewrite them and review the
// diff.
func TestRenderGolden(t *testing.T) {
	s := demoSchema(t)
	for _, tier := range tiers {
		t.Run(tier, func(t *testing.T) {
			got := s.RenderWith(schema.RenderOptions{Tier: tier})
			file := filepath.Join("testdata", tier+".golden")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s is out of date (-want +got); run go test -update and review:\n%s", file, diff)
			}
		})
	}
}

// TestTiers checks what each tier promises, on the demo schema, so that a
// golden rewritten with -update cannot quietly break a promise.
func TestTiers(t *testing.T) {
	s := demoSchema(t)
	min := s.RenderWith(schema.RenderOptions{Tier: schema.TierMinimal})
	std := s.RenderWith(schema.RenderOptions{Tier: schema.TierStandard})
	full := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull})

	for _, tc := range []struct {
		name, text  string
		has, hasNot []string
	}{
		{"minimal", min,
			[]string{"orders:\n", "  id integer PK\n", "  customer_id integer → customers.id\n", `  method text ["bank_transfer", "card", "gift_card", …]`},
			[]string{"--", "rows)", "aka", "Smith"}},
		{"standard", std,
			[]string{"orders -- One row per customer order. (aka purchases, sales):\n",
				"  total_amount real -- Order total in EUR incl. VAT (aka revenue, sales amount)\n",
				"  created_at datetime -- (aka signup date)\n"},
			[]string{"rows)"}},
		{"full", full,
			[]string{"orders (", " rows) -- One row per customer order. (aka purchases, sales):\n"},
			nil},
	} {
		for _, h := range tc.has {
			if !strings.Contains(tc.text, h) {
				t.Errorf("%s tier lacks %q:\n%s", tc.name, h, tc.text)
			}
		}
		for _, h := range tc.hasNot {
			if strings.Contains(tc.text, h) {
				t.Errorf("%s tier has %q:\n%s", tc.name, h, tc.text)
			}
		}
	}
	// Every tier lists every column of every table.
	for _, tb := range s.Tables {
		for _, c := range tb.Columns {
			line := "\n  " + c.Name + " " + string(c.Kind)
			for name, text := range map[string]string{"minimal": min, "standard": std, "full": full} {
				if !strings.Contains(text, line) {
					t.Errorf("%s tier lacks column %s.%s", name, tb.Name, c.Name)
				}
			}
		}
	}
	if full != s.Render() {
		t.Error("Render() differs from the full tier")
	}
	tm, ts, tf := schema.Tokens(min), schema.Tokens(std), schema.Tokens(full)
	if tm >= ts || ts >= tf {
		t.Errorf("tokens minimal %d, standard %d, full %d: each tier should cost more than the one below", tm, ts, tf)
	}
	t.Logf("demo schema tokens: minimal %d, standard %d, full %d (full/minimal %.2f)", tm, ts, tf, float64(tf)/float64(tm))
}

func TestRenderOptions(t *testing.T) {
	s := &schema.Schema{Tables: []schema.Table{{
		Name: "t", Ident: "t", RowCount: 7, View: true, Description: "d",
		Columns: []schema.Column{
			{Name: "a", Kind: schema.KindText, Samples: []string{"x", "y", "z", "w"}, SamplesComplete: true},
			{Name: "b", Kind: schema.KindText, Samples: []string{"p", "a value far longer than twenty-four characters", "q"}, SamplesComplete: true},
			{Name: "c", Kind: schema.KindText, Samples: []string{"m", "n"}}, // not complete: high cardinality
			{Name: "d", Kind: schema.KindInteger, Description: "a\n\tnumber"},
		},
	}}}
	tests := []struct {
		name string
		opt  schema.RenderOptions
		want string
	}{
		{"minimal", schema.RenderOptions{Tier: schema.TierMinimal},
			"t:\n  a text [\"x\", \"y\", \"z\", …]\n  b text [\"p\", \"q\", …]\n  c text\n  d integer\n"},
		{"minimal with descriptions", schema.RenderOptions{Tier: schema.TierMinimal, Descriptions: true, Samples: -1},
			"t -- d:\n  a text\n  b text\n  c text\n  d integer -- a number\n"},
		{"minimal with 1 sample", schema.RenderOptions{Tier: schema.TierMinimal, Samples: 1},
			"t:\n  a text [\"x\", …]\n  b text [\"p\", …]\n  c text\n  d integer\n"},
		{"full", schema.RenderOptions{Tier: schema.TierFull},
			"t (view, 7 rows) -- d:\n  a text [\"x\", \"y\", \"z\", \"w\"]\n  b text [\"p\", \"a value far longer than twenty-four characters\", \"q\"]\n  c text [\"m\", \"n\", …]\n  d integer -- a number\n"},
		{"unknown tier renders full", schema.RenderOptions{Tier: "huge", Samples: 2},
			"t (view, 7 rows) -- d:\n  a text [\"x\", \"y\", …]\n  b text [\"p\", \"a value far longer than twenty-four characters\", …]\n  c text [\"m\", \"n\", …]\n  d integer -- a number\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, s.RenderWith(tt.opt)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestTokenBudget: the budget cuts samples first, then descriptions, and
// never a column; the result fits whenever the bare structure does.
func TestTokenBudget(t *testing.T) {
	s := demoSchema(t)
	full := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull})
	bare := s.RenderWith(schema.RenderOptions{Tier: schema.TierMinimal, Samples: -1})
	noSamples := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Samples: -1})
	tFull, tBare, tNoSamples := schema.Tokens(full), schema.Tokens(bare), schema.Tokens(noSamples)

	if got := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: tFull}); got != full {
		t.Error("a budget the full rendering fits in changed it")
	}
	// Just under the full cost: samples go, descriptions stay.
	got := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: tFull - 1})
	if n := schema.Tokens(got); n > tFull-1 {
		t.Errorf("rendering costs %d tokens, over the budget of %d", n, tFull-1)
	}
	if !strings.Contains(got, "Order total in EUR") || !strings.Contains(got, "(aka purchases, sales)") {
		t.Errorf("descriptions were cut before samples:\n%s", got)
	}
	if strings.Contains(got, `"Smith"`) {
		t.Errorf("high-cardinality samples kept while over budget:\n%s", got)
	}
	// Room for the structure with descriptions but no samples.
	got = s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: tNoSamples})
	if got != noSamples {
		t.Errorf("budget %d: want the full tier without samples, got:\n%s", tNoSamples, got)
	}
	// A little less: column synonyms go first.
	got = s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: tNoSamples - 1})
	if strings.Contains(got, "aka revenue") || !strings.Contains(got, "Order total in EUR") {
		t.Errorf("budget %d: want column synonyms cut and descriptions kept:\n%s", tNoSamples-1, got)
	}
	// Room only for the table descriptions: the column ones go, the table
	// ones stay.
	tablesOnly := demoSchema(t)
	for i := range tablesOnly.Tables {
		for j := range tablesOnly.Tables[i].Columns {
			tablesOnly.Tables[i].Columns[j].Description = ""
			tablesOnly.Tables[i].Columns[j].Synonyms = nil
		}
	}
	want := tablesOnly.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Samples: -1})
	got = s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: schema.Tokens(want)})
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("budget %d: want only table descriptions kept (-want +got):\n%s", schema.Tokens(want), diff)
	}
	// Far too small: every column is still there.
	got = s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, TokenBudget: 10})
	for _, tb := range s.Tables {
		for _, c := range tb.Columns {
			if !strings.Contains(got, "\n  "+c.Name+" ") {
				t.Errorf("budget 10 dropped column %s.%s", tb.Name, c.Name)
			}
		}
	}
	if strings.Contains(got, "--") {
		t.Errorf("budget 10 kept a description:\n%s", got)
	}
	t.Logf("tokens: full %d, full without samples %d, bare structure %d", tFull, tNoSamples, tBare)
}

// TestTokens pins the estimate on typical schema text. The expected figures
// are the estimate's, with the real cl100k count in the comment: the method
// is documented on Tokens and only meant to be within about 15% on schema
// text.
func TestTokens(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"", 0},
		{"   ", 1},
		{"customer_id integer → customers.id", 7},                        // cl100k: 6
		{"  status text [\"cancelled\", \"delivered\", …]\n", 12},        // cl100k: 12
		{"total_amount real", 3},                                         // cl100k: 3
		{"(4000 rows)", 5},                                               // cl100k: 5
		{"2024-03-01", 6},                                                // cl100k: 6
		{"São Paulo", 4},                                                 // cl100k: 3
		{"orders -- One row per customer order. (aka purchases):\n", 12}, // cl100k: 12
	}
	for _, tt := range tests {
		if got := schema.Tokens(tt.text); got != tt.want {
			t.Errorf("Tokens(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
	// Concatenation never costs less than its larger part: budgets can rely
	// on adding text adding tokens.
	a, b := "orders:\n  id integer PK\n", "  status text [\"a\", \"b\"]\n"
	if ab := schema.Tokens(a + b); ab < schema.Tokens(a) || ab < schema.Tokens(b) {
		t.Errorf("Tokens(a+b) = %d < Tokens(a) = %d or Tokens(b) = %d", ab, schema.Tokens(a), schema.Tokens(b))
	}
}

// TestRenderBrief: tables named in Brief are shown in one line each, after
// the others and under BriefHeader, with their keys but no types, samples
// or descriptions; the rest render as without Brief, and a budget never
// cuts a one-line table.
func TestRenderBrief(t *testing.T) {
	s := &schema.Schema{Tables: []schema.Table{
		{Name: "customers", RowCount: 3, PrimaryKey: []string{"id"}, Description: "people who buy",
			Columns: []schema.Column{{Name: "id", Kind: schema.KindInteger}, {Name: "city", Kind: schema.KindText, Samples: []string{"Lyon"}, SamplesComplete: true}}},
		{Name: "order_items", RowCount: 9, PrimaryKey: []string{"order_id", "line"},
			Columns:     []schema.Column{{Name: "order_id", Kind: schema.KindInteger}, {Name: "line", Kind: schema.KindInteger}, {Name: "qty", Kind: schema.KindInteger, Description: "how many"}},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"order_id"}, RefTable: "orders", RefColumns: []string{"id"}}}},
		{Name: "orders", RowCount: 5, PrimaryKey: []string{"id"},
			Columns:     []schema.Column{{Name: "id", Kind: schema.KindInteger}, {Name: "customer_id", Kind: schema.KindInteger}},
			ForeignKeys: []schema.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
	}}
	got := s.RenderWith(schema.RenderOptions{Tier: schema.TierMinimal, Brief: []string{"ORDER_ITEMS", "customers", "nosuch"}})
	want := "orders:\n  id integer PK\n  customer_id integer → customers.id\n" +
		schema.BriefHeader +
		"customers(id PK, city)\n" +
		"order_items(order_id → orders.id, line PK, qty)\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Without Brief, or naming no table, nothing changes.
	for _, brief := range [][]string{nil, {"nosuch"}} {
		if got := s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Brief: brief}); got != s.Render() {
			t.Errorf("Brief %v changed the rendering:\n%s", brief, got)
		}
	}
	// A budget cuts the full tables' samples and descriptions, never a
	// one-line table, and a one-line table costs less than its full form.
	got = s.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Brief: []string{"orders"}, TokenBudget: 1})
	if !strings.HasSuffix(got, schema.BriefHeader+"orders(id PK, customer_id → customers.id)\n") || strings.Contains(got, "Lyon") || strings.Contains(got, "people who buy") || strings.Contains(got, "how many") {
		t.Errorf("budget 1:\n%s", got)
	}
	for _, tb := range s.Tables {
		var b strings.Builder
		tb.RenderBrief(&b)
		full := (&schema.Schema{Tables: []schema.Table{tb}}).Render()
		if schema.Tokens(b.String()) >= schema.Tokens(full) {
			t.Errorf("%s: one line %q costs %d tokens, its full form %d", tb.Name, b.String(), schema.Tokens(b.String()), schema.Tokens(full))
		}
	}
}

func TestRenderMarksInferredKeys(t *testing.T) {
	s := &schema.Schema{Tables: []schema.Table{
		{Name: "customers", Columns: []schema.Column{{Name: "id", Kind: schema.KindInteger}}, PrimaryKey: []string{"id"}, RowCount: -1},
		{Name: "orders", Columns: []schema.Column{{Name: "id", Kind: schema.KindInteger}, {Name: "cust_id", Kind: schema.KindInteger}}, RowCount: -1},
	}}
	s = s.WithInferredKeys([]schema.InferredKey{{Table: "orders", Key: schema.ForeignKey{Columns: []string{"cust_id"}, RefTable: "customers", RefColumns: []string{"id"}, Inferred: true, Confidence: 0.93}}})
	if got := s.Render(); !strings.Contains(got, "cust_id integer → customers.id (inferred, 93%)") {
		t.Errorf("inferred key not marked:\n%s", got)
	}
}
