package plan

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/schema"
)

// joinTypes lists the join types in their canonical spelling.
var joinTypes = []string{string(JoinInner), string(JoinLeft), string(JoinRight), string(JoinFull), string(JoinCross)}

// joinTypeHints maps SQL spellings models use for a join type to the Plan's.
var joinTypeHints = map[string]string{
	"outer": "left", "left_outer": "left", "left outer": "left", "right_outer": "right", "right outer": "right",
	"full_outer": "full", "full outer": "full", "join": "inner", "natural": "inner",
}

// sources builds the scope of q from its from and joins, auditing each
// source (derived tables and CTE references included). A broken source
// still takes its place, so that sources[i+1] is always joins[i].
func (a *auditor) sources(q *query, outer *scope) *scope {
	sc := &scope{parent: outer}
	p := q.p
	sc.sources = append(sc.sources, a.source(q, &p.From, q.at("from"), outer, sc, true))
	for i := range p.Joins {
		sc.sources = append(sc.sources, a.source(q, &p.Joins[i].Source, idx(q.path, "joins", i), outer, sc, false))
	}
	return sc
}

// source audits one from or join source.
func (a *auditor) source(q *query, s *Source, path string, outer, sc *scope, isFrom bool) *source {
	var kinds []string
	for _, k := range []struct {
		set  bool
		name string
	}{{s.Table != "", "table"}, {s.CTE != "", "cte"}, {s.Subquery != nil, "subquery"}} {
		if k.set {
			kinds = append(kinds, k.name)
		}
	}
	var src *source
	switch {
	case len(kinds) == 0 && isFrom:
		a.missingFrom(q, path)
		src = &source{name: s.Alias, opaque: true, broken: true}
	case len(kinds) == 0:
		a.fail(CodeMalformedSource, path, "the join names no table, cte or subquery", "", `{"table": "name", "on": [...]}`)
		src = &source{name: s.Alias, opaque: true, broken: true}
	case len(kinds) > 1:
		a.fail(CodeMalformedSource, path, fmt.Sprintf("the source sets %s at once; it must be exactly one", strings.Join(kinds, " and ")), "")
		src = &source{name: s.Name(), opaque: true, broken: true}
	case kinds[0] == "table":
		src = a.tableSource(q, s, path)
	case kinds[0] == "cte":
		src = a.cteSource(q, s, path)
	default:
		src = a.subquerySource(q, s, path, outer)
	}
	for _, o := range sc.sources {
		if src.name != "" && strings.EqualFold(o.name, src.name) {
			a.fail(CodeDuplicateSource, path, fmt.Sprintf("%s is already a source of this query", src.name),
				"a table read twice needs a different alias each time", fmt.Sprintf(`"alias": "%s2"`, src.name))
			src.broken = true // references reach the first one; its join is not checked further
			break
		}
	}
	return src
}

func (a *auditor) tableSource(q *query, s *Source, path string) *source {
	t := a.table(s.Table)
	if t == nil {
		if d := q.ctes[strings.ToLower(s.Table)]; d != nil {
			a.fixed(CodeFixedSourceKind, path+".table", fmt.Sprintf("%q is a CTE of this plan, not a table; the source now reads {\"cte\": %q}", s.Table, d.name))
			s.CTE, s.Table = s.Table, ""
			return a.cteSource(q, s, path)
		}
		a.fail(CodeUnknownTable, path+".table", fmt.Sprintf("unknown table %q", s.Table), "tables: "+strings.Join(capList(a.names, 40), ", "), schema.Nearest(s.Table, a.names, 3)...)
		return &source{name: s.Name(), opaque: true, broken: true}
	}
	if t.Name != s.Table {
		a.fixed(CodeFixedCase, path+".table", fmt.Sprintf("table %q rewritten as %q, the schema's spelling", s.Table, t.Name))
		s.Table = t.Name
	}
	return &source{name: s.Name(), table: t, cols: a.columnsOf(t)}
}

