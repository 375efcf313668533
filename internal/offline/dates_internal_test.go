package offline

import "testing"

// quoteDates rewrites whole dates outside quotes and leaves the rest.
func TestQuoteDates(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"hired before June 21, 2002", "hired before '2002-06-21'"},
		{"hired after 7th September, 1987", "hired after '1987-09-07'"},
		{"hired after Sept. 7th 1987", "hired after '1987-09-07'"},
		{"before 2018-03-17 07:13:53.", "before '2018-03-17 07:13:53'."},
		{"before the date '2017-06-19 02:59:21'", "before the date '2017-06-19 02:59:21'"},
		{"the employee's hire before May 5, 2020", "the employee's hire before '2020-05-05'"},
		{"songs released in March", "songs released in March"},
		{"released on June 21", "released on June 21"},
		{"may 2020 orders", "may 2020 orders"},
		{"before February 29, 2021", "before February 29, 2021"},
		{"before February 29, 2020", "before '2020-02-29'"},
		{"born 1990-13-01", "born 1990-13-01"},
	} {
		if got := quoteDates(c.in); got != c.want {
			t.Errorf("quoteDates(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
