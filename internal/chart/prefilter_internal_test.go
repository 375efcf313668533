package chart

import "testing"

// FuzzStartsWithYear checks that the quick test in front of the period
// patterns never hides a match.
func FuzzStartsWithYear(f *testing.F) {
	for _, s := range []string{"2024", "2024-03", "2024-Q1", "2024-W09", "2024-03-01 14", "Q1 2024", "", "२०२४"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if startsWithYear(s) {
			return
		}
		if yearRE.MatchString(s) || monthRE.MatchString(s) || quarterRE.MatchString(s) || weekRE.MatchString(s) || hourRE.MatchString(s) {
			t.Errorf("startsWithYear(%q) is false, but a period pattern matches", s)
		}
	})
}