func (a *auditor) cteSource(q *query, s *Source, path string) *source {
	d := q.ctes[strings.ToLower(s.CTE)]
	if d == nil {
		if t := a.table(s.CTE); t != nil {
			a.fixed(CodeFixedSourceKind, path+".cte", fmt.Sprintf("no CTE is named %q but a table is; the source now reads {\"table\": %q}", s.CTE, t.Name))
			s.Table, s.CTE = t.Name, ""
			return &source{name: s.Name(), table: t, cols: a.columnsOf(t)}
		}
		names := sortedKeys(q.ctes)
		for i, k := range names {
			names[i] = q.ctes[k].name
		}
		a.fail(CodeUnknownCTE, path+".cte", fmt.Sprintf("no CTE named %q is defined", s.CTE), "CTEs in scope: "+or(strings.Join(names, ", "), "none"), schema.Nearest(s.CTE, names, 3)...)
		return &source{name: s.Name(), opaque: true, broken: true}
	}
	if d.name != s.CTE {
		a.fixed(CodeFixedCase, path+".cte", fmt.Sprintf("CTE %q rewritten as %q, the spelling of its definition", s.CTE, d.name))
		s.CTE = d.name
	}
	d.used = true
	return &source{name: s.Name(), cols: d.out.cols, opaque: !d.out.known}
}

// subquerySource audits a derived table. It sees the scope around the
// query, not the query's other sources (there is no LATERAL in a Plan).
func (a *auditor) subquerySource(q *query, s *Source, path string, outer *scope) *source {
	out := a.plan(s.Subquery, path+".subquery", outer, q.ctes)
	if s.Alias == "" {
		a.fail(CodeMalformedSource, path, "a subquery source needs an alias", "its columns are referenced as \"alias.column\"", `"alias": "sub"`)
		return &source{opaque: true, broken: true}
	}
	return &source{name: s.Alias, cols: out.cols, opaque: !out.known}
}

// missingFrom reports a plan without from, suggesting the tables its column
// references name; those references are then not reported one by one.
func (a *auditor) missingFrom(q *query, path string) {
	var sugg []string
	visitor{expr: func(e *Expr, _ string) bool {
		if qual, _, ok := splitRef(e.Col); ok && qual != "" {
			if t := a.table(qual); t != nil {
				q.skip[strings.ToLower(qual)] = true
				sugg = append(sugg, fmt.Sprintf(`{"table": %q}`, t.Name))
			}
		}
		return true
	}}.visitClauses(q)
	a.fail(CodeMissingFrom, path, "the plan has no from", "a plan reads from exactly one of a table, a CTE or an aliased subquery", sugg...)
}

func tableCols(t *schema.Table) []column {
	cols := make([]column, len(t.Columns))
	for i, c := range t.Columns {
		cols[i] = column{name: c.Name, kind: c.Kind}
	}
	return cols
}

// orphan is a reference to a schema table the query does not read.
type orphan struct {
	table *schema.Table
	qual  string // as written
	path  string // of its first reference
}

// orphans joins tables that the query's own clauses reference but never
// read ("orphan filters"), along the unique shortest foreign-key path from
// the query's tables, before anything else resolves references. Each join
// brings new tables a path may start from, so undecided orphans are retried
// until nothing changes; that makes the outcome independent of the order of
// references, and a second pass finds nothing left to join. Orphans still
// without exactly one path are reported with their candidates.
func (a *auditor) orphans(q *query) {
	pending := a.collectOrphans(q)
	for progress := true; progress && len(pending) > 0; {
		progress = false
		var undecided []orphan
		for _, o := range pending {
			if srcs, _ := q.sc.findSource(o.qual); len(srcs) > 0 {
				continue // joined on the way to another orphan
			}
			if paths := a.orphanPaths(q, o.table); len(paths) == 1 {
				a.joinPath(q, paths[0], o)
				progress = true
			} else {
				undecided = append(undecided, o)
			}
		}
		pending = undecided
	}
	for _, o := range pending {
		q.skip[strings.ToLower(o.qual)] = true
		a.reportOrphan(o, a.orphanPaths(q, o.table))
	}
}

