package offline

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/plan"
)

// Round twenty-three: "records" counted for a table the question names.
// "Show the names of pilots and the number of records they have" counts
// rows, but "records" names no table: the rows meant are those of the
// one table that refers to the named table, the pilots' records. The
// word has a second reading in the training questions — repeats of the
// named table's own rows ("the party that has two records" counting a
// party name's rows) — so it is read as a child's rows only where the
// schema leaves no other: the question names exactly one table, and
// exactly one other table refers to it, by exactly one key. Anything
// else is refused as before ("I could not tell what to count").
//
// Where the question names no table but counts the rows "of each" value
// of a column ("the number of records of each policy type"), the rows
// are those of the column's own table, when the column is of one table
// only: the count is grouped by a column of the rows it counts.
//
// Only a generic word for rows right after a count ("the number of
// records", "how many entries") is read: elsewhere ("in our record",
// "each election record") the word is a filler the rest of the planner
// already sets aside.

// countedRowWords are the words for rows that a count may be of.
var countedRowWords = setOf("record", "records", "entry", "entries", "row", "rows",
	"instance", "instances")

// planByRecords plans the question with a counted row word read as the
// rows of the one child table of the one table it names, or, naming
// none, of the table of the column it is counted "of each" (see above).
// It is tried only once the question fails as written.
// raw are the question's linked mentions; they are not written to.
func (p *Planner) planByRecords(toks []token, raw []mention, tr *Trace) (*plan.Plan, bool) {
	if !slices.ContainsFunc(toks, func(t token) bool { return countedRowWords[t.text] }) {
		return nil, false
	}
	ms := p.lx.prepared(toks, slices.Clone(raw))
	at := countedRowWord(toks, ms)
	if at < 0 {
		return nil, false
	}
	var child int
	if parent, ok := p.lx.namedTable(ms, at); ok {
		if child, ok = p.lx.onlyChild(parent); !ok {
			return nil, false
		}
	} else if child, ok = p.lx.groupedTable(ms, at); !ok {
		return nil, false
	}
	// ms is this reading's own copy: the row word becomes the table.
	ms[at].kind, ms[at].rows, ms[at].ignored = mName, true, false
	ms[at].plural = toks[ms[at].from].plural
	ms[at].tables = []nameRef{{table: child, col: -1, class: classExact}}
	ms[at].cols, ms[at].vals = nil, nil
	pl, rf := p.planMentions(toks, ms, tr)
	if rf != nil {
		return nil, false
	}
	pl.Reason = strings.TrimSuffix(pl.Reason, ".") + fmt.Sprintf("; read %q as the rows of %s", ms[at].text, p.lx.tables[child].name)
	return pl, true
}

// countedRowWord is the index of the one mention that is a row word
// right after a count ("the number of records"), or -1.
func countedRowWord(toks []token, ms []mention) int {
	found := -1
	for i, m := range ms {
		if m.kind != mStop || m.to-m.from != 1 || !countedRowWords[toks[m.from].text] {
			continue
		}
		if i == 0 || ms[i-1].kind != mKeyword || ms[i-1].kw.kind != kwCount || ms[i-1].to != m.from {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// namedTable is the one table the question's mentions other than ms[at]
// name as a table, if they name exactly one.
func (lx *lexicon) namedTable(ms []mention, at int) (int, bool) {
	t := -1
	for i, m := range ms {
		if i == at || m.kind != mName || len(m.tables) == 0 {
			continue
		}
		for _, r := range strongest(m.tables, classSynonym) {
			if t >= 0 && r.table != t {
				return -1, false
			}
			t = r.table
		}
	}
	return t, t >= 0
}

// onlyChild is the one table other than parent that refers to parent,
// when exactly one does and by exactly one key.
func (lx *lexicon) onlyChild(parent int) (int, bool) {
	child := -1
	for _, t := range lx.tables {
		keys := t.parents[parent]
		if t.idx == parent || len(keys) == 0 {
			continue
		}
		if child >= 0 || len(keys) != 1 {
			return -1, false
		}
		child = t.idx
	}
	return child, child >= 0
}

// groupedTable is the table of the column the count at ms[at] is grouped
// by ("records of each policy type"), when that column is of one table
// only and no mention names a table.
func (lx *lexicon) groupedTable(ms []mention, at int) (int, bool) {
	if slices.ContainsFunc(ms, func(m mention) bool { return m.kind == mName && len(m.tables) > 0 }) {
		return -1, false
	}
	g, c := at+1, at+2
	if c >= len(ms) || ms[g].kind != mKeyword || ms[g].kw.kind != kwGroup || ms[c].kind != mName || len(ms[c].cols) == 0 {
		return -1, false
	}
	t := -1
	for _, r := range strongest(ms[c].cols, classSynonym) {
		if t >= 0 && r.table != t {
			return -1, false
		}
		t = r.table
	}
	return t, t >= 0
}
