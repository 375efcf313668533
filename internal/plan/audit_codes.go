package plan

import "strings"

// Diagnostic codes reported by [Audit]. They are stable: the agent routes on
// them and the repair prompt quotes them, so a code is never renamed or reused
// for a different finding.
//
// Errors block compilation.
const (
	// CodeUnknownTable: a source names a table the schema does not have.
	CodeUnknownTable = "unknown_table"
	// CodeUnknownCTE: a source names a CTE that no enclosing with defines.
	CodeUnknownCTE = "unknown_cte"
	// CodeUnknownColumn: a source has no column of that name.
	CodeUnknownColumn = "unknown_column"
	// CodeUnknownSource: "src.col" where src is neither a source of the
	// query nor a table that could be joined to it.
	CodeUnknownSource = "unknown_source"
	// CodeOrphanSource: a table is referenced but not joined, and no single
	// shortest foreign-key path joins it (none, or several equally short).
	CodeOrphanSource = "orphan_source"
	// CodeAmbiguousColumn: a reference matches several sources.
	CodeAmbiguousColumn = "ambiguous_column"
	// CodeUnknownRef: {"ref": name} names no select alias.
	CodeUnknownRef = "unknown_ref"
	// CodeMisplacedRef: a ref where select aliases cannot be used and cannot
	// be replaced by the expression they name.
	CodeMisplacedRef = "misplaced_ref"
	// CodeMalformedExpr: an expression sets no variant or several, lacks an
	// input, has the wrong number of arguments or names an unknown function.
	CodeMalformedExpr = "malformed_expr"
	// CodeMalformedCond: a condition uses no form or several, or its operator
	// lacks (or has stray) operands.
	CodeMalformedCond = "malformed_cond"
	// CodeMalformedSource: a source is not exactly one of table, cte or
	// subquery, or a subquery has no alias.
	CodeMalformedSource = "malformed_source"
	// CodeMalformedJoin: a join's type or on list does not fit (a cross join
	// with on, another join without it, a pair not linking the joined source to
	// an earlier one).
	CodeMalformedJoin = "malformed_join"
	// CodeMalformedCTE: a with entry lacks a name or plan, or repeats a name.
	CodeMalformedCTE = "malformed_cte"
	// CodeMalformedSetOp: an unknown set operation or one without a right plan.
	CodeMalformedSetOp = "malformed_set_op"
	// CodeMalformedOrder: an order item's nulls is neither first nor last.
	CodeMalformedOrder = "malformed_order"
	// CodeDuplicateSource: two sources of one query share a name.
	CodeDuplicateSource = "duplicate_source"
	// CodeNestedAggregate: an aggregate or window inside an aggregate.
	CodeNestedAggregate = "nested_aggregate"
	// CodeAggregateInWhere: an aggregate in where that cannot move to having.
	CodeAggregateInWhere = "aggregate_in_where"
	// CodeAggregateInGroupBy: an aggregate among the group_by expressions.
	CodeAggregateInGroupBy = "aggregate_in_group_by"
	// CodeWindowInWhere: a window function in where.
	CodeWindowInWhere = "window_in_where"
	// CodeMisplacedWindow: a window function in group_by or having.
	CodeMisplacedWindow = "misplaced_window"
	// CodeUngroupedColumn: in a grouped query, a column outside any aggregate
	// that group_by does not cover (in having, order_by or beside an aggregate).
	CodeUngroupedColumn = "ungrouped_column"
	// CodeTypeMismatchJoin: a join pair equates columns of incompatible kinds.
	CodeTypeMismatchJoin = "type_mismatch_join"
	// CodeMissingFrom: the plan has no from.
	CodeMissingFrom = "missing_from"
	// CodeSetOpArity: the two sides of a set operation select different
	// numbers of columns.
	CodeSetOpArity = "set_op_arity"
)

// Warnings are reported but do not block compilation.
const (
	// CodeJoinNotFK: a join pair is not a declared or inferred foreign key.
	CodeJoinNotFK = "join_not_fk"
	// CodeDuplicateJoin: a table is joined twice along the same columns.
	CodeDuplicateJoin = "duplicate_join"
	// CodeUnusedJoin: a joined source is never referenced.
	CodeUnusedJoin = "unused_join"
	// CodeUnusedCTE: a CTE is defined but never used as a source.
	CodeUnusedCTE = "unused_cte"
	// CodeLiteralLooksLikeColumn: a string literal spells "table.column" of a
	// real column whose table the query does not read.
	CodeLiteralLooksLikeColumn = "literal_looks_like_column"
)

// Fixes are changes Audit made itself; each is reported as a warning so the
// trace shows what was changed and why.
const (
	// CodeFixedCase: a name rewritten to the schema's (or alias's) spelling.
	CodeFixedCase = "fixed_case"
	// CodeFixedQualify: a bare column qualified with its only source, or a
	// table name rewritten to the alias the query gave it.
	CodeFixedQualify = "fixed_qualify"
	// CodeFixedAliasRef: a select alias used as a column became a ref (order_by,
	// having), or a ref was replaced by its expression (where, group_by).
	CodeFixedAliasRef = "fixed_alias_ref"
	// CodeFixedGroupBy: selected expressions missing from group_by were added.
	CodeFixedGroupBy = "fixed_group_by"
	// CodeFixedHavingToWhere: a having branch without aggregates moved to where.
	CodeFixedHavingToWhere = "fixed_having_to_where"
	// CodeFixedWhereToHaving: a where branch with an aggregate moved to having.
	CodeFixedWhereToHaving = "fixed_where_to_having"
	// CodeFixedOrphanJoin: a referenced but unjoined table was joined along
	// the unique shortest foreign-key path.
	CodeFixedOrphanJoin = "fixed_orphan_join"
	// CodeFixedSourceKind: {"table": x} naming a CTE became {"cte": x}, or the
	// reverse.
	CodeFixedSourceKind = "fixed_source_kind"
	// CodeFixedLiteralColumn: a string literal spelling a column of a source
	// of the query became that column reference.
	CodeFixedLiteralColumn = "fixed_literal_column"
	// CodeFixedCountStar: count with argument {"col": "*"} became count().
	CodeFixedCountStar = "fixed_count_star"
	// CodeFixedLimit: a limit of zero or less (or a negative offset) removed.
	CodeFixedLimit = "fixed_limit"
)

// IsFix reports whether the diagnostic records a change [Audit] made rather
// than a problem left in the plan.
func (d Diagnostic) IsFix() bool { return strings.HasPrefix(d.Code, "fixed_") }
