package offline

import (
	"slices"
	"strings"
	"unicode"
)

// English word formation that no suffix rule reaches: the past forms of
// irregular verbs ("sang", "sung" → sing; "bought" → buy), nouns whose
// vowel or stem changes from their verb ("song" → sing, "sale" → sell),
// and the Latin stem alternations of learned words ("destruction" →
// destroy, "admission" → admit, "detention" → detain). derivRoots
// rewrites such a word to the base its family's suffixes reach, on the
// question's side and the schema's alike, so "the artists who sang" meets
// a song table and "products sold" a sales table. Everything here is
// general English; nothing is learnt from one database.

// verbParts lists English irregular verbs by their principal parts:
// base, past tense, past participle, and any other past form in common
// use ("flied", "payed"). Compounds of a verb (understand, overtake)
// follow its forms.
var verbParts = []string{
	"arise arose arisen", "awake awoke awoken", "bear bore borne born", "beat beat beaten",
	"become became become", "begin began begun", "bend bent bent", "bind bound bound",
	"bite bit bitten", "bleed bled bled", "blow blew blown", "break broke broken",
	"breed bred bred", "bring brought brought", "build built built", "burn burnt burnt",
	"buy bought bought", "catch caught caught", "choose chose chosen", "cling clung clung",
	"come came come", "creep crept crept", "deal dealt dealt", "dig dug dug",
	"draw drew drawn", "dream dreamt dreamt", "drink drank drunk", "drive drove driven",
	"dwell dwelt dwelt", "eat ate eaten", "fall fell fallen", "feed fed fed", "feel felt felt",
	"fight fought fought", "find found found", "flee fled fled", "fling flung flung",
	"fly flew flown flied", "forbid forbade forbidden", "forget forgot forgotten",
	"forgive forgave forgiven", "freeze froze frozen", "get got gotten", "give gave given",
	"go went gone", "grind ground ground", "grow grew grown", "hang hung hung",
	"hear heard heard", "hide hid hidden", "hold held held", "keep kept kept",
	"kneel knelt knelt", "know knew known", "lay laid laid", "lead led led", "leap leapt leapt",
	"learn learnt learnt", "leave left left", "lend lent lent", "lie lay lain", "light lit lit",
	"lose lost lost", "make made made", "mean meant meant", "meet met met",
	"mislead misled misled", "mistake mistook mistaken", "overcome overcame overcome",
	"oversee oversaw overseen", "overtake overtook overtaken", "pay paid paid payed",
	"prove proved proven", "ride rode ridden", "ring rang rung", "rise rose risen",
	"run ran run", "say said said", "see saw seen", "seek sought sought", "sell sold sold",
	"send sent sent", "sew sewed sewn", "shake shook shaken", "shine shone shone",
	"shoot shot shot", "show showed shown", "shrink shrank shrunk", "sing sang sung",
	"sink sank sunk", "sit sat sat", "sleep slept slept", "slide slid slid",
	"speak spoke spoken", "speed sped sped", "spend spent spent", "spin spun spun",
	"spring sprang sprung", "stand stood stood", "steal stole stolen", "stick stuck stuck",
	"sting stung stung", "strike struck struck", "string strung strung", "strive strove striven",
	"swear swore sworn", "sweep swept swept", "swim swam swum", "swing swung swung",
	"take took taken", "teach taught taught", "tear tore torn", "tell told told",
	"think thought thought", "throw threw thrown", "tread trod trodden",
	"undergo underwent undergone", "understand understood understood",
	"undertake undertook undertaken", "wake woke woken", "wear wore worn", "weave wove woven",
	"weep wept wept", "win won won", "wind wound wound", "withdraw withdrew withdrawn",
	"write wrote written",
}

// verbHomographs are past forms that are also a common word of another
// meaning, so reading them as the verb would mislead: "found" (to found a
// company), "left" (the side), "saw" and "bore" (things and verbs of their
// own), "ground", "bound", "wound", "lay", "felt", "lit", "sat" (a test
// score), "ate", "bent", "meant" (mean is an average), "made" (a car's
// make) and "born" (which irregularForms sends to birth). Forms of be,
// have and do are function words and are not listed at all.
var verbHomographs = setOf("found", "left", "saw", "bore", "ground", "bound", "wound", "lay",
	"felt", "lit", "sat", "ate", "born", "made", "meant", "bent")

