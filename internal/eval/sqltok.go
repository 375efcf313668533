package eval

import (
	"strings"
)

// The scorer needs to know two things about gold SQL: whether it has a
// top-level ORDER BY, and how many of Spider's components it has. Neither
// needs a parser, only tokens that never mistake the inside of a literal,
// a quoted name or a comment for code, plus parenthesis depth.

type tokKind int

const (
	tkWord   tokKind = iota // keyword or bare identifier
	tkQuoted                // "..", `..`, [..]
	tkString                // '..'
	tkNumber
	tkPunct // one character of code, or a run of operator characters
)

type tok struct {
	kind tokKind
	// up is the upper-cased text of words and the text of punctuation; it is
	// empty for literals and quoted names, which are never keywords.
	up string
}

// lexSQL splits SQL into tokens. It never fails: an unterminated literal
// runs to the end of the input, which only makes the counts conservative.
func lexSQL(src string) []tok {
	var toks []tok
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				i = len(src)
			} else {
				i += end + 4
			}
		case c == '\'':
			i = skipQuoted(src, i, '\'')
			toks = append(toks, tok{kind: tkString})
		case c == '"' || c == '`':
			i = skipQuoted(src, i, c)
			toks = append(toks, tok{kind: tkQuoted})
		case c == '[':
			end := strings.IndexByte(src[i:], ']')
			if end < 0 {
				i = len(src)
			} else {
				i += end + 1
			}
			toks = append(toks, tok{kind: tkQuoted})
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			j := i + 1
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, tok{kind: tkNumber, up: src[i:j]})
			i = j
		case isWordByte(c):
			j := i + 1
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			toks = append(toks, tok{kind: tkWord, up: strings.ToUpper(src[i:j])})
			i = j
		case c == '(' || c == ')' || c == ',' || c == ';' || c == '.':
			toks = append(toks, tok{kind: tkPunct, up: string(c)})
			i++
		default:
			j := i + 1
			// Two-character comparison and concatenation operators.
			if j < len(src) && strings.IndexByte("<>=!|", c) >= 0 && strings.IndexByte("<>=|", src[j]) >= 0 {
				j++
			}
			toks = append(toks, tok{kind: tkPunct, up: src[i:j]})
			i = j
		}
	}
	return toks
}

