package offline

// rankrows.go: rankings of rows the earlier readings left refused.
//
// "which X that <verb> the most Y" where the verb is the name of the link
// table through which X relates to Y ("the cameras that have taken
// pictures of the most mountains" with photos(camera_id, mountain_id)),
// or where that name begins with X's own ("the faculty participating in
// the most activities" with faculty_participates_in(facid, actid)). The
// schema, not the verb, makes the reading certain: the table named between
// X and the ranking pairs the rows of exactly those two tables, so
// counting Y per X goes through it.
//
// "the flight number and its distance for the one with the maximum
// price": the pronoun stands for the rows, so the superlative picks one.
//
// "which party has the largest number of delegates": a text column of a
// table that refers to X, counted, is the number of that table's rows.

import (
	"slices"
	"strings"
)

// rankLinkName returns X for the count ranking at mention i of the
// table mention y, read through a link table named right before i, and
// the link mention to mark as used. X is either the unused table mention
// before the link (with only stop words between) naming the link's other
// parent, or the link mention itself when its words begin with that
// parent's name, which the mention then comes to mean. It returns -1 when
// neither reading holds.
func (p *parser) rankLinkName(i, y int) (int, []int) {
	j := i - 1
	for j >= 0 && p.ms[j].kind == mStop {
		j--
	}
	if j < 0 || p.used[j] || p.ms[j].kind != mName || len(p.ms[j].cols) > 0 {
		return -1, nil
	}
	other, ok := p.linkOther(j, y)
	if !ok {
		return -1, nil
	}
	k, rel := j-1, false
	for k >= 0 && p.ms[k].kind == mStop {
		rel = rel || relWords[lower(p.ms[k].text)]
		k--
	}
	if k >= 0 && p.ms[k].kind == mName && !p.used[k] && len(p.ms[k].cols) == 0 {
		// "the cameras that have taken pictures of the most mountains":
		// X before a relative clause whose verb names the link. X must
		// refer to no table of its own: rows that belong to a parent
		// ("which part fault requires the most skills? List part id and
		// name") are often named to ask about the parent, whose columns
		// the question then shows, so which rows are counted per what is
		// not certain.
		if xi, ok := p.oneTable(k); rel && ok && xi == other && len(p.lx.tables[other].parents) == 0 {
			return k, []int{j}
		}
		return -1, nil
	}
	// "faculty participating in": the link's name carries X's in front.
	words := stems(strings.Fields(lower(p.ms[j].text)))
	ps := p.lx.tables[other].stems
	if len(ps) == 0 || len(words) <= len(ps) || !slices.Equal(words[:len(ps)], ps) {
		return -1, nil
	}
	class := p.ms[j].tables[0].class
	p.ms[j].tables = []nameRef{{table: other, col: -1, class: class}}
	return j, nil
}

// linkOther reports whether mention j names only one table that refers,
// by one key each, to the table mention y names and to exactly one other
// table, and returns that other table.
func (p *parser) linkOther(j, y int) (int, bool) {
	li, okL := p.oneTable(j)
	yi, okY := p.oneTable(y)
	if !okL || !okY {
		return -1, false
	}
	l := p.lx.tables[li]
	if len(l.parents) != 2 || !l.refersOnce(yi) {
		return -1, false
	}
	for t, edges := range l.parents {
		if t != yi && t != l.idx && len(edges) == 1 {
			return t, true
		}
	}
	return -1, false
}

// oneBefore reports whether the ranking word at mention i follows "the
// one with" or "the ones that have", with only stop words between: the
// pronoun stands for the rows whose columns the question asks for ("the
// flight number and its distance for the one with the maximum price"), so
// the superlative picks a row, as after a table's name, rather than
// computing the maximum.
func (p *parser) oneBefore(i int) bool {
	rel := false
	for j := i - 1; j >= 0 && p.ms[j].kind == mStop; j-- {
		switch w := lower(p.ms[j].text); {
		case w == "one" || w == "ones":
			return rel
		case relWords[w]:
			rel = true
		}
	}
	return false
}

// rowsNamedByCol reads "the largest number of delegates", where
// delegates is a text column of a table that refers to the table X
// ranked (election.delegate, election.party → party), as a count of that
// table's rows: each row holds one delegate, so their number per X is the
// number of rows. i is the ranking word, c the count keyword after it. It
// makes the column mention its table's and returns it, or -1 when the
// column is not one plural text column, not a key, of a table referring
// by one key to the one table named before i.
func (p *parser) rowsNamedByCol(i, c int) int {
	y := p.object(c)
	x := p.nameBeforeRel(i)
	// keyColAsRows: the counted column is the key of X's own table (rankrel.go).
	if y != c+1 || !p.colAsRows(x, y) && !p.keyColAsRows(x, y) {
		return -1
	}
	return y
}

// colAsRows makes the column mention y its table's when y is one plural
// text column, not a key, of a table referring by one key to the one
// table X named at x, so that the number of y's per X is the number of
// that table's rows per X. It reports whether it did.
func (p *parser) colAsRows(x, y int) bool {
	if !p.isCol(y) || p.isTable(y) || p.used[y] || !p.ms[y].plural {
		return false
	}
	cs := strongest(p.ms[y].cols, classSynonym)
	if len(cs) != 1 {
		return false
	}
	col := p.lx.col(cs[0].table, cs[0].col)
	if col.id || !isTextual(col.kind) {
		return false
	}
	if x < 0 || p.isCol(x) {
		return false
	}
	if xi, ok := p.oneTable(x); !ok || !col.table.refersOnce(xi) {
		return false
	}
	p.ms[y].cols = nil
	p.ms[y].tables = []nameRef{{table: col.table.idx, col: -1, class: cs[0].class}}
	return true
}
