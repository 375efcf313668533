package offline

import (
	"slices"
	"strings"

	"querent/internal/plan"
)

// Period grouping: "average order total per month in 2025", "number of
// orders by quarter", "monthly count of payments". A period word the
// schema's names do not claim (no column is called "month") groups an
// aggregate by a date bucket of one date column: the column the question
// filters on, else the only date column of the aggregated table, else the
// only one among the plan's tables. The rest of the question is planned as
// if the period were not there, and the grouping is then added the way a
// follow-up "by month" adds it (followUp.setGroup), ordered by the period.

// periodLeads are the words that introduce a period noun: "per month",
// "by week", "each quarter", "every year".
var periodLeads = setOf("per", "by", "each", "every")

// periodOuter are the words that may come before a lead and belong to the
// phrase: "for each month", "in every year", "grouped by month", "broken
// down by week".
var periodOuter = setOf("for", "in", "grouped", "group", "down", "broken")

// period is a period phrase found in a question: the bucket it groups by
// and the tokens it spans.
type period struct {
	bucket   string
	text     string
	from, to int
}

// findPeriod returns the one period phrase of the question whose words
// link to nothing in the schema; ok false when there is none, or more than
// one (a question grouped by two periods is not read).
func findPeriod(toks []token, ms []mention) (period, bool) {
	var found []period
	for k, t := range toks {
		if t.kind != tokWord || !unclaimed(ms, k) {
			continue
		}
		w := lower(t.text)
		b, ok := bucketWords[singularOf(w)]
		if !ok {
			b, ok = bucketWords[w]
		}
		if !ok {
			continue
		}
		from := k
		if b == singularOf(w) || b == w {
			// A noun needs its lead: "per month", not "the month".
			if k == 0 || !periodLeads[toks[k-1].text] {
				continue
			}
			from = k - 1
			for from > 0 && periodOuter[toks[from-1].text] {
				from--
			}
		}
		var words []string
		for _, x := range toks[from : k+1] {
			words = append(words, x.raw)
		}
		found = append(found, period{bucket: b, text: strings.Join(words, " "), from: from, to: k + 1})
	}
	if len(found) != 1 {
		return period{}, false
	}
	return found[0], true
}

// unclaimed reports whether token k is inside a mention that links to
// nothing: a period word that names a column ("year") is that column.
func unclaimed(ms []mention, k int) bool {
	for _, m := range ms {
		if m.from <= k && k < m.to {
			return m.kind == mUnknown
		}
	}
	return false
}

// planByPeriod plans the question without its period phrase per, then
// groups the plan's aggregates by the period of its date column. ok is
// false when the rest of the question cannot be planned either.
func (p *Planner) planByPeriod(toks []token, per period, tr *Trace) (*plan.Plan, *refusal, bool) {
	rest := slices.Concat(toks[:per.from], toks[per.to:])
	if len(rest) == 0 {
		return nil, nil, false
	}
	pl, rf := p.planTokens(rest, tr)
	if rf != nil {
		return nil, nil, false
	}
	if tr != nil {
		tr.Links = append(tr.Links, Link{Words: per.text, Kind: "keyword"})
	}
	g, rf := p.groupByPeriod(pl, per)
	if rf != nil {
		return nil, rf, true
	}
	return g, nil, true
}

// groupByPeriod adds the grouping by per's bucket to pl, an aggregate with
// no grouping yet, ordered by the period.
func (p *Planner) groupByPeriod(pl *plan.Plan, per period) (*plan.Plan, *refusal) {
	if !changeable(pl) {
		return nil, refuseUnsupported("%q on this kind of question", per.text)
	}
	fu := &followUp{lx: p.lx, p: p, prev: pl, pl: pl.Clone()}
	if !fu.tablesKnown() {
		return nil, refuseUnsupported("%q on this kind of question", per.text)
	}
	switch {
	case len(fu.aggregates()) == 0:
		return nil, refuseUnresolved("I could not tell what to compute %s: ask for a count or a total, such as \"number of %s per %s\".", per.text, pl.From.Table, per.bucket)
	case len(pl.GroupBy) > 0 || pl.Having != nil || pl.Limit != nil || len(pl.OrderBy) > 0:
		return nil, refuseUnsupported("grouping %q together with another grouping or ranking", per.text)
	}
	col := fu.dateColumn()
	if col == nil || !col.date {
		return nil, refuseUnresolved("I could not tell which date to group %s: %s", per.text, p.dateChoices(fu))
	}
	if rf, ok := fu.setGroup(&mention{text: per.bucket}); rf != nil || !ok {
		return nil, refuseUnsupported("grouping %q on this kind of question", per.text)
	}
	fu.pl.OrderBy = []plan.OrderItem{{Expr: fu.pl.GroupBy[0]}}
	fu.pl.Reason = pl.Reason + ", per " + per.bucket + " of " + col.ref + " in date order"
	return fu.pl, nil
}

// dateChoices names the date columns a period could group, for a refusal.
func (p *Planner) dateChoices(fu *followUp) string {
	var refs []string
	for _, t := range fu.tables {
		for _, c := range t.cols {
			if c != nil && c.date {
				refs = append(refs, c.ref)
			}
		}
	}
	if len(refs) == 0 {
		return "none of " + fu.pl.From.Table + "'s columns is a date."
	}
	return "it could be " + strings.Join(refs, " or ") + "; name the date."
}
