package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"querent/internal/schema"
)

// The patch operations. A patch adjusts an answered question's Plan without
// asking a planner again: "add the email column", "sort by total
// descending", "only 3 rows", "only cancelled ones", "by country".
const (
	PatchAddColumn     = "add_column"
	PatchRemoveColumn  = "remove_column"
	PatchModifyOrderBy = "modify_order_by"
	PatchModifyLimit   = "modify_limit"
	PatchAddFilter     = "add_filter"
	PatchRemoveFilter  = "remove_filter"
	PatchChangeGroup   = "change_grouping"
)

// PatchOps lists the operation names in documentation order.
var PatchOps = []string{PatchAddColumn, PatchRemoveColumn, PatchModifyOrderBy, PatchModifyLimit,
	PatchAddFilter, PatchRemoveFilter, PatchChangeGroup}

// FilterOperators lists what add_filter's "operator" accepts: the predicate
// operators of a [Cond] that compare one column with values, plus "year",
// which keeps the rows of one calendar year.
var FilterOperators = []string{"=", "!=", "<", "<=", ">", ">=", "like", "not_like", "ilike",
	"in", "not_in", "between", "not_between", "is_null", "is_not_null", "year"}

// PatchOp is one adjustment of a Plan. Its JSON form is a public contract
// (the CLI's `querent patch --op JSON`, the HTTP API and the planner's
// "patch" reply), one object per operation:
//
//	{"op":"add_column","column":"customers.email"}
//	{"op":"remove_column","column":"customers.email"}      (or an output name)
//	{"op":"modify_order_by","order_by":[{"column":"orders.total","desc":true}]}   ([] clears)
//	{"op":"modify_limit","limit":3}                          (null removes the limit)
//	{"op":"add_filter","column":"orders.status","operator":"=","value":"cancelled"}
//	{"op":"add_filter","column":"orders.total","operator":"between","low":10,"high":20}
//	{"op":"add_filter","column":"orders.status","operator":"in","values":["a","b"]}
//	{"op":"add_filter","column":"orders.order_date","operator":"year","value":2024}
//	{"op":"add_filter","filter":{"op":">","left":{"col":"orders.total"},"right":{"value":100}}}
//	{"op":"remove_filter","column":"orders.status"}
//	{"op":"change_grouping","group_by":["customers.country"]}
//	{"op":"change_grouping","group_by":[{"column":"orders.order_date","bucket":"month"}]}   ([] ungroups)
//
// A column is "table.column" (or "alias.column" for an aliased source), or
// a bare column name when only one table of the plan has it; where an output
// is meant (remove_column, modify_order_by, add_filter on an aggregate,
// remove_filter) its alias or computed name ("count", "sum_total_amount")
// works too. Fields that do not belong to the operation are rejected.
type PatchOp struct {
	Op string `json:"op"`
	// Column is the column or output the operation is about.
	Column string `json:"column,omitempty"`
	// Operator, Value, Values, Low and High describe an add_filter predicate;
	// Filter is the alternative: any condition, ANDed as written.
	Operator string `json:"operator,omitempty"`
	Value    any    `json:"value,omitempty"`
	Values   []any  `json:"values,omitempty"`
	Low      any    `json:"low,omitempty"`
	High     any    `json:"high,omitempty"`
	Filter   *Cond  `json:"filter,omitempty"`
	// OrderBy replaces the ordering (modify_order_by); empty clears it.
	OrderBy []PatchOrder `json:"order_by,omitempty"`
	// Limit is the new row limit (modify_limit); nil removes it.
	Limit *int64 `json:"limit,omitempty"`
	// GroupBy is the new list of dimensions (change_grouping); empty
	// aggregates over all rows.
	GroupBy []GroupKey `json:"group_by,omitempty"`
}

// PatchOrder is one ordering key of modify_order_by.
type PatchOrder struct {
	// Column is a column reference or an output name.
	Column string `json:"column"`
	Desc   bool   `json:"desc,omitempty"`
	// Nulls is "first" or "last"; empty leaves the engine's default.
	Nulls string `json:"nulls,omitempty"`
}

// GroupKey is one dimension of change_grouping: a column, optionally
// bucketed by a date period (see [Buckets]). Its JSON form is the column
// reference as a string, or {"column": ..., "bucket": ...}.
type GroupKey struct {
	Column string `json:"column"`
	Bucket string `json:"bucket,omitempty"`
}

// MarshalJSON writes a plain key as a string.
func (k GroupKey) MarshalJSON() ([]byte, error) {
	if k.Bucket == "" {
		return json.Marshal(k.Column)
	}
	type plain GroupKey
	return json.Marshal(plain(k))
}

// UnmarshalJSON accepts "table.column" or {"column": ..., "bucket": ...}.
func (k *GroupKey) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		*k = GroupKey{}
		return json.Unmarshal(data, &k.Column)
	}
	type plain GroupKey
	var p plain
	if err := strictUnmarshal(data, &p); err != nil {
		return fmt.Errorf("a group_by entry is \"table.column\" or {\"column\": ..., \"bucket\": ...}: %s", err)
	}
	*k = GroupKey(p)
	return nil
}

// patchFields lists, per operation, the fields it takes; "op" is implied.
var patchFields = map[string][]string{
	PatchAddColumn:     {"column"},
	PatchRemoveColumn:  {"column"},
	PatchModifyOrderBy: {"order_by"},
	PatchModifyLimit:   {"limit"},
	PatchAddFilter:     {"column", "operator", "value", "values", "low", "high", "filter"},
	PatchRemoveFilter:  {"column"},
	PatchChangeGroup:   {"group_by"},
}

// allPatchFields is every field of the JSON form, in documentation order.
var allPatchFields = []string{"op", "column", "operator", "value", "values", "low", "high", "filter", "order_by", "limit", "group_by"}

type patchOpJSON PatchOp

// MarshalJSON writes the operation so that [DecodePatchOps] reads it back:
// modify_limit always carries "limit" (null removes it) and modify_order_by
// and change_grouping always carry their list ([] clears it).
func (op PatchOp) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(patchOpJSON(op))
	if err != nil {
		return nil, err
	}
	var extra string
	switch {
	case op.Op == PatchModifyLimit && op.Limit == nil:
		extra = `"limit":null`
	case op.Op == PatchModifyOrderBy && len(op.OrderBy) == 0:
		extra = `"order_by":[]`
	case op.Op == PatchChangeGroup && len(op.GroupBy) == 0:
		extra = `"group_by":[]`
	}
	if extra != "" {
		b = append(append(b[:len(b)-1:len(b)-1], ","+extra...), '}')
	}
	return b, nil
}

