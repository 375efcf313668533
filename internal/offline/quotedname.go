package offline

import "slices"

// quotedColumns replaces each quoted phrase that names a column (see
// quotedColumn) by that column's name.
func (lx *lexicon) quotedColumns(ms []mention) []mention {
	var out []mention // a copy only when a phrase is replaced
	for i, m := range ms {
		if c, ok := lx.quotedColumn(m); ok {
			if out == nil {
				out = slices.Clone(ms)
			}
			out[i] = c
		}
	}
	if out == nil {
		return ms
	}
	return out
}

// quotedColumn reads a quoted phrase that no column holds as a value but
// that names exactly one column, as that column: "the \"date became
// customers\" of the customers" asks for date_became_customer. The phrase
// must link whole as one column's full name (up to plural and
// inflection, or through synonyms for a phrase of two words or more:
// quotedClass, placevalues.go) and no table's; a leading "the" is allowed.
func (lx *lexicon) quotedColumn(m mention) (mention, bool) {
	if m.kind != mQuoted || len(m.vals) > 0 {
		return m, false
	}
	var named []mention
	for _, x := range lx.link(tokenize(m.text)) {
		if x.kind == mStop && lower(x.text) == "the" && len(named) == 0 {
			continue
		}
		named = append(named, x)
	}
	if len(named) != 1 || named[0].kind != mName || len(named[0].tables) > 0 || len(named[0].cols) != 1 || !quotedClass(named[0], m.text) {
		return m, false
	}
	n := named[0]
	n.from, n.to, n.text, n.lead = m.from, m.to, m.text, false
	return n, true
}
