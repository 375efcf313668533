package offline

import "strings"

// Text patterns: "names that contain the word 'court'", "whose name
// includes the letter a", "titles starting with 'The'", "have the
// substring 'Ha' in their names". Each is a LIKE condition on the text
// column the question names next to it.

// Where a pattern's text sits in the value (keyword.op of kwLike).
const (
	likeContains = "contains"
	likeStarts   = "starts"
	likeEnds     = "ends"
)

// likeWordPhrases are the kwLike phrases that name the literal's kind
// ("the word", "the letter"): after them a function word is the literal
// itself ("the letter a", "the word you").
func likeNamesLiteral(m mention) bool {
	w := lower(m.text)
	for _, s := range []string{"word", "letter", "substring", "phrase", "string"} {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// settleLikes runs before anything else reads the mentions. A run of
// pattern words ("starts with the letter") becomes one pattern keyword, the
// most specific of them; a pattern word with no literal right after it is
// an ordinary word again ("courses that include a lab" names no text), so
// that it cannot change how the rest of the question reads.
func settleLikes(ms []mention) {
	for i := range ms {
		if ms[i].kind != mKeyword || ms[i].kw.kind != kwLike {
			continue
		}
		n := nextContent(ms, i)
		if n >= 0 && ms[n].kind == mKeyword && ms[n].kw.kind == kwLike && !likeNamesLiteral(ms[i]) {
			if ms[i].kw.op != likeContains {
				ms[n].kw.op = ms[i].kw.op
			}
			ms[i].kind, ms[i].kw = mStop, keyword{}
			continue
		}
		if v := likeLiteral(ms, i); v < 0 || likeFrom(ms[i]) && ms[v].kind != mQuoted {
			ms[i].kind, ms[i].kw = mStop, keyword{}
		}
	}
}

// likeLiteral returns the mention holding the text of the pattern keyword
// at i, or -1: quoted text, a value or a number right after it, or, after
// "the word" or "the letter", the next word whatever it is.
func likeLiteral(ms []mention, i int) int {
	j := i + 1
	if j >= len(ms) {
		return -1
	}
	switch ms[j].kind {
	case mQuoted, mValue, mNumber:
		return j
	case mStop:
		if likeNamesLiteral(ms[i]) && ms[j].to-ms[j].from == 1 && !strings.ContainsAny(ms[j].text, " ") {
			return j
		}
	}
	return -1
}

// likes reads each pattern into a condition on the text column named with
// it: after the text ("in their names"), else before the pattern ("whose
// name contains", "building names that contain"). A column named before
// the pattern is also what the question shows ("stadium names that contain
// 'Bank'") unless it follows "whose" or the question lists its columns
// after the pattern.
func (p *parser) likes() *refusal {
	for k := range p.ms {
		if !p.is(k, kwLike) || p.used[k] {
			continue
		}
		v := likeLiteral(p.ms, k)
		if v < 0 {
			continue
		}
		text := p.ms[v].text
		if text == "" || strings.ContainsAny(text, "%_") {
			return refuseUnsupported("text patterns holding %% or _ (%q)", text)
		}
		pattern := "%" + text + "%"
		switch p.ms[k].kw.op {
		case likeStarts:
			pattern = text + "%"
		case likeEnds:
			pattern = "%" + text
		}
		col, shared := p.likeColumn(k, v)
		if col < 0 {
			col, shared = p.likeDetails(k) // whichcol.go
		}
		if col < 0 {
			col, shared = p.likeOwnColumn(k), false
		}
		if col < 0 {
			return refuseUnresolved("I could not tell which column should %s %q: name it (for example: names that contain the word 'x').", lower(p.ms[k].text), text)
		}
		p.used[k], p.used[v] = true, true
		if !shared {
			p.used[col] = true
		}
		p.f.filters = append(p.f.filters, filterSpec{at: v, kind: fLit, col: col, op: "like", lit: pattern,
			text: p.ms[col].text + " " + p.ms[k].text + " " + text})
	}
	return nil
}

// likeColumn finds the column mention a pattern at k with its text at v
// applies to, and whether that mention is also shown; -1 when none.
func (p *parser) likeColumn(k, v int) (col int, shared bool) {
	// "have the substring 'Ha' in their names"
	if n := p.next(v); p.isCol(n) && !p.used[n] && p.onlyWords(v, n, "in", "their", "its", "the", "his", "her", "of") && n > v+1 {
		if b := p.prev(k); genericName(p.ms[n]) && p.isCol(b) && !p.used[b] {
			// "catalog publishers that have 'Murray' in their names":
			// the publishers' own text.
			p.used[n] = true
			return b, true
		}
		return n, false
	}
	// "whose name includes", "names that contain", "tracks that contain"
	// (the column shown of the table named just before the pattern)
	c := p.prev(k)
	if p.isTable(c) {
		c = p.prev(c)
		if o, ok := p.f.owner[c]; !p.isCol(c) || !ok || o != p.next(c) {
			return -1, false
		}
	}
	if !p.isCol(c) || p.used[c] {
		return -1, false
	}
	if b := c - 1; b >= 0 && p.ms[b].kind == mStop && lower(p.ms[b].text) == "whose" {
		if o := p.prev(b); genericName(p.ms[c]) && p.isCol(o) && !p.used[o] {
			// "catalog publishers whose name contains": the publisher.
			p.used[c] = true
			return o, true
		}
		return c, false
	}
	if p.possessedCol(c) {
		return c, false // nameonly.go
	}
	for j := v + 1; j < len(p.ms); j++ {
		if p.isCol(j) {
			return c, false // the columns to show are listed after
		}
	}
	if p.colsListedBefore(c) {
		return c, false // or before: "the state and country of … with post code starting with 4"
	}
	return c, true
}

// onlyWords reports whether every mention strictly between a and b is one
// of the given stop words.
func (p *parser) onlyWords(a, b int, words ...string) bool {
	for j := a + 1; j < b; j++ {
		m := p.ms[j]
		if m.kind != mStop {
			return false
		}
		ok := false
		for _, w := range words {
			ok = ok || lower(m.text) == w
		}
		if !ok {
			return false
		}
	}
	return true
}

// genericName reports whether a mention is the bare word "name".
func genericName(m mention) bool {
	w := lower(m.text)
	return w == "name" || w == "names"
}