// UnmarshalJSON decodes one operation strictly: unknown fields, fields the
// operation does not take and missing required fields are errors naming
// them. Numbers in values decode as int64 when integral, so 2024 stays 2024.
func (op *PatchOp) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("a patch operation must be a JSON object such as {\"op\":\"modify_limit\",\"limit\":3}: %s", describeJSONError(err))
	}
	for _, k := range sortedKeys(raw) {
		if !slices.Contains(allPatchFields, k) {
			return fmt.Errorf("unknown field %q in a patch operation; the fields are %s", k, strings.Join(allPatchFields, ", "))
		}
	}
	var o PatchOp
	rawOp, ok := raw["op"]
	if !ok {
		return fmt.Errorf("a patch operation needs \"op\": one of %s", strings.Join(PatchOps, ", "))
	}
	if err := json.Unmarshal(rawOp, &o.Op); err != nil {
		return fmt.Errorf("\"op\" must be a string: one of %s", strings.Join(PatchOps, ", "))
	}
	allowed, ok := patchFields[o.Op]
	if !ok {
		return fmt.Errorf("unknown patch operation %q: use one of %s%s", o.Op, strings.Join(PatchOps, ", "), didYouMean(schema.Nearest(o.Op, PatchOps, 1)))
	}
	for _, k := range sortedKeys(raw) {
		if k != "op" && !slices.Contains(allowed, k) {
			return fmt.Errorf("%s does not take %q; it takes %s", o.Op, k, strings.Join(allowed, ", "))
		}
	}
	if err := o.decodeFields(raw); err != nil {
		return fmt.Errorf("%s: %w", o.Op, err)
	}
	if err := o.requireFields(raw); err != nil {
		return err
	}
	*op = o
	return nil
}

func (o *PatchOp) decodeFields(raw map[string]json.RawMessage) error {
	str := func(key string, dst *string) error {
		if r, ok := raw[key]; ok {
			if err := json.Unmarshal(r, dst); err != nil {
				return fmt.Errorf("%q must be a string", key)
			}
		}
		return nil
	}
	scalar := func(key string, dst *any) error {
		if r, ok := raw[key]; ok {
			v, err := decodeScalar(r)
			if err != nil {
				return fmt.Errorf("%q: %w", key, err)
			}
			*dst = v
		}
		return nil
	}
	for _, err := range []error{str("column", &o.Column), str("operator", &o.Operator),
		scalar("value", &o.Value), scalar("low", &o.Low), scalar("high", &o.High)} {
		if err != nil {
			return err
		}
	}
	if r, ok := raw["values"]; ok {
		var vs []json.RawMessage
		if err := json.Unmarshal(r, &vs); err != nil {
			return fmt.Errorf("\"values\" must be a list of strings, numbers or booleans")
		}
		o.Values = make([]any, len(vs))
		for i, v := range vs {
			x, err := decodeScalar(v)
			if err != nil {
				return fmt.Errorf("values[%d]: %w", i, err)
			}
			o.Values[i] = x
		}
	}
	if r, ok := raw["filter"]; ok {
		var c Cond
		if err := strictUnmarshal(r, &c); err != nil {
			return fmt.Errorf("\"filter\" must be a condition such as {\"op\":\"=\",\"left\":{\"col\":\"t.c\"},\"right\":{\"value\":1}}: %s", err)
		}
		o.Filter = &c
	}
	if r, ok := raw["order_by"]; ok {
		if err := strictUnmarshal(r, &o.OrderBy); err != nil {
			return fmt.Errorf("\"order_by\" must be a list of {\"column\": ..., \"desc\": true|false}: %s", err)
		}
	}
	if r, ok := raw["limit"]; ok && string(bytes.TrimSpace(r)) != "null" {
		var n int64
		if err := json.Unmarshal(r, &n); err != nil {
			return fmt.Errorf("\"limit\" must be a whole number, or null to remove the limit")
		}
		o.Limit = &n
	}
	if r, ok := raw["group_by"]; ok {
		if err := json.Unmarshal(r, &o.GroupBy); err != nil {
			return fmt.Errorf("\"group_by\": %s", describeJSONError(err))
		}
	}
	return nil
}

// requireFields checks that the fields an operation cannot do without are
// present; absent lists and limits are not read as "clear".
func (o *PatchOp) requireFields(raw map[string]json.RawMessage) error {
	need := func(key, what string) error {
		if _, ok := raw[key]; !ok {
			return fmt.Errorf("%s needs %q: %s", o.Op, key, what)
		}
		return nil
	}
	switch o.Op {
	case PatchAddColumn, PatchRemoveColumn, PatchRemoveFilter:
		return need("column", "the column, as \"table.column\"")
	case PatchModifyLimit:
		return need("limit", "a whole number, or null to remove the limit")
	case PatchModifyOrderBy:
		return need("order_by", "a list of {\"column\": ..., \"desc\": true|false}, or [] to clear the ordering")
	case PatchChangeGroup:
		return need("group_by", "a list of columns (or {\"column\": ..., \"bucket\": \"month\"}), or [] to remove grouping")
	case PatchAddFilter:
		_, col := raw["column"]
		_, f := raw["filter"]
		switch {
		case col == f:
			return fmt.Errorf("add_filter needs either \"column\" with \"operator\" (and value, values or low and high) or \"filter\" with a condition, not %s", map[bool]string{true: "both", false: "neither"}[col])
		case f && len(raw) > 2:
			return fmt.Errorf("add_filter with \"filter\" takes no other field")
		case col:
			return need("operator", "one of "+strings.Join(FilterOperators, " "))
		}
	}
	return nil
}

// strictUnmarshal decodes data into v rejecting unknown fields.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.New(describeJSONError(err))
	}
	if dec.More() {
		return errors.New("unexpected data after the value")
	}
	return nil
}

// DecodePatchOps reads one patch operation object or a list of them. It is
// strict: an unknown field, a field the operation does not take or a
// missing required one is an error naming it.
func DecodePatchOps(data []byte) ([]PatchOp, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, errors.New("decode patch: no operation given; write e.g. {\"op\":\"modify_limit\",\"limit\":3}")
	}
	if data[0] != '[' {
		var op PatchOp
		if err := strictTop(data, &op); err != nil {
			return nil, fmt.Errorf("decode patch: %w", err)
		}
		return []PatchOp{op}, nil
	}
	var raws []json.RawMessage
	if err := strictTop(data, &raws); err != nil {
		return nil, fmt.Errorf("decode patch: %w", err)
	}
	if len(raws) == 0 {
		return nil, errors.New("decode patch: the list of operations is empty")
	}
	ops := make([]PatchOp, len(raws))
	for i, r := range raws {
		if err := json.Unmarshal(r, &ops[i]); err != nil {
			return nil, fmt.Errorf("decode patch: operation %d: %s", i, strings.TrimPrefix(err.Error(), "json: "))
		}
	}
	return ops, nil
}

