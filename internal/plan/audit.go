package plan

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"querent/internal/schema"
)

// Audit checks p against the database schema s before compilation. It never
// changes p: it returns a corrected deep copy together with every finding, in
// the order the plan is read. Errors (see [Diagnostics.HasErrors]) mean the
// copy still cannot be compiled; warnings are informational, and those whose
// code starts with "fixed_" ([Diagnostic.IsFix]) record a deterministic
// correction Audit made to the copy (letter case, qualification, GROUP BY
// gaps, conditions in the wrong clause, tables referenced but never joined).
//
// Paths in the diagnostics point into p as given. Running Audit on its own
// output reports no further fixes. A raw-SQL plan is returned as is: the guard
// checks it. A nil schema is treated as an empty one.
func Audit(p *Plan, s *schema.Schema) (*Plan, Diagnostics) {
	if p == nil {
		return nil, Diagnostics{{Severity: SevError, Code: CodeMissingFrom, Summary: "there is no plan"}}
	}
	return NewAuditor(s).Audit(p)
}

// Auditor is [Audit] over one schema whose lookups (tables by name, sorted
// names, foreign-key edges) are built once, for callers that audit plan
// after plan against the same schema: the agent audits every question's
// plan, and rebuilding the lookups cost more than most audits. The schema
// must not change after NewAuditor; an Auditor is safe for concurrent use.
type Auditor struct {
	ix *schemaIndex
}

// NewAuditor returns an Auditor over s (nil: an empty schema).
func NewAuditor(s *schema.Schema) *Auditor {
	if s == nil {
		s = &schema.Schema{}
	}
	return &Auditor{ix: newSchemaIndex(s)}
}

// Audit is [Audit] against the Auditor's schema.
func (au *Auditor) Audit(p *Plan) (*Plan, Diagnostics) {
	if p == nil {
		return nil, Diagnostics{{Severity: SevError, Code: CodeMissingFrom, Summary: "there is no plan"}}
	}
	q := p.Clone()
	a := &auditor{schemaIndex: au.ix}
	a.plan(q, "", nil, nil)
	return q, a.diags
}

// auditor is one Audit call: the schema lookups it reads and the
// diagnostics it collects.
type auditor struct {
	*schemaIndex
	diags Diagnostics
}

// schemaIndex holds the schema lookups the audit reads, never written after
// newSchemaIndex. It keeps its own table index rather than calling
// [schema.Schema.Table], whose lazy index is not safe for concurrent use.
type schemaIndex struct {
	s        *schema.Schema
	byName   map[string]*schema.Table // lower-cased Name
	byIdent  map[string]*schema.Table // lower-cased Ident; nil when ambiguous
	names    []string                 // table names, sorted
	all      []schema.Edge            // every foreign key, declared first
	declared []schema.Edge
	// cols are each table's columns as sources offer them; shared by
	// every source over the table, which only ever read them.
	cols map[*schema.Table][]column
}

func newSchemaIndex(s *schema.Schema) *schemaIndex {
	a := &schemaIndex{
		s:       s,
		byName:  make(map[string]*schema.Table, len(s.Tables)),
		byIdent: make(map[string]*schema.Table, len(s.Tables)),
		names:   s.TableNames(),
		all:     s.Edges(),
		cols:    make(map[*schema.Table][]column, len(s.Tables)),
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		a.cols[t] = tableCols(t)
		if n := strings.ToLower(t.Name); a.byName[n] == nil {
			a.byName[n] = t
		}
		if t.Ident == "" {
			continue
		}
		id := strings.ToLower(t.Ident)
		if _, seen := a.byIdent[id]; seen {
			a.byIdent[id] = nil
		} else {
			a.byIdent[id] = t
		}
	}
	for _, e := range a.all {
		if !e.Inferred {
			a.declared = append(a.declared, e)
		}
	}
	return a
}

