package retrieve_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"querent/internal/retrieve"
	"querent/internal/schema"
)

func col(name string, kind schema.Kind, samples ...string) schema.Column {
	return schema.Column{Name: name, Type: string(kind), Kind: kind, Samples: samples, SamplesComplete: len(samples) > 0, Distinct: -1}
}

func fk(col, ref, refCol string) schema.ForeignKey {
	return schema.ForeignKey{Columns: []string{col}, RefTable: ref, RefColumns: []string{refCol}}
}

// shop is a small schema with the traps retrieval must handle:
// abbreviations (qty, dob, amt, dept), a synonym (clients), values (Paris),
// and a junction table (order_items) between orders and products.
func shop() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		{Name: "customers", Synonyms: []string{"clients"}, RowCount: 100, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", schema.KindInteger), col("name", schema.KindText), col("email", schema.KindText),
			col("city", schema.KindText, "Paris", "Berlin", "Lisbon"),
		}},
		{Name: "orders", RowCount: 400, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", schema.KindInteger), col("customer_id", schema.KindInteger), col("order_date", schema.KindDate),
			col("status", schema.KindText, "shipped", "cancelled"),
		}, ForeignKeys: []schema.ForeignKey{fk("customer_id", "customers", "id")}},
		{Name: "order_items", RowCount: 900, Columns: []schema.Column{
			col("order_id", schema.KindInteger), col("product_id", schema.KindInteger), col("qty", schema.KindInteger),
		}, ForeignKeys: []schema.ForeignKey{fk("order_id", "orders", "id"), fk("product_id", "products", "id")}},
		{Name: "products", RowCount: 50, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", schema.KindInteger), col("name", schema.KindText), col("unit_price", schema.KindReal), col("qty_in_stock", schema.KindInteger),
		}},
		{Name: "employees", RowCount: 20, PrimaryKey: []string{"emp_id"}, Columns: []schema.Column{
			col("emp_id", schema.KindInteger), col("fname", schema.KindText), col("lname", schema.KindText), col("dob", schema.KindDate),
			col("dept_id", schema.KindInteger),
		}, ForeignKeys: []schema.ForeignKey{fk("dept_id", "departments", "dept_id")}},
		{Name: "departments", RowCount: 5, PrimaryKey: []string{"dept_id"}, Columns: []schema.Column{
			col("dept_id", schema.KindInteger), col("dept_name", schema.KindText, "Sales", "Support"),
		}},
		{Name: "suppliers", RowCount: 10, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", schema.KindInteger), col("name", schema.KindText), col("country", schema.KindText, "Portugal", "Japan"),
		}},
		{Name: "payments", RowCount: 380, PrimaryKey: []string{"id"}, Columns: []schema.Column{
			col("id", schema.KindInteger), col("order_id", schema.KindInteger), col("amt", schema.KindReal), col("paid_at", schema.KindDateTime),
		}, ForeignKeys: []schema.ForeignKey{fk("order_id", "orders", "id")}},
	}}
}

func retrieveOK(t *testing.T, x *retrieve.Index, question string, q retrieve.Query) *retrieve.Result {
	t.Helper()
	res, err := x.Retrieve(context.Background(), question, q)
	if err != nil {
		t.Fatalf("Retrieve(%q): %v", question, err)
	}
	return res
}

func find(res *retrieve.Result, name string) (retrieve.Scored, bool) {
	for _, s := range res.Tables {
		if s.Name == name {
			return s, true
		}
	}
	return retrieve.Scored{}, false
}

func TestStage1RanksTheNamedTableFirst(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 2})
	for _, tc := range []struct{ question, first string }{
		{"list every product with its unit price", "products"},
		{"how many suppliers are in Japan", "suppliers"},
		{"how many departments are there", "departments"},
		{"how many clients do we have", "customers"},                // table synonym
		{"total quantity of stock per product", "products"},         // qty_in_stock
		{"employees by date of birth", "employees"},                 // dob
		{"average payment amount", "payments"},                      // amt
		{"first name and last name of every employee", "employees"}, // fname, lname
		{"which orders were shipped last month", "orders"},          // stem: shipped
		{"who lives in Paris", "customers"},                         // value
		{"list the department names", "departments"},                // dept_name
	} {
		t.Run(tc.question, func(t *testing.T) {
			res := retrieveOK(t, x, tc.question, retrieve.Query{})
			if len(res.Tables) == 0 || res.Tables[0].Name != tc.first {
				t.Fatalf("tables %v, want %s first", res.Names(), tc.first)
			}
			if res.Tables[0].Stage != retrieve.StageRetrieve || res.Tables[0].Score <= 0 || len(res.Tables[0].Reasons) == 0 {
				t.Errorf("first table %+v: want stage retrieve with a score and reasons", res.Tables[0])
			}
		})
	}
}

