// Package plan defines the Plan: the structured, engine-neutral description of
// one query that planners produce and the compiler turns into SQL. A Plan
// names tables and columns only by their schema names and carries every
// literal as a value, never as SQL text, so what it can express is exactly what
// the compiler can prove safe.
//
// The JSON form is the contract with the LLM; its JSON Schema lives beside the
// types in plan.schema.json and a test keeps the two in step.
package plan

// Plan is one SELECT (or a set operation of several).
type Plan struct {
	// With defines common table expressions that From, joins and subqueries
	// may reference by name.
	With []CTE `json:"with,omitempty"`
	// Distinct makes the projection SELECT DISTINCT.
	Distinct bool `json:"distinct,omitempty"`
	// Select is the projection, in output order. Empty means every column of
	// the From source (SELECT *).
	Select  []SelectItem `json:"select,omitempty"`
	From    Source       `json:"from"`
	Joins   []Join       `json:"joins,omitempty"`
	Where   *Cond        `json:"where,omitempty"`
	GroupBy []Expr       `json:"group_by,omitempty"`
	Having  *Cond        `json:"having,omitempty"`
	OrderBy []OrderItem  `json:"order_by,omitempty"`
	// Limit and Offset are row counts; nil means none.
	Limit  *int64 `json:"limit,omitempty"`
	Offset *int64 `json:"offset,omitempty"`
	// SetOp combines this query with another; Limit, Offset and OrderBy of
	// this Plan then apply to the combined result.
	SetOp *SetOp `json:"set_op,omitempty"`
	// RawSQL is the full tier's escape hatch for what a Plan cannot express.
	// When set, every other field is ignored and the SQL must pass the guard.
	RawSQL string `json:"raw_sql,omitempty"`
	// Reason is the planner's one-line account of the plan (standard and full
	// tiers); shown to users, never compiled.
	Reason string `json:"reason,omitempty"`
}

// CTE is a named sub-plan usable as a source.
type CTE struct {
	Name string `json:"name"`
	Plan *Plan  `json:"plan"`
}

// Source is what a query reads from: exactly one of Table, CTE or Subquery.
type Source struct {
	Table    string `json:"table,omitempty"`
	CTE      string `json:"cte,omitempty"`
	Subquery *Plan  `json:"subquery,omitempty"`
	// Alias names the source for column references; required for subqueries,
	// needed for tables joined more than once.
	Alias string `json:"alias,omitempty"`
}

// Name is how column references address the source: its alias, else its
// table or CTE name.
func (s Source) Name() string {
	switch {
	case s.Alias != "":
		return s.Alias
	case s.Table != "":
		return s.Table
	default:
		return s.CTE
	}
}

// JoinType is the kind of join.
type JoinType string

// The join types a Plan can use.
const (
	JoinInner JoinType = "inner"
	JoinLeft  JoinType = "left"
	JoinRight JoinType = "right"
	JoinFull  JoinType = "full"
	JoinCross JoinType = "cross"
)

// Join adds a source, matched on pairs of equal columns (foreign-key edges).
type Join struct {
	// Type defaults to inner.
	Type   JoinType `json:"type,omitempty"`
	Source          // the joined table, CTE or subquery and its alias
	// On lists column pairs that must be equal, ANDed. Empty only for cross joins.
	On []JoinOn `json:"on,omitempty"`
}

// JoinOn equates two column references, "source.column" each.
type JoinOn struct {
	Left  string `json:"left"`
	Right string `json:"right"`
}

// SelectItem is one output column.
type SelectItem struct {
	Expr  Expr   `json:"expr"`
	Alias string `json:"alias,omitempty"`
}

// OrderItem is one ORDER BY key.
type OrderItem struct {
	Expr Expr `json:"expr"`
	Desc bool `json:"desc,omitempty"`
	// Nulls is "first" or "last"; empty leaves the engine's default.
	Nulls string `json:"nulls,omitempty"`
}

// SetOp combines the Plan with Right.
type SetOp struct {
	// Op is union, union_all, intersect or except.
	Op    string `json:"op"`
	Right *Plan  `json:"right"`
}

