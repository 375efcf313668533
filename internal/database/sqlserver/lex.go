package sqlserver

import (
	"fmt"
	"strings"

	"querent/internal/database"
)

// tokenKind classifies a token of T-SQL.
type tokenKind uint8

const (
	tokWord   tokenKind = iota // unquoted identifier or keyword
	tokQuoted                  // [name] or "name"
	tokString                  // 'text' or N'text'
	tokNumber                  // 12, 1.5, 1e3, 0x1F, $12.50
	tokVar                     // @name: a parameter (or a variable)
	tokSysVar                  // @@name: a system function
	tokOp                      // punctuation and operators
)

// token is one lexical unit of T-SQL code; comments and whitespace produce
// none.
type token struct {
	kind       tokenKind
	start, end int // byte offsets: src[start:end]
	// text is what the checks compare: words, variables and operators
	// upper-cased, quoted names unescaped, empty for strings and numbers.
	text string
}

// lex splits T-SQL the way SQL Server does, and refuses what it cannot be
// sure SQL Server reads the same way. It is the source of truth for every
// check in this package, so it follows T-SQL and not the common ground of
// several dialects (as internal/guard must): ']]' inside brackets is an
// escaped bracket, block comments nest, a number ends where its digits end
// ("1SELECT" is a number and a keyword), and '@', '#' and '$' continue
// identifiers. What is refused here has no use in a read-only query and
// could hide code from the checks: characters outside ASCII in code (SQL
// Server reads some as spaces or letters), control characters, ODBC escape
// sequences, labels and '::', temporary objects, '$' pseudo-columns, and
// numbers glued to letters.
func lex(src string) ([]token, error) {
	// Most SQL has a token every five or six bytes; sizing the slice once
	// saves the copies of growing it.
	toks := make([]token, 0, len(src)/5+8)
	emit := func(kind tokenKind, start, end int, text string) {
		toks = append(toks, token{kind: kind, start: start, end: end, text: text})
	}
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += i
			}
			if err := checkLineComment(src[i:end], i); err != nil {
				return nil, err
			}
			i = end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end, err := blockCommentEnd(src, i)
			if err != nil {
				return nil, err
			}
			i = end
		case c == '\'':
			end, err := quotedEnd(src, i, '\'')
			if err != nil {
				return nil, err
			}
			emit(tokString, i, end, "")
			i = end
		case (c == 'N' || c == 'n') && i+1 < len(src) && src[i+1] == '\'':
			end, err := quotedEnd(src, i+1, '\'')
			if err != nil {
				return nil, err
			}
			emit(tokString, i, end, "")
			i = end
		case c == '"':
			end, err := quotedEnd(src, i, '"')
			if err != nil {
				return nil, err
			}
			name := strings.ReplaceAll(src[i+1:end-1], `""`, `"`)
			if name == "" {
				return nil, syntaxError("an empty quoted name \"\" at byte %d: give the name between the quotes", i)
			}
			emit(tokQuoted, i, end, name)
			i = end
		case c == '[':
			end, err := quotedEnd(src, i, ']')
			if err != nil {
				return nil, err
			}
			name := strings.ReplaceAll(src[i+1:end-1], "]]", "]")
			if name == "" {
				return nil, syntaxError("an empty bracketed name [] at byte %d: give the name between the brackets", i)
			}
			emit(tokQuoted, i, end, name)
			i = end
		case c == '@':
			j := i + 1
			kind := tokVar
			if j < len(src) && src[j] == '@' {
				kind = tokSysVar
				j++
			}
			if j >= len(src) || !isIdentStart(src[j]) {
				return nil, forbidden("'@' at byte %d is not followed by a parameter name: write parameters as @p1, @p2, …", i)
			}
			j = identEnd(src, j)
			emit(kind, i, j, strings.ToUpper(src[i:j]))
			i = j
		case c == '#':
			return nil, forbidden("a temporary object (#name or ##name) at byte %d: querent reads only the database's own tables and views, never temporary tables or procedures", i)
		case isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
			end, err := numberEnd(src, i)
			if err != nil {
				return nil, err
			}
			emit(tokNumber, i, end, "")
			i = end
		case c == '$':
			// A currency symbol before a number is a money literal; '$'
			// before a name is a pseudo-column ($action, $PARTITION, …).
			if i+1 < len(src) && (isDigit(src[i+1]) || src[i+1] == '.' && i+2 < len(src) && isDigit(src[i+2])) {
				end, err := numberEnd(src, i+1)
				if err != nil {
					return nil, err
				}
				emit(tokNumber, i, end, "")
				i = end
				continue
			}
			return nil, forbidden("'$' at byte %d is not followed by a number: $-prefixed pseudo-columns and functions ($PARTITION, $action, …) are not allowed", i)
		case isIdentStart(c):
			j := identEnd(src, i)
			emit(tokWord, i, j, strings.ToUpper(src[i:j]))
			i = j
		case c >= 0x80:
			return nil, forbidden("a non-ASCII character at byte %d outside a string or a [bracketed] name: SQL Server may read it as a space or a letter; put names in brackets and text in quotes", i)
		case c < 0x20 || c == 0x7f:
			return nil, forbidden("a control character (0x%02X) at byte %d outside a string: use spaces, tabs and newlines only", c, i)
		default:
			op, err := operator(src, i)
			if err != nil {
				return nil, err
			}
			emit(tokOp, i, i+len(op), op)
			i += len(op)
		}
	}
	return toks, nil
}

