package offline

import (
	"slices"
	"strings"
)

// Round eight: words that linked to nothing because the question shares or
// contracts what the schema spells out.

// shareHeads spells out a head noun shared by coordinated modifiers when
// the schema names each pair: "first, last name" is "first name, last
// name" and "first, middle, and last names" three names, where one table
// has a column for each modifier with the head ("customer_first_name",
// "customer_last_name"). A modifier that is a name by itself is left
// alone: "the name and age" shares nothing.
func (lx *lexicon) shareHeads(toks []token) []token {
	for i := 0; i < len(toks); i++ {
		mods, head := lx.coordinated(toks, i)
		if head < 0 {
			continue
		}
		out := slices.Clone(toks[:i])
		for k := i; k < head; k++ {
			out = append(out, toks[k])
			if k != mods[len(mods)-1] && slices.Contains(mods, k) {
				out = append(out, toks[head])
			}
		}
		// The rest may share another head ("first, last name and home,
		// work phone").
		return append(out, lx.shareHeads(toks[head:])...)
	}
	return toks
}

// coordinated reads modifiers joined by commas, "and" or "or" from i up
// to a head word: it returns the modifiers' indexes and the head's, or -1
// when the run is not such a coordination or the schema does not name
// every modifier with the head in one table.
func (lx *lexicon) coordinated(toks []token, i int) ([]int, int) {
	var mods []int
	k := i
	for k < len(toks) {
		if !lx.bareModifier(toks[k]) {
			return nil, -1
		}
		mods = append(mods, k)
		k++
		seps := 0
		for k < len(toks) && (toks[k].text == "," || toks[k].text == "and" || toks[k].text == "or") && seps < 2 {
			k++
			seps++
		}
		if seps == 0 {
			break
		}
	}
	// k is the head after the last modifier, which no separator followed.
	if len(mods) < 2 || k >= len(toks) || k != mods[len(mods)-1]+1 || toks[k].kind != tokWord || hardStops[toks[k].text] {
		return nil, -1
	}
	head := toks[k]
	var tables map[int]bool
	for _, m := range mods {
		key := toks[m].stem + " " + head.stem
		in := map[int]bool{}
		for _, r := range lx.names[key] {
			if r.col >= 0 && (tables == nil || tables[r.table]) {
				in[r.table] = true
			}
		}
		if len(in) == 0 {
			return nil, -1
		}
		tables = in
	}
	return mods, k
}

// bareModifier reports whether a word may modify a shared head: a plain
// word that names nothing alone and is no function word.
func (lx *lexicon) bareModifier(t token) bool {
	if t.kind != tokWord || hardStops[t.text] || t.text == "and" || t.text == "or" {
		return false
	}
	return len(lx.names[t.stem]) == 0
}

// numberAbbrevs are the ways a name writes "number" after a contracted
// word: flno, empnum.
var numberAbbrevs = []string{"no", "num", "nbr"}

// addContraction indexes a one-word column name contracted from a word of
// its table and "number" (flno in flight) as "<that word> number" ("the
// flight number"). The contraction keeps at least two letters of the
// table's word, so a single letter (eno) never claims a table's number.
func (lx *lexicon) addContraction(words, tableWords []string, t, c int) {
	if len(words) != 1 {
		return
	}
	w := words[0]
	for _, a := range numberAbbrevs {
		p, ok := strings.CutSuffix(w, a)
		if !ok || len(p) < 2 {
			continue
		}
		for _, tw := range tableWords {
			if len(tw) > len(p) && strings.HasPrefix(tw, p) {
				lx.addPhrase(stems([]string{tw, "number"}), nameRef{t, c, classExact})
				return
			}
		}
	}
}

// addInner remembers a column under each word inside its name but its
// last, for a question word that names nothing else: "type" is
// card_type_code, "state" state_province_county. Keys are left out, and
// function words, numbers and date words, which say little of a column.
func (lx *lexicon) addInner(words []string, t, c int, isID bool) {
	if isID || len(words) < 2 {
		return
	}
	for _, w := range words[:len(words)-1] {
		if len(w) < minAbbrev || hardStops[w] || softStops[w] || isNumber(w) || genericSuffixes[w] || idWords[w] {
			continue
		}
		st := stem(w)
		if lx.inner == nil {
			lx.inner = map[string][]nameRef{}
		}
		if !slices.ContainsFunc(lx.inner[st], func(r nameRef) bool { return r.table == t && r.col == c }) {
			lx.inner[st] = append(lx.inner[st], nameRef{t, c, classPrefix})
		}
	}
}

// positionWords say where in an order a row stands ("highest first",
// "the last one"); inside a name (first_name) they only qualify it, so
// alone they never name that column.
var positionWords = setOf("first", "second", "third", "last", "middle", "next", "previous", "latest", "earliest", "final")

// innerWord links the word at i, which starts no phrase, to the columns
// with it inside their names, as weakly as a name without its suffix. A
// plural ("rooms", "products") is left alone: it counts or lists the
// things themselves, not one attribute that qualifies them (room_number).
// So is a word before another name ("zip code"), a compound the schema
// does not spell, and one near a word naming the same column ("200 feet
// of height", "budget in millions"), which would show it twice. The
// question's table then picks among the columns, and two in that table
// refuse as any ambiguous column does.
func (lx *lexicon) innerWord(toks []token, i int) (mention, bool) {
	t := toks[i]
	if t.kind != tokWord || t.plural || hardStops[t.text] || softStops[t.text] || relationVerbs[t.text] || positionWords[t.text] {
		return mention{}, false
	}
	refs := lx.inner[t.stem]
	if len(refs) == 0 {
		return mention{}, false
	}
	if i+1 < len(toks) && toks[i+1].kind == tokWord && len(lx.names[toks[i+1].stem]) > 0 {
		return mention{}, false
	}
	for j := max(0, i-3); j < min(len(toks), i+4); j++ {
		if j == i || toks[j].kind != tokWord {
			continue
		}
		for _, r := range lx.names[toks[j].stem] {
			if slices.ContainsFunc(refs, func(x nameRef) bool { return x.table == r.table && x.col == r.col }) {
				return mention{}, false
			}
		}
	}
	return mention{kind: mName, cols: slices.Clone(refs)}, true
}
