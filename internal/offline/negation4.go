package offline

// A negated verb or noun that names a child table: "books that are not
// published" (a publication row refers to each book published), "pilots
// that do not have any record" (pilot_record). Nothing but stop words
// follows the negation, so the word is the whole of what is denied; when
// it is of the family of a word of one table's name, and that table refers
// to the table named before the negation by one key, it is read as Y of
// "X without Y" (intent.go lacks, resolver.lacking): the rows of X no row
// of Y refers to. A word that names no such table ("services that have
// never been used") leaves the negation refused.

// negatedChildWords turns the one word of a bare negated clause that
// names a child of the table before the negation into a mention of that
// table (see above).
func (lx *lexicon) negatedChildWords(ms []mention) {
	for i, m := range ms {
		if m.kind != mKeyword || m.kw.kind != kwNot {
			continue
		}
		switch lower(m.text) {
		case "not", "never", "no":
		default:
			continue
		}
		x := -1
		for j := 0; j < i; j++ {
			if ms[j].kind == mName && len(ms[j].tables) > 0 && len(ms[j].cols) == 0 {
				x = j
			}
		}
		if x < 0 {
			continue
		}
		at, child := -1, (*tableInfo)(nil)
		for j := i + 1; j < len(ms); j++ {
			if ms[j].kind != mStop {
				at = -2
				break
			}
			t := lx.childNamedBy(lower(ms[j].text), strongest(ms[x].tables, classSynonym))
			if t == nil {
				continue
			}
			if at >= 0 {
				at = -2 // two words naming tables: no one reading
				break
			}
			at, child = j, t
		}
		if at < 0 {
			continue
		}
		ms[at].kind = mName
		ms[at].tables = []nameRef{{table: child.idx, col: -1, class: classSynonym}}
	}
}

// childNamedBy returns the one table that refers by one key to one of
// the tables xs (those the mention before the negation means most
// strongly: "pilots" is pilot, not pilot_record) and has a word in its name, not in that table's, of the
// family of w; or nil.
func (lx *lexicon) childNamedBy(w string, xs []nameRef) *tableInfo {
	// A function word ("have not ever", "has not been") names no table,
	// even one with the word in its name (ever_list): linking never reads
	// it as a name either.
	if hardStops[w] || len(w) < 4 || !isLetters(w) {
		return nil
	}
	var found *tableInfo
	for _, ref := range xs {
		x := lx.tables[ref.table]
		if namesTableFamily(w, x) {
			return nil // "books not in any book list": the word names X
		}
		for _, t := range lx.tables {
			if !t.refersOnce(x.idx) || !namesTableFamily(w, t) {
				continue
			}
			if found != nil && found != t {
				return nil
			}
			found = t
		}
	}
	return found
}
