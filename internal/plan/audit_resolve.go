package plan

import (
	"fmt"
	"strings"

	"querent/internal/schema"
)

// resolved is what a column reference turned out to name.
type resolved struct {
	src *source // nil when the reference did not resolve
	col column
	ok  bool // src is known to have col (false for opaque sources)
}

// col audits a column reference: it must name exactly one column of a source
// in scope. The spelling is made canonical ("src.Column" as the alias and
// schema spell them); a bare column that is not a source's but names a select
// alias is turned into what the clause allows.
func (a *auditor) col(e *Expr, path string, cx exprCtx) {
	q, c, ok := splitRef(e.Col)
	switch {
	case !ok:
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("column reference %q must be \"source.column\"", e.Col), "")
		return
	case c == "*":
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("%q is only allowed as a whole select item", e.Col), "to count rows use {\"agg\": \"count\"}")
		return
	case q != "":
		if r := a.qualified(&e.Col, q, c, path, cx.q.sc, cx.q); r.src != nil {
			r.src.used = true
		}
		return
	}
	l := cx.q.lookupBare(c, cx.clause != inSelect && !cx.inWindow)
	switch {
	case l.alias != nil:
		a.useAlias(e, l.alias, path, cx, fmt.Sprintf("column %q", c))
	case len(l.hits) > 0:
		if r := a.qualifyBare(&e.Col, c, path, l.hits); r.src != nil {
			r.src.used = true
		}
	case l.opaque:
	case cx.q.selectAlias(c) != nil:
		x := &cx.q.selectAlias(c).Expr
		where := cx.clause.String()
		if cx.inWindow {
			where = "a window clause"
		}
		a.fail(CodeMisplacedRef, path, fmt.Sprintf("%q is the alias of a select item, which %s cannot see", c, where), "use the expression itself", exprString(x))
	default:
		a.unknownBare(path, c, cx.q)
	}
}

// bareLookup is what a bare column name means in a query: a column of the
// sources in hits (several: ambiguous), perhaps of an opaque source, or a
// select alias.
type bareLookup struct {
	hits   []*source
	opaque bool
	alias  *SelectItem
}

// lookupBare resolves a bare column in SQL's order: the query's own sources,
// then (where aliases are visible: not in select or window clauses) its
// select aliases, then the enclosing queries' sources.
func (q *query) lookupBare(c string, aliases bool) bareLookup {
	hits, opaque := q.sc.columnHits(c)
	if len(hits) > 0 || opaque {
		return bareLookup{hits: hits, opaque: opaque}
	}
	if it := q.selectAlias(c); aliases && it != nil {
		return bareLookup{alias: it}
	}
	if q.sc.parent != nil {
		hits, opaque = q.sc.parent.findColumn(c)
	}
	return bareLookup{hits: hits, opaque: opaque}
}

// resolves reports whether ref names exactly one column (or one of an opaque
// source, which cannot be checked) wherever in q it stands. A bare name that
// is also a select alias does not: its meaning depends on the clause.
func (q *query) resolves(ref string) bool {
	qual, c, ok := splitRef(ref)
	switch {
	case !ok:
		return false
	case qual != "":
		src, _, found := q.sc.resolve(ref)
		return found || (src != nil && src.opaque)
	}
	l := q.lookupBare(c, true)
	return l.alias == nil && (len(l.hits) == 1 || (len(l.hits) == 0 && l.opaque))
}

// qualifyBare qualifies a bare column found in hits, or reports it
// ambiguous when several sources have it.
func (a *auditor) qualifyBare(ref *string, c, path string, hits []*source) resolved {
	if len(hits) > 1 {
		var names, sugg []string
		for _, s := range hits {
			s.used = true // one of them is meant; none is unused
			col, _ := s.column(c)
			names = append(names, s.label())
			sugg = append(sugg, s.name+"."+col.name)
		}
		a.fail(CodeAmbiguousColumn, path, fmt.Sprintf("column %q is in several sources: %s", c, strings.Join(names, ", ")), "qualify it with the source you mean", sugg...)
		return resolved{}
	}
	s := hits[0]
	col, _ := s.column(c)
	canon := s.name + "." + col.name
	a.fixed(CodeFixedQualify, path, fmt.Sprintf("%q qualified as %q, the only source with that column", *ref, canon))
	*ref = canon
	return resolved{src: s, col: col, ok: true}
}

