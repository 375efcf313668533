package sqlgen

import (
	"sort"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// column is one column a source offers, or one output column of a query.
type column struct {
	name string // the real name, as emitted; "" for an unnamed output
	kind schema.Kind
	// src and base identify the source column an output column passes
	// through unchanged (a plain column item or a star), so ORDER BY on a
	// wrapped query can find it; nil for computed columns.
	src  *source
	base string
}

// source is a table, CTE or derived table in one query's FROM clause.
type source struct {
	// names are how the plan may address the source, the plan's own name
	// first: its alias, or its table or CTE name (plus the schema name and
	// bare ident of an unaliased table).
	names []string
	qual  string // the SQL qualifier, unquoted and unique along the scope chain
	cols  []column
	// known is false when the source did not resolve; its columns are then
	// unknown and references to it are not reported again.
	known bool
}

// scope is the sources of one query level; parent is the enclosing query,
// visible to correlated subqueries.
type scope struct {
	parent  *scope
	sources []*source
}

// cteEnv is the chain of CTEs visible at a point, innermost first.
type cteEnv struct {
	parent  *cteEnv
	name    string // as the plan names it
	sqlName string // as hoisted into the WITH clause
	cols    []column
}

func (e *cteEnv) find(name string) *cteEnv {
	for ; e != nil; e = e.parent {
		if strings.EqualFold(e.name, name) {
			return e
		}
	}
	return nil
}

func (e *cteEnv) names() []string {
	var out []string
	for ; e != nil; e = e.parent {
		out = append(out, e.name)
	}
	return out
}

// qualifier picks the SQL qualifier for a new source: preferred, suffixed
// when any source along the scope chain already uses it (case-insensitively,
// as engines compare them), so that a reference the compiler qualifies for
// an outer source can never be captured by an inner one.
func qualifier(sc *scope, preferred string) string {
	taken := func(q string) bool {
		for s := sc; s != nil; s = s.parent {
			for _, src := range s.sources {
				if strings.EqualFold(src.qual, q) {
					return true
				}
			}
		}
		return false
	}
	q := preferred
	for n := 2; taken(q); n++ {
		q = preferred + "_" + itoa(int64(n))
	}
	return q
}

// addSource resolves a FROM or JOIN source, adds it to sc and returns its SQL.
func (c *compiler) addSource(s *plan.Source, path string, sc *scope, ctes *cteEnv) string {
	n := 0
	for _, set := range []bool{s.Table != "", s.CTE != "", s.Subquery != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		c.report(path, CodeMalformed, nil, "a source needs exactly one of table, cte or subquery")
		c.push(sc, path, &source{names: []string{s.Name()}, qual: qualifier(sc, "_"), known: false})
		return "NULL"
	}
	if s.Alias != "" {
		c.checkName(s.Alias, field(path, "alias"))
	}
	src := &source{names: []string{s.Name()}, known: true}
	var sql string
	switch {
	case s.Table != "":
		t, ok := c.s.Table(s.Table)
		if !ok {
			c.report(field(path, "table"), CodeUnknownTable, schema.Nearest(s.Table, c.s.TableNames(), 3),
				"there is no table %q", s.Table)
			src.known = false
			src.qual = qualifier(sc, s.Name())
			c.push(sc, path, src)
			return "NULL"
		}
		c.tables[t.Name] = true
		ident := tableIdent(t)
		if s.Alias == "" {
			src.names = append(src.names, t.Name, ident)
			src.qual = qualifier(sc, ident)
		} else {
			src.qual = qualifier(sc, s.Alias)
		}
		src.cols = make([]column, 0, len(t.Columns))
		for _, col := range t.Columns {
			src.cols = append(src.cols, column{name: col.Name, kind: col.Kind, src: src, base: col.Name})
		}
		ref := c.tableRef(t)
		switch tc := c.tenantColumn(t); {
		case tc != "":
			sql = "(SELECT * FROM " + ref + " WHERE " + ref + "." + c.q(tc) + " = " + c.tenantParam() + ") AS " + c.q(src.qual)
		case src.qual == ident && t.Namespace == "":
			sql = ref
		default:
			sql = ref + " AS " + c.q(src.qual)
		}
	case s.CTE != "":
		def := ctes.find(s.CTE)
		if def == nil {
			c.report(field(path, "cte"), CodeUnknownTable, schema.Nearest(s.CTE, ctes.names(), 3),
				"there is no CTE %q in scope", s.CTE)
			src.known = false
			src.qual = qualifier(sc, s.Name())
			c.push(sc, path, src)
			return "NULL"
		}
		src.qual = qualifier(sc, s.Name())
		src.known = def.cols != nil
		src.cols = rebase(def.cols, src)
		sql = c.q(def.sqlName)
		if src.qual != def.sqlName {
			sql += " AS " + c.q(src.qual)
		}
	default:
		if s.Alias == "" {
			c.report(path, CodeMalformed, nil, "a subquery source needs an alias")
		}
		// A derived table sees the enclosing queries, not its siblings.
		body, out := c.query(s.Subquery, field(path, "subquery"), sc.parent, ctes, mode{nested: true, derived: true})
		src.qual = qualifier(sc, s.Name())
		src.known = out != nil
		src.cols = rebase(out, src)
		sql = "(" + body + ") AS " + c.q(src.qual)
	}
	c.push(sc, path, src)
	return sql
}

// push adds src to sc, reporting a plan name already used at this level.
func (c *compiler) push(sc *scope, path string, src *source) {
	for _, o := range sc.sources {
		if strings.EqualFold(o.names[0], src.names[0]) {
			c.report(path, CodeDuplicateName, nil, "source %q appears twice in one query; give one an alias", src.names[0])
			break
		}
	}
	sc.sources = append(sc.sources, src)
}

// rebase returns the output columns of a CTE or subquery as columns of the
// source src that reads them.
func rebase(cols []column, src *source) []column {
	if cols == nil {
		return nil
	}
	out := make([]column, len(cols))
	for i, col := range cols {
		out[i] = column{name: col.name, kind: col.kind, src: src, base: col.name}
	}
	return out
}

func tableIdent(t *schema.Table) string {
	if t.Ident != "" {
		return t.Ident
	}
	return t.Name
}

// tableRef is the table's engine name, namespace and ident quoted separately.
func (c *compiler) tableRef(t *schema.Table) string {
	if t.Namespace != "" {
		return c.q(t.Namespace) + "." + c.q(tableIdent(t))
	}
	return c.q(tableIdent(t))
}

// tenantColumn is the real name of t's tenant column, "" when t has none or
// no tenant is set.
func (c *compiler) tenantColumn(t *schema.Table) string {
	if c.opt.Tenant == nil {
		return ""
	}
	if col, ok := t.Column(c.opt.Tenant.Column); ok {
		return col.Name
	}
	return ""
}

// lookup is the outcome of resolving a column reference.
type lookup struct {
	src  *source
	col  column
	fail string // why it failed: "" on success
	// code, suggestions and quiet describe a failure; quiet means an earlier
	// diagnostic (an unresolved source) already explains it.
	code        string
	suggestions []string
	quiet       bool
}

// resolve finds the column ref ("source.column" or "column") in sc and its
// enclosing scopes, without reporting.
func resolve(ref string, sc *scope) lookup {
	// "source.column": the innermost scope with a matching source wins, as in
	// SQL; the longest matching name wins within a scope, so "sales.regions.id"
	// prefers a source named "sales.regions" over one named "sales".
	for s := sc; s != nil; s = s.parent {
		var best *source
		var bestLen int
		for _, src := range s.sources {
			for _, name := range src.names {
				if len(ref) > len(name)+1 && ref[len(name)] == '.' && strings.EqualFold(ref[:len(name)], name) && len(name) > bestLen {
					best, bestLen = src, len(name)
				}
			}
		}
		if best == nil {
			continue
		}
		colName := ref[bestLen+1:]
		if !best.known {
			return lookup{fail: "unresolved source", quiet: true}
		}
		var found []column
		for _, col := range best.cols {
			if col.name != "" && strings.EqualFold(col.name, colName) {
				found = append(found, col)
			}
		}
		switch len(found) {
		case 1:
			return lookup{src: best, col: found[0]}
		case 0:
			var sugg []string
			for _, n := range schema.Nearest(colName, colNames(best.cols), 3) {
				sugg = append(sugg, ref[:bestLen]+"."+n)
			}
			return lookup{fail: describe(best) + " has no column " + quoteName(colName), code: CodeUnknownColumn, suggestions: sugg}
		default:
			return lookup{fail: describe(best) + " has more than one column " + quoteName(colName) + "; alias them apart",
				code: CodeAmbiguousColumn}
		}
	}
	// A bare column: exactly one source in scope, at any level, may have it.
	// Stricter than SQL's innermost-first rule on purpose: a planner that
	// leaves a correlated reference unqualified is asked to say which it means.
	var cands []lookup
	unknown := false
	for s := sc; s != nil; s = s.parent {
		for _, src := range s.sources {
			if !src.known {
				unknown = true
				continue
			}
			for _, col := range src.cols {
				if col.name != "" && strings.EqualFold(col.name, ref) {
					cands = append(cands, lookup{src: src, col: col})
				}
			}
		}
	}
	switch {
	case len(cands) == 1:
		return cands[0]
	case len(cands) > 1:
		var names []string
		for _, l := range cands {
			names = append(names, l.src.names[0]+"."+l.col.name)
		}
		return lookup{fail: "column " + quoteName(ref) + " is in more than one source (" + strings.Join(names, ", ") + "); qualify it",
			code: CodeAmbiguousColumn, suggestions: names}
	case unknown:
		return lookup{fail: "unresolved source", quiet: true}
	}
	if i := strings.LastIndexByte(ref, '.'); i > 0 {
		var names []string
		for s := sc; s != nil; s = s.parent {
			for _, src := range s.sources {
				names = append(names, src.names[0])
			}
		}
		return lookup{fail: "no source named " + quoteName(ref[:i]) + " is in scope for " + quoteName(ref),
			code: CodeUnknownTable, suggestions: schema.Nearest(ref[:i], names, 3)}
	}
	var sugg []string
	for s := sc; s != nil; s = s.parent {
		for _, src := range s.sources {
			for _, n := range schema.Nearest(ref, colNames(src.cols), 3) {
				sugg = append(sugg, src.names[0]+"."+n)
			}
		}
	}
	sort.Strings(sugg)
	if len(sugg) > 3 {
		sugg = sugg[:3]
	}
	return lookup{fail: "no source in scope has a column " + quoteName(ref), code: CodeUnknownColumn, suggestions: sugg}
}

// colRef resolves and renders a column reference, reporting failures.
func (c *compiler) colRef(ref, path string, sc *scope) (string, lookup) {
	l := resolve(ref, sc)
	if l.fail != "" {
		if !l.quiet {
			c.report(path, l.code, l.suggestions, "%s", l.fail)
		}
		return "NULL", l
	}
	return c.q(l.src.qual) + "." + c.q(l.col.name), l
}

func colNames(cols []column) []string {
	var out []string
	for _, col := range cols {
		if col.name != "" {
			out = append(out, col.name)
		}
	}
	return out
}

func describe(src *source) string {
	return "source " + quoteName(src.names[0])
}

func quoteName(s string) string { return `"` + s + `"` }
