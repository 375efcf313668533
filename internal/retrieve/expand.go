package retrieve

import (
	"fmt"
	"sort"
	"strings"

	"querent/internal/schema"
)

// maxVisited bounds one breadth-first search, so a hub table referenced by
// thousands of others cannot make expansion scan the whole schema.
const maxVisited = 4096

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

// selection is the tables chosen so far, with their estimated cost.
type selection struct {
	x      *Index
	budget int // 0: none
	out    []candidate
	in     map[int32]bool
	tokens int
	briefs int
}

// cost is what t adds to the rendering, shown in full or in one line (the
// first one-line table also brings schema.BriefHeader).
func (s *selection) cost(t int32, brief bool, briefs int) int {
	if !brief {
		return s.x.tableTokens[t]
	}
	c := s.x.briefTokens[t]
	if briefs == 0 {
		c += briefHeaderTokens
	}
	return c
}

// bridgesTo returns the tables on shortest foreign-key paths (at most
// maxJoinHops joins) from t to the tables already selected that are not
// selected themselves, each with the pair it joins: a model told about
// orders and products cannot join them without order_items.
func (s *selection) bridgesTo(t int32, brief bool) []candidate {
	parent := s.x.bfs(t)
	var out []candidate
	added := map[int32]bool{}
	for _, o := range s.out {
		if o.stage == StageJoin {
			continue
		}
		if _, ok := parent[o.table]; !ok {
			continue
		}
		for n := parent[o.table]; n != t; n = parent[n] {
			if s.in[n] || added[n] {
				continue
			}
			added[n] = true
			out = append(out, candidate{
				table:   n,
				stage:   StageJoin,
				brief:   brief || o.brief,
				reasons: []string{fmt.Sprintf("joins %s and %s", s.x.s.Tables[o.table].Name, s.x.s.Tables[t].Name)},
			})
		}
	}
	return out
}

// try adds c with the bridges joining it to the selection if they fit the
// budget with reserve tokens to spare, in full unless brief, and reports
// whether it did. force adds it even over the budget.
func (s *selection) try(c candidate, brief, force bool, reserve int) bool {
	if s.in[c.table] {
		return true
	}
	c.brief = brief
	br := s.bridgesTo(c.table, brief)
	briefs := s.briefs
	add := s.cost(c.table, brief, briefs)
	if brief {
		briefs++
	}
	for _, b := range br {
		add += s.cost(b.table, b.brief, briefs)
		if b.brief {
			briefs++
		}
	}
	if !force && s.budget > 0 && s.tokens+add+reserve > s.budget {
		return false
	}
	s.tokens += add
	s.briefs = briefs
	for _, n := range append([]candidate{c}, br...) {
		s.in[n.table] = true
		s.out = append(s.out, n)
	}
	return true
}

// fit chooses what is shown and how. The kept tables are shown in full
// with the bridges between them. Under a budget the best one always is,
// the conversation's tables come next, and a kept table is shown in full
// only if the kept tables after it still fit in one line each: past the
// budget, seeing more tables in one line beats seeing fewer in full. Once
// one is shown in one line, so are those after it (a model takes the full
// ones for the most relevant), and a kept table that does not fit even in
// one line is left out. Then the tables of more, best first, are shown in
// one line each (with their bridges) while the budget allows.
func (x *Index) fit(kept, more []candidate, budget int) ([]candidate, []string) {
	s := &selection{x: x, budget: budget, in: make(map[int32]bool, len(kept)+len(more))}
	var notes []string
	order := make([]candidate, 0, len(kept))
	if len(kept) > 0 {
		order = append(order, kept[0])
	}
	for _, c := range kept[min(1, len(kept)):] {
		if c.stage == StageHistory {
			order = append(order, c)
		}
	}
	for _, c := range kept[min(1, len(kept)):] {
		if c.stage != StageHistory {
			order = append(order, c)
		}
	}
	// reserve[i] is what order[i:] cost in one line each.
	reserve := make([]int, len(order)+1)
	for i := len(order) - 1; i >= 1; i-- {
		reserve[i] = reserve[i+1] + x.briefTokens[order[i].table]
	}
	var demoted, dropped []string
	for i, c := range order {
		if i == 0 {
			s.try(c, false, true, 0)
			if budget > 0 && s.tokens > budget {
				notes = append(notes, fmt.Sprintf("the token budget (%d) is smaller than the best table alone (about %d tokens); it is kept anyway", budget, s.tokens))
			}
			continue
		}
		r := reserve[i+1]
		if r > 0 && s.briefs == 0 {
			r += briefHeaderTokens
		}
		switch {
		case len(demoted) == 0 && s.try(c, false, false, r):
		case s.try(c, true, false, 0):
			demoted = append(demoted, x.s.Tables[c.table].Name)
		default:
			dropped = append(dropped, x.s.Tables[c.table].Name)
		}
	}
	if len(demoted) > 0 {
		notes = append(notes, fmt.Sprintf("shown in one line to fit the token budget of %d: %s", budget, strings.Join(demoted, ", ")))
	}
	if len(dropped) > 0 {
		notes = append(notes, fmt.Sprintf("dropped to fit the token budget of %d: %s", budget, strings.Join(dropped, ", ")))
	}
	for _, c := range more {
		s.try(c, true, false, 0)
	}
	// Full tables first, then one-line ones; in each, the ranked tables
	// (in selection order) before the bridges that join them.
	group := func(c candidate) int {
		g := 0
		if c.brief {
			g = 2
		}
		if c.stage == StageJoin {
			g++
		}
		return g
	}
	sort.SliceStable(s.out, func(i, j int) bool { return group(s.out[i]) < group(s.out[j]) })
	return s.out, notes
}

// briefHeaderTokens is what schema.BriefHeader costs.
var briefHeaderTokens = Tokens(schema.BriefHeader)
