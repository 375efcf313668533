package sqlgen

// This file compiles one SELECT: its sources, joins, select list, WHERE,
// GROUP BY and HAVING.

import (
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// level is the compile state of one SELECT: its sources and select items,
// which refs and ORDER BY consult.
type level struct {
	path      string
	sc        *scope
	ctes      *cteEnv
	items     []item
	itemCol   []int  // item → index of its first output column
	expanding []bool // items whose ref expansion is in progress, to catch cycles
}

// item is one select item.
type item struct {
	expr  *plan.Expr
	alias string
	path  string
	star  bool
}

// core is a rendered SELECT without ORDER BY and row limits.
type core struct {
	lv   *level
	head string // SELECT [DISTINCT] [TOP n] list
	rest string // FROM … HAVING
	out  []column
}

func (k *core) sql() string { return k.head + " " + k.rest }

// core compiles SELECT … FROM … WHERE … GROUP BY … HAVING. top is the
// dialect's TOP clause, if any; derived asks for named output columns.
func (c *compiler) core(p *plan.Plan, path string, outer *scope, ctes *cteEnv, derived bool, top string) *core {
	sc := &scope{parent: outer}
	lv := &level{path: path, sc: sc, ctes: ctes}
	var rest strings.Builder
	rest.WriteString("FROM ")
	rest.WriteString(c.addSource(&p.From, field(path, "from"), sc, ctes))
	for i := range p.Joins {
		rest.WriteString(" ")
		rest.WriteString(c.join(&p.Joins[i], index(field(path, "joins"), i), sc, ctes))
	}
	list, out := c.selectList(p, lv, derived)
	if p.Where != nil {
		x := &ctx{lv: lv, clause: "where"}
		rest.WriteString(" WHERE " + c.cond(p.Where, field(path, "where"), x))
	}
	if len(p.GroupBy) > 0 {
		rest.WriteString(" GROUP BY " + strings.Join(c.groupBy(p, lv), ", "))
	}
	if p.Having != nil {
		x := &ctx{lv: lv, clause: "having", allowAgg: true}
		rest.WriteString(" HAVING " + c.cond(p.Having, field(path, "having"), x))
	}
	head := "SELECT "
	if p.Distinct {
		head += "DISTINCT "
	}
	if top != "" {
		head += top + " "
	}
	return &core{lv: lv, head: head + list, rest: rest.String(), out: out}
}

var joinWords = map[plan.JoinType]string{
	plan.JoinInner: "INNER JOIN", plan.JoinLeft: "LEFT JOIN", plan.JoinRight: "RIGHT JOIN",
	plan.JoinFull: "FULL JOIN", plan.JoinCross: "CROSS JOIN",
}

// join renders one JOIN, refusing join types the dialect lacks.
func (c *compiler) join(j *plan.Join, path string, sc *scope, ctes *cteEnv) string {
	typ := plan.JoinType(strings.ToLower(string(j.Type)))
	if typ == "" {
		typ = plan.JoinInner
	}
	word, ok := joinWords[typ]
	switch {
	case !ok:
		c.report(field(path, "type"), CodeMalformed, nil, "unknown join type %q: use inner, left, right, full or cross", j.Type)
		word = "INNER JOIN"
	case typ == plan.JoinRight && !c.caps.RightJoin:
		c.report(field(path, "type"), CodeUnsupported, []string{"left"}, "%s has no RIGHT JOIN; swap the sources and use a left join", c.d.Name())
	case typ == plan.JoinFull && !c.caps.FullJoin:
		c.report(field(path, "type"), CodeUnsupported, nil,
			"%s has no FULL JOIN; use a left join, or the union of a left and a right join", c.d.Name())
	}
	sql := word + " " + c.addSource(&j.Source, path, sc, ctes)
	if typ == plan.JoinCross {
		if len(j.On) > 0 {
			c.report(field(path, "on"), CodeMalformed, nil, "a cross join takes no on pairs")
		}
		return sql
	}
	if len(j.On) == 0 {
		c.report(field(path, "on"), CodeMalformed, nil, "a %s join needs on pairs (or type cross)", typ)
		return sql
	}
	conds := make([]string, len(j.On))
	for i, on := range j.On {
		opath := index(field(path, "on"), i)
		l, ll := c.colRef(on.Left, field(opath, "left"), sc)
		r, rl := c.colRef(on.Right, field(opath, "right"), sc)
		if schema.TextAgainstNumber(ll.col.kind, rl.col.kind) {
			l, r = c.textAsNumber(l, ll.col.kind, opath), c.textAsNumber(r, rl.col.kind, opath)
		}
		conds[i] = l + " = " + r
	}
	return sql + " ON " + strings.Join(conds, " AND ")
}

// textAsNumber spells the numeric side of a text-against-number join pair
// as text on engines that do not compare the two loosely; the audit admits
// such a pair only where the data showed the values equal as text, so the
// comparison the engine makes is the one that was checked.
func (c *compiler) textAsNumber(sql string, k schema.Kind, path string) string {
	if c.caps.LooseCompare || !k.Numeric() {
		return sql
	}
	out, err := c.d.Func("cast_text", []string{sql})
	if err != nil {
		c.report(path, CodeUnsupported, nil, "%s cannot compare a number with text: %v", c.d.Name(), err)
		return sql
	}
	return out
}

// isStar reports whether e is "*" or "source.*" and nothing else.
func isStar(e *plan.Expr) bool {
	return (e.Col == "*" || strings.HasSuffix(e.Col, ".*")) && len(variants(e)) == 1 && modifiers(e) == nil
}

// selectList renders the select items and describes the output columns.
func (c *compiler) selectList(p *plan.Plan, lv *level, derived bool) (string, []column) {
	sc := lv.sc
	if len(p.Select) == 0 {
		// Every column of the From source: "*" alone would add the joins'.
		from := sc.sources[0]
		var out []column
		if from.known {
			out = from.cols
		}
		if len(sc.sources) == 1 {
			return "*", out
		}
		return c.q(from.qual) + ".*", out
	}
	lv.items = make([]item, len(p.Select))
	lv.expanding = make([]bool, len(p.Select))
	for i := range p.Select {
		it := &p.Select[i]
		lv.items[i] = item{expr: &it.Expr, alias: it.Alias, path: index(field(lv.path, "select"), i), star: isStar(&it.Expr)}
	}
	parts := make([]string, len(lv.items))
	var out []column
	known := true
	itemCol := make([]int, len(lv.items))
	lv.itemCol = itemCol
	for i := range lv.items {
		it := &lv.items[i]
		itemCol[i] = len(out)
		if it.star {
			sql, cols := c.star(it, sc)
			parts[i] = sql
			known = known && cols != nil
			out = append(out, cols...)
			continue
		}
		x := &ctx{lv: lv, clause: "select", allowAgg: true, allowWin: true}
		lv.expanding[i] = true // a ref back to this item is a cycle
		sql, inf := c.expr(it.expr, field(it.path, "expr"), x, ParamUntyped)
		lv.expanding[i] = false
		col := column{name: it.alias, kind: inf.kind}
		if inf.col != nil {
			col.src, col.base = inf.col.src, inf.col.base
			if col.name == "" {
				col.name = inf.col.name
			}
		}
		if it.alias != "" {
			c.checkName(it.alias, field(it.path, "alias"))
			sql += " AS " + c.q(it.alias)
		}
		parts[i] = sql
		out = append(out, col)
	}
	if derived {
		c.nameOutputs(lv, parts, out, itemCol)
	}
	if !known {
		out = nil
	}
	return strings.Join(parts, ", "), out
}

// nameOutputs gives unnamed expression columns of a derived query the name
// col_N (N its 1-based position) and reports duplicate names, which SQL
// Server and MySQL reject in derived tables.
func (c *compiler) nameOutputs(lv *level, parts []string, out []column, itemCol []int) {
	taken := map[string]bool{}
	for _, col := range out {
		taken[strings.ToLower(col.name)] = true
	}
	for i, it := range lv.items {
		if it.star || out[itemCol[i]].name != "" {
			continue
		}
		name := "col_" + itoa(int64(itemCol[i]+1))
		for n := 2; taken[strings.ToLower(name)]; n++ {
			name = "col_" + itoa(int64(itemCol[i]+1)) + "_" + itoa(int64(n))
		}
		taken[strings.ToLower(name)] = true
		out[itemCol[i]].name = name
		parts[i] += " AS " + c.q(name)
	}
	seen := map[string]bool{}
	for i, it := range lv.items {
		end := len(out)
		if i+1 < len(lv.items) {
			end = itemCol[i+1]
		}
		for _, col := range out[itemCol[i]:end] {
			k := strings.ToLower(col.name)
			if seen[k] {
				c.report(it.path, CodeDuplicateName, nil,
					"output column %q appears twice in a query read as a table; give one an alias", col.name)
			}
			seen[k] = true
		}
	}
}

// star renders "*" or "source.*" and the columns it selects.
func (c *compiler) star(it *item, sc *scope) (string, []column) {
	if it.alias != "" {
		c.report(field(it.path, "alias"), CodeMalformed, nil, "a star select item cannot have an alias")
	}
	var srcs []*source
	var sql string
	if it.expr.Col == "*" {
		srcs, sql = sc.sources, "*"
	} else {
		name := strings.TrimSuffix(it.expr.Col, ".*")
		var names []string
		for _, src := range sc.sources {
			names = append(names, src.names[0])
			for _, n := range src.names {
				if strings.EqualFold(n, name) && srcs == nil {
					srcs = []*source{src}
				}
			}
		}
		if srcs == nil {
			c.report(field(it.path, "expr.col"), CodeUnknownTable, schema.Nearest(name, names, 3), "no source named %q in this query", name)
			return "NULL", nil
		}
		sql = c.q(srcs[0].qual) + ".*"
	}
	var cols []column
	for _, src := range srcs {
		if !src.known {
			return sql, nil
		}
		cols = append(cols, src.cols...)
	}
	return sql, cols
}
