package offline

import (
	"strings"
	"unicode"
)

// Spelling: a question word that links to nothing may be a misspelling of
// a word the database does know ("deparments", "salaray", "mininum",
// "Bejing"). The fallback compares it with the schema's own words (the
// single-word phrases that name a table or column, not through a
// synonym), the planner's keywords and the single-word values of the value
// index, by Damerau–Levenshtein
// distance, and takes a correction only when it is certain:
//
//   - the word has at least minMisspelt letters, is not a number, and is
//     not itself an English word the planner or the list of frequent words
//     below knows ("cities" is no misspelling of "cites", nor "states" of
//     "statues");
//   - the candidate starts with the same letter and lies within one edit
//     for a word of five to seven letters, two for a longer one, counted
//     on the stem when compared with names ("balls" is "ball", too short);
//     two edits must keep the first two letters and touch more than the
//     ending (twoSlips);
//   - neither word only lengthens the other ("faulty", fault): that is a
//     family of words, not a slip;
//   - exactly one candidate is nearest: two at the same distance refuse;
//   - a value is held by one column only, whose samples are all its
//     values, and a word written with a capital inside the question (a
//     name) corrects only to a value.
//
// The corrected word is then linked as if the question had spelt it so,
// with the phrases it may start, or the phrase the words just before it
// begin: a later word of a longer name ("mean visiblity" for
// mean_visibility_miles) or of a value of several words ("Chris Jaskson")
// is a candidate too, linked with the words before it (misspeltWithin).
// Function words are too short to compare; their common slips ("teh")
// are listed instead (functionTypos).

// minMisspelt is the shortest word read as a misspelling: shorter words
// lie within one edit of too many others ("male", "mail").
const minMisspelt = 5

// spellSource is where a correction candidate comes from; it decides the
// form of the question word it is compared with.
type spellSource uint8

const (
	spellName    spellSource = iota // a name phrase of one word: compared as stems
	spellKeyword                    // a planner keyword: compared as written
	spellValue                      // a sampled value of one word: compared as written
)

// spellKey buckets candidates so a lookup reads only the few of the right
// source, first letter and length.
type spellKey struct {
	src   spellSource
	first byte
	n     int
}

// spellCandidate is one correction found for a word.
type spellCandidate struct {
	src  spellSource
	word string
}

// indexSpelling buckets the lexicon's one-word names, keywords and values
// for misspelt: once per lexicon, after every name and value is indexed.
func (lx *lexicon) indexSpelling() {
	lx.spell = map[spellKey][]string{}
	add := func(src spellSource, w string) {
		if len(w) < minMisspelt-1 || !isASCIILetters(w) {
			return
		}
		k := spellKey{src, w[0], len(w)}
		lx.spell[k] = append(lx.spell[k], w)
	}
	for k, refs := range lx.names {
		// A synonym of a name is a guess already: a misspelling of it
		// would be two.
		if !strings.Contains(k, " ") && !hardStops[k] && bestClass(refs) < classSynonym {
			add(spellName, k)
		}
	}
	// The first word of a longer name ("transit" of transit_passengers):
	// corrected, it starts the phrase.
	for k := range lx.startStem {
		if len(lx.names[k]) == 0 && !hardStops[k] {
			add(spellName, k)
		}
	}
	// A later word of a longer name ("visibility" of
	// mean_visibility_miles) or of a value of several words ("Harris" of
	// "Brittany Harris"): corrected, it ends or continues the phrase the
	// words before it begin (misspeltWithin).
	for k, refs := range lx.names {
		if strings.Contains(k, " ") && bestClass(refs) < classSynonym {
			for _, w := range strings.Fields(k)[1:] {
				if len(lx.names[w]) == 0 && !hardStops[w] && !softStops[w] {
					add(spellName, w)
				}
			}
		}
	}
	for k, vals := range lx.values {
		if strings.Contains(k, " ") && heldByOneColumn(vals) && vals[0].complete {
			for _, w := range strings.Fields(k) {
				if len(lx.values[w]) == 0 && !hardStops[w] && !softStops[w] {
					add(spellValue, w)
				}
			}
		}
	}
	for k, kw := range keywords {
		if !strings.Contains(k, " ") && kw.kind != kwStop {
			add(spellKeyword, k)
		}
	}
	for k, vals := range lx.values {
		if !strings.Contains(k, " ") && heldByOneColumn(vals) && vals[0].complete {
			add(spellValue, k)
		}
	}
}

