package schema

import (
	"sort"
	"strings"
)

// Nearest returns up to n candidates closest to name by edit distance (case-
// insensitive), closest first, keeping only those close enough to be a
// plausible typo or variant. It powers "did you mean" hints for unknown tables
// and columns, both for users and for the LLM's repair prompt.
func Nearest(name string, candidates []string, n int) []string {
	type scored struct {
		s string
		d int
	}
	lname := strings.ToLower(name)
	var out []scored
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := EditDistance(lname, lc)
		// A candidate that contains the name (or vice versa) is a good hint even
		// when the distance is large: "amount" → "total_amount".
		if strings.Contains(lc, lname) || strings.Contains(lname, lc) {
			d = min(d, 1+abs(len(lc)-len(lname))/4)
		}
		limit := max(2, len(lname)/2)
		if d <= limit {
			out = append(out, scored{c, d})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].d != out[j].d {
			return out[i].d < out[j].d
		}
		return out[i].s < out[j].s
	})
	res := make([]string, 0, n)
	for i := 0; i < len(out) && i < n; i++ {
		res = append(res, out[i].s)
	}
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// EditDistance is the Levenshtein distance between a and b in runes: one
// implementation for names (Nearest), values (the agent's near misses) and
// settings (DSN parameters).
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
