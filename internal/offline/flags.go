package offline

import (
	"slices"
	"strings"

	"querent/internal/schema"
)

// Yes/no columns. Schemas hold a fact that is true or false of a row as a
// flag column (pets_allowed_yn, is_active, user_login, FDA_approved) and
// questions test it with the verb, participle or adjective of its name:
// "hotels that allow pets", "users who are logged in", "medicines that are
// FDA approved", "available rooms" (unavailable = 0). A column is read as
// a flag when its known values are the two halves of one yes/no pair as
// stored (1/0, Y/N, yes/no, T/F, true/false), or a name marked as a flag
// holds only the "yes" half; the values are read from the data, never
// assumed. Its name's words, and the verb forms English derives from them,
// then link to the condition "column = its yes value" ("= its no value"
// for a name negated by un-, in- or non-: "available" of unavailable).
// "not" before the words reads the other value (filters.go calls
// flagNegation).

// flagPairs are the ways a yes/no pair is stored, yes first, in lower case.
var flagPairs = [][2]string{{"1", "0"}, {"y", "n"}, {"yes", "no"}, {"t", "f"}, {"true", "false"}}

// flagMarkers are the words that mark a name as a flag's and say nothing
// of what it tests: the "yn" of pets_allowed_yn, the "is" of is_active.
var flagMarkers = setOf("yn", "flag", "bool", "boolean", "ind", "indicator", "is", "has")

// notFlagNouns end the names of two-valued columns that hold a quantity, a
// code or a category rather than a fact ("attribute value" 0/1, a gender
// coded 0/1): their words name the column, not a condition on it.
var notFlagNouns = setOf("value", "code", "type", "status", "number", "count", "amount", "level", "rank",
	"score", "rating", "id", "gender", "sex", "category", "class", "grade", "kind", "result", "mf")

// flagNegations are the prefixes that turn an adjective into its
// opposite: unavailable is "not available", inactive "not active".
var flagNegations = []string{"non", "un", "in"}

// phrasalNouns are nouns written as one word from a verb and a particle,
// with their past participle: a login is what one does when one logs in.
var phrasalNouns = map[string][2]string{
	"login":    {"log in", "logged in"},
	"logon":    {"log on", "logged on"},
	"logout":   {"log out", "logged out"},
	"signup":   {"sign up", "signed up"},
	"checkin":  {"check in", "checked in"},
	"checkout": {"check out", "checked out"},
	"optin":    {"opt in", "opted in"},
	"optout":   {"opt out", "opted out"},
	"signin":   {"sign in", "signed in"},
}

// flagValues returns the stored spellings of a flag column's yes and no
// values, read from its samples: no is empty when the column holds only
// its yes value (a name marked as a flag with 1s and blanks). ok is false
// when the column is no flag or which value means yes cannot be told.
func flagValues(c *colInfo, marked bool) (yes, no string, ok bool) {
	if c.id || !c.complete && c.kind != schema.KindBool {
		return "", "", false
	}
	var vals []string
	for _, s := range c.samples {
		if strings.TrimSpace(s) != "" && !slices.Contains(vals, s) {
			vals = append(vals, s)
		}
	}
	if c.kind == schema.KindBool && len(vals) == 0 {
		// A column declared boolean holds true and false, whatever the
		// engine stores them as: the type is the schema's own word.
		return "true", "false", true
	}
	if c.kind == schema.KindBool && len(vals) <= 2 {
		for _, v := range vals {
			switch strings.ToLower(v) {
			case "true", "1", "t":
				yes = v
			case "false", "0", "f":
				no = v
			}
		}
		return yes, no, yes != ""
	}
	for _, p := range flagPairs {
		switch {
		case len(vals) == 2 && strings.EqualFold(vals[0], p[0]) && strings.EqualFold(vals[1], p[1]):
			return vals[0], vals[1], true
		case len(vals) == 2 && strings.EqualFold(vals[1], p[0]) && strings.EqualFold(vals[0], p[1]):
			return vals[1], vals[0], true
		case len(vals) == 1 && marked && strings.EqualFold(vals[0], p[0]):
			return vals[0], "", true
		}
	}
	return "", "", false
}

