package offline

import (
	"slices"
	"strings"

	"querent/internal/schema"
)

// abbrevName is one schema name with an abbreviated word in it, kept for
// questions that spell the word out: lat for "latitude", inst for
// "institution", acc_bal for "account balance". Schemas abbreviate freely;
// the equivalents of words.go list only the common cases.
type abbrevName struct {
	words []string // canonical lower-case words of the name
	stems []string // stem of each word, kept since every unknown question word is compared with them
	ref   nameRef
}

// Abbreviation bounds: a name word is read as a truncation of a question
// word only when it keeps at least minAbbrev letters and drops at least
// minDropped, so "age" never stands for "agent" nor "star" for "stars".
const (
	minAbbrev  = 3
	minDropped = 3
)

// addAbbrev remembers a table or column name that may be an abbreviation:
// one with a word short enough to be a truncation of a longer one. Keys
// are left out, as everywhere: questions rarely mean them by a partial
// name.
func (lx *lexicon) addAbbrev(words []string, t, c int, isID bool) {
	if isID || len(words) == 0 || len(words) > 3 {
		return
	}
	for _, w := range words {
		if len(w) >= minAbbrev && !hardStops[w] {
			stems := make([]string, len(words))
			for k, w := range words {
				stems[k] = stem(w)
			}
			lx.abbrevs = append(lx.abbrevs, abbrevName{words: words, stems: stems, ref: nameRef{t, c, classExact}})
			return
		}
	}
}

// abbreviated links the question words at i to the schema names they
// spell out in full, when no name, keyword or value starts there. The
// whole name matched is an exact link; its last words alone ("balance"
// for acc_bal) a head link. Every word must match, spelled out or as
// written, and at least one must be spelled out, so this never links what
// the ordinary lookup refused.
func (lx *lexicon) abbreviated(toks []token, i int) (mention, int) {
	if toks[i].kind != tokWord || hardStops[toks[i].text] || softStops[toks[i].text] {
		return mention{}, 0
	}
	for n := min(3, len(toks)-i); n >= 1; n-- {
		span := toks[i : i+n]
		if !plainWords(span) {
			continue
		}
		var refs []nameRef
		for _, a := range lx.abbrevs {
			if n > len(a.words) {
				continue
			}
			tail := a.words[len(a.words)-n:]
			if !spellsOut(span, tail, a.stems[len(a.stems)-n:]) {
				continue
			}
			r := a.ref
			if n < len(a.words) {
				if hardStops[tail[0]] {
					continue
				}
				r.class = classHead
			}
			if !slices.ContainsFunc(refs, func(x nameRef) bool { return x.table == r.table && x.col == r.col }) {
				refs = append(refs, r)
			}
		}
		if len(refs) == 0 {
			continue
		}
		refs = strongest(refs, classHead)
		return tableFirst(refs), n
	}
	return mention{}, 0
}

// spellsOut reports whether the question words match the name words one
// for one, each equal up to its stem or a spelled-out truncation of it,
// and at least one spelled out.
func spellsOut(span []token, words, stems []string) bool {
	if len(span) != len(words) {
		return false
	}
	spelled := false
	for k, t := range span {
		w := words[k]
		switch {
		case t.text == w || t.stem == stems[k]:
		case truncates(w, t.text), contracts(w, t.text):
			spelled = true
		case len(span) > 1 && initials(w, t.text):
		default:
			return false
		}
	}
	return spelled
}

// initials reports whether a two-letter name word is the question word
// shortened to its first letter and one later one in order ("ap" for
// "airport"). Two letters say too little alone, so spellsOut takes them
// only beside a word spelled out from a longer abbreviation.
func initials(abbr, full string) bool {
	return len(abbr) == 2 && len(full) > 3 && abbr[0] == full[0] && strings.IndexByte(full[1:], abbr[1]) >= 0 && !isNumber(abbr)
}

// truncates reports whether the name word abbr is the question word full
// cut short ("lat", "latitude"), or full spelled with a doubled letter the
// name writes once ("enrolment", "enrollment").
func truncates(abbr, full string) bool {
	if len(abbr) >= minAbbrev && len(full) >= len(abbr)+minDropped && strings.HasPrefix(full, abbr) {
		return !isNumber(abbr) && !wordSuffixes[full[len(abbr):]]
	}
	return len(abbr) >= 6 && abbr != full && sameSingleLetters(abbr, full)
}

// wordSuffixes make a word into another word: a "mountaineer" is no
// mountain, a "reporter" no report. A name word that a question word
// extends by one of them is that other word, not its abbreviation.
var wordSuffixes = setOf("eer", "eers", "ers", "ing", "ings", "ment", "ments", "ist", "ists", "ian", "ians",
	"ism", "isms", "ness", "ship", "ships", "ful", "less", "ity", "ities", "ion", "ions", "ation", "ations",
	"ery", "eries", "ary", "aries", "ous", "ive", "ives", "able", "ible", "ure", "ures", "ial", "ical", "ally",
	"ies", "est", "ier", "iest", "ize", "ise", "ized", "ised", "ward", "wards", "like", "hood", "dom")

// sameSingleLetters reports whether a and b are the same once every
// doubled letter is written once, without building either: truncates asks
// it of every unknown word against every abbreviated name.
func sameSingleLetters(a, b string) bool {
	i, j := 0, 0
	for {
		for i > 0 && i < len(a) && a[i] == a[i-1] {
			i++
		}
		for j > 0 && j < len(b) && b[j] == b[j-1] {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i] != b[j] {
			return false
		}
		i++
		j++
	}
}

