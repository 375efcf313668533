package offline

import (
	"maps"
	"strings"
	"sync"

	"querent/internal/wordnet"
)

// Round thirty: a verb that picks one of two keys through WordNet. When
// two keys join the same two tables, keyverbs.go picks the one whose name
// shares the verb's family ("started": start_station_id). A question's
// verb often shares no word with the key's name: routes "start" at their
// src_apid and "end" at their dst_apid, a match is "lost" by its loser.
// WordNet relates them: the verb's synonyms and derived forms, in its
// most frequent senses, meet those of the key's word (start ~ beginning ~
// source; end ~ finish ~ destination; lose → loser). The key is chosen
// when the verb meets exactly one key's words, and the question is
// refused, as before, when it meets both or neither.
//
// A key word the lexicon knows as an abbreviation (src, dst: the general
// word groups of vocab_general.go) is read as the word it abbreviates,
// since WordNet knows only the word.
//
// Three shapes of the verb keyverbs.go did not read join it, for the
// family choice and this one alike: a base form right after its plural
// subject and before a preposition ("how many routes start at …",
// verbAfterSubject), a pointing word after the preposition ("start at
// that airport", pointingWords), and a passive's "by" ("the number of
// documents authorised by that employee", keyVerbPreps).
//
// Left refused: "routes that start in China" (China is a value of the
// airlines' country too, so what follows the verb names no one table),
// "the airport that the most routes end at" (nothing follows the verb),
// "flights arriving in …" (arrive's relatives, arrival and arriver, share
// no word with a destination key's).
//
// Measured on the Spider training questions (a–r): +4 correct, no new
// wrong answer; on their paraphrases +4, none wrong.
//
// Only the first two senses of each word, as a noun or a verb, are
// followed: WordNet orders senses by use, and a rare sense reaches far
// ("start" → "depart" in its third verb sense, shared with a departure
// key as much as a source one). Words too general to say anything
// (genericLemmas, operationWords: "get", "first") are not compared.

// keyRelSenses is how many senses of each part of speech are followed.
const keyRelSenses = 2

// keyRelatives returns the lemmas WordNet relates to w (w's base forms
// themselves among them): its synonyms and derived forms in its
// keyRelSenses most frequent noun and verb senses, without the words too
// general to compare.
func (lx *lexicon) keyRelatives(w string) map[string]bool {
	out := map[string]bool{}
	if lx.wn == nil {
		return out
	}
	rs, err := lx.wn.Related(w, wordnet.Synonym, wordnet.Derived)
	if err != nil {
		return out
	}
	for _, r := range rs {
		if r.Sense >= keyRelSenses || r.POS != wordnet.Noun && r.POS != wordnet.Verb {
			continue
		}
		for _, l := range []string{r.Base, r.Lemma} {
			if genericLemmas[l] || operationWords[l] || len(l) < minRoot {
				continue
			}
			out[l] = true
		}
	}
	return out
}

// keyRelMemo holds the WordNet relatives compared in one reading of a
// question: a verb's are compared with every pair of keys between two
// tables, and a key word's with every verb, so each word's are gathered
// once.
type keyRelMemo struct {
	lx              *lexicon
	words, keyWords map[string]map[string]bool
}

// word returns lx.keyRelatives(w); the set is shared and not to be
// written to.
func (m *keyRelMemo) word(w string) map[string]bool {
	if rel, ok := m.words[w]; ok {
		return rel
	}
	if m.words == nil {
		m.words = map[string]map[string]bool{}
	}
	rel := m.lx.keyRelatives(w)
	m.words[w] = rel
	return rel
}

// keyWord returns the lemmas related to a key's column word: those of the
// word itself or, for an abbreviation the general word groups spell out,
// of the full words too. The set is shared and not to be written to.
func (m *keyRelMemo) keyWord(w string) map[string]bool {
	if rel, ok := m.keyWords[w]; ok {
		return rel
	}
	rel := m.word(w)
	if fulls := spelledOut()[w]; len(fulls) > 0 {
		rel = maps.Clone(rel)
		for _, full := range fulls {
			maps.Copy(rel, m.word(full))
		}
	}
	if m.keyWords == nil {
		m.keyWords = map[string]map[string]bool{}
	}
	m.keyWords[w] = rel
	return rel
}

