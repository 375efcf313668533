package guard

import (
	"fmt"
	"strings"

	"querent/internal/database"
)

// tokenKind classifies a token of raw SQL. The lexer only needs to know what
// is code (words, punctuation, semicolons) and what is not (literals, quoted
// identifiers and comments), because every check in this package is about
// statement boundaries and keywords outside literals.
type tokenKind int

const (
	tokWord      tokenKind = iota // unquoted identifier or keyword
	tokQuotedID                   // "..", `..` or [..]
	tokString                     // '..'
	tokNumber                     // 12, 1.5e3, 0x1F
	tokParam                      // ?, ?1, $1, :name, @name, $name
	tokSemicolon                  // ;
	tokPunct                      // any other single character of code
)

// token is one lexical unit of code; comments and whitespace produce none.
type token struct {
	kind       tokenKind
	start, end int // byte offsets into the source: src[start:end]
}

// lexer splits SQL into tokens the way every supported engine would agree
// on, and refuses input where engines disagree. The danger it guards against
// is a guard that sees a literal or comment where an engine sees code (or the
// reverse), which would let a second statement hide from the guard. Where the
// dialects read the same bytes differently — a backslash before a quote,
// nested block comments, '#' and '--x' line comments, dollar quoting,
// MySQL executable comments — it either takes the reading that exposes more
// code or refuses the statement outright.
type lexer struct {
	src    string
	pos    int
	tokens []token
	// cleanUntil is the end of a line already checked by maybeComment, so
	// a run of '#' on one line is checked once, not once per byte.
	cleanUntil int
}

// lex tokenises src. Errors are *database.Error values: CodeSyntax for
// unterminated literals and comments, CodeForbidden for constructs that
// engines read differently.
func lex(src string) ([]token, error) {
	l := &lexer{src: src, cleanUntil: -1}
	for l.pos < len(src) {
		if err := l.next(); err != nil {
			return nil, err
		}
	}
	return l.tokens, nil
}

func (l *lexer) emit(kind tokenKind, start, end int) {
	l.tokens = append(l.tokens, token{kind: kind, start: start, end: end})
	l.pos = end
}

func (l *lexer) next() error {
	src, i := l.src, l.pos
	c := src[i]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		l.pos++
		return nil
	case c == '-' && strings.HasPrefix(src[i:], "--"):
		// MySQL only treats "--" as a comment when whitespace (or the end)
		// follows; SQLite and PostgreSQL always do. Reading "--x" either way
		// would be a guess, and lexing it as code would change meaning when
		// a statement is cut after it, so it is refused.
		if i+2 == len(src) || isSpace(src[i+2]) {
			return l.lineComment(i)
		}
		return forbidden("'--' not followed by a space at byte %d: SQLite and PostgreSQL read it as a comment and MySQL as two minus signs; put a space after '--' (or between the minus signs)", i)
	case c == '#':
		// '#' starts a comment in MySQL only; elsewhere it is an operator.
		return l.maybeComment(i, "#")
	case c == '/' && strings.HasPrefix(src[i:], "/*"):
		return l.blockComment(i)
	case c == '\'':
		return l.quoted(i, '\'', tokString)
	case c == '"':
		return l.quoted(i, '"', tokQuotedID)
	case c == '`':
		return l.backtick(i)
	case c == '[':
		return l.bracket(i)
	case c == ';':
		l.emit(tokSemicolon, i, i+1)
		return nil
	case c == '$':
		return l.dollar(i)
	case c == '?':
		j := i + 1
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		l.emit(tokParam, i, j)
		return nil
	case (c == ':' || c == '@') && i+1 < len(src) && isIdentStart(src[i+1]):
		// ":name" and "@name" are parameters (or MySQL variables); "::" casts
		// and a lone ':' stay punctuation.
		if c == ':' && i > 0 && src[i-1] == ':' {
			l.emit(tokPunct, i, i+1)
			return nil
		}
		j := i + 1
		for j < len(src) && isIdentPart(src[j]) {
			j++
		}
		l.emit(tokParam, i, j)
		return nil
	case isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
		l.emit(tokNumber, i, l.numberEnd(i))
		return nil
	case isIdentStart(c):
		j := i + 1
		for j < len(src) && isIdentPart(src[j]) {
			j++
		}
		l.emit(tokWord, i, j)
		return nil
	}
	l.emit(tokPunct, i, i+1)
	return nil
}

