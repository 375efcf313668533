package offline

import (
	"fmt"

	"querent/internal/plan"
)

// This file reads "the most common X" when the question already asks for
// an aggregate of other rows: "the total access count of documents of the
// most common document type", "the number of customers that have the
// customer type that is most common". The aggregate is computed over the
// rows of the one value of X with the most rows (fewest for "least
// common"): the rows grouped by X, ranked by their count, the first group
// kept and its aggregate shown, X itself not (it was not asked for).

// modeSpec is the "most common X" under an aggregate: at is the mention
// of X (a column of the aggregated table, or a table it references by
// one foreign key), desc false for "least common".
type modeSpec struct {
	at   int
	desc bool
}

// aggOfMode takes "most common X" at mention i, X at mention x, as the
// group an aggregate already read is restricted to, when nothing else
// groups, ranks or limits the question. It reports whether it did.
func (p *parser) aggOfMode(i, x int) bool {
	f := p.f
	if x < 0 || p.used[x] || f.agg == "" || f.agg == "measure" || f.mode != nil || f.rows || f.countRank || f.countGroups ||
		f.having != "" || f.limit != 0 || len(f.sorts) > 0 || len(f.groups) > 0 || p.pendingTop() {
		return false
	}
	f.mode = &modeSpec{at: x, desc: p.ms[i].kw.desc}
	p.used[i], p.used[x] = true, true
	return true
}

// modeGroup resolves the frame's "most common X" once the aggregate's
// table is known: X must be a repeating column of that table, or a table
// it references by exactly one single-column foreign key (grouped by that
// key). The group is hidden and ranked by its number of rows.
func (r *resolver) modeGroup() *refusal {
	md := r.f.mode
	if md == nil {
		return nil
	}
	q := r.q
	text := r.ms[md.at].text
	if q.agg == "" || q.measure != nil || len(q.groupBy) > 0 || len(q.groupKey) > 0 || q.rankAgg || q.having != "" || len(q.order) > 0 {
		return refuseUnresolved("I could not tell what %q applies to: name the column after it.", text)
	}
	var col *colInfo
	if m := r.ms[md.at]; len(m.tables) == 0 {
		c, rf := r.column(md.at, false)
		if rf != nil {
			return rf
		}
		if c.table != q.from || !c.repeats || isPK(q.from, []*colInfo{c}) {
			// A column of another table, or of values that do not repeat,
			// has no "most common" value among the aggregated rows.
			return refuseUnresolved("I could not tell what %q applies to among the rows of %s: name a column of %s.", text, q.from.name, q.from.name)
		}
		col = c
	} else {
		cands := strongest(m.tables, classSynonym)
		if len(cands) != 1 {
			return refuseUnresolved("I could not tell which table %q means.", text)
		}
		edges := q.from.parents[cands[0].table]
		if len(edges) != 1 || len(edges[0].from) != 1 {
			return refuseUnresolved("I could not tell how %q relates to %s: name the column to count by.", text, q.from.name)
		}
		col = r.colByName(q.from, edges[0].from[0])
		if col == nil {
			return refuseUnresolved("The foreign key from %s names a column it does not have.", q.from.name)
		}
	}
	q.groupKey = []*colInfo{col}
	q.rankAgg, q.rankRows, q.rankDesc, q.limit = true, true, md.desc, 1
	return nil
}

// rankExpr is what ranks the groups: their aggregate, or their number of
// rows when the aggregate only describes the group ranked (modeGroup).
func rankExpr(q *query) plan.Expr {
	if q.rankRows {
		return plan.Expr{Agg: "count"}
	}
	return aggExpr(q)
}

// modeText is the account of an aggregate over the most (or least)
// common value's rows: "sum of documents.access_count for the
// documents.type_code with the most documents".
func modeText(q *query) string {
	what := "number of " + q.from.name
	if q.aggCol != nil {
		what = aggName(q.agg) + " of " + q.aggCol.ref
	}
	dir := "fewest"
	if q.rankDesc {
		dir = "most"
	}
	return fmt.Sprintf("%s for the %s with the %s %s", what, refList(q.groupKey), dir, q.from.name)
}