// irregularVerbs maps each past form of verbParts, but the homographs, to
// its base form: "sang" and "sung" to sing.
var irregularVerbs = buildIrregularVerbs()

func buildIrregularVerbs() map[string]string {
	m := map[string]string{}
	for _, line := range verbParts {
		parts := strings.Fields(line)
		for _, form := range parts[1:] {
			if form != parts[0] && !verbHomographs[form] {
				m[form] = parts[0]
			}
		}
	}
	return m
}

// ablautNouns are nouns whose vowel differs from their verb's, which no
// suffix rule can strip: a song is what is sung, a sale what is sold.
var ablautNouns = map[string]string{
	"song": "sing", "sale": "sell", "proof": "prove", "thought": "think",
}

// stemAlternation is a Latin ending whose noun stem differs from its
// verb's: destruction is the act of destroying.
type stemAlternation struct{ noun, verb string }

// stemAlternations rewrite the ending of a learned noun (or adjective) to
// its verb's: detention → detain, admission → admit, extension → extend,
// resolution → resolve, consumption → consume, decision → decide.
// Longest first; the ending must follow at least a prefix of two letters
// (de-tention, ad-mission), so that "pension" is no "pend".
var stemAlternations = []stemAlternation{
	{"struction", "stroy"}, {"scription", "scribe"}, {"umption", "ume"}, {"olution", "olve"},
	{"ception", "ceive"}, {"duction", "duce"}, {"tention", "tain"}, {"mission", "mit"},
	{"clusion", "clude"}, {"ension", "end"}, {"cision", "cide"}, {"vision", "vide"},
	{"ructive", "roy"},
}

// baseForm rewrites a word that no suffix rule relates to its family to
// the word of the family the rules reach, and reports whether it did and
// whether the rewrite names an act (a noun of a Latin verb) rather than
// the verb itself. A plural is read as its singular first ("songs").
func baseForm(w string) (base string, act, ok bool) {
	if r, ok := irregularForms[w]; ok {
		return r, false, true
	}
	if r, ok := irregularVerbs[w]; ok {
		return r, false, true
	}
	s, _ := singular(w)
	if r, ok := ablautNouns[s]; ok {
		return r, false, true
	}
	for _, a := range stemAlternations {
		if stem, ok := strings.CutSuffix(s, a.noun); ok && len(stem) >= 2 {
			return stem + a.verb, true, true
		}
	}
	return w, false, false
}

// irregularPast reports whether a word is a past form of an irregular
// verb (or another form derivRoots rewrites without a suffix): a verb form
// a key column can be named after, as "won" is of winning_aircraft.
func irregularPast(w string) bool {
	_, ok := irregularForms[w]
	if !ok {
		_, ok = irregularVerbs[w]
	}
	return ok
}

// minCompoundModifier is the fewest letters the first part of a closed
// compound keeps when compoundHead reads the word by its last part alone.
const minCompoundModifier = 3

// compoundHead links a closed compound that links to nothing, not even
// split in two (splitCompound), to the table its last part names:
// English compounds are headed on the right, so "cellphones" are phones
// and "supermarkets" markets. Only a table counts (a column named by the
// head would take the modifier's meaning for granted), the head keeps
// minCompoundPart letters, and a word whose cuts name two different
// tables is left unlinked. Failing that, the word may head a compound the
// schema closes (compoundOf).
func (lx *lexicon) compoundHead(toks []token, i int) (mention, bool) {
	t := toks[i]
	w := t.text
	if t.kind != tokWord || !isLetters(w) {
		return mention{}, false
	}
	var found []nameRef
	for k := minCompoundModifier; k+minCompoundPart <= len(w); k++ {
		head := w[k:]
		if hardStops[head] || isKeyword(head) {
			continue
		}
		var tables []nameRef
		for _, r := range strongest(lx.names[stem(head)], classExact) {
			if r.col < 0 {
				tables = append(tables, r)
			}
		}
		if len(tables) == 0 {
			continue
		}
		if found != nil {
			return mention{}, false
		}
		found = tables
	}
	if found == nil {
		return lx.compoundOf(t)
	}
	return mention{kind: mName, tables: found}, true
}