func TestValueHitGivesReason(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 1})
	res := retrieveOK(t, x, "how many people live in Lisbon?", retrieve.Query{})
	first, ok := find(res, "customers")
	if !ok || res.Tables[0].Name != "customers" {
		t.Fatalf("tables %v, want customers first (Lisbon is one of its cities)", res.Names())
	}
	if !strings.Contains(strings.Join(first.Reasons, "; "), "value 'Lisbon' in customers.city") {
		t.Errorf("reasons %q, want the value hit named", first.Reasons)
	}
}

func TestHistoryKeepsPreviousTables(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 2})
	res := retrieveOK(t, x, "and their emails?", retrieve.Query{History: []string{"top customers by spending"}})
	if _, ok := find(res, "customers"); !ok {
		t.Fatalf("tables %v: a follow-up must keep the previous question's customers", res.Names())
	}
	// The caller may also name the tables the previous turn used.
	res = retrieveOK(t, x, "only those from last year", retrieve.Query{PreviousTables: []string{"payments", "nosuch"}})
	got, ok := find(res, "payments")
	if !ok || got.Stage != retrieve.StageHistory {
		t.Fatalf("tables %+v: want payments kept with stage history", res.Tables)
	}
	// History terms count, but less than the question's own.
	res = retrieveOK(t, x, "list the suppliers", retrieve.Query{History: []string{"show all departments"}})
	if res.Tables[0].Name != "suppliers" {
		t.Errorf("tables %v: the current question's table must rank first", res.Names())
	}
}

func TestFKExpansionAddsTheBridge(t *testing.T) {
	// writes joins authors and papers and matches no word of the question.
	s := &schema.Schema{Tables: []schema.Table{
		{Name: "authors", PrimaryKey: []string{"id"}, Columns: []schema.Column{col("id", schema.KindInteger), col("name", schema.KindText, "Smith", "Jones")}},
		{Name: "papers", PrimaryKey: []string{"id"}, Columns: []schema.Column{col("id", schema.KindInteger), col("title", schema.KindText), col("year", schema.KindInteger)}},
		{Name: "writes", Columns: []schema.Column{col("a", schema.KindInteger), col("p", schema.KindInteger)},
			ForeignKeys: []schema.ForeignKey{fk("a", "authors", "id"), fk("p", "papers", "id")}},
		{Name: "venues", PrimaryKey: []string{"id"}, Columns: []schema.Column{col("id", schema.KindInteger), col("name", schema.KindText), col("city", schema.KindText)}},
		{Name: "reviews", Columns: []schema.Column{col("paper", schema.KindInteger), col("score", schema.KindInteger)},
			ForeignKeys: []schema.ForeignKey{fk("paper", "papers", "id")}},
	}}
	x := retrieve.New(s, retrieve.Options{TopK: 2})
	res := retrieveOK(t, x, "titles of the papers by the author Smith", retrieve.Query{})
	want := []retrieve.Scored{
		{Name: "writes", Stage: retrieve.StageJoin, Reasons: []string{"joins authors and papers"}},
	}
	var got []retrieve.Scored
	for _, s := range res.Tables {
		if s.Stage == retrieve.StageJoin {
			got = append(got, s)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bridges of %v (-want +got):\n%s", res.Names(), diff)
	}
	if len(res.Tables) != 3 || len(res.Subset.Tables) != 3 || !strings.Contains(res.Subset.Render(), "writes") {
		t.Errorf("tables %v, subset %d tables: want authors, papers and the bridge rendered", res.Names(), len(res.Subset.Tables))
	}
}

// TestBudgetShowsInOneLineThenDrops: over the budget, the lowest kept
// tables are shown in one line before any is left out, the best one is
// always shown in full, and the result never costs more than the budget.
func TestBudgetShowsInOneLineThenDrops(t *testing.T) {
	// Described columns make a table's full rendering cost several times
	// its one-line form, as sample values do in real schemas.
	s := shop()
	for i := range s.Tables {
		for j := range s.Tables[i].Columns {
			s.Tables[i].Columns[j].Description = "what this column holds, in a sentence or two of business context"
		}
	}
	x := retrieve.New(s, retrieve.Options{TopK: 3})
	const q = "suppliers in Japan and departments and payments"
	free := retrieveOK(t, x, q, retrieve.Query{})
	if len(free.Tables) != 3 || len(free.Brief) != 0 {
		t.Fatalf("without budget: %v (one line: %v), want 3 tables in full", free.Names(), free.Brief)
	}
	first, second, third := free.Tables[0].Name, free.Tables[1].Name, free.Tables[2].Name

	// Room for two in full and the third in one line.
	twoAndOne := retrieve.Tokens(free.Subset.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Brief: []string{third}}))
	res := retrieveOK(t, x, q, retrieve.Query{TokenBudget: twoAndOne})
	if diff := cmp.Diff([]string{third}, res.Brief); diff != "" || len(res.Tables) != 3 {
		t.Errorf("budget %d: tables %v, one line %v, want %s in one line (-want +got):\n%s", twoAndOne, res.Names(), res.Brief, third, diff)
	}
	if res.Tokens != twoAndOne {
		t.Errorf("budget %d: tokens %d, want exactly two tables in full and one in one line", twoAndOne, res.Tokens)
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "shown in one line to fit the token budget of") {
		t.Errorf("notes %q, want the one-line tables explained", res.Notes)
	}

	// A little less: the second goes to one line too, so both still show.
	res = retrieveOK(t, x, q, retrieve.Query{TokenBudget: twoAndOne - 1})
	if res.Tokens > twoAndOne-1 || len(res.Tables) != 3 || res.Tables[0].Name != first || res.Tables[0].Brief {
		t.Errorf("budget %d: tables %+v, %d tokens: want %s in full, the other two in one line, within the budget", twoAndOne-1, res.Tables, res.Tokens, first)
	}

	// Room for the best alone: the others are left out, and the notes say so.
	alone := retrieve.Tokens(s.Subset([]string{first}).Render())
	res = retrieveOK(t, x, q, retrieve.Query{TokenBudget: alone})
	if res.Tokens > alone || len(res.Tables) != 1 || res.Tables[0].Name != first {
		t.Errorf("budget %d: tables %v, %d tokens, want %s alone", alone, res.Names(), res.Tokens, first)
	}
	if notes := strings.Join(res.Notes, "\n"); !strings.Contains(notes, "dropped to fit the token budget") || !strings.Contains(notes, second) {
		t.Errorf("notes %q, want the dropped tables named", res.Notes)
	}

	// A budget below the best table keeps it anyway and says so.
	res = retrieveOK(t, x, "suppliers in Japan", retrieve.Query{TokenBudget: 1})
	if len(res.Tables) != 1 || res.Tables[0].Name != "suppliers" || res.Tables[0].Brief || len(res.Notes) == 0 {
		t.Errorf("tiny budget: tables %+v notes %q, want suppliers kept in full with a note", res.Tables, res.Notes)
	}
	if res.FullTokens != retrieve.Tokens(s.Render()) || res.FullTokens <= res.Tokens {
		t.Errorf("full tokens %d, subset %d: want the full schema larger", res.FullTokens, res.Tokens)
	}
}