// heldByOneColumn reports whether every sample holding a value is of one column.
func heldByOneColumn(vals []valueRef) bool {
	for _, v := range vals[1:] {
		if v.table != vals[0].table || v.col != vals[0].col {
			return false
		}
	}
	return len(vals) > 0
}

// misspelt links the word at i, which links to nothing, as the one word of
// the database it is a near misspelling of, with any phrase the corrected
// word starts.
//
// The mention may start up to back words before i, when the corrected
// word ends or continues a phrase they begin ("mean visiblity" is
// mean_visibility_miles): the caller drops the mentions of those words.
func (lx *lexicon) misspelt(toks []token, i int, before []mention) (m mention, back, n int, ok bool) {
	t := toks[i]
	if t.kind != tokWord || len(t.text) < minMisspelt || !isASCIILetters(t.text) || knownWord(t.text) {
		return mention{}, 0, 0, false
	}
	c, ok := lx.nearest(t, i > 0 && startsUpper(t.raw))
	if !ok {
		return mention{}, 0, 0, false
	}
	fixed := token{kind: tokWord, text: c.word, raw: t.raw, stem: c.word, plural: t.plural}
	if c.src != spellName {
		fixed = wordToken(c.word)
		fixed.raw = t.raw
	}
	if bm, b, bn, ok := lx.misspeltWithin(toks, i, before, fixed); ok {
		return bm, b, bn, true
	}
	rest := append([]token{fixed}, toks[i+1:]...)
	m, n = lx.longest(rest, 0)
	if n == 0 {
		m, n = lx.single(rest, 0, before)
	}
	if n == 0 || m.kind == mUnknown || m.kind == mStop {
		return mention{}, 0, 0, false
	}
	return m, 0, n, true
}

// maxBack is the most words before a corrected word that its phrase may
// start with.
const maxBack = 3

// misspeltWithin links the corrected word at i as part of a name or value
// phrase that starts one to maxBack words before it, when those words are
// plain words whose mentions lie wholly among them. The longest such
// phrase is taken; it must be a name or a value.
func (lx *lexicon) misspeltWithin(toks []token, i int, before []mention, fixed token) (mention, int, int, bool) {
	for b := min(maxBack, i); b >= 1; b-- {
		if !plainWords(toks[i-b:i]) || !mentionsWithin(before, i-b) {
			continue
		}
		span := make([]token, 0, len(toks)-i+b)
		span = append(append(append(span, toks[i-b:i]...), fixed), toks[i+1:]...)
		m, n := lx.longest(span, 0)
		if n > b && (m.kind == mName || m.kind == mValue) {
			return m, b, n - b, true
		}
	}
	return mention{}, 0, 0, false
}

// mentionsWithin reports whether no mention starts before from and ends
// after it: the mentions from there on can give way to one phrase.
func mentionsWithin(ms []mention, from int) bool {
	for k := len(ms) - 1; k >= 0 && ms[k].to > from; k-- {
		if ms[k].from < from {
			return false
		}
	}
	return true
}

// nearest returns the one candidate nearest to the word, if exactly one is.
// A name (capitalised inside the question) is looked up among values only.
// The form compared decides the edits allowed: a stem for names, so
// "balls" is read as "ball", too short to correct.
func (lx *lexicon) nearest(t token, name bool) (spellCandidate, bool) {
	best, found, tied := maxEdits+1, spellCandidate{}, false
	for _, src := range []spellSource{spellName, spellKeyword, spellValue} {
		if name && src != spellValue {
			continue
		}
		form := t.text
		if src == spellName {
			form = t.stem
		}
		if len(form) < minMisspelt {
			continue
		}
		limit := editLimit(form)
		for n := len(form) - limit; n <= len(form)+limit; n++ {
			for _, w := range lx.spell[spellKey{src, form[0], n}] {
				if extends(form, w, src) {
					continue
				}
				d := editDistance(form, w, limit)
				if d > limit || d == 2 && !twoSlips(form, w) {
					continue
				}
				switch {
				case d < best:
					best, found, tied = d, spellCandidate{src, w}, false
				case d == best && w != found.word:
					tied = true
				}
			}
		}
	}
	return found, best <= maxEdits && !tied
}

