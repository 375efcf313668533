package offline

import (
	"slices"
	"strings"
)

// A column named where a value was expected. A column in a relative
// clause with no value after it reads as a condition whose value is
// missing (roles.go refuses it); the readings here are the ones where the
// schema and the words around it settle what was meant:
//
//   - the value follows the column with nothing between, in a word that
//     would otherwise carry nothing ("documents with the status code
//     done") or in a bare number ("orders with quantity 1", not line_1);
//   - the value follows "<column> is" and the column's samples hold it,
//     though another table has a column of that name ("airlines whose
//     active status is Y", not airports.y);
//   - the column's own name holds the superlative ("the room with the
//     maximum occupancy" ranks rooms by maxOccupancy).

// listedSuffix reports whether the number token at i continues a list of
// column suffixes, "address line 1 and 2", where "2" stands for
// address_line_2; elsewhere a bare number is a value, not a column whose
// name merely ends in it.
func listedSuffix(toks []token, i int) bool {
	if i < 2 {
		return false
	}
	sep := toks[i-1].text
	return (sep == "and" || sep == "," || sep == "or") && toks[i-2].kind == tokNumber
}

// extremeWords open a column name that already holds an extreme: the
// maxOccupancy of a room, the highest_point of a state.
var extremeWords = map[string]bool{
	"max": true, "maximum": true, "highest": true, "largest": true, "biggest": true, "most": true,
	"min": false, "minimum": false, "lowest": false, "smallest": false, "least": false, "fewest": false,
}

// rankedByName reads a column whose own name begins with a superlative,
// named after "with the" and no value, as the key of a ranking: "the room
// with the maximum occupancy" is the room whose maxOccupancy is highest.
// Nothing else in the question may rank or aggregate, the column must be
// numeric and not a key, and the superlative must open the column's name
// (the schema says so), not just the question.
func (p *parser) rankedByName(i int) bool {
	f := p.f
	if f.rows || f.agg != "" || f.countRank || f.limit > 0 || len(f.sorts) > 0 || !p.allNumeric(i) {
		return false
	}
	w := lower(firstWord(p.ms[i].text))
	desc, ok := extremeWords[w]
	if !ok {
		return false
	}
	for _, r := range p.ms[i].cols {
		c := p.lx.col(r.table, r.col)
		if len(c.words) < 2 || c.words[0] != w && !(len(w) > 3 && strings.HasPrefix(w, c.words[0])) {
			return false
		}
	}
	j := i - 1
	if j < 1 || p.ms[j].kind != mStop || lower(p.ms[j].text) != "the" || p.ms[j-1].kind != mStop || !possessWords[lower(p.ms[j-1].text)] {
		return false
	}
	f.rows, f.desc, f.measure, f.limit = true, desc, i, 1
	return true
}

// stopValue reads a function word right after a column's name as that
// column's value when the column's samples hold it: "documents with the
// status code done", where "done" would otherwise carry nothing. Only the
// columns just named are kept, so the word never links anywhere else.
func (lx *lexicon) stopValue(toks []token, i int, before []mention) []valueRef {
	if len(before) == 0 || !(hardStops[toks[i].text] || softStops[toks[i].text] || relationVerbs[toks[i].text]) {
		return nil
	}
	prev := before[len(before)-1]
	if prev.kind != mName || prev.to != i || len(prev.cols) == 0 || len(prev.tables) > 0 {
		return nil
	}
	// The word as written: "done", not "Done" of another column.
	return slices.DeleteFunc(lx.valuesIn(toks[i].text, prev.cols), func(v valueRef) bool { return !strings.EqualFold(v.value, toks[i].raw) })
}

// valuesIn returns the sampled values the word w may be that belong to
// one of the columns cols (once per column reference that holds it).
func (lx *lexicon) valuesIn(w string, cols []nameRef) []valueRef {
	var out []valueRef
	for _, v := range lx.values[w] {
		for _, r := range cols {
			if r.table == v.table && r.col == v.col {
				out = append(out, v)
			}
		}
	}
	return out
}

// isWords state a column's value: "whose active status is Y".
var isWords = setOf("is", "are", "was", "were", "=", "equals")

// statedValues reads a one-word name right after "<column> is" as the
// column's value when that column's samples hold the word: in "airlines
// whose active status is Y", Y is airlines.active's value, not another
// table's y column. Only the column just named is kept.
func (lx *lexicon) statedValues(toks []token, ms []mention) []mention {
	for k := 2; k < len(ms); k++ {
		m, is, col := ms[k], ms[k-1], ms[k-2]
		if m.kind != mName || m.to != m.from+1 || is.kind != mStop || is.to != m.from || !isWords[toks[is.from].text] {
			continue
		}
		if col.kind != mName || col.to != is.from || len(col.tables) > 0 || len(col.cols) == 0 {
			continue
		}
		if out := lx.valuesIn(toks[m.from].text, col.cols); len(out) > 0 {
			ms[k] = mention{kind: mValue, vals: out, from: m.from, to: m.to, text: m.text, plural: m.plural}
		}
	}
	return ms
}
