package offline

import (
	"strings"
	"unicode"
)

// Two sentences read as one: "Which customers do not have any policies?
// Find the details of these customers." asks for the details of the
// customers that have no policy. The first sentence picks rows, the second
// says what to show of them; the tokenizer drops the question mark, so
// read as they stand the two run together into nothing this planner
// parses. They are joined into the one question they mean: "find the
// details of customers that do not have any policies".

// showVerbs open a sentence that says what to show of rows picked before.
var showVerbs = map[string]bool{
	"give": true, "tell": true, "find": true, "list": true, "show": true,
	"return": true, "display": true,
}

// backRefs are the determiners by which the second sentence refers to the
// rows the first picked ("these customers", "those products").
var backRefs = map[string]bool{"these": true, "those": true, "the": true, "this": true, "that": true}

// sentences joins "Which X <predicate>? <Show> the C [of these X]." into
// the tokens of "<Show> the C of X that <predicate>"; ok is false for any
// other question.
func (p *Planner) sentences(question string) ([]token, bool) {
	first, second, ok := splitQuestion(question)
	if !ok {
		return nil, false
	}
	return p.joinSentences(tokenize(first), tokenize(second))
}

// splitQuestion splits "S1? S2" where S2 opens with a show verb and asks
// nothing more (at most a closing question mark); ok is false for any
// other question.
func splitQuestion(q string) (first, second string, ok bool) {
	i := strings.IndexByte(q, '?')
	if i < 0 || strings.Count(q, "?") > 2 {
		return "", "", false
	}
	first, second = q[:i], strings.TrimSpace(q[i+1:])
	second = strings.TrimRight(second, "?. ")
	if second == "" || strings.ContainsAny(second, "?") {
		return "", "", false
	}
	w := strings.FieldsFunc(second, func(r rune) bool { return !unicode.IsLetter(r) })
	if len(w) < 2 || !showVerbs[strings.ToLower(w[0])] {
		return "", "", false
	}
	return first, second, true
}

// joinSentences joins the tokens of "Which X <predicate>" and "<Show> [me]
// the C [of these X | of them]" (or "their C") into "<Show> [me] the C of
// X that <predicate>". X must be a table named right after "which" (or
// "what"), and a back reference, when there is one, must name X again.
func (p *Planner) joinSentences(s1, s2 []token) ([]token, bool) {
	if len(s1) < 3 || (s1[0].text != "which" && s1[0].text != "what") {
		return nil, false
	}
	ms := p.lx.link(s1)
	if len(ms) < 2 || ms[1].from != 1 || ms[1].kind != mName || len(ms[1].tables) == 0 || ms[1].to >= len(s1) {
		return nil, false
	}
	x, pred := s1[1:ms[1].to], s1[ms[1].to:]
	if noPredicate(pred) {
		return nil, false
	}
	body := s2
	// "of these customers", "of them": the rows of the first sentence.
	for k := 1; k < len(body); k++ {
		if body[k].text != "of" {
			continue
		}
		rest := body[k+1:]
		if len(rest) == 1 && rest[0].text == "them" {
			body = body[:k]
			break
		}
		if len(rest) > 1 && backRefs[rest[0].text] && sameStems(rest[1:], x) {
			body = body[:k]
			break
		}
	}
	var out []token
	for k := 0; k < len(body); k++ {
		t := body[k]
		switch {
		case t.text == "their" || t.text == "its":
			t = wordToken("the")
		case t.text == "his" && k+2 < len(body) && body[k+1].text == "or" && body[k+2].text == "her":
			t = wordToken("the")
			k += 2
		case t.kind == tokWord && (t.text == "them" || t.text == "these" || t.text == "those" || t.text == "it"):
			return nil, false // a back reference this reading does not place
		}
		out = append(out, t)
	}
	if len(out) < 2 {
		return nil, false
	}
	out = append(out, wordToken("of"))
	out = append(out, x...)
	out = append(out, wordToken("that"))
	return append(out, pred...), true
}

// noPredicate reports whether what follows X in "Which X …" is empty or
// opens with no word (a number, a quote, a symbol): not a clause that
// picks rows of X, so "X that …" would not say what the question said.
func noPredicate(pred []token) bool {
	return len(pred) == 0 || pred[0].kind != tokWord
}

// sameStems reports whether two token runs are the same words, up to
// inflection ("customer", "customers").
func sameStems(a, b []token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].stem != b[i].stem {
			return false
		}
	}
	return true
}
