package offline

import "slices"

// Round twenty-three: "How many credits does course CIS-220 have, and what
// is its description?". Two readings that the grammar and the schema
// settle:
//
//   - "how many <numeric column>" about one row: the conditions pin the
//     rows by an equality on a key or on a column whose values are all
//     different, of the counted column's own table, and nothing groups.
//     A count of the distinct values of one row is 1 and a total is the
//     value itself, so the question asks for the value: the column is
//     shown, not counted (oneRowCount). Without such a condition it is
//     still refused as a count of values or the values themselves;
//   - a column asked for by the second of two joined questions after a
//     count: twoclause.go drops the "what" of "…, and what (is) its
//     description?", which leaves the column looking like a condition
//     with no value; askedInSecond shows it instead, and countThenShown
//     lets it stand beside the count only for the resolver to read the
//     count as one row's value (or refuse as before). A list restating
//     the count ("… have? List the number and club id") is not a joined
//     question and is left to countlist.go.
//
// The "has a X" form with nothing after ("employees who got a commission")
// is not read: its only training questions count the column without a
// condition, or test a column that stores the text 'null' for a missing
// value, where a "holds a value" reading would have to refuse; so no rule
// could be measured.
//
// Measured on the Spider training questions (a–r): +1 correct, +0 wrong;
// paraphrased questions +1 correct, +0 wrong.

// oneRowCount reports whether counted numeric column col belongs to the
// one row the question's conditions pick (see above).
func (r *resolver) oneRowCount(col *colInfo) bool {
	if len(r.f.groups) > 0 || r.f.having != "" || len(r.q.groupBy) > 0 {
		return false
	}
	for _, c := range r.q.conds {
		if c.op != "=" || len(c.vals) != 1 || c.other != nil || c.child != nil || c.sub != nil || c.avg || c.extreme != "" {
			continue
		}
		if c.col.table != col.table || c.col == col {
			continue
		}
		if c.col.unique || isPK(c.col.table, []*colInfo{c.col}) {
			return true
		}
	}
	return false
}

// askedInSecond reports whether column mention i is what the second of
// two joined questions asks for after a first that counts ("How many
// credits …, and what is its description?", twoclause.go): it opens that
// clause past stop words other than relative words, so no condition of
// its own can hold it. Only after a count: the columns then stand beside
// it only when the resolver reads the count as one row's value
// (countThenShown), while a second clause after a list of rows is left
// to shownInClause.
func (p *parser) askedInSecond(i int) bool {
	if p.second < 0 || i < p.second || !slices.ContainsFunc(p.ms[:p.second], func(m mention) bool { return m.kind == mKeyword && m.kw.kind == kwCount }) {
		return false
	}
	for j := p.second; j < i; j++ {
		if p.ms[j].kind != mStop || relWords[lower(p.ms[j].text)] {
			return false
		}
	}
	return true
}

// countThenShown reports whether the columns shown beside a count are
// all asked for by the joined second question and the count is of a
// column, not of rows ("How many credits …, and what is its
// description?"): the resolver may read the count as that column's value
// in one row (oneRowCount), and refuses it otherwise.
func (p *parser) countThenShown() bool {
	f := p.f
	if f.agg != "count" || f.measure < 0 || p.second < 0 || f.measure >= p.second || len(f.moreAggs) > 0 || f.countGroups || f.rows || len(f.sorts) > 0 {
		return false
	}
	for _, m := range f.project {
		if m < p.second {
			return false
		}
	}
	return true
}
