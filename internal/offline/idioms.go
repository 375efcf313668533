package offline

// Idioms of relation: English says "who is in charge of the most events"
// or "physicians responsible for more than one patient" where it could
// say "who manages". The idiom's words link to nothing ("charge" alone is
// no column), so the question was refused; read as the one relation verb
// they mean, the planner relates the two tables along their foreign key
// as it does for "manages", however that key is named
// (member_in_charge_id, pcp).

// relationIdioms are multi-word phrases that say "manage", with the verb
// they are read as. Only phrases whose every reading is a relation between
// the rows named around them belong here.
var relationIdioms = []struct {
	words []string
	verb  string
}{
	{[]string{"in", "charge", "of"}, "manage"},
	{[]string{"responsible", "for"}, "manage"},
}

// idioms rewrites the phrases of this file, height.go and verbs.go into the words
// the parser reads.
func (lx *lexicon) idioms(toks []token) []token {
	return lx.reachedBounds(heightComparisons(lx.relationIdioms(postSuperlatives(eachFront(toks))))) // postSuperlatives: besideagg2.go; eachFront: tablebeside.go
}

// relationIdioms rewrites each relation idiom as its verb, unless the
// schema claims one of the idiom's content words (a charge column, a
// responsible_for table) or the verb itself (a table called manage): then
// the words mean what the schema says, and linking decides as before.
func (lx *lexicon) relationIdioms(toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		verb, n := lx.idiomAt(toks, i)
		if n == 0 {
			if out != nil {
				out = append(out, toks[i])
			}
			continue
		}
		if out == nil {
			out = append(make([]token, 0, len(toks)), toks[:i]...)
		}
		if len(out) > 0 && idiomCopulas[out[len(out)-1].text] {
			// "the pilot who is in charge of the most flights" is the
			// pilot who manages them: the copula belonged to the idiom.
			out = out[:len(out)-1]
		}
		// The verb's own surface: later stages read relation verbs from
		// what the mention says.
		out = append(out, wordToken(verb))
		i += n - 1
	}
	if out == nil {
		return toks
	}
	return out
}

// idiomCopulas are the forms of "be" an idiom may follow ("who is in charge
// of").
var idiomCopulas = setOf("is", "are", "was", "were", "be", "been")

// idiomAt returns the verb of the relation idiom starting at i and its
// length in tokens, or 0 when none starts there or the schema names one of
// its words.
func (lx *lexicon) idiomAt(toks []token, i int) (string, int) {
	for _, id := range relationIdioms {
		if i+len(id.words) > len(toks) {
			continue
		}
		match := true
		for k, w := range id.words {
			if toks[i+k].kind != tokWord || toks[i+k].text != w {
				match = false
				break
			}
		}
		if !match || !lx.unclaimedWords(id.words) || !lx.unclaimedWords([]string{id.verb}) {
			continue
		}
		return id.verb, len(id.words)
	}
	return "", 0
}

// unclaimedWords reports whether none of the content words, alone, links to a
// table, a column, a value or a keyword: each is unknown or a stop word.
// Function words ("in", "of") are skipped, being keywords of their own.
func (lx *lexicon) unclaimedWords(words []string) bool {
	for _, w := range words {
		if hardStops[w] {
			continue
		}
		for _, m := range lx.link([]token{wordToken(w)}) {
			if m.kind != mStop && m.kind != mUnknown {
				return false
			}
		}
	}
	return true
}
