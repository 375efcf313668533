package offline

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Calendar dates written in a question ("hired before June 21, 2002",
// "after 7th September, 1987", "before 2002-06-21") are one value, not three
// numbers: quoteDates rewrites each, before the question is split into
// tokens, as a quoted ISO-8601 literal ('2002-06-21'), the form dates take
// in SQL databases. The literal then compares with a date column whose
// values are written the same way (isoDateFilter), where text order is date
// order. Only whole dates with a year are read: "in March" or "June 21"
// alone name no single day.

// monthNumbers are the English month names and their usual abbreviations.
// "May" is read only inside a whole date, where it cannot be the verb.
var monthNumbers = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
	"april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7,
	"august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
	"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

const monthPattern = `(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?`

var (
	// isoInText: 2002-06-21, optionally with a time of day, not already
	// inside quotes (the character before it is checked by the caller).
	isoInText = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\b`)
	// monthDayYear: "June 21, 2002", "September 7th, 1987".
	monthDayYear = regexp.MustCompile(`(?i)\b` + monthPattern + `\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`)
	// dayMonthYear: "7th September, 1987", "21 June 2002", "7th of September 1987".
	dayMonthYear = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthPattern + `,?\s+(\d{4})\b`)
)

// quoteDates rewrites the whole calendar dates of a question as quoted ISO
// literals. A date already inside quotes is left as written; an impossible
// day ("February 31, 2020") is not a date and is left alone.
func quoteDates(q string) string {
	if !hasDigitRun(q, 4) {
		return q // most questions: no year, so none of the patterns can match
	}
	if strings.IndexByte(q, '-') >= 0 { // isoInText needs its hyphens
		q = replaceOutsideQuotes(q, isoInText, isoMatch)
	}
	if !mayNameMonth(q) {
		return q
	}
	return monthDates(q)
}

// monthDates rewrites the dates of q written with a month's name ("June
// 21, 2002", "7th of September 1987") as quoted ISO literals.
func monthDates(q string) string {
	q = replaceOutsideQuotes(q, monthDayYear, func(m []string) (string, bool) {
		d, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		return isoDay(y, monthNumbers[strings.ToLower(m[1])], d)
	})
	return replaceOutsideQuotes(q, dayMonthYear, func(m []string) (string, bool) {
		d, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[3])
		return isoDay(y, monthNumbers[strings.ToLower(m[2])], d)
	})
}

// isoMatch converts a match of isoInText: the day, and the time of day
// when one is written.
func isoMatch(m []string) (string, bool) {
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	d, _ := strconv.Atoi(m[3])
	iso, ok := isoDay(y, mo, d)
	if !ok {
		return "", false
	}
	if m[4] != "" {
		sec := m[6]
		if sec == "" {
			sec = "00"
		}
		iso += " " + m[4] + ":" + m[5] + ":" + sec
	}
	return iso, true
}

// mayNameMonth reports whether q holds a month name as monthDayYear and
// dayMonthYear read one: a whole run of word characters (\w: ASCII
// letters, digits, underscore) that is a key of monthNumbers in any case.
// Most questions with a year name no month, and both patterns, each
// starting with a case-folded alternation, are slow to fail. A question
// with a non-ASCII byte is left to the patterns, whose (?i) also folds a
// few non-ASCII letters (ſ, K) to ASCII ones.
func mayNameMonth(q string) bool {
	start := -1
	for i := 0; i <= len(q); i++ {
		if i < len(q) {
			c := q[i]
			if c >= 0x80 {
				return true
			}
			if isWordByte(c) || c == '_' {
				if start < 0 {
					start = i
				}
				continue
			}
		}
		if start >= 0 && isMonthWord(q[start:i]) {
			return true
		}
		start = -1
	}
	return false
}

// isMonthWord reports whether w, in any case, is a key of monthNumbers,
// without building its lower-case form on the heap.
func isMonthWord(w string) bool {
	var buf [len("september")]byte
	if len(w) < 3 || len(w) > len(buf) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	_, ok := monthNumbers[string(buf[:len(w)])]
	return ok
}

// hasDigitRun reports whether q holds n ASCII digits in a row. Every
// date pattern above needs a four-digit year, and \d is ASCII only in
// Go's regexp, so a question without one is left without running them.
func hasDigitRun(q string, n int) bool {
	run := 0
	for i := 0; i < len(q); i++ {
		if q[i] >= '0' && q[i] <= '9' {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// isoDay writes a day as YYYY-MM-DD when it exists in the calendar.
func isoDay(y, m, d int) (string, bool) {
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if y < 1000 || y > 2999 || m < 1 || m > 12 || d < 1 || d > days[m] ||
		(m == 2 && d == 29 && !(y%4 == 0 && (y%100 != 0 || y%400 == 0))) {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// replaceOutsideQuotes replaces each match of re that is not inside a
// quoted phrase with the quoted ISO text conv returns; conv may decline.
func replaceOutsideQuotes(q string, re *regexp.Regexp, conv func([]string) (string, bool)) string {
	locs := re.FindAllStringSubmatchIndex(q, -1)
	if locs == nil {
		return q
	}
	var b strings.Builder
	last := 0
	for _, loc := range locs {
		if insideQuotes(q, loc[0]) {
			continue
		}
		m := make([]string, len(loc)/2)
		for k := range m {
			if loc[2*k] >= 0 {
				m[k] = q[loc[2*k]:loc[2*k+1]]
			}
		}
		iso, ok := conv(m)
		if !ok {
			continue
		}
		b.WriteString(q[last:loc[0]])
		b.WriteString("'" + iso + "'")
		last = loc[1]
	}
	b.WriteString(q[last:])
	return b.String()
}

// insideQuotes reports whether byte offset i of q lies inside a quoted
// phrase, counting the double quotes and the quotes that open or close a
// phrase before it (an apostrophe inside a word, "employee's", is none).
func insideQuotes(q string, i int) bool {
	double, single := false, false
	for k := 0; k < i; k++ {
		switch q[k] {
		case '"':
			if !single {
				double = !double
			}
		case '\'':
			if double {
				continue
			}
			inWord := k > 0 && k+1 < len(q) && isWordByte(q[k-1]) && isWordByte(q[k+1])
			if !inWord {
				single = !single
			}
		}
	}
	return double || single
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isoLiteral reports whether a literal is a date in ISO form, with or
// without a time of day.
func isoLiteral(v string) bool {
	return isoDate.MatchString(v) && (len(v) == 10 || len(v) == 19 && v[10] == ' ')
}

// isoDateFilter compares a date column with an ISO date literal. Text order
// is date order only when the column's values are written in ISO form, so
// a column whose samples are written otherwise ("8/21/2015") is refused; a
// declared date column with no samples is taken to hold ISO text, as the
// year ranges of yearRange already take it. Equality needs samples that
// are all of the literal's length: a day never equals a timestamp of it.
func (r *resolver) isoDateFilter(col *colInfo, op, v string) (condSpec, bool) {
	if !col.date || !isoLiteral(v) || (len(col.samples) > 0 && !looksISO(col.samples)) {
		return condSpec{}, false
	}
	switch op {
	case "<", ">", "<=", ">=":
		return condSpec{col: col, op: op, vals: []any{v}}, true
	case "=", "!=":
		if len(col.samples) == 0 {
			return condSpec{}, false
		}
		for _, s := range col.samples {
			if len(s) != len(v) {
				return condSpec{}, false
			}
		}
		return condSpec{col: col, op: op, vals: []any{v}}, true
	}
	return condSpec{}, false
}

// rangeEnds reads the two ends of "between A and B" (mentions i and hi):
// two numbers, or two dates written as ISO literals ("hired between
// November 5th, 2007 and July 5th, 2009").
func (p *parser) rangeEnds(i, hi int) (lo, up any, ok bool) {
	if !p.in(i) || !p.in(hi) {
		return nil, nil, false
	}
	a, b := p.ms[i], p.ms[hi]
	switch {
	case a.kind == mNumber && b.kind == mNumber:
		return a.num, b.num, true
	case a.kind == mQuoted && b.kind == mQuoted && isoLiteral(a.text) && isoLiteral(b.text):
		return a.text, b.text, true
	}
	return nil, nil, false
}

// isoDateRange is "date between A and B" on a date column written in ISO
// form: both ends included, as SQL's BETWEEN does.
func (r *resolver) isoDateRange(col *colInfo, lo, up any) (condSpec, bool) {
	a, aok := lo.(string)
	b, bok := up.(string)
	if !aok || !bok || !col.date || !isoLiteral(a) || !isoLiteral(b) || (len(col.samples) > 0 && !looksISO(col.samples)) {
		return condSpec{}, false
	}
	return condSpec{col: col, op: "between", vals: []any{a, b}}, true
}

// comparedDate reports whether mention i is a quoted ISO date after a
// comparison ("before '2002-06-21'") or in "between A and B": an
// ordering of days, left to the literals even when the date is also a
// stored value, which would otherwise read it as an equality.
func (p *parser) comparedDate(i int) bool {
	m := p.ms[i]
	if m.kind != mQuoted || !isoLiteral(m.text) {
		return false
	}
	c := p.prev(i)
	if p.is(c, kwAnd) && p.in(p.prev(c)) && p.ms[p.prev(c)].kind == mQuoted {
		c = p.prev(p.prev(c)) // the upper end of "between A and B"
	}
	return p.in(c) && p.ms[c].kind == mKeyword && (p.ms[c].kw.kind == kwCmp || p.ms[c].kw.kind == kwDateCmp || p.ms[c].kw.kind == kwBetween)
}

// plainYear is the one column among a table's dates named just "year",
// which a bare year ("races held in 2017") compares with directly; a
// table's other dates (a race's full date) say the same year less
// plainly. Nil when no column, or more than one, is so named.
func plainYear(dated []*colInfo) *colInfo {
	var found *colInfo
	for _, c := range dated {
		if c.year && len(c.words) == 1 && c.words[0] == "year" {
			if found != nil {
				return nil
			}
			found = c
		}
	}
	return found
}

// yearsBetween reads "races held between 2014 and 2017" where no column is
// named before "between" (c, the mention before it, may be the table):
// two years, the earlier first, are a span of
// years on the subject's date, as "in 2017" is one year of it. Mentions b
// ("between"), i, and, hi are the rest of the phrase. A count or table
// after the span ("between 2000 and 3000 students") is no span of years.
func (p *parser) yearsBetween(c, b, i, and, hi int) bool {
	if (p.in(c) && (p.isCol(c) || p.ms[c].kind == mNumber || p.ms[c].kind == mValue || p.ms[c].kind == mQuoted)) || !p.is(and, kwAnd) || !p.in(hi) ||
		p.ms[i].kind != mNumber || p.ms[hi].kind != mNumber {
		return false
	}
	y1, ok1 := yearOf(p.ms[i].num)
	y2, ok2 := yearOf(p.ms[hi].num)
	if !ok1 || !ok2 || y1 >= y2 {
		return false
	}
	if after := p.next(hi); p.is(after, kwCount) || p.isTable(after) || p.isCol(after) {
		return false
	}
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: -1, op: "between", lit: y1, hi: y2,
		text: p.ms[b].text + " " + p.ms[i].text + " and " + p.ms[hi].text})
	for _, k := range []int{b, i, and, hi} {
		p.used[k] = true
	}
	return true
}

// yearSpan is the years y1 to y2, both included: compared with a year
// column directly, or as the days from January 1 of y1 to the end of y2.
func yearSpan(col *colInfo, y1, y2 int64) condSpec {
	if col.year {
		return condSpec{col: col, op: "between", vals: []any{y1, y2}}
	}
	return condSpec{col: col, op: "range", lo: fmt.Sprintf("%04d-01-01", y1), hi: fmt.Sprintf("%04d-01-01", y2+1)}
}

// namedYearSpan is "hired between 2000 and 2005" on a named date column
// (not a year column, which compares its numbers as any number column
// does): the days of those years.
func namedYearSpan(col *colInfo, lo, up any) (condSpec, bool) {
	y1, ok1 := yearOf(lo)
	y2, ok2 := yearOf(up)
	if !col.date || col.kind.Numeric() || !ok1 || !ok2 || y1 >= y2 {
		return condSpec{}, false
	}
	return yearSpan(col, y1, y2), true
}

// dayFilter resolves "before 2018-03-17" with no column named to the
// subject's only date column holding ISO text, as a bare year goes to its
// only date. Year columns are left out (a day is finer than a year), and
// two date columns are a question of which one: asked, not guessed.
func (r *resolver) dayFilter(fs filterSpec) (condSpec, *refusal) {
	var dated []*colInfo
	for _, c := range r.subject.cols {
		if c != nil && c.date && !c.year {
			dated = append(dated, c)
		}
	}
	switch len(dated) {
	case 0:
		return condSpec{}, refuseUnresolved("%s has no date column that %q could apply to.", r.subject.name, fs.text)
	case 1:
		v, _ := fs.lit.(string)
		if cs, ok := r.isoDateFilter(dated[0], fs.op, v); ok {
			return cs, nil
		}
		return condSpec{}, refuseUnresolved("%s is not written as ISO dates, so I could not compare it with %q.", dated[0].ref, fs.text)
	}
	var choices []string
	for _, c := range dated {
		choices = append(choices, c.ref)
	}
	return condSpec{}, clarify(fmt.Sprintf("Which date should %q apply to?", fs.text), choices)
}

// leadWh returns the index of the question word wh ("when", "where")
// when it leads the question, or -1.
func leadWh(ms []mention, wh string) int {
	for i, m := range ms {
		if m.kind == mKeyword && m.kw.kind == kwWh && m.lead && lower(m.text) == wh {
			return i
		}
	}
	return -1
}

// whenAsksDate reads a leading "when" ("When was the document stored?",
// "When was the first asset acquired?") as asking for a date the question
// names: when a later name mention means only date (or year) columns
// ("stored" is documents.date_stored), "when" is that column's question
// word and the rest is read as "what". Without such a mention, "when"
// stays a question this planner does not answer.
func whenAsksDate(lx *lexicon, ms []mention) {
	w := leadWh(ms, "when")
	if w < 0 {
		return
	}
	for _, m := range ms[w+1:] {
		if m.kind == mName && len(m.tables) == 0 && len(m.cols) > 0 && allDates(lx, m.cols) {
			ms[w].kind = mStop
			return
		}
	}
}

// allDates reports whether every column a name may mean holds dates or
// years.
func allDates(lx *lexicon, refs []nameRef) bool {
	for _, ref := range refs {
		if ref.col < 0 {
			return false
		}
		if c := lx.col(ref.table, ref.col); c == nil || !c.date && !c.year {
			return false
		}
	}
	return true
}

// dayOfSubject reports whether the comparison at cmp follows a table's
// name right away ("shipments before …", "the orders after …") or joins
// a second comparison to a first ("after … and before …"): then the day
// is of the table's own date. A verb in between ("customers who ordered
// before …") may name an event recorded elsewhere, a related table's date
// rather than the subject's, and a verb that named the subject's date
// column would have linked to it: such days are refused.
func (p *parser) dayOfSubject(cmp int) bool {
	if cmp == 0 {
		return false
	}
	b := p.ms[cmp-1]
	return b.kind == mName && len(b.tables) > 0 && len(b.cols) == 0 && b.to == p.ms[cmp].from ||
		b.kind == mKeyword && b.kw.kind == kwAnd
}