// collectOrphans lists, in order of first reference, the qualifiers that name
// no source but a schema table.
func (a *auditor) collectOrphans(q *query) []orphan {
	// With a broken source the scope is incomplete: the misspelt table may
	// well be the one referenced, so joining (or blaming) others would be a
	// guess. The broken source's own error brings the plan back anyway.
	incomplete := slices.ContainsFunc(q.sc.sources, func(s *source) bool { return s.broken })
	var out []orphan
	seen := map[string]bool{}
	visitor{expr: func(e *Expr, path string) bool {
		qual, _, ok := splitRef(e.Col)
		key := strings.ToLower(qual)
		if !ok || qual == "" || len(variants(e)) != 1 || seen[key] || q.skip[key] {
			return true
		}
		seen[key] = true
		if srcs, _ := q.sc.findSource(qual); len(srcs) > 0 {
			return true
		}
		switch t := a.table(qual); {
		case t != nil && incomplete:
			q.skip[key] = true
		case t != nil:
			out = append(out, orphan{table: t, qual: qual, path: path})
		}
		return true
	}}.visitClauses(q)
	return out
}

// hop is one join of a foreign-key path: table joined to the source named
// left, matching lcols of left to rcols of table.
type hop struct {
	left         string
	table        *schema.Table
	lcols, rcols []string
}

func (h hop) on() []JoinOn {
	on := make([]JoinOn, len(h.lcols))
	for i := range h.lcols {
		on[i] = JoinOn{Left: h.left + "." + h.lcols[i], Right: h.table.Name + "." + h.rcols[i]}
	}
	return on
}

// fkPath is a chain of joins that reaches a table from the query's sources.
type fkPath []hop

func (p fkPath) String() string {
	parts := make([]string, len(p))
	for i, h := range p {
		var eqs []string
		for _, on := range h.on() {
			eqs = append(eqs, on.Left+" = "+on.Right)
		}
		parts[i] = "join " + h.table.Name + " on " + strings.Join(eqs, " and ")
	}
	return strings.Join(parts, ", then ")
}

// maxPaths caps the candidate paths listed when the choice is ambiguous.
const maxPaths = 4

// orphanPaths returns the shortest foreign-key paths to t, over declared
// keys when any path exists along them, else over inferred ones too.
func (a *auditor) orphanPaths(q *query, t *schema.Table) []fkPath {
	if paths := a.fkPaths(q.sc, t, a.declared); len(paths) > 0 {
		return paths
	}
	return a.fkPaths(q.sc, t, a.all)
}

// joinPath appends the joins of path to the query and its scope.
func (a *auditor) joinPath(q *query, path fkPath, o orphan) {
	for _, h := range path {
		q.p.Joins = append(q.p.Joins, Join{Type: JoinInner, Source: Source{Table: h.table.Name}, On: h.on()})
		q.sc.sources = append(q.sc.sources, &source{name: h.table.Name, table: h.table, cols: a.columnsOf(h.table), used: true})
	}
	a.fixed(CodeFixedOrphanJoin, o.path, fmt.Sprintf("%s is used but was not joined; added: %s", o.qual, path))
}

func (a *auditor) reportOrphan(o orphan, paths []fkPath) {
	t := o.table
	if len(paths) == 0 {
		a.fail(CodeOrphanSource, o.path, fmt.Sprintf("%s is used but not joined, and no foreign-key path leads to it from this query's tables", t.Name),
			"add it to joins with the columns that match", fmt.Sprintf(`{"table": %q, "on": [{"left": "source.column", "right": "%s.column"}]}`, t.Name, t.Name))
		return
	}
	var sugg []string
	for _, p := range paths {
		sugg = append(sugg, p.String())
	}
	a.fail(CodeOrphanSource, o.path, fmt.Sprintf("%s is used but not joined, and several equally short foreign-key paths lead to it", t.Name),
		"join it yourself along the path you mean", sugg...)
}

