package plan

import (
	"strings"

	"querent/internal/schema"
)

// This file is the one place where column references are resolved: which
// source a qualifier names, which sources have a bare column, what columns a
// CTE or subquery offers. Everything else in the audit asks it.

// column is one column a source offers to references. An unnamed column (an
// expression selected without an alias) counts for arity but cannot be
// referenced.
type column struct {
	name string
	kind schema.Kind
}

// outputs are the columns a query produces, which is what a CTE or subquery
// source offers. When known is false they cannot be listed (raw SQL, a star
// over an unknown source) and references into them are taken on trust.
type outputs struct {
	cols  []column
	known bool
}

// source is one entry of a query's from list, as references see it.
type source struct {
	// name is how references address the source: its alias, else its table
	// or CTE name.
	name  string
	table *schema.Table // set for schema tables
	cols  []column
	// opaque sources have unknown columns: a reference into one is never
	// reported missing, and a bare column might belong to it.
	opaque bool
	// broken sources already have an error of their own (unknown table,
	// malformed source); they exist only to stop cascading errors.
	broken bool
	used   bool // referenced outside its own join's on
}

// column returns the source's column called name, matching the exact
// spelling first and then ignoring case.
func (s *source) column(name string) (column, bool) {
	if name == "" {
		return column{}, false // unnamed outputs cannot be referenced
	}
	for _, c := range s.cols {
		if c.name == name {
			return c, true
		}
	}
	for _, c := range s.cols {
		if strings.EqualFold(c.name, name) {
			return c, true
		}
	}
	return column{}, false
}

// columnNames returns the names of the source's referenceable columns.
func (s *source) columnNames() []string {
	var out []string
	for _, c := range s.cols {
		if c.name != "" {
			out = append(out, c.name)
		}
	}
	return out
}

// label names the source for people: "o (orders)" for an aliased table.
func (s *source) label() string {
	if s.table != nil && !strings.EqualFold(s.name, s.table.Name) {
		return s.name + " (" + s.table.Name + ")"
	}
	return s.name
}

// scope is the sources one query level can see. parent is the scope of the
// enclosing query, which subqueries in select, where and having may
// reference (correlation); derived tables, CTE bodies and set-operation
// operands do not get their siblings as parent.
type scope struct {
	parent  *scope
	sources []*source
}

// match says how a qualifier found its source.
type match int

const (
	matchNone  match = iota
	matchExact       // the source's name as written
	matchFold        // the source's name in other letter case
	matchTable       // the table name (or unqualified Ident) of an aliased or namespaced table
)

// findSource resolves the qualifier of "q.column". Names (alias, else table
// or CTE name) are searched first, innermost scope outwards, so that a
// subquery's own sources shadow the outer ones. Only then does the table name
// of an aliased source match; that can name several sources (a table joined
// twice), which the caller reports as ambiguous.
func (sc *scope) findSource(q string) ([]*source, match) {
	if q == "" {
		return nil, matchNone
	}
	for l := sc; l != nil; l = l.parent {
		for _, s := range l.sources {
			if s.name == q {
				return []*source{s}, matchExact
			}
		}
		for _, s := range l.sources {
			if strings.EqualFold(s.name, q) {
				return []*source{s}, matchFold
			}
		}
	}
	for l := sc; l != nil; l = l.parent {
		var found []*source
		for _, s := range l.sources {
			if s.table != nil && (strings.EqualFold(s.table.Name, q) || strings.EqualFold(s.table.Ident, q)) {
				found = append(found, s)
			}
		}
		if len(found) > 0 {
			return found, matchTable
		}
	}
	return nil, matchNone
}

// columnHits returns the sources of this level alone that have a column
// called name, and whether an opaque source might have it too.
func (sc *scope) columnHits(name string) (hits []*source, opaque bool) {
	for _, s := range sc.sources {
		if s.opaque {
			opaque = true
			continue
		}
		if _, ok := s.column(name); ok {
			hits = append(hits, s)
		}
	}
	return hits, opaque
}

// findColumn resolves a bare column: the innermost level where some source
// has it decides. A level with an opaque source and no hit stops the search,
// since the column may well be that source's.
func (sc *scope) findColumn(name string) (hits []*source, opaque bool) {
	for l := sc; l != nil; l = l.parent {
		hits, opaque = l.columnHits(name)
		if len(hits) > 0 || opaque {
			return hits, opaque
		}
	}
	return nil, false
}

// resolve finds the column a reference names, without reporting anything;
// ok is false when it does not resolve to exactly one known column.
func (sc *scope) resolve(ref string) (*source, column, bool) {
	q, c, ok := splitRef(ref)
	if !ok {
		return nil, column{}, false
	}
	var srcs []*source
	if q == "" {
		srcs, _ = sc.findColumn(c)
	} else {
		srcs, _ = sc.findSource(q)
	}
	if len(srcs) != 1 {
		return nil, column{}, false
	}
	col, found := srcs[0].column(c)
	return srcs[0], col, found
}

// names returns the names of every source visible from sc.
func (sc *scope) names() []string {
	var out []string
	for l := sc; l != nil; l = l.parent {
		for _, s := range l.sources {
			if s.name != "" {
				out = append(out, s.name)
			}
		}
	}
	return out
}

