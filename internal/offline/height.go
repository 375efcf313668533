package offline

import "slices"

// Height adjectives: "the tallest person", "the tallest building". Tall
// says height and nothing else, so the superlative ranks by the subject's
// one numeric column named for a height, as "oldest" ranks by its age,
// and "taller than 1.85" compares the column the word height names.
// "Shortest" stays a length (order.go): it is the opposite of long as
// often as of tall.

// adjHeight is the kind of column "tallest" ranks by: the table's one
// height column.
const adjHeight = adjLength + 1

// init adds "tallest" to keywords.
func init() {
	if _, dup := keywords["tallest"]; !dup {
		keywords["tallest"] = keyword{kind: kwAdj, adj: adjHeight, desc: true}
	}
}

// isHeightCol reports whether a column holds a height: numeric, with
// "height" in its name.
func isHeightCol(c *colInfo) bool {
	return c.numeric && slices.Contains(c.words, "height")
}

// heightComparisons rewrites "taller than N" as "height greater than N",
// which links to whatever the schema calls a height, or to nothing, and
// then refuses as any unknown word would. Only before a number: "taller
// than his brother" compares rows, which this planner does not.
func heightComparisons(toks []token) []token {
	toks = fromToDirections(topPositives(toks)) // gradable.go
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].text != "taller" || toks[i+1].text != "than" || toks[i+2].kind != tokNumber {
			continue
		}
		out := make([]token, 0, len(toks)+1)
		out = append(out, toks[:i]...)
		out = append(out, wordToken("height"), wordToken("greater"))
		return append(out, heightComparisons(toks[i+1:])...)
	}
	return toks
}