// arc is one direction of a foreign-key edge: from the current table to
// table to, matching fromCols to toCols.
type arc struct {
	to               string
	fromCols, toCols []string
}

// fkPaths returns the shortest foreign-key paths (up to maxPaths) from the
// table sources of sc's own level to target, over edges. A table whose name
// is already taken by a source (a CTE called like it, say) cannot be joined
// under its own name, so paths avoid it.
func (a *auditor) fkPaths(sc *scope, target *schema.Table, edges []schema.Edge) []fkPath {
	starts := map[string][]*source{}
	taken := map[string]bool{}
	dist := map[string]int{}
	var queue []string
	for _, s := range sc.sources {
		taken[strings.ToLower(s.name)] = true
		if s.table == nil || s.broken {
			continue
		}
		k := strings.ToLower(s.table.Name)
		if _, ok := dist[k]; !ok {
			dist[k] = 0
			queue = append(queue, k)
		}
		starts[k] = append(starts[k], s)
	}
	adj := map[string][]arc{}
	for _, e := range edges {
		f, t := strings.ToLower(e.From), strings.ToLower(e.To)
		if f == t || len(e.FromCols) == 0 || len(e.FromCols) != len(e.ToCols) {
			continue // self references never lead anywhere new
		}
		adj[f] = append(adj[f], arc{t, e.FromCols, e.ToCols})
		adj[t] = append(adj[t], arc{f, e.ToCols, e.FromCols})
	}
	goal := strings.ToLower(target.Name)
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, r := range adj[u] {
			if _, seen := dist[r.to]; seen || taken[r.to] || a.byName[r.to] == nil {
				continue
			}
			dist[r.to] = dist[u] + 1
			queue = append(queue, r.to)
		}
	}
	if _, ok := dist[goal]; !ok || dist[goal] == 0 {
		return nil
	}
	var out []fkPath
	var back func(v string, suffix fkPath)
	back = func(v string, suffix fkPath) {
		if len(out) >= maxPaths {
			return
		}
		if dist[v] == 0 {
			for _, s := range starts[v] {
				p := slices.Clone(suffix)
				p[0].left = s.name
				out = append(out, p)
			}
			return
		}
		for _, r := range adj[v] {
			if d, ok := dist[r.to]; !ok || d != dist[v]-1 {
				continue
			}
			h := hop{left: a.byName[r.to].Name, table: a.byName[v], lcols: r.toCols, rcols: r.fromCols}
			back(r.to, append(fkPath{h}, suffix...))
		}
	}
	back(goal, nil)
	return out
}

// joins audits every join's type and on pairs.
func (a *auditor) joins(q *query) {
	q.onKeys = make([][]string, len(q.p.Joins))
	for i := range q.p.Joins {
		a.join(q, i)
	}
	a.duplicateJoins(q)
}

func (a *auditor) join(q *query, i int) {
	j := &q.p.Joins[i]
	path := idx(q.path, "joins", i)
	added := q.sc.sources[i+1]
	if j.Type != "" {
		t, ok := canonical(string(j.Type), joinTypes)
		switch {
		case !ok:
			sugg := schema.Nearest(string(j.Type), joinTypes, 2)
			if h, ok := joinTypeHints[strings.ToLower(string(j.Type))]; ok {
				sugg = []string{h}
			}
			a.fail(CodeMalformedJoin, path+".type", fmt.Sprintf("unknown join type %q", j.Type), "join types: "+strings.Join(joinTypes, ", "), sugg...)
		case t != string(j.Type):
			a.fixed(CodeFixedCase, path+".type", fmt.Sprintf("join type %q rewritten as %q", j.Type, t))
			j.Type = JoinType(t)
		}
	}
	switch cross := j.Type == JoinCross; {
	case cross && len(j.On) > 0:
		a.fail(CodeMalformedJoin, path+".on", "a cross join takes no on", "remove on, or make it an inner join to match rows on those columns", `"type": "inner"`)
	case !cross && len(j.On) == 0 && !added.broken:
		a.fail(CodeMalformedJoin, path, fmt.Sprintf("the join of %s has no on; every join but a cross join matches rows on column pairs", added.label()), "",
			a.edgeSuggestions(q.sc.sources[:i+1], added)...)
	}
	view := &scope{parent: q.sc.parent, sources: q.sc.sources[:i+2]}
	for k := range j.On {
		a.joinOn(q, i, k, view, added)
	}
}

