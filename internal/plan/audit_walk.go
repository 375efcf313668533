package plan

// visitor walks the expressions and conditions of one query level, with
// their paths, without entering subqueries (each is a level of its own).
// Either callback may be nil; returning false skips what lies beneath.
type visitor struct {
	expr func(e *Expr, path string) bool
	cond func(c *Cond, path string) bool
}

func (v visitor) visitExpr(e *Expr, path string) {
	if e == nil || (v.expr != nil && !v.expr(e, path)) {
		return
	}
	// Children are checked for nil before their paths are built: most are
	// absent, and the walk runs over every expression many times per audit.
	if e.Arg != nil {
		v.visitExpr(e.Arg, path+".arg")
	}
	if e.Left != nil {
		v.visitExpr(e.Left, path+".left")
	}
	if e.Right != nil {
		v.visitExpr(e.Right, path+".right")
	}
	for i := range e.Args {
		v.visitExpr(&e.Args[i], idx(path, "args", i))
	}
	for i := range e.Case {
		v.visitCond(&e.Case[i].If, idx(path, "case", i)+".if")
		v.visitExpr(&e.Case[i].Then, idx(path, "case", i)+".then")
	}
	if e.Else != nil {
		v.visitExpr(e.Else, path+".else")
	}
	if e.Over != nil {
		for i := range e.Over.PartitionBy {
			v.visitExpr(&e.Over.PartitionBy[i], idx(path+".over", "partition_by", i))
		}
		for i := range e.Over.OrderBy {
			v.visitExpr(&e.Over.OrderBy[i].Expr, idx(path+".over", "order_by", i)+".expr")
		}
	}
}

func (v visitor) visitCond(c *Cond, path string) {
	if c == nil || (v.cond != nil && !v.cond(c, path)) {
		return
	}
	for i := range c.And {
		v.visitCond(&c.And[i], idx(path, "and", i))
	}
	for i := range c.Or {
		v.visitCond(&c.Or[i], idx(path, "or", i))
	}
	if c.Not != nil {
		v.visitCond(c.Not, path+".not")
	}
	if c.Left != nil {
		v.visitExpr(c.Left, path+".left")
	}
	if c.Right != nil {
		v.visitExpr(c.Right, path+".right")
	}
	for i := range c.Values {
		v.visitExpr(&c.Values[i], idx(path, "values", i))
	}
	if c.Low != nil {
		v.visitExpr(c.Low, path+".low")
	}
	if c.High != nil {
		v.visitExpr(c.High, path+".high")
	}
}

// visitClauses walks every expression of the query's own clauses.
func (v visitor) visitClauses(q *query) {
	p := q.p
	for i := range p.Select {
		v.visitExpr(&p.Select[i].Expr, idx(q.path, "select", i)+".expr")
	}
	if p.Where != nil {
		v.visitCond(p.Where, q.at("where"))
	}
	for i := range p.GroupBy {
		v.visitExpr(&p.GroupBy[i], idx(q.path, "group_by", i))
	}
	if p.Having != nil {
		v.visitCond(p.Having, q.at("having"))
	}
	for i := range p.OrderBy {
		v.visitExpr(&p.OrderBy[i].Expr, idx(q.path, "order_by", i)+".expr")
	}
}

// firstExpr returns the path of the first expression in e for which pred
// holds, or "".
func firstExpr(e *Expr, path string, pred func(*Expr) bool) string {
	found := ""
	visitor{expr: func(x *Expr, p string) bool {
		if found == "" && pred(x) {
			found = p
		}
		return found == ""
	}}.visitExpr(e, path)
	return found
}

// firstInCond is firstExpr for a condition.
func firstInCond(c *Cond, path string, pred func(*Expr) bool) string {
	found := ""
	visitor{expr: func(x *Expr, p string) bool {
		if found == "" && pred(x) {
			found = p
		}
		return found == ""
	}}.visitCond(c, path)
	return found
}

