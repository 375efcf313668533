package offline

import (
	"slices"

	"querent/internal/schema"
)

// Columns of a parent named beside a count whose groups were read as one
// of those columns: "the customer id, first and last name with the most
// accounts" groups the accounts by the customer, not by the last name
// the ranking happens to follow. When every column shown is the parent's
// own or the foreign key the counted rows hold to it, the groups are the
// parent's rows, keyed by that foreign key, and each column shown has one
// value per group. Two customers who share a last name stay two groups,
// and a tie on the count is broken as the engine breaks it among keys.

// regroupByParent reports whether c, a column that cannot be shown beside
// the count as grouped, can be once the groups are rekeyed by the
// subject's foreign key to the parent the one grouping column belongs to,
// and so rekeys them. The parent must be referred to in one way only, by
// its primary key, and c must be that parent's column or the key itself.
func (r *resolver) regroupByParent(c *colInfo) bool {
	q := r.q
	if q.agg != "count" || q.aggCol != nil || len(q.groupKey) > 0 || len(q.groupBy) != 1 {
		return false
	}
	parent := q.groupBy[0].table
	keys := r.foreignKeyTo(parent)
	if keys == nil || !slices.Contains(q.joins, parent) {
		return false
	}
	if c.table != parent && !slices.Contains(keys, c) {
		return false
	}
	q.groupKey = keys
	q.parentKeyed = r.lx.groupsByKey
	return true
}

// parentSide returns the parent's key column that c, a column of the
// subject's foreign key the groups are keyed by, is joined to; other
// columns are returned as they are. The value is the same, but the plan
// groups by the parent's key when it reads from the parent, and a column
// of the parent's own key needs no grouping of its own there.
func (r *resolver) parentSide(c *colInfo) *colInfo {
	q := r.q
	i := slices.Index(q.groupKey, c)
	if i < 0 || len(q.groupBy) != 1 {
		return c
	}
	parent := q.groupBy[0].table
	edges := r.subject.parents[parent.idx]
	if len(edges) != 1 || i >= len(edges[0].to) {
		return c
	}
	if pc := r.colByName(parent, edges[0].to[i]); pc != nil {
		return pc
	}
	return c
}

// foreignKeyTo returns the subject's columns of its one foreign key to
// parent's primary key, or nil when it has none, several, or one to other
// columns.
func (r *resolver) foreignKeyTo(parent *tableInfo) []*colInfo {
	subject := r.subject
	if parent == subject || len(parent.pk) == 0 {
		return nil
	}
	edges := subject.parents[parent.idx]
	if len(edges) != 1 || !schema.EqualFoldAll(edges[0].to, parent.pk) {
		return nil
	}
	var keys []*colInfo
	for _, name := range edges[0].from {
		k := r.colByName(subject, name)
		if k == nil {
			return nil
		}
		keys = append(keys, k)
	}
	return keys
}

// groupListed reports whether the one group was named as the last of a
// list of columns ("the customer id, first and last name with the most
// accounts": the last name closes the list the ranking follows), not
// introduced by a group word ("for each last name"), which would make
// the column itself the groups asked for.
func (r *resolver) groupListed() bool {
	if len(r.f.groups) != 1 {
		return false
	}
	for j := r.f.groups[0] - 1; j >= 0; j-- {
		m := r.ms[j]
		if m.kind == mStop {
			continue
		}
		return m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma)
	}
	return false
}