// joinOn audits one on pair of joins[i]: each side a column of a source
// joined so far, one side the joined source, kinds compatible, ideally a
// foreign key.
func (a *auditor) joinOn(q *query, i, k int, view *scope, added *source) {
	on := &q.p.Joins[i].On[k]
	path := idx(idx(q.path, "joins", i), "on", k)
	l := a.joinSide(q, view, &on.Left, path+".left")
	r := a.joinSide(q, view, &on.Right, path+".right")
	if l.src == nil || r.src == nil {
		return
	}
	if lNew, rNew := l.src == added, r.src == added; lNew == rNew && !added.broken {
		what := "neither side refers to " + added.name + ", the source this join adds"
		if lNew {
			what = "both sides refer to " + added.name + ", the source this join adds"
		}
		a.fail(CodeMalformedJoin, path, what, "each on pair equates a column of the joined source with a column of an earlier one",
			a.edgeSuggestions(view.sources[:i+1], added)...)
		return
	}
	if (l.src == added) == (r.src == added) {
		return
	}
	earlier, joined := l, r
	if l.src == added {
		earlier, joined = r, l
	}
	earlier.src.used = true
	if !l.ok || !r.ok {
		return
	}
	q.onKeys[i] = append(q.onKeys[i], earlier.src.name+"."+earlier.col.name+"="+joined.col.name)
	both := l.src.table != nil && r.src.table != nil
	var sugg []string
	if both {
		sugg = a.pairSuggestions(l.src, r.src)
	}
	var key schema.Edge
	keyed := false
	if both {
		key, keyed = a.edgeOf(l.src.table.Name, l.col.name, r.src.table.Name, r.col.name)
	}
	switch {
	case keyed && key.TextMatch && schema.TextAgainstNumber(l.col.kind, r.col.kind):
		// A key across types whose values the data showed equal as text:
		// the compiler compares the two as text where the engine needs it.
	case !compatible(l.col.kind, r.col.kind) && keyed && schema.TextAgainstNumber(l.col.kind, r.col.kind):
		a.fail(CodeTypeMismatchJoin, path, fmt.Sprintf("%s (%s) is compared with %s (%s)", on.Left, l.col.kind, on.Right, r.col.kind),
			"the foreign key pairs text with numbers, and the data does not show the values of "+key.From+" among those of "+key.To+" read as text", sugg...)
	case !compatible(l.col.kind, r.col.kind):
		a.fail(CodeTypeMismatchJoin, path, fmt.Sprintf("%s (%s) is compared with %s (%s)", on.Left, l.col.kind, on.Right, r.col.kind),
			"join on columns holding the same kind of value, usually a foreign key and the key it references", sugg...)
	case both && !keyed:
		detail := "no foreign key links " + l.src.table.Name + " and " + r.src.table.Name + "; make sure the columns really match"
		if len(sugg) > 0 {
			detail = "the foreign keys between them are listed as suggestions"
		}
		a.warn(CodeJoinNotFK, path, fmt.Sprintf("%s = %s is not a foreign key", on.Left, on.Right), detail, sugg...)
	}
}

