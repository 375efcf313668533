package offline

import (
	"slices"
	"strconv"
	"strings"

	"querent/internal/schema"
)

// Values whose column the question leaves unsaid, settled by what the
// schema itself makes certain, and refused where two readings stay:
//
//   - a column declared NUMBER(7,2) (Oracle's spelling, NUMERIC affinity in
//     SQLite) holds numbers, and one declared NUMBER(9,0) or DECIMAL(4,0)
//     holds whole numbers, so "flights with price higher than 300" compares
//     numbers and "employees in department 80" names a row by its key;
//   - a number quoted as text ("whose major is '600'") compared with a
//     numeric column is that number; a number compared with a text column
//     whose every value is digits of its width ("took office after 1961")
//     is compared as text, which orders them the same;
//   - of two columns holding a value: the key copy of the other, when the
//     question names its rows ("students from the History department");
//     the origin after "from" and the destination after "to"; the table's
//     label when the value is written beside the table's name ("the
//     'Spanish' course");
//   - a number with no column: "3000 in amount" compares the column after
//     "in"; a bare "under 40" said of rows with one age column is the age;
//     a numeric column right after "top N" ranks the rows ("the top 3
//     durations"); a year after "or" that follows a year is its alternative
//     ("in either 1999 or 2000");
//   - quoted text a row "has in" a text column ("'a' in their names") is a
//     pattern the column contains.

// declaredKind refines the schema's kind of a column from its declared
// type where the type's scale settles it: NUMBER with no scale or a scale
// of 0, and DECIMAL or NUMERIC with a scale of 0, are whole numbers; any
// other NUMBER is a number with a fraction. Other kinds are kept.
func declaredKind(c schema.Column) schema.Kind {
	t := strings.ToLower(strings.TrimSpace(c.Type))
	base, args, _ := strings.Cut(t, "(")
	base = strings.TrimSpace(base)
	args = strings.TrimSuffix(strings.TrimSpace(args), ")")
	switch base {
	case "number":
	case "decimal", "numeric", "dec":
		if c.Kind != schema.KindReal {
			return c.Kind
		}
		if _, scale, ok := strings.Cut(args, ","); !ok || strings.TrimSpace(scale) != "0" {
			return c.Kind
		}
		return schema.KindInteger
	default:
		return c.Kind
	}
	if args == "" {
		return schema.KindReal
	}
	prec, scale, two := strings.Cut(args, ",")
	if _, err := strconv.Atoi(strings.TrimSpace(prec)); err != nil {
		return c.Kind
	}
	if !two || strings.TrimSpace(scale) == "0" {
		return schema.KindInteger
	}
	return schema.KindReal
}

// quotedNumber reads quoted text compared with a numeric column as the
// number it spells ("600" is 600), and reports whether it is one.
func quotedNumber(col *colInfo, s string) (any, bool) {
	if !col.kind.Numeric() {
		return nil, false
	}
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true
	}
	if col.kind == schema.KindReal {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, true
		}
	}
	return nil, false
}

// keyCopy drops from the columns holding a value the one that another of
// them copies through a foreign key: "students from the History
// department" finds "History" in department.dept_name and in
// student.dept_name, which references it, and both say the same. The copy
// is kept when the question names the rows holding it (the students),
// as the words "from the History department" are said of them; columns
// that no key ties together stay, for the caller to ask which is meant.
func (r *resolver) keyCopy(cols []valueRef) []valueRef {
	if len(cols) != 2 || cols[0].table == cols[1].table {
		return cols
	}
	for k, child := range cols {
		parent := cols[1-k]
		if r.copies(child, parent) && slices.Contains(r.named, r.lx.tables[child.table]) {
			return []valueRef{child}
		}
	}
	return cols
}

// copies reports whether column child is a one-column foreign key to
// column parent.
func (r *resolver) copies(child, parent valueRef) bool {
	from, to := r.lx.col(child.table, child.col), r.lx.col(parent.table, parent.col)
	for _, e := range r.lx.tables[child.table].parents[parent.table] {
		if len(e.from) == 1 && strings.EqualFold(e.from[0], from.name) && strings.EqualFold(e.to[0], to.name) {
			return true
		}
	}
	return false
}

// fromWords and toWords name the two ends of a movement: "flights from Los
// Angeles" is the origin, "to Honolulu" the destination.
var (
	fromWords = setOf("origin", "source", "departure", "depart", "departing", "start", "starting", "from", "sender")
	toWords   = setOf("destination", "dest", "arrival", "arrive", "arriving", "end", "ending", "to", "target", "recipient", "receiver")
)

