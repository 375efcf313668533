package offline

// This file reads two ranking and aggregate words whose column the
// question names in a way the earlier readers refused.
//
// First, a closing "the most" whose ranked column is the
// question's head, narrowed by the table named after it with "of", past
// conditions on the counted rows: "What is the type of vocals that the
// band member with the last name 'Heilo' played the most?" ranks the
// vocals' types by their number of vocals rows of that band member. The
// words after the table must be a relative clause with a subject of its
// own ("that the band member … played"), or nothing that links, so the
// superlative can only count the head table's rows: in "the city of the
// customer who ordered the most" the customer, not the city's rows, does
// the ordering, and the question is refused as before.
//
// Second, "total" between "whose" and the row's own numeric column
// before a comparison ("manufacturers whose total revenue is between 100
// and 150") is part of the column's description, not a sum (ownTotal).

// headRankedFiltered returns the head column mention a closing "most" at
// i ranks, or -1: the question's first name is a column narrowed to one
// table's by "of T" right after it (headOfTable), with repeating values,
// and the words between T and i pass ownClause.
func (p *parser) headRankedFiltered(i int) int {
	if p.next(i) >= 0 {
		return -1 // the superlative has an object of its own
	}
	h := p.next(-1) // the first content mention: the head
	if h < 0 || h >= i || p.used[h] || p.ms[h].kind != mName || p.isTable(h) {
		return -1
	}
	t := p.headOfTable(h)
	if t < 0 || !p.ownClause(t, i) {
		return -1
	}
	if !p.repeatingCols(h) {
		return -1
	}
	return h
}

// headOfTable narrows the head column h to the one of the table named
// right after it with "of" ("the type of vocals": vocals.type) and
// returns that table mention, left to be the question's table, or -1.
func (p *parser) headOfTable(h int) int {
	t := h + 2
	if !p.in(t) || p.used[t] || p.isCol(t) || p.ms[h+1].kind != mStop || lower(p.ms[h+1].text) != "of" {
		return -1
	}
	ti, ok := p.oneTable(t)
	if !ok {
		return -1
	}
	var own []nameRef
	for _, r := range strongest(p.ms[h].cols, classSynonym) {
		if r.table == ti {
			own = append(own, r)
		}
	}
	if len(own) != 1 {
		return -1
	}
	p.ms[h].cols = own
	return t
}

// ownClause reports whether the words between the table mention t and
// the superlative at i leave t's rows as what is counted: only words that
// link to nothing and no relative word ("played the most"), or a
// relative "that"/"which" followed by another table as the clause's
// subject ("that the band member with … played the most").
func (p *parser) ownClause(t, i int) bool {
	n := p.next(t)
	if n == i {
		// "vocals played the most"; in "vocals who played the most"
		// the vocals would do the playing.
		for j := t + 1; j < i; j++ {
			if w := lower(p.ms[j].text); w == "who" || w == "that" || w == "which" {
				return false
			}
		}
		return true
	}
	if rel := lower(p.ms[t+1].text); p.ms[t+1].kind != mStop || rel != "that" && rel != "which" {
		return false
	}
	s, ok := p.oneTable(n)
	if !ok || p.isCol(n) || p.used[n] {
		return false
	}
	ti, _ := p.oneTable(t)
	return s != ti
}

// ownTotal reads "total" in "manufacturers whose total revenue is between
// 100 and 150" as part of the row's own column's name, not a sum: the
// word follows "whose" after a table, the column after it is that
// table's and no other's, and a comparison or range follows the column,
// so the condition is on each row's value. A column of another table
// ("customers whose total payment is over 100", payments being a child)
// is left to be summed. It marks "total" used and reports whether it did.
func (p *parser) ownTotal(i int) bool {
	if !p.is(i, kwSum) || lower(p.ms[i].text) != "total" || i < 2 {
		return false
	}
	if r := p.ms[i-1]; r.kind != mStop || lower(r.text) != "whose" {
		return false
	}
	x := p.prev(i - 1)
	tx, ok := p.oneTable(x)
	if !ok || p.isCol(x) {
		return false
	}
	obj := p.object(i)
	// The column may already be the comparison's: conditions are read
	// before aggregate words.
	if obj != p.next(i) || !p.numericCol(obj) || len(p.ms[obj].cols) == 0 {
		return false
	}
	for _, c := range p.ms[obj].cols {
		if c.table != tx {
			return false
		}
	}
	if !p.is(p.next(obj), kwCmp, kwBetween) {
		return false
	}
	p.used[i] = true
	return true
}
