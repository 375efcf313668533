package offline

import "strings"

// countWords rank by how many: "the most students", "the fewest
// assignments", whatever the number of the noun after them.
var countWords = setOf("most", "fewest", "least")

// nameBeforeRelation finds X in "X <verb> the most Y" with no relative
// word ("which range contains the most mountains", "which customer uses
// the most policies", "the industry shared by the most companies"): the
// unused name before ranking word i, with only stop words between and at
// least one verb of relation among them, which may have linked as a
// keyword of its own ("contains", "shared by"). It returns X and those
// keyword mentions, or -1.
func (p *parser) nameBeforeRelation(i int) (int, []int) {
	var kws []int
	verb := false
	for j := i - 1; j >= 0; j-- {
		m := p.ms[j]
		w := lower(m.text)
		switch {
		case m.kind == mName && !p.used[j]:
			if verb {
				return j, kws
			}
			return -1, nil
		case m.kind == mStop:
			verb = verb || relationVerbs[w] || relWords[w]
		case m.kind == mKeyword && !p.used[j] && relationVerbs[firstWord(w)] && (!strings.Contains(w, " ") || strings.HasSuffix(w, " by")):
			verb = true
			kws = append(kws, j)
		default:
			return -1, nil
		}
	}
	return -1, nil
}