// direction keeps, of two columns holding a value, the one the
// preposition before the value names an end of: "from" the origin column,
// "to" the destination, when one column is named for each end.
func (r *resolver) direction(fs filterSpec, cols []valueRef) []valueRef {
	if len(cols) != 2 || len(fs.vals) == 0 || fs.vals[0] == 0 {
		return cols
	}
	prev := r.ms[fs.vals[0]-1]
	if prev.kind != mStop {
		return cols
	}
	var want, other map[string]bool
	switch lower(prev.text) {
	case "from":
		want, other = fromWords, toWords
	case "to":
		want, other = toWords, fromWords
	default:
		return cols
	}
	for k, c := range cols {
		a, b := r.lx.col(c.table, c.col).words, r.lx.col(cols[1-k].table, cols[1-k].col).words
		if anyIn(a, want) && !anyIn(a, other) && anyIn(b, other) && !anyIn(b, want) {
			return []valueRef{c}
		}
	}
	return cols
}

// anyIn reports whether any of the words is in the set.
func anyIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return true
		}
	}
	return false
}

// distinctColumns lists each column of refs once, in order.
func distinctColumns(refs []valueRef) []valueRef {
	var out []valueRef
	for _, v := range refs {
		if !slices.ContainsFunc(out, func(o valueRef) bool { return o.table == v.table && o.col == v.col }) {
			out = append(out, v)
		}
	}
	return out
}

// loneNumber reads a number compared with no column named before it: one
// followed by "in" and a numeric column compares that column ("a loan of
// more than 3000 in amount"); one after "over", "under", "above" or
// "below" and followed by nothing that names a thing ("people under 40")
// may be an age, which the resolver settles (loneFilter).
func (p *parser) loneNumber(i, cmp, c int, op string) bool {
	m := p.ms[i]
	if m.kind != mNumber || cmp < 0 || op == "=" || op == "!=" || p.isCol(c) || p.used[cmp] {
		return false
	}
	if _, year := yearOf(m.num); year || m.text == "" || m.text[0] < '0' || m.text[0] > '9' {
		// a year, or a number word ("at least two records"), which
		// counts more often than it compares
		return false
	}
	if n := i + 2; n < len(p.ms) && p.ms[i+1].kind == mStop && lower(p.ms[i+1].text) == "in" && p.numericCol(n) && !p.used[n] {
		// "a loan of more than 3000 in amount": the column follows "in".
		p.used[i], p.used[cmp], p.used[n] = true, true, true
		p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: n, op: op, lit: m.num, text: p.ms[cmp].text + " " + m.text + " in " + p.ms[n].text})
		return true
	}
	switch lower(p.ms[cmp].text) {
	case "over", "under", "above", "below":
	default:
		return false
	}
	if n := i + 1; n < len(p.ms) && p.ms[n].kind != mKeyword && !(p.ms[n].kind == mStop && hardStops[lower(p.ms[n].text)]) {
		// "at least 2 records", "over 30 km": the word after the number
		// says what it counts or measures
		return false
	}
	p.used[i], p.used[cmp] = true, true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: -1, lone: true, op: op, lit: m.num, text: p.ms[cmp].text + " " + m.text})
	return true
}

// loneFilter reads a number no word tied to a column as an age: "people
// under 40", "students over 18". Said of rows with an age column, a bare
// "under N" or "over N" is their age in plain English; a number no one
// could be old (over 130), or rows with no one age column ("products over
// 100": a price? a stock?), leave which column is meant uncertain, and the
// question is refused.
func (r *resolver) loneFilter(fs filterSpec) (condSpec, *refusal) {
	var ages []*colInfo
	for _, c := range r.subject.cols {
		if c != nil && c.numeric && slices.Contains(c.words, "age") {
			ages = append(ages, c)
		}
	}
	n, whole := fs.lit.(int64)
	if len(ages) != 1 || !whole || n < 0 || n > maxAge {
		return condSpec{}, refuseUnresolved("I could not tell what %s refers to: name the column it is a value of (for example: with quantity %s).", fs.text, fs.text)
	}
	return condSpec{col: ages[0], op: fs.op, vals: []any{fs.lit}}, nil
}

// maxAge bounds the ages a bare number may be.
const maxAge = 130

