package offline

import (
	"slices"
	"strings"
)

// Words of one family: a question says "founded", "created", "won" or
// "director" where the schema says founder, creation, wins or directed_by.
// Both sides are reduced to a common root by stripping English
// derivational endings (-ation, -ion, -ment, -er, -or, -ing, -ed, …) and
// mapping irregular forms ("born" → birth, "won" → win); a question word
// that links to nothing else links, weakly, to the names whose head word
// shares its root.

// irregularForms maps English words that no suffix rule relates to the
// word of their family that the rules reach: past forms of strong verbs,
// and nouns whose stem changes.
var irregularForms = map[string]string{
	"born": "birth", "died": "death", "dead": "death", "won": "win", "paid": "pay",
	"sung": "sing", "sang": "sing", "flown": "fly", "flew": "fly", "flied": "fly",
	"built": "build", "spent": "spend", "led": "lead", "began": "begin", "begun": "begin",
	"drove": "drive", "driven": "drive", "grew": "grow", "grown": "grow", "growth": "grow",
	"chose": "choose", "chosen": "choose", "choice": "choose", "gave": "give", "given": "give",
	"fought": "fight", "kept": "keep", "lost": "lose", "loss": "lose", "met": "meet", "ran": "run",
	"sent": "send", "spoke": "speak", "spoken": "speak", "speech": "speak", "stood": "stand",
	"rode": "ride", "ridden": "ride", "rose": "rise", "risen": "rise", "shot": "shoot",
	"swam": "swim", "swum": "swim", "threw": "throw", "thrown": "throw", "wore": "wear", "worn": "wear",
	"drew": "draw", "drawn": "draw", "fell": "fall", "fallen": "fall", "heard": "hear",
	"knew": "know", "known": "know", "knowledge": "know", "said": "say", "sought": "seek",
	"stole": "steal", "stolen": "steal", "struck": "strike", "told": "tell", "broke": "break",
	"broken": "break", "froze": "freeze", "frozen": "freeze", "hid": "hide", "hidden": "hide",
	"bit": "bite", "bitten": "bite", "flight": "fly", "arisen": "arise", "arose": "arise",
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

// derivSuffix is one ending stripped to reach a root.
type derivSuffix struct {
	end  string
	kind derivKind
}

// derivSuffixes are stripped, longest first, to reach a word's root.
var derivSuffixes = []derivSuffix{
	{"ations", derivAct}, {"ation", derivAct}, {"itions", derivAct}, {"ition", derivAct},
	{"ments", derivAct}, {"ment", derivAct}, {"ions", derivAct}, {"ion", derivAct},
	{"ances", derivAct}, {"ance", derivAct}, {"ences", derivAct}, {"ence", derivAct},
	{"abilities", derivAct}, {"ability", derivAct}, {"ables", derivParticiple}, {"able", derivParticiple},
	{"ures", derivAct}, {"ure", derivAct}, {"ages", derivAct}, {"age", derivAct}, {"als", derivAct}, {"al", derivAct},
	{"ings", derivParticiple}, {"ing", derivParticiple},
	{"eers", derivAgent}, {"eer", derivAgent}, {"ers", derivAgent}, {"er", derivAgent}, {"ors", derivAgent}, {"or", derivAgent},
	{"ees", derivAgent}, {"ee", derivAgent},
	{"ed", derivParticiple}, {"es", derivBare}, {"s", derivBare},
}

// minRoot is the fewest letters a root keeps, so that short words do not
// meet by accident ("ore" is no "order").
const minRoot = 3

// derivRoots reduces a lower-case word to the roots its family may share,
// and says what its outer ending made of it: creation, created and
// creating all reach "creat"; founder, foundation and founded "found";
// winner, wins and won "win". Endings are stripped up to three deep, each
// way one can be ("creation" is creat and cre), while the word keeps more
// than minRoot letters. Words that are not letters are
// their own root.
func derivRoots(w string) ([]string, derivKind) {
	kind := derivBare
	if r, ok := irregularForms[w]; ok {
		w = r
	}
	if !isLetters(w) {
		return []string{w}, kind
	}
	for _, suf := range derivSuffixes {
		if len(w)-len(suf.end) >= minRoot && strings.HasSuffix(w, suf.end) && suf.kind != derivBare {
			kind = suf.kind
			break
		}
		if len(w)-len(suf.end) >= minRoot && strings.HasSuffix(w, suf.end) && (suf.end == "s" || suf.end == "es") {
			// A plural: the kind is its singular's.
			_, kind = derivRoots(w[:len(w)-len(suf.end)])
			break
		}
	}
	roots := []string{normalRoot(w)}
	level := []string{w}
	for range 3 {
		var next []string
		for _, x := range level {
			if len(x) <= minRoot {
				continue
			}
			for _, suf := range derivSuffixes {
				base, ok := strings.CutSuffix(x, suf.end)
				if !ok || len(base) < minRoot {
					continue
				}
				base = undouble(base)
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

// normalRoot writes a root's last letter as stem does: a final e
// dropped, a final y as i.
func normalRoot(w string) string {
	if n := len(w); n > minRoot {
		switch w[n-1] {
		case 'e':
			return w[:n-1]
		case 'y':
			return w[:n-1] + "i"
		}
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
