package offline

import (
	"slices"
	"strings"
)

// linkHop returns the hop from a link table up to t, for grouping mention
// g, when the one shortest path from the subject to t goes down to a table
// that references both and up from it to t (students → lives_in → dorms):
// grouping the subject's rows by t then groups the pairs the link table
// holds, one per student and dorm. ok is false for any other path, for two
// equally short ones, and where the reading is doubtful:
//   - t has no label to show the group by (a bare key of a link table is
//     rarely the group meant: "the product ordered most" is no group of
//     orders);
//   - t's label repeats across its rows (allergy_type.allergytype holds
//     three kinds for many allergies): "each allergy type" may then mean
//     each label rather than each row;
//   - the group follows "by", which after a verb names who did something
//     ("papers published by the institution") rather than a grouping;
//   - the question asks for distinct rows ("the number of unique orders
//     containing each product"): a row paired twice with one group would
//     count twice;
//   - the table between holds much of its own (flight: pilot, velocity,
//     altitude): its rows are events, and a count of the subject's rows
//     through it would count the events ("companies operating at each
//     airport" is not the number of flights there);
//   - the subject holds a column named like the link table's key to t
//     (member.party_id): a direct reference the schema does not declare,
//     which the question more likely means.
func (r *resolver) linkHop(g int, t *tableInfo) (hop, bool) {
	if len(t.labels) == 0 || labelsRepeat(t) || r.afterBy(g) || r.f.distinct {
		return hop{}, false
	}
	p, n := r.lx.path(r.subject, t)
	if n != 1 || len(p) != 2 || !p[0].down || p[1].down || !pairsRows(p[0].table) {
		return hop{}, false
	}
	for _, name := range p[1].e.from {
		if r.colByName(r.subject, name) != nil {
			return hop{}, false
		}
	}
	return p[1], true
}

// afterBy reports whether the last meaningful word before mention m is
// "by".
func (r *resolver) afterBy(m int) bool {
	for k := m - 1; k >= 0; k-- {
		switch p := r.ms[k]; {
		case p.kind == mStop:
			continue
		case p.kind == mKeyword && p.kw.kind == kwBy:
			return true
		default:
			return strings.EqualFold(p.text, "by")
		}
	}
	return false
}

// maxLinkOwn is the most columns of its own (besides keys and dates) a
// table may hold and still be read as pairing rows of two others:
// lives_in's room number, authorship's author order.
const maxLinkOwn = 2

// pairsRows reports whether t mostly pairs rows of other tables: its
// columns are keys and dates, with at most maxLinkOwn others.
func pairsRows(t *tableInfo) bool {
	n := 0
	for _, c := range t.cols {
		if c != nil && !c.id && !c.date && !c.year {
			n++
		}
	}
	return n <= maxLinkOwn
}

// groupedThroughLink reports whether t is a group of the question reached
// through a link table: its columns are the group's to show ("the name of
// the activity with the most students").
func (r *resolver) groupedThroughLink(t *tableInfo) bool {
	return r.q != nil && slices.Contains(r.q.linkGroups, t)
}

// labelsRepeat reports whether a label column of t is known to hold fewer
// distinct values than another column of t: both sampled completely, so
// some rows share the label and it does not name one row. Two labels (a
// first and a last name) name a row together, as people are named, though
// each repeats.
func labelsRepeat(t *tableInfo) bool {
	if len(t.labels) > 1 {
		return false
	}
	for _, l := range t.labels {
		lc := t.cols[l]
		if lc == nil || !lc.complete {
			continue
		}
		for _, c := range t.cols {
			if c != nil && c != lc && c.complete && len(c.samples) > len(lc.samples) {
				return true
			}
		}
	}
	return false
}