// Expr is a scalar expression. Exactly one of its variant fields is set; the
// JSON form is an object with one key naming the variant (plus that variant's
// modifiers), e.g. {"col": "orders.total"}, {"value": 3},
// {"agg": "sum", "arg": {"col": "orders.total"}}.
type Expr struct {
	// Col references a column as "source.column" (source is a table name,
	// CTE name or alias) or a bare "column" when only one source has it.
	// "*" or "source.*" selects all columns.
	Col string `json:"col,omitempty"`
	// Ref names an output column alias of the same Plan (ORDER BY, HAVING).
	Ref string `json:"ref,omitempty"`
	// Value is a literal: string, number, bool or null. Always compiled to a
	// bound parameter. ValueSet distinguishes an explicit null from absence.
	Value    any  `json:"value,omitempty"`
	ValueSet bool `json:"-"`

	// Agg is count, count_distinct, sum, avg, min or max; Arg is its input,
	// absent for count(*).
	Agg string `json:"agg,omitempty"`
	// Func is a portable scalar function (see [Funcs]); Args are its inputs.
	Func string `json:"func,omitempty"`
	// Bucket truncates a date to a period and labels it as text: year
	// ("2024"), quarter ("2024-Q1"), month ("2024-03"), week ("2024-W09"),
	// day ("2024-03-01"), hour ("2024-03-01 14"). Arg is the date.
	Bucket string `json:"bucket,omitempty"`
	// Extract takes a numeric part of a date: year, quarter, month, day,
	// dow (0 = Sunday), hour. Arg is the date.
	Extract string `json:"extract,omitempty"`
	// Arith is one of + - * / applied to Left and Right.
	Arith string `json:"arith,omitempty"`
	Left  *Expr  `json:"left,omitempty"`
	Right *Expr  `json:"right,omitempty"`
	// Case is a searched CASE; Else is optional.
	Case []When `json:"case,omitempty"`
	Else *Expr  `json:"else,omitempty"`
	// Window is a window function name (row_number, rank, dense_rank, ntile,
	// lag, lead, first_value, last_value, or an aggregate name); Args are its
	// inputs; Over describes the window.
	Window string  `json:"window,omitempty"`
	Over   *Window `json:"over,omitempty"`
	// Subquery is a scalar subquery returning one row of one column.
	Subquery *Plan `json:"subquery,omitempty"`

	// Arg is the single input of Agg, Bucket and Extract.
	Arg *Expr `json:"arg,omitempty"`
	// Args are the inputs of Func and Window.
	Args []Expr `json:"args,omitempty"`
	// Distinct applies to Agg (count distinct, sum distinct).
	Distinct bool `json:"distinct,omitempty"`
}

// When is one branch of a CASE expression.
type When struct {
	If   Cond `json:"if"`
	Then Expr `json:"then"`
}

// Window is the OVER clause of a window function.
type Window struct {
	PartitionBy []Expr      `json:"partition_by,omitempty"`
	OrderBy     []OrderItem `json:"order_by,omitempty"`
}

// Cond is a boolean condition. Exactly one form is used: And, Or, Not, or a
// predicate with Op.
type Cond struct {
	And []Cond `json:"and,omitempty"`
	Or  []Cond `json:"or,omitempty"`
	Not *Cond  `json:"not,omitempty"`

	// Op is one of = != < <= > >= like not_like ilike in not_in between
	// not_between is_null is_not_null exists not_exists.
	Op    string `json:"op,omitempty"`
	Left  *Expr  `json:"left,omitempty"`
	Right *Expr  `json:"right,omitempty"`
	// Values is the list for in / not_in.
	Values []Expr `json:"values,omitempty"`
	// Low and High bound between / not_between (inclusive).
	Low  *Expr `json:"low,omitempty"`
	High *Expr `json:"high,omitempty"`
	// Subquery feeds in / not_in (one column) and exists / not_exists.
	Subquery *Plan `json:"subquery,omitempty"`
}

// Ops lists every predicate operator a Cond may use.
var Ops = []string{"=", "!=", "<", "<=", ">", ">=", "like", "not_like", "ilike", "in", "not_in",
	"between", "not_between", "is_null", "is_not_null", "exists", "not_exists"}

