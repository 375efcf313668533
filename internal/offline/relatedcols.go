package offline

// A column said to be a table's may be kept in a child of that table: "the
// title and publication dates of books", where each book's publication
// rows, referring to book by one key, hold publication_date. The subject
// lacks the column and none of its parents holds it, so the words can
// only mean the child's column; the rows shown are the child's, each
// joined to its one subject row, which lists a book once per publication
// as the words ask ("the dates of books" are every date a book has). The
// reading is kept narrow: the words name the column in full, one child
// alone holds anything they could mean, and the column is no key (a key
// is the identity of another table, not a property of the subject).

// childOwned returns the references of column mention m in the one child
// of the subject that holds it, when the mention belongs to the subject
// ("publication dates" of books), the subject and its parents hold
// nothing the words could mean, every match beside the subject is in
// that child, and the strongest of them names a column in full. nil
// otherwise: a condition's column is [resolver.conditionRefs]' to read.
func (r *resolver) childOwned(m int) []nameRef {
	o, ok := r.f.owner[m]
	if !ok || r.cond {
		return nil
	}
	owner := strongest(r.ms[o].tables, classSynonym)
	if len(owner) != 1 || owner[0].table != r.subject.idx {
		return nil
	}
	var in []nameRef
	for _, c := range r.ms[m].cols {
		if c.col < 0 {
			continue
		}
		t := r.lx.tables[c.table]
		if t == r.subject || len(r.subject.parents[c.table]) > 0 {
			return nil // the subject's own or a parent's: not this reading
		}
		if !r.childOf(t) {
			continue // farther away: not what "of books" says
		}
		if len(in) > 0 && in[0].table != c.table {
			return nil // two children
		}
		in = append(in, c)
	}
	// Within the child, the strongest match is meant, as in the subject
	// ("votes" is votes before vote_percent); it must be the full name.
	in = strongest(in, classExact)
	for _, c := range in {
		if r.isKey(c) {
			return nil // a key: another table's identity
		}
	}
	return in
}
