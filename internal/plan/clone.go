package plan

import "slices"

// Clone returns a deep copy of p, so patches and audit fixes never alias the
// plan they change. It copies structurally: literal values are immutable
// scalars (string, number, bool, nil) and are shared.
func (p *Plan) Clone() *Plan {
	if p == nil {
		return nil
	}
	q := *p
	q.With = cloneSlice(p.With, func(c CTE) CTE { c.Plan = c.Plan.Clone(); return c })
	q.Select = cloneSlice(p.Select, func(s SelectItem) SelectItem { s.Expr = s.Expr.clone(); return s })
	q.From = p.From.clone()
	q.Joins = cloneSlice(p.Joins, func(j Join) Join {
		j.Source = j.Source.clone()
		j.On = slices.Clone(j.On)
		return j
	})
	q.Where = p.Where.clone()
	q.GroupBy = cloneExprs(p.GroupBy)
	q.Having = p.Having.clone()
	q.OrderBy = cloneOrder(p.OrderBy)
	q.Limit = clonePtr(p.Limit)
	q.Offset = clonePtr(p.Offset)
	if p.SetOp != nil {
		op := *p.SetOp
		op.Right = op.Right.Clone()
		q.SetOp = &op
	}
	return &q
}

func (s Source) clone() Source {
	s.Subquery = s.Subquery.Clone()
	return s
}

func (e Expr) clone() Expr {
	e.Left = e.Left.clonePtr()
	e.Right = e.Right.clonePtr()
	e.Else = e.Else.clonePtr()
	e.Arg = e.Arg.clonePtr()
	e.Args = cloneExprs(e.Args)
	e.Case = cloneSlice(e.Case, func(w When) When {
		if c := w.If.clone(); c != nil {
			w.If = *c
		}
		w.Then = w.Then.clone()
		return w
	})
	if e.Over != nil {
		w := Window{PartitionBy: cloneExprs(e.Over.PartitionBy), OrderBy: cloneOrder(e.Over.OrderBy)}
		e.Over = &w
	}
	e.Subquery = e.Subquery.Clone()
	return e
}

func (e *Expr) clonePtr() *Expr {
	if e == nil {
		return nil
	}
	c := e.clone()
	return &c
}

func (c *Cond) clone() *Cond {
	if c == nil {
		return nil
	}
	d := *c
	d.And = cloneSlice(c.And, func(x Cond) Cond { return *x.clone() })
	d.Or = cloneSlice(c.Or, func(x Cond) Cond { return *x.clone() })
	d.Not = c.Not.clone()
	d.Left = c.Left.clonePtr()
	d.Right = c.Right.clonePtr()
	d.Values = cloneExprs(c.Values)
	d.Low = c.Low.clonePtr()
	d.High = c.High.clonePtr()
	d.Subquery = c.Subquery.Clone()
	return &d
}

func cloneExprs(es []Expr) []Expr {
	return cloneSlice(es, Expr.clone)
}

func cloneOrder(os []OrderItem) []OrderItem {
	return cloneSlice(os, func(o OrderItem) OrderItem { o.Expr = o.Expr.clone(); return o })
}

// cloneSlice copies s element by element with f, keeping nil as nil so that
// a clone marshals exactly like its original.
func cloneSlice[T any](s []T, f func(T) T) []T {
	if s == nil {
		return nil
	}
	out := make([]T, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	return out
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
