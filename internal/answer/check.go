package answer

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"querent/internal/plan"
)

// Issue is one way a result's shape does not fit its question.
type Issue struct {
	// Code is one of the Issue* constants.
	Code    string `json:"code"`
	Message string `json:"message"`
	// Column and Value name the filter behind an IssueEmptyFilter, so the
	// agent can refine it (a nearer value, a different column).
	Column string `json:"column,omitempty"`
	Value  any    `json:"value,omitempty"`
}

// The issue codes.
const (
	// IssueTooManyRows: "top 5" got more than 5 rows.
	IssueTooManyRows = "too_many_rows"
	// IssueNotACount: "how many" got something other than one number (or,
	// with "per"/"by"/"each", rows without a number).
	IssueNotACount = "not_a_count"
	// IssueNullColumn: a column is NULL in every row.
	IssueNullColumn = "null_column"
	// IssueEmptyFilter: no rows, and the plan filters a column on a value.
	IssueEmptyFilter = "empty_filter"
	// IssueEmpty: no rows, with no value filter to blame.
	IssueEmpty = "empty_result"
)

var (
	topNRE  = regexp.MustCompile(`(?i)\b(?:top|first|last|bottom)\s+(\d+|` + numberWordsAlt + `)\b`)
	nBest   = regexp.MustCompile(`(?i)\b(\d+|` + numberWordsAlt + `)\s+(?:\w+\s+)?(?:best|worst|most|least|largest|biggest|smallest|highest|lowest|cheapest|priciest|newest|oldest|latest|earliest|longest|shortest|\w+est)\b`)
	howMany = regexp.MustCompile(`(?i)\b(?:how many|number of|count of|count the|count)\b`)
	grouped = regexp.MustCompile(`(?i)\b(?:per|by|for each|each|for every|in each|broken down|grouped)\b`)
)

// periodAfter catches "the last 3 months", which is a range, not a count
// of rows.
var periodAfter = regexp.MustCompile(`(?i)^\s*(?:\d+\s+)?(?:hours?|days?|weeks?|months?|quarters?|years?)\b`)

var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20}

const numberWordsAlt = `one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty`

// Check runs deterministic checks of the result's shape against the
// question and plan (nil for raw SQL). It stays quiet about what may well
// be right: "which country …" answered by several rows is not an issue, nor
// "top 5" answered by fewer than 5.
func Check(question string, p *plan.Plan, res Result) []Issue {
	var issues []Issue
	if len(res.Rows) == 0 {
		issues = append(issues, emptyIssues(p)...)
		return issues
	}
	fq := foldQuestion(question)
	if n, ok := requestedRows(fq); ok && len(res.Rows) > n {
		issues = append(issues, Issue{Code: IssueTooManyRows, Message: fmt.Sprintf(
			"the question asks for %d rows but the result has %d: add a limit of %d", n, len(res.Rows), n)})
	}
	if fq.matchWords(howMany, howManyAlts) {
		numeric := 0
		for i := range res.Columns {
			if res.Numeric(i) {
				numeric++
			}
		}
		switch {
		case numeric == 0:
			issues = append(issues, Issue{Code: IssueNotACount, Message: fmt.Sprintf(
				"the question asks how many, but no column of the result is a number (columns: %s): select a count", strings.Join(res.Columns, ", "))})
		case !fq.matchWords(grouped, groupedAlts) && len(res.Rows) != 1:
			issues = append(issues, Issue{Code: IssueNotACount, Message: fmt.Sprintf(
				"the question asks how many, but the result has %d rows instead of one count: count the rows instead of listing them, or group when a count per value is meant", len(res.Rows))})
		}
	}
	for i, c := range res.Columns {
		allNull := true
		for _, row := range res.Rows {
			if i < len(row) && row[i] != nil {
				allNull = false
				break
			}
		}
		if allNull {
			issues = append(issues, Issue{Code: IssueNullColumn, Message: fmt.Sprintf(
				"column %s is NULL in every row: it may be the wrong column, or a join that matched nothing", c), Column: c})
		}
	}
	return issues
}

// requestedRows reads "top 5", "first ten", "the 3 cheapest" from the
// question.
func requestedRows(fq folded) (int, bool) {
	if !fq.mayContain(countWords...) {
		return 0, false
	}
	q := fq.text
	for _, c := range rowCountPatterns {
		if !fq.mayContain(c.needs...) {
			continue
		}
		if m := c.re.FindStringSubmatch(q); m != nil && !periodAfter.MatchString(q[strings.Index(q, m[0])+len(m[0]):]) &&
			!periodAfter.MatchString(strings.TrimPrefix(m[0], strings.Fields(m[0])[0])) {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
				return n, true
			}
			if n, ok := numberWords[strings.ToLower(m[1])]; ok {
				return n, true
			}
		}
	}
	return 0, false
}

