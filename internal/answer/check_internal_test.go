package answer

import (
	"regexp"
	"testing"
)

// FuzzMayContain checks that the quick test in front of the count patterns
// never hides a match: when it says a question cannot match, the patterns
// agree.
func FuzzMayContain(f *testing.F) {
	for _, q := range []string{
		"the 3 employees with the highest salary", "top five customers", "How many orders?",
		"number of customers per country", "COUNT the rows", "by_country", "per-country", "abby", "grouped by", "eachother", "re count", "ĸount", "broKen down", "orders with status pending",
		"ſix cheapest products", "3 oldeſt", "the 2 bigges\u0074 orders", "Top Ten", "first twenty", "the two largest", "recount",
	} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		fq := foldQuestion(q)
		if !fq.mayContain(countWords...) && (topNRE.MatchString(q) || nBest.MatchString(q)) {
			t.Errorf("mayContain(%q, countWords) is false, but a row-count pattern matches", q)
		}
		for _, c := range rowCountPatterns {
			if !fq.mayContain(c.needs...) && c.re.MatchString(q) {
				t.Errorf("mayContain(%q, %q) is false, but %s matches", q, c.needs, c.re)
			}
		}
		for _, c := range []struct {
			re   *regexp.Regexp
			alts []string
		}{{howMany, howManyAlts}, {grouped, groupedAlts}} {
			if got, want := fq.matchWords(c.re, c.alts), c.re.MatchString(q); got != want {
				t.Errorf("matchWords(%q) for %s = %v, the pattern says %v", q, c.re, got, want)
			}
		}
	})
}

// FuzzStartsLikeDate checks that the quick test in front of the date
// patterns never hides a match.
func FuzzStartsLikeDate(f *testing.F) {
	for _, s := range []string{"2024-03-01", "2024-03-01 14:05:09.5+02:00", "2024-03-01T14:05Z", "2024-3-1", "Germany", "", "२०२४-03-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !startsLikeDate(s) && (dateRE.MatchString(s) || dateTimeRE.MatchString(s)) {
			t.Errorf("startsLikeDate(%q) is false, but a date pattern matches", s)
		}
	})
}
