package retrieve_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"querent/internal/retrieve"
	"querent/internal/schema"
)

// synthSchema generates a plausible schema of n tables: subject areas
// (sales, hr, ...) of entities with attribute columns, sample values on
// some text columns, and foreign keys to earlier tables of the same area.
// It is deterministic for a given n.
func synthSchema(n int) *schema.Schema {
	r := rand.New(rand.NewPCG(uint64(n), 42))
	areas := []string{"sales", "hr", "inventory", "billing", "marketing", "support", "logistics", "finance",
		"crm", "payroll", "catalog", "shipping", "procurement", "legal", "fleet", "clinic", "school", "library",
		"hotel", "airline", "bank", "insurance", "retail", "energy", "telecom"}
	entities := []string{"customer", "order", "product", "invoice", "employee", "department", "supplier", "shipment",
		"payment", "campaign", "ticket", "agent", "warehouse", "vehicle", "driver", "contract", "claim", "policy",
		"account", "branch", "store", "patient", "doctor", "appointment", "student", "course", "teacher", "book",
		"loan", "member", "room", "booking", "flight", "passenger", "meter", "tariff", "device", "plan", "region", "vendor"}
	attrs := []string{"name", "title", "status", "created_at", "updated_at", "amount", "total", "price", "quantity",
		"email", "phone", "city", "country", "address", "description", "category", "rating", "score", "start_date",
		"end_date", "due_date", "balance", "discount", "tax_rate", "weight", "height", "color", "size", "priority",
		"channel", "source", "level", "grade", "capacity", "duration", "distance", "currency", "language", "notes", "code"}
	samples := map[string][]string{
		"status":   {"open", "closed", "pending", "cancelled"},
		"city":     {"Lisbon", "Osaka", "Nairobi", "Toronto", "Lyon"},
		"country":  {"Portugal", "Japan", "Kenya", "Canada", "France"},
		"channel":  {"web", "phone", "store"},
		"currency": {"EUR", "JPY", "USD"},
		"color":    {"red", "green", "blue"},
	}
	s := &schema.Schema{Engine: "sqlite"}
	byArea := map[string][]int{}
	for i := 0; i < n; i++ {
		area := areas[r.IntN(len(areas))]
		ent := entities[r.IntN(len(entities))]
		name := fmt.Sprintf("%s_%s", area, ent)
		if i >= len(areas)*len(entities)/4 {
			name = fmt.Sprintf("%s_%s_%d", area, ent, i)
		}
		t := schema.Table{Name: name, Ident: name, RowCount: int64(r.IntN(100000)), PrimaryKey: []string{"id"}}
		t.Columns = append(t.Columns, schema.Column{Name: "id", Type: "integer", Kind: schema.KindInteger})
		for _, a := range r.Perm(len(attrs))[:3+r.IntN(10)] {
			c := schema.Column{Name: attrs[a], Type: "text", Kind: schema.KindText, Distinct: -1}
			if v, ok := samples[attrs[a]]; ok {
				c.Samples, c.SamplesComplete = v, true
			}
			t.Columns = append(t.Columns, c)
		}
		for k, p := range byArea[area] {
			if k >= 2 || r.IntN(2) == 0 {
				continue
			}
			parent := s.Tables[p]
			col := strings.TrimPrefix(parent.Name, area+"_") + "_id"
			t.Columns = append(t.Columns, schema.Column{Name: col, Type: "integer", Kind: schema.KindInteger})
			t.ForeignKeys = append(t.ForeignKeys, schema.ForeignKey{Columns: []string{col}, RefTable: parent.Name, RefColumns: []string{"id"}})
		}
		byArea[area] = append([]int{i}, byArea[area]...)
		s.Tables = append(s.Tables, t)
	}
	return s
}

// synthQuestions asks about random tables of s, in words, and returns the
// tables asked about.
func synthQuestions(s *schema.Schema, n int) (qs, tables []string) {
	r := rand.New(rand.NewPCG(7, uint64(len(s.Tables))))
	qs, tables = make([]string, n), make([]string, n)
	for i := range qs {
		t := s.Tables[r.IntN(len(s.Tables))]
		tables[i] = t.Name
		parts := strings.Split(t.Name, "_")
		c := t.Columns[1+r.IntN(len(t.Columns)-1)]
		qs[i] = fmt.Sprintf("what is the %s of each %s in %s by country", strings.ReplaceAll(c.Name, "_", " "), parts[1], parts[0])
	}
	return qs, tables
}

func TestSynthSchemaRetrievesTheAskedTable(t *testing.T) {
	s := synthSchema(1000)
	x := retrieve.New(s, retrieve.Options{TopK: 8})
	qs, asked := synthQuestions(s, 200)
	hits := 0
	for i, q := range qs {
		want := asked[i]
		res, err := x.Retrieve(context.Background(), q, retrieve.Query{})
		if err != nil {
			t.Fatal(err)
		}
		// Synthetic names repeat (sales_customer_12, sales_customer_40), so
		// a hit is any table of the same area and entity.
		prefix := strings.Join(strings.Split(want, "_")[:2], "_")
		for _, name := range res.Names() {
			if strings.HasPrefix(name, prefix) {
				hits++
				break
			}
		}
	}
	if hits < len(qs)*9/10 {
		t.Errorf("%d of %d questions found a table of the area and entity they name, want 90%%", hits, len(qs))
	}
}

// BenchmarkRetrieveSynthetic measures one question (retrieval, expansion,
// rendering the subset: 8 tables in full, the next 24 in one line, within
// 4000 tokens) at each schema size, and reports the index's heap.
func BenchmarkRetrieveSynthetic(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			s := synthSchema(n)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			x := retrieve.New(s, retrieve.Options{TopK: 8, BriefK: retrieve.DefaultBriefK, TokenBudget: 4000})
			runtime.GC()
			runtime.ReadMemStats(&after)
			qs, _ := synthQuestions(s, 64)
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := x.Retrieve(ctx, qs[i%len(qs)], retrieve.Query{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc), "index-bytes")
			runtime.KeepAlive(x)
		})
	}
}

// BenchmarkIndexSynthetic measures building the index.
func BenchmarkIndexSynthetic(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			s := synthSchema(n)
			b.ReportAllocs()
			for b.Loop() {
				retrieve.New(s, retrieve.Options{})
			}
		})
	}
}
