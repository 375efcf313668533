package offline

import (
	"strconv"
	"strings"
)

// Round twenty (placevalues): quoted text whose column the schema settles
// though the question does not name the column right before it.
//
//   - Quoted text stored nowhere, right after a table named in the
//     singular, is that row's label even when the label's samples are all
//     its values: "papers published by the institution \"Tokohu
//     University\"" has an empty answer, not a refusal.
//   - A quoted phrase of two or more words that names one column through
//     general synonyms is that column, as one naming it exactly already
//     was (quotedname.go): "the \"date became clients\" of the clients".
//
// A calendar day with no column named is left to dayOfSubject and
// dayFilter (dates.go) as before: they place it only when the table is
// named right before the comparison, not across a verb ("employees who
// joined after 7th September, 1987").

// unstoredLabel reads quoted text stored in no column at all, right after
// a table named in the singular whose one label column is complete
// ("papers published by the institution \"Tokohu University\""): the
// text can only be that row's label, and since the label's samples are
// all its values the answer is rightly empty. labelOf leaves complete
// labels out because there a quoted text the column lacks may belong to
// another column; text no column holds has no other column to belong to.
// The filter is a value filter on the label, spelled as written, so it
// reaches the table as a stored value would (valueFilter), through a
// path of keys when the table is not a parent of the subject.
func (p *parser) unstoredLabel(t, i int) (bool, *refusal) {
	m := p.ms[i]
	if m.kind != mQuoted || len(m.vals) > 0 || isoLiteral(m.text) || numeric(m.text) {
		return false, nil // a day or a number is no name (dates.go, keyOf)
	}
	info, _, ok := p.singularTable(t)
	if !ok || len(info.labels) != 1 {
		return false, nil
	}
	col := info.cols[info.labels[0]]
	if !isTextual(col.kind) || !col.complete || col.id {
		return false, nil
	}
	if near, ok := nearLabel(col, m.text); ok {
		// "Tokohu University" beside a stored "Tohoku University" is
		// likelier a slip than a name the table lacks: an empty answer
		// would hide it, so the usual refusal stands, naming the value.
		return false, refuseUnresolved("No %s is named %q, but one is named %q: if you meant that one, ask again with its name as stored.", p.ms[t].text, m.text, near)
	}
	p.ms[i].vals = []valueRef{{table: info.idx, col: col.idx, value: m.text, complete: true}}
	p.used[i], p.used[t] = true, true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fValue, col: -1, vals: []int{i}, op: "=", text: p.ms[t].text + " " + m.text})
	return true, nil
}

// nearLabel returns the stored value of col closest to text when it is
// within a slip or two of it (letters swapped, dropped or mistyped; case
// ignored), as a misspelt name is.
func nearLabel(col *colInfo, text string) (string, bool) {
	want := strings.ToLower(text)
	limit := editLimit(want)
	best, bestD := "", limit+1
	for _, v := range col.samples {
		if d := editDistance(strings.ToLower(v), want, limit); d < bestD {
			best, bestD = v, d
		}
	}
	return best, bestD <= limit
}

// quotedClass reports whether a quoted phrase that links whole as one
// column (quotedColumn) names it closely enough to be read as the column:
// every word of its name, or (for a phrase of two words or more) every
// word through general synonyms, as "\"date became clients\"" names
// date_became_customer. A single quoted word through a synonym, or a
// phrase naming only the end of a longer name, is as likely a value the
// schema does not hold.
func quotedClass(n mention, text string) bool {
	switch n.cols[0].class {
	case classExact:
		return true
	case classSynonym:
		return len(tokenize(text)) >= 2
	}
	return false
}

// numeric reports whether quoted text spells a number ("the room '112'"),
// which a row's key or a number column is likelier to hold than its name.
func numeric(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}