// columnsOf returns the columns a source over table t offers.
func (a *schemaIndex) columnsOf(t *schema.Table) []column {
	if cols, ok := a.cols[t]; ok {
		return cols
	}
	return tableCols(t)
}

// edgeBetween is [schema.Schema.EdgeBetween] over the edges already
// collected, which that method would collect and sort again on every call.
func (a *schemaIndex) edgeBetween(l, lcol, r, rcol string) bool {
	_, ok := a.edgeOf(l, lcol, r, rcol)
	return ok
}

// edgeOf returns the first foreign key (declared first) pairing l.lcol with
// r.rcol, either way round.
func (a *schemaIndex) edgeOf(l, lcol, r, rcol string) (schema.Edge, bool) {
	for _, e := range a.all {
		for i := range e.FromCols {
			if i >= len(e.ToCols) {
				break
			}
			if strings.EqualFold(e.From, l) && strings.EqualFold(e.FromCols[i], lcol) &&
				strings.EqualFold(e.To, r) && strings.EqualFold(e.ToCols[i], rcol) {
				return e, true
			}
			if strings.EqualFold(e.From, r) && strings.EqualFold(e.FromCols[i], rcol) &&
				strings.EqualFold(e.To, l) && strings.EqualFold(e.ToCols[i], lcol) {
				return e, true
			}
		}
	}
	return schema.Edge{}, false
}

// table finds a schema table the way [schema.Schema.Table] does: by name,
// case-insensitively, else by its unqualified Ident when that is unambiguous.
func (a *schemaIndex) table(name string) *schema.Table {
	if name == "" {
		return nil
	}
	if t := a.byName[strings.ToLower(name)]; t != nil {
		return t
	}
	return a.byIdent[strings.ToLower(name)]
}

func (a *auditor) report(sev Severity, code, path, summary, detail string, suggestions []string) {
	a.diags = append(a.diags, Diagnostic{
		Severity: sev, Code: code, Path: path, Summary: summary, Detail: detail,
		Suggestions: dedupe(suggestions), // nil when empty, so "no suggestions" has one form
	})
}

// fail records an error.
func (a *auditor) fail(code, path, summary, detail string, suggestions ...string) {
	a.report(SevError, code, path, summary, detail, suggestions)
}

// warn records a warning.
func (a *auditor) warn(code, path, summary, detail string, suggestions ...string) {
	a.report(SevWarning, code, path, summary, detail, suggestions)
}

// fixed records a change made to the plan.
func (a *auditor) fixed(code, path, summary string) {
	a.report(SevWarning, code, path, summary, "", nil)
}

// query is the audit's view of one Plan level: the plan, where it sits in the
// JSON, the sources its references see and the CTEs it may read.
type query struct {
	p    *Plan
	path string
	sc   *scope
	ctes map[string]*cteDef
	// skip holds lower-cased qualifiers whose references are not reported
	// one by one: tables already reported (orphans, the tables of a plan
	// without from) and tables that an incomplete scope cannot judge.
	skip map[string]bool
	// onKeys are the resolved column pairs of each join, to spot duplicates.
	onKeys [][]string
}

// at returns the path of a field of this query.
func (q *query) at(field string) string { return sub(q.path, field) }

// selectAlias returns the select item aliased name (exact spelling first,
// then case-insensitively), or nil.
func (q *query) selectAlias(name string) *SelectItem {
	for i := range q.p.Select {
		if q.p.Select[i].Alias == name {
			return &q.p.Select[i]
		}
	}
	for i := range q.p.Select {
		if a := q.p.Select[i].Alias; a != "" && strings.EqualFold(a, name) {
			return &q.p.Select[i]
		}
	}
	return nil
}

// aliases returns the select aliases in order.
func (q *query) aliases() []string {
	var out []string
	for _, it := range q.p.Select {
		if it.Alias != "" {
			out = append(out, it.Alias)
		}
	}
	return out
}

