package offline

import (
	"slices"
	"strings"
)

// "The names of songs" asks for what a song is called. When the table the
// names belong to has no column whose name holds the word "name", its
// one label column is that name: a "title" (songs.title), or a text column
// named like the table itself (campus.campus); lexicon.go finds them. The
// reading is narrow: the words are "name" or "names" alone, the owner is
// one table, and it has exactly one label.
// The title is taken before a parent's name ("the names of albums" are
// their titles, not their artist's name): the words say the names are
// the owner's. Anything else keeps its earlier reading or refusal.

// labelForName returns the owner's label column for a bare "name(s)"
// mention m that matched none of the owner's columns, or nil.
func (r *resolver) labelForName(m int) []nameRef {
	o, ok := r.f.owner[m]
	if !ok {
		return nil
	}
	if ws := stems(strings.Fields(strings.ToLower(r.ms[m].text))); len(ws) != 1 || ws[0] != stem("name") {
		return nil
	}
	owner := strongest(r.ms[o].tables, classSynonym)
	if len(owner) != 1 {
		return nil
	}
	t := r.lx.tables[owner[0].table]
	for _, c := range t.cols {
		if c != nil && !c.id && slices.Contains(c.stems, stem("name")) {
			// A name column it has: not a label's question. A key named
			// for a name (course.dept_name) is its parent's name.
			return nil
		}
	}
	if len(t.labels) != 1 {
		return nil
	}
	// Without a name column a table's labels are its text title or the
	// text column named like it (lexicon.go): what a row is called, even
	// where it is also the key (a movie's title).
	return []nameRef{{t.idx, t.labels[0], classHead}}
}
