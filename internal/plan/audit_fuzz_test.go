package plan_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"querent/internal/plan"
	"querent/internal/schema"
)

// FuzzAudit feeds arbitrary plans to Audit: it must never panic, never
// change its input, and leave nothing for a second pass to fix.
func FuzzAudit(f *testing.F) {
	for _, tc := range auditCases {
		f.Add([]byte(tc.plan))
	}
	if data, err := os.ReadFile("testdata/full_reply.json"); err == nil {
		var r struct{ Plan json.RawMessage }
		if json.Unmarshal(data, &r) == nil {
			f.Add([]byte(r.Plan))
		}
	}
	s := testSchema()
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := plan.Decode(data)
		if err != nil {
			return
		}
		checkAuditStable(t, p, s)
	})
}

// FuzzAuditGenerated searches the generator's seed space: run with -fuzz
// for a longer hunt than TestAuditStableOnGeneratedPlans makes.
func FuzzAuditGenerated(f *testing.F) {
	f.Add(uint64(1), uint64(7))
	// Found a bare name read as an outer column by one check and as a select
	// alias by another, so a condition moved that should have stayed.
	f.Add(uint64(175), uint64(93))
	s := testSchema()
	f.Fuzz(func(t *testing.T, seed, stream uint64) {
		g := &planGen{r: rand.New(rand.NewPCG(seed, stream)), s: s}
		data, err := json.Marshal(g.plan(2))
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Decode(data)
		if err != nil {
			t.Fatalf("generated plan does not decode: %v\n%s", err, data)
		}
		checkAuditStable(t, p, s)
	})
}

// TestAuditStableOnGeneratedPlans runs the fuzz property over plans built
// from realistic mistakes, which byte-level fuzzing rarely reaches: letter
// case, bare and table-name references, aliases used as columns, orphan
// tables, aggregates in where, plain conditions in having, CTEs, subqueries
// and set operations.
func TestAuditStableOnGeneratedPlans(t *testing.T) {
	s := testSchema()
	n := 3000
	if testing.Short() {
		n = 300
	}
	fixes := 0
	for seed := range uint64(n) {
		g := &planGen{r: rand.New(rand.NewPCG(seed, 7)), s: s}
		data, err := json.Marshal(g.plan(2))
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.Decode(data)
		if err != nil {
			t.Fatalf("seed %d: generated plan does not decode: %v\n%s", seed, err, data)
		}
		fixes += checkAuditStable(t, p, s)
		if t.Failed() {
			t.Fatalf("seed %d: %s", seed, data)
		}
	}
	// The generator must exercise the fixes, or the property proves nothing.
	if fixes < n/2 {
		t.Errorf("only %d fixes over %d generated plans", fixes, n)
	}
}

// checkAuditStable asserts the audit's contract on one plan and returns how
// many fixes the first pass made.
func checkAuditStable(t *testing.T, p *plan.Plan, s *schema.Schema) int {
	t.Helper()
	before, err := json.Marshal(p)
	if err != nil {
		t.Skip("plan does not marshal") // Decode never builds one, but be safe
	}
	fixed, ds1 := plan.Audit(p, s)
	if after, _ := json.Marshal(p); string(after) != string(before) {
		t.Fatalf("Audit changed its input:\n%s\n%s", before, after)
	}
	again, ds2 := plan.Audit(fixed, s)
	for _, d := range ds2 {
		if d.IsFix() {
			t.Fatalf("second pass fixed more: %s\ninput: %s\nfirst output: %s", d, before, fixed)
		}
	}
	a, _ := json.Marshal(fixed)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Fatalf("second pass changed the plan:\n%s\n%s", a, b)
	}
	n := 0
	for _, d := range ds1 {
		if d.IsFix() {
			n++
		}
	}
	return n
}

// planGen builds random plans over the test schema as JSON-shaped maps.
type planGen struct {
	r       *rand.Rand
	s       *schema.Schema
	sources []genSource // sources of the plan being built
	aliases []string
}

type genSource struct {
	name  string
	table *schema.Table
}

func (g *planGen) pick(n int) int        { return g.r.IntN(n) }
func (g *planGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *planGen) table() *schema.Table { return &g.s.Tables[g.pick(len(g.s.Tables))] }

// mangle sometimes changes the letter case of a name.
func (g *planGen) mangle(name string) string {
	switch g.pick(6) {
	case 0:
		return strings.ToUpper(name)
	case 1:
		return strings.ToUpper(name[:1]) + name[1:]
	}
	return name
}

