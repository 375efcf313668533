package offline

import (
	"slices"
	"strings"

	"querent/internal/schema"
)

// ownDetails returns, among a table's several details columns, the one
// named for the table itself (asset_details beside other_asset_details
// in assets): "the details" of an asset are the asset's details, and the
// "other" ones are the rest. Nil when no one column is so named.
func ownDetails(t *tableInfo) *colInfo {
	var found *colInfo
	for _, c := range detailsCols(t) {
		if !c.qualified || len(c.stems) != len(t.stems)+1 {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// tableDetails returns the column holding a table's details: its one
// details column, else among several the one named for the table
// (ownDetails); nil when neither is one column.
func tableDetails(t *tableInfo) *colInfo {
	if c := detailsColumn(t); c != nil {
		return c
	}
	return ownDetails(t)
}

// parentDetails finds the details a list asks for beside the columns of
// a table that has none: "invoice dates and order id and details for all
// invoices" shows the order's details, since the order id shown is the
// key of the one parent that has a details column. Nil when no shown key
// leads to such a parent, or more than one does.
func (r *resolver) parentDetails() *colInfo {
	var found *colInfo
	for pi, edges := range r.subject.parents {
		if len(edges) != 1 || len(edges[0].from) != 1 {
			continue
		}
		shown := false
		for _, c := range r.q.project {
			if c.table == r.subject && strings.EqualFold(c.name, edges[0].from[0]) {
				shown = true
			}
		}
		if !shown {
			continue
		}
		parent := r.lx.tables[pi]
		d := tableDetails(parent)
		if d == nil {
			continue
		}
		if found != nil {
			return nil
		}
		found = d
	}
	if found == nil || slices.Contains(r.q.project, found) {
		return nil
	}
	return found
}

// describingColumn returns the one column in prose that says what a row
// of a table with no name or title is: role_description beside
// role_code, address_details beside address_id. "The role of the
// employee named Koby" asks what the role is, which its code alone does
// not say. Nil when the table has a label, or no or several such columns.
func describingColumn(t *tableInfo) *colInfo {
	if len(t.labels) > 0 {
		return nil
	}
	var found *colInfo
	for _, c := range t.cols {
		if c == nil || c.id || !isTextual(c.kind) || !describingWords[c.words[len(c.words)-1]] {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// asksWho reports whether the question opens with "who": it asks for a
// person ("who made the latest order?"), whom a row's prose does not name.
func (r *resolver) asksWho() bool {
	for _, m := range r.ms {
		if m.lead && m.kind == mStop && lower(m.text) == "who" {
			return true
		}
	}
	return false
}

// emptyColumn reports whether a column is known only to hold nothing:
// its table has no rows. Its samples are then "complete" and say nothing
// of the values a question may give ("the song 'Le Pop'" in a database
// not yet filled), so a value missing from them is no reason to refuse.
func emptyColumn(t *schema.Table, c *schema.Column) bool {
	return t.RowCount == 0 && len(c.Samples) == 0
}

// likeDetailsVerbs may stand between a details word and the pattern it
// takes: "whose details had the substring 'Dr.'", "whose detail contains
// the word" (settleLikes leaves "contains" before "the word" a plain word).
var likeDetailsVerbs = setOf("had", "has", "have", "that", "which", "contain", "contains", "containing",
	"include", "includes", "including", "with")

// likeDetails finds the column of a text pattern at k given by a details
// word right before it ("participants whose details had the substring
// 'Dr.'", "the resident details containing 'Miss'"): the details column
// of the table named just before that word, when the table has one such
// column. It turns the word into that column's mention and returns it
// with whether the column is also what the question shows (not after
// "whose"); -1 when the pattern follows no such word.
func (p *parser) likeDetails(k int) (int, bool) {
	d := k - 1
	for d >= 0 && p.ms[d].kind == mStop && likeDetailsVerbs[lower(p.ms[d].text)] {
		d--
	}
	if d < 0 || p.ms[d].kind != mStop || !detailWords[lower(p.ms[d].text)] || p.used[d] {
		return -1, false
	}
	t, whose := d-1, false
	if t >= 0 && p.ms[t].kind == mStop && lower(p.ms[t].text) == "whose" {
		t, whose = t-1, true
	}
	if !p.isTable(t) {
		return -1, false
	}
	ti, ok := p.oneTable(t)
	if !ok {
		return -1, false
	}
	info := p.lx.tables[ti]
	c := tableDetails(info)
	if c == nil {
		return -1, false
	}
	p.ms[d].kind = mName
	p.ms[d].cols = []nameRef{{table: info.idx, col: c.idx, class: classExact}}
	p.rereadEverything()
	return d, !whose
}

// rereadEverything sets the frame's everything and details marks from
// the plain words: "all the information", "the details of all products".
// It runs again once a details word has become a pattern's column. A
// details word before a value ("the visitor with detail 'Vincent'",
// "whose details are 'Vincent'") names a column to filter on: it asks
// neither for every column nor for the details column to be shown.
func (p *parser) rereadEverything() {
	p.f.everything, p.f.details = false, false
	for k, m := range p.ms {
		if m.kind != mStop || !everythingWords[lower(m.text)] {
			continue
		}
		n := nextContent(p.ms, k)
		valueNext := n >= 0 && (p.ms[n].kind == mQuoted || p.ms[n].kind == mValue)
		if detailWords[lower(m.text)] && valueNext {
			continue
		}
		p.f.everything = true
		p.f.details = p.f.details || detailWords[lower(m.text)]
	}
}

// likeFrom reports whether a pattern keyword is "starts from": a pattern
// only before quoted text ("a stock number that starts from "2""), since
// before a number it is a lower bound.
func likeFrom(m mention) bool {
	return strings.HasSuffix(lower(m.text), " from")
}

// likeOwnColumn finds the column of a text pattern at k named by a word
// that is also a table: "customers whose address contains TN" means the
// customers' own customer_address, not the addresses table, when the
// table before "whose" has exactly one text column ending in that word.
// It turns the word into that column's mention and returns it; -1 when
// the pattern does not follow "<table> whose <word>".
func (p *parser) likeOwnColumn(k int) int {
	w := p.prev(k)
	if !p.isTable(w) || p.used[w] || w < 2 || w != k-1 && !p.onlyWords(w, k, "that", "which") {
		return -1
	}
	if b := w - 1; p.ms[b].kind != mStop || lower(p.ms[b].text) != "whose" || !p.isTable(b-1) {
		return -1
	}
	oi, ok := p.oneTable(w - 2)
	if !ok {
		return -1
	}
	owner := p.lx.tables[oi]
	word := stems(canonicalWords(splitIdent(p.ms[w].text)))
	var found *colInfo
	for _, c := range owner.cols {
		if c == nil || c.id || !isTextual(c.kind) || len(word) == 0 || len(c.stems) <= len(word) ||
			!slices.Equal(c.stems[len(c.stems)-len(word):], word) {
			continue
		}
		if found != nil {
			return -1
		}
		found = c
	}
	if found == nil {
		return -1
	}
	p.ms[w].tables = nil
	p.ms[w].cols = []nameRef{{table: owner.idx, col: found.idx, class: classExact}}
	return w
}
