package answer

import (
	"strings"
	"sync"

	"querent/internal/plan"
	"querent/internal/schema"
)

// MaxSuggestions is how many follow-ups Suggest returns at most.
const MaxSuggestions = 3

// Suggest returns up to three follow-up questions about the table the plan
// reads, built only from columns the schema has and phrased the way the
// offline planner reads them; see [SuggestWith].
func Suggest(question string, p *plan.Plan, s *schema.Schema, res Result) []string {
	return SuggestWith(question, p, s, res, nil)
}

// SuggestWith is [Suggest] with a filter: answerable (when not nil) keeps
// only the questions it accepts, so the agent can pass "the offline planner
// plans it" and never suggest what it cannot answer without an LLM.
//
// The candidates, in order: for a list, how many there are; a count per
// low-cardinality text column of the table (complete samples, 2 to 12
// values), or of a table it references ("How many orders per customer
// country?"), or per referenced table by its name; the top 5 by a numeric
// column; the average of a numeric column per such group; the count per
// month of a date column. A candidate that asks what the question asked
// (same count, grouping or ranking), groups by a column the question
// filters on, or repeats the question, is left out. Without a plan (raw
// SQL) or a schema there is nothing to build from, and the result is nil.
func SuggestWith(question string, p *plan.Plan, s *schema.Schema, res Result, answerable func(string) bool) []string {
	if p == nil || p.RawSQL != "" || s == nil || p.From.Table == "" {
		return nil
	}
	t, ok := s.Table(p.From.Table)
	if !ok {
		return nil
	}
	return pick(question, p, words(t.Name), tableCandidates(s, t), answerable)
}

// Suggester is [SuggestWith] over one schema, for callers that suggest
// follow-ups answer after answer: each table's candidates depend only on
// the schema, so they are built once per table instead of per answer. The
// schema must not change after NewSuggester; a Suggester is safe for
// concurrent use.
type Suggester struct {
	s       *schema.Schema
	mu      sync.Mutex
	byTable map[*schema.Table]tableSuggestions
}

// tableSuggestions are a table's noun ("order items") and candidates.
type tableSuggestions struct {
	noun  string
	cands []candidate
}

// NewSuggester returns a Suggester over s.
func NewSuggester(s *schema.Schema) *Suggester {
	return &Suggester{s: s, byTable: map[*schema.Table]tableSuggestions{}}
}

// Suggest is [SuggestWith] with the Suggester's schema.
func (sg *Suggester) Suggest(question string, p *plan.Plan, res Result, answerable func(string) bool) []string {
	if p == nil || p.RawSQL != "" || sg.s == nil || p.From.Table == "" {
		return nil
	}
	ts, ok := sg.table(p.From.Table)
	if !ok {
		return nil
	}
	return pick(question, p, ts.noun, ts.cands, answerable)
}

// table returns the suggestions of the table called name, building them
// on first use. The lock covers only this, not answerable, which may run a
// planner.
func (sg *Suggester) table(name string) (tableSuggestions, bool) {
	sg.mu.Lock()
	defer sg.mu.Unlock()
	t, ok := sg.s.Table(name)
	if !ok {
		return tableSuggestions{}, false
	}
	ts, ok := sg.byTable[t]
	if !ok {
		ts = tableSuggestions{noun: words(t.Name), cands: tableCandidates(sg.s, t)}
		sg.byTable[t] = ts
	}
	return ts, true
}

// tableCandidates are the follow-ups about table t that do not depend on
// the question: counts per low-cardinality column of the table, then of its
// parents, the top 5 by each measure, the average of each measure per such
// column, and the count per month of a date column.
func tableCandidates(s *schema.Schema, t *schema.Table) []candidate {
	noun := words(t.Name)
	var cands []candidate
	for _, c := range groupable(t) {
		cands = append(cands, newCandidate("How many "+noun+" per "+words(c.Name)+"?", shape{agg: "count", group: t.Name + "." + c.Name}))
	}
	for _, fk := range t.ForeignKeys {
		parent, ok := s.Table(fk.RefTable)
		if !ok || strings.EqualFold(parent.Name, t.Name) {
			continue
		}
		one := singular(words(parent.Name))
		for _, c := range groupable(parent) {
			if strings.EqualFold(c.Name, "name") {
				cands = append(cands, newCandidate("How many "+noun+" per "+one+"?", shape{agg: "count", group: parent.Name + "." + c.Name}))
				continue
			}
			cands = append(cands, newCandidate("How many "+noun+" per "+one+" "+words(c.Name)+"?", shape{agg: "count", group: parent.Name + "." + c.Name}))
		}
	}
	measures := measuresOf(t)
	for _, m := range measures {
		cands = append(cands, newCandidate("What are the top 5 "+noun+" by "+words(m.Name)+"?", shape{order: t.Name + "." + m.Name}))
	}
	for _, m := range measures {
		for _, c := range groupable(t) {
			cands = append(cands, newCandidate("What is the average "+words(m.Name)+" of "+noun+" per "+words(c.Name)+"?",
				shape{agg: "avg", measure: t.Name + "." + m.Name, group: t.Name + "." + c.Name}))
		}
	}
	for _, c := range t.Columns {
		if c.Kind.Temporal() {
			cands = append(cands, newCandidate("How many "+noun+" were there per month?", shape{agg: "count", group: "month:" + t.Name + "." + c.Name}))
			break
		}
	}
	return cands
}