// strictTop decodes exactly one JSON value.
func strictTop(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return errors.New(strings.TrimPrefix(describeJSONError(err), "json: "))
	}
	if dec.More() {
		return errors.New("unexpected data after the operation")
	}
	return nil
}

// String renders the operation as its compact JSON form, for errors and logs.
func (op PatchOp) String() string {
	b, err := json.Marshal(op)
	if err != nil {
		return fmt.Sprintf("%+v", patchOpJSON(op))
	}
	return string(b)
}

// PatchError reports which operation of a patch failed and why.
type PatchError struct {
	// Index is the operation's position in the patch, from 0.
	Index int
	Op    PatchOp
	Err   error
}

func (e *PatchError) Error() string {
	return fmt.Sprintf("patch operation %d %s: %v", e.Index, e.Op, e.Err)
}

func (e *PatchError) Unwrap() error { return e.Err }

// ApplyPatch returns p with ops applied in order, audited against s. It
// never changes p. Every column is resolved against the schema: a column of
// a table the plan does not read yet, but one foreign key away from a table
// it does, brings that table in with an inner join along the key. The
// result goes through [Audit]; when that finds errors they are returned as
// a *[DiagnosticsError]. A failing operation is a *[PatchError] naming it.
//
// Raw-SQL plans cannot be patched, and on a set operation only modify_limit
// and modify_order_by (by output alias) are accepted: any other change
// would have to pick one side.
func ApplyPatch(p *Plan, s *schema.Schema, ops ...PatchOp) (*Plan, error) {
	switch {
	case p == nil:
		return nil, errors.New("patch: there is no plan to patch; ask a question first")
	case p.RawSQL != "":
		return nil, errors.New("patch: this answer came from raw SQL, which cannot be patched; ask the question again with the change in it")
	case len(ops) == 0:
		return nil, errors.New("patch: no operation given")
	}
	if s == nil {
		s = &schema.Schema{}
	}
	pt := &patcher{s: s, p: p.Clone(), edges: s.Edges()}
	for i, op := range ops {
		if err := pt.apply(op); err != nil {
			return nil, &PatchError{Index: i, Op: op, Err: err}
		}
	}
	q, diags := Audit(pt.p, s)
	if err := diags.Err(); err != nil {
		return nil, fmt.Errorf("patch: the patched plan does not pass the audit: %w", err)
	}
	return q, nil
}

// patcher applies operations to its own copy of a plan.
type patcher struct {
	s     *schema.Schema
	p     *Plan
	edges []schema.Edge
}

func (pt *patcher) apply(op PatchOp) error {
	if pt.p.SetOp != nil && op.Op != PatchModifyLimit && op.Op != PatchModifyOrderBy {
		return fmt.Errorf("the plan combines two queries with %s, so %s would have to choose one of them; ask the question again with the change in it", pt.p.SetOp.Op, op.Op)
	}
	switch op.Op {
	case PatchAddColumn:
		return pt.addColumn(op.Column)
	case PatchRemoveColumn:
		return pt.removeColumn(op.Column)
	case PatchModifyOrderBy:
		return pt.modifyOrderBy(op.OrderBy)
	case PatchModifyLimit:
		return pt.modifyLimit(op.Limit)
	case PatchAddFilter:
		return pt.addFilter(op)
	case PatchRemoveFilter:
		return pt.removeFilter(op.Column)
	case PatchChangeGroup:
		return pt.changeGrouping(op.GroupBy)
	}
	return fmt.Errorf("unknown patch operation %q: use one of %s%s", op.Op, strings.Join(PatchOps, ", "), didYouMean(schema.Nearest(op.Op, PatchOps, 1)))
}

// ---- sources and column resolution ----

// patchSource is one source of the plan as column references address it.
type patchSource struct {
	name  string        // alias, table or CTE name
	table *schema.Table // nil for CTEs and subqueries: their columns are not known here
}

func (pt *patcher) sources() []patchSource {
	srcs := []patchSource{pt.source(pt.p.From)}
	for _, j := range pt.p.Joins {
		srcs = append(srcs, pt.source(j.Source))
	}
	return srcs
}

func (pt *patcher) source(s Source) patchSource {
	ps := patchSource{name: s.Name()}
	if s.Table != "" {
		ps.table, _ = lookupTable(pt.s, s.Table)
	}
	return ps
}

// lookupTable finds a table without [schema.Schema.Table]'s lazy index,
// which is not safe when requests share a schema.
func lookupTable(s *schema.Schema, name string) (*schema.Table, bool) {
	var byIdent *schema.Table
	n := 0
	for i := range s.Tables {
		t := &s.Tables[i]
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
		if strings.EqualFold(t.Ident, name) {
			byIdent, n = t, n+1
		}
	}
	return byIdent, n == 1
}

// colRef is a resolved column: how the plan refers to it, and the join
// that must be added first when its table is not in the plan yet.
type colRef struct {
	src  string
	col  string
	kind schema.Kind // empty when the source's columns are unknown
	join *Join
}

func (r colRef) ref() string { return r.src + "." + r.col }
func (r colRef) key() string { return strings.ToLower(r.ref()) }

// resolve finds the column ref names, in the plan or one foreign key away.
func (pt *patcher) resolve(ref string) (colRef, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasSuffix(ref, ".") || strings.HasSuffix(ref, "*") {
		return colRef{}, fmt.Errorf("%q is not a column; name one as \"table.column\"", ref)
	}
	srcs := pt.sources()
	i := strings.LastIndex(ref, ".")
	if i < 0 {
		return pt.resolveBare(ref, srcs)
	}
	q, c := ref[:i], ref[i+1:]
	for _, s := range srcs {
		if strings.EqualFold(s.name, q) {
			return columnOf(s, c)
		}
	}
	// A table read under an alias is still found by its table name.
	var hits []patchSource
	for _, s := range srcs {
		if s.table != nil && (strings.EqualFold(s.table.Name, q) || strings.EqualFold(s.table.Ident, q)) {
			hits = append(hits, s)
		}
	}
	switch len(hits) {
	case 1:
		return columnOf(hits[0], c)
	case 0:
	default:
		return colRef{}, fmt.Errorf("%s is read more than once in the plan (as %s); qualify the column with one of those names", q, joinNames(hits))
	}
	t, ok := lookupTable(pt.s, q)
	if !ok {
		return colRef{}, fmt.Errorf("there is no table %q%s", q, didYouMean(schema.Nearest(q, pt.s.TableNames(), 3)))
	}
	col, ok := t.Column(c)
	if !ok {
		return colRef{}, fmt.Errorf("table %s has no column %q%s", t.Name, c, didYouMean(qualify(t.Name, schema.Nearest(c, t.ColumnNames(), 3))))
	}
	j, err := pt.hop(t, srcs)
	if err != nil {
		return colRef{}, fmt.Errorf("%s.%s: %w", t.Name, col.Name, err)
	}
	return colRef{src: t.Name, col: col.Name, kind: col.Kind, join: j}, nil
}

