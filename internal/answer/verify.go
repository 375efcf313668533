package answer

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// FindingKind says what [Verify] did about a number.
type FindingKind string

// The kinds of finding.
const (
	// Corrected: the sentence states an aggregate that could be recomputed;
	// the wrong number was replaced by the right one, written the same way.
	Corrected FindingKind = "corrected"
	// Dropped: the number is backed by nothing in the result and the
	// sentence names nothing that could be recomputed; the sentence is gone.
	Dropped FindingKind = "dropped"
)

// Finding is one change [Verify] made to the prose.
type Finding struct {
	Kind FindingKind `json:"kind"`
	// Sentence is the sentence as the prose had it.
	Sentence string `json:"sentence"`
	// Old and New are the number as written and its replacement (Corrected).
	Old string `json:"old,omitempty"`
	New string `json:"new,omitempty"`
	// Reason says what was computed, or why the sentence could not stand.
	Reason string `json:"reason"`
}

// Verified is prose whose every number the result backs.
type Verified struct {
	// Text is the prose with wrong numbers corrected and unsupported
	// sentences removed; it is the input unchanged when Findings is empty,
	// and may be empty when no sentence survived (show the summary then).
	Text     string    `json:"text"`
	Findings []Finding `json:"findings,omitempty"`
}

// Verify checks every number of prose against the result; it is
// [VerifyAnswer] without a question.
func Verify(prose string, res Result) Verified { return VerifyAnswer("", prose, res) }

// VerifyAnswer is the calculator: it checks every number an explanation
// states against the result it explains. A number stands when the result
// backs it to the precision it is written with ("about 33%" for 0.3333,
// "1.2 million" for 1,234,567, "$1.2k"): a cell, a number inside a text
// cell, the row count, a count of distinct values or of rows holding one,
// the sum, average, minimum or maximum of a numeric column, the difference
// between two values of a column or of a row, and for percentages a share
// of a column's total, a ratio or a change between two values.
//
// Numbers that are not quantities are left alone: dates, times and period
// labels ("2024-03", "Q1"), ordinals, years after "in", "since" or a month
// name, ranges ("10-20"), numbers glued to words, and any number the
// question itself contains ("top 5").
//
// A number that nothing backs is corrected when its sentence states an
// aggregate that can be recomputed (total, sum, average, mean, highest,
// lowest, difference, share or percent of a named row, change between two
// named rows, a count of rows, or the value of the one row the sentence
// names): the new number keeps the old one's style (decimals, thousands
// separators, currency, scale word, percent sign). Otherwise the sentence
// is dropped. Aggregates of a truncated result are never recomputed, since
// the rows at hand are not all of them.
func VerifyAnswer(question, prose string, res Result) Verified {
	f := newFacts(res)
	ignore := questionValues(question)
	var out strings.Builder
	var findings []Finding
	for _, sp := range splitSentences(prose) {
		sent := prose[sp.start:sp.end]
		fixed, fs := f.checkSentence(sent, ignore)
		out.WriteString(fixed)
		findings = append(findings, fs...)
	}
	if len(findings) == 0 {
		return Verified{Text: prose}
	}
	text := out.String()
	// Keep the prose's own trailing whitespace, not that of a sentence
	// that was dropped.
	tail := prose[len(strings.TrimRightFunc(prose, unicode.IsSpace)):]
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	if text != "" {
		text += tail
	}
	return Verified{Text: text, Findings: findings}
}

// questionValues are the numbers of the question: prose repeating them
// ("the top 5", "over 50,000") is not making a claim about the result.
func questionValues(question string) []float64 {
	var vs []float64
	for _, t := range scanNumbers(question) {
		vs = append(vs, t.value())
	}
	// Years in dates of the question ("since 2024-03-01") too.
	for _, w := range strings.FieldsFunc(question, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(`"'(),;`, r) }) {
		vs = append(vs, datePartsOf(w)...)
	}
	return vs
}

// stands reports whether a token needs no action.
func (f *facts) stands(t numToken, ignore []float64) bool {
	for _, v := range ignore {
		if math.Abs(v-t.value()) <= 1e-9*math.Max(1, math.Abs(v)) {
			return true
		}
	}
	return f.supports(t) || t.year
}

