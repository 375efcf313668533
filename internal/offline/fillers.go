package offline

import (
	"slices"
	"strconv"
	"strings"

	"querent/internal/plan"
	"querent/internal/schema"
)

// Round thirteen: words that link to nothing and change nothing. A word the
// schema does not know is grounds to refuse, since it may be a condition
// the planner would silently drop ("favourite colours", "five star
// hotels"). Two kinds of word cannot be one, and are read as stop words
// that the trace lists as "ignored" and the plan's reason names, so a
// reader sees what the planner chose not to read:
//
//   - sentence adverbs that say how sure or how current the asker is
//     ("actually", "presently", "possibly"), order what is said ("lastly",
//     "finally") or stress it ("specifically", "exactly");
//   - the head noun of a compound whose modifier is a column, at the end
//     of what is asked ("the outstanding balance", "the pet policy", "the
//     poll resource", "the payment processed"): the column is the answer,
//     the noun only says what kind of thing its value is.
//
// Measured on the Spider training questions (a–r), kinds that did not hold
// were left out: -ly adverbs in general change the answer as often as not
// ("primarily affiliated" is a flag, "normally have more than 10" an
// average, "highly rated" an order, "approximately 4 minutes" a pattern),
// a noun after a column that a table's name follows ("… summed across
// all claims") was as often a verb or a second thing as the column's head,
// and a noun after a table ("bank branches") is as often an attribute the
// schema lacks ("customer cities") as the rows again.

// fillerAdverbs are sentence adverbs and discourse words that add no
// condition in any domain. Degree and approximation words ("about",
// "approximately", "nearly", "mostly", "mainly", "usually", "typically"),
// time words that can pick rows ("still", "yet", "again", "recently",
// "today") and adverbs that qualify a measure ("highly", "poorly") are
// deliberately absent: each changes what is asked. Fillers that are
// already stop words ("currently", "just", "overall", "respectively") are
// in words.go.
var fillerAdverbs = setOf(
	// how sure, how current
	"actually", "really", "truly", "indeed", "certainly", "definitely", "possibly", "probably",
	"perhaps", "maybe", "presently", "nowadays", "already",
	// ordering what is said
	"firstly", "secondly", "thirdly", "lastly", "finally", "additionally", "furthermore",
	"moreover",
	// stress
	"specifically", "particularly", "exactly", "precisely", "simply", "merely", "basically",
	"namely",
	// place without a place: "not in stock anywhere"
	"anywhere",
	// greetings and politeness the leading-word list does not cover
	"pls", "plz", "hello", "hi", "hey",
)

// computedNouns after a column ask for something computed from it ("the
// price difference", "the age range", "the salary median"), never for the
// column itself.
var computedNouns = setOf("difference", "differences", "gap", "gaps", "range", "ranges",
	"spread", "median", "medians", "mode", "variance", "deviation", "distribution",
	"distributions", "change", "changes", "growth", "increase", "increases", "decrease",
	"decreases", "trend", "trends", "breakdown", "frequency", "frequencies", "percentile",
	"percentiles", "quartile", "quartiles", "tally", "sum", "sums", "ranking", "rank")

// ratioNouns say "a ratio of": after a column that already holds one
// ("rating_in_percent", "win_rate") they repeat it; after any other column
// they ask for a computation.
var ratioNouns = setOf("ratio", "ratios", "proportion", "proportions", "share", "shares",
	"fraction", "fractions")

// ratioColumnWords mark a column whose values are already a ratio.
var ratioColumnWords = setOf("percent", "percentage", "pct", "ratio", "rate", "share", "proportion", "fraction")

// ignoreFillers turns the words that link to nothing and carry no
// condition (see above) into stop words marked ignored. Every other
// unknown word is left unknown, so the question is refused as before.
func (lx *lexicon) ignoreFillers(toks []token, ms []mention) []mention {
	for i := range ms {
		m := &ms[i]
		if m.kind != mUnknown || m.to-m.from != 1 || toks[m.from].kind != tokWord {
			continue
		}
		// unitAfterNumber: "above 100000 dollars" (numbers3.go).
		if w := toks[m.from].text; fillerAdverbs[w] || lx.headOfColumn(toks, ms, i, w) || lx.unitAfterNumber(ms, i, w) {
			m.kind, m.ignored = mStop, true
		}
	}
	return ms
}