// flagWordsOf returns the words of a flag column's name that say what it
// tests, without its flag markers and the table's name it repeats, and
// whether a marker was found: user_login in users is "login", is_active
// "active".
func flagWordsOf(c *colInfo, tableWords []string) ([]string, bool) {
	words := c.words
	if c.qualified {
		words = words[len(tableWords):]
	}
	var out []string
	marked := false
	for i, w := range words {
		if flagMarkers[w] && (i == 0 || i == len(words)-1) {
			marked = true
			continue
		}
		out = append(out, w)
	}
	return out, marked
}

// addFlag indexes the phrases that test a flag column, each under its
// surface words, as the column's yes value (its no value for a negated
// adjective).
func (lx *lexicon) addFlag(c *colInfo, tableWords []string) {
	words, marked := flagWordsOf(c, tableWords)
	if len(words) == 0 || len(words) > 3 || notFlagNouns[words[len(words)-1]] {
		return
	}
	yes, no, ok := flagValues(c, marked)
	if !ok && !marked {
		return
	}
	if !ok {
		// A name marked as a flag's whose yes value the samples do not
		// tell: its words still link, to be refused (unknownFlag) rather
		// than read as the column's name.
		yes = ""
	}
	value := yes
	if base, negated := unnegated(words); negated {
		if !ok || no == "" {
			return
		}
		// unavailable: "unavailable" is its yes, "available" its no.
		lx.addFlagPhrase(words[0], valueRef{table: c.table.idx, col: c.idx, value: yes, complete: true})
		words, value = base, no
	}
	for _, p := range flagPhrases(words) {
		if allStops(strings.Fields(p)) || isKeyword(p) {
			continue
		}
		lx.addFlagPhrase(p, valueRef{table: c.table.idx, col: c.idx, value: value, complete: true})
	}
	if ok {
		lx.flagOther[[2]int{c.table.idx, c.idx}] = [2]string{yes, no}
	}
}

// unknownFlag refuses a flag whose yes value could not be read from its
// samples (addFlag linked its words to an empty value).
func (lx *lexicon) unknownFlag(c *colInfo, v, text string) *refusal {
	if v != "" {
		return nil
	}
	if len(c.samples) > 0 {
		return refuseUnresolved("%s holds %s: I cannot tell which of them means %q.", c.ref, valueNames(c.samples), text)
	}
	return refuseUnresolved("I do not know which value of %s means %q.", c.ref, text)
}

func (lx *lexicon) addFlagPhrase(p string, v valueRef) {
	if slices.Contains(lx.flags[p], v) {
		return
	}
	lx.flags[p] = append(lx.flags[p], v)
	first, _, _ := strings.Cut(p, " ")
	lx.flagStarts[first] = true
	lx.maxSpan = max(lx.maxSpan, len(strings.Fields(p)))
}

// unnegated strips a negating prefix from a one-word adjective name
// (unavailable → available) when what is left is an adjective itself.
func unnegated(words []string) ([]string, bool) {
	if len(words) != 1 {
		return words, false
	}
	for _, p := range flagNegations {
		rest, ok := strings.CutPrefix(words[0], p)
		if ok && len(rest) >= 4 && adjectival(rest) {
			return []string{rest}, true
		}
	}
	return words, false
}

// predicative reports whether the last word of a two-word flag name can
// say alone what the flag tests: an adjective or present participle
// ("acting", "refundable"), not a past participle, whose object the first
// word names ("pets allowed" is not "allowed").
func predicative(w string) bool {
	for _, s := range []string{"ing", "ive", "able", "ible"} {
		if strings.HasSuffix(w, s) && len(w) > len(s)+2 {
			return true
		}
	}
	return false
}