func isAgg(e *Expr) bool    { return e.Agg != "" }
func isWindow(e *Expr) bool { return e.Window != "" }
func isRef(e *Expr) bool    { return e.Ref != "" }

// hasAgg reports whether e holds an aggregate (outside subqueries), i.e.
// whether it forces grouping. Unlike [Expr.IsAggregate] it also looks into
// CASE conditions and window arguments, where an aggregate forces grouping
// just the same.
func hasAgg(e *Expr) bool     { return firstExpr(e, "e", isAgg) != "" }
func hasWindow(e *Expr) bool  { return firstExpr(e, "e", isWindow) != "" }
func hasRef(e *Expr) bool     { return firstExpr(e, "e", isRef) != "" }
func condHasAgg(c *Cond) bool { return firstInCond(c, "c", isAgg) != "" }

// condHasSubquery reports whether c holds a subquery anywhere (in its own
// subquery field or in an expression), which makes moving it between
// clauses unsafe: the subquery may be correlated with ungrouped columns.
func condHasSubquery(c *Cond) bool {
	found := false
	visitor{
		expr: func(e *Expr, _ string) bool {
			found = found || e.Subquery != nil
			return !found
		},
		cond: func(c *Cond, _ string) bool {
			found = found || c.Subquery != nil
			return !found
		},
	}.visitCond(c, "c")
	return found
}

// condHas reports whether some expression of c satisfies pred.
func condHas(c *Cond, pred func(*Expr) bool) bool { return firstInCond(c, "c", pred) != "" }

// variants lists the variant fields set on e; a well-formed Expr has one.
func variants(e *Expr) []string {
	var vs []string
	add := func(set bool, name string) {
		if set {
			vs = append(vs, name)
		}
	}
	add(e.Col != "", "col")
	add(e.Ref != "", "ref")
	add(e.ValueSet || e.Value != nil, "value")
	add(e.Agg != "", "agg")
	add(e.Func != "", "func")
	add(e.Bucket != "", "bucket")
	add(e.Extract != "", "extract")
	add(e.Arith != "", "arith")
	add(len(e.Case) > 0, "case")
	add(e.Window != "", "window")
	add(e.Subquery != nil, "subquery")
	return vs
}

// modifiers lists the non-variant fields set on e.
func modifiers(e *Expr) []string {
	var ms []string
	add := func(set bool, name string) {
		if set {
			ms = append(ms, name)
		}
	}
	add(e.Arg != nil, "arg")
	add(len(e.Args) > 0, "args")
	add(e.Left != nil, "left")
	add(e.Right != nil, "right")
	add(e.Else != nil, "else")
	add(e.Over != nil, "over")
	add(e.Distinct, "distinct")
	return ms
}

// allowedModifiers lists, per variant, the fields it reads; any other field
// set beside it would be silently ignored by the compiler.
var allowedModifiers = map[string][]string{
	"agg":     {"arg", "distinct"},
	"func":    {"args"},
	"bucket":  {"arg"},
	"extract": {"arg"},
	"arith":   {"left", "right"},
	"case":    {"else"},
	"window":  {"args", "over"},
}

// condForms lists the forms set on c; a well-formed Cond has one.
func condForms(c *Cond) []string {
	var fs []string
	if len(c.And) > 0 {
		fs = append(fs, "and")
	}
	if len(c.Or) > 0 {
		fs = append(fs, "or")
	}
	if c.Not != nil {
		fs = append(fs, "not")
	}
	if c.Op != "" {
		fs = append(fs, "op")
	}
	return fs
}

// operands lists the operand fields set on c.
func operands(c *Cond) []string {
	var os []string
	add := func(set bool, name string) {
		if set {
			os = append(os, name)
		}
	}
	add(c.Left != nil, "left")
	add(c.Right != nil, "right")
	add(len(c.Values) > 0, "values")
	add(c.Low != nil, "low")
	add(c.High != nil, "high")
	add(c.Subquery != nil, "subquery")
	return os
}