// plan audits one Plan level, and the levels nested in it, in place: outer
// is the scope of the enclosing query (for correlated subqueries) and ctes
// the CTEs visible from outside. It returns the plan's output columns.
func (a *auditor) plan(p *Plan, path string, outer *scope, ctes map[string]*cteDef) outputs {
	if p.RawSQL != "" {
		return outputs{} // the guard checks raw SQL; its columns are unknown here
	}
	a.limits(p, path)
	own, env := a.ctes(p, path, outer, ctes)
	q := &query{p: p, path: path, ctes: env, skip: map[string]bool{}}
	q.sc = a.sources(q, outer)
	a.orphans(q)
	a.joins(q)
	a.clauses(q)
	a.grouping(q)
	a.joinUse(q)
	out := a.outputs(q)
	a.setOp(q, outer, out)
	a.cteUse(p, path, own)
	return out
}

// limits removes row counts that cannot be meant: a limit of zero returns
// nothing, which models write when they mean "no limit".
func (a *auditor) limits(p *Plan, path string) {
	if p.Limit != nil && *p.Limit <= 0 {
		a.fixed(CodeFixedLimit, sub(path, "limit"), fmt.Sprintf("removed limit %d: it would return no rows", *p.Limit))
		p.Limit = nil
	}
	if p.Offset != nil && *p.Offset < 0 {
		a.fixed(CodeFixedLimit, sub(path, "offset"), fmt.Sprintf("removed offset %d: an offset cannot be negative", *p.Offset))
		p.Offset = nil
	}
}

// clauses audits every expression of the query, select first so that
// where and group_by can borrow the (already corrected) aliased expressions.
func (a *auditor) clauses(q *query) {
	p := q.p
	for i := range p.Select {
		path := idx(q.path, "select", i) + ".expr"
		if e := &p.Select[i].Expr; isStar(e) {
			a.star(e, path, q)
		} else {
			a.expr(e, path, exprCtx{q: q, clause: inSelect})
		}
	}
	if p.Where != nil {
		a.cond(p.Where, q.at("where"), exprCtx{q: q, clause: inWhere})
	}
	for i := range p.GroupBy {
		a.expr(&p.GroupBy[i], idx(q.path, "group_by", i), exprCtx{q: q, clause: inGroupBy})
	}
	if p.Having != nil {
		a.cond(p.Having, q.at("having"), exprCtx{q: q, clause: inHaving})
	}
	for i := range p.OrderBy {
		it := &p.OrderBy[i]
		path := idx(q.path, "order_by", i)
		a.expr(&it.Expr, path+".expr", exprCtx{q: q, clause: inOrderBy})
		a.nulls(it, path)
	}
}

// nulls checks an order item's nulls placement.
func (a *auditor) nulls(it *OrderItem, path string) {
	if it.Nulls == "" {
		return
	}
	n, ok := canonical(it.Nulls, []string{"first", "last"})
	switch {
	case !ok:
		a.fail(CodeMalformedOrder, path+".nulls", fmt.Sprintf("nulls is %q; it must be \"first\" or \"last\"", it.Nulls), "", "first", "last")
	case n != it.Nulls:
		a.fixed(CodeFixedCase, path+".nulls", fmt.Sprintf("nulls %q rewritten as %q", it.Nulls, n))
		it.Nulls = n
	}
}

// setOp audits the right-hand plan of a set operation, which sees the same
// CTEs and enclosing scope as the left one but none of its sources.
func (a *auditor) setOp(q *query, outer *scope, left outputs) {
	so := q.p.SetOp
	if so == nil {
		return
	}
	path := q.at("set_op")
	if op, ok := canonical(so.Op, SetOps); !ok {
		a.fail(CodeMalformedSetOp, path+".op", fmt.Sprintf("unknown set operation %q", so.Op), "use one of "+strings.Join(SetOps, ", "), schema.Nearest(so.Op, SetOps, 2)...)
	} else if op != so.Op {
		a.fixed(CodeFixedCase, path+".op", fmt.Sprintf("set operation %q rewritten as %q", so.Op, op))
		so.Op = op
	}
	if so.Right == nil {
		a.fail(CodeMalformedSetOp, path+".right", "set_op has no right plan to combine with", "")
		return
	}
	right := a.plan(so.Right, path+".right", outer, q.ctes)
	if left.known && right.known && len(left.cols) != len(right.cols) {
		a.fail(CodeSetOpArity, path+".right.select",
			fmt.Sprintf("the left query selects %d columns but the right one selects %d", len(left.cols), len(right.cols)),
			"both sides of "+so.Op+" must select the same number of columns, in matching order")
	}
}

