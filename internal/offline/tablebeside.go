package offline

// tablebeside.go reads a table listed beside columns, where the keys
// leave one join path and one grouping: a table's columns beside a count
// of its children (listedParent), "for each T, … its X" (eachFront) and
// "the Xs and the Ys that they are in" (theyAfter).
//
// listedParent: "Show id, first name and last name for all customers and
// the number of accounts", "the tourist attractions' names, ids, and the
// corresponding number of visits" say nothing ("each", "per") about what
// the count is per. The columns listed belong to the one table named
// before the count; the count, closing the list after "and" or a comma,
// is of rows of a table that refers to that table by exactly one foreign
// key, so it is a count per row of the named table, as if the question
// had said "for each customer" (eachTable reads the same with a closing
// "each"): grouped by the parent's key, with the parent's columns shown.
// The children are joined, so a parent with none is not listed (a count
// of zero would need the question to say "including those with none").

// listedParent returns the table mention the count is per, or -1: the
// one table named before the count, whose columns are listed before it,
// when the counted table is its child through one foreign key.
func (p *parser) listedParent() int {
	f := p.f
	if f.agg != "count" || p.countAt < 0 || f.counted < 0 || f.counted < p.countAt || len(f.moreAggs) > 0 ||
		len(f.groups) > 0 || f.rows || f.countGroups || f.countRank || len(f.project) == 0 || f.having != "" {
		return -1
	}
	if !p.countClosesList(p.countAt) {
		return -1
	}
	t := -1
	for j := 0; j < p.countAt; j++ {
		// A word that may be a column as well ("name") is a column listed.
		if !p.isTable(j) || p.isCol(j) {
			continue
		}
		if t >= 0 {
			return -1
		}
		t = j
	}
	if t < 0 {
		return -1
	}
	for _, m := range f.project {
		if m > p.countAt {
			return -1
		}
	}
	pi, okP := p.oneTable(t)
	ci, okC := p.oneTable(f.counted)
	if !okP || !okC || !p.lx.tables[ci].refersOnce(pi) {
		return -1
	}
	return t
}

// countClosesList reports whether the count keyword at i closes a list:
// "and" or a comma stands before it, with only stop words between ("and
// the corresponding number").
func (p *parser) countClosesList(i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch m := p.ms[j]; {
		case m.kind == mKeyword && (m.kw.kind == kwAnd || m.kw.kind == kwComma):
			return true
		case m.kind != mStop:
			return false
		}
	}
	return false
}

// eachFront: "For each party, return its theme and the name of its host"
// names the rows first and points back to them with "its": the theme is
// the party's, and the host is reached from the party along the keys.
// Without a count or other aggregate after the comma, "for each" groups
// nothing; it is the owner of the first "its" column, as in "return the
// theme of the party and the name of its host", which the parser reads.
// The rewrite moves the table there: "its X" (the words up to "and", a
// comma or the end) becomes "the X of the T". Only a short plain phrase
// (one to four words) before the comma, every item listed after it tied
// to the row by "its" or "their", and no aggregate or ranking word: "for
// each party, return its theme and the number of its hosts" asks a count
// per party, left as it was.

// eachFrontAggs are words that make the rest of the question an aggregate
// or a ranking per row named in front, which the rewrite would lose.
var eachFrontAggs = setOf("number", "count", "many", "much", "average", "avg", "mean", "total", "sum",
	"maximum", "minimum", "max", "min", "most", "least", "highest", "lowest", "largest", "smallest",
	"greatest", "fewest", "biggest", "longest", "shortest", "oldest", "youngest")

// eachFront returns toks with a leading "for each T, … its X …" rewritten
// as "… the X of the T …", or toks unchanged.
func eachFront(toks []token) []token {
	if len(toks) < 6 || toks[0].text != "for" || toks[1].text != "each" && toks[1].text != "every" {
		return toks
	}
	comma := -1
	for k := 2; k < len(toks) && k <= 6; k++ {
		if toks[k].kind == tokSymbol && toks[k].text == "," {
			comma = k
			break
		}
		if toks[k].kind != tokWord {
			return toks
		}
	}
	if comma < 3 {
		return toks
	}
	its := -1
	tied := false // the current item of the list says "its"
	for k := comma + 1; k <= len(toks); k++ {
		if k == len(toks) || toks[k].kind == tokSymbol && toks[k].text != "'" || toks[k].text == "and" {
			if !tied {
				// "for each cellphone, show its names and inventory
				// quantity": an item not tied to the row by "its" may be
				// a total per row.
				return toks
			}
			if k == len(toks) || toks[k].text == "." || toks[k].text == "?" {
				break // a later sentence may sort the rows by itself
			}
			tied = false
			continue
		}
		t := toks[k]
		if t.kind == tokWord && eachFrontAggs[t.text] {
			return toks
		}
		if t.kind == tokWord && (t.text == "its" || t.text == "their") {
			tied = true
			if its < 0 {
				its = k
			}
		}
	}
	if its < 0 {
		return toks
	}
	end := its + 1
	for end < len(toks) && toks[end].kind == tokWord && toks[end].text != "and" {
		end++
	}
	if end == its+1 || end-its > 4 {
		return toks
	}
	out := make([]token, 0, len(toks))
	out = append(out, toks[comma+1:its]...)
	out = append(out, wordToken("the"))
	out = append(out, toks[its+1:end]...)
	out = append(out, wordToken("of"), wordToken("the"))
	out = append(out, toks[2:comma]...)
	return append(out, toks[end:]...)
}

// theyAfter: "What are the names of actors and the musicals that they are
// in?" pairs each actor with the musical it is in, as "actors and their
// musicals" does (twotables.go): table mention b is followed by a word
// opening a relative clause (relativeWords: "that", "which", …) and
// "they", and nothing after that but function words to the end of the
// question ("they are in"). A clause naming anything ("that won awards")
// is a condition, left to the readings that refuse it.
func (p *parser) theyAfter(b int) bool {
	k := b + 1
	if !p.in(k) || p.ms[k].kind != mStop || !relativeWords[lower(p.ms[k].text)] {
		return false
	}
	they := false
	for k++; p.in(k); k++ {
		if p.ms[k].kind != mStop {
			return false
		}
		they = they || lower(p.ms[k].text) == "they"
	}
	return they
}