// checkSentence returns the sentence as it may stand (possibly corrected,
// or "" when dropped) and what was done.
func (f *facts) checkSentence(sent string, ignore []float64) (string, []Finding) {
	toks := scanNumbers(sent)
	var bad []numToken
	for _, t := range toks {
		if !f.stands(t, ignore) {
			bad = append(bad, t)
		}
	}
	if len(bad) == 0 {
		return sent, nil
	}
	trimmed := strings.TrimSpace(sent)
	type repl struct {
		t         numToken
		text, why string
	}
	var repls []repl
	for _, t := range bad {
		text, why, ok := f.correct(sent, t)
		if !ok {
			return "", []Finding{{Kind: Dropped, Sentence: trimmed, Reason: fmt.Sprintf(
				"%s is not backed by the result (no cell, count, total, average, minimum, maximum, difference or share matches it)%s",
				strings.TrimSpace(sent[t.start:t.end]), why)}}
		}
		repls = append(repls, repl{t, text, why})
	}
	fixed := sent
	for i := len(repls) - 1; i >= 0; i-- {
		r := repls[i]
		fixed = fixed[:r.t.start] + r.text + fixed[r.t.digEnd:]
	}
	// The corrected sentence must stand on its own; a correction that reads
	// differently than it was meant (a sign where none can go) drops it.
	for _, t := range scanNumbers(fixed) {
		if !f.stands(t, ignore) {
			return "", []Finding{{Kind: Dropped, Sentence: trimmed, Reason: fmt.Sprintf(
				"%s is not backed by the result and could not be rewritten in place", strings.TrimSpace(sent[t.start:t.end]))}}
		}
	}
	var fs []Finding
	for _, r := range repls {
		fs = append(fs, Finding{Kind: Corrected, Sentence: trimmed, Old: sent[r.t.start:r.t.digEnd], New: r.text, Reason: r.why})
	}
	return fixed, fs
}

// aggKind is an aggregate a sentence can state.
type aggKind string

const (
	aggSum   aggKind = "total"
	aggAvg   aggKind = "average"
	aggMax   aggKind = "maximum"
	aggMin   aggKind = "minimum"
	aggDiff  aggKind = "difference"
	aggCount aggKind = "count"
)

// aggWords are the words and phrases that state an aggregate.
var aggWords = []struct {
	phrase string
	kind   aggKind
}{
	{"total", aggSum}, {"sum", aggSum}, {"altogether", aggSum}, {"combined", aggSum}, {"in all", aggSum}, {"overall", aggSum},
	{"average", aggAvg}, {"mean", aggAvg}, {"avg", aggAvg},
	{"highest", aggMax}, {"maximum", aggMax}, {"max", aggMax}, {"largest", aggMax}, {"most", aggMax}, {"biggest", aggMax}, {"peak", aggMax}, {"greatest", aggMax},
	{"lowest", aggMin}, {"minimum", aggMin}, {"min", aggMin}, {"smallest", aggMin}, {"least", aggMin}, {"fewest", aggMin},
	{"difference", aggDiff}, {"gap", aggDiff}, {"more than", aggDiff}, {"fewer than", aggDiff}, {"less than", aggDiff}, {"higher than", aggDiff}, {"lower than", aggDiff},
	{"count", aggCount}, {"number of", aggCount}, {"there are", aggCount}, {"there were", aggCount}, {"there is", aggCount}, {"how many", aggCount},
}

// changeWords say a percentage is a change between two values.
var changeWords = []string{"increase", "decrease", "grew", "grow", "growth", "fell", "fall", "rose", "rise", "drop", "dropped", "declin", "change", "up ", "down "}

