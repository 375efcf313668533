package offline

import (
	"strings"
	"unicode"
)

// irregularPlurals maps English plurals that no suffix rule reaches to their
// singular, so "people" in a question meets a table called person and
// "alumni" a column called alumnus. Besides the words listed here it holds
// the plurals of [manCompounds], [personCompounds], [vesPlurals] and
// [latinPlurals]. Only general English belongs here: the same map reads
// schema identifiers and question words.
var irregularPlurals = withCompoundPlurals(map[string]string{
	"people": "person", "children": "child", "men": "man", "women": "woman",
	"feet": "foot", "teeth": "tooth", "mice": "mouse", "geese": "goose",
	"indices": "index", "matrices": "matrix", "vertices": "vertex",
	"analyses": "analysis", "theses": "thesis", "crises": "crisis",
	"criteria": "criterion", "phenomena": "phenomenon", "staff": "staff",
	// Too short for the suffix rule, but a common plural in questions.
	"ids": "id",
})

var (
	// manCompounds are everyday compounds of man and woman; their plurals
	// end in -men and -women ("chairmen", "sportswomen").
	manCompounds = []string{"sportsman", "sportswoman", "chairman", "chairwoman", "congressman",
		"congresswoman", "businessman", "businesswoman", "salesman", "saleswoman", "policeman",
		"policewoman", "fireman", "spokesman", "spokeswoman", "fisherman", "craftsman", "statesman",
		"serviceman", "servicewoman", "councilman", "councilwoman", "alderman", "postman", "repairman",
		"foreman", "workman", "middleman", "horseman", "horsewoman", "newsman", "cameraman",
		"anchorman", "anchorwoman", "weatherman", "countryman", "layman", "freshman", "gentleman",
		"clergyman", "doorman", "handyman", "seaman", "airman", "nobleman", "frontman", "batsman"}
	// personCompounds are compounds of person whose plural ends in -people
	// ("salespeople").
	personCompounds = []string{"salesperson", "businessperson", "spokesperson", "chairperson",
		"craftsperson", "tradesperson", "layperson", "sportsperson", "townsperson"}
	// vesPlurals map a plural in -ves to its singular in -f or -fe, which
	// the suffix rule would read as "shelve". Not "leaves" or "lives",
	// which are also verbs.
	vesPlurals = map[string]string{"shelves": "shelf", "wives": "wife", "knives": "knife",
		"thieves": "thief", "wolves": "wolf", "calves": "calf", "loaves": "loaf", "halves": "half",
		"housewives": "housewife", "midwives": "midwife", "bookshelves": "bookshelf"}
	// latinPlurals map a Latin or Greek plural to its singular (not the
	// plurals in -ae, which the suffix rules already read).
	latinPlurals = map[string]string{"alumni": "alumnus", "curricula": "curriculum",
		"syllabi": "syllabus", "cacti": "cactus", "fungi": "fungus", "nuclei": "nucleus",
		"stimuli": "stimulus", "radii": "radius", "appendices": "appendix", "genera": "genus",
		"corpora": "corpus", "memoranda": "memorandum", "strata": "stratum", "bacteria": "bacterium",
		"oxen": "ox", "hypotheses": "hypothesis", "diagnoses": "diagnosis", "prognoses": "prognosis",
		"thesauri": "thesaurus", "foci": "focus"}
)

// withCompoundPlurals adds to m the plurals of the compound, -ves and Latin
// word lists above.
func withCompoundPlurals(m map[string]string) map[string]string {
	for _, w := range manCompounds {
		m[strings.TrimSuffix(w, "man")+"men"] = w
	}
	for _, w := range personCompounds {
		m[strings.TrimSuffix(w, "person")+"people"] = w
	}
	for _, list := range []map[string]string{vesPlurals, latinPlurals} {
		for pl, sg := range list {
			m[pl] = sg
		}
	}
	return m
}

// singular strips an English plural ending and reports whether it did. It is
// deliberately small: the same function runs over schema identifiers and
// question words, so a rule only has to be consistent, not linguistically
// complete ("series" → "seri" on both sides still matches).
func singular(w string) (string, bool) {
	if s, ok := irregularPlurals[w]; ok {
		return s, s != w
	}
	n := len(w)
	if n <= 3 || !isLetters(w) {
		return w, false
	}
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y", true
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "uses"), strings.HasSuffix(w, "xes"),
		strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zzes"):
		return w[:n-2], true
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		// status, address, analysis: singular words that end in s.
		return w, false
	case strings.HasSuffix(w, "s"):
		return w[:n-1], true
	}
	return w, false
}

// stem reduces a lower-case word to the form used to compare question words
// with identifier words: singular, without -ed/-ing, with a final y read as i
// and a final e dropped, so "hired" meets hire_date, "categories" meets
// category and "pricing" meets price. Numbers and short words stay as they
// are.
func stem(w string) string {
	w, _ = singular(w)
	n := len(w)
	if n <= 3 || !isLetters(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ing") && n-3 >= 3:
		w = undouble(w[:n-3])
	case strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && n-2 >= 3:
		w = undouble(w[:n-2])
	}
	n = len(w)
	switch {
	case n > 3 && w[n-1] == 'y':
		w = w[:n-1] + "i"
	case n > 3 && w[n-1] == 'e':
		w = w[:n-1]
	}
	return w
}

// undouble turns a doubled final consonant left by -ed or -ing back into one
// ("shipp" → "ship"), except l, s and z, which English doubles in the stem
// itself (as Porter's stemmer does).
func undouble(w string) string {
	n := len(w)
	if n >= 2 && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func isLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// splitIdent splits a schema identifier into lower-case words at
// underscores, other punctuation, camelCase humps, acronym ends and
// letter/digit boundaries: "OrderDate" → order date, "customerID" →
// customer id, "HTTPServer2" → http server 2.
func splitIdent(id string) []string {
	var words []string
	rs := []rune(id)
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(string(rs[start:end])))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := rs[i-1]
		switch {
		case unicode.IsLower(prev) && unicode.IsUpper(r),
			unicode.IsLetter(prev) && unicode.IsDigit(r),
			unicode.IsDigit(prev) && unicode.IsLetter(r):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
			// The last capital of an acronym starts the next word: HTTPServer.
			flush(i)
			start = i
		}
	}
	flush(len(rs))
	return words
}

// stems returns the stem of each word.
func stems(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = stem(w)
	}
	return out
}
