package answer

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

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
	if n, ok := requestedRows(question); ok && len(res.Rows) > n {
		issues = append(issues, Issue{Code: IssueTooManyRows, Message: fmt.Sprintf(
			"the question asks for %d rows but the result has %d: add a limit of %d", n, len(res.Rows), n)})
	}
	if howMany.MatchString(question) {
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
		case !grouped.MatchString(question) && len(res.Rows) != 1:
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
func requestedRows(q string) (int, bool) {
	for _, re := range []*regexp.Regexp{topNRE, nBest} {
		if m := re.FindStringSubmatch(q); m != nil && !periodAfter.MatchString(q[strings.Index(q, m[0])+len(m[0]):]) &&
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
