package offline

import (
	"slices"
	"strconv"
	"strings"
)

// Counts of times: "at least twice", "more than once", "more than 3
// times" are bounds on a count of rows. They become one number token the
// parser reads after the comparison, marked as a count of repetitions, and
// are read as a condition on the rows of the table a verb names
// ("attractions visited at least twice": at least 2 visits) or on the
// values of a text column ("event names used more than twice").

// repetitionCounts are the adverbs of repetition and the count each says.
var repetitionCounts = map[string]int64{"once": 1, "twice": 2, "thrice": 3}

// repetitions rewrites "twice" as 2 and "once" as 1 after a comparison
// word ("visited at least twice" is "visited at least 2"). Elsewhere they
// are left as written: "once" alone is "at some time" ("drivers who once
// had a lap under 90 s"), which the parser must not read as a count.
//
// A count followed by "times" after a comparison word ("more than 2
// times") becomes one number token written "2 times", so the parser knows
// it counts repetitions, not a quantity of some column.
func repetitions(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.text == "times" || t.text == "time" || repetitionCounts[t.text] > 0 }) {
		return toks // most questions: nothing to rewrite, nothing to copy
	}
	out := make([]token, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if i == 0 || !boundWord(toks[:i]) {
			out = append(out, t)
			continue
		}
		if n, ok := repetitionCounts[t.text]; ok && t.kind == tokWord {
			out = append(out, token{kind: tokNumber, text: strconv.FormatInt(n, 10), raw: t.raw, num: n})
			continue
		}
		if n, ok := countOf(t); ok && i+1 < len(toks) && (toks[i+1].text == "times" || toks[i+1].text == "time") {
			out = append(out, token{kind: tokNumber, text: strconv.FormatInt(n, 10), raw: t.raw + " " + toks[i+1].raw, num: n})
			i++
			continue
		}
		out = append(out, t)
	}
	return out
}

// countOf reads a whole number in digits or a numeral ("two").
func countOf(t token) (int64, bool) {
	if !isCountWord(t) {
		return 0, false
	}
	if t.kind == tokNumber {
		return t.num.(int64), true
	}
	return numerals[t.text], true
}

// isRepetition reports whether a number mention counts repetitions
// ("twice", "more than 3 times").
func isRepetition(m mention) bool {
	w := lower(m.text)
	_, adverb := repetitionCounts[w]
	return m.kind == mNumber && (adverb || strings.HasSuffix(w, " times") || strings.HasSuffix(w, " time"))
}

// timesCond reads "attractions visited at least 2 times" (i: the number,
// cmp: the comparison, v: the verb right before it, linked to the table
// of its events, "visited" to visits): the rows of the table named before
// the verb with that many rows of v's table, as "with at least 2 visits"
// would say. It reports false, leaving the number to the other readings,
// unless that is the shape.
func (p *parser) timesCond(i, cmp, v int, op string) (bool, *refusal) {
	if cmp < 0 || v < 0 || p.used[v] || p.ms[i].kind != mNumber || op == "!=" {
		return false, nil
	}
	if p.ms[cmp].kw.kind == kwDateCmp {
		// "served as a host city after 2010": before, after and since
		// place a row in time; they never bound a count.
		return false, nil
	}
	if p.isCol(v) && isRepetition(p.ms[i]) && !p.numericCol(v) {
		return true, p.valueTimes(i, cmp, v, op)
	}
	if v != cmp-1 && !p.forBetween(v, cmp) || !p.isTable(v) {
		return false, nil
	}
	if !isRepetition(p.ms[i]) {
		if n := p.next(i); p.isTable(n) || p.isCol(n) {
			return false, nil // "visited more than 2 cities": the count names its rows
		}
	}
	x := p.tableRightBefore(v)
	if x < 0 {
		return false, nil
	}
	return true, p.countRows(i, cmp, v, x, op, p.ms[v].text+" "+p.ms[cmp].text+" "+p.ms[i].text)
}

// countRows keeps the rows of table mention x with op-many rows of table
// mention counted, the number of times at i ("visited more than twice",
// "used more than twice in claims"), and marks the words used; what
// names the condition in the refusal when the count is no whole number or
// the question already aggregates.
func (p *parser) countRows(i, cmp, counted, x int, op, what string) *refusal {
	f := p.f
	k, ok := rowCount(p.ms[i].num)
	if !ok || f.agg != "" || f.having != "" {
		return refuseUnsupported("conditions on a count of related rows (%s)", what)
	}
	f.agg, f.having, f.havingN, f.countGroups = "count", op, k, true
	f.counted = counted
	f.tables = append(f.tables, counted)
	f.groups = append(f.groups, x)
	p.used[i], p.used[counted], p.used[x], p.used[cmp] = true, true, true, true
	return nil
}

// valueTimes reads "event names used more than twice" (i: the count of
// repetitions, cmp: the comparison, v: a text column before them): the
// column's values held by more (or fewer) rows than that, as "the most
// common X" ranks them by the same count.
func (p *parser) valueTimes(i, cmp, v int, op string) *refusal {
	f := p.f
	k, ok := rowCount(p.ms[i].num)
	if !ok || f.agg != "" || f.having != "" || f.rows || f.countGroups {
		return refuseUnsupported("conditions on a count of rows (%s %s %s)", p.ms[v].text, p.ms[cmp].text, p.ms[i].text)
	}
	f.having, f.havingN, f.countGroups = op, k, true
	f.groups = append(f.groups, v)
	p.used[i], p.used[v], p.used[cmp] = true, true, true
	return p.setAgg(i, "count")
}

// tableRightBefore returns the unused table mention right before mention v,
// past stop words only ("how many cities did each team visit": team,
// before "visit"), or -1.
func (p *parser) tableRightBefore(v int) int {
	for j := v - 1; j >= 0; j-- {
		if p.ms[j].kind == mStop {
			continue
		}
		if p.isTable(j) && !p.used[j] {
			return j
		}
		break
	}
	return -1
}