// compoundOf links a word to the one table named by a closed compound
// that the word heads: "rooms" are the rows of a classroom table, "stores"
// of a bookstore table. The compound must be the table's whole name, one
// word, with minCompoundModifier letters before the head, and no
// unrelated table may name the head word itself (headElsewhere).
func (lx *lexicon) compoundOf(t token) (mention, bool) {
	head := t.stem
	if t.kind != tokWord || len(head) < minCompoundPart || !isLetters(head) || hardStops[t.text] || isKeyword(t.text) {
		return mention{}, false
	}
	var found []nameRef
	for _, ti := range lx.tables {
		name := ti.oneStem // "" unless the name is one word
		if len(name) < len(head)+minCompoundModifier || !strings.HasSuffix(name, head) {
			continue
		}
		if found != nil {
			return mention{}, false
		}
		found = []nameRef{{ti.idx, -1, classSynonym}}
	}
	if found == nil || lx.headElsewhere(head, found[0].table) {
		return mention{}, false
	}
	return mention{kind: mName, tables: found}, true
}

// headElsewhere reports whether a column of a table other than t, and
// not referring to it, has the head word in its name: where a booking
// has a room_type_code, "rooms" may be the booked ones rather than a
// classroom's; a section's room_number that refers to the classroom
// says the same rooms.
func (lx *lexicon) headElsewhere(head string, t int) bool {
	for _, ti := range lx.tables {
		if ti.idx == t || len(ti.parents[t]) > 0 {
			continue
		}
		for _, c := range ti.cols {
			if slices.Contains(c.stems, head) {
				return true
			}
		}
	}
	return false
}

// familyTail counts the words after a word linked through its family (m)
// that the same column names as well: "destruction date" is one mention
// of date_destroyed, "creation date" of date_created, where the date
// alone would be left over. The next word must be a word of every column
// m names; it is taken as part of the mention, which names the columns
// no more widely than before.
func (lx *lexicon) familyTail(toks []token, i int, m mention) int {
	if !columnsOnly(m) || i+1 >= len(toks) {
		return 0
	}
	next := toks[i+1]
	if next.kind != tokWord || hardStops[next.text] || isKeyword(next.text) {
		return 0
	}
	for _, r := range m.cols {
		if !slices.Contains(lx.col(r.table, r.col).stems, next.stem) {
			return 0
		}
	}
	return 1
}

// spellingEndings are endings English spells two ways, and the one
// derivRoots reads both as, so "colours" meets a color column, "centre" a
// center table and "organized" an organisation: -our as -or, -tre and
// -bre as -ter and -ber, -ogue as -og, -amme as -am, and -ize as -ise
// (not the other way: advise, revise and exercise have no -ize form).
// Each is cut only where the word keeps at least three letters before it
// ("four", "size", "ogre" stay as they are).
var spellingEndings = []struct{ variant, common string }{
	{"izations", "isations"}, {"ization", "isation"}, {"izing", "ising"}, {"izers", "isers"}, {"izer", "iser"},
	{"ized", "ised"}, {"izes", "ises"}, {"ize", "ise"},
	{"ourites", "orites"}, {"ourite", "orite"}, {"ouring", "oring"}, {"oured", "ored"}, {"ours", "ors"}, {"our", "or"},
	{"tres", "ters"}, {"tre", "ter"}, {"bres", "bers"}, {"bre", "ber"},
	{"ogues", "ogs"}, {"ogue", "og"}, {"ammes", "ams"}, {"amme", "am"},
}

// commonSpelling rewrites an ending spelled two ways to the one
// spellingEndings reads it as.
func commonSpelling(w string) string {
	for _, e := range spellingEndings {
		if stem, ok := strings.CutSuffix(w, e.variant); ok && len(stem) >= minRoot {
			return stem + e.common
		}
	}
	return w
}

// oneWord reports whether an identifier is a single word as splitIdent
// reads it (letters only, no camelCase hump, no acronym before a word)
// and returns it in lower case, without splitting it: compoundOf asks
// this of every table.
func oneWord(id string) (string, bool) {
	var prev, prev2 rune
	for _, r := range id {
		switch {
		case !unicode.IsLetter(r),
			unicode.IsLower(prev) && unicode.IsUpper(r),
			unicode.IsUpper(prev2) && unicode.IsUpper(prev) && unicode.IsLower(r):
			return "", false
		}
		prev2, prev = prev, r
	}
	return strings.ToLower(id), id != ""
}
