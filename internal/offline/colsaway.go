package offline

import "strings"

// Round twenty-three: a head noun shared by two coordinated columns. "The
// start and end dates of detentions" names two columns, start and end,
// and says once, after both, what kind of value each is: dates. Each
// modifier already links to its column (datetime_detention_start,
// datetime_detention_end), but the shared noun alone links to nothing of
// the table, or to other tables' date columns, and the question was
// refused as asking for a column the table lacks. The noun is read as the
// head of both columns when a table holds exactly one column for each
// modifier whose name also carries the noun (date, or a longer word it
// begins, datetime), two different columns: it then narrows each modifier
// to those columns, in every such table (the question's table picks one,
// as for any column), and is absorbed into the second. Anything else (a
// noun either column's name lacks, a modifier matching two columns of a
// table) is left as it was. Measured on Spider train a–r: 4 questions
// newly answered, all right ("the valid from and valid to dates of the
// card", "the start and end dates for incidents"), none newly wrong.

// sharedHeads reads "<column> and <column> <noun>" as two columns with a
// shared head noun (see above).
func (lx *lexicon) sharedHeads(toks []token, ms []mention) []mention {
	for i := 0; i+3 < len(ms); i++ {
		a, and, b, n := ms[i], ms[i+1], ms[i+2], ms[i+3]
		if and.to-and.from != 1 || toks[and.from].text != "and" || and.from != a.to || b.from != and.to || n.from != b.to {
			continue
		}
		if a.kind != mName || b.kind != mName || len(a.tables) > 0 || len(b.tables) > 0 || n.to-n.from != 1 {
			continue
		}
		if n.kind != mUnknown && n.kind != mName {
			continue
		}
		head := toks[n.from].stem
		ca, cb, ok := lx.headedPair(a.cols, b.cols, head)
		if !ok {
			continue
		}
		out := append(make([]mention, 0, len(ms)-1), ms[:i]...)
		a.cols = ca
		b.cols, b.to, b.text, b.plural = cb, n.to, b.text+" "+n.text, n.plural
		out = append(out, a, and, b)
		return append(out, lx.sharedHeads(toks, ms[i+4:])...)
	}
	return ms
}

// headedPair returns the references of two modifiers narrowed to columns
// whose names carry head, in the tables that hold exactly one such column
// for each modifier, two different columns. Which of those tables is meant
// is the question's table, as for any column mention ("of detentions").
func (lx *lexicon) headedPair(as, bs []nameRef, head string) ([]nameRef, []nameRef, bool) {
	fa, fb := lx.headed(as, head), lx.headed(bs, head)
	var ca, cb []nameRef
	for _, x := range fa {
		var y []nameRef
		for _, r := range fb {
			if r.table == x.table {
				y = append(y, r)
			}
		}
		if len(y) != 1 || y[0].col == x.col || countIn(fa, x.table) != 1 {
			continue
		}
		ca, cb = append(ca, x), append(cb, y[0])
	}
	return ca, cb, len(ca) > 0
}

// countIn counts the references into table t.
func countIn(refs []nameRef, t int) int {
	n := 0
	for _, r := range refs {
		if r.table == t {
			n++
		}
	}
	return n
}

// headed keeps the column references whose name has a word that is head
// or begins with it ("date" in datetime_detention_start).
func (lx *lexicon) headed(refs []nameRef, head string) []nameRef {
	var out []nameRef
	for _, r := range refs {
		if r.col < 0 || len(head) < 3 {
			continue
		}
		c := lx.col(r.table, r.col)
		for k, w := range c.words {
			if c.stems[k] == head || strings.HasPrefix(w, head) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}