// joinSide resolves one side of an on pair against the sources joined so
// far. A bare column is qualified like anywhere else.
func (a *auditor) joinSide(q *query, view *scope, ref *string, path string) resolved {
	qual, c, ok := splitRef(*ref)
	if !ok || c == "*" {
		a.fail(CodeMalformedJoin, path, fmt.Sprintf("%q must be \"source.column\"", *ref), "")
		return resolved{}
	}
	if qual == "" {
		hits, opaque := view.columnHits(c)
		switch {
		case len(hits) > 0:
			return a.qualifyBare(ref, c, path, hits)
		case !opaque:
			a.unknownBare(path, c, q)
		}
		return resolved{}
	}
	if srcs, _ := view.findSource(qual); len(srcs) == 0 {
		if later, _ := q.sc.findSource(qual); len(later) > 0 {
			a.fail(CodeMalformedJoin, path, fmt.Sprintf("%q refers to %s, which is joined after this join", *ref, later[0].name),
				"an on pair can only use the source it joins and those joined before it; move the pair to the join of "+later[0].name)
			return resolved{}
		}
	}
	return a.qualified(ref, qual, c, path, view, q)
}

// edgeSuggestions offers on lists along the foreign keys between added and
// the earlier sources.
func (a *auditor) edgeSuggestions(earlier []*source, added *source) []string {
	var out []string
	for _, s := range earlier {
		if s.table != nil && added.table != nil {
			for _, p := range a.pairSuggestions(s, added) {
				out = append(out, `"on": [`+p+`]`)
			}
		}
	}
	return out
}

// pairSuggestions lists the foreign keys between two table sources as
// on pairs in the sources' own names, s first.
func (a *auditor) pairSuggestions(s, t *source) []string {
	var out []string
	add := func(scols, tcols []string) {
		var pairs []string
		for i := range scols {
			if i < len(tcols) {
				pairs = append(pairs, fmt.Sprintf(`{"left": "%s.%s", "right": "%s.%s"}`, s.name, scols[i], t.name, tcols[i]))
			}
		}
		out = append(out, strings.Join(pairs, ", "))
	}
	for _, e := range a.all {
		if strings.EqualFold(e.From, s.table.Name) && strings.EqualFold(e.To, t.table.Name) {
			add(e.FromCols, e.ToCols)
		}
		if strings.EqualFold(e.From, t.table.Name) && strings.EqualFold(e.To, s.table.Name) {
			add(e.ToCols, e.FromCols)
		}
	}
	return out
}

// duplicateJoins warns about a table joined again along the same columns:
// the second join adds nothing the first does not.
func (a *auditor) duplicateJoins(q *query) {
	for i := range q.p.Joins {
		si := q.sc.sources[i+1]
		if si.table == nil || len(q.onKeys[i]) == 0 {
			continue
		}
		for k := range i {
			sk := q.sc.sources[k+1]
			if sk.table == si.table && !strings.EqualFold(sk.name, si.name) && sameSet(q.onKeys[k], q.onKeys[i]) {
				path := idx(q.path, "joins", i)
				a.warn(CodeDuplicateJoin, path, fmt.Sprintf("%s joins %s again along the same columns as %s", si.name, si.table.Name, sk.name),
					"both joins match the same rows; use one of them", "remove "+path)
				break
			}
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// joinUse warns about joined sources that nothing references. The join is
// legal and, as an inner join, still filters rows, so this is only a warning.
func (a *auditor) joinUse(q *query) {
	for i := range q.p.Select {
		if q.p.Select[i].Expr.Col == "*" {
			return
		}
	}
	for i := range q.p.Joins {
		s := q.sc.sources[i+1]
		if s.used || s.broken {
			continue
		}
		path := idx(q.path, "joins", i)
		detail := "an inner join still drops rows without a match; keep it only if that filtering is intended"
		switch q.p.Joins[i].Type {
		case JoinLeft, JoinRight, JoinFull:
			detail = "an outer join that is never used can only repeat rows"
		case JoinCross:
			detail = "a cross join multiplies every row by the rows of " + s.label()
		}
		a.warn(CodeUnusedJoin, path, fmt.Sprintf("%s is joined but none of its columns is used", s.label()), detail, "remove "+path)
	}
}