// cteDef is a CTE as sources see it.
type cteDef struct {
	name string
	out  outputs
	used bool
}

// ctes audits the plan's with list. Each body sees the CTEs defined before
// it (there is no recursion) and the scope around the plan, never the
// plan's own sources. It returns the plan's own definitions and every CTE
// visible inside the plan.
func (a *auditor) ctes(p *Plan, path string, outer *scope, inherited map[string]*cteDef) ([]*cteDef, map[string]*cteDef) {
	if len(p.With) == 0 {
		return nil, inherited
	}
	env := make(map[string]*cteDef, len(inherited)+len(p.With))
	for k, v := range inherited {
		env[k] = v
	}
	own := make([]*cteDef, len(p.With))
	for i := range p.With {
		c := &p.With[i]
		cpath := idx(path, "with", i)
		var out outputs
		if c.Plan == nil {
			a.fail(CodeMalformedCTE, cpath+".plan", fmt.Sprintf("CTE %q has no plan", c.Name), "")
		} else {
			out = a.plan(c.Plan, cpath+".plan", outer, env)
		}
		key := strings.ToLower(c.Name)
		switch {
		case c.Name == "":
			a.fail(CodeMalformedCTE, cpath+".name", "the CTE has no name", "sources refer to a CTE by its name")
		case definedIn(own[:i], key):
			a.fail(CodeMalformedCTE, cpath+".name", fmt.Sprintf("CTE %q is defined twice", c.Name), "give each CTE its own name")
		default:
			own[i] = &cteDef{name: c.Name, out: out}
			env[key] = own[i]
		}
	}
	return own, env
}

func definedIn(defs []*cteDef, key string) bool {
	for _, d := range defs {
		if d != nil && strings.ToLower(d.name) == key {
			return true
		}
	}
	return false
}

// cteUse warns about CTEs the plan defines but never reads.
func (a *auditor) cteUse(p *Plan, path string, own []*cteDef) {
	for i, d := range own {
		if d != nil && !d.used {
			a.warn(CodeUnusedCTE, idx(path, "with", i), fmt.Sprintf("CTE %s is defined but never used as a source", d.name), "", "remove it, or read it with {\"cte\": \""+d.name+"\"} in from or joins")
		}
	}
}

// sub returns the path of field under path.
func sub(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

// idx returns the path of element i of the list field under path.
func idx(path, field string, i int) string {
	return sub(path, field+"["+strconv.Itoa(i)+"]")
}

// canonical returns the entry of names equal to name ignoring case.
func canonical(name string, names []string) (string, bool) {
	for _, n := range names {
		if n == name {
			return n, true
		}
	}
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return n, true
		}
	}
	return "", false
}

// dedupe drops repeated suggestions, keeping the first of each.
func dedupe(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	seen := make(map[string]bool, len(ss))
	out := ss[:0:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// exprString renders e as compact JSON, the way the model wrote it.
func exprString(e *Expr) string {
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Sprintf("%+v", *e)
	}
	return string(b)
}

// cloneExpr deep-copies e, for expressions moved or duplicated by a fix.
func cloneExpr(e Expr) Expr {
	b, err := json.Marshal(e)
	if err != nil {
		panic(fmt.Sprintf("plan: clone expression: %v", err)) // an Expr always marshals
	}
	var out Expr
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("plan: clone expression: %v", err))
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