// contracts reports whether the name word abbr is the question word full
// with letters dropped from inside, the way schemas write "src" for
// "source", "hrs" for "hours", "qty" for "quantity", "mgr" for "manager":
// a word of at least minAbbrev letters with no vowel, starting with the
// full word's first letter, keeping the rest in order and ending where
// the word ends. A name word with
// a vowel in it is a word or a truncation, never a contraction, and a
// number is neither.
func contracts(abbr, full string) bool {
	if len(abbr) < minAbbrev || len(full) <= len(abbr) || abbr[0] != full[0] || isNumber(abbr) {
		return false
	}
	if strings.ContainsAny(abbr, "aeiou") || !strings.ContainsAny(full, "aeiouy") {
		return false
	}
	j := 1
	for i := 1; i < len(full) && j < len(abbr); i++ {
		if full[i] == abbr[j] {
			j++
		}
	}
	return j == len(abbr) && keepsEnd(abbr, full)
}

// keepsEnd reports whether a contraction ends where its word does: its
// last letter is among the word's last three (a plural's "s" aside), as
// in mgr/manager and hrs/hours. A letter taken from the middle leaves the
// word's ending unread, and such a word is as likely another one that
// happens to hold the letters: "lng" is not "longest", nor "crs"
// "corresponding".
func keepsEnd(abbr, full string) bool {
	last := abbr[len(abbr)-1]
	if last != 's' && len(full) > len(abbr)+1 && strings.HasSuffix(full, "s") {
		full = full[:len(full)-1]
	}
	return strings.IndexByte(full[max(0, len(full)-3):], last) >= 0
}

// typeMarks are the type marks of Hungarian notation that some schemas
// write before every column's name: vcName (varchar), iAge (integer),
// strTitle, bActive (boolean), fPrice (float), nCount. A date mark says
// what the name is, a date: dtBirth is the birth date.
var typeMarks = map[string]string{
	"vc": "", "nvc": "", "str": "", "sz": "", "txt": "", "ch": "", "chr": "",
	"i": "", "int": "", "n": "", "num": "", "b": "", "bit": "", "f": "", "dbl": "", "dec": "",
	"dt": "date",
}

// typeMark returns the type mark a column name begins with: a mark of
// typeMarks in lower case, then a capitalised word ("Name", not the "ID"
// of mID). A mark joined with the word into a known abbreviation is no
// mark: fName is the first name.
func typeMark(name string) string {
	i := 0
	for i < len(name) && isLowerASCII(name[i]) {
		i++
	}
	if i == 0 || i+1 >= len(name) || !isUpperASCII(name[i]) || !isLowerASCII(name[i+1]) {
		return ""
	}
	if _, ok := typeMarks[name[:i]]; !ok {
		return ""
	}
	if _, ok := canonicalOf[stem(strings.ToLower(name))]; ok {
		return ""
	}
	return name[:i]
}

// typeMarked reports whether a table's columns are written in Hungarian
// notation: two of them or more carry a type mark. One marked name alone
// ("iPhone") is a word, not a style.
func typeMarked(cols []schema.Column) bool {
	n := 0
	for _, c := range cols {
		if typeMark(c.Name) != "" {
			n++
		}
	}
	return n >= 2
}

// columnWords returns the canonical words of a column name, read without
// its type mark in a table whose names carry them: vcName is the name
// column, iAge the age, dtBirth the birth date.
func columnWords(name string, marked bool) []string {
	mark := ""
	if marked {
		mark = typeMark(name)
	}
	words := splitIdent(name[len(mark):])
	if w := typeMarks[mark]; w != "" {
		words = append(words, w)
	}
	words = canonicalWords(words)
	if k := len(words) - 1; k >= 0 {
		if head, tail, ok := joinedSuffix(words[k]); ok {
			words = append(words[:k:k], head, tail)
		}
	}
	return words
}

// joinedSuffixes are the generic last words schemas write joined to the
// word before them, without a capital or an underscore: hiredate,
// releasedate, starttime, filename, jobcode.
var joinedSuffixes = []string{"date", "time", "name", "code"}

// notJoined are English words that end like a joined name and are one
// word: a candidate is no "candi date".
var notJoined = setOf("candidate", "mandate", "update", "validate", "accommodate", "consolidate", "liquidate",
	"predate", "sedate", "maritime", "sometime", "anytime", "meantime", "pastime", "overtime", "rename",
	"decode", "encode", "unicode", "nickname", "surname", "forename", "codename")

// joinedSuffix splits a name's last word written as two, a word of three
// letters or more and a generic suffix ("hiredate": hire, date), so that
// "hired" and "the hire date" reach it as they reach hire_date. A generic
// word itself (datetime) stays whole.
func joinedSuffix(w string) (string, string, bool) {
	if notJoined[w] || genericSuffixes[w] || !isASCIILetters(w) {
		return "", "", false
	}
	for _, s := range joinedSuffixes {
		head := strings.TrimSuffix(w, s)
		if len(head) >= 3 && len(head) < len(w) && strings.ContainsAny(head, "aeiouy") {
			return head, s, true
		}
	}
	return "", "", false
}

func isUpperASCII(b byte) bool { return b >= 'A' && b <= 'Z' }
func isLowerASCII(b byte) bool { return b >= 'a' && b <= 'z' }