// lineComment skips a comment that every engine agrees ends at the newline.
// PostgreSQL also ends it at a lone carriage return and SQLite does not, so a
// lone '\r' inside would make the engines disagree on where code resumes.
func (l *lexer) lineComment(start int) error {
	end := strings.IndexByte(l.src[start:], '\n')
	if end < 0 {
		end = len(l.src)
	} else {
		end += start
	}
	body := l.src[start:end]
	for k := 0; k < len(body); k++ {
		if body[k] == '\r' && k+1 < len(body) {
			return forbidden("a line comment at byte %d contains a carriage return that is not followed by a newline: engines disagree on where such a comment ends; use plain newlines", start)
		}
	}
	l.pos = end
	return nil
}

// maybeComment handles a marker that one dialect reads as a line comment
// and another as code ('#', a comment only in MySQL). The rest of the
// line is lexed as code — the reading that exposes more to the checks — but
// only when it holds nothing that could change where literals, comments or
// statements start or end; otherwise the statement is ambiguous and refused.
func (l *lexer) maybeComment(start int, marker string) error {
	if start >= l.cleanUntil {
		eol := start
		for eol < len(l.src) && l.src[eol] != '\n' && l.src[eol] != '\r' {
			eol++
		}
		tail := l.src[start+len(marker) : eol]
		if strings.ContainsAny(tail, "'\"`[;$\\") || strings.Contains(tail, "/*") || strings.Contains(tail, "*/") {
			return forbidden("'%s' at byte %d is followed on the same line by quotes, brackets or ';': MySQL reads '%s' as a comment start and other engines as an operator, so they would disagree on what is code; move the rest of the line to a new line", marker, start, marker)
		}
		l.cleanUntil = eol
	}
	l.emit(tokPunct, start, start+1)
	return nil
}

// blockComment skips /* ... */. MySQL runs the content of /*! ... */ (and
// MariaDB of /*M! ... */) as SQL, so those are refused; optimizer hints
// /*+ ... */ are plain comments to every engine that reads them. PostgreSQL
// and SQL Server nest block comments and SQLite and MySQL do not, so a "/*"
// inside a comment is refused rather than guessed at.
func (l *lexer) blockComment(start int) error {
	body := l.src[start+2:]
	if strings.HasPrefix(body, "!") {
		return forbidden("an executable comment /*! … */ was found at byte %d: MySQL runs its content as SQL", start)
	}
	if len(body) >= 2 && (body[0] == 'M' || body[0] == 'm') && body[1] == '!' {
		return forbidden("an executable comment /*M! … */ was found at byte %d: MariaDB runs its content as SQL", start)
	}
	end := strings.Index(body, "*/")
	if end < 0 {
		return syntaxError("unterminated /* comment starting at byte %d: close it with */", start)
	}
	if nested := strings.Index(body[:end], "/*"); nested >= 0 {
		return forbidden("a block comment at byte %d contains another /*: PostgreSQL and SQL Server nest comments and SQLite and MySQL do not, so engines would disagree on where it ends", start)
	}
	l.pos = start + 2 + end + 2
	return nil
}

// quoted lexes '...' or "..." with the doubled-quote escape. MySQL (and
// PostgreSQL E'...' strings) also accept backslash escapes, so when a
// backslash appears the literal is scanned both ways and refused if the two
// readings end in different places.
func (l *lexer) quoted(start int, q byte, kind tokenKind) error {
	end, hasBackslash := scanQuoted(l.src, start, q, false)
	if end < 0 {
		return syntaxError("unterminated %s starting at byte %d: close it with %c (double a %c inside it to escape it)", literalName(q), start, q, q)
	}
	if hasBackslash {
		if alt, _ := scanQuoted(l.src, start, q, true); alt != end {
			return forbidden("a %s starting at byte %d contains a backslash before a quote: MySQL reads \\%c as an escaped quote and other engines do not, so they would disagree on where it ends; escape a quote by doubling it (%c%c)", literalName(q), start, q, q, q)
		}
	}
	l.emit(kind, start, end)
	return nil
}

func literalName(q byte) string {
	if q == '\'' {
		return "string literal"
	}
	return "quoted identifier"
}

