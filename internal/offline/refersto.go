package offline

// "I could not tell what X refers to": readings of a word that the role
// reader (roles.go) would otherwise leave with no object.

// byBeforeSets reports whether "by" at i is the agent of a passive verb
// whose object is "both"/"either" before values or rows ("products made by
// both Sony and Fujitsu", "channels owned by either CCTV or HBS", "modes
// used by both phones with ... and phones with ..."). The "by" is then a
// plain preposition; "both" and "either" keep their own readings (the
// values' literal group, or two sets) and are refused there when they have
// none. A column after "both" is left alone: "by both year and country"
// could be a grouping.
func (p *parser) byBeforeSets(i, n int) bool {
	if !p.is(i, kwBy) || !p.is(n, kwBoth) {
		return false
	}
	switch lower(p.ms[n].text) {
	case "both", "either":
	default:
		return false
	}
	after := p.next(n)
	return p.isValue(after) || p.isTable(after)
}

// byPinnedRow reports whether "by" at i is the agent of a passive verb
// whose object was already read as a condition: a table or column pinned by
// the value right after it ("the policy used by the customer named 'Dayana
// Robel'", "products supplied by supplier id 3"). "by" then only joins the
// rows to that condition; it cannot group or order by what is pinned to
// one value. What such a question asks for is the set of things that one
// row uses, so the caller lists each value once: a customer's several
// policies of one type are one type used.
func (p *parser) byPinnedRow(i, n int) bool {
	if !p.is(i, kwBy) || !p.in(n) || !p.used[n] {
		return false
	}
	if p.isTable(n) && p.pinnedAfter(n) {
		return true
	}
	v := p.next(n)
	return p.isCol(n) && p.used[v] && (p.isValue(v) || p.in(v) && p.ms[v].kind == mNumber)
}