// qualified resolves "q.c" in sc and rewrites *ref to the canonical
// spelling. q may be a table's name although the query aliased it (rewritten
// to the alias); a qualifier already reported as an orphan is not reported
// again.
func (a *auditor) qualified(ref *string, q, c, path string, sc *scope, qr *query) resolved {
	srcs, how := sc.findSource(q)
	switch {
	case len(srcs) == 0:
		if !qr.skip[strings.ToLower(q)] {
			a.unknownSource(path, *ref, q, c, sc, qr)
		}
		return resolved{}
	case len(srcs) > 1:
		var names, sugg []string
		for _, s := range srcs {
			s.used = true // one of them is meant; none is unused
			names = append(names, s.name)
			sugg = append(sugg, s.name+"."+c)
		}
		a.fail(CodeAmbiguousColumn, path, fmt.Sprintf("%q is ambiguous: %s is in the query %d times, as %s", *ref, q, len(srcs), strings.Join(names, " and ")),
			"qualify the column with the alias you mean", sugg...)
		return resolved{}
	}
	s := srcs[0]
	col, found := s.column(c)
	if !found && !s.opaque {
		a.unknownColumn(path, *ref, s, c, sc)
		return resolved{src: s}
	}
	name := c
	if found {
		name = col.name
	}
	if canon := s.name + "." + name; canon != *ref {
		if how == matchTable {
			a.fixed(CodeFixedQualify, path, fmt.Sprintf("%q rewritten as %q: the query names %s %s", *ref, canon, q, s.name))
		} else {
			a.fixed(CodeFixedCase, path, fmt.Sprintf("%q rewritten as %q, the schema's spelling", *ref, canon))
		}
		*ref = canon
	}
	return resolved{src: s, col: col, ok: found}
}

// star audits a "*" or "source.*" select item.
func (a *auditor) star(e *Expr, path string, q *query) {
	if e.Col == "*" {
		for _, s := range q.sc.sources {
			s.used = true
		}
		return
	}
	qual := strings.TrimSuffix(e.Col, ".*")
	srcs, how := q.sc.findSource(qual)
	switch {
	case qual == "":
		a.fail(CodeMalformedExpr, path, fmt.Sprintf("%q names no source; use \"*\" or \"source.*\"", e.Col), "")
	case len(srcs) == 0:
		if !q.skip[strings.ToLower(qual)] {
			a.unknownSource(path, e.Col, qual, "", q.sc, q)
		}
	case len(srcs) > 1:
		var sugg []string
		for _, s := range srcs {
			s.used = true
			sugg = append(sugg, s.name+".*")
		}
		a.fail(CodeAmbiguousColumn, path, fmt.Sprintf("%q is ambiguous: %s is in the query %d times", e.Col, qual, len(srcs)), "", sugg...)
	default:
		s := srcs[0]
		s.used = true
		if canon := s.name + ".*"; canon != e.Col {
			code := CodeFixedCase
			if how == matchTable {
				code = CodeFixedQualify
			}
			a.fixed(code, path, fmt.Sprintf("%q rewritten as %q", e.Col, canon))
			e.Col = canon
		}
	}
}

// ref audits a reference to a select alias.
func (a *auditor) ref(e *Expr, path string, cx exprCtx) {
	it := cx.q.selectAlias(e.Ref)
	if it == nil {
		var sugg []string
		if _, col, ok := cx.q.sc.resolve(e.Ref); ok && col.name != "" {
			sugg = append(sugg, fmt.Sprintf(`{"col": %q}`, e.Ref))
		}
		aliases := cx.q.aliases()
		sugg = append(sugg, schema.Nearest(e.Ref, aliases, 3)...)
		detail := "no select item has an alias"
		if len(aliases) > 0 {
			detail = "select aliases: " + strings.Join(aliases, ", ")
		}
		a.fail(CodeUnknownRef, path, fmt.Sprintf("no select item is aliased %q", e.Ref), detail, sugg...)
		return
	}
	if it.Alias != e.Ref {
		a.fixed(CodeFixedCase, path, fmt.Sprintf("ref %q rewritten as %q, the alias's spelling", e.Ref, it.Alias))
		e.Ref = it.Alias
	}
	a.useAlias(e, it, path, cx, fmt.Sprintf("ref %q", e.Ref))
}

