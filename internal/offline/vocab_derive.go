package offline

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Words of one family: a question says "founded", "created", "won" or
// "director" where the schema says founder, creation, wins or directed_by.
// Both sides are reduced to a common root by stripping English
// derivational endings (-ation, -ion, -ment, -er, -or, -ing, -ed, …) and
// mapping irregular forms ("born" → birth, "won" → win); a question word
// that links to nothing else links, weakly, to the names whose head word
// shares its root.

// irregularForms maps English words that no suffix rule relates to the
// word of their family that the rules reach, beyond the past forms of
// irregular verbs (irregularVerbs, morph.go): nouns whose stem changes,
// and Latin verbs whose participle and noun differ from the verb.
var irregularForms = map[string]string{
	"born": "birth", "died": "death", "dead": "death",
	"growth": "grow", "choice": "choose", "loss": "lose", "speech": "speak",
	"knowledge": "know", "flight": "fly",
	// A complaint is what one complains of.
	"complaint": "complain", "complaints": "complain",
	"publication": "publish", "publications": "publish",
	"described": "describe", "describes": "describe", "description": "describe",
	"prescribed": "prescribe", "prescription": "prescribe", "subscribed": "subscribe",
	"subscription": "subscribe", "inscribed": "inscribe", "inscription": "inscribe",
	"received": "receive", "receipt": "receive", "reception": "receive",
	"applied": "apply", "application": "apply", "applicant": "apply",
	"decided": "decide", "decision": "decide", "divided": "divide", "division": "divide",
	"revised": "revise", "revision": "revise", "provided": "provide", "provision": "provide",
	"produced": "produce", "production": "produce", "introduced": "introduce", "introduction": "introduce",
	"reduced": "reduce", "reduction": "reduce",
	// How long a thing lasted is its duration.
	"lasted": "duration", "lasts": "duration", "lasting": "duration",
}

// derivKind is what a derivational ending makes of a root: the word
// itself or its plural (found, wins), a participle (founded, creating),
// the one who does it (founder, employee), or the act or its record
// (foundation, employment).
type derivKind uint8

const (
	derivBare derivKind = iota
	derivParticiple
	derivAgent
	derivAct
)

// names reports whether a question word of kind k may name a schema word
// of kind o. A participle or bare verb in the question names any of its
// family ("they climb" the climber table, "founded" a founder). An agent
// names only an agent or a participle (a "director" is directed_by), never
// the thing or act ("reporters" are no report, "employees" no
// employment); an act names anything but an agent.
func (k derivKind) names(o derivKind) bool {
	switch k {
	case derivAgent:
		return o == derivAgent || o == derivParticiple
	case derivAct:
		return o != derivAgent
	}
	return true
}

// derivSuffix is one ending stripped to reach a root. min, when set,
// is the fewest letters the root must keep for this ending, above
// minRoot: "-ent" makes no root of "recent", nor "-ic" of "topic".
type derivSuffix struct {
	end  string
	kind derivKind
	min  int
}

// strip cuts the ending off w and reports whether it could: the root
// must keep its letters. A doubled consonant left behind is undoubled
// ("conferr").
func (s derivSuffix) strip(w string) (string, bool) {
	base, ok := strings.CutSuffix(w, s.end)
	if !ok || len(base) < max(minRoot, s.min) {
		return "", false
	}
	return undouble(base), true
}