// checkLineComment refuses a line comment holding a character that some
// reader might take for the end of the line: a carriage return or another
// control character, or a Unicode line or paragraph separator. Whatever
// follows such a character would be a comment to the guard and perhaps
// code to the server.
func checkLineComment(body string, start int) error {
	for k := 0; k < len(body); k++ {
		if c := body[k]; (c < 0x20 && c != '\t' && !(c == '\r' && k == len(body)-1)) || c == 0x7f {
			return forbidden("a line comment at byte %d contains a control character (0x%02X) before its newline: readers disagree on where such a comment ends; use plain newlines", start, c)
		}
	}
	for _, sep := range []string{"\u0085", "\u2028", "\u2029"} {
		if strings.Contains(body, sep) {
			return forbidden("a line comment at byte %d contains a Unicode line separator: readers disagree on where such a comment ends; use plain newlines", start)
		}
	}
	return nil
}

// operator returns the operator or punctuation at src[i].
func operator(src string, i int) (string, error) {
	two := ""
	if i+1 < len(src) {
		two = src[i : i+2]
	}
	switch two {
	case "<>", "!=", "<=", ">=", "!<", "!>":
		return two, nil
	case "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=":
		return "", forbidden("the compound assignment %s at byte %d assigns to a variable or column; a read-only query never needs it", two, i)
	case "::":
		return "", forbidden("'::' at byte %d calls a static method of a CLR type or names a securable class; neither is allowed", i)
	}
	c := src[i]
	switch c {
	case '(', ')', ',', '.', '=', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '~', ';':
		return string(c), nil
	case ':':
		return "", forbidden("':' at byte %d would make a label (a GOTO target); a single SELECT has no use for it", i)
	case '{', '}':
		return "", forbidden("'%c' at byte %d starts or ends an ODBC escape sequence ({fn …}, {call …}, {d '…'}); write plain T-SQL instead", c, i)
	case '?':
		return "", forbidden("'?' at byte %d is not a SQL Server parameter: write parameters as @p1, @p2, …", i)
	case '`':
		return "", forbidden("a backtick at byte %d: SQL Server quotes names with [brackets], not backticks", i)
	case '!':
		return "", forbidden("'!' at byte %d is only an operator as !=, !< or !>", i)
	}
	return "", forbidden("the character %q at byte %d has no meaning in a T-SQL query", c, i)
}

// blockCommentEnd returns the offset just past the block comment opened at
// start. T-SQL nests block comments: /* a /* b */ c */ is one comment.
func blockCommentEnd(src string, start int) (int, error) {
	depth := 0
	for j := start; j+1 < len(src); j++ {
		switch {
		case src[j] == '/' && src[j+1] == '*':
			depth++
			j++
		case src[j] == '*' && src[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1, nil
			}
		}
	}
	return 0, syntaxError("unterminated /* comment starting at byte %d: close it with */ (T-SQL nests comments, so every /* inside needs its own */)", start)
}

// quotedEnd returns the offset just past the literal or name opened at
// start and closed by q; a doubled q inside is an escaped one. T-SQL has no
// backslash escapes.
func quotedEnd(src string, start int, q byte) (int, error) {
	for j := start + 1; j < len(src); j++ {
		if src[j] == q {
			if j+1 < len(src) && src[j+1] == q {
				j++
				continue
			}
			return j + 1, nil
		}
	}
	switch q {
	case '\'':
		return 0, syntaxError("unterminated string starting at byte %d: close it with ' (write a quote inside it as '')", start)
	case ']':
		return 0, syntaxError("unterminated [name] starting at byte %d: close it with ] (write ] inside it as ]])", start)
	}
	return 0, syntaxError("unterminated quoted name starting at byte %d: close it with \" (write \" inside it as \"\")", start)
}

// numberEnd returns the end of the number at start: 0x hex digits, or
// digits with an optional fraction and exponent. A letter, '_', '@', '#',
// '$' or '.' right after it is refused: SQL Server reads "1e" or "1d" in
// ways that depend on the context (a float, or 1 with an alias), and
// "1SELECT" as a number followed by a keyword.
func numberEnd(src string, start int) (int, error) {
	j := start
	if src[j] == '0' && j+1 < len(src) && (src[j+1] == 'x' || src[j+1] == 'X') {
		j += 2
		for j < len(src) && isHex(src[j]) {
			j++
		}
	} else {
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		if j < len(src) && src[j] == '.' {
			j++
			for j < len(src) && isDigit(src[j]) {
				j++
			}
		}
		if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
			k := j + 1
			if k < len(src) && (src[k] == '+' || src[k] == '-') {
				k++
			}
			if k < len(src) && isDigit(src[k]) {
				for k < len(src) && isDigit(src[k]) {
					k++
				}
				j = k
			}
		}
	}
	if j < len(src) && (isIdentPart(src[j]) || src[j] == '.') {
		return 0, forbidden("the number at byte %d runs into %q: put a space after a number (SQL Server would read the letters as an alias or a new keyword)", start, src[j])
	}
	return j, nil
}

// identEnd returns the end of the identifier starting at start.
func identEnd(src string, start int) int {
	j := start
	for j < len(src) && isIdentPart(src[j]) {
		j++
	}
	return j
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isHex(c byte) bool    { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

// isIdentStart reports whether c starts an unquoted identifier. '@' and '#'
// also do in T-SQL, but they are lexed as variables and temporary objects.
func isIdentStart(c byte) bool { return isLetter(c) || c == '_' }

// isIdentPart reports whether c continues an unquoted T-SQL identifier.
func isIdentPart(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '@' || c == '#' || c == '$'
}

func forbidden(format string, args ...any) error {
	return database.Forbidden(format, args...)
}

func syntaxError(format string, args ...any) error {
	return &database.Error{Code: database.CodeSyntax, Message: fmt.Sprintf(format, args...)}
}
