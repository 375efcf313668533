package offline

import "slices"

// Round thirteen b: names the linker could not reach. A synonym was tried
// only on the phrases a name is indexed under whole (its full name, head
// and tails), so a word inside a name ("company" of company_name,
// "manager" of manager_name) was reached by its own spelling alone, and
// a phrase needing two synonyms at once ("begin days" for start_date)
// not at all.

// innerSynonyms returns the one-word synonyms a question may use for a
// word (a stem) of a schema name: every other single word of a two-way
// group holding it, and the members of a one-way group it leads. Function
// words and keywords are left out, as [lexicon.addVariants] leaves them.
func innerSynonyms(st string) []string {
	var out []string
	for _, i := range equivsByWord[st] {
		eq := &equivs[i]
		if !eq.synonyms || !slices.ContainsFunc(eq.sources(), func(src []string) bool { return len(src) == 1 && src[0] == st }) {
			continue
		}
		for _, m := range append([][]string{eq.canonical}, eq.members...) {
			if len(m) != 1 || m[0] == st || hardStops[m[0]] || isKeyword(m[0]) || slices.Contains(out, m[0]) {
				continue
			}
			out = append(out, m[0])
		}
	}
	return out
}

// addInnerSynonyms remembers a column under the synonyms of each word
// inside its name but its last, as [lexicon.addInner] remembers it under
// the words themselves: "supervisor" for manager_name, "firm" for
// company_name. They wait in innerSyn until every name is indexed (see
// [lexicon.mergeInnerSynonyms]).
func (lx *lexicon) addInnerSynonyms(words []string, t, c int, isID bool) {
	if isID || len(words) < 2 {
		return
	}
	for _, w := range words[:len(words)-1] {
		if len(w) < minAbbrev || hardStops[w] || softStops[w] || isNumber(w) || genericSuffixes[w] || idWords[w] {
			continue
		}
		for _, syn := range innerSynonyms(stem(w)) {
			if lx.innerSyn == nil {
				lx.innerSyn = map[string][]nameRef{}
			}
			if !slices.ContainsFunc(lx.innerSyn[syn], func(r nameRef) bool { return r.table == t && r.col == c }) {
				lx.innerSyn[syn] = append(lx.innerSyn[syn], nameRef{t, c, classSynonym})
			}
		}
	}
}

// mergeInnerSynonyms adds the synonyms of inner words to the inner words
// a question word may link to, but only where no name holds the word
// itself: a partial match through a synonym is weaker than one of the
// word as spelled, so it never joins or displaces it.
func (lx *lexicon) mergeInnerSynonyms() {
	for syn, refs := range lx.innerSyn {
		if len(lx.inner[syn]) > 0 {
			continue
		}
		if lx.inner == nil {
			lx.inner = map[string][]nameRef{}
		}
		lx.inner[syn] = refs
	}
	lx.innerSyn = nil
}

// addPairVariants indexes a two-word phrase with both its words replaced
// by a synonym at once, which [lexicon.addVariants], one substitution at a
// time, never does: "begin day" for start_date, "hypersensitivity
// category" for allergy_type. Each word still comes from the name, so the
// pair names the column no better than a synonym: it ranks as one, and
// below a synonym of the whole name when it names only part of it.
func (lx *lexicon) addPairVariants(st []string, ref nameRef) {
	if len(st) != 2 || hardStops[st[0]] || hardStops[st[1]] {
		return
	}
	firsts, seconds := innerSynonyms(st[0]), innerSynonyms(st[1])
	if len(firsts) == 0 || len(seconds) == 0 {
		return
	}
	r := ref
	r.class = classSynonym
	for _, a := range firsts {
		for _, b := range seconds {
			v := []string{a, b}
			if lx.addPhrase(v, r) && ref.class != classExact {
				lx.markPartial(v, r)
			}
		}
	}
}