// correct computes the right value for a number its sentence states as an
// aggregate, formatted like the number. It returns the replacement of
// text[t.start:t.digEnd], what was computed, and whether it could.
func (f *facts) correct(sent string, t numToken) (string, string, bool) {
	if t.hedge == above || t.hedge == below || t.year {
		return "", "; a bound (over, under) is not rewritten", false
	}
	lower := strings.ToLower(sent)
	labels := f.labelsIn(lower)
	measure, mok := f.measureFor(lower)
	trunc := f.res.Truncated
	switch {
	case t.times:
		if len(labels) == 2 && mok {
			a, aok := number(f.res.Rows[labels[0]][measure])
			b, bok := number(f.res.Rows[labels[1]][measure])
			if aok && bok && b != 0 {
				return f.format(t, a/b, true), fmt.Sprintf("%s of %s divided by that of %s", f.res.Columns[measure], f.label(labels[0]), f.label(labels[1])), true
			}
		}
		return "", "; a ratio needs the sentence to name two rows", false
	case t.percent:
		if !mok {
			return "", "; the sentence names no single numeric column", false
		}
		if len(labels) == 2 && containsAny(lower, changeWords) {
			a, aok := number(f.res.Rows[labels[0]][measure])
			b, bok := number(f.res.Rows[labels[1]][measure])
			if aok && bok && a != 0 {
				return f.format(t, 100*(b-a)/a, true), fmt.Sprintf("change of %s from %s to %s", f.res.Columns[measure], f.label(labels[0]), f.label(labels[1])), true
			}
		}
		if len(labels) == 1 && !trunc {
			a, aok := number(f.res.Rows[labels[0]][measure])
			sum := f.aggs[measure].sum
			if aok && sum != 0 {
				return f.format(t, 100*a/sum, false), fmt.Sprintf("share of %s in the total of %s", f.label(labels[0]), f.res.Columns[measure]), true
			}
		}
		return "", "; a percentage needs the sentence to name one row (a share) or two (a change)", false
	}
	// "12 rows", "12 results": the row count.
	after, _ := leadingWord(strings.TrimLeft(sent[t.end:], " "))
	switch strings.ToLower(after) {
	case "row", "rows", "record", "records", "result", "results", "entries", "entry":
		if !trunc {
			return f.format(t, float64(len(f.res.Rows)), false), "the number of rows", true
		}
		return "", "; the result is truncated, so its row count is not the total", false
	}
	kind, found := f.nearestAgg(lower, t, measure, mok)
	if !found {
		// No aggregate word: the value of the one row the sentence names.
		if len(labels) == 1 && mok {
			if v, ok := number(f.res.Rows[labels[0]][measure]); ok {
				return f.format(t, v, false), fmt.Sprintf("%s of %s", f.res.Columns[measure], f.label(labels[0])), true
			}
		}
		return "", "; the sentence states no aggregate that could be recomputed", false
	}
	single := len(f.res.Rows) == 1
	switch kind {
	case aggCount:
		if single && len(f.res.Columns) == 1 && mok {
			v, _ := number(f.res.Rows[0][measure])
			return f.format(t, v, false), "the count in the result", true
		}
		if !trunc {
			return f.format(t, float64(len(f.res.Rows)), false), "the number of rows", true
		}
		return "", "; the result is truncated, so its row count is not the total", false
	case aggDiff:
		if len(labels) == 2 && mok {
			a, aok := number(f.res.Rows[labels[0]][measure])
			b, bok := number(f.res.Rows[labels[1]][measure])
			if aok && bok {
				return f.format(t, math.Abs(a-b), true), fmt.Sprintf("difference of %s between %s and %s", f.res.Columns[measure], f.label(labels[0]), f.label(labels[1])), true
			}
		}
		if mok && !trunc && strings.Contains(lower, "highest") && strings.Contains(lower, "lowest") {
			a := f.aggs[measure]
			return f.format(t, a.max-a.min, true), "difference between the highest and lowest " + f.res.Columns[measure], true
		}
		return "", "; the difference is between values the sentence does not name", false
	}
	if !mok {
		return "", "; the sentence names no single numeric column", false
	}
	if single {
		if v, ok := number(f.res.Rows[0][measure]); ok {
			return f.format(t, v, false), fmt.Sprintf("%s in the result", f.res.Columns[measure]), true
		}
	}
	if trunc {
		return "", "; the result is truncated, so its " + string(kind) + " cannot be recomputed", false
	}
	a, ok := f.aggs[measure]
	if !ok {
		return "", "; the column has no numbers", false
	}
	v := map[aggKind]float64{aggSum: a.sum, aggAvg: a.avg, aggMax: a.max, aggMin: a.min}[kind]
	return f.format(t, v, false), fmt.Sprintf("the %s of %s", kind, f.res.Columns[measure]), true
}

// nearestAgg finds the aggregate word closest to the number, ignoring words
// that are part of the measure's own name ("total" in total_amount) when
// another is present, and a "more than" that is the number's own hedge.
func (f *facts) nearestAgg(lower string, t numToken, measure int, mok bool) (aggKind, bool) {
	others := scanNumbers(lower)
	type hit struct {
		kind    aggKind
		dist    int
		ownName bool
	}
	var nameWords map[string]bool
	if mok {
		nameWords = map[string]bool{}
		for _, w := range splitName(f.res.Columns[measure]) {
			nameWords[w] = true
		}
	}
	var hits []hit
	for _, aw := range aggWords {
		for from := 0; ; {
			i := indexWord(lower[from:], aw.phrase)
			if i < 0 {
				break
			}
			i += from
			end := i + len(aw.phrase)
			from = end
			if aw.kind == aggDiff && strings.TrimSpace(lower[end:t.start]) == "" && end <= t.start {
				continue // "more than 40": a hedge, not a difference
			}
			d := t.start - end
			if i > t.end {
				d = i - t.end + 1 // after the number: slightly less likely
			}
			if d < 0 {
				d = -d
			}
			// A word belongs to the nearest number: one with another
			// number in between, or far away, says nothing about this one.
			if d > maxAggDistance || numberBetween(others, t, i, end) {
				continue
			}
			hits = append(hits, hit{aw.kind, d, nameWords[aw.phrase]})
		}
	}
	if len(hits) == 0 {
		return "", false
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].ownName != hits[j].ownName {
			return !hits[i].ownName
		}
		// "there were", "how many" are weaker than a named aggregate.
		if ci, cj := hits[i].kind == aggCount, hits[j].kind == aggCount; ci != cj {
			return !ci
		}
		return hits[i].dist < hits[j].dist
	})
	return hits[0].kind, true
}