// quotedInside reads quoted text that a row "has in" one of its text
// columns ("artists that have 'a' in their names", "with 'Ha' in its
// title") as a pattern the column contains, and reports whether it did.
func (p *parser) quotedInside(i int) bool {
	if i == 0 || p.ms[i].kind != mQuoted || p.ms[i-1].kind != mStop {
		return false
	}
	switch lower(p.ms[i-1].text) {
	case "have", "has", "had", "having", "with":
	default:
		return false
	}
	n := p.next(i)
	if !p.isCol(n) || p.used[n] || n < i+3 || lower(p.ms[i+1].text) != "in" || !p.onlyWords(i, n, "in", "their", "its", "his", "her", "the") {
		return false
	}
	for _, r := range strongest(p.ms[n].cols, classSynonym) {
		// the column's own words, not a synonym ("titles" for a name)
		if r.class > classHead || !isTextual(p.lx.col(r.table, r.col).kind) {
			return false
		}
	}
	text := p.ms[i].text
	if text == "" || strings.ContainsAny(text, "%_") {
		return false
	}
	p.used[i], p.used[n] = true, true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fLit, col: n, op: "like", lit: "%" + text + "%", text: p.ms[n].text + " with " + text})
	return true
}

// labelBeside keeps, of two columns of one table holding a value, the
// table's label when the value is written beside the table's name: "the
// 'Spanish' course" is the course named Spanish, though a description
// may mention Spanish too.
func (r *resolver) labelBeside(fs filterSpec, cols []valueRef) []valueRef {
	if len(cols) != 2 || cols[0].table != cols[1].table || len(fs.vals) != 1 {
		return cols
	}
	t := r.lx.tables[cols[0].table]
	if len(t.labels) != 1 {
		return cols
	}
	v := fs.vals[0]
	beside := false
	for _, n := range []int{v - 1, v + 1} {
		if n < 0 || n >= len(r.ms) || r.ms[n].kind != mName || r.ms[n].plural || len(r.ms[n].cols) > 0 {
			continue
		}
		refs := strongest(r.ms[n].tables, classSynonym)
		beside = beside || len(refs) == 1 && refs[0].table == t.idx
	}
	if !beside {
		return cols
	}
	for _, c := range cols {
		if c.col == t.labels[0] {
			return []valueRef{c}
		}
	}
	return cols
}

// sameWidthDigits reports whether every value of a text column is known
// and written in as many digits as the number n ("1957" … "1961" beside
// 1961): compared as text, such values order as their numbers do, so
// "took office after 1961" may compare a year stored as text.
func sameWidthDigits(col *colInfo, n int64) bool {
	if !isTextual(col.kind) || !col.complete || len(col.samples) == 0 || n < 0 {
		return false
	}
	width := len(strconv.FormatInt(n, 10))
	for _, s := range col.samples {
		if len(s) != width || strings.TrimLeft(s, "0123456789") != "" {
			return false
		}
	}
	return true
}

// yearOr reads a year right after "or" that follows a year ("movies in
// 1999 or 2000") as the other year of the same condition: the "or" then
// joins two conditions, as in "district 1 or 2".
func (p *parser) yearOr(i, cmp, c int) bool {
	y, ok := yearOf(p.ms[i].num)
	k := len(p.f.filters) - 1
	if !ok || p.ms[i].kind != mNumber || cmp >= 0 || c != i-1 || !p.is(c, kwOr) || k < 0 || p.isCol(p.next(i)) {
		return false
	}
	prev := p.f.filters[k]
	if prev.kind != fYear || prev.op != "=" || prev.at != p.prev(c) {
		return false
	}
	p.used[i] = true
	p.f.filters = append(p.f.filters, filterSpec{at: i, kind: fYear, col: prev.col, op: "=", lit: y, text: p.ms[i].text})
	return true
}

// topMeasure reads a numeric column named right after the count of "top
// N" as what ranks the rows ("the trips with the top 3 durations", "the
// students with the top 5 GPAs"), highest first, and reports whether it
// did.
func (p *parser) topMeasure(n int) bool {
	c := p.next(n)
	if c != n+1 || !p.numericCol(c) || p.used[c] || !p.ms[c].plural && !p.singularMeasure(c) {
		return false
	}
	p.f.measure, p.f.needKey = c, false
	p.used[c] = true
	return true
}

// singularMeasure reports whether the column mention c, written in the
// singular, ends the phrase: "the top 3 prominence" names a measure, where
// "the top 3 price ranges" would name something else.
func (p *parser) singularMeasure(c int) bool {
	x := c + 1
	return x >= len(p.ms) || p.ms[x].kind == mStop || p.ms[x].kind == mKeyword
}
