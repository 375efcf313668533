package offline

// tableColumn reads "in descending order of building height": a table
// name written right before one of its own columns only says whose column
// is the key, as "sorted by the channel rating" does (also when other
// tables share the column's name: modifierOf). It returns the column and
// the table mention to mark used, or n and -1 when n is no such pair.
func (p *parser) tableColumn(n int) (int, int) {
	if c := p.next(n); p.isTable(n) && c == n+1 && p.isCol(c) && p.ms[n].to == p.ms[c].from && (p.ownTable(c, n) || p.modifierOf(c, n)) {
		return c, n
	}
	return n, -1
}