// derivSuffixes are stripped, longest first, to reach a word's root:
// the endings of acts and states (-ation, -ment, -ity, -ship), of
// adjectives (-ic, -ous, -ive, -able), of agents (-er, -or, -ator, -ant,
// -ent, -ist, -ian, -ee), and of verb forms (-ify, -ing, -ed).
var derivSuffixes = []derivSuffix{
	{"ifications", derivAct, 4}, {"ification", derivAct, 4}, {"ificates", derivAct, 4}, {"ificate", derivAct, 4},
	{"ations", derivAct, 0}, {"ation", derivAct, 0}, {"itions", derivAct, 0}, {"ition", derivAct, 0},
	{"ments", derivAct, 0}, {"ment", derivAct, 0}, {"ions", derivAct, 0}, {"ion", derivAct, 0},
	{"ances", derivAct, 0}, {"ance", derivAct, 0}, {"ences", derivAct, 0}, {"ence", derivAct, 0},
	{"abilities", derivAct, 0}, {"ability", derivAct, 0}, {"ibilities", derivAct, 0}, {"ibility", derivAct, 0},
	{"ables", derivParticiple, 0}, {"able", derivParticiple, 0}, {"ibles", derivParticiple, 0}, {"ible", derivParticiple, 0},
	{"ships", derivAct, 0}, {"ship", derivAct, 0}, {"nesses", derivAct, 0}, {"ness", derivAct, 0},
	{"hoods", derivAct, 0}, {"hood", derivAct, 0}, {"isms", derivAct, 0}, {"ism", derivAct, 0},
	{"ities", derivAct, 0}, {"ity", derivAct, 0}, {"ous", derivAct, 0}, {"ives", derivAct, 4}, {"ive", derivAct, 4},
	{"ures", derivAct, 0}, {"ure", derivAct, 0}, {"ages", derivAct, 0}, {"age", derivAct, 0},
	{"icals", derivAct, 4}, {"ical", derivAct, 4}, {"ics", derivAct, 4}, {"ic", derivAct, 4}, {"als", derivAct, 0}, {"al", derivAct, 0},
	{"ified", derivParticiple, 4}, {"ifying", derivParticiple, 4}, {"ifies", derivBare, 4}, {"ify", derivBare, 4},
	{"ings", derivParticiple, 0}, {"ing", derivParticiple, 0},
	{"ators", derivAgent, 0}, {"ator", derivAgent, 0}, {"ants", derivAgent, 4}, {"ant", derivAgent, 4},
	{"ents", derivAgent, 4}, {"ent", derivAgent, 4}, {"ists", derivAgent, 4}, {"ist", derivAgent, 4},
	{"ians", derivAgent, 4}, {"ian", derivAgent, 4},
	{"eers", derivAgent, 0}, {"eer", derivAgent, 0}, {"ers", derivAgent, 0}, {"er", derivAgent, 0}, {"ors", derivAgent, 0}, {"or", derivAgent, 0},
	{"ees", derivAgent, 0}, {"ee", derivAgent, 0},
	{"ed", derivParticiple, 0}, {"es", derivBare, 0}, {"s", derivBare, 0},
}

// minRoot is the fewest letters a root keeps, so that short words do not
// meet by accident ("ore" is no "order").
const minRoot = 3

// derivRoots reduces a lower-case word to the roots its family may share,
// and says what its outer ending made of it: creation, created and
// creating all reach "creat"; founder, foundation and founded "found";
// winner, wins and won "win"; participant, participator and
// participation "particip"; certified and certificate "cert". A word no
// ending relates to its family is first rewritten to the one the endings
// reach (baseForm: "sang" → sing, "destruction" → destroy), and an
// ending English spells two ways is read one way (commonSpelling:
// "colour" → color, "organized" → organised). Endings are
// stripped up to three deep, each way one can be ("creation" is creat and
// cre), while the word keeps more than minRoot letters. Words that are
// not letters are their own root.
func derivRoots(w string) ([]string, derivKind) {
	if d, ok := derivCache.m.Load(w); ok {
		d := d.(derivation)
		return d.roots, d.kind
	}
	roots, kind := deriveRoots(w)
	// Clipped, so that a caller appending to the roots copies them.
	roots = slices.Clip(roots)
	if derivCache.n.Load() < maxDerivCache {
		if _, loaded := derivCache.m.LoadOrStore(w, derivation{roots, kind}); !loaded {
			derivCache.n.Add(1)
		}
	}
	return roots, kind
}