// pick keeps up to MaxSuggestions of the table's candidates, in order, that
// are follow-ups of the plan (see SuggestWith), framed by the plain count:
// first for a list, last for a question that neither lists nor aggregates.
func pick(question string, p *plan.Plan, noun string, table []candidate, answerable func(string) bool) []string {
	cur := shapeOf(p)
	count := func() candidate { return newCandidate("How many "+noun+" are there?", shape{agg: "count"}) }
	var out []string
	seen := map[string]bool{normalize(question): true}
	consider := func(c candidate) bool {
		switch {
		case seen[c.key], c.shape.sameAs(cur), c.shape.group != "" && cur.filtered[strings.ToLower(c.shape.group)]:
			return false
		}
		seen[c.key] = true
		if answerable != nil && !answerable(c.text) {
			return false
		}
		out = append(out, c.text)
		return len(out) == MaxSuggestions
	}
	if cur.list && consider(count()) {
		return out
	}
	for _, c := range table {
		if consider(c) {
			return out
		}
	}
	if !cur.list && cur.agg == "" {
		consider(count())
	}
	return out
}

type candidate struct {
	text  string
	key   string // normalize(text)
	shape shape
}

func newCandidate(text string, sh shape) candidate {
	return candidate{text: text, key: normalize(text), shape: sh}
}

// shape is what a question computes, to tell a follow-up from a repeat.
type shape struct {
	agg      string // count, avg, …
	measure  string // the aggregated column, table.column
	group    string // the grouping column, table.column
	order    string // the ranking column
	list     bool
	filtered map[string]bool // columns with an equality filter
}

func (a shape) sameAs(b shape) bool {
	return a.agg == b.agg && strings.EqualFold(a.measure, b.measure) && strings.EqualFold(a.group, b.group) &&
		strings.EqualFold(a.order, b.order)
}

// shapeOf reads a plan's shape, resolving its column references to
// "table.column" through its sources.
func shapeOf(p *plan.Plan) shape {
	resolve := func(ref string) string {
		src, col, ok := strings.Cut(ref, ".")
		if !ok {
			return p.From.Table + "." + ref
		}
		if strings.EqualFold(src, p.From.Name()) {
			return p.From.Table + "." + col
		}
		for _, j := range p.Joins {
			if strings.EqualFold(src, j.Name()) && j.Table != "" {
				return j.Table + "." + col
			}
		}
		return ref
	}
	sh := shape{filtered: map[string]bool{}}
	aggs := false
	for _, it := range p.Select {
		if it.Expr.Agg != "" && sh.agg == "" {
			sh.agg = it.Expr.Agg
			if it.Expr.Arg != nil && it.Expr.Arg.Col != "" {
				sh.measure = resolve(it.Expr.Arg.Col)
			}
		}
		aggs = aggs || it.Expr.IsAggregate()
	}
	if len(p.GroupBy) > 0 {
		// The grouping shown: a non-key column when there is one (a
		// parent grouped by its key and its name is "per name").
		for _, g := range p.GroupBy {
			if g.Col != "" {
				ref := resolve(g.Col)
				sh.group = ref
				if !keyLike(columnOf(ref)) {
					break
				}
			}
		}
	}
	if len(p.OrderBy) > 0 && p.OrderBy[0].Expr.Col != "" && len(p.GroupBy) == 0 {
		sh.order = resolve(p.OrderBy[0].Expr.Col)
	}
	sh.list = !aggs && len(p.GroupBy) == 0 && sh.order == ""
	if p.Where != nil {
		var walk func(c *plan.Cond)
		walk = func(c *plan.Cond) {
			for i := range c.And {
				walk(&c.And[i])
			}
			if c.Left != nil && c.Left.Col != "" && (c.Op == "=" || c.Op == "in") {
				sh.filtered[strings.ToLower(resolve(c.Left.Col))] = true
			}
		}
		walk(p.Where)
	}
	if sh.agg == "count" && len(p.GroupBy) == 0 && p.Where != nil {
		// A filtered count is a different question from the plain count.
		sh.measure = "filtered"
	}
	return sh
}

// groupable lists a table's text columns whose every value is known and
// few: good for "per …" questions.
func groupable(t *schema.Table) []schema.Column {
	var out []schema.Column
	for _, c := range t.Columns {
		if c.Kind == schema.KindText && c.SamplesComplete && c.Distinct >= 2 && c.Distinct <= 12 && !keyLike(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// measuresOf lists a table's numeric columns that are not keys.
func measuresOf(t *schema.Table) []schema.Column {
	keys := map[string]bool{}
	for _, k := range t.PrimaryKey {
		keys[strings.ToLower(k)] = true
	}
	for _, fk := range t.ForeignKeys {
		for _, c := range fk.Columns {
			keys[strings.ToLower(c)] = true
		}
	}
	var out []schema.Column
	for _, c := range t.Columns {
		if c.Kind.Numeric() && !keys[strings.ToLower(c.Name)] && !keyLike(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// words spells an identifier as words: order_items → "order items".
func words(name string) string {
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return strings.Join(splitName(name), " ")
}

// singular makes the last word of a plural table name singular, for "per
// customer country".
func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"):
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "ss"):
		return s
	case strings.HasSuffix(s, "s"):
		return s[:len(s)-1]
	}
	return s
}

// normalize reduces a question to its lower-case words, for comparison.
func normalize(q string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}), " ")
}