func (g *planGen) plan(depth int) map[string]any {
	saved, savedAliases := g.sources, g.aliases
	defer func() { g.sources, g.aliases = saved, savedAliases }()
	g.sources, g.aliases = nil, nil
	p := map[string]any{}
	if depth > 0 && g.chance(0.15) {
		p["with"] = []any{map[string]any{"name": "cte1", "plan": g.plan(depth - 1)}}
	}
	p["from"] = g.source(true)
	if n := g.pick(3); n > 0 {
		var joins []any
		for range n {
			joins = append(joins, g.join())
		}
		p["joins"] = joins
	}
	var sel []any
	for i := range 1 + g.pick(4) {
		item := map[string]any{"expr": g.expr(depth, true)}
		if g.chance(0.4) {
			a := fmt.Sprintf("a%d", i)
			item["alias"] = a
			g.aliases = append(g.aliases, a)
		}
		sel = append(sel, item)
	}
	p["select"] = sel
	if g.chance(0.6) {
		p["where"] = g.cond(depth)
	}
	if g.chance(0.4) {
		var gb []any
		for range 1 + g.pick(2) {
			gb = append(gb, g.expr(0, false))
		}
		p["group_by"] = gb
	}
	if g.chance(0.3) {
		p["having"] = g.cond(depth)
	}
	if g.chance(0.4) {
		p["order_by"] = []any{map[string]any{"expr": g.expr(0, true), "desc": g.chance(0.5)}}
	}
	if g.chance(0.3) {
		p["limit"] = g.pick(3) - 1
	}
	if depth > 0 && g.chance(0.1) {
		p["set_op"] = map[string]any{"op": "union", "right": g.plan(depth - 1)}
	}
	return p
}

func (g *planGen) source(from bool) map[string]any {
	t := g.table()
	src := map[string]any{"table": g.mangle(t.Name)}
	name := t.Name
	switch {
	case g.chance(0.1):
		src = map[string]any{"cte": "cte1"}
		name, t = "cte1", nil
	case g.chance(0.5):
		name = fmt.Sprintf("t%d", len(g.sources))
		src["alias"] = name
	}
	g.sources = append(g.sources, genSource{name, t})
	return src
}

func (g *planGen) join() map[string]any {
	j := g.source(false)
	added := g.sources[len(g.sources)-1]
	if g.chance(0.1) {
		j["type"] = []string{"left", "cross", "LEFT", "outer"}[g.pick(4)]
	}
	if g.chance(0.9) {
		left := g.sources[g.pick(len(g.sources)-1)]
		on := map[string]any{"left": g.colOf(left), "right": g.colOf(added)}
		if added.table != nil && left.table != nil {
			for _, fk := range added.table.ForeignKeys {
				if strings.EqualFold(fk.RefTable, left.table.Name) && g.chance(0.8) {
					on = map[string]any{"left": left.name + "." + fk.RefColumns[0], "right": added.name + "." + fk.Columns[0]}
				}
			}
		}
		j["on"] = []any{on}
	}
	return j
}

// colOf names a column of src, sometimes by table name or bare.
func (g *planGen) colOf(src genSource) string {
	if src.table == nil {
		return src.name + "." + []string{"customer_id", "a0", "a1", "id"}[g.pick(4)]
	}
	c := src.table.Columns[g.pick(len(src.table.Columns))].Name
	switch g.pick(8) {
	case 0:
		return g.mangle(c)
	case 1:
		return g.mangle(src.table.Name) + "." + c
	}
	return src.name + "." + g.mangle(c)
}

// col references a column: of a source, of another table (an orphan), or
// a select alias written as a column.
func (g *planGen) col() map[string]any {
	switch {
	case g.chance(0.1):
		t := g.table()
		return map[string]any{"col": t.Name + "." + t.Columns[g.pick(len(t.Columns))].Name}
	case len(g.aliases) > 0 && g.chance(0.15):
		return map[string]any{"col": g.aliases[g.pick(len(g.aliases))]}
	case len(g.sources) > 0:
		return map[string]any{"col": g.colOf(g.sources[g.pick(len(g.sources))])}
	}
	return map[string]any{"col": "id"}
}

func (g *planGen) expr(depth int, aggOK bool) any {
	switch g.pick(12) {
	case 0, 1, 2, 3:
		return g.col()
	case 4:
		if aggOK {
			return map[string]any{"agg": []string{"sum", "count", "max", "COUNT"}[g.pick(4)], "arg": g.col()}
		}
	case 5:
		if aggOK {
			return map[string]any{"agg": "count", "arg": []any{nil, map[string]any{"col": "*"}}[g.pick(2)]}
		}
	case 6:
		return map[string]any{"bucket": "month", "arg": g.col()}
	case 7:
		if len(g.sources) > 0 && g.sources[0].table != nil {
			return g.colOf(g.sources[0]) // a string literal spelling a column
		}
	case 8:
		if len(g.aliases) > 0 {
			return map[string]any{"ref": g.aliases[g.pick(len(g.aliases))]}
		}
	case 9:
		if depth > 0 && g.chance(0.5) {
			sub := g.plan(depth - 1)
			return map[string]any{"subquery": sub}
		}
	case 10:
		return map[string]any{"func": "lower", "args": []any{g.col()}}
	}
	return map[string]any{"value": []any{"DE", 3, 2.5, true, nil}[g.pick(5)]}
}

func (g *planGen) cond(depth int) map[string]any {
	pred := func() map[string]any {
		switch g.pick(6) {
		case 0:
			return map[string]any{"op": "in", "left": g.col(), "values": []any{"a", "b"}}
		case 1:
			if depth > 0 {
				return map[string]any{"op": "exists", "subquery": g.plan(depth - 1)}
			}
		case 2:
			return map[string]any{"op": "is_null", "left": g.col()}
		}
		return map[string]any{"op": []string{"=", ">", "<=", "LIKE"}[g.pick(4)], "left": g.expr(0, true), "right": g.expr(0, false)}
	}
	if g.chance(0.5) {
		var parts []any
		for range 1 + g.pick(3) {
			parts = append(parts, pred())
		}
		return map[string]any{"and": parts}
	}
	return pred()
}