// scanQuoted returns the end offset (just past the closing quote) of the
// literal opened at start, or -1 when it is unterminated, and whether it
// contains a backslash. With backslashEscapes, a backslash escapes the next
// byte as in MySQL.
func scanQuoted(src string, start int, q byte, backslashEscapes bool) (int, bool) {
	hasBackslash := false
	for j := start + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			hasBackslash = true
			if backslashEscapes {
				j++
			}
		case q:
			if j+1 < len(src) && src[j+1] == q {
				j++
				continue
			}
			return j + 1, hasBackslash
		}
	}
	return -1, hasBackslash
}

// backtick lexes a MySQL/SQLite `identifier` (doubled backtick escapes).
func (l *lexer) backtick(start int) error {
	for j := start + 1; j < len(l.src); j++ {
		if l.src[j] == '`' {
			if j+1 < len(l.src) && l.src[j+1] == '`' {
				j++
				continue
			}
			l.emit(tokQuotedID, start, j+1)
			return nil
		}
	}
	return syntaxError("unterminated `quoted identifier` starting at byte %d: close it with `", start)
}

// bracket lexes a SQLite/SQL Server [identifier]. In PostgreSQL and DuckDB
// brackets are array subscripts, so a bracket holding quotes or ';' could be
// code to one engine and a name to another; such brackets are refused.
func (l *lexer) bracket(start int) error {
	end := strings.IndexByte(l.src[start:], ']')
	if end < 0 {
		return syntaxError("unterminated [quoted identifier] starting at byte %d: close it with ]", start)
	}
	end += start
	if end+1 < len(l.src) && l.src[end+1] == ']' {
		// SQL Server reads "]]" as an escaped bracket inside the name, so
		// [a]]'] is one identifier there but a name and a string here: the
		// two readings would disagree about where the statement ends.
		return forbidden("the bracketed name at byte %d contains an escaped ]]: rename with double quotes instead", start)
	}
	if strings.ContainsAny(l.src[start+1:end], "'\"`;[") || strings.Contains(l.src[start+1:end], "--") || strings.Contains(l.src[start+1:end], "/*") {
		return forbidden("the brackets at byte %d hold quotes, comments or ';': engines disagree on whether [ ] quotes a name or indexes an array; rename with double quotes instead", start)
	}
	l.emit(tokQuotedID, start, end+1)
	return nil
}

// dollar lexes "$1" and "$name" parameters and refuses PostgreSQL dollar
// quoting ($$...$$, $tag$...$tag$), which no other engine reads as a string.
func (l *lexer) dollar(start int) error {
	j := start + 1
	if j < len(l.src) && isDigit(l.src[j]) {
		for j < len(l.src) && isDigit(l.src[j]) {
			j++
		}
		l.emit(tokParam, start, j)
		return nil
	}
	for j < len(l.src) && isIdentPart(l.src[j]) && l.src[j] != '$' {
		j++
	}
	if j < len(l.src) && l.src[j] == '$' {
		return forbidden("a dollar-quoted string ($$ or $tag$) was found at byte %d: only PostgreSQL reads it as a string; write the value as an ordinary '...' literal", start)
	}
	l.emit(tokParam, start, j)
	return nil
}

// numberEnd returns the end of the numeric literal at start: digits, a
// decimal point, an exponent with its sign, hex digits and underscores.
func (l *lexer) numberEnd(start int) int {
	j := start
	for j < len(l.src) {
		c := l.src[j]
		switch {
		case isDigit(c) || c == '.' || c == '_' || isLetter(c):
			if (c == 'e' || c == 'E') && j+1 < len(l.src) && (l.src[j+1] == '+' || l.src[j+1] == '-') &&
				!strings.HasPrefix(strings.ToLower(l.src[start:j]), "0x") {
				j += 2
				continue
			}
			j++
		default:
			return j
		}
	}
	return j
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// isIdentStart reports whether c can start an unquoted identifier. Bytes of
// multi-byte UTF-8 sequences count as letters, as they do in every engine.
func isIdentStart(c byte) bool { return isLetter(c) || c == '_' || c >= 0x80 }

// isIdentPart reports whether c can continue an unquoted identifier; '$' is
// allowed after the first character by PostgreSQL and MySQL.
func isIdentPart(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }

func forbidden(format string, args ...any) error {
	return database.Forbidden(format, args...)
}

func syntaxError(format string, args ...any) error {
	return &database.Error{Code: database.CodeSyntax, Message: fmt.Sprintf(format, args...)}
}
