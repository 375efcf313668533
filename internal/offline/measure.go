package offline

import (
	"fmt"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Business context: measures and synonyms from the user's metadata. A
// measure is linked like a name ("revenue", "net sales") and stands for its
// aggregate; its condition joins the plan's own.

// measureInfo is one [plan.Measure] checked against the schema.
type measureInfo struct {
	def plan.Measure
	// table is where the aggregate's first column lives: the rows the
	// measure is computed over, the question's subject.
	table *tableInfo
	// tables are every table the expression and condition refer to, the
	// subject first; each must be joined.
	tables []*tableInfo
	// broken says why the measure cannot be used ("orders.total names no
	// column"); planning a question that names it refuses with this.
	broken string
}

// addMeasures indexes the measures under their names and synonyms.
func (lx *lexicon) addMeasures(s *schema.Schema, ms []plan.Measure) {
	for i, m := range ms {
		info := &measureInfo{def: m}
		info.table, info.tables, info.broken = measureTables(lx, s, m)
		lx.measures = append(lx.measures, info)
		for _, name := range append([]string{m.Name}, m.Synonyms...) {
			words := canonicalWords(splitIdent(name))
			if len(words) == 0 {
				continue
			}
			key := strings.Join(stems(words), " ")
			lx.measureNames[key] = append(lx.measureNames[key], i)
			lx.maxSpan = max(lx.maxSpan, min(len(words), 6))
		}
	}
}

// measureTables resolves the tables a measure refers to, or says why it
// cannot be used.
func measureTables(lx *lexicon, s *schema.Schema, m plan.Measure) (*tableInfo, []*tableInfo, string) {
	name := fmt.Sprintf("measure %q", m.Name)
	if !m.Expr.IsAggregate() {
		return nil, nil, name + " is not an aggregate: its expr must use sum, count, avg, min or max"
	}
	var refs []string
	collect := func(e *plan.Expr) bool {
		if e.Col != "" {
			refs = append(refs, e.Col)
		}
		return e.Subquery == nil
	}
	m.Expr.Walk(collect)
	m.Where.WalkExprs(collect)
	var tables []*tableInfo
	for _, ref := range refs {
		t, why := lx.refTable(s, ref)
		if why != "" {
			return nil, nil, name + ": " + why
		}
		if !containsTable(tables, t) {
			tables = append(tables, t)
		}
	}
	if len(tables) == 0 {
		// count(*) over no named table: nothing says whose rows.
		return nil, nil, name + " names no column, so its table is unknown: write it as count of a table's column"
	}
	return tables[0], tables, ""
}

// refTable finds the table of a "table.column" reference in the schema's
// own spelling (a table name may itself hold a dot: "sales.orders").
func (lx *lexicon) refTable(s *schema.Schema, ref string) (*tableInfo, string) {
	dot := strings.LastIndex(ref, ".")
	if dot <= 0 {
		return nil, fmt.Sprintf("column %q must be written as table.column", ref)
	}
	tname, cname := ref[:dot], ref[dot+1:]
	for _, t := range lx.tables {
		if t.name != tname {
			continue
		}
		for _, c := range s.Tables[t.idx].Columns {
			if c.Name == cname {
				return t, ""
			}
		}
		return nil, fmt.Sprintf("%s has no column %q", tname, cname)
	}
	return nil, fmt.Sprintf("there is no table %q", tname)
}

func containsTable(ts []*tableInfo, t *tableInfo) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// addSynonyms indexes the synonyms the metadata gives a table or column
// (col < 0: the table) as names as strong as its own.
func (lx *lexicon) addSynonyms(syns []string, t, c int) {
	for _, s := range syns {
		words := canonicalWords(splitIdent(s))
		if len(words) == 0 {
			continue
		}
		lx.addPhrase(stems(words), nameRef{t, c, classExact})
	}
}

// measureMention reads a measure named in the question: it is the
// question's aggregate. An aggregate word before it that says the same
// ("total revenue", "sum of revenue") is read with it; any other ("average
// revenue") would aggregate an aggregate, which a measure does not define.
func (p *parser) measureMention() *refusal {
	for i, m := range p.ms {
		if m.kind != mMeasure {
			continue
		}
		info := p.lx.measures[m.measure]
		if info.broken != "" {
			return refuseUnresolved("The %s", info.broken)
		}
		if p.f.msr >= 0 || p.f.agg != "" {
			return refuseUnsupported("several measures or aggregates in one question (%q)", m.text)
		}
		if k := p.prev(i); p.is(k, kwSum, kwAvg, kwMax, kwMin, kwCount) && !p.used[k] {
			if p.ms[k].kw.kind != kwSum {
				return refuseUnsupported("%q of the measure %q, which is already an aggregate", p.ms[k].text, info.def.Name)
			}
			p.used[k] = true
		}
		p.f.agg, p.f.msr = "measure", m.measure
		p.used[i] = true
	}
	return nil
}

// measureJoins makes a measure the question's aggregate and joins every
// table its expression and condition use.
func (r *resolver) measureJoins() *refusal {
	if r.f.msr < 0 {
		return nil
	}
	info := r.lx.measures[r.f.msr]
	for _, t := range info.tables {
		if rf := r.reach(t); rf != nil {
			return rf
		}
	}
	r.q.agg, r.q.measure = "measure", info
	return nil
}

// measureExpr returns a deep copy of the measure's aggregate, so plans
// never share (and a caller's patch never changes) the definition.
func (m *measureInfo) measureExpr() plan.Expr {
	p := (&plan.Plan{Select: []plan.SelectItem{{Expr: m.def.Expr}}}).Clone()
	return p.Select[0].Expr
}

// measureWhere returns a deep copy of the measure's condition, or nil.
func (m *measureInfo) measureWhere() *plan.Cond {
	return (&plan.Plan{Where: m.def.Where}).Clone().Where
}
