package plan

import (
	"fmt"
	"strings"

	"querent/internal/schema"
)

// ModOptions describes, for a user interface, how an answer's plan can be
// adjusted with [ApplyPatch]: the columns that can be shown, sorted on or
// filtered, what is sorted and filtered now, and the limit. Every list is
// in a stable order (the plan's own order, then names) so a UI does not
// reshuffle between turns.
type ModOptions struct {
	// Patchable is false for plans [ApplyPatch] refuses (raw SQL); Reason
	// then says why and the lists are empty.
	Patchable bool   `json:"patchable"`
	Reason    string `json:"reason,omitempty"`
	// Tables are the plan's table sources in plan order, then the tables one
	// foreign key away that add_column can join, by name.
	Tables []TableOption `json:"tables"`
	// Sortable are the result's column names modify_order_by accepts.
	Sortable []string `json:"sortable"`
	// GroupBy lists the current dimensions (column references or expressions
	// as JSON); empty when the result is not grouped.
	GroupBy []string `json:"group_by"`
	// OrderBy and Limit are the current ordering and row limit (nil: none).
	OrderBy []PatchOrder `json:"order_by"`
	Limit   *int64       `json:"limit"`
	// Filters are the conditions applied now, one per top-level AND term.
	Filters []FilterOption `json:"filters"`
}

// TableOption is one table whose columns can be added.
type TableOption struct {
	// Table is the schema table; Source is how the plan (or the join that
	// add_column would add) refers to it.
	Table  string `json:"table"`
	Source string `json:"source"`
	// InPlan is false for a table add_column would join; Via names the plan
	// sources it is linked to.
	InPlan  bool           `json:"in_plan"`
	Via     []string       `json:"via,omitempty"`
	Columns []ColumnOption `json:"columns"`
}

// ColumnOption is one column and what it is good for.
type ColumnOption struct {
	// Ref is the "source.column" reference patch operations take.
	Ref  string      `json:"ref"`
	Name string      `json:"name"`
	Kind schema.Kind `json:"kind"`
	// Selected is true when the result already shows the column.
	Selected bool `json:"selected"`
	// Role is dimension (group or filter by it), measure (sum or average
	// it), time (bucket or filter by period), key (identifies rows) or text
	// (free text: search it).
	Role string `json:"role"`
}

// The column roles of [ColumnOption].
const (
	RoleDimension = "dimension"
	RoleMeasure   = "measure"
	RoleTime      = "time"
	RoleKey       = "key"
	RoleText      = "text"
)

// FilterOption is one applied condition. A simple predicate on a column has
// Column, Operator and its values; a year kept by a date range (how
// add_filter and the offline planner write "in 2024") reads back as
// operator "year". Anything else (OR, NOT, subqueries) has only Cond.
type FilterOption struct {
	// Clause is "where" (rows) or "having" (groups).
	Clause   string `json:"clause"`
	Column   string `json:"column,omitempty"`
	Operator string `json:"operator,omitempty"`
	Value    any    `json:"value,omitempty"`
	Values   []any  `json:"values,omitempty"`
	Low      any    `json:"low,omitempty"`
	High     any    `json:"high,omitempty"`
	// Cond is the condition as written, for display and for add_filter's
	// "filter" form.
	Cond *Cond `json:"cond"`
}

// ModificationOptions lists how p can be adjusted; see [ModOptions].
func ModificationOptions(p *Plan, s *schema.Schema) ModOptions {
	opts := ModOptions{Tables: []TableOption{}, Sortable: []string{}, GroupBy: []string{}, OrderBy: []PatchOrder{}, Filters: []FilterOption{}}
	switch {
	case p == nil:
		opts.Reason = "there is no plan"
		return opts
	case p.RawSQL != "":
		opts.Reason = "the answer came from raw SQL, which cannot be adjusted"
		return opts
	}
	if s == nil {
		s = &schema.Schema{}
	}
	opts.Patchable = true
	pt := &patcher{s: s, p: p, edges: s.Edges()}
	srcs := pt.sources()
	if p.SetOp == nil {
		for _, src := range srcs {
			if src.table != nil {
				opts.Tables = append(opts.Tables, pt.tableOption(src.table, src.name, true, nil))
			}
		}
		for _, n := range pt.neighbours(srcs) {
			if n.join != nil {
				opts.Tables = append(opts.Tables, pt.tableOption(n.table, n.table.Name, false, n.via))
			}
		}
	}
	for _, it := range p.Select {
		if isStar(&it.Expr) {
			continue
		}
		if p.SetOp != nil && it.Alias == "" {
			continue // only aliases order a combined result
		}
		if l := outputLabel(it); l != "" {
			opts.Sortable = append(opts.Sortable, l)
		}
	}
	for _, g := range p.GroupBy {
		opts.GroupBy = append(opts.GroupBy, exprLabel(g))
	}
	for _, o := range p.OrderBy {
		opts.OrderBy = append(opts.OrderBy, PatchOrder{Column: exprLabel(o.Expr), Desc: o.Desc, Nulls: o.Nulls})
	}
	opts.Limit = clonePtr(p.Limit)
	opts.Filters = append(pt.filterOptions(p.Where, "where"), pt.filterOptions(p.Having, "having")...)
	return opts
}