// adjectival reports whether a word ends as English adjectives and
// participles do.
func adjectival(w string) bool {
	for _, s := range []string{"able", "ible", "ive", "ed", "ful", "al", "ent", "ant"} {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// flagPhrases returns the surface phrases that say a flag's words hold of
// a row: the words themselves ("fda approved"), without a leading
// preposition ("scholarship" of on_scholarship), an object before its
// participle turned into a verb with its object ("allow pets", "allows
// pets" of pets_allowed), a phrasal noun as its verb ("logged in" of
// login), and a modifier and its noun as adverb and participle
// ("primarily affiliated" of primary_affiliation).
func flagPhrases(words []string) []string {
	out := []string{strings.Join(words, " ")}
	if len(words) > 1 && hardStops[words[0]] {
		out = append(out, strings.Join(words[1:], " "))
	}
	last := words[len(words)-1]
	if len(words) == 1 && strings.HasSuffix(last, "er") {
		// smoker: patients "who are smokers".
		out = append(out, last+"s")
	}
	if len(words) == 2 && !hardStops[words[0]] && predicative(last) {
		// temporary_acting: heads "who are acting".
		out = append(out, last)
	}
	if pv, ok := phrasalNouns[last]; ok && len(words) == 1 {
		base, part := pv[0], pv[1]
		verb, particle, _ := strings.Cut(base, " ")
		out = append(out, base, part, verb+"s "+particle)
	}
	if len(words) == 2 {
		if stemOf, ok := verbOfParticiple(last); ok {
			// pets_allowed: "allow pets", "allows pets", "allowing pets".
			for _, v := range []string{stemOf, thirdPerson(stemOf), last} {
				out = append(out, v+" "+words[0])
			}
			// fda_approved: "approved by the FDA".
			out = append(out, last+" by "+words[0], last+" by the "+words[0])
		}
		if part, ok := participleOf(last); ok {
			// primary_affiliation: "primarily affiliated", "primary
			// affiliated".
			out = append(out, words[0]+" "+part)
			if adv, ok := adverbOf(words[0]); ok {
				out = append(out, adv+" "+part)
			}
		}
	}
	return out
}

// verbOfParticiple returns the verb of a regular past participle: allowed
// → allow, approved → approve, permitted → permit.
func verbOfParticiple(w string) (string, bool) {
	base, ok := strings.CutSuffix(w, "ed")
	if !ok || len(base) < 3 {
		return "", false
	}
	n := len(base)
	switch {
	case base[n-1] == base[n-2] && !strings.ContainsRune("aeiousl", rune(base[n-1])):
		return base[:n-1], true // permitted → permit
	case strings.HasSuffix(base, "i"):
		return base[:n-1] + "y", true // applied → apply
	case strings.ContainsRune("aeiou", rune(base[n-2])) && !strings.ContainsRune("aeiouwy", rune(base[n-1])) && !strings.ContainsRune("aeiou", rune(base[n-3])):
		return base + "e", true // approved → approve, used → use
	case strings.HasSuffix(base, "v") || strings.HasSuffix(base, "c") || strings.HasSuffix(base, "g") && !strings.HasSuffix(base, "ng"):
		return base + "e", true
	}
	return base, true // allowed → allow
}

func thirdPerson(v string) string {
	switch {
	case strings.HasSuffix(v, "y") && len(v) > 2 && !strings.ContainsRune("aeiou", rune(v[len(v)-2])):
		return v[:len(v)-1] + "ies"
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "sh"), strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "x"):
		return v + "es"
	}
	return v + "s"
}

// adverbOf returns the adverb of an adjective of degree or kind: primary
// → primarily, temporary → temporarily, official → officially.
func adverbOf(w string) (string, bool) {
	switch {
	case strings.HasSuffix(w, "ary"):
		return w[:len(w)-1] + "ily", true
	case strings.HasSuffix(w, "al"):
		return w + "ly", true
	}
	return "", false
}

// participleOf returns the participle of a noun of action: affiliation →
// affiliated, registration → registered is irregular and not read.
func participleOf(w string) (string, bool) {
	if base, ok := strings.CutSuffix(w, "ation"); ok && len(base) >= 3 {
		return base + "ated", true
	}
	return "", false
}

// flagPhrase links the longest phrase at i that tests a flag column, as
// a value of it, when no keyword or longer name starts there: "allow
// pets", "logged in", "active" (is_active) but not "active status", which
// names the column, nor right after a column's name. A word right before a noun that only says the column
// is a flag's ("pet policy", "approval status") leaves the name to link.
func (lx *lexicon) flagPhrase(toks []token, i int, before []mention) (mention, int) {
	if !lx.flagStarts[toks[i].text] {
		return mention{}, 0
	}
	for n := min(lx.maxSpan, len(toks)-i); n >= 1; n-- {
		span := toks[i : i+n]
		if !plainWords(span) {
			continue
		}
		refs := lx.flags[surfaceKey(span)]
		if len(refs) == 0 {
			continue
		}
		if i+n < len(toks) && flagNouns[toks[i+n].text] {
			return mention{}, 0
		}
		if lm, ln := lx.longest(toks, i); ln > n || ln == n && (lm.kind == mKeyword || namesOther(lm, refs)) {
			return mention{}, 0
		}
		if k := len(before) - 1; k >= 0 && before[k].to == i && before[k].kind == mName && len(before[k].tables) == 0 {
			// Right after another column's name the word is that
			// column's value or says nothing ("room types available").
			return mention{}, 0
		}
		return mention{kind: mValue, vals: refs}, n
	}
	return mention{}, 0
}

