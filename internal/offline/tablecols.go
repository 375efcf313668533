package offline

import (
	"slices"
	"strings"
)

// A table named in a list of columns is read by where it stands:
//
//   - after the list, introduced by a preposition ("the ids and details for
//     all projects"), it names the rows the columns belong to, as "of"
//     does in "the names of all students";
//   - right before a column it holds ("film title", "apartment numbers"),
//     it is that column's table;
//   - after "of", closing a column's phrase ("the themes of parties and
//     …"), it is that column's owner;
//   - as an item of a list closed by "of" and another table ("the id and
//     star rating of each hotel"), it is a parent of that table's rows,
//     shown by the rows' key to it (a code named for it) or its labels.
//
// Any other table beside a column is shown by its labels when it is the
// question's table (shape.go), and refused otherwise.

// rowsPrepositions introduce the rows a list of columns is about.
var rowsPrepositions = setOf("for", "of")

// rowsDeterminers may stand between such a preposition and the table.
var rowsDeterminers = setOf("all", "the", "every", "these", "those")

// rowsPhrase reports whether table mention b, the next content mention
// after the list separator at i, is introduced by a preposition naming the
// rows ("… and details for all the projects"): the words between are stop
// words ending in "for" or "of" and any determiners. A word between that
// the list may itself have named ("details", a column word the schema does
// not link) is left to the shapes that read it.
func (p *parser) rowsPhrase(i, b int) bool {
	if b <= i+1 {
		return false
	}
	j := b - 1
	for j > i && p.ms[j].kind == mStop && rowsDeterminers[lower(p.ms[j].text)] {
		j--
	}
	return j > i && p.ms[j].kind == mStop && rowsPrepositions[lower(p.ms[j].text)]
}

// ownsListed reports whether table mention t owns a column named before it
// ("the themes of parties and …"): it closes that column's phrase rather
// than being an item of the list.
func (p *parser) ownsListed(t int) bool {
	for c, o := range p.f.owner {
		if o == t && c < t {
			return true
		}
	}
	return false
}

// listOwned reports whether the list of columns holding table mention t,
// whose item b follows a separator, is closed by "of" and another table
// ("the id and star rating of each hotel", "the category and price of
// the product"): the table the list is about, which t, listed as an item,
// is then a parent of.
func (p *parser) listOwned(b, t int) bool {
	if p.ofBefore(t) {
		// "the ids of each employee and the name of the country": the
		// table closes a phrase of its own.
		return false
	}
	end := b
	for {
		n := p.next(end)
		if !p.is(n, kwAnd, kwComma) {
			break
		}
		if m := p.next(n); p.is(m, kwAnd) {
			n = m
		}
		if m := p.next(n); p.isCol(m) || p.isTable(m) {
			end = m
			continue
		}
		break
	}
	o := p.ofTableAfter(end)
	return o >= 0 && o != t && !sameTables(p.ms[o].tables, p.ms[t].tables)
}

// ofTableAfter returns the table mention introduced by "of" (with any
// determiners, or as "of each") right after mention j, or -1.
func (p *parser) ofTableAfter(j int) int {
	k := j + 1
	switch {
	case !p.in(k):
		return -1
	case p.ms[k].kind == mKeyword && strings.HasPrefix(lower(p.ms[k].text), "of "):
		k++
	case p.ms[k].kind == mStop && lower(p.ms[k].text) == "of":
		k++
		for p.in(k) && p.ms[k].kind == mStop && rowsDeterminers[lower(p.ms[k].text)] {
			k++
		}
	default:
		return -1
	}
	if !p.isTable(k) || p.isCol(k) {
		return -1
	}
	return k
}

// showOwnedLabels shows the labels of table mention m, listed among the
// columns of the question's rows, as those rows' parent: "the id and star
// rating of each hotel" is the hotel's id and the label of the star
// rating it refers to. The table must be certain, a different table the
// rows reference through exactly one foreign key, and have labels; it
// reports false, leaving m to be read as the rows' own table, otherwise.
func (r *resolver) showOwnedLabels(m mention) (bool, *refusal) {
	f, q := r.f, r.q
	cands := strongest(m.tables, classSynonym)
	if len(cands) != 1 || len(q.project) == 0 {
		return false, nil
	}
	t := r.lx.tables[cands[0].table]
	if !r.subject.refersOnce(t.idx) {
		return false, nil
	}
	var labels []*colInfo
	if k := r.keyNaming(t, m); k != nil && (len(t.labels) == 0 || isTextual(k.kind)) {
		// A table of codes ("the star rating of each hotel",
		// Ref_Hotel_Star_Ratings): the rows' own key to it, when that
		// column is named for the table (star_rating_code) and is the
		// code itself or the only way to tell the parent's rows apart. A
		// number keying a labelled parent (director_id) is a surrogate:
		// the parent is shown by its labels.
		labels = append(labels, k)
	} else if len(t.labels) == 0 {
		return false, nil
	} else {
		if rf := r.reach(t); rf != nil {
			return true, rf
		}
		for _, l := range t.labels {
			if c := t.cols[l]; !slices.Contains(q.project, c) {
				labels = append(labels, c)
			}
		}
	}
	if f.labelsFirst {
		q.project = append(labels, q.project...)
	} else {
		q.project = append(q.project, labels...)
	}
	return true, nil
}

// keyNaming returns the one column by which the question's rows refer to
// parent t when its name holds the last word of mention m, written out or
// cut short ("star rating": star_rating_code; "cross references":
// cmi_cross_ref_id), or nil.
func (r *resolver) keyNaming(t *tableInfo, m mention) *colInfo {
	edges := r.subject.parents[t.idx]
	if len(edges) != 1 || len(edges[0].from) != 1 {
		return nil
	}
	k := r.colByName(r.subject, edges[0].from[0])
	words := strings.Fields(lower(m.text))
	if k == nil || len(words) == 0 {
		return nil
	}
	head := words[len(words)-1]
	for i, w := range k.words {
		if k.stems[i] == stem(head) || truncates(w, head) {
			return k
		}
	}
	return nil
}

// ofBefore reports whether "of" (with any determiners, or as "of each")
// introduces mention t.
func (p *parser) ofBefore(t int) bool {
	k := t - 1
	for k >= 0 && p.ms[k].kind == mStop && rowsDeterminers[lower(p.ms[k].text)] {
		k--
	}
	if k < 0 {
		return false
	}
	w := lower(p.ms[k].text)
	return w == "of" || p.ms[k].kind == mKeyword && strings.HasPrefix(w, "of ")
}

// strongModifier reports whether table mention b modifies the column
// named right after it ("film title", "apartment numbers"): the table is
// that column's, not an item of a list. Both must link by their own
// words, not through a synonym: "flight length" for all airplanes may be
// the airplane's distance as well.
func (p *parser) strongModifier(b int) bool {
	if !slices.Contains(p.f.modifiers, b) || !p.isCol(b+1) {
		return false
	}
	for _, tr := range p.ms[b].tables {
		if tr.class >= classSynonym {
			continue
		}
		for _, cr := range p.ms[b+1].cols {
			if cr.table == tr.table && cr.class < classSynonym {
				return true
			}
		}
	}
	return false
}