func columnOf(s patchSource, c string) (colRef, error) {
	if s.table == nil {
		return colRef{src: s.name, col: c}, nil // the audit checks CTE and subquery columns
	}
	col, ok := s.table.Column(c)
	if !ok {
		return colRef{}, fmt.Errorf("%s has no column %q%s", s.name, c, didYouMean(qualify(s.name, schema.Nearest(c, s.table.ColumnNames(), 3))))
	}
	return colRef{src: s.name, col: col.Name, kind: col.Kind}, nil
}

// resolveBare finds an unqualified column: in the plan's tables first, then
// in the tables one foreign key away.
func (pt *patcher) resolveBare(c string, srcs []patchSource) (colRef, error) {
	var hits []colRef
	for _, s := range srcs {
		if s.table == nil {
			continue
		}
		if col, ok := s.table.Column(c); ok {
			hits = append(hits, colRef{src: s.name, col: col.Name, kind: col.Kind})
		}
	}
	if len(hits) == 0 {
		for _, n := range pt.neighbours(srcs) {
			if n.join == nil {
				continue
			}
			if col, ok := n.table.Column(c); ok {
				hits = append(hits, colRef{src: n.table.Name, col: col.Name, kind: col.Kind, join: n.join})
			}
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		var near []string
		for _, s := range srcs {
			if s.table != nil {
				near = append(near, qualify(s.name, schema.Nearest(c, s.table.ColumnNames(), 2))...)
			}
		}
		return colRef{}, fmt.Errorf("no table of the plan (or one foreign key away) has a column %q%s", c, didYouMean(capList(near, 4)))
	}
	refs := make([]string, len(hits))
	for i, h := range hits {
		refs[i] = h.ref()
	}
	return colRef{}, fmt.Errorf("%q is ambiguous: it could be %s; write it as \"table.column\"", c, strings.Join(refs, " or "))
}

// neighbour is a table one foreign key away from the plan, with the join
// that brings it in (nil when several keys lead to it: which one is meant
// cannot be told, so it is not offered).
type neighbour struct {
	table *schema.Table
	join  *Join
	via   []string // the plan tables it is linked to
}

// neighbours returns the tables not in the plan that a foreign key links to
// one of its table sources, sorted by name.
func (pt *patcher) neighbours(srcs []patchSource) []neighbour {
	// Only a table an edge connects to a plan table can be a neighbour:
	// find those first instead of trying every table of a big schema.
	cand := map[string]bool{}
	for _, e := range pt.edges {
		for _, s := range srcs {
			if s.table == nil {
				continue
			}
			if strings.EqualFold(e.From, s.table.Name) {
				cand[strings.ToLower(e.To)] = true
			}
			if strings.EqualFold(e.To, s.table.Name) {
				cand[strings.ToLower(e.From)] = true
			}
		}
	}
	var out []neighbour
	for i := range pt.s.Tables {
		t := &pt.s.Tables[i]
		if !cand[strings.ToLower(t.Name)] || inPlan(t, srcs) {
			continue
		}
		links := pt.links(t, srcs)
		if len(links) == 0 {
			continue
		}
		j, err := pt.hop(t, srcs)
		n := neighbour{table: t}
		if err == nil {
			n.join = j
		}
		for _, l := range links {
			if !slices.Contains(n.via, l.src.name) {
				n.via = append(n.via, l.src.name)
			}
		}
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b neighbour) int { return strings.Compare(a.table.Name, b.table.Name) })
	return out
}

func inPlan(t *schema.Table, srcs []patchSource) bool {
	for _, s := range srcs {
		if s.table == t {
			return true
		}
	}
	// A table name used as another source's alias would collide.
	for _, s := range srcs {
		if strings.EqualFold(s.name, t.Name) {
			return true
		}
	}
	return false
}

// link is one foreign key between a table outside the plan and a source.
type link struct {
	src      patchSource
	on       []JoinOn
	inferred bool
}

func (pt *patcher) links(t *schema.Table, srcs []patchSource) []link {
	var out []link
	for _, e := range pt.edges {
		for _, s := range srcs {
			if s.table == nil || s.table == t || len(e.FromCols) != len(e.ToCols) || len(e.FromCols) == 0 {
				continue
			}
			var tcols, scols []string
			switch {
			case strings.EqualFold(e.From, t.Name) && strings.EqualFold(e.To, s.table.Name):
				tcols, scols = e.FromCols, e.ToCols
			case strings.EqualFold(e.To, t.Name) && strings.EqualFold(e.From, s.table.Name):
				tcols, scols = e.ToCols, e.FromCols
			default:
				continue
			}
			on := make([]JoinOn, len(tcols))
			for k := range tcols {
				on[k] = JoinOn{Left: t.Name + "." + tcols[k], Right: s.name + "." + scols[k]}
			}
			out = append(out, link{src: s, on: on, inferred: e.Inferred})
		}
	}
	return out
}

// hop returns the inner join that brings t into the plan along its one
// foreign key to a plan table. Declared keys win over inferred ones; when
// several keys of the same standing remain, the error lists them.
func (pt *patcher) hop(t *schema.Table, srcs []patchSource) (*Join, error) {
	links := pt.links(t, srcs)
	var declared []link
	for _, l := range links {
		if !l.inferred {
			declared = append(declared, l)
		}
	}
	if len(declared) > 0 {
		links = declared
	}
	switch len(links) {
	case 1:
		return &Join{Type: JoinInner, Source: Source{Table: t.Name}, On: links[0].on}, nil
	case 0:
		return nil, pt.unreachable(t, srcs)
	}
	var ways []string
	for _, l := range links {
		ways = append(ways, onString(l.on))
	}
	return nil, fmt.Errorf("%s can be joined to the plan in %d ways (%s), so which is meant is unclear; ask the question again naming it", t.Name, len(links), strings.Join(ways, "; "))
}

// unreachable explains that t is too far from the plan, naming the tables t
// could be reached from.
func (pt *patcher) unreachable(t *schema.Table, srcs []patchSource) error {
	var from []string
	for _, e := range pt.edges {
		switch {
		case strings.EqualFold(e.From, t.Name) && !strings.EqualFold(e.To, t.Name):
			from = append(from, e.To)
		case strings.EqualFold(e.To, t.Name) && !strings.EqualFold(e.From, t.Name):
			from = append(from, e.From)
		}
	}
	slices.Sort(from)
	from = slices.Compact(from)
	var in []string
	for _, s := range srcs {
		in = append(in, s.name)
	}
	msg := fmt.Sprintf("%s is not in the plan (which reads %s) and no foreign key links it to those tables", t.Name, strings.Join(in, ", "))
	if len(from) == 0 {
		return errors.New(msg + "; no foreign key reaches it at all, so ask a new question about it")
	}
	return fmt.Errorf("%s; it can be reached from %s: add a column of one of those first, or ask a new question", msg, strings.Join(from, ", "))
}