// namesOther reports whether a name mention exactly names a table, or a
// column other than the flags the same words test: the schema's own name
// for the words wins over the condition.
func namesOther(m mention, flags []valueRef) bool {
	if m.kind != mName {
		return false
	}
	for _, r := range m.tables {
		if r.class == classExact {
			return true
		}
	}
	for _, r := range m.cols {
		if r.class == classExact && !slices.ContainsFunc(flags, func(v valueRef) bool { return v.table == r.table && v.col == r.col }) {
			return true
		}
	}
	return false
}

// flagNouns follow a flag's words when the question names the column
// rather than tests it: "the active status", "the FDA approval value".
var flagNouns = setOf("status", "statuses", "value", "values", "flag", "flags", "policy", "policies", "indicator",
	"indicators", "field", "column", "setting", "settings", "state", "option")

// flagCondition checks a value condition on a flag column: it refuses a
// flag whose yes value is unknown, and reads "not" before one of its two
// values as the other (rewriting spellings in place), refusing when the
// column holds no other. It returns op unchanged for any other column.
func (lx *lexicon) flagCondition(c *colInfo, spellings []string, op, text string) (string, *refusal) {
	if len(spellings) != 1 {
		return op, nil
	}
	if rf := lx.unknownFlag(c, spellings[0], text); rf != nil {
		return op, rf
	}
	if op != "!=" {
		return op, nil
	}
	switch other, ok := lx.flagNegation(c, spellings[0]); {
	case ok && other == "":
		return op, refuseUnresolved("%s holds only %q, so I cannot tell which rows are not %q.", c.ref, spellings[0], text)
	case ok:
		spellings[0] = other
		return "=", nil
	}
	return op, nil
}

// flagNegation reads "not" before a flag's value as its other value:
// "accounts that are not closed" is closed = 'N' rather than closed !=
// 'Y', which would also drop the rows whose flag is unknown. flag is
// false when the column is no flag or the value is not one of its two;
// other is empty when the column holds no other value to read.
func (lx *lexicon) flagNegation(c *colInfo, v string) (other string, flag bool) {
	pair, ok := lx.flagOther[[2]int{c.table.idx, c.idx}]
	if !ok {
		return "", false
	}
	switch v {
	case pair[0]:
		return pair[1], true
	case pair[1]:
		return pair[0], true
	}
	return "", false
}

// flagLiteral is a flag value as the column's type holds it: 1 as a
// number in an integer column, true as a boolean.
func (lx *lexicon) flagLiteral(c *colInfo, v string) any {
	if _, ok := lx.flagOther[[2]int{c.table.idx, c.idx}]; !ok {
		return v
	}
	switch {
	case c.kind == schema.KindBool:
		switch strings.ToLower(v) {
		case "true", "t", "1":
			return true
		case "false", "f", "0":
			return false
		}
	case c.kind == schema.KindInteger && (v == "1" || v == "0"):
		if v == "1" {
			return int64(1)
		}
		return int64(0)
	}
	return v
}

// farFlag refuses a flag held by a table reached only along a path from
// the question's table, as a sport's record is from a student: the fact
// is recorded per row of that table, several of which may belong to one
// row of the question's, so "students on scholarship" could mean the
// students or their records. A link table between the question's table
// and another is the exception: its flag describes the link itself
// ("departments with primarily affiliated physicians", "heads who are
// acting" managers), and the rows it links are what is asked. It returns
// nil for any other value.
func (lx *lexicon) farFlag(v valueRef, subject *tableInfo) *refusal {
	if _, ok := lx.flagOther[[2]int{v.table, v.col}]; !ok {
		return nil
	}
	c := lx.col(v.table, v.col)
	if len(c.table.parents) >= 2 && len(c.table.parents[subject.idx]) == 1 {
		return nil
	}
	return refuseUnsupported("a yes/no fact of %s (%s) asked of %s, which may have several %s rows", c.table.name, c.ref, subject.name, c.table.name)
}
