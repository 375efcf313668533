package offline

// byFiltered reports whether mention n after "by" is a column the question
// already compares with a value: "policies used by the customer named
// "Dayana Robel"", "products supplied by supplier id 3". "by" is then the
// preposition of a verb naming who did it, and the condition says which
// one; a group per value would leave the value unread. The caller reads it
// so only under an aggregate ("the number of albums by the artist
// "Metallica""): a list of the related rows' values ("the channel codes
// used by the customer named …") repeats a value per row, where a reader
// wants each once, and is left refused.
func (p *parser) byFiltered(n int) bool {
	if !p.isCol(n) || !p.used[n] {
		return false
	}
	for _, fs := range p.f.filters {
		if fs.col == n && fs.op == "=" && !fs.except {
			return true
		}
	}
	return false
}
