package offline

// colRowsCounted reads "counties that have at least two delegates" (i:
// the number, cmp: the comparison before it or -1, y: the mention right
// after the number), where delegates is a text column of a table that
// refers to the table named before the relative word: no text compares
// with a number, and each of that table's rows holds one delegate, so
// the number counts its rows per county. It makes y its table's mention,
// for countCond to read, and reports whether it did.
func (p *parser) colRowsCounted(i, cmp, y int) bool {
	start := i
	if cmp >= 0 {
		start = cmp
	}
	if p.ms[i].kind != mNumber || y != i+1 || (cmp < 0 && !p.relBefore(i)) {
		return false
	}
	return p.colAsRows(p.nameBeforeRel(start), y)
}

// aggAfterNumber finds "total Y" or "average Y" right after the number at
// i in "the X that have more than 10000 total access count" (cmp: the
// comparison before the number): the aggregate of the numeric column Y
// per X compares with the number, as in "whose total Y is above N". It
// returns the aggregate word's mention and Y's, or -1, -1.
func (p *parser) aggAfterNumber(i, cmp int) (int, int) {
	a := p.next(i)
	if p.ms[i].kind != mNumber || cmp < 0 || a != i+1 || !p.is(a, kwSum, kwAvg) || p.used[a] {
		return -1, -1
	}
	if c := p.next(a); c == a+1 && p.numericCol(c) && !p.used[c] {
		return a, c
	}
	return -1, -1
}