// maxEdits is the most edits a correction makes, for words of eight
// letters or more; shorter words get one.
const maxEdits = 2

func editLimit(form string) int {
	if len(form) >= 8 {
		return maxEdits
	}
	return 1
}

// twoSlips reports whether two edits between a word and a candidate look
// like slips in typing one word rather than two words: the first two
// letters agree ("actress" is no "address") and some edit falls before the
// last three letters, since a different ending is another word of the
// family ("donation", "donator").
func twoSlips(form, w string) bool {
	if form[:2] != w[:2] {
		return false
	}
	p := 0
	for p < len(form) && p < len(w) && form[p] == w[p] {
		p++
	}
	return p < min(len(form), len(w))-3
}

// extends reports whether one of the word and the candidate only
// lengthens the other at its end: "faulty" and fault, "complained" and
// complaint, "manufacture" and manufacturer. Such words are of one family
// or none (a derivation says something else: the faulty parts are no
// fault), never a slip of the pen, and morphology reads the families it
// knows. A value may differ from its question word by a plural ending
// alone ("Mortgage" for Mortgages), since values are stored in one form.
func extends(form, w string, src spellSource) bool {
	short, long := form, w
	if len(short) > len(long) {
		short, long = long, short
	}
	if !strings.HasPrefix(long, short) {
		return false
	}
	return src != spellValue || (long[len(short):] != "s" && long[len(short):] != "es")
}

// editDistance is the Damerau–Levenshtein distance of a and b (adjacent
// transpositions count as one edit, each substring edited once), or
// limit+1 as soon as it must exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	// Three rows: the one before last for transpositions.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func isASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}

func startsUpper(raw string) bool {
	for _, r := range raw {
		return unicode.IsUpper(r)
	}
	return false
}

// knownWord reports whether w, or a word of its family by the planner's
// stemming, is an English word the planner knows: a keyword, a function
// word, a word of its vocabulary lists, or one of the frequent words
// below. Such a word means itself, even when it lies one letter from a
// schema name.
func knownWord(w string) bool {
	return knownStems[stem(w)] || knownStems[w]
}

var knownStems = func() map[string]bool {
	m := map[string]bool{}
	add := func(w string) {
		for _, part := range strings.Fields(w) {
			m[part] = true
			m[stem(part)] = true
		}
	}
	for w := range frequentWords {
		add(w)
	}
	for _, set := range []map[string]bool{hardStops, softStops, relationVerbs, leadingVerbs, politeness, joinVerbs, moneyVerbs} {
		for w := range set {
			add(w)
		}
	}
	for w := range keywords {
		add(w)
	}
	for w, base := range irregularForms {
		add(w)
		add(base)
	}
	for w := range monthNumbers {
		add(w)
	}
	for w := range numerals {
		add(w)
	}
	for _, e := range equivalents {
		for _, w := range e.words {
			add(w)
		}
	}
	return m
}()

