package offline

import "strings"

// A person's full name is seldom stored whole: tables keep it as a first
// and a last name. "papers written by 'Jeremy Gibbons'" and "the
// activities Mark Giuliano is involved in" name one row by two values of
// two name columns of one table. splitFullNames reads them so before the
// parser sees the mentions:
//
//   - a quoted phrase of two words that no column holds whole becomes two
//     values, when exactly one table has one name column holding the first
//     word and another holding the second (fname 'Jeremy', lname
//     'Gibbons');
//   - two values written side by side keep only the columns of the one
//     table where they are a first and a last name, when one of them alone
//     was ambiguous ("Mark" is a student's first name too; "Mark Giuliano"
//     only a faculty member's).
//
// The columns must be text columns named as parts of a person's name
// (fname, last_name, forename), and their samples complete, so that "no
// other table holds the pair" is known rather than guessed. Anything else
// is left alone.
func (lx *lexicon) splitFullNames(ms []mention) []mention {
	var out []mention // nil until a name is split: most questions have none
	for i := 0; i < len(ms); i++ {
		m, at := ms[i], i
		var parts []mention
		switch {
		case m.kind == mQuoted && len(m.vals) == 0:
			if first, last, ok := lx.quotedFullName(m); ok {
				parts = []mention{first, last}
			}
		case m.kind == mValue && i+1 < len(ms) && ms[i+1].kind == mValue && ms[i+1].from == m.to:
			if a, b, ok := lx.adjacentFullName(m, ms[i+1]); ok {
				parts = []mention{a, b}
				i++
			}
		}
		if parts != nil && out == nil {
			out = append(make([]mention, 0, len(ms)+1), ms[:at]...)
		}
		switch {
		case parts != nil:
			out = append(out, parts...)
		case out != nil:
			out = append(out, m)
		}
	}
	if out == nil {
		return ms
	}
	return out
}

// namePair is a first and a last name column of one table, with the
// refs of the values found in them.
type namePair struct {
	first, last valueRef
}

// fullNamePairs returns every (first, last) pair of complete name columns
// of one table, a holding the first word and b the second.
func (lx *lexicon) fullNamePairs(a, b []valueRef) []namePair {
	var out []namePair
	for _, x := range a {
		if !x.complete || !lx.personNameCol(x) {
			continue
		}
		for _, y := range b {
			if y.table == x.table && y.col != x.col && y.complete && lx.personNameCol(y) {
				out = append(out, namePair{first: x, last: y})
			}
		}
	}
	return out
}

// personNameCol reports whether a value's column is a text column holding
// a part of a person's name: fname, lname, first_name, stu_lname,
// given_name, family_name, forename, surname. A city_name or team_name is
// a name too, but not a person's, and two of those side by side are not
// one row's full name.
func (lx *lexicon) personNameCol(v valueRef) bool {
	c := lx.col(v.table, v.col)
	if !isTextual(c.kind) || c.id {
		return false
	}
	n := strings.ToLower(strings.NewReplacer("_", "", " ", "", "-", "").Replace(c.name))
	for _, part := range personNameParts {
		if strings.HasSuffix(n, part) {
			return true
		}
	}
	return false
}

// personNameParts end the name of a column holding part of a person's
// name, once separators are removed.
var personNameParts = []string{"fname", "lname", "firstname", "lastname", "givenname", "familyname", "forename", "surname"}

// quotedFullName splits a quoted "First Last" into two value mentions
// when exactly one pair of name columns holds the two words.
func (lx *lexicon) quotedFullName(m mention) (mention, mention, bool) {
	words := strings.Fields(valueKey(m.text))
	if len(words) != 2 {
		return mention{}, mention{}, false
	}
	pairs := lx.fullNamePairs(lx.values[words[0]], lx.values[words[1]])
	if len(pairs) != 1 {
		return mention{}, mention{}, false
	}
	parts := strings.Fields(m.text)
	if len(parts) != 2 {
		return mention{}, mention{}, false
	}
	first := mention{from: m.from, to: m.to, text: parts[0], kind: mValue, vals: []valueRef{pairs[0].first}}
	last := mention{from: m.from, to: m.to, text: parts[1], kind: mValue, vals: []valueRef{pairs[0].last}}
	return first, last, true
}

// adjacentFullName narrows two side-by-side values to the one table where
// they are a first and a last name, when either was held by more than
// that one column.
func (lx *lexicon) adjacentFullName(a, b mention) (mention, mention, bool) {
	if a.weak || b.weak || len(a.vals)+len(b.vals) <= 2 {
		return a, b, false
	}
	pairs := lx.fullNamePairs(a.vals, b.vals)
	if len(pairs) != 1 {
		return a, b, false
	}
	a.vals = []valueRef{pairs[0].first}
	b.vals = []valueRef{pairs[0].last}
	return a, b, true
}
