package offline

import "slices"

// Round thirty-two: columns shown beside an aggregate of a parent's rows.
//
//   - rankedThenIts: "What is the name of the department with the most
//     employees and its budget?" lists, after the table counted by a
//     ranking, a column introduced by "its" or "their". The parser read
//     the counted table and the column as a table listed beside a column
//     (the rows shown by their labels) and refused; the pronoun ties the
//     column to the ranked row, so it is one more column shown of it.
//     The resolver still checks that it has one value per group: "and
//     their salaries" (the employees') stays refused.
//   - perParentAgg: "Show the name of each department and the average
//     salary of its employees", "the average age for each dorm and the
//     names of each dorm" show, beside an average or a total per group
//     of a parent's rows, the parent's label or key. projection read such
//     a word in place of the aggregated rows' own column only beside a
//     count (besideagg.go); each group has one value of its parent's
//     columns whatever is aggregated, so the same readings hold.
//
// Measured on the Spider training questions (a–r): +2 correct, +0 wrong
// (two averages and totals per parent); paraphrased questions likewise
// +2, +0. rankedThenIts changes no a–r question; its readings are those
// of the tests (beside3_test.go).

// rankedThenIts reports whether the "and" at i joins the table counted by
// a ranking, mention a, and a column mention b shown after "its" or
// "their": "the name of the department with the most employees and its
// budget".
func (p *parser) rankedThenIts(i, a, b int) bool {
	f := p.f
	return f.countRank && f.counted == a && p.isTable(a) && p.isCol(b) && p.theirBetween(i, b) && slices.Contains(f.project, b)
}

// perParentAgg reports whether the query is an average, total, maximum or
// minimum per group, with no condition on it. Beside a count the groups'
// label (groupLabel), key (groupID) or a parent's column (besideGroup) is
// shown in place of a word first read as the aggregated rows' own column;
// the same holds for any aggregate of those rows. A name word naming the
// grouping column itself (groupNamed) is not read here: "the average age
// and title for each job" may ask for a title column the rows lack.
func (r *resolver) perParentAgg() bool {
	q := r.q
	return q.agg != "" && q.agg != "count" && q.having == "" && len(q.groupBy) > 0
}
