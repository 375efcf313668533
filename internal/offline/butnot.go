package offline

import "slices"

// "Phones produced by Nokia but whose screen mode type is not Text",
// "products colored white but that do not have unit of measurement
// Handful": a "but" whose negation denies a value of a column the clause
// names itself is only a contrasting "and" — the negation is a != of its
// own (negatesValue), not a second set of rows taken away. The clause
// must put something between "but" and its negation (a column, "whose",
// "do"): "took Math but not Physics", where the negation follows "but" at
// once, contrasts two values of one condition and is a set difference
// (setops.go), still refused unless read there.

// butNegatesValue reports whether the negation j after the "but" at i is
// a value's own != inside a clause of its own.
func butNegatesValue(ms []mention, i, j int) bool {
	if !negatesValue(ms, j) || nextContent(ms, i) == j {
		return false
	}
	for k := i + 1; k < j; k++ {
		if m := ms[k]; m.kind == mName && len(m.cols) > 0 {
			return true // the clause names the column the value is of
		}
	}
	return false
}

// "Attractions that Alison visited but Rosalind did not visit": the
// second value, of the same column as one before it, is denied the
// clause the first was given, its verb repeated. The rows the
// second value selects are taken away from those of the first (an
// EXCEPT: setops.go), each side read as the one-value question it is.
// Only the mirrored shape is read: after the negation nothing but the
// first clause's verb again, so the negation denies exactly what the
// first value was said to do. "Alison visited and Rosalind did not
// visit" says the same with "and": the contrast is in the mirrored
// clauses, not in the conjunction.

// deniedAfterBut reads "V not [verb]" at the negation n after "but" (or
// "and"): it returns the value V, the conjunction and the repeated verb.
func deniedAfterBut(ms []mention, n int) (v, b, verb int, ok bool) {
	if ms[n].kind != mKeyword || ms[n].kw.kind != kwNot {
		return 0, 0, 0, false
	}
	v = prevContent(ms, n)
	if v < 0 || ms[v].kind != mValue || ms[v].weak {
		return 0, 0, 0, false
	}
	b = prevContent(ms, v)
	if b < 0 || ms[b].kind != mKeyword || ms[b].kw.kind != kwBut && ms[b].kw.kind != kwAnd {
		return 0, 0, 0, false
	}
	verb = nextContent(ms, n)
	if verb < 0 || nextContent(ms, verb) >= 0 {
		return 0, 0, 0, false
	}
	if said := prevContent(ms, b); said < 0 || !sameTableName(ms[verb], ms[said]) {
		return 0, 0, 0, false
	}
	for u := 0; u < b; u++ {
		if ms[u].kind == mValue && !ms[u].weak && len(sharedColumns(ms[u].vals, ms[v].vals)) > 0 {
			return v, b, verb, true
		}
	}
	return 0, 0, 0, false
}

// sameTableName reports whether two mentions are names of the same
// tables and no column: one verb said twice ("visited", "visit").
func sameTableName(x, y mention) bool {
	if x.kind != mName || y.kind != mName || len(x.cols) > 0 || len(y.cols) > 0 || len(x.tables) == 0 {
		return false
	}
	return slices.EqualFunc(x.tables, y.tables, func(a, b nameRef) bool { return a.table == b.table })
}

// secondSubjectDenied reports whether the negation n has for its subject
// a value after "and"/"but" while another value came before it: "Alison
// visited and Oslo did not visit", "Alison visited and Rosalind never
// visited in Oslo". Outside the mirrored shape (deniedAfterBut) the
// negation denies the second value's clause only; read as "no row at
// all" beside both values as conditions, it would answer another
// question, so it is refused.
func secondSubjectDenied(ms []mention, n int) bool {
	v := prevContent(ms, n)
	if v < 0 || ms[v].kind != mValue || ms[v].weak {
		return false
	}
	b := prevContent(ms, v)
	if b < 0 || ms[b].kind != mKeyword || ms[b].kw.kind != kwBut && ms[b].kw.kind != kwAnd {
		return false
	}
	if a := prevContent(ms, b); a >= 0 && (ms[a].kind == mValue || ms[a].kind == mQuoted) {
		return false // a list of values ("by Acme and Bolt not …") has one subject
	}
	for u := 0; u < b; u++ {
		if ms[u].kind == mValue && !ms[u].weak {
			return true
		}
	}
	return false
}
