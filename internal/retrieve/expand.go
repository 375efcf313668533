package retrieve

import (
	"fmt"
	"sort"
)

// maxVisited bounds one breadth-first search, so a hub table referenced by
// thousands of others cannot make expansion scan the whole schema.
const maxVisited = 4096

// bridges returns the tables on shortest foreign-key paths (at most
// maxJoinHops joins) between any two kept tables that are not kept
// themselves, each with the pair it joins. A model told about orders and
// products cannot join them without order_items.
func (x *Index) bridges(kept []candidate) []candidate {
	in := make(map[int32]bool, len(kept))
	for _, c := range kept {
		in[c.table] = true
	}
	var out []candidate
	added := map[int32]bool{}
	for i, a := range kept {
		parent := x.bfs(a.table)
		for _, b := range kept[i+1:] {
			if _, ok := parent[b.table]; !ok {
				continue
			}
			for n := parent[b.table]; n != a.table; n = parent[n] {
				if in[n] || added[n] {
					continue
				}
				added[n] = true
				out = append(out, candidate{
					bestCol: -1,
					table:   n,
					stage:   StageJoin,
					reasons: []string{fmt.Sprintf("joins %s and %s", x.s.Tables[a.table].Name, x.s.Tables[b.table].Name)},
				})
			}
		}
	}
	return out
}

// bfs returns the breadth-first parent of every table within maxJoinHops
// joins of from (from's own parent is itself).
func (x *Index) bfs(from int32) map[int32]int32 {
	parent := map[int32]int32{from: from}
	frontier := []int32{from}
	for hop := 0; hop < maxJoinHops && len(frontier) > 0 && len(parent) < maxVisited; hop++ {
		var next []int32
		for _, n := range frontier {
			for _, m := range x.adj[n] {
				if _, seen := parent[m]; !seen {
					parent[m] = n
					next = append(next, m)
				}
			}
		}
		frontier = next
	}
	return parent
}

// expandAndFit adds the bridges between the kept tables, then, while the
// estimated tokens exceed budget (when budget > 0), drops the lowest-scored
// kept table that is neither a bridge nor the best one, and recomputes the
// bridges for what is left (a bridge whose pair lost a table goes too).
// Tables kept from the conversation go after every other table.
func (x *Index) expandAndFit(kept []candidate, budget int) ([]candidate, []string) {
	var notes []string
	for {
		br := x.bridges(kept)
		total := 0
		for _, c := range kept {
			total += x.tableTokens[c.table]
		}
		for _, c := range br {
			total += x.tableTokens[c.table]
		}
		if budget <= 0 || total <= budget || len(kept) <= 1 {
			if budget > 0 && total > budget {
				notes = append(notes, fmt.Sprintf("the token budget (%d) is smaller than the best table alone (about %d tokens); it is kept anyway", budget, total))
			}
			return append(kept, br...), notes
		}
		drop := lowest(kept)
		notes = append(notes, fmt.Sprintf("dropped %s to fit the token budget of %d", x.s.Tables[kept[drop].table].Name, budget))
		kept = append(kept[:drop:drop], kept[drop+1:]...)
	}
}

// lowest returns the index of the table to drop first: conversation tables
// last, then by score, the best-ranked (index 0) never.
func lowest(kept []candidate) int {
	idx := make([]int, 0, len(kept)-1)
	for i := 1; i < len(kept); i++ {
		idx = append(idx, i)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ca, cb := kept[idx[a]], kept[idx[b]]
		if (ca.stage == StageHistory) != (cb.stage == StageHistory) {
			return cb.stage == StageHistory
		}
		if ca.score != cb.score {
			return ca.score < cb.score
		}
		return idx[a] > idx[b]
	})
	return idx[0]
}