// TestBriefShowsTheNextTablesInOneLine: BriefK tables after the TopK best
// are shown in one line each, and Rendered, Brief and Tokens agree.
func TestBriefShowsTheNextTablesInOneLine(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 1, BriefK: 2})
	const q = "payment amounts and when they were paid"
	res := retrieveOK(t, x, q, retrieve.Query{})
	if len(res.Tables) < 3 || res.Tables[0].Name != "payments" || res.Tables[0].Brief {
		t.Fatalf("tables %+v: want payments in full first, then tables in one line", res.Tables)
	}
	var brief []string
	for _, tb := range res.Tables[1:] {
		if !tb.Brief {
			t.Errorf("table %s after the best one is shown in full with TopK 1", tb.Name)
		}
		brief = append(brief, tb.Name)
	}
	if diff := cmp.Diff(brief, res.Brief); diff != "" {
		t.Errorf("Brief disagrees with Tables (-tables +brief):\n%s", diff)
	}
	if want := res.Subset.RenderWith(schema.RenderOptions{Tier: schema.TierFull, Brief: res.Brief}); res.Rendered != want {
		t.Errorf("Rendered:\n%s\nwant:\n%s", res.Rendered, want)
	}
	if res.Tokens != retrieve.Tokens(res.Rendered) {
		t.Errorf("Tokens %d, want the cost of Rendered, %d", res.Tokens, retrieve.Tokens(res.Rendered))
	}
	if !strings.HasPrefix(res.Rendered, "payments (380 rows):\n") || !strings.Contains(res.Rendered, "\n"+schema.BriefHeader) {
		t.Errorf("rendered:\n%s\nwant payments in full, then the one-line tables", res.Rendered)
	}
	for _, name := range res.Brief {
		if !strings.Contains(res.Rendered, "\n"+name+"(") {
			t.Errorf("rendered:\n%s\nwant %s in one line", res.Rendered, name)
		}
	}
	// A query can turn them off.
	res = retrieveOK(t, x, q, retrieve.Query{BriefK: -1})
	if len(res.Tables) != 1 || len(res.Brief) != 0 || strings.Contains(res.Rendered, schema.BriefHeader) {
		t.Errorf("BriefK -1: tables %+v, want payments alone", res.Tables)
	}
}