// useAlias settles a use of the select item it, written as a ref or as a
// bare column that no source of the query has (what says which): order_by
// and having keep (or get) a ref; where and group_by, which cannot see
// aliases, get the expression itself.
func (a *auditor) useAlias(e *Expr, it *SelectItem, path string, cx exprCtx, what string) {
	x := &it.Expr
	switch {
	case cx.inWindow:
		a.fail(CodeMisplacedRef, path, fmt.Sprintf("%s: a window clause cannot use a select alias", what), "use the expression itself", exprString(x))
	case cx.inAgg && (hasAgg(x) || hasWindow(x)):
		a.fail(CodeNestedAggregate, path, fmt.Sprintf("%s names %s, which cannot be aggregated again", what, exprString(x)),
			"aggregate in a CTE or subquery first, then aggregate its result")
	case cx.clause == inOrderBy || cx.clause == inHaving:
		if e.Ref == "" {
			a.fixed(CodeFixedAliasRef, path, fmt.Sprintf("%s is the select alias %q; it is now {\"ref\": %q}", what, it.Alias, it.Alias))
			*e = Expr{Ref: it.Alias}
		}
	case cx.clause == inWhere || cx.clause == inGroupBy:
		a.inline(e, it, path, cx, what)
	default:
		a.fail(CodeMisplacedRef, path, fmt.Sprintf("%s: %s cannot use a select alias; refs belong in order_by and having", what, cx.clause), "use the expression itself", exprString(x))
	}
}

// inline replaces e, a use of a select alias in where or group_by, with a copy
// of the (already audited) expression it names, when that is legal there.
func (a *auditor) inline(e *Expr, it *SelectItem, path string, cx exprCtx, what string) {
	x := &it.Expr
	switch {
	case isStar(x) || hasRef(x):
		a.fail(CodeMisplacedRef, path, fmt.Sprintf("%s names a select item that cannot be repeated in %s", what, cx.clause), "")
	case !resolves(x, cx.q):
		// Copying it would carry its unresolved names (perhaps another alias)
		// into a clause that reads them differently.
		a.fail(CodeMisplacedRef, path, fmt.Sprintf("%s names a select item whose columns do not resolve", what), "fix that select item, then use its expression here")
	case hasWindow(x) && cx.clause == inWhere:
		a.fail(CodeWindowInWhere, path, fmt.Sprintf("%s names a window function, which where cannot use", what), "compute it in a CTE or subquery and filter on its result")
	case hasWindow(x):
		a.fail(CodeMisplacedWindow, path, fmt.Sprintf("%s names a window function, which %s cannot use", what, cx.clause), "")
	case hasAgg(x) && cx.clause == inGroupBy:
		a.fail(CodeAggregateInGroupBy, path, fmt.Sprintf("%s names an aggregate, which group_by cannot contain", what), "", "remove it from group_by")
	default:
		a.fixed(CodeFixedAliasRef, path, fmt.Sprintf("%s replaced by the expression it names, %s: %s cannot see select aliases", what, exprString(x), cx.clause))
		*e = cloneExpr(*x)
	}
}

// value audits a literal: a string that spells "table.column" was most
// likely meant as a column reference.
func (a *auditor) value(e *Expr, path string, cx exprCtx) {
	s, ok := e.Value.(string)
	if !ok {
		return
	}
	q, c, ok := splitRef(s)
	if !ok || q == "" || !identLike(q, true) || !identLike(c, false) {
		return
	}
	if srcs, _ := cx.q.sc.findSource(q); len(srcs) == 1 && !srcs[0].opaque {
		if col, found := srcs[0].column(c); found {
			ref := srcs[0].name + "." + col.name
			a.fixed(CodeFixedLiteralColumn, path, fmt.Sprintf("the string %q names a column of the query; it now references column %s instead of being compared as text", s, ref))
			*e = Expr{Col: ref}
			srcs[0].used = true
			return
		}
	}
	if t := a.table(q); t != nil {
		if col, found := t.Column(c); found {
			a.warn(CodeLiteralLooksLikeColumn, path, fmt.Sprintf("the string %q looks like column %s.%s", s, t.Name, col.Name),
				t.Name+" is not a source of this query; join it and use a column reference if the column was meant",
				fmt.Sprintf(`{"col": "%s.%s"}`, t.Name, col.Name))
		}
	}
}

// identLike reports whether s could be an identifier (dotted when
// qualifier), as opposed to prose or a pattern such as "%.com".
func identLike(s string, qualifier bool) bool {
	for _, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case r == '.' && qualifier:
		default:
			return false
		}
	}
	return s != ""
}

