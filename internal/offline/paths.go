package offline

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/schema"
)

// hop is one join of a path between tables: table is joined to prev, the
// table before it on the path, along edge e. down means table references
// prev (a child); otherwise prev references table (a parent).
type hop struct {
	table, prev *tableInfo
	e           fkEdge
	down        bool
}

// maxHops bounds the joins between two tables: a longer path is more
// likely a wrong reading than the one meant.
const maxHops = 3

// link returns the one foreign key between a and b in either direction,
// and whether b references a; ok is false when there is none or more than
// one (which of them is meant would be a guess).
func link(a, b *tableInfo) (e fkEdge, down, ok bool) {
	up, dn := a.parents[b.idx], b.parents[a.idx]
	switch {
	case len(up) == 1 && len(dn) == 0:
		return up[0], false, true
	case len(dn) == 1 && len(up) == 0:
		return dn[0], true, true
	}
	return fkEdge{}, false, false
}

// path returns the shortest chain of joins from table a to table b along
// declared foreign keys, counting how many shortest chains there are.
// Pairs of tables linked by several keys are not crossed, nor is a parent
// crossed from one child to another (two rows sharing a department are
// rarely what a question relates). A nil path with n == 0 means none
// within maxHops.
func (lx *lexicon) path(a, b *tableInfo) (p []hop, n int) {
	return lx.pathWhere(a, b, nil)
}

// pathVia is [lexicon.path] narrowed by the tables a question names: when
// several chains are equally short and exactly one of them passes only
// through named tables ("procedures physician John Wen was trained in"
// names trained_in, not undergoes, between physicians and procedures),
// that one is the chain meant.
func (lx *lexicon) pathVia(a, b *tableInfo, named []*tableInfo) (p []hop, n int) {
	p, n = lx.pathWhere(a, b, nil)
	if n < 2 || len(p) < 2 {
		return p, n
	}
	q, m := lx.pathWhere(a, b, func(t *tableInfo) bool { return slices.Contains(named, t) })
	if m != 1 || len(q) != len(p) {
		return p, n
	}
	return q, 1
}

// pathWhere is [lexicon.path] through only the tables between a and b
// that through accepts (all of them when through is nil).
func (lx *lexicon) pathWhere(a, b *tableInfo, through func(*tableInfo) bool) (p []hop, n int) {
	if a == b {
		return nil, 1
	}
	// A state is a table and whether it was reached going up to a parent.
	type state struct {
		t      *tableInfo
		up     bool
		downed bool // a child was entered on the way
	}
	start := state{t: a}
	dist := map[state]int{start: 0}
	count := map[state]int{start: 1}
	prev := map[state]state{}
	via := map[state]hop{}
	frontier := []state{start}
	var ends []state
	for d := 1; d <= maxHops && len(frontier) > 0 && len(ends) == 0; d++ {
		var next []state
		for _, st := range frontier {
			for _, u := range lx.tables {
				if u == st.t || u != b && through != nil && !through(u) {
					continue
				}
				e, down, ok := link(st.t, u)
				if !ok || down && (st.up || st.downed) {
					continue
				}
				ns := state{t: u, up: !down, downed: st.downed || down}
				du, seen := dist[ns]
				switch {
				case !seen:
					dist[ns], count[ns], prev[ns] = d, count[st], st
					via[ns] = hop{table: u, prev: st.t, e: e, down: down}
					next = append(next, ns)
					if u == b {
						ends = append(ends, ns)
					}
				case du == d:
					count[ns] += count[st]
				}
			}
		}
		frontier = next
	}
	if len(ends) == 0 {
		return nil, 0
	}
	for _, e := range ends {
		n += count[e]
	}
	for st := ends[0]; st != start; st = prev[st] {
		p = append([]hop{via[st]}, p...)
	}
	return p, n
}

// withoutLinks drops, from tables a word may mean, those that only link
// others (has_amenity: dormid, amenid), when another remains: "amenities"
// are the rows of dorm_amenity, which has_amenity pairs with dorms.
func (lx *lexicon) withoutLinks(refs []nameRef) []nameRef {
	if len(refs) < 2 {
		return refs
	}
	var out []nameRef
	for _, r := range refs {
		if !lx.tables[r.table].linkOnly() {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return refs
	}
	return out
}

// linkOnly reports whether every column of a table is a key: a table that
// pairs rows of others and holds nothing of its own.
func (t *tableInfo) linkOnly() bool {
	if len(t.parents) < 2 {
		return false
	}
	for _, c := range t.cols {
		if c != nil && !c.id {
			return false
		}
	}
	return true
}

// noteUnconfirmed records fk, a key of child (table ci) to parent (pi)
// that [exactEdge] did not keep, when it pairs text with numbers: a key the
// schema declares but the data did not confirm (schema.ForeignKey.TextMatch
// unset), which a refusal should name rather than call the tables unrelated.
func (lx *lexicon) noteUnconfirmed(ci, pi int, child, parent *schema.Table, fk schema.ForeignKey) {
	for k := range fk.Columns {
		c, ok1 := child.Column(fk.Columns[k])
		pc, ok2 := parent.Column(fk.RefColumns[k])
		if !ok1 || !ok2 || !schema.TextAgainstNumber(c.Kind, pc.Kind) {
			continue
		}
		if lx.unconfirmed == nil {
			lx.unconfirmed = map[[2]int]string{}
		}
		lx.unconfirmed[[2]int{ci, pi}] = fmt.Sprintf(" The key %s.%s → %s.%s pairs %s with %s values, and the data does not show them matching.",
			child.Name, c.Name, parent.Name, pc.Name, c.Kind, pc.Kind)
		return
	}
}

// unconfirmedNote names the unconfirmed key between a and b, either way
// round, for a refusal to join them; "" when there is none.
func (lx *lexicon) unconfirmedNote(a, b *tableInfo) string {
	if n, ok := lx.unconfirmed[[2]int{a.idx, b.idx}]; ok {
		return n
	}
	return lx.unconfirmed[[2]int{b.idx, a.idx}]
}

// unconfirmedAmong names the unconfirmed keys between any two of ts.
func (lx *lexicon) unconfirmedAmong(ts []*tableInfo) string {
	var b strings.Builder
	for i, a := range ts {
		for _, c := range ts[i+1:] {
			b.WriteString(lx.unconfirmedNote(a, c))
		}
	}
	return b.String()
}