// derivation is what derivRoots makes of one word.
type derivation struct {
	roots []string
	kind  derivKind
}

// derivCache remembers derivRoots' answers, which are the same for a word
// every time: linking derives each word of a question, and the readings
// tried after a refusal derive them again. It holds at most
// maxDerivCache words, the first met, so that a long-running server's
// questions cannot grow it without bound; words past that are derived
// each time. The roots it hands out are shared and only read.
var derivCache struct {
	m sync.Map // string → derivation
	n atomic.Int64
}

// maxDerivCache bounds derivCache: some twenty times the distinct words
// of the Spider training questions (about three thousand), so that one
// deployment's vocabulary fits and a flood of novel words costs at most a
// few megabytes.
const maxDerivCache = 1 << 16

// deriveRoots computes derivRoots.
func deriveRoots(w string) ([]string, derivKind) {
	kind := derivBare
	if !isLetters(w) {
		return []string{w}, kind
	}
	w = commonSpelling(w)
	if b, act, ok := baseForm(w); ok {
		w = b
		if act {
			kind = derivAct
		}
	} else {
		kind = derivKindOf(w)
	}
	roots := []string{normalRoot(w)}
	level := []string{w}
	if s, ok := singular(w); ok && len(s) > minRoot {
		// "injuries" is stripped as injury.
		level = append(level, s)
	}
	for range 3 {
		var next []string
		for _, x := range level {
			if len(x) <= minRoot {
				continue
			}
			for _, suf := range derivSuffixes {
				base, ok := suf.strip(x)
				if !ok {
					continue
				}
				if !slices.Contains(next, base) {
					next = append(next, base)
				}
				if r := normalRoot(base); !slices.Contains(roots, r) {
					roots = append(roots, r)
				}
			}
		}
		level = next
	}
	return roots, kind
}

// derivKindOf is what the outer ending of w makes of its root; a plural
// is of its singular's kind.
func derivKindOf(w string) derivKind {
	for _, suf := range derivSuffixes {
		if _, ok := suf.strip(w); !ok {
			continue
		}
		if suf.end == "s" || suf.end == "es" {
			return derivKindOf(strings.TrimSuffix(w, suf.end))
		}
		return suf.kind
	}
	return derivBare
}