func onString(on []JoinOn) string {
	parts := make([]string, len(on))
	for i, o := range on {
		parts[i] = o.Left + " = " + o.Right
	}
	return strings.Join(parts, " and ")
}

func joinNames(srcs []patchSource) string {
	names := make([]string, len(srcs))
	for i, s := range srcs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

func qualify(q string, cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = q + "." + c
	}
	return out
}

func didYouMean(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(names, " or ") + "?"
}

// use adds r's join, if any, to the plan.
func (pt *patcher) use(r colRef) {
	if r.join != nil {
		pt.p.Joins = append(pt.p.Joins, *r.join)
	}
}

// canonCol returns the lower-cased "source.column" a plan reference means,
// when it resolves among the plan's sources without a join.
func (pt *patcher) canonCol(ref string) (string, bool) {
	r, err := pt.resolve(ref)
	if err != nil || r.join != nil {
		return "", false
	}
	return r.key(), true
}

// exprKeyCanon is exprKey with column references in canonical form, so
// "total" and "Orders.total" compare equal.
func (pt *patcher) exprKeyCanon(e Expr) string {
	c := e.clone()
	c.Walk(func(x *Expr) bool {
		if x.Col != "" && !strings.HasSuffix(x.Col, "*") {
			if k, ok := pt.canonCol(x.Col); ok {
				x.Col = k
			}
		}
		return true
	})
	return exprKey(&c)
}

// ---- outputs ----

// outputLabel is the name a select item's column gets in the result.
func outputLabel(it SelectItem) string {
	switch {
	case it.Alias != "":
		return it.Alias
	case it.Expr.Col != "":
		return columnPart(it.Expr.Col)
	case it.Expr.Ref != "":
		return it.Expr.Ref
	}
	return outputName(it.Expr)
}

// findOutput returns the select items name means: an alias, a computed
// output's name ("count"), or a plain column (by reference or name).
func (pt *patcher) findOutput(name string) []int {
	name = strings.TrimSpace(name)
	var hits []int
	for i, it := range pt.p.Select {
		if it.Alias != "" && strings.EqualFold(it.Alias, name) {
			hits = append(hits, i)
		}
	}
	if len(hits) > 0 {
		return hits
	}
	for i, it := range pt.p.Select {
		if it.Alias == "" && it.Expr.Col == "" && strings.EqualFold(outputName(it.Expr), name) {
			hits = append(hits, i)
		}
	}
	if len(hits) > 0 {
		return hits
	}
	if k, ok := pt.canonCol(name); ok {
		for i, it := range pt.p.Select {
			if it.Expr.Col != "" {
				if k2, ok := pt.canonCol(it.Expr.Col); ok && k2 == k {
					hits = append(hits, i)
				}
			}
		}
		if len(hits) > 0 {
			return hits
		}
	}
	if !strings.Contains(name, ".") {
		for i, it := range pt.p.Select {
			if it.Alias == "" && it.Expr.Col != "" && strings.EqualFold(columnPart(it.Expr.Col), name) {
				hits = append(hits, i)
			}
		}
	}
	return hits
}