// spelledOut maps each one-word abbreviation of the general word groups
// that may appear in a schema name (a two-way group) to the one-word
// members it stands beside: "src" → source, "dst" → destination, dest.
var spelledOut = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, g := range generalWords {
		if g.oneWay {
			continue
		}
		for _, a := range g.words {
			if strings.Contains(a, " ") || strings.ContainsAny(a, "aeiou") {
				continue // a word, not a contraction
			}
			for _, full := range g.words {
				if full != a && !strings.Contains(full, " ") && strings.ContainsAny(full, "aeiou") {
					m[a] = append(m[a], full)
				}
			}
		}
	}
	return m
})

// edgeOfRelatives reports whether a word of the key e's columns, other
// than its id words, has a WordNet relative among verbRel (see above).
func (lx *lexicon) edgeOfRelatives(c *tableInfo, e fkEdge, verbRel map[string]bool, memo *keyRelMemo) bool {
	for _, name := range e.from {
		for _, col := range c.cols {
			if col == nil || !strings.EqualFold(col.name, name) {
				continue
			}
			for _, w := range col.words {
				if len(w) < minAbbrev || idWords[w] || hardStops[w] || isKeyword(w) {
					continue
				}
				for l := range memo.keyWord(w) {
					if verbRel[l] {
						return true
					}
				}
			}
		}
	}
	return false
}

// relativeKeyEdge picks, among edges from c to one parent, the one key a
// verb's WordNet relatives meet (see above): hit is its index, and n how
// many keys they meet (1 when hit is one). memo holds the relatives
// gathered so far in the question's reading.
func (lx *lexicon) relativeKeyEdge(c *tableInfo, edges []fkEdge, verb string, memo *keyRelMemo) (hit, n int) {
	if lx.wn == nil {
		return -1, 0
	}
	verbRel := memo.word(verb)
	if len(verbRel) == 0 {
		return -1, 0
	}
	hit = -1
	for ei, e := range edges {
		if lx.edgeOfRelatives(c, e, verbRel, memo) {
			hit, n = ei, n+1
		}
	}
	return hit, n
}

// keyVerbRelative reports whether a verb of the question picks one key
// between two tables through its WordNet relatives, and not through its
// own word family: the question is then worth planning again with the
// thesaurus (wordnet.go's linksUnknown), whose keyverbs.go choice reads
// it. A key the family picks was chosen without WordNet, so a question
// refused all the same was refused for another reason, and is not read
// again. lx is the thesaurus planner's lexicon.
func (lx *lexicon) keyVerbRelative(toks []token, ms []mention) bool {
	if !lx.severalKeys() {
		return false
	}
	if _, _, ok := lx.keyVerbChoice(toks, ms); !ok {
		return false
	}
	plain := *lx
	plain.wn = nil
	_, _, byFamily := plain.keyVerbChoice(toks, ms)
	return !byFamily
}

// picksKeyByRelative reports whether a verb of the question (linked by
// p, the thesaurus planner) picks one of two keys only through its
// WordNet relatives: a question refused for the two keys is then worth
// planning again with the thesaurus.
func (p *Planner) picksKeyByRelative(lq linkedQuestion) bool {
	return p.chooseKeys && p.lx.keyVerbRelative(lq.toks, lq.raw)
}

// subjectVerbPreps are the prepositions after which a base form that
// follows its plural subject is read as a verb: "routes start at",
// "routes end in".
var subjectVerbPreps = setOf("from", "at", "in", "on", "to", "into")

// verbAfterSubject reports whether the word at i is a verb's base form
// right after its plural subject, a table the question names, and before
// a preposition: "how many routes start at that airport", "routes end in
// a Canadian airport". A noun there would need an article or a
// possessive before it ("the routes' start").
func (lx *lexicon) verbAfterSubject(toks []token, ms []mention, i int) bool {
	if i == 0 || i+1 >= len(toks) || toks[i].kind != tokWord || toks[i+1].kind != tokWord || !subjectVerbPreps[toks[i+1].text] {
		return false
	}
	if len(toks[i].text) < minRoot || hardStops[toks[i].text] || isKeyword(toks[i].text) || strings.HasSuffix(toks[i].text, "s") {
		return false
	}
	prev := toks[i-1]
	if prev.kind != tokWord || !strings.HasSuffix(prev.text, "s") {
		return false
	}
	for _, m := range ms {
		if m.to == i && m.from <= i-1 {
			return m.kind == mName && len(m.tables) > 0 && len(m.cols) == 0
		}
	}
	return false
}

// pointingWords point back at a row named before, after a key verb's
// preposition: "how many routes start at that airport" names the airport
// as "at the airport" does.
var pointingWords = setOf("that", "this", "those", "these")
