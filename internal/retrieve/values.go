package retrieve

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"querent/internal/schema"
)

// maxValueWords bounds the sample values indexed for phrase matching: longer
// ones are prose, which people do not quote back.
const maxValueWords = 6

// valueRef is one column holding a sample value.
type valueRef struct {
	table int32
	col   string
	raw   string
}

// indexValues records the column's sample values under their normalised
// form. Numbers are left out: "56" in "older than 56" names no table.
func (x *Index) indexValues(t int32, c *schema.Column) {
	for _, v := range c.Samples {
		nv := normValue(v)
		if len(nv) < 2 || isNumeric(nv) || stopwords[nv] {
			continue
		}
		n := strings.Count(nv, " ") + 1
		if n > maxValueWords {
			continue
		}
		refs := x.values[nv]
		if len(refs) > 0 && refs[len(refs)-1].table == t && refs[len(refs)-1].col == c.Name {
			continue
		}
		x.values[nv] = append(refs, valueRef{table: t, col: c.Name, raw: v})
		x.maxWords = max(x.maxWords, n)
	}
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != ' ' {
			return false
		}
	}
	return true
}

// valueHit is a table whose sample values the question quotes.
type valueHit struct {
	table  int32
	score  float64
	best   float64 // weight of the strongest match, which gives the reason
	reason string
}

// matchValues finds the question's phrases (up to maxValueWords words)
// among sample values and ranks the tables holding them: longer phrases and
// values found in fewer columns count more, since "New York City" in one
// column says more than "red" in twenty.
func (x *Index) matchValues(question string) []valueHit {
	if len(x.values) == 0 {
		return nil
	}
	words := strings.Fields(normValue(question))
	scores := map[int32]*valueHit{}
	covered := make([]bool, len(words)) // a word inside a longer match
	for n := min(x.maxWords, len(words)); n >= 1; n-- {
		for i := 0; i+n <= len(words); i++ {
			if n == 1 && (covered[i] || stopwords[words[i]] || len(words[i]) < 3) {
				continue
			}
			refs := x.values[strings.Join(words[i:i+n], " ")]
			if len(refs) == 0 {
				continue
			}
			for j := i; j < i+n; j++ {
				covered[j] = true
			}
			w := float64(n) / math.Log2(2+float64(len(refs)))
			for _, r := range refs[:min(len(refs), 50)] {
				h := scores[r.table]
				if h == nil {
					h = &valueHit{table: r.table}
					scores[r.table] = h
				}
				if w > h.best {
					h.best = w
					h.reason = fmt.Sprintf("value '%s' in %s.%s", r.raw, x.s.Tables[r.table].Name, r.col)
				}
				h.score += w
			}
		}
	}
	out := make([]valueHit, 0, len(scores))
	for _, h := range scores {
		out = append(out, *h)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].table < out[j].table
	})
	return out
}