func (pt *patcher) outputLabels() []string {
	out := make([]string, 0, len(pt.p.Select))
	for _, it := range pt.p.Select {
		if l := outputLabel(it); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// grouped reports whether the plan aggregates.
func grouped(p *Plan) bool {
	if len(p.GroupBy) > 0 || p.Having != nil {
		return true
	}
	for _, it := range p.Select {
		if it.Expr.IsAggregate() {
			return true
		}
	}
	return false
}

// isGroupKey reports whether e is one of the plan's group_by expressions
// (directly or through an alias).
func (pt *patcher) isGroupKey(e Expr) bool {
	k := pt.exprKeyCanon(e)
	for _, g := range pt.p.GroupBy {
		if g.Ref != "" {
			if i := pt.aliasIndex(g.Ref); i >= 0 {
				g = pt.p.Select[i].Expr
			}
		}
		if pt.exprKeyCanon(g) == k {
			return true
		}
	}
	return false
}

func (pt *patcher) aliasIndex(alias string) int {
	for i, it := range pt.p.Select {
		if it.Alias != "" && strings.EqualFold(it.Alias, alias) {
			return i
		}
	}
	return -1
}

// ---- add_column / remove_column ----

func (pt *patcher) addColumn(ref string) error {
	r, err := pt.resolve(ref)
	if err != nil {
		return err
	}
	p := pt.p
	if r.join == nil {
		for _, it := range p.Select {
			if isStar(&it.Expr) && (it.Expr.Col == "*" || strings.EqualFold(strings.TrimSuffix(it.Expr.Col, ".*"), r.src)) {
				return nil // already among the columns
			}
			if it.Expr.Col != "" {
				if k, ok := pt.canonCol(it.Expr.Col); ok && k == r.key() {
					return nil
				}
			}
		}
		if len(p.Select) == 0 {
			return nil // SELECT * already returns every column of the plan's sources
		}
	}
	if len(p.Select) == 0 {
		// SELECT * would change meaning once a table is joined: spell out
		// the stars of the sources it had.
		for _, s := range pt.sources() {
			p.Select = append(p.Select, SelectItem{Expr: Col(s.name + ".*")})
		}
	}
	pt.use(r)
	e := Col(r.ref())
	if grouped(p) && !pt.isGroupKey(e) {
		p.GroupBy = append(p.GroupBy, e.clone())
	}
	p.Select = append(p.Select, SelectItem{Expr: e})
	return nil
}

func (pt *patcher) removeColumn(name string) error {
	p := pt.p
	hits := pt.findOutput(name)
	switch {
	case len(hits) == 0:
		labels := pt.outputLabels()
		return fmt.Errorf("%q is not a column of the result; its columns are %s%s", name, strings.Join(labels, ", "), didYouMean(schema.Nearest(name, labels, 2)))
	case len(hits) > 1:
		return fmt.Errorf("%q names %d columns of the result; write it as \"table.column\" or use the output's alias", name, len(hits))
	case len(p.Select) == 1:
		return fmt.Errorf("%q is the only column of the result; a result needs at least one, so add another first", name)
	}
	i := hits[0]
	removed := p.Select[i]
	p.Select = slices.Delete(p.Select, i, i+1)
	key := pt.exprKeyCanon(removed.Expr)
	refersToRemoved := func(e Expr) bool {
		return (e.Ref != "" && removed.Alias != "" && strings.EqualFold(e.Ref, removed.Alias)) || pt.exprKeyCanon(e) == key
	}
	// A group key that served only this column goes with it, unless another
	// output still shows it.
	stillShown := false
	for _, it := range p.Select {
		if pt.exprKeyCanon(it.Expr) == key {
			stillShown = true
		}
	}
	if !stillShown {
		p.GroupBy = slices.DeleteFunc(p.GroupBy, refersToRemoved)
		if len(p.GroupBy) == 0 {
			p.GroupBy = nil
		}
	}
	p.OrderBy = slices.DeleteFunc(p.OrderBy, func(o OrderItem) bool { return refersToRemoved(o.Expr) })
	if len(p.OrderBy) == 0 {
		p.OrderBy = nil
	}
	return nil
}

// ---- modify_order_by / modify_limit ----

func (pt *patcher) modifyOrderBy(items []PatchOrder) error {
	p := pt.p
	var out []OrderItem
	for k, it := range items {
		e, err := pt.orderExpr(it.Column)
		if err != nil {
			return fmt.Errorf("order_by[%d]: %w", k, err)
		}
		nulls := it.Nulls
		if nulls != "" {
			n, ok := canonical(nulls, []string{"first", "last"})
			if !ok {
				return fmt.Errorf("order_by[%d]: nulls is %q; use \"first\" or \"last\"", k, nulls)
			}
			nulls = n
		}
		out = append(out, OrderItem{Expr: e, Desc: it.Desc, Nulls: nulls})
	}
	p.OrderBy = out
	return nil
}

// orderExpr is what ordering by name means: an output (by alias, computed
// name or column) or a column of the plan's sources.
func (pt *patcher) orderExpr(name string) (Expr, error) {
	p := pt.p
	if hits := pt.findOutput(name); len(hits) == 1 {
		it := p.Select[hits[0]]
		switch {
		case it.Alias != "":
			return Expr{Ref: it.Alias}, nil
		case p.SetOp != nil:
			return Expr{}, fmt.Errorf("the result of %s can only be ordered by output aliases, and %q has none; ask the question again with the ordering in it", p.SetOp.Op, name)
		case isStar(&it.Expr):
		default:
			return it.Expr.clone(), nil
		}
	} else if len(hits) > 1 {
		return Expr{}, fmt.Errorf("%q names %d columns of the result; write it as \"table.column\"", name, len(hits))
	}
	if p.SetOp != nil {
		return Expr{}, fmt.Errorf("%q is not an output alias of the combined result; outputs are %s", name, strings.Join(pt.outputLabels(), ", "))
	}
	r, err := pt.resolve(name)
	if err != nil {
		return Expr{}, err
	}
	if r.join != nil {
		return Expr{}, fmt.Errorf("%s is not in the plan; add it with add_column before ordering by it", r.ref())
	}
	e := Col(r.ref())
	if grouped(p) && !pt.isGroupKey(e) {
		var aggs []string
		for _, it := range p.Select {
			if it.Expr.IsAggregate() {
				aggs = append(aggs, outputLabel(it))
			}
		}
		hint := "order by an aggregate such as {\"agg\":\"sum\"} of it with a new question"
		if len(aggs) > 0 {
			hint = "order by an aggregate output (" + strings.Join(aggs, ", ") + ") or a group key"
		}
		return Expr{}, fmt.Errorf("the result is grouped and %s is not one of its group keys: %s", r.ref(), hint)
	}
	if p.Distinct {
		return Expr{}, fmt.Errorf("the result is DISTINCT, so it can only be ordered by its own columns; add %s with add_column first", r.ref())
	}
	return e, nil
}

func (pt *patcher) modifyLimit(n *int64) error {
	switch {
	case n == nil:
		pt.p.Limit = nil
	case *n < 0:
		return fmt.Errorf("a limit of %d rows is negative; give a positive number, or null to remove the limit", *n)
	case *n == 0:
		return errors.New("a limit of 0 returns no rows; give a positive number, or null to remove the limit")
	default:
		pt.p.Limit = Int(*n)
	}
	return nil
}

// ---- add_filter / remove_filter ----

func (pt *patcher) addFilter(op PatchOp) error {
	if op.Filter != nil {
		return pt.addCond(op.Filter.clone())
	}
	operator, ok := canonical(strings.TrimSpace(op.Operator), FilterOperators)
	if !ok {
		return fmt.Errorf("unknown filter operator %q: use one of %s%s", op.Operator, strings.Join(FilterOperators, " "), didYouMean(schema.Nearest(op.Operator, FilterOperators, 2)))
	}
	subject, having, kind, err := pt.filterSubject(op.Column)
	if err != nil {
		return err
	}
	conds, err := filterConds(subject, kind, operator, op)
	if err != nil {
		return err
	}
	if having {
		pt.p.Having = pt.replaceOrAnd(pt.p.Having, conds, classOf(operator))
	} else {
		pt.p.Where = pt.replaceOrAnd(pt.p.Where, conds, classOf(operator))
	}
	return nil
}

// filterSubject resolves what add_filter's column means: an output computed
// by an aggregate (a having condition on its alias or expression), another
// computed output (its expression, in where), or a column, joined if needed.
func (pt *patcher) filterSubject(name string) (subject Expr, having bool, kind schema.Kind, err error) {
	for _, i := range pt.findOutput(name) {
		it := pt.p.Select[i]
		if it.Expr.Col != "" {
			name = it.Expr.Col // a plain column, perhaps aliased: resolved below like any other
			break
		}
		switch {
		case it.Expr.IsAggregate() && it.Alias != "":
			return Expr{Ref: it.Alias}, true, "", nil
		case it.Expr.IsAggregate():
			return it.Expr.clone(), true, "", nil
		case it.Expr.Window != "":
			return Expr{}, false, "", fmt.Errorf("%q is a window function, which cannot be filtered on; ask the question again with the condition in it", name)
		default:
			return it.Expr.clone(), false, "", nil
		}
	}
	r, err := pt.resolve(name)
	if err != nil {
		return Expr{}, false, "", err
	}
	pt.use(r)
	return Col(r.ref()), false, r.kind, nil
}

// filterConds builds the predicates of a column-form add_filter.
func filterConds(subject Expr, kind schema.Kind, operator string, op PatchOp) ([]Cond, error) {
	has := map[string]bool{"value": op.Value != nil, "values": op.Values != nil, "low": op.Low != nil, "high": op.High != nil}
	want := map[string][]string{
		"is_null": nil, "is_not_null": nil,
		"in": {"values"}, "not_in": {"values"},
		"between": {"low", "high"}, "not_between": {"low", "high"},
	}
	need, special := want[operator]
	if !special {
		need = []string{"value"}
	}
	for _, f := range []string{"value", "values", "low", "high"} {
		switch {
		case has[f] && !slices.Contains(need, f):
			return nil, fmt.Errorf("operator %s does not take %q; it takes %s", operator, f, fieldList(need))
		case !has[f] && slices.Contains(need, f):
			return nil, fmt.Errorf("operator %s needs %q", operator, f)
		}
	}
	left := func() *Expr { e := subject.clone(); return &e }
	val := func(v any) *Expr { e := Val(v); return &e }
	switch operator {
	case "is_null", "is_not_null":
		return []Cond{{Op: operator, Left: left()}}, nil
	case "in", "not_in":
		if len(op.Values) == 0 {
			return nil, fmt.Errorf("operator %s needs at least one value in \"values\"", operator)
		}
		vs := make([]Expr, len(op.Values))
		for i, v := range op.Values {
			vs[i] = Val(v)
		}
		return []Cond{{Op: operator, Left: left(), Values: vs}}, nil
	case "between", "not_between":
		return []Cond{{Op: operator, Left: left(), Low: val(op.Low), High: val(op.High)}}, nil
	case "year":
		return yearConds(subject, kind, op.Value)
	}
	return []Cond{{Op: operator, Left: left(), Right: val(op.Value)}}, nil
}

func fieldList(fs []string) string {
	if len(fs) == 0 {
		return "no value"
	}
	q := make([]string, len(fs))
	for i, f := range fs {
		q[i] = strconv.Quote(f)
	}
	return strings.Join(q, " and ")
}

// yearConds keeps one calendar year the way the offline planner says "in
// 2024": a half-open date range (>= '2024-01-01' and < '2025-01-01') that
// an index on the column can serve and that compares the same on every
// engine, or equality for a column that holds years as numbers.
func yearConds(subject Expr, kind schema.Kind, v any) ([]Cond, error) {
	y, ok := yearValue(v)
	if !ok {
		return nil, fmt.Errorf("operator year needs a year such as 2024 in \"value\", not %v", v)
	}
	left := func() *Expr { e := subject.clone(); return &e }
	val := func(v any) *Expr { e := Val(v); return &e }
	switch {
	case kind == schema.KindInteger:
		return []Cond{{Op: "=", Left: left(), Right: val(y)}}, nil
	case kind == schema.KindReal || kind == schema.KindBool || kind == schema.KindBlob:
		return nil, fmt.Errorf("operator year needs a date column, and %s holds %s values", exprString(&subject), kind)
	}
	return []Cond{
		{Op: ">=", Left: left(), Right: val(fmt.Sprintf("%04d-01-01", y))},
		{Op: "<", Left: left(), Right: val(fmt.Sprintf("%04d-01-01", y+1))},
	}, nil
}

func yearValue(v any) (int64, bool) {
	var y int64
	switch x := v.(type) {
	case int64:
		y = x
	case int:
		y = int64(x)
	case float64:
		if x != float64(int64(x)) {
			return 0, false
		}
		y = int64(x)
	case string:
		n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, false
		}
		y = n
	default:
		return 0, false
	}
	return y, y >= 1 && y <= 9998
}

// filter classes: a new predicate replaces the existing top-level ones on
// the same subject whose class it covers, so "and in 2023?" after "in 2024"
// moves the year instead of finding nothing, and "only shipped" after "only
// cancelled" switches status. Exclusions (!=, not_in, not_like) accumulate.
const (
	clsEq    = "eq"    // = in
	clsLower = "lower" // > >=
	clsUpper = "upper" // < <=
	clsRange = "range" // between, year
	clsLike  = "like"  // like ilike
	clsNull  = "null"  // is_null is_not_null
)

// classOf returns the classes a new predicate of the operator replaces.
func classOf(operator string) []string {
	switch operator {
	case "=", "in":
		return []string{clsEq}
	case ">", ">=":
		return []string{clsLower, clsRange}
	case "<", "<=":
		return []string{clsUpper, clsRange}
	case "between", "year":
		return []string{clsLower, clsUpper, clsRange}
	case "like", "ilike":
		return []string{clsLike}
	case "is_null", "is_not_null":
		return []string{clsNull}
	}
	return nil
}

// predClass returns the class of an existing predicate and the expression
// it constrains (an extracted year counts as the date it reads).
func predClass(c *Cond) (string, *Expr) {
	if c.Op == "" || c.Left == nil {
		return "", nil
	}
	subj := c.Left
	if subj.Extract == "year" && subj.Arg != nil && c.Op == "=" {
		return clsRange, subj.Arg
	}
	switch c.Op {
	case "=", "in":
		if c.Subquery != nil {
			return "", nil
		}
		return clsEq, subj
	case ">", ">=":
		return clsLower, subj
	case "<", "<=":
		return clsUpper, subj
	case "between":
		return clsRange, subj
	case "like", "ilike":
		return clsLike, subj
	case "is_null", "is_not_null":
		return clsNull, subj
	}
	return "", nil
}

// conjuncts flattens the top-level AND tree of c.
func conjuncts(c *Cond) []Cond {
	if c == nil {
		return nil
	}
	if len(c.And) > 0 && c.Op == "" && len(c.Or) == 0 && c.Not == nil {
		var out []Cond
		for i := range c.And {
			out = append(out, conjuncts(&c.And[i])...)
		}
		return out
	}
	return []Cond{*c}
}

// andOf rebuilds a condition from conjuncts: nil, the one, or an AND.
func andOf(cs []Cond) *Cond {
	switch len(cs) {
	case 0:
		return nil
	case 1:
		c := cs[0]
		return &c
	}
	return &Cond{And: cs}
}

// replaceOrAnd ANDs conds into c, first dropping the top-level predicates
// on the same subject whose class the new operator replaces; the new
// predicates take the place of the first one dropped.
func (pt *patcher) replaceOrAnd(c *Cond, conds []Cond, classes []string) *Cond {
	subj := pt.exprKeyCanon(*conds[0].Left)
	all := conjuncts(c)
	at := len(all)
	kept := all[:0:0]
	for _, x := range all {
		cls, e := predClass(&x)
		if e != nil && slices.Contains(classes, cls) && pt.sameSubject(*e, subj) {
			at = min(at, len(kept))
			continue
		}
		kept = append(kept, x)
	}
	out := slices.Concat(kept[:at], conds, kept[at:])
	return andOf(out)
}

// sameSubject compares e with a canonical subject key, seeing through a
// ref to the select alias it names.
func (pt *patcher) sameSubject(e Expr, key string) bool {
	if pt.exprKeyCanon(e) == key {
		return true
	}
	if e.Ref != "" {
		if i := pt.aliasIndex(e.Ref); i >= 0 {
			return pt.exprKeyCanon(pt.p.Select[i].Expr) == key
		}
	}
	return false
}

// addCond ANDs a condition given in full: into having when it aggregates
// or names an aggregate output, else into where. Columns of tables one
// foreign key away bring in their join.
func (pt *patcher) addCond(c *Cond) error {
	var err error
	having := false
	c.WalkExprs(func(e *Expr) bool {
		if err != nil {
			return false
		}
		switch {
		case e.Agg != "":
			having = true
		case e.Ref != "":
			if i := pt.aliasIndex(e.Ref); i >= 0 && pt.p.Select[i].Expr.IsAggregate() {
				having = true
			}
		case e.Col != "" && !strings.HasSuffix(e.Col, "*"):
			r, rerr := pt.resolve(e.Col)
			if rerr != nil {
				err = rerr
				return false
			}
			pt.use(r)
			e.Col = r.ref()
		}
		return true
	})
	if err != nil {
		return err
	}
	if having {
		pt.p.Having = andOf(append(conjuncts(pt.p.Having), *c))
	} else {
		pt.p.Where = andOf(append(conjuncts(pt.p.Where), *c))
	}
	return nil
}

func (pt *patcher) removeFilter(name string) error {
	match, err := pt.mentionMatcher(name)
	if err != nil {
		return err
	}
	removed := 0
	drop := func(c *Cond) *Cond {
		var kept []Cond
		for _, x := range conjuncts(c) {
			if condMentions(&x, match) {
				removed++
				continue
			}
			kept = append(kept, x)
		}
		return andOf(kept)
	}
	pt.p.Where = drop(pt.p.Where)
	pt.p.Having = drop(pt.p.Having)
	if removed == 0 {
		cols := filterColumns(pt.p)
		if len(cols) == 0 {
			return fmt.Errorf("the plan has no filter to remove")
		}
		return fmt.Errorf("no filter uses %q; the filters are on %s", name, strings.Join(cols, ", "))
	}
	return nil
}

// mentionMatcher returns a test for expressions that are (or read) what name
// means: a column, or an output by alias or computed name.
func (pt *patcher) mentionMatcher(name string) (func(*Expr) bool, error) {
	var keys []string
	var alias string
	for _, i := range pt.findOutput(name) {
		it := pt.p.Select[i]
		if it.Expr.Col == "" {
			keys = append(keys, pt.exprKeyCanon(it.Expr))
			alias = it.Alias
		} else {
			name = it.Expr.Col
		}
	}
	colKey := ""
	if len(keys) == 0 {
		r, err := pt.resolve(name)
		if err != nil {
			return nil, err
		}
		if r.join != nil {
			return nil, fmt.Errorf("%s is not in the plan, so nothing filters on it; the filters are on %s", r.ref(), strings.Join(filterColumns(pt.p), ", "))
		}
		colKey = r.key()
	}
	return func(e *Expr) bool {
		switch {
		case colKey != "" && e.Col != "":
			k, ok := pt.canonCol(e.Col)
			return ok && k == colKey
		case alias != "" && e.Ref != "":
			return strings.EqualFold(e.Ref, alias)
		case len(keys) > 0:
			return slices.Contains(keys, pt.exprKeyCanon(*e))
		}
		return false
	}, nil
}

// condMentions reports whether any expression of c satisfies match.
func condMentions(c *Cond, match func(*Expr) bool) bool {
	found := false
	c.WalkExprs(func(e *Expr) bool {
		if match(e) {
			found = true
		}
		return !found
	})
	return found
}

// filterColumns lists the columns and outputs the plan's filters read, in
// order, once each.
func filterColumns(p *Plan) []string {
	var out []string
	add := func(e *Expr) bool {
		var s string
		switch {
		case e.Col != "":
			s = e.Col
		case e.Ref != "":
			s = e.Ref
		}
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
		return true
	}
	p.Where.WalkExprs(add)
	p.Having.WalkExprs(add)
	return out
}

// ---- change_grouping ----

func (pt *patcher) changeGrouping(keys []GroupKey) error {
	p := pt.p
	var aggs []SelectItem
	for _, it := range p.Select {
		if it.Expr.IsAggregate() {
			aggs = append(aggs, it)
		}
	}
	if len(aggs) == 0 {
		return errors.New("the result has no aggregate (count, sum, avg, ...) to group; ask for a measure in a new question, or use add_column to show more columns")
	}
	var dims []Expr
	for k, gk := range keys {
		r, err := pt.resolve(gk.Column)
		if err != nil {
			return fmt.Errorf("group_by[%d]: %w", k, err)
		}
		e := Col(r.ref())
		if gk.Bucket != "" {
			b, ok := canonical(gk.Bucket, Buckets)
			if !ok {
				return fmt.Errorf("group_by[%d]: unknown bucket %q: use one of %s", k, gk.Bucket, strings.Join(Buckets, ", "))
			}
			if r.kind.Numeric() || r.kind == schema.KindBool || r.kind == schema.KindBlob {
				return fmt.Errorf("group_by[%d]: a %s bucket needs a date column, and %s holds %s values", k, b, r.ref(), r.kind)
			}
			arg := e
			e = Expr{Bucket: b, Arg: &arg}
		}
		key := pt.exprKeyCanon(e)
		if slices.ContainsFunc(dims, func(d Expr) bool { return pt.exprKeyCanon(d) == key }) {
			return fmt.Errorf("group_by[%d]: %s is listed twice", k, gk.Column)
		}
		pt.use(r)
		dims = append(dims, e)
	}
	// Outputs that are dropped: every non-aggregate one.
	var dropped []SelectItem
	for _, it := range p.Select {
		if !it.Expr.IsAggregate() {
			dropped = append(dropped, it)
		}
	}
	sel := make([]SelectItem, 0, len(dims)+len(aggs))
	for _, d := range dims {
		sel = append(sel, SelectItem{Expr: d.clone()})
	}
	p.Select = append(sel, aggs...)
	p.GroupBy = nil
	for _, d := range dims {
		p.GroupBy = append(p.GroupBy, d.clone())
	}
	// Keep the orderings still meaningful: aggregates, kept outputs and new keys.
	p.OrderBy = slices.DeleteFunc(p.OrderBy, func(o OrderItem) bool {
		e := o.Expr
		if e.Ref != "" {
			for _, d := range dropped {
				if d.Alias != "" && strings.EqualFold(d.Alias, e.Ref) {
					return true
				}
			}
			return false
		}
		return !e.IsAggregate() && !pt.isGroupKey(e)
	})
	if len(p.OrderBy) == 0 {
		p.OrderBy = nil
	}
	return nil
}