// skipQuoted returns the index just past the literal opened by q at i; a
// doubled quote inside it is an escaped quote.
func skipQuoted(src string, i int, q byte) int {
	for j := i + 1; j < len(src); j++ {
		if src[j] == q {
			if j+1 < len(src) && src[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(src)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// stmt is a tokenised statement with its parenthesis structure.
type stmt struct {
	toks []tok
	// close[i] is the index of the parenthesis closing toks[i] when toks[i]
	// is "(" (len(toks) when unbalanced).
	close []int
	// depth[i] is the number of parentheses open before toks[i].
	depth []int
}

func newStmt(sql string) *stmt {
	toks := lexSQL(sql)
	// One statement: a trailing semicolon (and anything after it) is not
	// part of the query.
	for i, t := range toks {
		if t.is(";") {
			toks = toks[:i]
			break
		}
	}
	s := &stmt{toks: toks, close: make([]int, len(toks)), depth: make([]int, len(toks))}
	var open []int
	for i, t := range toks {
		s.depth[i] = len(open)
		switch {
		case t.is("("):
			open = append(open, i)
			s.close[i] = len(toks)
		case t.is(")") && len(open) > 0:
			s.close[open[len(open)-1]] = i
			open = open[:len(open)-1]
		}
	}
	return s
}

func (t tok) is(up string) bool { return t.kind != tkString && t.kind != tkQuoted && t.up == up }

// word reports whether toks[i] is the keyword kw.
func (s *stmt) word(i int, kw string) bool {
	return i >= 0 && i < len(s.toks) && s.toks[i].kind == tkWord && s.toks[i].up == kw
}

// subquery reports whether toks[i] opens a parenthesised query.
func (s *stmt) subquery(i int) bool {
	return s.toks[i].is("(") && (s.word(i+1, "SELECT") || s.word(i+1, "WITH") || s.word(i+1, "VALUES"))
}

// aggregates are the functions Spider counts as aggregation.
var aggregates = map[string]bool{"MAX": true, "MIN": true, "COUNT": true, "SUM": true, "AVG": true}

// aggCall reports whether toks[i] starts an aggregate call.
func (s *stmt) aggCall(i int) bool {
	return i+1 < len(s.toks) && s.toks[i].kind == tkWord && aggregates[s.toks[i].up] && s.toks[i+1].is("(")
}

// span is the half-open token range [from, to) of one clause.
type span struct{ from, to int }

func (sp span) empty() bool { return sp.to <= sp.from }

// walk calls f for each token of sp that is not inside a subquery, and sub
// for each subquery that starts in sp, then skips the subquery's tokens.
func (s *stmt) walk(sp span, f func(i int), sub func(i int)) {
	for i := sp.from; i < sp.to; i++ {
		if s.subquery(i) {
			if sub != nil {
				sub(i)
			}
			i = s.close[i]
			continue
		}
		if f != nil {
			f(i)
		}
	}
}

// selectCore is the clauses of one SELECT, as token spans; an absent clause
// has an empty span. The has fields record the presence of the clauses
// Spider counts, which a span cannot tell when the clause is malformed and
// empty.
type selectCore struct {
	sel, from, where, groupBy, having, orderBy, limit span
	hasWhere, hasGroupBy, hasOrderBy, hasLimit        bool
}

// top locates the statement's main query: past a WITH clause's common
// table expressions, the first SELECT at depth zero, up to the first
// compound operator. setOp reports whether a compound operator follows.
// found is false when the statement has no SELECT at depth zero.
func (s *stmt) top() (core selectCore, setOp, found bool) {
	start := -1
	for i := range s.toks {
		if s.depth[i] == 0 && s.word(i, "SELECT") {
			start = i
			break
		}
	}
	if start < 0 {
		return core, false, false
	}
	end := len(s.toks)
	for i := start; i < len(s.toks); i++ {
		if s.depth[i] == 0 && (s.word(i, "UNION") || s.word(i, "INTERSECT") || s.word(i, "EXCEPT")) {
			end, setOp = i, true
			break
		}
	}
	// Clause keywords at depth zero split the core; each clause runs to the
	// next one.
	type mark struct {
		at, body int
		sp       *span
		has      *bool // nil for clauses whose presence is not counted
	}
	var marks []mark
	for i := start; i < end; i++ {
		if s.depth[i] != 0 || s.toks[i].kind != tkWord {
			continue
		}
		switch s.toks[i].up {
		case "SELECT":
			if i == start {
				marks = append(marks, mark{i, i + 1, &core.sel, nil})
			}
		case "FROM":
			marks = append(marks, mark{i, i + 1, &core.from, nil})
		case "WHERE":
			marks = append(marks, mark{i, i + 1, &core.where, &core.hasWhere})
		case "GROUP":
			if s.word(i+1, "BY") {
				marks = append(marks, mark{i, i + 2, &core.groupBy, &core.hasGroupBy})
			}
		case "HAVING":
			marks = append(marks, mark{i, i + 1, &core.having, nil})
		case "ORDER":
			if s.word(i+1, "BY") {
				marks = append(marks, mark{i, i + 2, &core.orderBy, &core.hasOrderBy})
			}
		case "LIMIT":
			marks = append(marks, mark{i, i + 1, &core.limit, &core.hasLimit})
		}
	}
	for k, m := range marks {
		to := end
		if k+1 < len(marks) {
			to = marks[k+1].at
		}
		*m.sp = span{m.body, to}
		if m.has != nil {
			*m.has = true
		}
	}
	return core, setOp, true
}

// HasTopLevelOrderBy reports whether sql orders its final result: an ORDER
// BY outside every parenthesis (so not one inside a subquery or a window).
// In a compound query the trailing ORDER BY orders the whole result, so it
// counts too.
func HasTopLevelOrderBy(sql string) bool {
	s := newStmt(sql)
	for i := range s.toks {
		if s.depth[i] == 0 && s.word(i, "ORDER") && s.word(i+1, "BY") {
			return true
		}
	}
	return false
}