// countWords are what topNRE and nBest need in their first group: a digit
// or a number word.
var countWords = append([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, strings.Split(numberWordsAlt, "|")...)

// howManyAlts and groupedAlts are the alternatives of howMany and grouped,
// for matchWords.
var (
	howManyAlts = []string{"how many", "number of", "count of", "count the", "count"}
	groupedAlts = []string{"per", "by", "for each", "each", "for every", "in each", "broken down", "grouped"}
)

// matchWords reports whether re, a case-insensitive alternation of alts
// between word boundaries, matches the question. ASCII text is matched directly: a
// lower-cased alternative that starts and ends at a word boundary is what
// the pattern finds, and the pattern's machinery costs more than the rest
// of the checks. Other text goes to the pattern, whose case folding also
// maps letters such as the Kelvin sign to ASCII ones.
func (fq folded) matchWords(re *regexp.Regexp, alts []string) bool {
	if !fq.ascii {
		return re.MatchString(fq.text)
	}
	lower := fq.lower
	for _, w := range alts {
		for from := 0; from < len(lower); {
			i := bytes.Index(lower[from:], []byte(w))
			if i < 0 {
				break
			}
			i += from
			end := i + len(w)
			// isWordByte is \w here: the text is ASCII.
			if (i == 0 || !isWordByte(lower[i-1])) && (end == len(lower) || !isWordByte(lower[end])) {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// rowCountPatterns are the patterns requestedRows tries, in order, each
// with the words one of which it needs: topNRE its keyword, nBest the "st"
// that ends every superlative it accepts.
var rowCountPatterns = []struct {
	re    *regexp.Regexp
	needs []string
}{
	{topNRE, []string{"top", "first", "last", "bottom"}},
	{nBest, []string{"st"}},
}

// mayContain is a quick test that a case-insensitive pattern needing one of
// words could match the question: false only when it is ASCII and holds
// none of them in any letter case. Most questions name no count, and the patterns' word
// boundaries and alternations make running them cost more than the rest of
// the checks. Non-ASCII text always goes to the pattern, since (?i) also
// folds letters such as the long s (ſ) and the Kelvin sign to ASCII ones.
func (fq folded) mayContain(words ...string) bool {
	if !fq.ascii {
		return true
	}
	for _, w := range words {
		if bytes.Contains(fq.lower, []byte(w)) {
			return true
		}
	}
	return false
}

// folded is a question with its lower-cased form, computed once for the
// quick tests in front of the patterns.
type folded struct {
	text  string
	lower []byte // text in lower case; nil unless ascii
	ascii bool
}

func foldQuestion(q string) folded {
	lower := make([]byte, len(q))
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c >= utf8.RuneSelf:
			return folded{text: q}
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	return folded{text: q, lower: lower, ascii: true}
}

// emptyIssues names the value filters of a plan that returned nothing:
// each is a candidate for a value that does not exist as written.
func emptyIssues(p *plan.Plan) []Issue {
	var issues []Issue
	if p != nil && p.RawSQL == "" {
		var walk func(c *plan.Cond)
		walk = func(c *plan.Cond) {
			if c == nil {
				return
			}
			for i := range c.And {
				walk(&c.And[i])
			}
			if c.Left == nil || c.Left.Col == "" {
				return
			}
			var values []any
			switch c.Op {
			case "=", "like", "ilike":
				if c.Right != nil && c.Right.IsLiteral() {
					values = append(values, c.Right.Value)
				}
			case "in":
				for _, v := range c.Values {
					if v.IsLiteral() {
						values = append(values, v.Value)
					}
				}
			}
			for _, v := range values {
				issues = append(issues, Issue{Code: IssueEmptyFilter, Column: c.Left.Col, Value: v, Message: fmt.Sprintf(
					"no rows matched; the filter %s = %s may name a value that is not in the data: check its spelling and case, or filter another column",
					c.Left.Col, quoteValue(v))})
			}
		}
		walk(p.Where)
	}
	if len(issues) == 0 {
		issues = append(issues, Issue{Code: IssueEmpty, Message: "no rows matched the question's conditions: widen a range or drop a condition"})
	}
	return issues
}

func quoteValue(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return FormatValue(v)
}
