package wordnet

import (
	"slices"
	"strings"
)

// detachments are WordNet's rules for the base form of an inflected word
// (the suffix and what replaces it), tried after the exception lists.
var detachments = [4][][2]string{
	Noun: {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	Verb: {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	Adj:  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// BaseForms returns the lemmas WordNet indexes for a word in one part of
// speech: the word itself, its irregular base forms from the exception
// list ("mice" → mouse), and the forms its detachment rules give
// ("films" → film, "directed" → direct). Only indexed lemmas are returned,
// the word itself first.
func (db *DB) BaseForms(word string, pos POS) ([]string, error) {
	bes, err := db.baseEntries(word, pos)
	if err != nil || len(bes) == 0 {
		return nil, err
	}
	out := make([]string, len(bes))
	for i, be := range bes {
		out[i] = be.base
	}
	return out, nil
}

// lemmaKeyPOS names a word's base forms in one part of speech.
type lemmaKeyPOS struct {
	word string
	pos  POS
}

// baseEntry is one base form of a word with what its index line says.
type baseEntry struct {
	base  string
	entry indexEntry
}

// baseEntries finds the base forms of a word as [DB.BaseForms] does, each
// with its index entry, so that a caller reading its senses or counts
// does not search for the line again. Results, none included, are cached:
// the planner asks [DB.Tagged] and [DB.Related] about the same words.
func (db *DB) baseEntries(word string, pos POS) ([]baseEntry, error) {
	key := lemmaKeyPOS{lemmaKey(word), pos}
	bes, ok := lockedGet(&db.mu, &db.lemmas, key)
	if ok {
		return bes, nil
	}
	w := key.word
	irregular, err := db.exc[pos].bases(w)
	if err != nil {
		return nil, err
	}
	cands := append([]string{w}, irregular...)
	for _, d := range detachments[pos] {
		if base, ok := strings.CutSuffix(w, d[0]); ok && base != "" {
			cands = append(cands, base+d[1])
		}
	}
	for i, c := range cands {
		if slices.Contains(cands[:i], c) {
			continue
		}
		line, ok, err := db.index[pos].find(c)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		e, err := parseIndexLine(line)
		if err != nil {
			return nil, err
		}
		bes = append(bes, baseEntry{c, e})
	}
	lockedPut(&db.mu, &db.lemmas, key, bes)
	return bes, nil
}

// Relation is how a related lemma was reached from a word.
type Relation uint8

const (
	// Synonym: a word of the same synset.
	Synonym Relation = iota
	// Derived: a derivationally related form ("+", "directed" →
	// director), an attribute ("=", "tall" → height) or a pertainym
	// ("\", "annual" → year).
	Derived
	// Hypernym: one step up ("@", "@i"): "poodle" → dog.
	Hypernym
	// Hyponym: one step down ("~", "~i"): "vehicle" → car.
	Hyponym
)

func (r Relation) String() string {
	switch r {
	case Synonym:
		return "synonym"
	case Derived:
		return "derived"
	case Hypernym:
		return "hypernym"
	}
	return "hyponym"
}

// relationOf maps a pointer symbol to the relation it gives, if any.
func relationOf(sym string) (Relation, bool) {
	switch sym {
	case "+", "=", `\`:
		return Derived, true
	case "@", "@i":
		return Hypernym, true
	case "~", "~i":
		return Hyponym, true
	}
	return 0, false
}

// relSet is a set of relations, a bit each.
type relSet uint8

type relatedKey struct {
	word string
	rels relSet
}

// Relative is one lemma related to a word.
type Relative struct {
	// Lemma is the related lemma as WordNet writes it (lower case, an
	// underscore between words).
	Lemma string
	Rel   Relation
	// POS is the part of speech of the word's sense it came from, and
	// Sense that sense's rank among the base form's senses in that part
	// of speech (0: the most frequent).
	POS   POS
	Sense int
	// Base is the base form of the word the sense belongs to.
	Base string
}

// Related returns the lemmas related to a word through each of its senses
// in every part of speech, in sense order: the words of each sense's
// synset, then those one pointer away, by the relations asked for (all
// when none are). A word WordNet does not know has none. Results are
// cached.
func (db *DB) Related(word string, rels ...Relation) ([]Relative, error) {
	var want relSet
	for _, r := range rels {
		want |= 1 << r
	}
	if want == 0 {
		want = ^relSet(0)
	}
	key := relatedKey{lemmaKey(word), want}
	rs, ok := lockedGet(&db.mu, &db.relateds, key)
	if ok {
		return rs, nil
	}
	var out []Relative
	seen := map[Relative]bool{}
	add := func(r Relative) {
		if r.Lemma != r.Base && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	for pos := range POS(len(posFile)) {
		bes, err := db.baseEntries(key.word, pos)
		if err != nil {
			return nil, err
		}
		for _, be := range bes {
			base := be.base
			for sense, off := range be.entry.offsets {
				s, err := db.Synset(pos, off)
				if err != nil {
					return nil, err
				}
				at := slices.Index(s.Words, base) + 1 // the base's word number
				for _, w := range s.Words {
					if want&(1<<Synonym) != 0 {
						add(Relative{Lemma: w, Rel: Synonym, POS: pos, Sense: sense, Base: base})
					}
				}
				for _, p := range s.Pointers {
					rel, ok := relationOf(p.Symbol)
					// A hyponym list can be long: a synset not asked for
					// is not read.
					if !ok || want&(1<<rel) == 0 || p.Source != 0 && p.Source != at {
						continue // a lexical pointer of another word of the synset
					}
					t, err := db.Synset(p.POS, p.Offset)
					if err != nil {
						return nil, err
					}
					if p.Target > 0 && p.Target <= len(t.Words) {
						add(Relative{Lemma: t.Words[p.Target-1], Rel: rel, POS: pos, Sense: sense, Base: base})
						continue
					}
					for _, w := range t.Words {
						add(Relative{Lemma: w, Rel: rel, POS: pos, Sense: sense, Base: base})
					}
				}
			}
		}
	}
	lockedPut(&db.mu, &db.relateds, key, out)
	return out, nil
}
