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
		case !verb && p.relationTable(j):
			// "the student participating in the most activities", where
			// "participating in" names the link table (participates_in)
			// the count goes through: the verb, not a table of its own.
			verb = true
			kws = append(kws, j)
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

// relationTable reports whether mention j is a verb of relation that
// linked only to tables ("participating in" → participates_in): the name
// of the link table through which X relates to what is counted, read as
// the verb it is rather than as a table the question is about.
func (p *parser) relationTable(j int) bool {
	m := p.ms[j]
	return m.kind == mName && !p.used[j] && len(m.tables) > 0 && len(m.cols) == 0 && relationVerbs[firstWord(lower(m.text))]
}

// pendingTop reports whether a "top N" still waits for the key it ranks
// by: no column or adjective has given one yet.
func (p *parser) pendingTop() bool {
	f := p.f
	return f.rows && f.limit > 0 && f.measure < 0 && f.adj == nil && len(f.sorts) == 0
}