// normalRoot writes a root's end as stem does, a final e dropped and a
// final y as i, and undoubles a final consonant English doubles in
// spelling only ("enroll" and "enrol" are one root).
func normalRoot(w string) string {
	if n := len(w); n > minRoot {
		switch w[n-1] {
		case 'e':
			w = w[:n-1]
		case 'y':
			w = w[:n-1] + "i"
		}
	}
	if n := len(w); n > minRoot && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

// derivRef is a name reached through the root of its head word.
type derivRef struct {
	ref  nameRef
	kind derivKind
}

// addDerived indexes a table or column under the root of its head word:
// its last word, or the word before a generic last word (creation_date is
// "created"). A one-word name is its own head. Keys are left out, as in
// every partial link; their words only index verbs that name a key
// (addKeyVerb).
func (lx *lexicon) addDerived(words []string, t, c int, isID bool) {
	if isID {
		lx.addKeyVerb(words)
		return
	}
	if len(words) == 0 {
		return
	}
	heads := []string{words[len(words)-1]}
	if len(words) >= 2 && (genericSuffixes[heads[0]] || prefixSuffixes[heads[0]]) {
		heads = append(heads, words[len(words)-2])
	}
	for k, w := range words {
		// directed_by, member_of: the words before a function word.
		if k > 0 && (hardStops[w] || isKeyword(w)) {
			heads = append(heads, words[k-1])
			break
		}
	}
	for _, w := range heads {
		if len(w) < minRoot || hardStops[w] || isKeyword(w) || genericSuffixes[w] || idWords[w] || isNumber(w) {
			continue
		}
		roots, kind := derivRoots(w)
		if lx.derived == nil {
			lx.derived = map[string][]derivRef{}
		}
		for _, root := range roots {
			if !slices.ContainsFunc(lx.derived[root], func(r derivRef) bool { return r.ref.table == t && r.ref.col == c }) {
				lx.derived[root] = append(lx.derived[root], derivRef{nameRef{t, c, classSynonym}, kind})
			}
		}
	}
}

// derivedWord links the word at i, which starts no phrase, to the names
// whose head word is of its family: "founded" is a founder column,
// "created" creation, "won" wins. Function words, verbs that only relate
// two tables, and the words that order or rank keep their meaning. A
// family holding both a table and a column is left unlinked.
func (lx *lexicon) derivedWord(toks []token, i int) (mention, bool) {
	t := toks[i]
	if t.kind != tokWord || len(t.text) < minRoot || hardStops[t.text] || softStops[t.text] || relationVerbs[t.text] || positionWords[t.text] {
		return mention{}, false
	}
	roots, kind := derivRoots(t.text)
	m := mention{kind: mName}
	for _, root := range roots {
		for _, d := range lx.derived[root] {
			switch {
			case !kind.names(d.kind):
			case slices.ContainsFunc(append(m.tables, m.cols...), func(r nameRef) bool { return r.table == d.ref.table && r.col == d.ref.col }):
			case d.ref.col < 0:
				m.tables = append(m.tables, d.ref)
			default:
				m.cols = append(m.cols, d.ref)
			}
		}
	}
	if len(m.tables)+len(m.cols) == 0 && (joinVerbs[t.text] || lx.keyVerb(t.text, roots, kind)) {
		// No name of its family: the verb only relates rows or dates
		// them (see verbs.go), and is read as a stop word.
		return mention{kind: mStop}, true
	}
	if t.plural && len(m.tables) > 0 && !slices.ContainsFunc(m.cols, func(c nameRef) bool {
		return !slices.ContainsFunc(m.tables, func(t nameRef) bool { return t.table == c.table })
	}) {
		// A plural beside only the tables' own columns ("enrollments"
		// of a course_enrolment table with a date_of_enrolment) counts
		// or lists the rows themselves, not one attribute of them.
		m.cols = nil
	}
	if len(m.tables) > 0 && len(m.cols) > 0 || len(m.tables)+len(m.cols) == 0 {
		// A table and a column of one family ("attendance" of a
		// performance beside a member_attendance table): either reading
		// may be meant.
		return mention{}, false
	}
	return m, true
}

// qualifiedFamily joins a word linked through its family (m) to the name
// just before it when the two name some of m's columns whole: "colour
// describing content" is color_description, not every description, and
// "file describing content" the description of the table a file names
// where other tables have descriptions too. It reports false when the
// name before says nothing of m's columns.
func (lx *lexicon) qualifiedFamily(toks []token, prev, m mention) (mention, bool) {
	if prev.kind != mName || !columnsOnly(m) {
		return mention{}, false
	}
	words := make([]string, 0, prev.to-prev.from)
	for _, t := range toks[prev.from:prev.to] {
		words = append(words, t.stem)
	}
	var named, owned []nameRef
	for _, r := range m.cols {
		if c := lx.col(r.table, r.col); len(c.words) == len(words)+1 && slices.Equal(stems(c.words[:len(words)]), words) {
			named = append(named, r)
		}
		if slices.ContainsFunc(prev.tables, func(t nameRef) bool { return t.table == r.table }) {
			owned = append(owned, r)
		}
	}
	cols := named
	if len(cols) == 0 {
		// The table's own only where the family spans several tables:
		// "entrepreneurs invested" is no description of entrepreneurs'.
		if len(owned) == 0 || len(owned) == len(m.cols) {
			return mention{}, false
		}
		cols = owned
	}
	return mention{from: prev.from, kind: mName, cols: cols, lead: prev.lead}, true
}