// frequentWords are common English words of minMisspelt letters or more,
// of any domain: a question word among them (or of their family: cities,
// stated, covering) is never read as a misspelling, since it most likely
// means what it says.
var frequentWords = setOf(
	"about", "above", "absence", "absent", "accept", "access", "accident", "according", "account", "achieve",
	"across", "action", "active", "activity", "actual", "actually", "added", "address", "admit", "adult",
	"advance", "advice", "affect", "afraid", "after", "afternoon", "again", "against", "agency", "agent",
	"agree", "ahead", "allow", "almost", "alone", "along", "already", "although", "always", "amount",
	"animal", "annual", "another", "answer", "anyone", "anything", "apart", "appear", "apply", "approach",
	"approve", "approximately", "area", "argue", "around", "arrive", "article", "artist", "aside", "asked",
	"assign", "assist", "assume", "attack", "attempt", "attend", "attention", "author", "available", "avoid",
	"award", "aware", "badly", "balance", "based", "basic", "basis", "beach", "became", "because",
	"become", "before", "begin", "behind", "being", "believe", "below", "beside", "besides", "better",
	"between", "beyond", "birth", "black", "blood", "board", "border", "bottom", "branch", "brand",
	"bread", "break", "brief", "bright", "bring", "broad", "brother", "brown", "budget", "build",
	"building", "business", "buyer", "cable", "called", "camera", "cannot", "capable", "capital", "capacity",
	"career", "carry", "cause", "center", "central", "century", "certain", "certainly", "chain", "chair",
	"chance", "change", "channel", "chapter", "charge", "cheap", "check", "chief", "child", "choice",
	"choose", "church", "circle", "citizen", "city", "civil", "claim", "class", "clean", "clear",
	"clearly", "client", "close", "closed", "coach", "coast", "collect", "college", "color", "combine",
	"comes", "coming", "common", "community", "company", "compare", "complete", "computer", "concern", "condition",
	"conference", "confirm", "connect", "consider", "contact", "contain", "content", "continue", "contract", "control",
	"corner", "correct", "could", "council", "count", "country", "county", "couple", "course", "court",
	"cover", "create", "credit", "crime", "cross", "current", "customer", "cycle", "daily", "damage",
	"dance", "danger", "daughter", "dealer", "death", "debate", "decade", "decide", "decision", "declare",
	"deep", "defense", "define", "degree", "deliver", "demand", "depend", "describe", "design", "detail",
	"develop", "device", "differ", "difference", "different", "difficult", "dinner", "direct", "direction", "director",
	"discover", "discuss", "disease", "display", "distance", "divide", "doctor", "dollar", "double", "doubt",
	"dozen", "drama", "dream", "dress", "drink", "drive", "driver", "during", "early", "earth",
	"easily", "eastern", "economy", "edition", "editor", "education", "effect", "effort", "eight", "either",
	"elder", "election", "element", "eleven", "elsewhere", "employ", "empty", "ended", "ending", "enemy",
	"energy", "engine", "enjoy", "enough", "ensure", "enter", "entire", "entry", "equal", "error",
	"escape", "especially", "establish", "estimate", "event", "every", "everybody", "everyone", "everything", "exact",
	"exactly", "example", "exceed", "except", "exist", "expect", "expense", "expensive", "experience", "expert",
	"explain", "express", "extra", "facility", "factor", "fail", "failure", "faith", "false", "familiar",
	"family", "famous", "father", "favorite", "fear", "feature", "federal", "feeling", "female", "fewer",
	"field", "fifteen", "fifth", "fifty", "fight", "figure", "filed", "filled", "final", "finally",
	"finance", "financial", "finish", "first", "fixed", "floor", "focus", "follow", "force", "foreign",
	"forest", "forget", "formal", "former", "forth", "forty", "forward", "found", "frame", "france",
	"freedom", "fresh", "friend", "front", "fruit", "full", "function", "funds", "future", "games",
	"garden", "gather", "general", "generally", "given", "glass", "global", "goal", "going", "goods",
	"government", "grade", "grand", "grant", "great", "green", "ground", "group", "growth", "guard",
	"guess", "guest", "guide", "happen", "happy", "hardly", "heavy", "height", "hello", "helps",
	"higher", "highly", "history", "holder", "holding", "holiday", "horse", "hospital", "hotel", "house",
	"however", "human", "hundred", "husband", "ideal", "identify", "image", "impact", "import", "important",
	"include", "income", "increase", "indeed", "index", "indicate", "industry", "inside", "instead", "interest",
	"internal", "international", "into", "issue", "items", "itself", "joined", "joint", "judge", "kinds",
	"kitchen", "known", "label", "labor", "large", "largely", "later", "latter", "laugh", "lawyer",
	"layer", "leader", "learn", "least", "leave", "legal", "lesson", "letter", "level", "light",
	"likely", "limit", "lines", "listed", "little", "lived", "living", "local", "located", "longer",
	"lower", "lucky", "lunch", "machine", "magazine", "mainly", "major", "maker", "manage", "manner",
	"market", "marriage", "master", "match", "matter", "maybe", "meaning", "measure", "media", "medical",
	"medium", "meeting", "member", "memory", "mention", "message", "metal", "method", "middle", "might",
	"military", "million", "minute", "mission", "model", "modern", "moment", "money", "month", "moral",
	"mother", "motion", "mountain", "mouth", "movie", "music", "myself", "narrow", "nation", "national",
	"native", "natural", "nature", "nearly", "necessary", "needed", "network", "never", "newly", "night",
	"nine", "nobody", "noise", "normal", "normally", "north", "northern", "nothing", "notice", "novel",
	"number", "object", "observe", "obtain", "obvious", "occur", "offer", "office", "officer", "official",
	"often", "online", "open", "opened", "option", "order", "ordinary", "organ", "origin", "original",
	"other", "others", "outside", "overall", "owner", "paint", "paper", "parent", "partner", "party",
	"passed", "patient", "pattern", "peace", "people", "perform", "period", "person", "personal", "phone",
	"photo", "phrase", "piece", "place", "plain", "planet", "plant", "plate", "player", "please",
	"point", "police", "policy", "popular", "position", "positive", "possible", "power", "practice", "prepare",
	"present", "presently", "press", "pressure", "pretty", "prevent", "previous", "price", "primarily", "primary",
	"prime", "print", "prior", "private", "probably", "problem", "process", "produce", "product", "profit",
	"program", "project", "proper", "property", "protect", "prove", "provide", "public", "purpose", "quality",
	"quarter", "question", "quick", "quickly", "quiet", "quite", "radio", "raise", "range", "rather",
	"reach", "reader", "ready", "really", "reason", "receive", "recent", "record", "reduce", "reflect",
	"region", "registry", "relate", "relation", "relationship", "release", "remain", "remember", "remove", "report", "request",
	"require", "research", "resource", "respond", "result", "return", "reveal", "right", "river", "round",
	"route", "rural", "sales", "scene", "school", "science", "score", "screen", "season", "second",
	"section", "sector", "security", "seems", "seller", "senior", "sense", "series", "serious", "serve",
	"service", "session", "settle", "seven", "several", "shake", "shall", "shape", "share", "sharp",
	"sheet", "shoot", "short", "shorter", "should", "shown", "showed", "sight", "signal", "similar",
	"simple", "simply", "since", "single", "sister", "sixty", "skill", "sleep", "small", "smile",
	"social", "society", "soldier", "someone", "something", "sometimes", "sound", "source", "south", "southern",
	"space", "speak", "special", "specific", "speed", "spend", "sport", "spring", "status", "staff", "stage",
	"stand", "standard", "start", "started", "starting", "state", "statement", "station", "stay", "staying",
	"still", "stock", "stone", "store", "story", "straight", "strange", "street", "strong", "student",
	"study", "stuff", "style", "subject", "success", "successful", "sudden", "suffer", "suggest", "summer",
	"support", "supported", "supporting", "suppose", "surface", "system", "table", "taken", "teach", "teacher",
	"teams", "terms", "thank", "theory", "there", "these", "thing", "think", "third", "those",
	"though", "thought", "thousand", "threat", "three", "through", "throw", "times", "title", "today",
	"together", "total", "touch", "toward", "towards", "trade", "traditional", "train", "travel", "treat",
	"trial", "trouble", "truth", "twelve", "twenty", "typical", "under", "understand", "union", "unique",
	"united", "until", "upper", "usage", "useful", "users", "usual", "usually", "valid", "value",
	"various", "video", "visit", "voice", "water", "weapon", "weather", "weight", "western", "whatever",
	"wheel", "where", "whether", "which", "while", "white", "whole", "whose", "window", "winter",
	"within", "without", "woman", "women", "wonder", "words", "worker", "world", "worry", "would",
	"write", "writer", "wrong", "young", "yourself", "youth",
)

// functionTypos are the slips of typing English function words that are
// no word themselves ("teh" for the): read as the word meant before
// linking, since a function word too short for misspelt would otherwise
// stop the question as a word that links to nothing. Only letter swaps
// that make no English word are listed, so none can mean itself.
var functionTypos = map[string]string{
	"teh": "the", "hte": "the", "adn": "and", "thier": "their", "whihc": "which",
	"wich": "which", "waht": "what", "taht": "that", "wiht": "with", "whcih": "which",
	"thta": "that", "wihch": "which", "whta": "what",
}

// fixFunctionTypos returns toks with each function-word slip read as the
// word meant. A slip written in capitals ("TEH") is left alone: it may be
// a code.
func fixFunctionTypos(toks []token) []token {
	for i, t := range toks {
		w, ok := functionTypos[t.text]
		if !ok || t.kind != tokWord || isAcronym(t.raw) {
			continue
		}
		fixed := wordToken(w)
		if startsUpper(t.raw) {
			fixed.raw = strings.ToUpper(w[:1]) + w[1:]
		}
		toks[i] = fixed
	}
	return toks
}