// splitRef splits "source.column" at its last dot (table names may carry a
// namespace: "sales.orders.id"); q is empty for a bare column. ok is false
// when either part is empty.
func splitRef(ref string) (q, c string, ok bool) {
	i := strings.LastIndex(ref, ".")
	if i < 0 {
		return "", ref, ref != ""
	}
	q, c = ref[:i], ref[i+1:]
	return q, c, q != "" && c != ""
}

// isStar reports whether e is just a "*" or "source.*" column reference.
func isStar(e *Expr) bool {
	if e.Col != "*" && !strings.HasSuffix(e.Col, ".*") {
		return false
	}
	return len(variants(e)) == 1 && len(modifiers(e)) == 0
}

// outputs lists the columns q produces: select aliases, else the column name
// of a plain reference, with stars expanded. SQL names a set operation's
// columns after its left side, so the right side does not matter here.
func (a *auditor) outputs(q *query) outputs {
	p := q.p
	if len(p.Select) == 0 {
		from := q.sc.sources[0]
		if from.opaque {
			return outputs{}
		}
		return outputs{cols: append([]column(nil), from.cols...), known: true}
	}
	out := outputs{known: true}
	for i := range p.Select {
		e := &p.Select[i].Expr
		if isStar(e) {
			srcs := q.sc.sources
			if e.Col != "*" {
				srcs, _ = q.sc.findSource(strings.TrimSuffix(e.Col, ".*"))
			}
			if len(srcs) != 1 && e.Col != "*" {
				return outputs{}
			}
			for _, s := range srcs {
				if s.opaque {
					return outputs{}
				}
				out.cols = append(out.cols, s.cols...)
			}
			continue
		}
		name := p.Select[i].Alias
		if name == "" && e.Col != "" {
			_, name, _ = splitRef(e.Col)
		}
		out.cols = append(out.cols, column{name: name, kind: kindOf(e, q.sc)})
	}
	return out
}

// kindOf infers the kind of value e produces, "" when it cannot tell. It
// types CTE and subquery columns so that joins on them can be checked.
func kindOf(e *Expr, sc *scope) schema.Kind {
	switch {
	case e.Col != "":
		if _, col, ok := sc.resolve(e.Col); ok {
			return col.kind
		}
	case e.ValueSet || e.Value != nil:
		return literalKind(e.Value)
	case e.Agg != "":
		return aggKind(e.Agg, e.Arg, sc)
	case e.Bucket != "":
		return schema.KindText
	case e.Extract != "":
		return schema.KindInteger
	case e.Arith != "":
		if e.Left != nil && e.Right != nil && kindOf(e.Left, sc) == schema.KindInteger && kindOf(e.Right, sc) == schema.KindInteger && e.Arith != "/" {
			return schema.KindInteger
		}
		return schema.KindReal
	case e.Func != "":
		return funcKind(e, sc)
	case len(e.Case) > 0:
		return kindOf(&e.Case[0].Then, sc)
	case e.Window != "":
		return windowKind(e, sc)
	}
	return ""
}

func literalKind(v any) schema.Kind {
	switch v.(type) {
	case string:
		return schema.KindText
	case bool:
		return schema.KindBool
	case int, int64:
		return schema.KindInteger
	case float64:
		return schema.KindReal
	}
	return ""
}

func aggKind(agg string, arg *Expr, sc *scope) schema.Kind {
	switch agg {
	case "count", "count_distinct":
		return schema.KindInteger
	case "avg":
		return schema.KindReal
	}
	if arg == nil {
		return ""
	}
	return kindOf(arg, sc)
}

func funcKind(e *Expr, sc *scope) schema.Kind {
	switch e.Func {
	case "lower", "upper", "trim", "concat", "substr", "cast_text":
		return schema.KindText
	case "length", "cast_int":
		return schema.KindInteger
	case "cast_real":
		return schema.KindReal
	case "current_date":
		return schema.KindDate
	}
	if len(e.Args) > 0 {
		return kindOf(&e.Args[0], sc) // abs, round, coalesce, nullif keep their input's kind
	}
	return ""
}

func windowKind(e *Expr, sc *scope) schema.Kind {
	switch e.Window {
	case "row_number", "rank", "dense_rank", "ntile":
		return schema.KindInteger
	}
	var arg *Expr
	if len(e.Args) > 0 {
		arg = &e.Args[0]
	}
	if _, isAgg := canonical(e.Window, Aggs); isAgg {
		return aggKind(e.Window, arg, sc)
	}
	if arg != nil {
		return kindOf(arg, sc) // lag, lead, first_value, last_value
	}
	return ""
}

// compatible reports whether columns of kinds k and l can sensibly be equated.
// Unknown kinds are given the benefit of the doubt, and so is text against
// dates, which SQLite and CSV sources store as text.
func compatible(k, l schema.Kind) bool {
	ck, cl := kindClass(k), kindClass(l)
	if ck == "" || cl == "" || ck == cl {
		return true
	}
	pair := ck + "/" + cl
	switch pair {
	case "text/temporal", "temporal/text", "numeric/bool", "bool/numeric":
		return true
	}
	return false
}

func kindClass(k schema.Kind) string {
	switch {
	case k.Numeric():
		return "numeric"
	case k.Temporal():
		return "temporal"
	case k == schema.KindText, k == schema.KindBool, k == schema.KindBlob:
		return string(k)
	}
	return "" // KindOther and unknown
}