// headOfColumn reports whether the unknown word w at ms[i] is the head
// noun of a compound whose modifier is the column just named ("the
// outstanding balance" for amount_outstanding), with nothing after it but
// stop words and question words: nothing the noun could be a column of.
// It is not when
//   - the column holds dates or keys: "departure cities" of departure_date
//     and "supplier cities" of supplier_id name another column, of the
//     same or the referenced table;
//   - the word is an adverb ("the disposed date ascendingly");
//   - a number before the column makes the pair a condition and a plural
//     noun then names the rows ("five star hotels"), where a singular
//     one names the quantity ("2000 outstanding balance");
//   - the word asks for a computation (computedNouns; ratioNouns unless
//     the column holds a ratio);
//   - the question named the column only in part ("departure" for
//     departure_date, "home" for home_city) and the word is not a
//     restatement of the part left unsaid (restatesUnsaid): "home
//     country" asks for what home_city is not.
func (lx *lexicon) headOfColumn(toks []token, ms []mention, i int, w string) bool {
	if i == 0 || !columnsOnly(ms[i-1]) || ms[i-1].to != ms[i].from || !onlyQuestionWordsAfter(ms, i) {
		return false
	}
	if strings.HasSuffix(w, "ly") || computedNouns[w] {
		return false
	}
	if ms[i].plural && i > 1 && ms[i-2].kind == mNumber && ms[i-2].to == ms[i-1].from {
		return false
	}
	ratio := ratioNouns[w]
	for _, r := range ms[i-1].cols {
		c := lx.col(r.table, r.col)
		if c.date || c.id || ratio && !hasRatioWord(c.words) {
			return false
		}
		if r.class == classPrefix && !ratio && !restatesUnsaid(toks[ms[i-1].from:ms[i-1].to], c, w) {
			return false
		}
	}
	return true
}

func hasRatioWord(words []string) bool {
	for _, w := range words {
		if ratioColumnWords[w] {
			return true
		}
	}
	return false
}

// onlyQuestionWordsAfter reports whether the first mention after ms[i]
// that is not a stop word is a question word (keyword: "and", "for each",
// "ordered by") or the end of the question.
func onlyQuestionWordsAfter(ms []mention, i int) bool {
	for j := i + 1; j < len(ms); j++ {
		switch ms[j].kind {
		case mStop:
			continue
		case mKeyword:
			return true
		}
		return false
	}
	return true
}

// noteIgnored adds the words set aside to the plan's reason, so the user
// sees that "actually" was read as nothing rather than missed.
func noteIgnored(pl *plan.Plan, ms []mention) *plan.Plan {
	var ws []string
	for _, m := range ms {
		if m.ignored && m.linkVerb == nil {
			ws = append(ws, strconv.Quote(m.text))
		}
	}
	if pl == nil || len(ws) == 0 {
		return noteLinkVerbs(pl, ms) // relverbs2.go
	}
	pl.Reason = strings.TrimSuffix(pl.Reason, ".") + "; ignored " + strings.Join(ws, ", ") + " (words that add no condition)"
	return noteLinkVerbs(pl, ms)
}

// flagWords end the names of yes/no columns (pets_allowed_yn).
var flagWords = setOf("yn", "flag", "bool", "boolean")

// restatesUnsaid reports whether the word w after a column named only in
// part (said) can stand for the words of its name left unsaid: the column
// is a yes/no flag, whose head noun in a question only says what the
// answer is about ("the pet policy" of pets_allowed_yn), or w shares four
// letters in a row with an unsaid word ("poll resource" for poll_source).
func restatesUnsaid(said []token, c *colInfo, w string) bool {
	if c.kind == schema.KindBool || len(c.words) > 0 && flagWords[c.words[len(c.words)-1]] {
		return true
	}
	for _, u := range c.words {
		if slices.ContainsFunc(said, func(t token) bool { return t.stem == stem(u) }) {
			continue
		}
		if sharesRun(u, w, 4) {
			return true
		}
	}
	return false
}

// sharesRun reports whether a and b have n letters in a row in common.
func sharesRun(a, b string, n int) bool {
	for k := 0; k+n <= len(a); k++ {
		if strings.Contains(b, a[k:k+n]) {
			return true
		}
	}
	return false
}