// TestBudgetFillsWithOneLineTables: with a large BriefK, one-line tables
// are added while the budget allows, and never past it.
func TestBudgetFillsWithOneLineTables(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 1, BriefK: 100})
	full := x.FullTokens()
	prev := 0
	for _, budget := range []int{full / 4, full / 3, full / 2, full} {
		res := retrieveOK(t, x, "payment amounts and when they were paid", retrieve.Query{TokenBudget: budget})
		if res.Tokens > budget {
			t.Errorf("budget %d: %d tokens", budget, res.Tokens)
		}
		if len(res.Tables) < prev {
			t.Errorf("budget %d: %d tables, fewer than %d under a smaller budget", budget, len(res.Tables), prev)
		}
		prev = len(res.Tables)
	}
	if prev < 4 {
		t.Errorf("the whole schema's budget shows %d tables, want the best one and at least 3 in one line", prev)
	}
}

func TestSmallSchemaIsShownWhole(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{}) // TopK 8: the whole shop
	res := retrieveOK(t, x, "suppliers in Japan", retrieve.Query{})
	if len(res.Tables) != 8 || res.Tables[0].Name != "suppliers" {
		t.Fatalf("tables %v, want all 8 with suppliers first", res.Names())
	}
	if res.Tables[7].Stage != retrieve.StageWhole {
		t.Errorf("last table %+v, want stage whole", res.Tables[7])
	}
}

func TestEmptyQuestion(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{})
	if _, err := x.Retrieve(context.Background(), " ?! ", retrieve.Query{}); !errors.Is(err, retrieve.ErrEmptyQuestion) {
		t.Errorf("err = %v, want ErrEmptyQuestion", err)
	}
	res := retrieveOK(t, retrieve.New(shop(), retrieve.Options{TopK: 2}), "weather forecast", retrieve.Query{})
	if len(res.Tables) != 0 || len(res.Notes) == 0 {
		t.Errorf("unrelated question: tables %v notes %q, want none and a note", res.Names(), res.Notes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := x.Retrieve(ctx, "customers", retrieve.Query{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v, want context.Canceled", err)
	}
}

// hashEmbedder embeds texts as bags of hashed words: texts sharing words are
// close. It counts calls, so tests can see the cache work.
type hashEmbedder struct {
	calls atomic.Int32
	fail  bool
}

func (h *hashEmbedder) Name() string { return fmt.Sprintf("hash-%p", h) }

func (h *hashEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	h.calls.Add(1)
	if h.fail {
		return nil, errors.New("embedding server unreachable")
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 64)
		for _, w := range strings.Fields(strings.ToLower(t)) {
			f := fnv.New32a()
			f.Write([]byte(strings.Trim(w, "(),.?")))
			v[f.Sum32()%64]++
		}
		out[i] = v
	}
	return out, nil
}

func TestEmbeddingsJoinTheRanking(t *testing.T) {
	emb := &hashEmbedder{}
	x := retrieve.New(shop(), retrieve.Options{TopK: 2, Embedder: emb})
	res := retrieveOK(t, x, "unit price of products", retrieve.Query{})
	if res.Tables[0].Name != "products" {
		t.Fatalf("tables %v, want products first", res.Names())
	}
	if !strings.Contains(strings.Join(res.Tables[0].Reasons, ";"), "embeddings") {
		t.Errorf("reasons %q, want the embedding similarity named", res.Tables[0].Reasons)
	}
	retrieveOK(t, x, "suppliers", retrieve.Query{})
	// Documents once, then one call per question.
	if n := emb.calls.Load(); n != 3 {
		t.Errorf("%d embedding calls, want 3 (table documents once, two questions)", n)
	}
	// A second index over the same schema reuses the cached vectors.
	y := retrieve.New(shop(), retrieve.Options{TopK: 2, Embedder: emb})
	retrieveOK(t, y, "suppliers", retrieve.Query{})
	if n := emb.calls.Load(); n != 4 {
		t.Errorf("%d embedding calls after a second index, want 4 (cached documents)", n)
	}

	broken := retrieve.New(shop(), retrieve.Options{TopK: 2, Embedder: &hashEmbedder{fail: true}})
	res = retrieveOK(t, broken, "unit price of products", retrieve.Query{})
	if res.Tables[0].Name != "products" || !strings.Contains(strings.Join(res.Notes, ""), "embedding server unreachable") {
		t.Errorf("failing embedder: tables %v notes %q, want lexical results and a note", res.Names(), res.Notes)
	}
}

func TestConcurrentRetrieve(t *testing.T) {
	x := retrieve.New(shop(), retrieve.Options{TopK: 2, Embedder: &hashEmbedder{}})
	want := retrieveOK(t, x, "products and their suppliers", retrieve.Query{}).Names()
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := x.Retrieve(context.Background(), "products and their suppliers", retrieve.Query{})
			if err != nil {
				errs <- err.Error()
				return
			}
			if d := cmp.Diff(want, res.Names()); d != "" {
				errs <- d
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