// Aggs lists the aggregate functions.
var Aggs = []string{"count", "count_distinct", "sum", "avg", "min", "max"}

// Funcs lists the portable scalar functions and their argument counts
// (-1: one or more). The compiler maps each to the dialect's spelling.
var Funcs = map[string]int{
	"lower": 1, "upper": 1, "length": 1, "trim": 1, "abs": 1, "round": -1,
	"coalesce": -1, "concat": -1, "substr": -1, "nullif": 2, "cast_int": 1,
	"cast_real": 1, "cast_text": 1, "current_date": 0,
}

// Buckets lists the date bucket periods.
var Buckets = []string{"year", "quarter", "month", "week", "day", "hour"}

// Extracts lists the date parts Extract accepts.
var Extracts = []string{"year", "quarter", "month", "day", "dow", "hour"}

// WindowFuncs lists the window functions beyond the aggregates.
var WindowFuncs = []string{"row_number", "rank", "dense_rank", "ntile", "lag", "lead", "first_value", "last_value"}

// SetOps lists the set operations.
var SetOps = []string{"union", "union_all", "intersect", "except"}

// Col returns a column-reference expression.
func Col(ref string) Expr { return Expr{Col: ref} }

// Val returns a literal expression.
func Val(v any) Expr { return Expr{Value: v, ValueSet: true} }

// Int returns a pointer to n, for Limit and Offset.
func Int(n int64) *int64 { return &n }

// IsLiteral reports whether e is a literal value. A plan built in Go as
// Expr{Value: 3} counts too, not only decoded ones and [Val].
func (e Expr) IsLiteral() bool { return e.ValueSet || e.Value != nil }

// IsAggregate reports whether e contains an aggregate outside any window or
// subquery, i.e. whether it forces grouping.
func (e Expr) IsAggregate() bool {
	if e.Agg != "" {
		return true
	}
	if e.Window != "" || e.Subquery != nil {
		return false
	}
	for _, c := range e.children() {
		if c.IsAggregate() {
			return true
		}
	}
	return false
}

// children returns the direct sub-expressions of e, including the top-level
// expressions of CASE conditions, but not into subqueries.
func (e Expr) children() []Expr {
	var out []Expr
	for _, p := range []*Expr{e.Arg, e.Left, e.Right, e.Else} {
		if p != nil {
			out = append(out, *p)
		}
	}
	out = append(out, e.Args...)
	for _, w := range e.Case {
		out = append(out, w.Then)
		// CASE WHEN sum(x) > 0 … aggregates too.
		w.If.WalkExprs(func(x *Expr) bool {
			out = append(out, *x)
			return false
		})
	}
	return out
}

// Walk calls fn for e and every expression nested in it, including those inside
// CASE conditions and window clauses but not inside subqueries. It stops
// descending where fn returns false.
func (e *Expr) Walk(fn func(*Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	for _, p := range []*Expr{e.Arg, e.Left, e.Right, e.Else} {
		p.Walk(fn)
	}
	for i := range e.Args {
		e.Args[i].Walk(fn)
	}
	for i := range e.Case {
		e.Case[i].If.WalkExprs(fn)
		e.Case[i].Then.Walk(fn)
	}
	if e.Over != nil {
		for i := range e.Over.PartitionBy {
			e.Over.PartitionBy[i].Walk(fn)
		}
		for i := range e.Over.OrderBy {
			e.Over.OrderBy[i].Expr.Walk(fn)
		}
	}
}

// WalkExprs calls [Expr.Walk] with fn on every expression of the condition,
// not descending into subqueries.
func (c *Cond) WalkExprs(fn func(*Expr) bool) {
	if c == nil {
		return
	}
	for i := range c.And {
		c.And[i].WalkExprs(fn)
	}
	for i := range c.Or {
		c.Or[i].WalkExprs(fn)
	}
	c.Not.WalkExprs(fn)
	c.Left.Walk(fn)
	c.Right.Walk(fn)
	for i := range c.Values {
		c.Values[i].Walk(fn)
	}
	c.Low.Walk(fn)
	c.High.Walk(fn)
}