func (pt *patcher) tableOption(t *schema.Table, name string, inPlan bool, via []string) TableOption {
	to := TableOption{Table: t.Name, Source: name, InPlan: inPlan, Via: via, Columns: []ColumnOption{}}
	keys := keyColumns(t, pt.edges)
	for _, c := range t.Columns {
		ref := name + "." + c.Name
		to.Columns = append(to.Columns, ColumnOption{
			Ref: ref, Name: c.Name, Kind: c.Kind,
			Selected: inPlan && pt.selected(ref, name),
			Role:     columnRole(c, keys[strings.ToLower(c.Name)]),
		})
	}
	return to
}

// selected reports whether the result shows the column ref of source src.
func (pt *patcher) selected(ref, src string) bool {
	if len(pt.p.Select) == 0 {
		return true // SELECT *
	}
	k, ok := pt.canonCol(ref)
	for _, it := range pt.p.Select {
		switch {
		case it.Expr.Col == "*", strings.EqualFold(it.Expr.Col, src+".*"):
			return true
		case it.Expr.Col != "" && ok:
			if k2, ok2 := pt.canonCol(it.Expr.Col); ok2 && k2 == k {
				return true
			}
		}
	}
	return false
}

// keyColumns returns the lower-cased names of t's primary and foreign key
// columns, and of columns other tables' keys point at.
func keyColumns(t *schema.Table, edges []schema.Edge) map[string]bool {
	keys := map[string]bool{}
	for _, c := range t.PrimaryKey {
		keys[strings.ToLower(c)] = true
	}
	for _, e := range edges {
		if strings.EqualFold(e.From, t.Name) {
			for _, c := range e.FromCols {
				keys[strings.ToLower(c)] = true
			}
		}
		if strings.EqualFold(e.To, t.Name) {
			for _, c := range e.ToCols {
				keys[strings.ToLower(c)] = true
			}
		}
	}
	return keys
}

// columnRole classifies a column for a UI. Text with a short, known set of
// values (status, country) is a dimension; other text is searched, not
// grouped.
func columnRole(c schema.Column, key bool) string {
	switch {
	case key:
		return RoleKey
	case c.Kind.Temporal():
		return RoleTime
	case c.Kind.Numeric():
		return RoleMeasure
	case c.Kind == schema.KindBool:
		return RoleDimension
	case c.SamplesComplete || (c.Distinct > 0 && c.Distinct <= 50):
		return RoleDimension
	}
	return RoleText
}

// exprLabel names an expression for display: its column or output
// reference, else its JSON.
func exprLabel(e Expr) string {
	switch {
	case e.Col != "":
		return e.Col
	case e.Ref != "":
		return e.Ref
	}
	return exprString(&e)
}

// filterOptions describes the top-level AND terms of c; a pair of terms
// spanning exactly one calendar year on the same column reads as "year".
func (pt *patcher) filterOptions(c *Cond, clause string) []FilterOption {
	terms := conjuncts(c)
	used := make([]bool, len(terms))
	var out []FilterOption
	for i := range terms {
		if used[i] {
			continue
		}
		if j, y, ok := pt.yearPair(terms, i, used); ok {
			used[i], used[j] = true, true
			both := andOf([]Cond{terms[i], terms[j]})
			out = append(out, FilterOption{Clause: clause, Column: exprLabel(*terms[i].Left), Operator: "year", Value: y, Cond: both})
			continue
		}
		t := terms[i]
		f := FilterOption{Clause: clause, Cond: t.clone()}
		if t.Op != "" && t.Left != nil && t.Subquery == nil && (t.Left.Col != "" || t.Left.Ref != "") && simpleOperands(&t) {
			f.Column, f.Operator = exprLabel(*t.Left), t.Op
			if t.Right != nil {
				f.Value = t.Right.Value
			}
			for _, v := range t.Values {
				f.Values = append(f.Values, v.Value)
			}
			if t.Low != nil {
				f.Low = t.Low.Value
			}
			if t.High != nil {
				f.High = t.High.Value
			}
		}
		out = append(out, f)
	}
	return out
}

// simpleOperands reports whether every operand of a predicate is a literal.
func simpleOperands(c *Cond) bool {
	for _, e := range []*Expr{c.Right, c.Low, c.High} {
		if e != nil && !e.IsLiteral() {
			return false
		}
	}
	for _, v := range c.Values {
		if !v.IsLiteral() {
			return false
		}
	}
	return true
}

// yearPair finds, for a ">= 'Y-01-01'" term at i, the "< 'Y+1-01-01'" term on
// the same column, and returns its index and the year.
func (pt *patcher) yearPair(terms []Cond, i int, used []bool) (int, int64, bool) {
	lo := terms[i]
	if lo.Op != ">=" || lo.Left == nil || lo.Left.Col == "" || lo.Right == nil {
		return 0, 0, false
	}
	y, ok := yearStart(lo.Right.Value)
	if !ok {
		return 0, 0, false
	}
	key := pt.exprKeyCanon(*lo.Left)
	want := fmt.Sprintf("%04d-01-01", y+1)
	for j := range terms {
		hi := terms[j]
		if j == i || used[j] || hi.Op != "<" || hi.Left == nil || hi.Right == nil || hi.Right.Value != want {
			continue
		}
		if pt.exprKeyCanon(*hi.Left) == key {
			return j, y, true
		}
	}
	return 0, 0, false
}

// yearStart reads "YYYY-01-01".
func yearStart(v any) (int64, bool) {
	s, ok := v.(string)
	if !ok || len(s) != 10 || !strings.HasSuffix(s, "-01-01") {
		return 0, false
	}
	return yearValue(s[:4])
}
