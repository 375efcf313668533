package offline

import (
	"fmt"
	"slices"
	"strings"

	"querent/internal/plan"
)

// A column word in the plural that names a table's rows by the column
// holding each row's own label: "the parties that have delegates on the
// Appropriations committee", where election.delegate holds one delegate's
// name per row, so each election row is a delegate. The first reading
// takes the word for the column: leftovers (roles.go) reads a column word
// in a relative clause with no value after it as a condition missing its
// value and asks for one; a ranking reads "the party that has the most
// delegates" as a count of a column. When that reading is refused over
// this word, the word is read again as the table whose rows it labels,
// and the question planned with it so.
//
// It is read only where the column is such a label and the word can mean
// nothing else:
//   - the first reading was refused with a reason that quotes this very
//     word (refusedOver), so no other reading of the question held;
//   - the word is written in the plural ("delegates": rows, not a value)
//     and links to one column only, by the column's whole name
//     (classExact: "delegates" for delegate, not "customers" for
//     customer_phone, a column of the customers' rows that is no label);
//   - the column is text, no key, no number or date, and every row holds a
//     different value of it (colInfo.unique, counted when the schema was
//     read): a name for each row, as "delegate" is, not a category
//     ("status") or a description many rows share;
//   - the question then plans with the word as that table's rows.
//
// The plan's reason says how the word was read ("read "delegates" as
// election").
//
// Measured on the Spider training questions (a–r): +4 correct, +0 wrong;
// paraphrased questions +1, +0. Without the whole-name gate it answered
// 3 more of which 2 were wrong ("phone numbers of customers …" read
// through customer_phone, "names of banks in the state of New York"
// through customer names); on any refusal rather than one quoting the
// word, 15 more of which 6 were wrong.

// refusedOver reports whether rf's reason quotes the word text, the
// word the first reading could not place.
func refusedOver(rf *refusal, text string) bool {
	return rf != nil && strings.Contains(rf.reason, fmt.Sprintf("%q", text))
}

// planByLabelRows plans the question with the column word rf refused over
// read as the rows of the table it labels (see above).
// raw are the question's mentions as linked; they are not written to.
func (p *Planner) planByLabelRows(toks []token, raw []mention, rf *refusal, tr *Trace) (*plan.Plan, bool) {
	at := -1
	var t *tableInfo
	for i, m := range raw {
		if m.kind != mName || len(m.tables) > 0 || len(m.cols) == 0 || !toks[m.to-1].plural || !refusedOver(rf, m.text) {
			continue
		}
		c, ok := p.lx.labelColumn(m.cols)
		if !ok {
			continue
		}
		if at >= 0 {
			return nil, false // the word twice: which is meant is not said
		}
		at, t = i, c.table
	}
	if at < 0 {
		return nil, false
	}
	alt := slices.Clone(raw)
	alt[at].cols, alt[at].rows = nil, true
	alt[at].tables = []nameRef{{table: t.idx, col: -1, class: classExact}}
	pl, prf := p.planMentions(toks, p.lx.prepared(toks, alt), tr)
	if prf != nil {
		return nil, false
	}
	pl.Reason = strings.TrimSuffix(pl.Reason, ".") + fmt.Sprintf("; read %q as %s", raw[at].text, t.name)
	return pl, true
}

// labelColumn returns the one column refs name at their strongest when it
// labels each row of its table, named by its whole name: text, no key, a
// different value in every row.
func (lx *lexicon) labelColumn(refs []nameRef) (*colInfo, bool) {
	best := strongest(refs, classSynonym)
	if len(best) == 0 || best[0].col < 0 || best[0].class != classExact {
		return nil, false
	}
	for _, r := range best[1:] {
		if r.table != best[0].table || r.col != best[0].col {
			return nil, false
		}
	}
	c := lx.col(best[0].table, best[0].col)
	if c.id || c.numeric || c.date || c.year || c.textNum || !c.unique {
		return nil, false
	}
	return c, true
}
