package agent

import (
	"sort"
	"strings"
	"unicode"

	"querent/internal/schema"
)

// linkTables ranks tables by how many of the question's words their names,
// columns and sample values mention, keeps the top k, and adds the tables on
// foreign-key paths between them so the LLM can join. Small schemas are
// returned whole: there is nothing to gain from filtering a handful of tables
// and something to lose.
func linkTables(s *schema.Schema, question string, k int) []string {
	if len(s.Tables) <= k {
		return s.TableNames()
	}
	words := map[string]bool{}
	for _, w := range splitWords(question) {
		words[stem(w)] = true
	}
	type scored struct {
		name  string
		score float64
	}
	var ranked []scored
	for _, t := range s.Tables {
		score := 0.0
		for _, w := range splitWords(t.Name) {
			if words[stem(w)] {
				score += 3
			}
		}
		for _, c := range t.Columns {
			for _, w := range splitWords(c.Name) {
				if words[stem(w)] {
					score++
				}
			}
			for _, v := range c.Samples {
				if words[stem(strings.ToLower(v))] {
					score += 2
				}
			}
		}
		ranked = append(ranked, scored{t.Name, score})
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	keep := map[string]bool{}
	var out []string
	for i := 0; i < len(ranked) && len(out) < k; i++ {
		if ranked[i].score == 0 && len(out) > 0 {
			break
		}
		keep[strings.ToLower(ranked[i].name)] = true
		out = append(out, ranked[i].name)
	}
	// One hop of foreign-key expansion: tables that link two kept tables.
	for _, t := range s.Tables {
		if keep[strings.ToLower(t.Name)] {
			continue
		}
		linked := 0
		for _, e := range s.Edges() {
			if strings.EqualFold(e.From, t.Name) && keep[strings.ToLower(e.To)] ||
				strings.EqualFold(e.To, t.Name) && keep[strings.ToLower(e.From)] {
				linked++
			}
		}
		if linked >= 2 {
			out = append(out, t.Name)
		}
	}
	sort.Strings(out)
	return out
}

// splitWords lower-cases and splits on anything that is not a letter or
// digit, and on camelCase boundaries.
func splitWords(s string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsUpper(r) && prevLower:
			flush()
			cur = append(cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		default:
			flush()
		}
		prevLower = unicode.IsLower(r)
	}
	flush()
	return words
}

// stem strips common English plural endings so "orders" meets "order".
func stem(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}