// maxAggDistance is how far (in bytes) an aggregate word may stand from the
// number it qualifies.
const maxAggDistance = 60

// numberBetween reports whether a number other than t lies between t and
// the word at [i, end).
func numberBetween(toks []numToken, t numToken, i, end int) bool {
	for _, o := range toks {
		if o.start == t.start {
			continue
		}
		if (end <= o.start && o.end <= t.start) || (t.end <= o.start && o.end <= i) {
			return true
		}
	}
	return false
}

// measureFor picks the numeric column a sentence is about: the only one,
// or the one whose name shares the most words with the sentence.
func (f *facts) measureFor(lower string) (int, bool) {
	switch len(f.measures) {
	case 0:
		return 0, false
	case 1:
		return f.measures[0], true
	}
	best, bestScore, tie := -1, 0, false
	for _, c := range f.measures {
		score := 0
		for _, w := range splitName(f.res.Columns[c]) {
			if indexWord(lower, w) >= 0 {
				score++
			}
		}
		switch {
		case score > bestScore:
			best, bestScore, tie = c, score, false
		case score == bestScore:
			tie = true
		}
	}
	if best < 0 || bestScore == 0 || tie {
		return 0, false
	}
	return best, true
}

// labelsIn returns the rows whose label (a text cell) the sentence names,
// in the order it names them. A label shared by several rows names none.
func (f *facts) labelsIn(lower string) []int {
	type mention struct{ row, pos int }
	var ms []mention
	seen := map[int]bool{}
	for _, c := range f.labels {
		owners := map[string][]int{}
		for r, row := range f.res.Rows {
			if s, ok := row[c].(string); ok && strings.TrimSpace(s) != "" {
				for _, k := range labelNames(s) {
					owners[k] = append(owners[k], r)
				}
			}
		}
		for k, rows := range owners {
			if len(rows) != 1 || seen[rows[0]] {
				continue
			}
			if i := indexWord(lower, k); i >= 0 {
				ms = append(ms, mention{rows[0], i})
				seen[rows[0]] = true
			}
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].pos < ms[j].pos })
	rows := make([]int, len(ms))
	for i, m := range ms {
		rows[i] = m.row
	}
	return rows
}

var monthNames = []string{"january", "february", "march", "april", "may", "june", "july",
	"august", "september", "october", "november", "december"}

// labelNames are the lower-case ways prose may name a label: itself, and
// for a month ("2024-03", "2024-03-01") the month's name with and without
// its year.
func labelNames(s string) []string {
	k := strings.ToLower(strings.TrimSpace(s))
	names := []string{k}
	if len(k) >= 7 && k[4] == '-' && isDigit(k[5]) && isDigit(k[6]) && (len(k) == 7 || k[7] == '-') {
		if m, err := strconv.Atoi(k[5:7]); err == nil && m >= 1 && m <= 12 && len(k) == 7 {
			names = append(names, monthNames[m-1]+" "+k[:4], monthNames[m-1])
		}
	}
	return names
}

// label is how a row is named in reasons: its label cells.
func (f *facts) label(row int) string {
	var parts []string
	for _, c := range f.labels {
		if s, ok := f.res.Rows[row][c].(string); ok {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// format writes v the way t was written: same decimals (more when that
// would round a nonzero value to zero), thousands separators, currency,
// sign and scale. magnitude drops the sign, for differences and changes
// whose direction the sentence's words carry.
func (f *facts) format(t numToken, v float64, magnitude bool) string {
	neg := v < 0 && !magnitude
	m := math.Abs(v) / t.scale
	dec := t.decimals
	s := strconv.FormatFloat(m, 'f', dec, 64)
	for m != 0 && dec < 6 {
		if p, _ := strconv.ParseFloat(s, 64); p != 0 {
			break
		}
		dec++
		s = strconv.FormatFloat(m, 'f', dec, 64)
	}
	if t.grouped {
		s = group(s)
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + t.currency + s
}

// splitName splits an identifier into lower-case words ("sum_total_amount",
// "TotalAmt").
func splitName(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return words
}

// indexWord finds phrase in s at word boundaries, -1 when absent.
func indexWord(s, phrase string) int {
	if phrase == "" {
		return -1
	}
	for from := 0; from <= len(s)-len(phrase); {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(phrase)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end]) || s[end] == 's' && (end+1 == len(s) || !isWordByte(s[end+1]))) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
