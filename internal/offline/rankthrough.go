package offline

// rankthrough.go: count rankings through a link table that rankLinkName
// (rankrows.go) leaves refused because the link's verb is not right
// before the ranking word or no relative word joins it to X.
//
// "the employee that is certified to fly the most planes" with
// certificate(eid, aid): the infinitive after the link's verb ("to fly")
// only says what the link is about; the link still pairs exactly the rows
// of employee and aircraft, so counting aircraft per employee goes
// through it.
//
// "Which skill is used in fixing the most faults?" with
// skills_required_to_fix(part_fault_id, skill_id): X is what the question
// asks for ("which skill"), the subject of a passive ("is used in") that
// joins it to the link's verb with no relative word. An active verb with
// no relative word ("which part fault requires the most skills") stays
// refused, as rankLinkName refuses it.
//
// The schema, not the verbs, keeps the reading certain, as in
// rankLinkName: the link names exactly the two tables, refers to each by
// one key, and X's table has no parent of its own whose rows the question
// might rather be about.
//
// After X is found, two readings fix what is counted: a column X of a
// table paired with the counted one by one link alone counts the link's
// rows (countedThroughLink), and a column word several tables hold is the
// one of the only table that refers to the counted rows
// (narrowToReferrer).

// rankThroughLink returns X for the count ranking at mention i of the
// table mention y, read through a link table named before i in one of the
// two ways above, and the mentions (the link's verb, and the infinitive
// after it) to mark used; -1 when neither reading holds.
func (p *parser) rankThroughLink(i, y int) (int, []int) {
	var verbs []int
	j := p.prev(i)
	if t := p.prev(j); p.infinitiveAfter(t, j) && !p.sameTableAs(j, y) {
		// "certified to fly the most planes": "to fly" is the link's
		// purpose; the link is the verb before it.
		verbs = append(verbs, j)
		j = t
	}
	if !p.in(j) || p.used[j] || p.ms[j].kind != mName || len(p.ms[j].cols) > 0 {
		return -1, nil
	}
	other, ok := p.linkOther(j, y)
	if !ok {
		return -1, nil
	}
	k := p.prev(j)
	if !p.in(k) || p.used[k] || p.ms[k].kind != mName || len(p.ms[k].cols) > 0 {
		return -1, nil
	}
	rel, passive := false, false
	for s := k + 1; s < j; s++ {
		rel = rel || relWords[lower(p.ms[s].text)]
		passive = passive || beWords[lower(p.ms[s].text)]
	}
	// "Which skill is used in fixing …": the asked-for head is the
	// subject of a passive. With no "be" between ("which part fault
	// requires the most skills"), rankLinkName's caution stands.
	rel = rel || passive && p.askedHead(k)
	xi, ok := p.oneTable(k)
	if !rel || !ok || xi != other || len(p.lx.tables[other].parents) > 0 {
		return -1, nil
	}
	// Count the link's rows: each pairs one X with one Y, so their number
	// per X is the number of Y, and X is their parent by one key however
	// many other paths join X to Y.
	li, _ := p.oneTable(j)
	p.ms[y].tables = []nameRef{{table: li, col: -1, class: p.ms[y].tables[0].class}}
	return k, append(verbs, j)
}

// infinitiveAfter reports whether mention j is an unused name with no
// column of its own, right after the name t with only "to" between: "to
// fly" after "certified".
func (p *parser) infinitiveAfter(t, j int) bool {
	if !p.in(t) || !p.in(j) || j != t+2 || p.ms[t].kind != mName {
		return false
	}
	m := p.ms[j]
	return m.kind == mName && !p.used[j] && len(m.cols) == 0 &&
		p.ms[t+1].kind == mStop && lower(p.ms[t+1].text) == "to"
}

// sameTableAs reports whether mentions a and b each name one table and it
// is the same.
func (p *parser) sameTableAs(a, b int) bool {
	x, okA := p.oneTable(a)
	y, okB := p.oneTable(b)
	return okA && okB && x == y
}

// beWords are the forms of "be" that make a passive ("is used in").
var beWords = setOf("is", "are", "was", "were", "been", "be")

// askedHead reports whether mention k is the head a question word asks
// for: "which" or "what" right before it, as the question's first words
// ("Which skill is used in …").
func (p *parser) askedHead(k int) bool {
	if k < 1 || p.ms[k-1].kind != mStop {
		return false
	}
	if w := lower(p.ms[k-1].text); w != "which" && w != "what" {
		return false
	}
	for s := 0; s < k-1; s++ {
		if p.ms[s].kind != mStop {
			return false
		}
	}
	return true
}

// countedThroughLink reads the count ranking of the rows of table mention
// y per value of column mention x when x's table and y's table refer to
// neither each other but are paired by exactly one link table: "the
// characteristic name used by the most products" with
// product_characteristics(product_id, characteristic_id). Each link row
// pairs one product with one characteristic, so the products per name are
// the link's rows per name, and the name is in the link's parent by one
// key. It points y at the link (what is counted) and reports whether it
// did.
func (p *parser) countedThroughLink(x, y int) bool {
	if !p.isCol(x) || p.isTable(x) || len(p.ms[y].cols) > 0 {
		return false
	}
	yt, okY := p.oneTable(y)
	cs := strongest(p.ms[x].cols, classSynonym)
	if !okY || len(cs) != 1 {
		return false
	}
	c := p.lx.col(cs[0].table, cs[0].col)
	xt := c.table
	if c.id || xt.idx == yt || len(xt.parents[yt]) > 0 || len(p.lx.tables[yt].parents[xt.idx]) > 0 {
		return false
	}
	link := -1
	for _, t := range p.lx.tables {
		if len(t.parents) == 2 && t.refersOnce(xt.idx) && t.refersOnce(yt) && pairsRows(t) {
			if link >= 0 {
				return false // two links: which pairing is meant is not certain
			}
			link = t.idx
		}
	}
	if link < 0 {
		return false
	}
	p.ms[y].tables = []nameRef{{table: link, col: -1, class: p.ms[y].tables[0].class}}
	return true
}

// narrowToReferrer keeps, of the several columns the mention x may mean,
// the one whose table refers to the counted table mention y by one key,
// when exactly one does: in "the year with the most courses", year is
// section's, teaches' and takes', and only section refers to a course, so
// counting courses per year counts sections (countedVia then points y at
// them). A column of y's own table among them keeps the mention as it is:
// the counted rows' own values are what they are counted by.
func (p *parser) narrowToReferrer(x, y int) {
	if !p.isCol(x) || p.isTable(x) || len(p.ms[y].cols) > 0 {
		return
	}
	yt, okY := p.oneTable(y)
	cs := strongest(p.ms[x].cols, classSynonym)
	if !okY || len(cs) < 2 {
		return
	}
	var keep []nameRef
	for _, r := range cs {
		c := p.lx.col(r.table, r.col)
		if r.table == yt {
			return // a column of the counted rows themselves: counted per its values
		}
		if !c.id && c.table.refersOnce(yt) {
			keep = append(keep, r)
		}
	}
	if len(keep) == 1 {
		p.ms[x].cols = keep
	}
}