// unknownSource reports "q.c" whose q is no source in scope.
func (a *auditor) unknownSource(path, ref, q, c string, sc *scope, qr *query) {
	var sugg []string
	if c != "" {
		for l := sc; l != nil; l = l.parent {
			for _, s := range l.sources {
				if col, ok := s.column(c); ok {
					sugg = append(sugg, s.name+"."+col.name)
				}
			}
		}
	}
	for _, n := range schema.Nearest(q, sc.names(), 3) {
		sugg = append(sugg, n+"."+or(c, "*"))
	}
	detail := "sources of this query: " + strings.Join(sc.names(), ", ")
	switch t := a.table(q); {
	case t != nil:
		detail = t.Name + " is a table of the database but is not joined here; add it to joins before using its columns"
	case qr.ctes[strings.ToLower(q)] != nil:
		detail = q + " is a CTE; read it in from or joins ({\"cte\": \"" + q + "\"}) before using its columns"
	}
	a.fail(CodeUnknownSource, path, fmt.Sprintf("%q refers to %s, which is not a source of this query", ref, q), detail, sugg...)
}

// unknownColumn reports a column the resolved source does not have, with
// the nearest names it does have and the other tables that have exactly that
// column (the usual mistake is the right column on the wrong table).
func (a *auditor) unknownColumn(path, ref string, s *source, c string, sc *scope) {
	var sugg []string
	for _, n := range schema.Nearest(c, s.columnNames(), 3) {
		sugg = append(sugg, s.name+"."+n)
	}
	owners, others := a.owners(c, s, sc)
	sugg = append(sugg, others...)
	detail := "columns of " + s.label() + ": " + or(strings.Join(capList(s.columnNames(), 30), ", "), "none with a name")
	if len(s.columnNames()) < len(s.cols) {
		detail += "; select items without an alias cannot be referenced, so give them one"
	}
	if len(owners) > 0 {
		detail = strings.Join(owners, "; ")
	}
	a.fail(CodeUnknownColumn, path, fmt.Sprintf("%s has no column %q", s.label(), c), detail, sugg...)
}

// unknownBare reports a bare column that no source in scope has.
func (a *auditor) unknownBare(path, c string, q *query) {
	var all []string
	for l := q.sc; l != nil; l = l.parent {
		for _, s := range l.sources {
			for _, n := range s.columnNames() {
				all = append(all, s.name+"."+n)
			}
		}
	}
	var sugg []string
	for _, full := range all {
		if _, n, _ := splitRef(full); len(schema.Nearest(c, []string{n}, 1)) > 0 {
			sugg = append(sugg, full)
		}
	}
	if len(sugg) > 3 {
		sugg = sugg[:3]
	}
	owners, others := a.owners(c, nil, q.sc)
	sugg = append(sugg, others...)
	if als := q.aliases(); len(als) > 0 {
		sugg = append(sugg, schema.Nearest(c, als, 2)...)
	}
	a.fail(CodeUnknownColumn, path, fmt.Sprintf("no source of this query has a column %q", c), strings.Join(owners, "; "), sugg...)
}

// owners finds the sources in scope (other than except) and the schema
// tables that have a column named exactly c. It returns sentences for people
// ("customers has email") and references to suggest.
func (a *auditor) owners(c string, except *source, sc *scope) (sentences, refs []string) {
	inScope := map[string]bool{}
	for l := sc; l != nil; l = l.parent {
		for _, s := range l.sources {
			if s.table != nil {
				inScope[strings.ToLower(s.table.Name)] = true
			}
			if s == except {
				continue
			}
			if col, ok := s.column(c); ok {
				sentences = append(sentences, s.label()+" has "+col.name)
				refs = append(refs, s.name+"."+col.name)
			}
		}
	}
	// Tables outside the query are a hint only when few have the column: "id"
	// or "name" on every table says nothing about which one was meant.
	var tSentences, tRefs []string
	for _, name := range a.names {
		t := a.byName[strings.ToLower(name)]
		if t == nil || inScope[strings.ToLower(t.Name)] {
			continue
		}
		if col, ok := t.Column(c); ok {
			tSentences = append(tSentences, t.Name+" has "+col.Name)
			tRefs = append(tRefs, t.Name+"."+col.Name)
		}
	}
	if len(tRefs) <= 2 {
		sentences, refs = append(sentences, tSentences...), append(refs, tRefs...)
	}
	return sentences, refs
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func capList(ss []string, n int) []string {
	if len(ss) > n {
		return append(ss[:n:n], "…")
	}
	return ss
}
