package sqlgen

// This file compiles whole queries: CTEs, set operations, the wrapping
// that lets ORDER BY and row limits apply to them, and LIMIT/OFFSET.

import (
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// mode is how a query is embedded in the statement.
type mode struct {
	// nested: inside another query (subquery, CTE body, set operation member).
	nested bool
	// derived: read as a table (CTE body, FROM/JOIN subquery, wrapped query),
	// so every output column needs a unique name.
	derived bool
	// maxRows caps the outermost query; 0 for none.
	maxRows int64
}

// wrapAlias names the derived table a query is wrapped in so ORDER BY and
// row limits apply to its result (set operations, emulated NULLS ordering
// under DISTINCT, IN subqueries with LIMIT).
const wrapAlias = "_q"

// query compiles a whole Plan: CTEs, the SELECT or set operation, ORDER BY
// and row limits. It returns the SQL (without the hoisted WITH clause) and
// the output columns, nil when they are unknown because of an error.
func (c *compiler) query(p *plan.Plan, path string, outer *scope, ctes *cteEnv, m mode) (string, []column) {
	if p == nil {
		c.report(path, CodeMalformed, nil, "a plan is missing")
		return "SELECT NULL", nil
	}
	if p.RawSQL != "" {
		c.report(field(path, "raw_sql"), CodeUnsupported, nil, "raw_sql is allowed only as a whole plan, not inside one")
		return "SELECT NULL", nil
	}
	ctes = c.with(p, path, ctes)
	limit, offset := c.limits(p, path, m)
	ordered := len(p.OrderBy) > 0
	if p.SetOp != nil {
		wrap := ordered || limit != nil || offset != nil
		left := c.core(p, path, outer, ctes, m.derived || wrap, "")
		right, rout := c.member(p.SetOp, field(path, "set_op"), outer, ctes)
		op := c.setOp(p.SetOp.Op, field(path, "set_op.op"))
		if left.out != nil && rout != nil && len(left.out) != len(rout) {
			c.report(field(path, "set_op.right"), CodeMalformed, nil,
				"the two sides of %s select %d and %d columns; they must select the same number", p.SetOp.Op, len(left.out), len(rout))
		}
		sql := left.sql() + " " + op + " " + right
		if !wrap {
			return sql, left.out
		}
		return c.wrap(sql, left, p.OrderBy, path, limit, offset, m), left.out
	}
	if p.Distinct && !c.caps.NullsOrdering && needsNulls(p.OrderBy) {
		// SQL Server rejects an ORDER BY key that is not a select item under
		// DISTINCT, which the emulated CASE key never is.
		inner := c.core(p, path, outer, ctes, true, "")
		return c.wrap(inner.sql(), inner, p.OrderBy, path, limit, offset, m), inner.out
	}
	if m.nested && ordered && limit == nil && offset == nil && c.caps.SubqueryOrderNeedsLimit {
		offset = new(int64)
	}
	top, tail := c.d.Limit(limit, offset, ordered)
	k := c.core(p, path, outer, ctes, m.derived, top)
	sql := k.sql()
	if ordered {
		sql += " ORDER BY " + strings.Join(c.orderBy(k.lv, p.OrderBy, path), ", ")
	}
	if tail != "" {
		sql += " " + tail
	}
	return sql, k.out
}

// with compiles the plan's CTEs into the hoisted WITH list and returns the
// CTE scope its query sees.
func (c *compiler) with(p *plan.Plan, path string, env *cteEnv) *cteEnv {
	outerEnv := env
	for i := range p.With {
		w := &p.With[i]
		wpath := index(field(path, "with"), i)
		if w.Name == "" {
			c.report(field(wpath, "name"), CodeMalformed, nil, "a CTE needs a name")
			continue
		}
		c.checkName(w.Name, field(wpath, "name"))
		for e := env; e != outerEnv; e = e.parent {
			if strings.EqualFold(e.name, w.Name) {
				c.report(field(wpath, "name"), CodeDuplicateName, nil, "CTE %q is defined twice", w.Name)
			}
		}
		// CTE bodies are hoisted to the top of the statement, so they see
		// earlier CTEs but no enclosing query's columns.
		body, out := c.query(w.Plan, field(wpath, "plan"), nil, env, mode{nested: true, derived: true})
		sqlName := c.cteName(w.Name)
		c.ctes = append(c.ctes, c.q(sqlName)+" AS ("+body+")")
		env = &cteEnv{parent: env, name: w.Name, sqlName: sqlName, cols: out}
	}
	return env
}

// cteName picks a WITH name unique in the statement that shadows no table.
func (c *compiler) cteName(name string) string {
	if c.cteTaken == nil {
		c.cteTaken = map[string]bool{}
		c.tableIdxs = map[string]bool{}
		for i := range c.s.Tables {
			c.tableIdxs[strings.ToLower(tableIdent(&c.s.Tables[i]))] = true
		}
	}
	q := name
	for n := 2; c.cteTaken[strings.ToLower(q)] || c.tableIdxs[strings.ToLower(q)]; n++ {
		q = name + "_" + itoa(int64(n))
	}
	c.cteTaken[strings.ToLower(q)] = true
	return q
}

// limits validates the plan's LIMIT and OFFSET and applies the MaxRows cap.
// They are written into the SQL as numbers, not bound: they are int64 in the
// Plan, so no text reaches the SQL, and SQL Server's TOP and some engines'
// planners want constants.
func (c *compiler) limits(p *plan.Plan, path string, m mode) (limit, offset *int64) {
	if p.Limit != nil {
		if *p.Limit < 0 {
			c.report(field(path, "limit"), CodeMalformed, nil, "limit %d is negative", *p.Limit)
		} else {
			n := *p.Limit
			limit = &n
		}
	}
	if p.Offset != nil {
		if *p.Offset < 0 {
			c.report(field(path, "offset"), CodeMalformed, nil, "offset %d is negative", *p.Offset)
		} else if *p.Offset > 0 {
			n := *p.Offset
			offset = &n
		}
	}
	if m.maxRows > 0 && (limit == nil || *limit > m.maxRows) {
		n := m.maxRows
		limit = &n
	}
	return limit, offset
}

var setOps = map[string]string{"union": "UNION", "union_all": "UNION ALL", "intersect": "INTERSECT", "except": "EXCEPT"}

// setOp spells a set operation, refusing those the dialect lacks.
func (c *compiler) setOp(op, path string) string {
	sql, ok := setOps[strings.ToLower(op)]
	if !ok {
		c.report(path, CodeMalformed, schema.Nearest(op, plan.SetOps, 2), "unknown set operation %q", op)
		return "UNION"
	}
	if (sql == "INTERSECT" || sql == "EXCEPT") && !c.caps.IntersectExcept {
		c.report(path, CodeUnsupported, nil, "%s has no %s", c.d.Name(), sql)
	}
	return sql
}

// member compiles the right side of a set operation. A member with its own
// ORDER BY, LIMIT or set operation is wrapped as a derived table: SQLite
// allows no parentheses around members, and a nested set operation must keep
// its grouping.
func (c *compiler) member(s *plan.SetOp, path string, outer *scope, ctes *cteEnv) (string, []column) {
	r := s.Right
	rpath := field(path, "right")
	if r == nil {
		c.report(rpath, CodeMalformed, nil, "a set operation needs a right plan")
		return "SELECT NULL", nil
	}
	complex := r.SetOp != nil || len(r.OrderBy) > 0 || r.Limit != nil || r.Offset != nil
	sql, out := c.query(r, rpath, outer, ctes, mode{nested: true, derived: complex})
	if complex {
		sql = "SELECT * FROM (" + sql + ") AS " + c.q(wrapAlias)
	}
	return sql, out
}

// wrap applies ORDER BY and row limits to inner's result as a derived table.
// Its ORDER BY can only name inner's output columns.
func (c *compiler) wrap(inner string, k *core, order []plan.OrderItem, path string, limit, offset *int64, m mode) string {
	var keys []string
	for i := range order {
		o := &order[i]
		opath := index(field(path, "order_by"), i)
		key := c.q(wrapAlias) + "." + c.q(c.outputName(k, &o.Expr, field(opath, "expr")))
		keys = c.orderKey(keys, key, key, o, opath)
	}
	if m.nested && len(keys) > 0 && limit == nil && offset == nil && c.caps.SubqueryOrderNeedsLimit {
		offset = new(int64)
	}
	top, tail := c.d.Limit(limit, offset, len(keys) > 0)
	sql := "SELECT "
	if top != "" {
		sql += top + " "
	}
	sql += "* FROM (" + inner + ") AS " + c.q(wrapAlias)
	if len(keys) > 0 {
		sql += " ORDER BY " + strings.Join(keys, ", ")
	}
	if tail != "" {
		sql += " " + tail
	}
	return sql
}

// outputName maps an ORDER BY expression of a wrapped query to one of its
// output columns: a ref, a column the query outputs (bare by output name, or
// "source.column" passed through), or an expression equal to a select item.
func (c *compiler) outputName(k *core, e *plan.Expr, path string) string {
	fail := func() string {
		c.report(path, CodeUnsupported, nil,
			"ORDER BY of a set operation (or of SELECT DISTINCT with NULLS ordering on %s) can only use output columns: select it with an alias and order by ref", c.d.Name())
		return "_"
	}
	if k.out == nil {
		return "_" // already reported
	}
	byName := func(name string) (string, bool) {
		var found []string
		for _, col := range k.out {
			if col.name != "" && strings.EqualFold(col.name, name) {
				found = append(found, col.name)
			}
		}
		if len(found) > 1 {
			c.report(path, CodeAmbiguousColumn, nil, "more than one output column is named %q", name)
		}
		if len(found) == 0 {
			return "", false
		}
		return found[0], true
	}
	switch {
	case e.Ref != "" && len(variants(e)) == 1:
		if name, ok := byName(e.Ref); ok {
			return name
		}
		c.report(path, CodeUnknownAlias, schema.Nearest(e.Ref, colNames(k.out), 3), "no output column is named %q", e.Ref)
		return "_"
	case e.Col != "" && len(variants(e)) == 1:
		if name, ok := byName(e.Col); ok {
			return name
		}
		l := resolve(e.Col, k.lv.sc)
		if l.fail != "" {
			return fail()
		}
		for _, col := range k.out {
			if col.src == l.src && strings.EqualFold(col.base, l.col.name) && col.name != "" {
				return col.name
			}
		}
		return fail()
	}
	if j := k.lv.equalItem(e); j >= 0 && k.out[k.lv.itemCol[j]].name != "" {
		return k.out[k.lv.itemCol[j]].name
	}
	return fail()
}

// needsNulls reports whether any ORDER BY item asks for a NULLS placement.
func needsNulls(order []plan.OrderItem) bool {
	for _, o := range order {
		if o.Nulls != "" {
			return true
		}
	}
	return false
}
