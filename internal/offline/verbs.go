package offline

// Verbs that only say how the rows of two tables relate, or that a row
// came to be at the time a bare year names: "physicians affiliated with a
// department", "products not included in any order", "campuses opened in
// 1958" (the campus's one plain year column). When the schema names no
// table or column for the verb's family (an opening_year, year_opened,
// an inclusion table) the foreign keys, or the table's year, already say
// what the verb says, and derivedWord reads it as a stop word. Forms that
// are also adjectives or nouns ("open" tickets, a "lead" singer, a
// hospital "stay") are left out: dropping them would drop a condition.
var joinVerbs = setOf(
	"opens", "opened",
	"affiliate", "affiliates", "affiliated",
	"include", "includes", "included",
	"led",
)

// reachVerbs say a measure attained a number: "the days whose max wind
// speed reached 25" are those with a speed of at least 25.
var reachVerbs = setOf("reach", "reaches", "reached", "reaching")

// reachedBounds rewrites "reached N" as "at least N" when a number follows
// the verb and the schema names nothing for it. Before anything but a
// number ("flights that reach Boston", "reached the maximum occupancy") the
// verb is left alone.
func (lx *lexicon) reachedBounds(toks []token) []token {
	var out []token
	for i, t := range toks {
		if t.kind != tokWord || !reachVerbs[t.text] || i+1 >= len(toks) || toks[i+1].kind != tokNumber || !lx.unclaimedWords([]string{t.text}) {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append(make([]token, 0, len(toks)+1), toks[:i]...)
		}
		out = append(out, wordToken("at"), wordToken("least"))
	}
	if out == nil {
		return toks
	}
	return out
}
